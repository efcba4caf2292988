"""Train sb3-contrib's MaskablePPO on a small SameGame (5 x 5, 3 colours)
and on Gopher-v0, then compare its mean score with the random masked
agent's on the same evaluation boards.

    pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu   # the CPU build, first
    pip install "gridgames[rl]"
    python examples/train_maskable_ppo.py [STEPS [BOARDS]]   # 50000 steps per game, 100 boards: minutes

benchmarks/rl_learner.py does the same along the training (the learning
curve of docs/results/rl.md).
"""
import argparse

import gymnasium as gym
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

import gridgames.envs

gym.register_envs(gridgames.envs)


def make(env_id: str, **kwargs: object) -> gym.Env:
    # Monitor records the episode scores; ActionMasker hands MaskablePPO the mask.
    return ActionMasker(Monitor(gym.make(env_id, **kwargs)), lambda env: env.unwrapped.action_masks())


def mean_score(env_id: str, kwargs: dict, choose, episodes: int = 100) -> float:
    env = gym.make(env_id, **kwargs)
    total = 0.0
    for seed in range(10**6, 10**6 + episodes):  # evaluation boards, never trained on
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(choose(obs, info["action_mask"]))
            total += float(reward)
            done = terminated or truncated
    return total / episodes


def train_and_compare(env_id: str, kwargs: dict, steps: int, boards: int) -> None:
    envs = DummyVecEnv([lambda: make(env_id, **kwargs)] * 8)
    model = MaskablePPO("MlpPolicy", envs, n_steps=128, batch_size=256, n_epochs=4, ent_coef=0.01,
                        seed=0, device="cpu")
    model.learn(total_timesteps=steps)
    rng = np.random.default_rng(0)
    random = mean_score(env_id, kwargs, lambda obs, mask: rng.choice(np.flatnonzero(mask)), boards)
    trained = mean_score(env_id, kwargs, lambda obs, mask: int(
        model.predict(obs, action_masks=mask, deterministic=True)[0]), boards)
    print(f"{env_id} {kwargs}: MaskablePPO {trained:.1f}, random masked agent {random:.1f} "
          f"(mean scores, {boards} boards, after {model.num_timesteps} training steps)")


def main(steps: int = 50_000, boards: int = 100) -> None:
    train_and_compare("gridgames/SameGame-v0", {"rows": 5, "cols": 5, "colours": 3}, steps, boards)
    train_and_compare("gridgames/Gopher-v0", {}, steps, boards)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("steps", nargs="?", type=int, default=50_000, help="training steps per game (50000)")
    parser.add_argument("boards", nargs="?", type=int, default=100, help="evaluation boards (100)")
    args = parser.parse_args()
    main(args.steps, args.boards)
