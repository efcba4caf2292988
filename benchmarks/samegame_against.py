"""`solve --time T` (the default search: no --algo) of this tree against
another gridgames tree, side by side at equal CPU with paired seeds: for each
seed, both trees run `gridgames samegame solve BOARDS --time T --cpu-time
--seed S --json` at once (one process each, so both see the same machine),
and each (board, seed) pair's difference is new - old.  BOARDS: --boards FILE
(research text), or --fresh N (N random boards of a seed nobody tunes on,
written to a file both trees read), or the 20 standard boards.

    python benchmarks/samegame_against.py --against OLD/src [--time 10] [--seeds 1 2 3] [--out FILE]
    python benchmarks/samegame_against.py --against OLD/src --time 30 --fresh 10 --seeds 1 2 3 --out FILE

OLD/src is the src/ of a worktree of the earlier commit with its kernels built
(`git worktree add /tmp/old COMMIT && cd /tmp/old && python setup.py build_ext
--inplace`).  The scores are JSON lines in --out (resumable: a (tree, seed)
already there is not run again); the table gives each seed's totals, the mean
paired difference per board with its standard error, and the gain in percent.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "src"


FRESH_SEED = 20261128  # boards nobody tunes on: research_boards(N, seed=FRESH_SEED)


def solve(src, seed, seconds, boards=None):
    """The Popen of one tree's run over BOARDS (a file), or the 20 standard boards."""
    env = dict(os.environ, PYTHONPATH=str(src))
    where = [boards] if boards else ["--standard"]
    return subprocess.Popen([sys.executable, "-m", "gridgames", "samegame", "solve", *where, "--time",
                             str(seconds), "--cpu-time", "--seed", str(seed), "--json"],
                            stdout=subprocess.PIPE, env=env, text=True)


def scores(stdout):
    """board -> score from the JSON lines of one run."""
    found = {}
    for line in stdout.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            found[record["board"]] = record["score"]
    return found


def done_runs(path):
    runs = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    record = json.loads(line)
                    runs[record["tree"], record["seed"]] = {int(k): v for k, v in record["scores"].items()}
    return runs


def table(runs, seeds):
    """The lines of the paired comparison."""
    diffs, lines = [], []
    for seed in seeds:
        new, old = runs.get(("new", seed)), runs.get(("old", seed))
        if not new or not old:
            continue
        pairs = [new[b] - old[b] for b in sorted(new) if b in old]
        diffs += pairs
        lines.append(f"seed {seed}: old {sum(old.values()):,}, new {sum(new.values()):,} "
                     f"({100 * (sum(new.values()) / sum(old.values()) - 1):+.1f} %), "
                     f"{sum(d > 0 for d in pairs)} boards better, {sum(d < 0 for d in pairs)} worse")
    if len(diffs) >= 2:
        se = statistics.stdev(diffs) / len(diffs) ** 0.5
        total_old = sum(sum(runs["old", s].values()) for s in seeds if ("old", s) in runs and ("new", s) in runs)
        lines.append(f"mean paired difference per board {statistics.mean(diffs):+.1f}, standard error {se:.1f}, "
                     f"{len(diffs)} pairs; in total {100 * sum(diffs) / total_old:+.2f} %")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, metavar="OLD/src", help="the other tree's src/, kernels built")
    parser.add_argument("--time", type=float, default=10.0, metavar="T", help="CPU seconds per board (default 10)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--out", default=None, metavar="FILE", help="JSON lines of the runs (resumable)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--boards", default=None, metavar="FILE", help="research text (default: the standard boards)")
    where.add_argument("--fresh", type=int, default=None, metavar="N",
                       help=f"N random 15x15 boards of seed {FRESH_SEED} (research_boards(N, seed=...)), nobody's "
                            "tuning set, written next to --out")
    args = parser.parse_args(argv)
    boards = args.boards
    if args.fresh is not None:
        from gridgames.samegame import research_boards, write_boards
        boards = (args.out or "against") + f".fresh-{args.fresh}.txt"
        with open(boards, "w", encoding="ascii") as f:
            f.write(write_boards(research_boards(args.fresh, seed=FRESH_SEED)))
    runs = done_runs(args.out)
    for seed in args.seeds:
        todo = {tree: src for tree, src in (("new", HERE), ("old", Path(args.against)))
                if (tree, seed) not in runs}
        procs = {tree: solve(src, seed, args.time, boards) for tree, src in todo.items()}  # at once: the same machine
        for tree, proc in procs.items():
            out, _ = proc.communicate()
            if proc.returncode != 0:
                sys.exit(f"samegame_against: the {tree} tree's run of seed {seed} exited {proc.returncode}")
            runs[tree, seed] = scores(out)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(dict(tree=tree, seed=seed, time=args.time, scores=runs[tree, seed])) + "\n")
        print("\n".join(table(runs, [seed])), flush=True)
    print("\n".join(table(runs, args.seeds)))


if __name__ == "__main__":
    main()
