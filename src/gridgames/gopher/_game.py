"""Gopher holes: the judge function and the Field (the package hands them on;
play by deduction is ``_deduction``)."""

from _operator import index  # operator's C half, built in: a judge starts without operator.py

from .._runtime import Record
from .._runtime.backend import kernel as _load
from .._runtime.judge import Emit, JudgeError, JudgeInput, JudgeResult, JudgeWarning, error_where, send, source
from .._runtime.kernel_constants import constants
from .._runtime.state_wrapper import StateAttr, Wrapper
from ._check import PICK_WARNING, PICK_WARNING_FIELDS, PICK_WARNING_PIECES

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, NamedTuple, Optional

    from .._runtime.drawing import Drawing
    from ._kernel import State

_K = constants("gopher/_kernel.pxd")  # capacities and codes (read once, no kernel import)
MAX_COLS, MAX_ROWS, _PICK_FELL, _PICK_OUTSIDE = _K.MAX_COLS, _K.MAX_ROWS, _K.PICK_FELL, _K.PICK_OUTSIDE
HUGE = constants("_runtime/scanner.pxd").HUGE

# What the judge expected where it met bad input, by the kernel's E_* code;
# filled in with the field size.
EXPECTED = {
    _K.E_ROWS: f"the row count NROWS (1..{MAX_ROWS})",
    _K.E_COLS: f"the column count NCOLUMNS (1..{MAX_COLS})",
    _K.E_HEADER_END: "the end of the header line 'NROWS NCOLUMNS'",
    _K.E_NHOLES: "the hole count NHOLES (0 or more)",
    _K.E_NHOLES_END: "the end of the line 'NHOLES'",
    _K.E_HOLE_ROW: "HOLE_ROW (1..{rows})",
    _K.E_HOLE_COL: "HOLE_COLUMN (1..{cols})",
    _K.E_HOLE_END: "the end of the hole line 'HOLE_ROW HOLE_COLUMN'",
    _K.E_PICK_ROW: "PICK_ROW (an integer)",
    _K.E_PICK_COL: "PICK_COLUMN (an integer)",
    _K.E_PICK_END: "the end of the pick line 'PICK_ROW PICK_COLUMN'",
}
_HOLE_CODES, _PICK_CODES = (_K.E_HOLE_ROW, _K.E_HOLE_COL, _K.E_HOLE_END), (_K.E_PICK_ROW, _K.E_PICK_COL, _K.E_PICK_END)
_LINE_FIRST = (_K.E_NHOLES, _K.E_HOLE_ROW)  # met at the start of a line: nothing there is a blank line


class PickWarning(JudgeWarning):
    """A processed pick outside the field: it changed nothing (the board is
    printed again).  ``str()`` gives 'LINE:COL: game G, pick K: warning: ...'."""

    def __init__(self, game: int, pick: int, line: int, column: int, text: str,
                 rows: int, cols: int) -> None:
        self.game, self.pick, self.line, self.column = game, pick, line, column
        self.text, self.rows, self.cols = text, rows, cols

    def __str__(self) -> str:
        return PICK_WARNING.format(**{name: getattr(self, name) for name in PICK_WARNING_FIELDS})

    def __repr__(self) -> str:
        return f"<PickWarning {self}>"


def _warnings(text: bytes) -> "list[JudgeWarning]":
    """The PickWarnings of the kernels' warning lines."""
    found: list[JudgeWarning] = []
    if not text:
        return found
    import re  # only here, for the kernels' warning lines read back: a judge starts without it
    pattern = re.compile("".join(  # PICK_WARNING with its fields as groups
        re.escape(literal) + (f"(?P<{field}>.*)" if field == "text" else f"(?P<{field}>\\d+)" if field else "")
        for literal, field in zip(PICK_WARNING_PIECES, (*PICK_WARNING_FIELDS, None))))
    for line in text.decode("ascii").splitlines():
        match = pattern.fullmatch(line)
        assert match is not None, line  # the kernels write exactly this form
        fields: dict[str, Any] = {name: value if name == "text" else int(value)
                                  for name, value in match.groupdict().items()}
        found.append(PickWarning(**fields))
    return found


def _error(err: tuple[int, int, int, int, int, int, tuple[int, int, bytes, bool, bool]]) -> "JudgeError":
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


def judge(data: "JudgeInput", *, team: str = "0", program: int = 6, backend: "Optional[str]" = None,
          emit: "Emit" = None, warn: "Optional[Callable[[bytes], object]]" = None) -> "JudgeResult":
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


if TYPE_CHECKING:
    class _Outcome(NamedTuple):
        revealed: int
        fell: bool
        outside: bool
else:  # the same tuple at run time, written out: a judge starts without collections and typing
    class _Outcome(Record, fields=("revealed", "fell", "outside")):
        __slots__ = ()

        def __new__(cls, revealed, fell, outside):
            return tuple.__new__(cls, (revealed, fell, outside))


class Outcome(_Outcome):
    """What one pick did: ``revealed`` patches were inspected (0: none),
    the player ``fell`` in a hole, or the pick was ``outside`` the field."""

    __slots__ = ()

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
    _state: "State"

    def __init__(self, rows: int, cols: int, holes: "Iterable[tuple[int, int]]" = (), *,
                 backend: "Optional[str]" = None) -> None:
        spots = [(index(r), index(c)) for r, c in holes]
        self._state = _load("gopher", backend).State(index(rows), index(cols), spots)

    @classmethod
    def from_text(cls, text: str, *, backend: "Optional[str]" = None) -> "Field":
        """Build from judge text (one game, as samegame.Board.from_text): 'NROWS
        NCOLUMNS', NHOLES, then NHOLES 'ROW COLUMN' (the picks after them are
        not read)."""
        values = [int(t) for t in text.split()]
        if len(values) < 3 or len(values) < 3 + 2 * values[2]:
            raise ValueError("judge text needs 'NROWS NCOLUMNS', NHOLES and NHOLES 'ROW COLUMN' lines")
        holes = values[3:3 + 2 * values[2]]
        return cls(values[0], values[1], zip(holes[::2], holes[1::2]), backend=backend)

    rows = StateAttr[int]("rows of the field")
    cols = StateAttr[int]("columns of the field")
    safe_left = StateAttr[int]("safe patches not inspected yet")

    @property
    def fell(self) -> bool:
        """the player fell in a hole: the game is over"""
        return self._state.fell_at is not None

    fell_at: "StateAttr[Optional[tuple[int, int]]]" = StateAttr("(row, col) of the hole the player fell in, or None")

    @property
    def won(self) -> bool:
        """every safe patch is inspected (and the player never fell)"""
        return self._state.safe_left == 0 and self._state.fell_at is None

    @property
    def holes(self) -> list[tuple[int, int]]:
        """The holes, as sorted (row, col) pairs."""
        return self._state.holes()

    def pick(self, row: int, col: int) -> "Outcome":
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

    def _drawing(self) -> "Drawing":
        """This object's picture (``render(format="svg")``, gridgames.pictures)."""
        from ._svg import draw
        return draw(self)

    def render(self, format: str = "text") -> str:
        """The fenced board, as the judge prints it (each line ends with a
        newline).  ``format="svg"``: an SVG 1.1 picture instead (gridgames.pictures)."""
        return super().render(format)

    def _key(self) -> "tuple[int, int, list[tuple[int, int]], bytes]":
        return self.rows, self.cols, self.holes, self._state.snapshot()

    def __repr__(self) -> str:
        state = "fell" if self.fell else "won" if self.won else f"{self.safe_left} safe left"
        return f"<Field {self.rows}x{self.cols} {len(self.holes)} holes, {state}>"
