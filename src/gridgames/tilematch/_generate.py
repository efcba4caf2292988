"""Random tile-game judge files within the Rowan 2019 limits, one seed one file.

Data sets are drawn of four kinds: 1x1, full size (20x20, hidden rows),
'clear' (one row of equal tiles, gone after move 0, so later moves are
skipped) and random sizes; rows are often sparse, so tiles fall, and few
tile kinds are frequent, so runs form.  Moves are mostly one-square moves of
a visible tile, mixed with invalid ones: from an empty cell, diagonal, two
squares, zero squares, off the board.
"""
import argparse
from typing import Optional

from .._runtime.generator_kit import Progress, add_limit, cases
from .._runtime.random_source_pure import Rand
from ._validate import MAX_D, MAX_M, MAX_R, MAX_SIDE

LIMITS = (f"Limits: D <= {MAX_D}, 1 <= W, H <= {MAX_SIDE}, 2 <= K <= 5, R <= {MAX_R}, "
          f"M <= {MAX_M} (the contest's).")
CASES = "data sets"
MAX_COUNT = 5
# How an answer is judged: the function of gridgames._runtime.compare named here.
ANSWERS = "tiles"  # as the statement says
OPTIONS = ("width", "height", "k", "given_rows", "moves", "kinds")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_limit(parser, "--width", MAX_SIDE, "W", "largest width")
    add_limit(parser, "--height", MAX_SIDE, "H", "largest height")
    parser.add_argument("--k", type=int, metavar="K", help="the run length (2..5; default drawn)")
    add_limit(parser, "--given-rows", MAX_R, "R", "most given rows", low=0)
    add_limit(parser, "--moves", MAX_M, "M", "most moves in a data set", low=0)
    parser.add_argument("--kinds", type=int, default=9, metavar="T",
                        help="tile kinds 1..T are used (1..9, default 9)")


def generate(seed: int = 0, count: Optional[int] = None, width: int = MAX_SIDE,
             height: int = MAX_SIDE, k: Optional[int] = None, given_rows: int = MAX_R,
             moves: int = MAX_M, kinds: int = 9, progress: Progress = None) -> bytes:
    """A judge file of ``count`` data sets (default: 1..5, drawn)."""
    for name, value, low, high in (("width", width, 1, MAX_SIDE), ("height", height, 1, MAX_SIDE),
                                   ("k", 2 if k is None else k, 2, 5),
                                   ("given-rows", given_rows, 0, MAX_R),
                                   ("moves", moves, 0, MAX_M), ("kinds", kinds, 1, 9),
                                   ("count", count or 1, 1, MAX_D)):
        if not low <= value <= high:
            raise ValueError(f"--{name} must be {low}..{high}, not {value}")
    rng = Rand(seed)
    count = count or rng.between(1, MAX_COUNT)
    sets = [_data_set(rng, width, height, k, given_rows, moves, kinds) for _ in cases(count, progress)]
    return (f"{count}\n" + "".join(sets)).encode()


def _data_set(rng: Rand, max_w: int, max_h: int, k: Optional[int], max_r: int,
              max_moves: int, kinds: int) -> str:
    kind = rng.below(7)
    k = k or rng.between(2, 5)
    palette = [rng.between(1, kinds) for _ in range(rng.choice((1, 2, 3, 3, 4, 5, 9)))]
    if kind == 0:
        w, h, r = 1, 1, rng.between(0, min(2, max_r))
    elif kind == 1:
        w, h, r = max_w, max_h, rng.between(min(max_h, max_r), max_r)
    else:
        w, h = rng.between(1, max_w), rng.between(1, max_h)
        r = rng.between(0, min(max_r, h + rng.choice((-h, 0, 0, 3, 10))))
    if kind == 2 and w >= k and max_r:  # one row of equal tiles: cleared at move 0
        r, rows = 1, [[rng.choice(palette)] * w]
    else:
        density = rng.choice((0.3, 0.6, 0.9, 1.0))
        rows = [[rng.choice(palette) if rng.chance(density) else 0 for _ in range(w)]
                for _ in range(r)]
        if rows and not any(rows[0]):  # the statement: the first row holds a tile
            rows[0][rng.below(w)] = rng.choice(palette)
    lines = [f"{w} {h}", str(k), str(r)] + [" ".join(map(str, row)) for row in rows]
    moves = [_move(rng, w, h) for _ in range(rng.between(0, max_moves))]
    lines += [str(len(moves))] + [" ".join(map(str, move)) for move in moves]
    return "\n".join(lines) + "\n"


def _move(rng: Rand, w: int, h: int) -> list[int]:
    c, r = rng.between(0, w - 1), rng.between(0, h - 1)
    kind = rng.below(10)
    if kind == 0:  # off the board
        return [rng.choice((-1, w, c)), rng.choice((-1, h, r)), c, r]
    if kind == 1:  # diagonal, two squares, or none
        dc, dr = rng.choice(((1, 1), (-1, 1), (2, 0), (0, -2), (0, 0)))
    else:
        dc, dr = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
    return [c, r, c + dc, r + dr]
