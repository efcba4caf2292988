"""Paired ablation of the SameGame search's ingredients, on the research set.

Each configuration is strongest()'s search (``BASE``: NRPA level 3,
100 iterations per level, restarted until the time is up) with one
ingredient changed; every configuration runs on the same standard boards and
seeds at the same CPU budget per search (``time=B, cpu_time=True``: CPU
seconds of the searching thread, so other load does not count), and each is
compared with the baseline on the same (board, seed, budget): the table gives
the mean paired difference, its standard error and the number of pairs.

One JSON line per search is appended to OUT as it finishes; running the same
command again skips the (config, board, seed, budget) keys already there (a
torn last line is ignored), so a killed run is completed by running it again.
Searches run in a pool of ``--workers`` processes at ``--nice``.

    python benchmarks/samegame_ablation.py --out benchmarks/results/ablation-10s.jsonl \
        --budget 10 --boards 1 2 3 4 5 6 7 8 9 10 --seeds 1 2
    python benchmarks/samegame_ablation.py --out FILE --table        # the table only
    python benchmarks/samegame_ablation.py --out FILE --per-board --configs default tabu-0 tabu-1 ...
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from typing import Any

BASELINE = "default"
# name -> the options changed from BASE's (the values tried before, docs/results/samegame.md)
CONFIGS: dict[str, dict[str, Any]] = {
    BASELINE: {},
    "tabu-bias-3": {"tabu_bias": 3.0},     # soft tabu: a bias of -3 instead of a ban (GNRPA)
    "size-bias-0.1": {"size_bias": 0.1},   # 0.1 per cell beyond 2 (GNRPA)
    "colour-bias-1": {"colour_bias": 1.0},  # the share of its colour a region holds (a position evaluation)
    "stab-3": {"stab": 3},                 # stabilized NRPA: 3 playouts per adapt at level 1
    "repeats-3": {"repeats": 3},           # GNRPA with limited repetitions
    "no-restarts": {"restarts": 0},        # one level-3 run (a 10-s budget never ends one: a noise check)
    "tabu-best": {"tabu_colour": "best"},  # the per-board colour measured (samegame._tabu.BEST)
    # beam search with a position evaluation instead of NRPA: beams 100, 200, 400... wide until the time is up
    "beam-eval": {"algo": "beam-eval", "width": 100, "tabu": False},
    "beam-eval-tabu": {"algo": "beam-eval", "width": 100, "tabu": True},
    "level-2": {"level": 2},               # NRPA level 2, restarted: more restarts in the budget
    "iterations-50": {"iterations": 50},   # 50 iterations per level: a level-3 run ends 8 times sooner
    "race": {"tabu_colour": "race"},       # the near-tied colours race inside the budget (samegame._race)
    "tabu-free-0": {"tabu_free": 0},       # pairs of the kept colour allowed from the first move (Cazenave: 10)
    "tabu-free-20": {"tabu_free": 20},     # ... after 20 moves
    "tabu48": {"tabu_until": 48},          # the rule lifted once 48 cells or fewer are left (Klein 2015)
    "size-bias--0.1": {"size_bias": -0.1},  # smaller regions first (they let bigger ones join)
    "size-bias--0.3": {"size_bias": -0.3},
    "colour-bias--1": {"colour_bias": -1.0},  # regions holding less of their colour first
    **{f"tabu-{k}": {"tabu_colour": k} for k in range(10)},  # the colour kept, fixed
    # a learned prior (GNRPA's bias w . features), fitted by benchmarks/samegame_prior.py on research boards 101-250
    "prior-round0": {"prior": "benchmarks/results/prior/prior-round0.json"},
}
DEFAULT_CONFIGS = ["default", "tabu-bias-3", "size-bias-0.1", "stab-3", "repeats-3", "no-restarts", "tabu-best"]

Key = tuple[str, int, int, float]  # config, board, seed, budget


def key_of(row: dict[str, Any]) -> Key:
    return row["config"], int(row["board"]), int(row["seed"]), float(row["budget"])


def load(path: str) -> list[dict[str, Any]]:
    """The finished lines of ``path`` (none if it is not there); a line that
    is not whole JSON (a torn last line) is left out."""
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    rows.append(json.loads(line))
                except ValueError:
                    continue
    except FileNotFoundError:
        pass
    return rows


# The baseline: strongest() when this ablation was written, spelled out so that the table keeps
# its meaning whatever strongest() becomes.
BASE = dict(level=3, iterations=100, restarts=None)


def options_of(config: str, budget: float) -> tuple[str, dict[str, Any]]:
    changed = dict(CONFIGS[config])
    algo = changed.pop("algo", "nrpa")
    if "prior" in changed:  # a prior file (relative to the project): its weights
        from gridgames.samegame._prior import load
        changed["prior"] = load(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                             changed["prior"]))
    if algo == "beam-eval":  # beams twice as wide each time, until the time is up
        return algo, dict(changed, iterations=2**31 - 1, time=budget, cpu_time=True)
    return algo, dict(BASE, **changed, time=budget, cpu_time=True)


def boards_of(board_set: str) -> list[Any]:
    """The boards of a set: "research" (research_boards(), where defaults are
    chosen), "fresh" (random boards of samegame_against.py's seed, which
    nobody tunes on) or "standard" (the 20 standard boards: records only)."""
    from gridgames.samegame import research_boards, standard_boards
    if board_set == "fresh":
        from samegame_against import FRESH_SEED
        return research_boards(250, seed=FRESH_SEED)
    return research_boards(250) if board_set == "research" else standard_boards()


def one(config: str, board: int, seed: int, budget: float, board_set: str = "standard") -> dict[str, Any]:
    """One search (run in a pool process): its result line."""
    from gridgames import __version__
    algo, options = options_of(config, budget)
    s = boards_of(board_set)[board - 1].search(algo, seed=seed, **options)
    return dict(config=config, set=board_set, board=board, seed=seed, budget=budget, score=s.score,
                playouts=s.playouts, options={k: v for k, v in options.items() if k not in ("time", "cpu_time")},
                version=__version__)


def auto_colour(board: int, board_set: str = "standard") -> int:
    """The colour today's rule keeps on board ``board`` of a set: the most
    cells, the lowest on a tie (NRPA's playouts all start there)."""
    cells = [v for row in boards_of(board_set)[board - 1].grid() for v in row]
    return max(range(10), key=lambda c: (cells.count(c), -c))


def same_as_baseline(config: str, board: int, board_set: str = "standard") -> bool:
    """True when ``config`` on ``board`` is the baseline's search (not
    searched again): a fixed colour that is the one today's rule keeps, or
    "best" on a board that ``_tabu.BEST`` leaves to today's rule."""
    from gridgames.samegame._tabu import BEST
    if set(CONFIGS[config]) != {"tabu_colour"}:
        return False
    colour = CONFIGS[config]["tabu_colour"]
    if colour == "best":
        colour = BEST.get(board, auto_colour(board)) if board_set == "standard" else -1
    return colour == auto_colour(board, board_set)


def todo(configs: Iterable[str], boards: Iterable[int], seeds: Iterable[int], budgets: Iterable[float],
         done: set[Key], board_set: str = "standard") -> list[Key]:
    """The keys still to search, seed-major so that pairs complete early."""
    return [(c, b, s, t) for t in budgets for s in seeds for b in boards for c in configs
            if (c, b, s, t) not in done and not same_as_baseline(c, b, board_set)]


def of_set(rows: list[dict[str, Any]], board_set: str) -> list[dict[str, Any]]:
    """The lines of one set of boards (lines written before sets were named are the standard boards')."""
    return [r for r in rows if r.get("set", "standard") == board_set]


def _niced(level: int) -> None:
    os.nice(level)


def cut_torn(path: str) -> None:
    """Cut a torn last line (a run killed while writing it) off ``path``."""
    try:
        with open(path, "rb+") as f:
            data = f.read()
            if data and not data.endswith(b"\n"):
                f.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        pass


def run(path: str, keys: list[Key], workers: int, nice: int,
        search: Callable[..., dict[str, Any]] = one) -> Iterator[dict[str, Any]]:
    """Search ``keys`` in a pool (``search(*key)``: one result line; other
    scripts give theirs), appending each result line to ``path`` as it comes."""
    cut_torn(path)
    with open(path, "a", encoding="utf-8") as out, \
            ProcessPoolExecutor(workers, initializer=_niced, initargs=(nice,)) as pool:
        futures = [pool.submit(search, *k) for k in keys]
        for future in as_completed(futures):
            row = future.result()
            out.write(json.dumps(row) + "\n")
            out.flush()
            os.fsync(out.fileno())
            yield row


def paired(rows: list[dict[str, Any]], config: str, baseline: str = BASELINE) -> list[int]:
    """Score differences config - baseline on the (board, seed, budget) both ran."""
    base = {key_of(r)[1:]: r["score"] for r in rows if r["config"] == baseline}
    return [r["score"] - base[key_of(r)[1:]] for r in rows
            if r["config"] == config and key_of(r)[1:] in base]


def summary(diffs: list[int]) -> tuple[float, float, int]:
    """(mean, standard error of the mean, n) of paired differences."""
    n = len(diffs)
    if n == 0:
        return math.nan, math.nan, 0
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.nan
    return mean, sd / math.sqrt(n), n


def table(rows: list[dict[str, Any]], configs: list[str]) -> str:
    """The ablation table (markdown), one line per configuration but the baseline.  A
    configuration that is not in CONFIGS (a variant no option gives, measured by another
    script or build) is described by its lines' "how"."""
    lines = ["| configuration | options changed | mean paired difference | standard error | pairs | boards |",
             "|---|---|---:|---:|---:|---:|"]
    base = [r["score"] for r in rows if r["config"] == BASELINE]
    if base:
        lines.append(f"| {BASELINE} (level 3, restarted) | | mean score {sum(base) / len(base):,.1f} | | {len(base)} | "
                     f"{len({r['board'] for r in rows if r['config'] == BASELINE})} |")
    for config in configs:
        if config == BASELINE:
            continue
        mean, se, n = summary(paired(rows, config))
        boards = len({r["board"] for r in rows if r["config"] == config})
        changed = (", ".join(f"{k}={v}" for k, v in CONFIGS[config].items()) if config in CONFIGS
                   else next((r.get("how", "") for r in rows if r["config"] == config), ""))
        lines.append(f"| {config} | {changed} | {mean:+,.1f} | {se:,.1f} | {n} | {boards} |")
    return "\n".join(lines)


def playouts_table(rows: list[dict[str, Any]], configs: list[str]) -> str:
    """Playouts per CPU second of each configuration (markdown), and their ratio to the
    baseline's on the same (board, seed, budget): what an ingredient costs in speed."""
    lines = ["| configuration | budget (CPU s) | playouts per CPU second | ratio to the baseline | pairs |",
             "|---|---:|---:|---:|---:|"]
    base = {key_of(r)[1:]: r["playouts"] for r in rows if r["config"] == BASELINE}
    for config in configs:
        for budget in sorted({r["budget"] for r in rows if r["config"] == config}):
            mine = [r for r in rows if r["config"] == config and r["budget"] == budget]
            pairs = [(r["playouts"], base[key_of(r)[1:]]) for r in mine if key_of(r)[1:] in base]
            rate = sum(r["playouts"] for r in mine) / (budget * len(mine))
            ratio = sum(p for p, _ in pairs) / sum(b for _, b in pairs) if pairs else math.nan
            lines.append(f"| {config} | {budget:g} | {rate:,.0f} | {ratio:.3f} | {len(pairs)} |")
    return "\n".join(lines)


def per_board(rows: list[dict[str, Any]], configs: list[str], board_set: str = "standard") -> str:
    """Each board's mean score per configuration (markdown), and the best
    (a fixed colour that today's rule keeps shows the baseline's mean)."""
    boards = sorted({r["board"] for r in rows if r["config"] in configs})
    lines = ["| board | " + " | ".join(configs) + " | best |", "|---:|" + "---:|" * (len(configs) + 1)]
    for b in boards:
        means = {}
        for c in configs:
            same = BASELINE if same_as_baseline(c, b, board_set) else c
            scores = [r["score"] for r in rows if r["board"] == b and r["config"] == same]
            if scores:
                means[c] = sum(scores) / len(scores)
        cells = [f"{means[c]:,.0f}" if c in means else "" for c in configs]
        lines.append(f"| {b} | " + " | ".join(cells) + f" | {max(means, key=lambda c: means[c]) if means else ''} |")
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser, nice: int, sets: tuple[str, ...] = ("research", "standard")) -> None:
    """The options every paired comparison script takes (this one's, samegame_improve_diversity's);
    ``sets``: the sets of boards it can run on, the default first."""
    p.add_argument("--out", required=True, help="JSON lines, appended to and resumed from")
    p.add_argument("--set", choices=sets, default=sets[0],
                   help="the boards: the research set (research_boards(), where defaults are chosen), "
                        "fresh boards (another seed, nobody tunes on) or the 20 standard boards (records "
                        f"only); default {sets[0]}")
    p.add_argument("--boards", nargs="+", type=int, default=list(range(1, 11)), metavar="K",
                   help="board numbers in the set, 1-based (default 1..10)")
    p.add_argument("--seeds", nargs="+", type=int, default=[1, 2], metavar="S")
    p.add_argument("--budget", nargs="+", type=float, default=None, metavar="CPU_S",
                   help="CPU seconds per search (several: each budget; default 10; with --table: "
                        "every budget in OUT)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--nice", type=int, default=nice)
    p.add_argument("--table", action="store_true", help="print the table of OUT only, search nothing")


def check_arguments(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    most = 20 if args.set == "standard" else 250
    if any(not 1 <= b <= most for b in args.boards):
        p.error(f"--boards are {args.set} boards 1..{most}")
    if args.budget is None and not args.table:
        args.budget = [10.0]
    if any(not t > 0 for t in args.budget or []):
        p.error("--budget is CPU seconds above 0")


def chosen(rows: list[dict[str, Any]], args: argparse.Namespace) -> list[dict[str, Any]]:
    """The lines the table counts: those of --boards, --seeds and --budget (every budget if none)."""
    return [r for r in rows if r["board"] in args.boards and r["seed"] in args.seeds
            and (args.budget is None or r["budget"] in args.budget)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(p, nice=10, sets=("research", "fresh", "standard"))
    p.add_argument("--configs", nargs="+", default=DEFAULT_CONFIGS, metavar="NAME",
                   help=f"configurations ({', '.join(CONFIGS)}); with --table also those of OUT's lines")
    p.add_argument("--per-board", action="store_true", help="print each board's mean per configuration")
    p.add_argument("--playouts", action="store_true", help="print each configuration's playouts per CPU second")
    args = p.parse_args(argv)
    check_arguments(p, args)
    unknown = [c for c in args.configs if c not in CONFIGS]
    if unknown and not args.table:
        p.error(f"unknown configuration {unknown[0]!r}: {', '.join(CONFIGS)} (others only with --table)")
    if not args.table:
        done = {key_of(r) for r in of_set(load(args.out), args.set)}
        keys = todo(args.configs, args.boards, args.seeds, args.budget, done, args.set)
        print(f"{len(keys)} searches to run ({len(done)} done in {args.out})", file=sys.stderr)
        for row in run(args.out, keys, args.workers, args.nice, partial(one, board_set=args.set)):
            print(f"{row['config']} board {row['board']} seed {row['seed']}: {row['score']}", file=sys.stderr)
    rows = chosen(of_set(load(args.out), args.set), args)
    print(per_board(rows, args.configs, args.set) if args.per_board else
          playouts_table(rows, args.configs) if args.playouts else table(rows, args.configs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
