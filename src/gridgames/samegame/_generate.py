"""Random SameGame judge files within the 1995 limits, one seed one file.

Grids are drawn of four kinds: 1x1, full size, 'stripes' (every column one
colour: a removal empties several columns at once) and random sizes; few
colours are frequent so that games are won.  Selections are mostly legal
moves played on the engine, mixed with ignored ones: outside the frame
(with a zero such as '0 5', or '99 99'), empty cells, single cells; after a
win some pairs follow that the judge skips.
"""
import argparse
from typing import Optional

from .._runtime.generator_kit import Progress, add_limit, cases
from .._runtime.random_source_pure import Rand
from ._game import Board
from ._validate import MAX_COLS, MAX_COORD, MAX_ROWS

LIMITS = f"Limits: M <= {MAX_ROWS}, N <= {MAX_COLS}, colours 0..9 (the contest's)."
CASES = "grids"
MAX_COUNT = 5
# How an answer is judged: the function of gridgames._runtime.compare named here.
ANSWERS = "exact"
OPTIONS = ("rows", "cols", "colours", "moves")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_limit(parser, "--rows", MAX_ROWS, "M", "largest row count")
    add_limit(parser, "--cols", MAX_COLS, "N", "largest column count")
    parser.add_argument("--colours", type=int, default=10, metavar="C",
                        help="colours 0..C-1 are used (1..10, default 10)")
    parser.add_argument("--moves", type=int, default=30, metavar="S",
                        help="most selections in a grid (default 30)")


def generate(seed: int = 0, count: Optional[int] = None, rows: int = MAX_ROWS,
             cols: int = MAX_COLS, colours: int = 10, moves: int = 30, progress: Progress = None) -> bytes:
    """A judge file of ``count`` grids (default: 1..5, drawn)."""
    for name, value, high in (("rows", rows, MAX_ROWS), ("cols", cols, MAX_COLS),
                              ("colours", colours, 10), ("moves", moves, 10 ** 6)):
        if not 1 <= value <= high and not (name == "moves" and value == 0):
            raise ValueError(f"--{name} must be 1..{high}, not {value}")
    rng = Rand(seed)
    count = count or rng.between(1, MAX_COUNT)
    parts = [_grid(rng, rows, cols, colours, moves) for _ in cases(count, progress)]
    return ("".join(parts) + "0 0\n").encode()


def _grid(rng: Rand, max_m: int, max_n: int, colours: int, max_moves: int) -> str:
    kind = rng.below(8)
    m, n = (1, 1) if kind == 0 else (max_m, max_n) if kind == 1 else \
        (rng.between(1, max_m), rng.between(1, max_n))
    palette = [rng.below(colours) for _ in range(rng.choice((1, 2, 2, 3, 3, 4, 5, 10)))]
    if kind == 2:  # stripes
        column = [rng.choice(palette) for _ in range(n)]
        cells = [list(column) for _ in range(m)]
    else:
        cells = [[rng.choice(palette) for _ in range(n)] for _ in range(m)]  # bottom row first
    board = Board(["".join(map(str, row)) for row in reversed(cells)])
    picks: list[tuple[int, int]] = []
    for _ in range(rng.between(0, max_moves)):
        legal = board.moves()
        if legal and rng.chance(0.75):
            r, c, _size = rng.choice(legal)
        else:
            r, c = _ignored(rng, m, n)
        board.select(r, c)
        picks.append((r, c))
        if board.won:
            picks += [_ignored(rng, m, n) for _ in range(rng.below(3))]
            break
    lines = [f"{m} {n}"] + [" ".join(map(str, row)) for row in cells]
    pairs = [f"{r} {c}" for r, c in picks] + ["0 0"]
    lines += [" ".join(pairs)] if rng.chance(0.3) else pairs
    return "\n".join(lines) + "\n"


def _ignored(rng: Rand, m: int, n: int) -> tuple[int, int]:
    """A selection that may well be ignored; never the pair '0 0'."""
    kind = rng.below(5)
    if kind == 0:
        return 0, rng.between(1, MAX_COORD)
    if kind == 1:
        return rng.between(1, MAX_COORD), 0
    if kind == 2:
        return rng.between(m + 1, MAX_COORD), rng.between(1, MAX_COORD)
    return rng.between(1, m), rng.between(1, n)
