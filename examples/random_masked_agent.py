"""A random agent that only plays legal actions, on each gridgames environment.

    pip install "gridgames[gym]"
    python examples/random_masked_agent.py

The mask is in ``info["action_mask"]`` (and ``env.action_masks()``, the
MaskablePPO convention): sample among its True entries.
"""
import gymnasium as gym
import numpy as np

import gridgames.envs

gym.register_envs(gridgames.envs)


def play(env_id: str, episodes: int = 3, seed: int = 0, **kwargs: object) -> None:
    env = gym.make(env_id, **kwargs)
    rng = np.random.default_rng(seed)
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + episode)
        total, steps, done = 0.0, 0, False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(rng.choice(legal))
            total += float(reward)
            steps += 1
            done = terminated or truncated
        print(f"{env_id:26s} episode {episode}: {steps:3d} steps, return {total:8.1f}")
    env.close()


if __name__ == "__main__":
    play("gridgames/SameGame-v0")
    play("gridgames/Gopher-v0")
    play("gridgames/TileMatch-v0")
    play("gridgames/NumberLink-v0", rows=4, cols=4)
    # A picture of a position: an RGB array (height x width x 3), no GUI needed.
    env = gym.make("gridgames/SameGame-v0", render_mode="rgb_array")
    env.reset(seed=1)
    print("rgb_array:", env.render().shape)
    env = gym.make("gridgames/SameGame-v0", render_mode="ansi", rows=5, cols=8)
    env.reset(seed=1)
    print(env.render(), end="")
