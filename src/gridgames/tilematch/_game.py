"""Tile-match: the judge function, the Board and its settling phases (the package hands them on)."""

from _operator import index  # operator's C half, built in: a judge starts without operator.py

from .._runtime import Record
from .._runtime.backend import kernel as _load
from .._runtime.judge import Emit, JudgeError, JudgeInput, JudgeResult, error_where, source
from .._runtime.kernel_constants import constants
from .._runtime.state_wrapper import StateAttr, Wrapper, int_rows

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import NamedTuple, Optional, Union

    from .._runtime.drawing import Drawing
    from ._kernel import State

_K = constants("tilematch/_kernel.pxd")  # capacities and codes (read once, no kernel import)
FAR, MAX_ROWS, MAX_WIDTH = _K.FAR, _K.MAX_ROWS, _K.MAX_WIDTH
HUGE = constants("_runtime/scanner.pxd").HUGE

# What the judge expected where it met a bad token, by the kernel's E_* code.
EXPECTED = {
    _K.E_COUNT: f"the number of data sets D (0..{HUGE - 1})",
    _K.E_MISSING: "another data set (the board size 'W H'; D announces more)",
    _K.E_WIDTH: f"the board width W (1..{MAX_WIDTH})",
    _K.E_HEIGHT: f"the board height H (1..{MAX_ROWS})",
    _K.E_RUN: "the run length K (2 or more)",
    _K.E_ROWS: f"the number of given rows R (0..{MAX_ROWS})",
    _K.E_TILE: "a tile 0..9",
    _K.E_MOVES: f"the number of moves M (0..{HUGE - 1})",
    _K.E_MOVE: "a move coordinate (an integer)",
}


def judge(data: "JudgeInput", *, backend: "Optional[str]" = None, emit: "Emit" = None) -> "JudgeResult":
    """Run a judge file: ``data`` is any bytes-like object, or a binary file
    (read in pieces).  Returns a JudgeResult: the output of every complete
    data set, and None or a JudgeError with line and column (no warnings).
    With ``emit`` (a function taking bytes, e.g. a file's write, or a file
    descriptor), the output goes to it in chunks as it is made and only the
    rest is returned.  Each data set is read and
    checked whole before it is played, so a bad token writes nothing of its
    data set, and memory follows one data set's input, never its output."""
    out, found = _load("tilematch", backend).judge(source(data), emit)
    err: Optional[JudgeError] = None
    if found is not None:
        item, code, where = found
        err = error_where(where, f"data set {item}" if item else "header", EXPECTED[code])
    return JudgeResult(out, err, [])


if TYPE_CHECKING:
    class Phase(NamedTuple):
        kind: str
        count: int  # type: ignore[assignment]  # shadows tuple.count, as it always did
        cleared: bool
else:  # the same tuple at run time, written out: a judge starts without collections and typing
    class Phase(Record, fields=("kind", "count", "cleared")):
        """One phase of a settling: ``kind`` is "drops" or "eliminations",
        ``count`` the tiles that fell or were removed (0: the phase changed nothing),
        ``cleared`` True once no tile is left anywhere (the settling then ends)."""

        __slots__ = ()

        def __new__(cls, kind, count, cleared):
            return tuple.__new__(cls, (kind, count, cleared))


class Board(Wrapper):
    """A tile-match position.

    ``Board(rows, k=K, height=H)`` takes the given rows TOP row first, as in
    the judge file: each a string of digits or a sequence of ints 0..9 (0 is
    an empty cell).  The last row is row 0; with ``height`` H below the number
    of rows the top ones are hidden, above it the missing rows are empty
    (default: all rows visible).  Positions are (column, row), both from 0,
    row 0 at the bottom.  ``backend`` is None (the default choice),
    "compiled" or "pure".
    """

    __slots__ = ()
    _state: "State"

    def __init__(self, rows: "Iterable[Union[str, Iterable[int]]]", *, k: int,
                 height: "Optional[int]" = None, backend: "Optional[str]" = None) -> None:
        grid = int_rows(rows)
        if not grid or any(len(row) != len(grid[0]) for row in grid):
            raise ValueError("rows must be non-empty and all of one length")
        height = len(grid) if height is None else index(height)
        self._state = _load("tilematch", backend).State(
            len(grid[0]), height, index(k), len(grid), [v for row in grid for v in row])

    @classmethod
    def from_text(cls, text: str, *, backend: "Optional[str]" = None) -> "Board":
        """Build from judge text (one data set, as samegame.Board.from_text):
        'W H', K, R, then R rows of W tiles, top row first (the moves after
        them are not read)."""
        values = [int(t) for t in text.split()]
        if len(values) < 4 or len(values) < 4 + values[0] * values[3]:
            raise ValueError("judge text needs 'W H', K, R and R rows of W tiles")
        w, h, k, r = values[:4]
        tiles = values[4:4 + w * r]
        return cls([tiles[i * w:(i + 1) * w] for i in range(r)], k=k, height=h, backend=backend)

    width = StateAttr[int]("columns W")
    height = StateAttr[int]("visible rows H")

    @property
    def cols(self) -> int:
        """``width``, by the name the other games' boards give it."""
        return self.width

    @property
    def rows(self) -> int:
        """``height`` (the visible rows), by the name the other games' boards give it."""
        return self.height

    @property
    def hidden(self) -> int:
        """rows kept above the visible board"""
        return self._state.rows - self._state.height

    k = StateAttr[int]("shortest run that is removed")
    tiles = StateAttr[int]("tiles left, hidden ones included")

    @property
    def cleared(self) -> bool:
        """no tile left anywhere"""
        return self._state.tiles == 0

    def move(self, c1: int, r1: int, c2: int, r2: int) -> bool:
        """Move the tile at (c1, r1) one square to (c2, r2), swapping with a
        tile there.  The column comes first (c, r), as in the contest's move
        lines 'c1 r1 c2 r2', unlike the (r, c) of the other games; row 0 is
        the bottom row.  Returns False (and changes nothing) for an invalid move:
        no tile at (c1, r1), diagonal, not exactly one square, or an end off
        the visible board.  Tiles do not fall until the next drop phase."""
        # Clamped to a C-sized range: a clamped coordinate is off the board either way.
        return self._state.move(*(min(max(index(v), -1), FAR) for v in (c1, r1, c2, r2)))

    def drop(self) -> int:
        """One drop phase: every tile falls as far as it can in its column
        (hidden rows included).  Returns the number of tiles that moved."""
        return self._state.drop()

    def eliminate(self) -> int:
        """One elimination phase: every horizontal and vertical run of k or
        more equal tiles in the visible rows is removed, all at once.  Returns
        the number of tiles removed."""
        return self._state.eliminate()

    def settle(self) -> "Iterator[Phase]":
        """Settle the board one phase at a time: yields a :class:`Phase` after
        each drop or elimination phase (the board already changed, so it can
        be rendered), starting with drops, until two phases in a row change
        nothing or the board is cleared."""
        state = self._state
        state.settle_begin()
        while True:
            kind, count, cleared, done = state.settle_next()
            yield Phase(kind, count, cleared)
            if done:
                return

    def grid(self, hidden: bool = False) -> list[tuple[int, ...]]:
        """Rows top first, each a tuple of tiles (0 for empty); the visible
        rows only, unless ``hidden``."""
        snap, w = self._state.snapshot(), self.width
        first = 0 if hidden else self.hidden
        return [tuple(snap[r * w:(r + 1) * w]) for r in range(first, self._state.rows)]

    def _drawing(self) -> "Drawing":
        """This object's picture (``render(format="svg")``, gridgames.pictures)."""
        from ._svg import draw
        return draw(self)

    def render(self, format: str = "text") -> str:
        """The judge rendering of the visible rows: top row first, '-' for an
        empty cell, three blanks between cells, row i indented 2*i blanks. ``format="svg"``:
        an SVG 1.1 picture instead (gridgames.pictures)."""
        return super().render(format)

    def _key(self) -> "tuple[int, int, int, int, bytes]":
        return self.width, self.height, self.k, self._state.rows, self._state.snapshot()

    def __repr__(self) -> str:
        rows = ["".join(str(v) if v else "." for v in row) for row in self.grid(hidden=True)]
        return (f"<Board {self.width}x{self.height}+{self.hidden} hidden k={self.k} "
                f"{self.tiles} tiles {rows}>")
