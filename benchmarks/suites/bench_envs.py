"""Steps per second of gridgames/SameGame-v0 against momaland's
mosame_game_v0 (the existing SameGame environment, pure Python), side by
side on the same board size, 5 colours, with the same random masked agent:
each step it reads the action mask and plays a legal action.

Size: GRIDGAMES_BENCH_SAMEGAME_SIZE (default 10x10; 15x15, the research
setting, once samegame.Board takes 15 rows).  momaland is a benchmark-only
dependency (the [bench] extra); without it only gridgames is measured.

The figure for the README (interleaved rounds, best of each):
    python benchmarks/suites/bench_envs.py [--size 10x10] [--steps 20000] [--rounds 5]
"""
import argparse
import os
import sys
import time

import gymnasium as gym
import numpy as np
import pytest

import gridgames.envs  # noqa: F401  (registers the environments)

SIZE = os.environ.get("GRIDGAMES_BENCH_SAMEGAME_SIZE", "10x10")
COLOURS = 5


def parse_size(text):
    rows, cols = (int(v) for v in text.lower().split("x"))
    return rows, cols


def gridgames_runner(rows, cols, backend="compiled"):
    """A function playing n masked random steps on SameGame-v0 (gym.make)."""
    env = gym.make("gridgames/SameGame-v0", rows=rows, cols=cols, colours=COLOURS,
                   backend=backend)

    def run(n, seed=0):
        picks = np.random.default_rng(seed).integers(0, 1 << 30, n)
        _, info = env.reset(seed=seed)
        for k in picks:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(legal[k % len(legal)])
            if terminated or truncated:
                _, info = env.reset()
        return n
    return run


def momaland_runner(rows, cols):
    """The same agent on momaland's mosame_game_v0 (single objective)."""
    from momaland.envs.samegame import mosame_game_v0
    env = mosame_game_v0.env(board_width=cols, board_height=rows, num_colors=COLOURS,
                             color_rewards=False)

    def run(n, seed=0):
        picks = np.random.default_rng(seed).integers(0, 1 << 30, n)
        env.reset(seed=seed)
        for k in picks:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                obs = env.last()[0]
            legal = np.flatnonzero(obs["action_mask"])
            env.step(legal[k % len(legal)])
        return n
    return run


STEPS = 1000  # per round, the same on every side: one group, read as ratios


@pytest.mark.parametrize("side", ["gridgames-compiled", "gridgames-pure", "momaland"])
def test_samegame_env_steps(benchmark, side):
    rows, cols = parse_size(SIZE)
    benchmark.group = f"SameGame env, {STEPS} masked random steps, {rows}x{cols}, 5 colours"
    if side == "momaland":
        pytest.importorskip("momaland", reason="the baseline needs the [bench] extra")
        run = momaland_runner(rows, cols)
    else:
        run = gridgames_runner(rows, cols, side.split("-")[1])
    assert benchmark.pedantic(run, (STEPS,), rounds=5, iterations=1) == STEPS


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default=SIZE, help="ROWSxCOLS (default %(default)s)")
    ap.add_argument("--steps", type=int, default=20000, help="gridgames steps per round")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    rows, cols = parse_size(args.size)
    sides = {"gridgames (compiled)": (gridgames_runner(rows, cols), args.steps),
             "gridgames (pure)": (gridgames_runner(rows, cols, "pure"), args.steps // 4)}
    try:
        sides["momaland mosame_game_v0"] = (momaland_runner(rows, cols), max(args.steps // 50, 200))
    except ImportError:
        print("momaland is not installed (pip install '.[bench]'): gridgames only", file=sys.stderr)
    best = dict.fromkeys(sides, 0.0)
    for r in range(args.rounds):  # interleaved, so that both sides see the same machine load
        for name, (run, n) in sides.items():
            start = time.perf_counter()
            run(n, seed=r)
            best[name] = max(best[name], n / (time.perf_counter() - start))
    print(f"SameGame, {rows}x{cols}, {COLOURS} colours, random masked agent, "
          f"best of {args.rounds} interleaved rounds:")
    base = best.get("momaland mosame_game_v0")
    for name, rate in best.items():
        ratio = f"  {rate / base:6.1f}x momaland" if base else ""
        print(f"  {name:26s} {rate:10,.0f} steps/s{ratio}")


if __name__ == "__main__":
    main()
