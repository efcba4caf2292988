"""The strict validator of gopher-hole judge files (the 2001 format).

Each game is the lines 'NROWS NCOLUMNS', 'NHOLES', NHOLES hole lines 'ROW
COLUMN', then pick lines 'ROW COLUMN'; games are separated by exactly one empty
line; single spaces, every line (the last included) ends with a line break.
Limits: fields 1..100 x 1..100, 0 <= NHOLES <= NROWS*NCOLUMNS, holes inside the
field and listed once, pick coordinates -999..999 (a pick outside the field
changes nothing), at most 10000 picks a game, at least one game.
"""
# Standard library only (besides strict_reader): copied into Kattis packages (--help shows the docstring).
from .._runtime.strict_reader import Reader

MAX_SIDE, MAX_COORD, MAX_PICKS = 100, 999, 10000


def validate(data: bytes) -> int:
    """Raise ``Invalid`` at the first defect; returns the number of games."""
    r, games = Reader(data), 0
    while True:
        games += 1
        rows, cols = r.ints(2, 1, MAX_SIDE, "the field size NROWS NCOLUMNS")
        holes, seen = r.ints(1, 0, rows * cols, "the number of holes NHOLES")[0], set()
        for _ in range(holes):
            start = r.pos
            row = r.number(1, rows, "a hole row")
            r.space()
            col = r.number(1, cols, "a hole column")
            r.newline()
            if (row, col) in seen:
                raise r.fail(f"expected a new hole, found {row} {col} listed twice", start)
            seen.add((row, col))
        picks = 0
        while not r.at_end() and r.peek() != b"\n":
            picks += 1
            if picks > MAX_PICKS:
                raise r.fail(f"expected at most {MAX_PICKS} picks, found more")
            r.ints(2, -MAX_COORD, MAX_COORD, "a pick coordinate")
        if r.at_end():
            return games
        blank = r.pos
        r.newline()  # the empty line between two games
        if r.at_end():
            raise r.fail("expected another game after this empty line, found end of file", blank)
