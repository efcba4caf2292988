"""A real learner on our environments: sb3-contrib's MaskablePPO trained on
a small SameGame (5 x 5, 3 colours) and on Gopher-v0 (9 x 9, 10 holes),
its mean score against the random masked agent's on the same evaluation
seeds, measured along the training (the learning curve of docs/results/rl.md).

Needs the [rl] extra (sb3-contrib, torch) and, for --plot, matplotlib.
A few minutes on one core:

    python benchmarks/rl_learner.py [--games SameGame,Gopher] [--steps 100000]
        [--every 10000] [--episodes 200] [--json OUT.json] [--plot OUT.png]
"""
import argparse
import json
import time

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

import gridgames.envs  # noqa: F401  (registers the environments)

GAMES = {
    "SameGame": ("gridgames/SameGame-v0", {"rows": 5, "cols": 5, "colours": 3}),
    "Gopher": ("gridgames/Gopher-v0", {}),
}
EVAL_SEED = 10**6  # evaluation boards: seeds EVAL_SEED.., never trained on (training seeds are 0..)


def masked(env_id, kwargs):
    env = Monitor(gym.make(env_id, **kwargs))
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def play(env_id, kwargs, episodes, choose):
    """Mean and standard error of the score over the evaluation seeds;
    ``choose(obs, mask)`` picks each action."""
    env = gym.make(env_id, **kwargs)
    scores = []
    for k in range(episodes):
        obs, info = env.reset(seed=EVAL_SEED + k)
        total, done = 0.0, False
        while not done:
            obs, reward, end, cut, info = env.step(choose(obs, info["action_mask"]))
            total += reward
            done = end or cut
        scores.append(total)
    return float(np.mean(scores)), float(np.std(scores) / np.sqrt(len(scores)))


def random_agent(seed=0):
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps (deterministic, masked)."""

    def __init__(self, env_id, kwargs, every, episodes):
        super().__init__()
        self.env_id, self.kwargs, self.every, self.episodes = env_id, kwargs, every, episodes
        self.points, self.next, self.cpu = [], 0, time.process_time()

    def _on_step(self):
        if self.num_timesteps >= self.next:
            self.evaluate()
            self.next += self.every
        return True

    def evaluate(self):
        """The policy's most likely action (deterministic), then its sampled
        actions (stochastic: the policy as trained; torch seeded the same each time)."""
        point = {"steps": self.num_timesteps, "cpu_s": round(time.process_time() - self.cpu, 1)}
        for name, deterministic in (("", True), ("sampled_", False)):
            def choose(obs, mask, deterministic=deterministic):
                return int(self.model.predict(obs, action_masks=mask, deterministic=deterministic)[0])
            torch.manual_seed(0)
            point[name + "mean"], point[name + "stderr"] = play(self.env_id, self.kwargs, self.episodes, choose)
        self.points.append(point)
        print(f"  {self.num_timesteps:>8} steps: {point['mean']:9.2f} +- {point['stderr']:.2f} "
              f"(sampled: {point['sampled_mean']:.2f} +- {point['sampled_stderr']:.2f})", flush=True)


def train(game, steps, every, episodes):
    env_id, kwargs = GAMES[game]
    envs = DummyVecEnv([lambda: masked(env_id, kwargs)] * 8)
    envs.seed(0)
    # rewards scaled by a running estimate of the returns' spread (SameGame's clearing bonus is 1000)
    envs = VecNormalize(envs, norm_obs=False, norm_reward=True, gamma=1.0)
    model = MaskablePPO("MlpPolicy", envs, n_steps=128, batch_size=256, n_epochs=4, ent_coef=0.01,
                        gamma=1.0, learning_rate=3e-4, seed=0, device="cpu")
    curve = Curve(env_id, kwargs, every, episodes)
    model.learn(total_timesteps=steps, callback=curve)
    if curve.points[-1]["steps"] != model.num_timesteps:
        curve.evaluate()  # the final policy
    return curve.points


def plot(results, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, len(results), figsize=(5.5 * len(results), 3.8))
    for ax, (game, r) in zip(np.atleast_1d(axes), results.items()):
        r["curve"] = list({p["steps"]: p for p in r["curve"]}.values())  # one point per step count
        x = [p["steps"] for p in r["curve"]]
        y = np.array([p["mean"] for p in r["curve"]])
        e = np.array([p["stderr"] for p in r["curve"]])
        ax.plot(x, y, marker="o", label="MaskablePPO, most likely action")
        ax.fill_between(x, y - e, y + e, alpha=0.25)
        ys = np.array([p["sampled_mean"] for p in r["curve"]])
        es = np.array([p["sampled_stderr"] for p in r["curve"]])
        ax.plot(x, ys, marker=".", label="MaskablePPO, sampled action")
        ax.fill_between(x, ys - es, ys + es, alpha=0.2)
        ax.axhline(r["random"]["mean"], color="grey", linestyle="--", label="random masked agent")
        ax.set_title(f"{game} {r['settings'] or '(defaults)'}", fontsize=9)
        ax.set_xlabel("training steps")
        ax.set_ylabel(f"mean score, {r['episodes']} evaluation boards")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="SameGame,Gopher")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--json")
    parser.add_argument("--plot")
    parser.add_argument("--plot-from", nargs="+", metavar="JSON", help="only plot these runs' results")
    args = parser.parse_args()
    if args.plot_from:
        results = {}
        for path in args.plot_from:
            with open(path) as f:
                results.update(json.load(f))
        plot(results, args.plot)
        return
    torch.set_num_threads(1)  # one core: the machine is shared
    results = {}
    for game in args.games.split(","):
        env_id, kwargs = GAMES[game]
        rand_mean, rand_err = play(env_id, kwargs, args.episodes, random_agent())
        print(f"{game} {kwargs}: random masked agent {rand_mean:.2f} +- {rand_err:.2f}", flush=True)
        cpu = time.process_time()
        curve = train(game, args.steps, args.every, args.episodes)
        results[game] = {"settings": kwargs, "episodes": args.episodes, "curve": curve,
                         "random": {"mean": rand_mean, "stderr": rand_err},
                         "cpu_s": round(time.process_time() - cpu, 1)}
    print("\n| game | random masked agent | MaskablePPO, most likely action | sampled action "
          "| training steps | CPU s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for game, r in results.items():
        last = r["curve"][-1]
        print(f"| {game} {r['settings'] or '(defaults)'} | {r['random']['mean']:.2f} +- "
              f"{r['random']['stderr']:.2f} | {last['mean']:.2f} +- {last['stderr']:.2f} | "
              f"{last['sampled_mean']:.2f} +- {last['sampled_stderr']:.2f} | {last['steps']:,} | {r['cpu_s']} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    if args.plot:
        plot(results, args.plot)


if __name__ == "__main__":
    main()
