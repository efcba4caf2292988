"""Paired comparison of improve searches with and without ``improve_adapts``.
It is for the standard boards (records) by design: improve searches start
from best_known()'s games, which exist for the standard boards only.

Each search starts from its standard board's ``best_known()`` game with the
strongest search (NRPA level 3, 100 iterations per level, restarted until
the time is up, ``tabu_colour="best"``; samegame._single.strongest()) at a
CPU budget per search (``time=B, cpu_time=True``).  Configuration "today"
is Board.search's improve as it is (the top policy always adapts towards
the best so far); "adapts-K" sets ``improve_adapts=K`` (K adapts towards the
start game, then towards each run's own best: diversity).  Every
configuration runs on the same (board, seed, budget); the table gives each
configuration's mean gain over the start game and, paired with "today" on
the same keys, the mean difference, each with its standard error.

One JSON line per search is appended to OUT as it finishes; the same command
again skips the (config, board, seed, budget) keys already there (a torn last
line is ignored).  Searches run in a pool of ``--workers`` processes at ``--nice``.

    python benchmarks/samegame_improve_diversity.py --out benchmarks/results/improve-diversity-10s.jsonl \\
        --budget 10 --adapts 1 3 10 --boards 1 2 3 4 5 --seeds 1 2 --workers 2 --nice 19
    python benchmarks/samegame_improve_diversity.py --out FILE --adapts 1 3 10 --table   # the table only
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, Optional

# the ablation's options, resumable pool and pairing
from samegame_ablation import Key, add_arguments, check_arguments, chosen, key_of, load, paired, run, summary

TODAY = "today"
# strongest() with improve, written out so that the table keeps its meaning
BASE = dict(level=3, iterations=100, restarts=None, tabu_colour="best")


def config_of(adapts: Optional[int]) -> str:
    return TODAY if adapts is None else f"adapts-{adapts}"


def adapts_of(config: str) -> Optional[int]:
    """improve_adapts of a configuration's name (ValueError for a name that is none)."""
    if config == TODAY:
        return None
    name, _, k = config.partition("-")
    if name != "adapts" or not k.isdigit() or int(k) < 1:
        raise ValueError(f"not a configuration: {config!r}")
    return int(k)


def options_of(config: str, budget: float) -> dict[str, Any]:
    return dict(BASE, improve_adapts=adapts_of(config), time=budget, cpu_time=True)


def one(config: str, board: int, seed: int, budget: float) -> dict[str, Any]:
    """One search (run in a pool process) from board ``board``'s best-known game: its result line."""
    from gridgames import __version__
    from gridgames.samegame import best_known, standard_boards
    start = best_known()[board - 1]
    options = options_of(config, budget)
    s = standard_boards()[board - 1].search("nrpa", seed=seed, improve=start.moves, **options)
    return dict(config=config, board=board, seed=seed, budget=budget, score=s.score, start=start.score,
                playouts=s.playouts, options={k: v for k, v in options.items() if k not in ("time", "cpu_time")},
                version=__version__)


def todo(configs: Iterable[str], boards: Iterable[int], seeds: Iterable[int], budgets: Iterable[float],
         done: set[Key]) -> list[Key]:
    """The keys still to search, seed-major so that pairs complete early."""
    return [(c, b, s, t) for t in budgets for s in seeds for b in boards for c in configs
            if (c, b, s, t) not in done]


def table(rows: list[dict[str, Any]], configs: list[str]) -> str:
    """One line per configuration (markdown): its mean gain over the start
    game, and its mean paired difference with "today" (keys both ran)."""
    lines = ["| configuration | mean gain over the start | standard error | searches "
             "| paired difference with today | standard error | pairs |", "|---|---:|---:|---:|---:|---:|---:|"]
    for config in configs:
        gain = summary([r["score"] - r["start"] for r in rows if r["config"] == config])
        diff = summary(paired(rows, config, TODAY)) if config != TODAY else None
        cells = f"| {config} | {gain[0]:+,.1f} | {gain[1]:,.1f} | {gain[2]} | "
        lines.append(cells + (f"{diff[0]:+,.1f} | {diff[1]:,.1f} | {diff[2]} |" if diff else "| | |"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(p, nice=19, sets=("standard",))  # improve searches start from best_known()
    p.add_argument("--adapts", nargs="+", type=int, default=[1, 3, 10], metavar="K",
                   help="improve_adapts values compared with today's improve (default 1 3 10)")
    args = p.parse_args(argv)
    check_arguments(p, args)
    if any(k < 1 for k in args.adapts):
        p.error("--adapts are counts of 1 or more")
    configs = [TODAY] + [config_of(k) for k in dict.fromkeys(args.adapts)]
    if not args.table:
        done = {key_of(r) for r in load(args.out)}
        keys = todo(configs, args.boards, args.seeds, args.budget, done)
        print(f"{len(keys)} searches to run ({len(done)} done in {args.out})", file=sys.stderr)
        for row in run(args.out, keys, args.workers, args.nice, one):
            print(f"{row['config']} board {row['board']} seed {row['seed']}: {row['score']} "
                  f"(from {row['start']})", file=sys.stderr)
    rows = chosen(load(args.out), args)
    print(table(rows, configs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
