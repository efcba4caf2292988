"""Learning results of the lean masked PPO (examples/lean_ppo.py) on the
batched environments, against the random masked agent (and, on SameGame,
the greedy agent: largest region first) and, optionally, sb3-contrib's
MaskablePPO through the SB3 adapter (gridgames.envs.sb3) at equal steps,
all scored on the same evaluation boards (seeds 10^6 + i, one game each).

    python benchmarks/rl_lean.py --game SameGame --rows 15 --cols 15 --steps 1000000 \\
        --every 100000 --seeds 0,1,2 --maskable 1000000 --json results.json
    python benchmarks/rl_lean.py --plot docs/img/rl-lean.png --plot-from A.json B.json

One torch thread.  CPU seconds are the process's (training only; the
evaluations are not counted).  Where $OUT is set, the JSON is also written there.
"""
import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
import lean_ppo as lean  # noqa: E402

from gridgames.envs.samegame import CLEAR_BONUS, SameGameEnv  # noqa: E402


def greedy_scores(cfg, boards):
    """SameGame: the largest region first (the first of the largest, in
    ``Board.moves()`` order), on the evaluation boards."""
    scores = np.zeros(boards)
    for i in range(boards):
        env = SameGameEnv(**cfg.options)
        env.reset(seed=lean.EVAL_SEED + i)
        board = env.board
        while moves := board.moves():
            r, c, size = max(moves, key=lambda m: m[2])
            board.select(r, c)
            scores[i] += (size - 2) ** 2
        scores[i] += CLEAR_BONUS if board.remaining == 0 else 0.0
    return scores


def lean_run(cfg, steps, every, boards, log, final_boards=0):
    curve = []

    def evaluate(agent, done, cpu):
        s = lean.summary(lean.play(cfg, boards, lean.policy_player(agent, cfg.device)))
        curve.append({"steps": done, "cpu_s": round(cpu, 2), **s})
        log(f"  lean seed {cfg.seed}: {done:>10,} steps {cpu:8.1f} CPU s  {s['mean']:9.2f} +- {s['stderr']:.2f}")

    out = lean.train(cfg, steps, every, evaluate)
    if curve[-1]["steps"] != out["steps"]:
        evaluate(out["agent"], out["steps"], out["cpu_s"])
    final = curve[-1]
    if final_boards:
        final = lean.summary(lean.play(cfg, final_boards, lean.policy_player(out["agent"], cfg.device)))
        log(f"  lean seed {cfg.seed}, final policy on {final_boards} boards: "
            f"{final['mean']:.2f} +- {final['stderr']:.2f}")
    return {"seed": cfg.seed, "curve": curve, "final": final, "cpu_s": round(out["cpu_s"], 2),
            "rollout_cpu_s": round(out["rollout_cpu_s"], 2), "steps": out["steps"],
            "steps_per_cpu_s": round(out["steps"] / out["cpu_s"])}


def maskable_run(cfg, steps, every, boards, n_envs, log):
    """MaskablePPO (MlpPolicy, the settings of benchmarks/rl_learner.py) through the SB3 adapter."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import VecNormalize

    from gridgames.envs.sb3 import make_vec_env
    env_id = {"SameGame": "gridgames/SameGame-v0", "Gopher": "gridgames/Gopher-v0"}[cfg.game]
    envs = VecNormalize(make_vec_env(env_id, n_envs, seed=cfg.seed, **cfg.options), norm_obs=False,
                        norm_reward=True, gamma=1.0)
    model = MaskablePPO("MlpPolicy", envs, n_steps=128, batch_size=256, n_epochs=4, ent_coef=0.01,
                        gamma=1.0, learning_rate=3e-4, seed=cfg.seed, device="cpu")
    curve, clock = [], {"cpu": 0.0, "since": time.process_time()}

    def evaluate():
        clock["cpu"] += time.process_time() - clock["since"]

        def choose(obs, masks):
            return model.predict(obs.reshape(len(obs), *envs.observation_space.shape), action_masks=masks,
                                 deterministic=True)[0]
        s = lean.summary(lean.play(cfg, boards, choose))
        curve.append({"steps": model.num_timesteps, "cpu_s": round(clock["cpu"], 2), **s})
        log(f"  MaskablePPO seed {cfg.seed}: {model.num_timesteps:>10,} steps {clock['cpu']:8.1f} CPU s  "
            f"{s['mean']:9.2f} +- {s['stderr']:.2f}")
        clock["since"] = time.process_time()

    class Curve(BaseCallback):
        def _on_training_start(self):
            self.next = every
            evaluate()

        def _on_rollout_end(self):
            if self.num_timesteps >= self.next:
                evaluate()
                self.next += every

        def _on_step(self):
            return True

    model.learn(total_timesteps=steps, callback=Curve())
    if curve[-1]["steps"] != model.num_timesteps:
        evaluate()
    return {"seed": cfg.seed, "n_envs": n_envs, "curve": curve, "cpu_s": round(clock["cpu"], 2),
            "steps": model.num_timesteps, "steps_per_cpu_s": round(model.num_timesteps / clock["cpu"])}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="SameGame", choices=["SameGame", "Gopher"])
    p.add_argument("--rows", type=int)
    p.add_argument("--cols", type=int)
    p.add_argument("--colours", type=int)
    p.add_argument("--steps", type=int, default=1_000_000, help="lean PPO steps per seed")
    p.add_argument("--every", type=int, default=100_000)
    p.add_argument("--seeds", default="0")
    p.add_argument("--boards", type=int, default=500, help="evaluation boards (seeds 10^6 + i)")
    p.add_argument("--final-boards", type=int, default=0, help="score the final policies on this many boards")
    p.add_argument("--n-envs", type=int, default=1024)
    p.add_argument("--hidden", type=int, default=lean.Config.hidden)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--device", default="cpu")
    p.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE", help="other lean_ppo.Config fields")
    p.add_argument("--maskable", type=int, default=0, help="also MaskablePPO for this many steps (seed 0)")
    p.add_argument("--maskable-envs", type=int, default=64)
    p.add_argument("--json")
    p.add_argument("--plot")
    p.add_argument("--plot-from", nargs="+", metavar="JSON")
    args = p.parse_args()
    if args.plot_from:
        plot([json.loads(Path(f).read_text()) for f in args.plot_from], args.plot)
        return
    torch.set_num_threads(args.threads)
    options = {k: v for k, v in (("rows", args.rows), ("cols", args.cols), ("colours", args.colours)) if v}
    cfg = lean.Config(game=args.game, options=options, n_envs=args.n_envs, hidden=args.hidden, device=args.device)
    for item in args.set:
        name, value = item.split("=")
        setattr(cfg, name, type(getattr(cfg, name))(value))

    def log(line):
        print(line, flush=True)

    result = {"game": args.game, "options": options, "boards": args.boards, "eval_seeds": f"{lean.EVAL_SEED}+i",
              "config": {k: v for k, v in vars(cfg).items() if k != "options"},
              "machine": os.environ.get("RL_MACHINE", "2-core AMD EPYC, shared (load 6-10)"),
              "torch_threads": args.threads}
    result["random"] = lean.summary(lean.play(cfg, args.boards, lean.random_player()))
    log(f"{args.game} {options}: random masked agent {result['random']['mean']:.2f} +- "
        f"{result['random']['stderr']:.2f} ({args.boards} boards)")
    if args.game == "SameGame":
        result["greedy"] = lean.summary(greedy_scores(cfg, args.boards))
        log(f"  greedy (largest region first) {result['greedy']['mean']:.2f} +- {result['greedy']['stderr']:.2f}")
    result["lean"] = []
    for seed in (int(s) for s in args.seeds.split(",")):
        cfg.seed = seed
        result["lean"].append(lean_run(cfg, args.steps, args.every, args.boards, log, args.final_boards))
    if args.maskable:
        cfg.seed = 0
        result["maskable"] = maskable_run(cfg, args.maskable, args.every, args.boards, args.maskable_envs, log)
    finals = [run["final"] for run in result["lean"]]
    rand = result["random"]
    if args.final_boards:
        rand = result["random_final"] = lean.summary(lean.play(cfg, args.final_boards, lean.random_player()))
        log(f"random masked agent on {args.final_boards} boards: {rand['mean']:.2f} +- {rand['stderr']:.2f}")
        if args.game == "SameGame":
            result["greedy_final"] = lean.summary(greedy_scores(cfg, args.final_boards))
    for run, f in zip(result["lean"], finals):
        gap = (f["mean"] - rand["mean"]) / np.hypot(f["stderr"], rand["stderr"])
        run["gap_over_random_in_stderr"] = round(float(gap), 2)
        log(f"lean seed {run['seed']}: {f['mean']:.2f} +- {f['stderr']:.2f} ({f['boards']} boards) after "
            f"{run['steps']:,} steps, "
            f"{run['cpu_s']} CPU s ({run['steps_per_cpu_s']:,} steps/CPU s): {gap:.1f} standard errors above random")
    if "greedy_final" in result or "greedy" in result:
        greedy = result.get("greedy_final", result.get("greedy"))
        for run, f in zip(result["lean"], finals):
            run["gap_over_greedy_in_stderr"] = round(float((f["mean"] - greedy["mean"])
                                                           / np.hypot(f["stderr"], greedy["stderr"])), 2)
    means = [f["mean"] for f in finals]
    result["lean_seeds_mean"] = float(np.mean(means))
    result["lean_seeds_spread"] = float(np.std(means, ddof=1)) if len(means) > 1 else None
    text = json.dumps(result, indent=1)
    for path in filter(None, (args.json, os.environ.get("OUT") and Path(os.environ["OUT"]) / "rl_lean.json")):
        Path(path).write_text(text)
    if args.plot:
        plot([result], args.plot)


def plot(results, path):
    """Top row: score against training steps; bottom row: against training CPU seconds."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(2, len(results), figsize=(5.6 * len(results), 7.6), squeeze=False)
    for col, r in enumerate(results):
        for row, key in enumerate(("steps", "cpu_s")):
            ax = axes[row][col]
            runs = [(run, "C0", f"lean PPO, {len(r['lean'])} seeds ({r['lean'][0]['steps_per_cpu_s']:,} steps/CPU s)")
                    for run in r["lean"]]
            if "maskable" in r:
                m = r["maskable"]
                runs.append((m, "C1", f"MaskablePPO, N={m['n_envs']} ({m['steps_per_cpu_s']:,} steps/CPU s)"))
            labelled = set()
            for run, colour, label in runs:
                x = [p[key] for p in run["curve"]]
                y, e = np.array([p["mean"] for p in run["curve"]]), np.array([p["stderr"] for p in run["curve"]])
                ax.plot(x, y, marker=".", color=colour, label=None if label in labelled else label)
                ax.fill_between(x, y - e, y + e, color=colour, alpha=0.15)
                labelled.add(label)
            ax.axhline(r["random"]["mean"], color="grey", linestyle="--", label="random masked agent")
            if "greedy" in r:
                ax.axhline(r["greedy"]["mean"], color="black", linestyle=":", label="greedy: largest region first")
            if key == "cpu_s":
                ax.set_xscale("symlog", linthresh=1.0)
                ax.set_xlim(left=0)
            ax.set_title(f"{r['game']} {r['options'] or '(defaults)'}", fontsize=9)
            ax.set_xlabel("training steps" if key == "steps" else "training CPU seconds (one core)")
            ax.set_ylabel(f"mean score, {r['boards']} evaluation boards (+- s.e.)", fontsize=8)
            ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
