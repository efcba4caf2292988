"""The README's random masked agent, as printed (``rng.choice`` over the
mask's nonzero entries each step), against the agent of
``suites/bench_envs.py`` (its random numbers drawn ahead, ``legal[k %
len(legal)]``), side by side: SameGame-v0, 15x15, 5 colours, compiled,
gym.make wrappers included; interleaved rounds, the best of each; steps
per CPU second (a shared machine: wall time is printed too).

    python benchmarks/env_snippet.py [--steps 20000] [--rounds 5] [--out FILE]

The README's figure is the "README snippet" line (``readme_figure``), from the
committed benchmarks/results/env_snippet.json (``--out``); a test compares.
"""
import argparse
import json
import platform
import time

import gymnasium as gym
import numpy as np

import gridgames.envs  # noqa: F401  (registers the environments)


def snippet(n: int) -> int:
    """The README's loop, game after game (seeds 0, 1, ...), until n steps."""
    env = gym.make("gridgames/SameGame-v0")          # 15x15, 5 colours: the research setting
    steps, seed = 0, 0
    while steps < n:
        obs, info = env.reset(seed=seed)
        rng, done, total = np.random.default_rng(seed), False, 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
            total, done = total + reward, terminated or truncated
            steps += 1
        seed += 1
    return steps


def drawn_ahead(n: int) -> int:
    """bench_envs.py's agent: the same legal moves, its draws made in one call."""
    env = gym.make("gridgames/SameGame-v0")
    picks = np.random.default_rng(0).integers(0, 1 << 30, n)
    _, info = env.reset(seed=0)
    for k in picks:
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, truncated, info = env.step(legal[k % len(legal)])
        if terminated or truncated:
            _, info = env.reset()
    return n


def readme_figure(results: dict) -> str:
    """The README's words for the "README snippet" line, to the hundred."""
    return f"about {round(results['README snippet']['cpu'], -2):,.0f} steps per CPU second"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", help="also write the rates as JSON to this file")
    args = parser.parse_args()
    best: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for name, run in (("README snippet", snippet), ("bench_envs agent", drawn_ahead)):
            cpu, wall = time.process_time(), time.perf_counter()
            n = run(args.steps)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            rates = best.setdefault(name, [0.0, 0.0])
            rates[0], rates[1] = max(rates[0], n / cpu), max(rates[1], n / wall)
    for name, (cpu, wall) in best.items():
        print(f"{name}: {cpu:,.0f} steps per CPU second ({wall:,.0f} per wall second)")
    print(f"bench_envs agent / README snippet: {best['bench_envs agent'][0] / best['README snippet'][0]:.2f}x (CPU)")
    if args.out:
        results = {name: {"cpu": round(cpu), "wall": round(wall)} for name, (cpu, wall) in best.items()}
        results["run"] = {"steps": args.steps, "rounds": args.rounds, "python": platform.python_version(),
                          "machine": platform.machine(), "date": time.strftime("%Y-%m-%d")}
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)
            f.write("\n")
        print(f"README: {readme_figure(results)}")


if __name__ == "__main__":
    main()
