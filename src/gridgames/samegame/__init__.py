"""SameGame (ACM 1995 / UVa 339): the Python API and the judge function.

>>> b = Board(["12", "11"])          # rows top first
>>> b.select(1, 1)                   # (row from the bottom, column from the left)
3
>>> b.grid()                        # rows top first; the 2 fell, column 1 closed
[(None, None), (2, None)]
>>> b.render().splitlines()          # the judge's rows
['        ', '    2   ']
"""
from operator import index
from typing import Optional

from .._backend import Wrapper, kernel as _load
from .._judge import Emit, JudgeInput, JudgeResult, error_where, source
from .._rows import int_rows
from ._pure import MAX_COLS, MAX_ROWS, E_CELL, E_COLS, E_ROWS, E_SEL_COL, E_SEL_ROW

# What the judge expected where it met a bad token, by the kernel's E_* code.
EXPECTED = {
    E_ROWS: f"the row count M (1..{MAX_ROWS}, or 0 to end the input)",
    E_COLS: f"the column count N (1..{MAX_COLS}, or 0 to end the input)",
    E_CELL: "a cell value 0..9",
    E_SEL_ROW: "a selection row (a non-negative integer; '0 0' ends the grid)",
    E_SEL_COL: "a selection column (a non-negative integer)",
}


def judge(data: JudgeInput, *, backend: Optional[str] = None, emit: Emit = None) -> JudgeResult:
    """Run a judge file: ``data`` is any bytes-like object, or a binary file
    (read in pieces: memory stays bounded whatever its size).  Returns a
    JudgeResult: the output of every complete grid, and None or a JudgeError
    with line and column (no warnings).  With ``emit`` (a function taking
    bytes, e.g. a file's write, or a file descriptor), the output goes to it
    in chunks as it is made and only the rest is returned."""
    out, err = _load("samegame", backend).judge(source(data), emit)
    if err is not None:
        grid, code, where = err
        err = error_where(where, f"grid {grid}", EXPECTED[code])
    return JudgeResult(out, err, [])


class Board(Wrapper):
    """A SameGame position.

    ``Board(rows)`` takes the rows TOP row first, each a string of digits or a
    sequence of ints 0..9 (0 is a colour).  Coordinates follow the judge:
    (r, c) with row 1 at the bottom and column 1 at the left.  ``backend`` is
    None (the default choice), "compiled" or "pure".
    """

    __slots__ = ()

    def __init__(self, rows, *, backend=None):
        grid = int_rows(rows)
        if not grid or any(len(row) != len(grid[0]) for row in grid):
            raise ValueError("rows must be non-empty and all of one length")
        cells = [v for row in reversed(grid) for v in row]
        self._state = _load("samegame", backend).State(len(grid), len(grid[0]), cells)

    @classmethod
    def from_text(cls, text, *, backend=None):
        """Build from judge text: 'M N' then M*N values, bottom row first."""
        values = [int(t) for t in text.split()]
        if len(values) < 2 or len(values) < 2 + values[0] * values[1]:
            raise ValueError("judge text needs 'M N' and M*N cell values")
        m, n = values[0], values[1]
        cells = values[2:2 + m * n]
        return cls([cells[r * n:(r + 1) * n] for r in reversed(range(m))], backend=backend)

    rows = property(lambda self: self._state.rows, doc="rows of the frame")
    cols = property(lambda self: self._state.cols, doc="columns of the frame")
    remaining = property(lambda self: self._state.remaining, doc="cells left")
    won = property(lambda self: self._state.remaining == 0, doc="every cell removed")

    @property
    def over(self):
        """No removable region is left (won, or stuck)."""
        return not self._state.moves()

    def select(self, r, c):
        """Remove the region at (r, c) if it has at least 2 cells, let the cells
        fall and close empty columns.  Returns the number removed; 0 (and no
        change) for a cell outside the frame, an empty cell or a single."""
        return self._state.select(index(r), index(c))

    def region(self, r, c):
        """Sorted (r, c) cells of the region containing (r, c); [] if empty."""
        return self._state.region(index(r), index(c))

    def moves(self):
        """(r, c, size) for each removable region; (r, c) is its first cell
        scanning columns left to right, each from the bottom up."""
        return self._state.moves()

    def grid(self):
        """Rows top first, each a tuple of colours (None for an empty cell)."""
        snap, n = self._state.snapshot(), self.cols
        return [tuple(None if v == 10 else v for v in snap[r * n:(r + 1) * n])
                for r in reversed(range(self.rows))]

    def render(self):
        """The judge output for this position: the rows top first (4 spaces,
        then each cell and a space), or '    Game Won'."""
        return self._state.render().decode("ascii")

    __str__ = render

    def __eq__(self, other):
        if not isinstance(other, Board):
            return NotImplemented
        return (self.rows, self.cols, self._state.snapshot()) == \
            (other.rows, other.cols, other._state.snapshot())

    def __repr__(self):
        rows = ["".join("." if v is None else str(v) for v in row) for row in self.grid()]
        return f"<Board {self.rows}x{self.cols} {self.remaining} left {rows}>"


__all__ = ["Board", "judge", "EXPECTED"]
