"""Steps per second of the batched vector envs (gridgames.envs.vector)
against Gymnasium's SyncVectorEnv of the single env (same N) and against
one single env, side by side in one run, for the four games.

Every contender plays the same random masked agent, its choice made in
NumPy for the whole batch (one uniformly random legal action per board);
the batched env also runs with the agent inside the kernel (no Python per
step: the environment's own cost), on one thread and on two threads each
stepping half of the boards (the kernel releases the GIL).  Each figure is
steps per CPU second (the process's CPU time: the machine is shared, so
wall time swings with other jobs) and per wall second; best of --rounds
interleaved rounds.  Not a test (no timed assertion anywhere).

    python benchmarks/vector_envs.py [--envs 256] [--seconds 1] [--rounds 3] [--games SameGame,Gopher]
"""
import argparse
import os
import time
from concurrent.futures import ThreadPoolExecutor

import gymnasium as gym
import numpy as np

import gridgames.envs  # noqa: F401  (registers the environments)

SETTINGS = {  # the research SameGame; the others' defaults
    "SameGame": {"rows": 15, "cols": 15, "colours": 5},
    "Gopher": {}, "TileMatch": {}, "NumberLink": {},
}


def choose(masks, rng):
    """One uniformly random legal action per row of ``masks`` (0 where none is)."""
    counts = masks.sum(axis=1)
    k = (rng.random(len(masks)) * counts).astype(np.int64)
    return np.argmax(masks.cumsum(axis=1, dtype=np.int32) > k[:, None], axis=1)


def batched_numpy(env_id, n, kwargs, threads=1):
    envs = gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point", copy=False, **kwargs)
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    if threads == 1:
        def run(rounds):
            for _ in range(rounds):
                envs.step(choose(envs.unwrapped._masks, rng))
            return rounds * n
        return run
    kernel, masks = envs.unwrapped._kernel, envs.unwrapped._masks
    cuts = np.linspace(0, n, threads + 1).astype(int)
    actions = np.zeros(n, dtype=np.int64)
    pool = ThreadPoolExecutor(threads)

    def part(k, rounds, seed):
        lo, hi = cuts[k], cuts[k + 1]
        r = np.random.default_rng(seed)
        for _ in range(rounds):
            actions[lo:hi] = choose(masks[lo:hi], r)
            kernel.step(actions, lo, hi)

    def run(rounds):
        list(pool.map(lambda k: part(k, rounds, k), range(threads)))
        return rounds * n
    return run


def batched_kernel(env_id, n, kwargs, threads=1):
    envs = gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point", **kwargs)
    envs.reset(seed=0)

    def run(rounds):
        envs.unwrapped.play_random(rounds, seed=rounds, threads=threads)
        return rounds * n
    return run


def sync_numpy(env_id, n, kwargs):
    envs = gym.make_vec(env_id, num_envs=n, vectorization_mode="sync", **kwargs)
    _, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"masks": info["action_mask"]}

    def run(rounds):
        for _ in range(rounds):
            _, _, _, _, info = envs.step(choose(state["masks"], rng))
            state["masks"] = info["action_mask"]
        return rounds * n
    return run


def single_numpy(env_id, n, kwargs):
    env = gym.make(env_id, **kwargs)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"mask": info["action_mask"]}

    def run(rounds):
        for _ in range(rounds * n):
            _, _, end, cut, info = env.step(int(choose(state["mask"][None], rng)[0]))
            if end or cut:
                _, info = env.reset()
            state["mask"] = info["action_mask"]
        return rounds * n
    return run


def measure(run, seconds):
    """(steps per CPU second, per wall second) over about ``seconds`` of CPU."""
    rounds = 1
    while True:
        c0, w0 = time.process_time(), time.perf_counter()
        steps = run(rounds)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        if cpu >= seconds or rounds > 1 << 20:
            return steps / cpu, steps / wall
        rounds *= 2 if cpu < seconds / 4 else 1 + int(seconds / max(cpu, 1e-3))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=256, help="boards per batch (N)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per figure and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(SETTINGS))
    args = parser.parse_args()
    n = args.envs
    print(f"N = {n} boards, best of {args.rounds} rounds; {os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f}; steps/s per CPU second (wall in brackets)\n")
    for game in args.games.split(","):
        env_id, kwargs = f"gridgames/{game}-v0", SETTINGS[game]
        rows = {"batched, agent in the kernel, 1 thread": batched_kernel(env_id, n, kwargs),
                "batched, agent in the kernel, 2 threads": batched_kernel(env_id, n, kwargs, 2),
                "batched, NumPy agent, 1 thread": batched_numpy(env_id, n, kwargs),
                "batched, NumPy agent, 2 threads": batched_numpy(env_id, n, kwargs, 2),
                "SyncVectorEnv of the single env, NumPy agent": sync_numpy(env_id, n, kwargs),
                "one single env, NumPy agent": single_numpy(env_id, n, kwargs)}
        if game == "NumberLink":  # new puzzles are made in Python: no agent in the kernel
            rows = {k: v for k, v in rows.items() if "kernel" not in k}
        best = {name: (0.0, 0.0) for name in rows}
        for _ in range(args.rounds):
            for name, run in rows.items():
                cpu, wall = measure(run, args.seconds)
                best[name] = (max(best[name][0], cpu), max(best[name][1], wall))
        sync = best["SyncVectorEnv of the single env, NumPy agent"][0]
        single = best["one single env, NumPy agent"][0]
        print(f"| {game} {kwargs or '(defaults)'} | steps/s CPU | (wall) | vs Sync | vs single |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name, (cpu, wall) in best.items():
            print(f"| {name} | {cpu:,.0f} | ({wall:,.0f}) | {cpu / sync:.1f}x | {cpu / single:.1f}x |")
        print()


if __name__ == "__main__":
    main()
