"""The strict validator of SameGame judge files (the 1995 format).

The statement says "without regard to line structure" and its sample has runs
of spaces, trailing spaces and blank lines, so any run of spaces and line
breaks separates two numbers; tabs, carriage returns and other bytes are
defects. The file starts with a number and ends with the header '0 0' and one
line break. Limits: 1 <= M <= 10, 1 <= N <= 40, colours 0..9, selection
coordinates 0..99; at least one grid.
"""
# Standard library only (besides strict_reader): copied into Kattis packages (--help shows the docstring).
from .._runtime.strict_reader import Reader

MAX_ROWS, MAX_COLS, MAX_COORD = 10, 40, 99


def validate(data: bytes) -> int:
    """Raise ``Invalid`` at the first defect; returns the number of grids."""
    r, grids = Reader(data), 0
    while True:
        m = r.number(0 if grids else 1, MAX_ROWS, "the row count M" if grids == 0 else
                  "the row count M (or 0 0 to end the input)")
        r.separator()
        n = r.number(0, 0, "0 (the header '0 0' ends the input)") if m == 0 else \
            r.number(1, MAX_COLS, "the column count N")
        if m == 0:
            r.newline()
            r.end()
            return grids
        grids += 1
        for _ in range(m * n):
            r.separator()
            r.number(0, 9, "a colour")
        while True:
            r.separator()
            row = r.number(0, MAX_COORD, "a selection row")
            r.separator()
            col = r.number(0, MAX_COORD, "a selection column")
            if row == col == 0:
                break
        r.separator()
