"""The strict validator of tile-game judge files (Rowan 2019, section 4.1).

"Each line will have exactly the number of items described with no stray
characters or extra spaces": one item group per line, single spaces, every line
(the last included) ends with a line break. Limits: 1 <= D <= 100, 1 <= W, H <=
20, 2 <= K <= 5, 0 <= R <= 50, tiles 0..9, the first given row holds a tile
("listed from the first row with at least one tile in it"), 0 <= M <= 10, move
coordinates -99..99 (off-board moves are invalid moves, not bad input).
"""
# Standard library only (besides strict_reader): copied into Kattis packages (--help shows the docstring).
from .._runtime.strict_reader import Reader

MAX_D, MAX_SIDE, MAX_R, MAX_M, MAX_COORD = 100, 20, 50, 10, 99


def validate(data: bytes) -> int:
    """Raise ``Invalid`` at the first defect; returns the number of data sets."""
    r = Reader(data)
    sets = r.ints(1, 1, MAX_D, "the number of data sets D")[0]
    for _ in range(sets):
        w, _h = r.ints(2, 1, MAX_SIDE, "the board size W H")
        r.ints(1, 2, 5, "the run length K")
        rows = r.ints(1, 0, MAX_R, "the number of given rows R")[0]
        for i in range(rows):
            start = r.pos
            if not any(r.ints(w, 0, 9, "a tile")) and i == 0:
                raise r.fail("expected the first given row to hold a tile, found only zeros", start)
        moves = r.ints(1, 0, MAX_M, "the number of moves M")[0]
        for _ in range(moves):
            r.ints(4, -MAX_COORD, MAX_COORD, "a move coordinate")
    r.end()
    return sets
