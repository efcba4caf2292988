"""End-to-end training speed, side by side in one run: sb3-contrib's
MaskablePPO (MlpPolicy, one update epoch) on SameGame 15x15 through

- the SB3 adapter over the batched environment (gridgames.envs.sb3),
- SB3's DummyVecEnv of single environments (gym.make + ActionMasker),
- SB3's SubprocVecEnv of single environments (one process each),

for N = 8, 64 and 256 boards, and the lean masked PPO
(examples/lean_ppo.py) stepping the batched environment directly.  Each
run is timed in two parts: collecting the rollouts and the update.  CPU
seconds are those of this process plus its child processes (the
SubprocVecEnv workers, read from /proc); wall seconds are also given.
torch uses one thread.

    python benchmarks/rl_speed.py [--n 8,64,256] [--rollouts 2] [--subproc-max 64] [--json OUT.json]
"""
import argparse
import json
import os
import sys
import time
from pathlib import Path

import gymnasium as gym
import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
import lean_ppo as lean  # noqa: E402

import gridgames.envs  # noqa: E402,F401  (registers the environments)

ENV_ID, OPTIONS = "gridgames/SameGame-v0", {"rows": 15, "cols": 15}
TICK = os.sysconf("SC_CLK_TCK")


def single():
    from sb3_contrib.common.wrappers import ActionMasker
    return ActionMasker(gym.make(ENV_ID, **OPTIONS), lambda e: e.unwrapped.action_masks())


def make_envs(kind, n):
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    from gridgames.envs.sb3 import make_vec_env
    if kind == "adapter":
        return make_vec_env(ENV_ID, n, seed=0, **OPTIONS)
    if kind == "dummy":
        envs = DummyVecEnv([single] * n)
    else:
        envs = SubprocVecEnv([single] * n, start_method="fork")  # (fork: no re-import per worker)
    envs.seed(0)
    return envs


def children_cpu(envs):
    """CPU seconds of the SubprocVecEnv workers so far (0 for the others)."""
    total = 0
    for proc in getattr(envs, "processes", ()):
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def clock(envs):
    return time.process_time() + children_cpu(envs), time.perf_counter()


def maskable(kind, n, rollouts, n_steps):
    from sb3_contrib import MaskablePPO
    envs = make_envs(kind, n)
    model = MaskablePPO("MlpPolicy", envs, n_steps=n_steps, batch_size=256, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=n * n_steps)  # warm-up: one rollout and update, not timed
    spent = {"rollout": [0.0, 0.0], "update": [0.0, 0.0]}

    def timed(part, fn):
        def run(*args, **kwargs):
            cpu, wall = clock(envs)
            out = fn(*args, **kwargs)
            cpu2, wall2 = clock(envs)
            spent[part][0] += cpu2 - cpu
            spent[part][1] += wall2 - wall
            return out
        return run

    model.collect_rollouts = timed("rollout", model.collect_rollouts)
    model.train = timed("update", model.train)
    start = model.num_timesteps
    model.learn(total_timesteps=rollouts * n * n_steps, reset_num_timesteps=False)
    steps = model.num_timesteps - start
    envs.close()
    cpu, wall = spent["rollout"][0] + spent["update"][0], spent["rollout"][1] + spent["update"][1]
    return {"learner": "MaskablePPO", "envs": kind, "n": n, "n_steps": n_steps, "steps": steps,
            "cpu_s": round(cpu, 3), "wall_s": round(wall, 3),
            "steps_per_cpu_s": round(steps / cpu), "steps_per_wall_s": round(steps / wall),
            "rollout_steps_per_cpu_s": round(steps / spent["rollout"][0]),
            "rollout_steps_per_wall_s": round(steps / spent["rollout"][1])}


def lean_row(n, steps):
    cfg = lean.Config(options=OPTIONS, n_envs=n)
    lean.train(cfg, n * cfg.n_steps)  # warm-up
    wall = time.perf_counter()
    out = lean.train(cfg, steps)
    wall = time.perf_counter() - wall
    return {"learner": "lean PPO", "envs": "batched", "n": n, "n_steps": cfg.n_steps, "steps": out["steps"],
            "cpu_s": round(out["cpu_s"], 3), "wall_s": round(wall, 3),
            "steps_per_cpu_s": round(out["steps"] / out["cpu_s"]),
            "steps_per_wall_s": round(out["steps"] / wall),
            "rollout_steps_per_cpu_s": round(out["steps"] / out["rollout_cpu_s"]), "rollout_steps_per_wall_s": None}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", default="8,64,256")
    p.add_argument("--rollout-steps", type=int, default=16384, help="steps per rollout (n_steps = this / N)")
    p.add_argument("--rollouts", type=int, default=2, help="timed rollouts (and updates) per run")
    p.add_argument("--subproc-max", type=int, default=64, help="largest N for SubprocVecEnv (one process each)")
    p.add_argument("--lean-steps", type=int, default=1_000_000)
    p.add_argument("--json")
    args = p.parse_args()
    torch.set_num_threads(1)
    rows = []
    for n in (int(x) for x in args.n.split(",")):
        for kind in ("adapter", "dummy", "subproc"):
            if kind == "subproc" and n > args.subproc_max:
                continue
            row = maskable(kind, n, args.rollouts, max(args.rollout_steps // n, 16))
            print(json.dumps(row), flush=True)
            rows.append(row)
    for n in (256, 1024):
        row = lean_row(n, args.lean_steps)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print("\n| learner | environments | N | steps/CPU s, rollout + update | rollout alone | (wall, rollout + update) |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    base = {r["n"]: r for r in rows if r["envs"] == "dummy"}
    for r in rows:
        ratio = f" ({r['steps_per_cpu_s'] / base[r['n']]['steps_per_cpu_s']:.1f}x)" if r["n"] in base else ""
        print(f"| {r['learner']} | {r['envs']} | {r['n']} | {r['steps_per_cpu_s']:,}{ratio} | "
              f"{r['rollout_steps_per_cpu_s']:,} | ({r['steps_per_wall_s']:,}) |")
    text = json.dumps({"env": ENV_ID, "options": OPTIONS, "torch_threads": 1, "rows": rows,
                       "load_before": os.getloadavg()}, indent=1)
    for path in filter(None, (args.json, os.environ.get("OUT") and Path(os.environ["OUT"]) / "rl_speed.json")):
        Path(path).write_text(text)


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()
