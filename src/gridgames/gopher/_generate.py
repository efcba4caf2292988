"""Random gopher-hole judge files within the 2001 limits, one seed one file.

Games are drawn of three kinds: 1x1, full size (100 x 100) and random
sizes, with hole densities from none to dense (sparse fields flood widely).
Picks are mostly inside the field, some on holes (the game ends, later
picks are skipped), some outside it (row or column 0, -1 or beyond the
field: a warning, no change).

With --no-guess, each game is a field of exactly --rows x --cols with
exactly --holes holes that the deduction solver ('gridgames gopher solve')
clears from the first pick without a guess, and its picks are the solver's
(first pick first): the judge replays a clear without a fall.
"""
import argparse
from typing import Optional

from .._runtime.generator_kit import Progress, add_limit, cases
from .._runtime.random_source_pure import Rand
from ._validate import MAX_SIDE

LIMITS = (f"Limits: fields up to {MAX_SIDE} x {MAX_SIDE} (the contest's).  --no-guess: game i "
          "(from 0) is seed SEED + i (--count defaults to 1); the holes stay out of the first "
          "pick's neighbourhood and are moved where the solver is stuck until it clears the "
          "field, at most --budget moves, else exit 1 with a one-line error.  Feasible "
          "densities (CPU, median): 30x16 with 99 holes (21%) about 1 ms, 160 (33%) 50 ms, 180 "
          "(38%) 13 of 20 seeds within the budget, 200 (42%) none; 100x100 with 15% holes about "
          "15 ms, 25% under a second, 30% about 8 s (up to 30 s); denser big fields take "
          "minutes before the budget runs out (docs/results/puzzles.md has the table).")
CASES = "games"
MAX_COUNT = 4
# How an answer is judged: the function of gridgames._runtime.compare named here.
ANSWERS = "exact"
OPTIONS = ("rows", "cols", "density", "picks")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_limit(parser, "--rows", MAX_SIDE, "R", "largest NROWS")
    add_limit(parser, "--cols", MAX_SIDE, "C", "largest NCOLUMNS")
    parser.add_argument("--density", type=float, metavar="P",
                        help="the chance that a patch is a hole (0..1; default drawn)")
    parser.add_argument("--picks", type=int, default=12, metavar="N",
                        help="most picks in a game (default 12; not with --no-guess)")
    parser.add_argument("--no-guess", action="store_true",
                        help="fields the solver clears by deduction alone, with its picks; "
                             "--rows and --cols are then the exact size")
    parser.add_argument("--holes", type=int, metavar="H", help="--no-guess: the number of holes")
    parser.add_argument("--first", type=int, nargs=2, metavar=("R", "C"),
                        help="--no-guess: the first pick (default: the middle patch)")
    parser.add_argument("--budget", type=int, metavar="N",
                        help="--no-guess: hole moves allowed per game (default 4 per patch)")


def generate(seed: int = 0, count: Optional[int] = None, rows: int = MAX_SIDE,
             cols: int = MAX_SIDE, density: Optional[float] = None, picks: int = 12,
             progress: Progress = None) -> bytes:
    """A judge file of ``count`` games (default: 1..4, drawn)."""
    for name, value, low, high in (("rows", rows, 1, MAX_SIDE), ("cols", cols, 1, MAX_SIDE),
                                   ("picks", picks, 0, 10000)):
        if not low <= value <= high:
            raise ValueError(f"--{name} must be {low}..{high}, not {value}")
    if density is not None and not 0 <= density <= 1:
        raise ValueError(f"--density must be 0..1, not {density}")
    rng = Rand(seed)
    count = count or rng.between(1, MAX_COUNT)
    return "\n".join(_game(rng, rows, cols, density, picks) for _ in cases(count, progress)).encode()


def _game(rng: Rand, max_rows: int, max_cols: int, density: Optional[float], max_picks: int) -> str:
    kind = rng.below(6)
    rows, cols = (1, 1) if kind == 0 else (max_rows, max_cols) if kind == 1 else \
        (rng.between(1, max_rows), rng.between(1, max_cols))
    p = rng.choice((0.0, 0.02, 0.05, 0.1, 0.2, 0.4)) if density is None else density
    holes = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1) if rng.chance(p)]
    rng.shuffle(holes)
    lines = [f"{rows} {cols}", str(len(holes))] + [f"{r} {c}" for r, c in holes]
    for _ in range(rng.between(0, max_picks)):
        kind = rng.below(10)
        if kind == 0:
            pick = (rng.choice((0, -1, rows + 1, 999)), rng.between(1, cols))
        elif kind == 1:
            pick = (rng.between(1, rows), rng.choice((0, -1, cols + 1)))
        elif kind == 2 and holes:
            pick = rng.choice(holes)
        else:
            pick = (rng.between(1, rows), rng.between(1, cols))
        lines.append(f"{pick[0]} {pick[1]}")
    return "\n".join(lines) + "\n"
