"""Pure-Python twin of ``_kernel.pyx``: same names, same results.

The board is a list of columns, each a list of colours from the bottom up;
only non-empty columns are kept, so gravity and compaction are list filters.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional, Union

from .._runtime.kernel_constants import constants
from .._runtime.output_pure import Out
from .._runtime.scanner_pure import TOK_EOF, TOK_INT, Scanner, Where
from ._check import check_cells
from ._text import EMPTY, render_snapshot

# Capacities and codes, read from the compiled kernel's .pxd files.
_K, _B = constants("samegame/_kernel.pxd"), constants("samegame/_board.pxd")
MAX_ROWS, MAX_COLS = _K.MAX_ROWS, _K.MAX_COLS     # the judge's buffers
BOARD_ROWS, BOARD_COLS = _B.BIG_ROWS, _B.BIG_COLS  # State (Board) and the search
# What the judge loop expected when it met a bad token (see samegame.EXPECTED).
E_ROWS, E_COLS, E_CELL, E_SEL_ROW, E_SEL_COL = _K.E_ROWS, _K.E_COLS, _K.E_CELL, _K.E_SEL_ROW, _K.E_SEL_COL


class State:
    """A SameGame position up to BOARD_ROWS x BOARD_COLS: ``cells`` are
    rows*cols colours 0..9, row-major, bottom row first (the judge order);
    ``score`` counts the points of the removals made so far."""

    __slots__ = ("rows", "cols", "remaining", "score", "_columns")

    def __init__(self, rows: int, cols: int, cells: list[int]) -> None:
        cells = check_cells(rows, cols, cells, BOARD_ROWS, BOARD_COLS)
        self.rows, self.cols, self.remaining, self.score = rows, cols, rows * cols, 0
        self._columns = [cells[c::cols] for c in range(cols)]

    def copy(self) -> State:
        new = State.__new__(State)
        new.rows, new.cols, new.remaining, new.score = self.rows, self.cols, self.remaining, self.score
        new._columns = [col[:] for col in self._columns]
        return new

    @property
    def over(self) -> bool:
        """No region of 2+ cells is left."""
        columns = self._columns
        for c, column in enumerate(columns):
            for r, v in enumerate(column):
                if (r + 1 < len(column) and column[r + 1] == v) or \
                        (c + 1 < len(columns) and r < len(columns[c + 1]) and columns[c + 1][r] == v):
                    return False
        return True

    def _take(self, columns: list[list[Any]], c: int, r: int) -> list[tuple[int, int]]:
        """Mark the region of the existing cell (c, r) (0-based) as None in
        ``columns``; return its cells in visiting order."""
        colour = columns[c][r]
        columns[c][r] = None
        todo = [(c, r)]
        for c, r in todo:  # the list grows while we walk it: a BFS queue
            for cc, rr in ((c, r - 1), (c, r + 1), (c - 1, r), (c + 1, r)):
                if 0 <= cc < len(columns) and 0 <= rr < len(columns[cc]) \
                        and columns[cc][rr] == colour:
                    columns[cc][rr] = None
                    todo.append((cc, rr))
        return todo

    def _cell(self, r: int, c: int) -> Optional[tuple[int, int]]:
        """0-based (column, row) of an existing cell at 1-based (r, c), or None."""
        if 1 <= r <= self.rows and 1 <= c <= self.cols \
                and c <= len(self._columns) and r <= len(self._columns[c - 1]):
            return c - 1, r - 1
        return None

    def select(self, r: int, c: int) -> int:
        """Remove the region at (r, c) if it has 2+ cells; return its size (else 0)."""
        at = self._cell(r, c)
        if at is None:
            return 0
        columns = self._columns
        col, row = at
        colour = columns[col][row]
        if not any(0 <= cc < len(columns) and 0 <= rr < len(columns[cc])
                   and columns[cc][rr] == colour
                   for cc, rr in ((col, row - 1), (col, row + 1), (col - 1, row), (col + 1, row))):
            return 0
        size = len(self._take(columns, col, row))
        kept = [[v for v in column if v is not None] for column in columns]
        self._columns = [column for column in kept if column]
        self.remaining -= size
        self.score += (size - 2) ** 2 + (1000 if self.remaining == 0 else 0)
        return size

    def region(self, r: int, c: int) -> list[tuple[int, int]]:
        """Sorted 1-based (r, c) cells of the region at (r, c); [] if no cell."""
        at = self._cell(r, c)
        if at is None:
            return []
        cells = self._take([col[:] for col in self._columns], *at)
        return sorted((rr + 1, cc + 1) for cc, rr in cells)

    def moves(self) -> list[tuple[int, int, int]]:
        """(r, c, size) per removable region; (r, c) is its first cell scanning
        columns left to right, each bottom up."""
        columns = [col[:] for col in self._columns]
        found: list[tuple[int, int, int]] = []
        for c, column in enumerate(columns):
            for r in range(len(column)):
                if column[r] is not None:
                    size = len(self._take(columns, c, r))
                    if size >= 2:
                        found.append((r + 1, c + 1, size))
        return found

    def snapshot(self) -> bytes:
        """rows*cols bytes, row-major, bottom row first; EMPTY for no cell."""
        grid = bytearray([EMPTY]) * (self.rows * self.cols)
        for c, column in enumerate(self._columns):
            for r, v in enumerate(column):
                grid[r * self.cols + c] = v
        return bytes(grid)

    def render(self) -> bytes:
        """The judge output of this position (without the 'Grid k.' line)."""
        return render_snapshot(self.snapshot(), self.rows, self.cols)


def judge(src: object, emit: Optional[Union[int, Callable[[bytes], object]]] = None
          ) -> tuple[bytes, Optional[tuple[int, int, Where]]]:
    """Run a whole judge file: ``src`` is a bytes-like object or a binary
    file (read in pieces).  Returns (output bytes, None) or, on bad input,
    (output of every complete grid, (grid number, E_* code, where)), where
    is the scanner's describe() tuple.  With ``emit``, output is passed to it in
    chunks as it is made and the returned bytes are the rest."""
    scan = Scanner(src)
    out = Out(emit)
    grid, code, previous = run(scan, out)
    if not code:
        return out.close(), None
    where = scan.describe(scan.prev, True) if previous else scan.describe(scan.start, scan.at_token)
    return out.close(), (grid, code, where)


def run(scan: Scanner, out: Out) -> tuple[int, int, bool]:
    """The judge loop: (grid, E_* code or 0, the bad token is the one before
    the last read)."""
    grid = 0
    while True:
        grid += 1
        kind, m = scan.next_int()
        if kind == TOK_EOF:
            return grid, 0, False
        if kind != TOK_INT:
            return grid, E_ROWS, False
        kind, n = scan.next_int()
        if kind == TOK_EOF and m == 0:
            return grid, 0, False
        if kind != TOK_INT:
            return grid, E_COLS, False
        if m == 0 or n == 0:
            return grid, 0, False
        if m > MAX_ROWS:
            return grid, E_ROWS, True
        if n > MAX_COLS:
            return grid, E_COLS, False
        cells: list[int] = []
        for _ in range(m * n):
            kind, v = scan.next_int()
            if kind != TOK_INT or v > 9:
                return grid, E_CELL, False
            cells.append(v)
        state = State(m, n, cells)
        while True:
            kind, r = scan.next_int()
            if kind != TOK_INT:
                if kind == TOK_EOF:  # no closing '0 0': report the grid, then the error
                    out.boundary()
                    out.append(b"Grid %d.\n%s\n" % (grid, state.render()))
                return grid, E_SEL_ROW, False
            kind, c = scan.next_int()
            if kind != TOK_INT:
                return grid, E_SEL_COL, False
            if r == 0 and c == 0:
                break
            if state.remaining:
                state.select(r, c)
        out.boundary()
        out.append(b"Grid %d.\n%s\n" % (grid, state.render()))
