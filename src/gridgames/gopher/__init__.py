"""The gopher-hole game (a Minesweeper relative; 2001 regional contest,
problem 6): the Python API and the judge function.

>>> field = Field(3, 3, [(1, 1), (3, 3)])   # rows, columns, holes (row 1 at the top)
>>> field.pick(2, 2)
Outcome(revealed=1, fell=False, outside=False)
>>> print(field.render(), end="")
+---+
|###|
|#2#|
|###|
+---+
>>> field.pick(1, 1).fell
True
>>> field.grid()
['!##', '#2#', '##*']
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from operator import index
from typing import TYPE_CHECKING, NamedTuple, Optional

from .._backend import StateAttr, Wrapper, kernel as _load
from .._judge import Emit, JudgeError, JudgeInput, JudgeResult, JudgeWarning, error_where, source
from .._out import send
from .._scan import HUGE
from ._noguess import NODES, NoGuess, NoGuessFailed, check_request, no_guess
from ._pure import (
    E_COLS,
    E_HEADER_END,
    E_HOLE_COL,
    E_HOLE_END,
    E_HOLE_ROW,
    E_NHOLES,
    E_NHOLES_END,
    E_PICK_COL,
    E_PICK_END,
    E_PICK_ROW,
    E_ROWS,
    MAX_COLS,
    MAX_ROWS,
    PICK_FELL as _PICK_FELL,
    PICK_OUTSIDE as _PICK_OUTSIDE,
)
from ._solve_pure import CLEARED, FELL, GAVE_UP, STUCK

if TYPE_CHECKING:
    from ._kernel import State

# What the judge expected where it met bad input, by the kernel's E_* code;
# filled in with the field size.
EXPECTED = {
    E_ROWS: f"the row count NROWS (1..{MAX_ROWS})",
    E_COLS: f"the column count NCOLUMNS (1..{MAX_COLS})",
    E_HEADER_END: "the end of the header line 'NROWS NCOLUMNS'",
    E_NHOLES: "the hole count NHOLES (0 or more)",
    E_NHOLES_END: "the end of the line 'NHOLES'",
    E_HOLE_ROW: "HOLE_ROW (1..{rows})",
    E_HOLE_COL: "HOLE_COLUMN (1..{cols})",
    E_HOLE_END: "the end of the hole line 'HOLE_ROW HOLE_COLUMN'",
    E_PICK_ROW: "PICK_ROW (an integer)",
    E_PICK_COL: "PICK_COLUMN (an integer)",
    E_PICK_END: "the end of the pick line 'PICK_ROW PICK_COLUMN'",
}
_HOLE_CODES, _PICK_CODES = (E_HOLE_ROW, E_HOLE_COL, E_HOLE_END), (E_PICK_ROW, E_PICK_COL, E_PICK_END)
_LINE_FIRST = (E_NHOLES, E_HOLE_ROW)  # met at the start of a line: nothing there is a blank line


class PickWarning(JudgeWarning):
    """A processed pick outside the field: it changed nothing (the board is
    printed again).  ``str()`` gives 'LINE:COL: game G, pick K: warning: ...'."""

    def __init__(self, game: int, pick: int, line: int, column: int, text: str,
                 rows: int, cols: int) -> None:
        self.game, self.pick, self.line, self.column = game, pick, line, column
        self.text, self.rows, self.cols = text, rows, cols

    def __str__(self) -> str:
        return (f"{self.line}:{self.column}: game {self.game}, pick {self.pick}: warning: "
                f"pick '{self.text}' is outside the {self.rows}x{self.cols} field; nothing changes")

    def __repr__(self) -> str:
        return f"<PickWarning {self}>"


_WARNING = re.compile(r"(\d+):(\d+): game (\d+), pick (\d+): warning: pick '(.*)' is outside "
                      r"the (\d+)x(\d+) field; nothing changes")


def _warnings(text: bytes) -> list[JudgeWarning]:
    """The PickWarnings of the kernels' warning lines."""
    found: list[JudgeWarning] = []
    for line in text.decode("ascii").splitlines():
        match = _WARNING.fullmatch(line)
        assert match is not None, line  # the kernels write exactly this form
        ln, col, game, pick, shown, rows, cols = match.groups()
        found.append(PickWarning(int(game), int(pick), int(ln), int(col), shown, int(rows), int(cols)))
    return found


def _error(err: tuple[int, int, int, int, int, int, tuple[int, int, bytes, bool, bool]]) -> JudgeError:
    game, code, number, nholes, rows, cols, where = err
    item = f"game {game}"
    if code in _HOLE_CODES:  # a saturated NHOLES is not the number written
        item += f", hole {number}" + (f" of {nholes}" if nholes < HUGE else "")
    elif code in _PICK_CODES:
        item += f", pick {number}"
    error = error_where(where, item, EXPECTED[code].format(rows=rows, cols=cols))
    if not where[2] and not where[4]:
        # The format is line-based: what ran out was the line, not the input.
        error.found = "a blank line" if code in _LINE_FIRST else "end of line"
    return error


def judge(data: JudgeInput, *, team: str = "0", program: int = 6, backend: Optional[str] = None,
          emit: Emit = None, warn: Optional[Callable[[bytes], object]] = None) -> JudgeResult:
    """Run a judge file: ``data`` is any bytes-like object, or a binary file
    (read in pieces).  Returns a JudgeResult (output, error, warnings):
    the output bytes (the header line, a board per processed pick, the end
    line), None or a JudgeError with line and column (the output then holds
    the header and every board before the bad line, and no end line), and a
    PickWarning per processed pick outside its field.  ``team`` and
    ``program`` fill the header 'Program 6 by team 0' and the end line.
    With ``emit`` (a function taking bytes, e.g. a file's write, or a file
    descriptor), the output goes to it in chunks as it is made and only the
    rest is returned; with ``warn``, the warnings go
    to it as text, chunks of whole lines 'LINE:COL: game G, pick K: warning:
    ...', instead of the list: memory stays bounded."""
    head = f"Program {program} by team {team}\n".encode()
    if emit is not None:
        send(emit, head)
        head = b""
    boards, err, text = _load("gopher", backend).judge(source(data), emit, warn)
    if warn is not None:
        if text:
            warn(text)
        warnings: list[JudgeWarning] = []
    else:
        warnings = _warnings(text)
    if err is not None:
        return JudgeResult(head + boards, _error(err), warnings)
    tail = f"End of program {program} by team {team}\n".encode()
    return JudgeResult(head + boards + tail, None, warnings)


class Outcome(NamedTuple):
    """What one pick did: ``revealed`` patches were inspected (0: none),
    the player ``fell`` in a hole, or the pick was ``outside`` the field."""
    revealed: int
    fell: bool
    outside: bool

    @property
    def changed(self) -> bool:
        """The board changed (patches were inspected, or the player fell)."""
        return self.revealed > 0 or self.fell


class Field(Wrapper):
    """A gopher-hole field.

    ``Field(rows, cols, holes)``: rows and columns 1..100, ``holes`` an
    iterable of 1-based (row, col) pairs inside the field (row 1 is the top
    row; a hole listed twice counts once).  ``backend`` is None (the default
    choice), "compiled" or "pure".
    """

    __slots__ = ()
    _state: State

    def __init__(self, rows: int, cols: int, holes: Iterable[tuple[int, int]] = (), *,
                 backend: Optional[str] = None) -> None:
        spots = [(index(r), index(c)) for r, c in holes]
        self._state = _load("gopher", backend).State(index(rows), index(cols), spots)

    rows = StateAttr[int]("rows of the field")
    cols = StateAttr[int]("columns of the field")
    safe_left = StateAttr[int]("safe patches not inspected yet")

    @property
    def fell(self) -> bool:
        """the player fell in a hole: the game is over"""
        return self._state.fell_at is not None

    fell_at = StateAttr[Optional[tuple[int, int]]]("(row, col) of the hole the player fell in, or None")

    @property
    def won(self) -> bool:
        """every safe patch is inspected (and the player never fell)"""
        return self._state.safe_left == 0 and self._state.fell_at is None

    @property
    def holes(self) -> list[tuple[int, int]]:
        """The holes, as sorted (row, col) pairs."""
        return self._state.holes()

    def pick(self, row: int, col: int) -> Outcome:
        """Pick the patch at (row, col) and return its Outcome.  A safe unseen
        patch is inspected and, if no hole is next to it, the flood inspects
        its neighbours; a hole ends the game.  A patch already inspected, a
        pick outside the field, and any pick once fallen change nothing."""
        code = self._state.pick(index(row), index(col))
        return Outcome(max(code, 0), code == _PICK_FELL, code == _PICK_OUTSIDE)

    def grid(self) -> list[str]:
        """The rows (row 1 first) as printed: '#' unseen, ' ' or '1'..'8'
        inspected, and after a fall '!' at that hole and '*' at the others."""
        snap, n = self._state.snapshot().decode("ascii"), self.cols
        return [snap[r * n:(r + 1) * n] for r in range(self.rows)]

    def render(self) -> str:
        """The fenced board, as the judge prints it (each line ends with a newline)."""
        return self._state.render().decode("ascii")

    __str__ = render

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Field):
            return NotImplemented
        return (self.rows, self.cols, self.holes, self._state.snapshot()) == \
            (other.rows, other.cols, other.holes, other._state.snapshot())

    def __repr__(self) -> str:
        state = "fell" if self.fell else "won" if self.won else f"{self.safe_left} safe left"
        return f"<Field {self.rows}x{self.cols} {len(self.holes)} holes, {state}>"


# --- playing by deduction ------------------------------------------------------

STATUS = {CLEARED: "cleared", STUCK: "stuck", FELL: "fell", GAVE_UP: "gave up"}


class Solution(NamedTuple):
    """What ``solve`` found.  ``status``: "cleared" (every safe patch is
    inspected), "stuck" (no patch is provably safe), "fell" (the first
    pick, a guess, was a hole) or "gave up" (an exact stage ran over its
    step budget).  ``picks``: (row, col) in order, the first pick first;
    every later one is provably safe.  ``board``: the field as seen at the
    end (``Field.grid()`` rows).  ``unknown``: the patches not inspected
    (the holes among them), row-major."""
    status: str
    picks: list[tuple[int, int]]
    board: list[str]
    unknown: list[tuple[int, int]]


def solve(rows: int, cols: int, holes: Iterable[tuple[int, int]],
          first: Optional[tuple[int, int]] = None, *, budget: int = NODES,
          backend: Optional[str] = None) -> Solution:
    """Play the field by deduction only from the pick ``first`` (default:
    the middle patch): each round picks, row-major, every patch that no
    arrangement of holes consistent with what is seen and with the number of
    holes puts a hole on (fast rules first, then an exact stage over the
    frontier), until the field is cleared or nothing is provably safe.
    ``budget``: enumeration steps allowed to one exact stage."""
    rows, cols, spots = index(rows), index(cols), [(index(r), index(c)) for r, c in holes]
    solver = _load("gopher", backend, part="solve").Solver(rows, cols, spots)
    fr, fc = ((rows + 1) // 2, (cols + 1) // 2) if first is None else (index(first[0]), index(first[1]))
    if not (1 <= fr <= rows and 1 <= fc <= cols):
        raise ValueError(f"the first pick ({fr}, {fc}) is outside the {rows}x{cols} field")
    solver.start(fr, fc)
    status = solver.run(min(index(budget), 1 << 62))  # a C long long in the kernel
    snap = solver.state.snapshot().decode("ascii")
    board = [snap[r * cols:(r + 1) * cols] for r in range(rows)]
    unknown = [(r + 1, c + 1) for r in range(rows) for c in range(cols) if board[r][c] == "#"]
    return Solution(STATUS[status], solver.picks, board, unknown)


__all__ = ["Field", "Outcome", "PickWarning", "judge", "EXPECTED", "JudgeError", "JudgeResult",
           "Solution", "solve", "NoGuess", "NoGuessFailed", "no_guess", "check_request"]
