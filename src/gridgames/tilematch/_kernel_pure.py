"""Pure-Python twin of ``_kernel.pyx``: same names, same results.

The board is a list of columns, each a list of ``rows`` tiles from the bottom
up (0: empty); rows at index ``h`` and above are hidden.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from typing import IO, Optional, Union

from .._runtime.kernel_constants import constants
from .._runtime.output_pure import Out
from .._runtime.scanner_pure import HUGE, TOK_EOF, TOK_INT, TOK_NEG, Scanner
from ._check import check_board

# Capacities and codes, read from the compiled kernel's .pxd.
_K = constants("tilematch/_kernel.pxd")
MAX_WIDTH, MAX_ROWS, EMPTY, FAR = _K.MAX_WIDTH, _K.MAX_ROWS, _K.EMPTY, _K.FAR
# What the judge loop expected when it met a bad token (see tilematch.EXPECTED).
E_COUNT, E_MISSING, E_WIDTH, E_HEIGHT, E_RUN = _K.E_COUNT, _K.E_MISSING, _K.E_WIDTH, _K.E_HEIGHT, _K.E_RUN
E_ROWS, E_TILE, E_MOVES, E_MOVE = _K.E_ROWS, _K.E_TILE, _K.E_MOVES, _K.E_MOVE
SPILL, MOVE_OFF = _K.SPILL, _K.MOVE_OFF
# the scanner's describe(): (line, column, first bytes of the token, more follows, at end of input)
_Where = tuple[int, int, bytes, bool, bool]


class State:
    """A tile-match position.  ``cells`` are nrows*w tiles 0..9 (0: empty),
    row-major, TOP row first (the judge order); the bottom given row is row 0
    and rows above h are hidden."""

    __slots__ = ("width", "height", "rows", "k", "tiles", "_columns", "_quiet", "_drops", "_done")
    width: int
    height: int
    rows: int
    k: int
    tiles: int
    _columns: list[list[int]]
    _quiet: int
    _drops: bool
    _done: bool

    def __init__(self, w: int, h: int, k: int, nrows: int, cells: list[int]) -> None:
        cells = check_board(w, h, k, nrows, cells, MAX_WIDTH, MAX_ROWS)
        self.width, self.height, self.rows, self.k = w, h, max(nrows, h), k
        pad = [EMPTY] * (self.rows - nrows)
        self._columns = [cells[c::w][::-1] + pad for c in range(w)]
        self.tiles = sum(1 for v in cells if v)

    def copy(self) -> State:
        new = State.__new__(State)
        new.width, new.height, new.rows, new.k, new.tiles = \
            self.width, self.height, self.rows, self.k, self.tiles
        new._columns = [col[:] for col in self._columns]
        return new

    def move(self, c1: int, r1: int, c2: int, r2: int) -> bool:
        """Move or swap the tile at (c1, r1) to (c2, r2); False if invalid."""
        w, h, cols = self.width, self.height, self._columns
        if not (0 <= c1 < w and 0 <= r1 < h and 0 <= c2 < w and 0 <= r2 < h) \
                or abs(c2 - c1) + abs(r2 - r1) != 1 or cols[c1][r1] == EMPTY:
            return False
        cols[c1][r1], cols[c2][r2] = cols[c2][r2], cols[c1][r1]
        return True

    def drop(self) -> int:
        """One drop phase; the number of tiles that moved."""
        moved = 0
        for c, col in enumerate(self._columns):
            holes = here = 0  # a tile moves iff there is a hole below it
            for v in col:
                if not v:
                    holes += 1
                elif holes:
                    here += 1
            if here:
                self._columns[c] = [v for v in col if v] + [EMPTY] * holes
                moved += here
        return moved

    def eliminate(self) -> int:
        """One elimination phase; the number of tiles removed."""
        w, h, k, cols = self.width, self.height, self.k, self._columns
        marked: set[tuple[int, int]] = set()
        for c, col in enumerate(cols):  # vertical runs
            r = 0
            while r < h:
                v, e = col[r], r + 1
                while e < h and col[e] == v:
                    e += 1
                if v and e - r >= k:
                    marked.update((c, i) for i in range(r, e))
                r = e
        for r in range(h):  # horizontal runs
            c = 0
            while c < w:
                v, e = cols[c][r], c + 1
                while e < w and cols[e][r] == v:
                    e += 1
                if v and e - c >= k:
                    marked.update((i, r) for i in range(c, e))
                c = e
        for c, r in marked:
            cols[c][r] = EMPTY
        self.tiles -= len(marked)
        return len(marked)

    def settle_begin(self) -> None:
        """Start a settling (the next phase is a drop phase)."""
        self._quiet, self._drops, self._done = 0, True, False

    def settle_next(self) -> tuple[str, int, bool, bool]:
        """The next phase of the settling: (kind, count, cleared, done).  The
        rule: drop and elimination phases alternate, from a drop phase, until
        two phases in a row change nothing or an elimination leaves no tile."""
        drops = self._drops
        count = self.drop() if drops else self.eliminate()
        self._quiet = 0 if count else self._quiet + 1
        cleared = not drops and count > 0 and self.tiles == 0
        self._done = self._quiet == 2 or cleared
        self._drops = not drops
        return ("drops" if drops else "eliminations"), count, cleared, self._done

    def snapshot(self) -> bytes:
        """rows*w bytes, row-major, TOP row first (hidden rows included)."""
        return bytes(col[r] for r in range(self.rows - 1, -1, -1) for col in self._columns)

    def render(self) -> bytes:
        """The judge rendering of the visible rows."""
        h = self.height
        return b"".join(
            b" " * (2 * (h - r)) + b"   ".join(b"%c" % (48 + col[r] if col[r] else 45)
                                             for col in self._columns) + b"\n"
            for r in range(h - 1, -1, -1))


_TITLES: dict[str, tuple[bytes, bytes]] = {"drops": (b"Board after drops:\n", b"No drops.\n"),
           "eliminations": (b"Board after eliminations:\n", b"No eliminations.\n")}


def settle(state: State, out: Out) -> bool:
    """Settle the board, reporting each phase to ``out``.  Returns True if
    the board was cleared."""
    state.settle_begin()
    while True:
        kind, count, cleared, done = state.settle_next()
        title, quiet = _TITLES[kind]
        out.append(title + state.render() if count else quiet)
        if cleared:
            out.append(b"The board is cleared!\n")
        if done:
            return cleared


def _read_count(scan: Scanner, lo: int, hi: int) -> Optional[int]:
    kind, v = scan.next_int()
    return v if kind == TOK_INT and lo <= v <= hi else None


def _read_data_set(scan: Scanner, moves: Moves) -> Union[int, State]:
    """Read and check one whole data set: its state (its moves into
    ``moves``) or the E_* code of the bad token (at scan.start)."""
    kind, w = scan.next_int()
    if kind == TOK_EOF:
        return E_MISSING
    if kind != TOK_INT or not 1 <= w <= MAX_WIDTH:
        return E_WIDTH
    h = _read_count(scan, 1, MAX_ROWS)
    if h is None:
        return E_HEIGHT
    k = _read_count(scan, 2, HUGE)
    if k is None:
        return E_RUN
    nrows = _read_count(scan, 0, MAX_ROWS)
    if nrows is None:
        return E_ROWS
    cells: list[int] = []
    for _ in range(nrows * w):
        v = _read_count(scan, 0, 9)
        if v is None:
            return E_TILE
        cells.append(v)
    count = _read_count(scan, 0, HUGE - 1)
    if count is None:
        return E_MOVES
    moves.clear()
    for _ in range(count):  # count may be huge: the input runs out first
        xy: list[int] = []
        for _ in range(4):
            kind, v = scan.next_int()
            if kind != TOK_INT and kind != TOK_NEG:  # a negative one is just an invalid move
                return E_MOVE
            xy.append(v)
        moves.add(move_code(w, h, *xy))
    return State(w, h, k, nrows, cells)


def move_code(w: int, h: int, c1: int, r1: int, c2: int, r2: int) -> int:
    """A move in 16 bits: MOVE_OFF if it is off the board or not to an
    adjacent square (invalid whatever the tiles), else c1, r1 and the
    direction (up, down, left, right: 0..3), c1 << 10 | r1 << 2 | d."""
    if not (0 <= c1 < w and 0 <= r1 < h and 0 <= c2 < w and 0 <= r2 < h):
        return MOVE_OFF
    d = _DIRECTIONS.get((c2 - c1, r2 - r1))
    return MOVE_OFF if d is None else c1 << 10 | r1 << 2 | d


_DIRECTIONS = {(0, 1): 0, (0, -1): 1, (-1, 0): 2, (1, 0): 3}
_STEPS = [(0, 1), (0, -1), (-1, 0), (1, 0)]


def play_move(state: State, code: int) -> bool:
    if code == MOVE_OFF:
        return False
    c, r, (dc, dr) = code >> 10, (code >> 2) & 255, _STEPS[code & 3]
    return state.move(c, r, c + dc, r + dr)


class Moves:
    """A data set's moves as codes (move_code): SPILL of them held in
    memory, the rest in a temporary file, so memory stays bounded."""

    def __init__(self) -> None:
        self.held = array("H")
        self.n = self.spilled = 0
        self.file: Optional[IO[bytes]] = None

    def clear(self) -> None:
        del self.held[:]
        self.n = self.spilled = 0
        if self.file is not None:
            self.file.seek(0)

    def add(self, code: int) -> None:
        if len(self.held) == SPILL:
            if self.file is None:
                import tempfile
                self.file = tempfile.TemporaryFile()
            self.held.tofile(self.file)
            del self.held[:]
            self.spilled += SPILL
        self.held.append(code)
        self.n += 1

    def __iter__(self) -> Iterator[int]:
        """The codes in order (once: the ones held are then in the file too)."""
        if self.file is None or not self.spilled:
            yield from self.held
            return
        self.held.tofile(self.file)
        self.file.seek(0)
        for start in range(0, self.n, SPILL):
            chunk = array("H")
            chunk.fromfile(self.file, min(SPILL, self.n - start))
            yield from chunk

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _skipping(out: Out, cleared: bool, left: int) -> None:
    if cleared and left > 0:
        out.append(b"Skipping %d move(s).\n" % left)


def _play(out: Out, state: State, moves: Moves, n: int) -> None:
    out.append(b"Data Set %d\nBoard Position:\n%sAfter move 0:\n" % (n, state.render()))
    cleared = settle(state, out)
    _skipping(out, cleared, moves.n)
    if cleared:
        return
    for i, code in enumerate(moves, 1):
        out.boundary()
        out.append(b"After move %d:\n" % i)
        if play_move(state, code):
            out.append(state.render())
            cleared = settle(state, out)
            _skipping(out, cleared, moves.n - i)
            if cleared:
                return
        else:
            out.append(b"Move is invalid.\n")


def judge(src: object, emit: Optional[Union[int, Callable[[bytes], object]]] = None
          ) -> tuple[bytes, Optional[tuple[int, int, _Where]]]:
    """Run a whole judge file: ``src`` is a bytes-like object or a binary
    file (read in pieces).  Returns (output bytes, None) or, on bad input,
    (output of every complete data set, (data set number or 0 for the
    header, E_* code, where)), where is the scanner's describe() tuple.  With
    ``emit``, output is passed to it in chunks as it is made and the
    returned bytes are the rest."""
    scan = Scanner(src)
    out = Out(emit)
    moves = Moves()
    try:
        n, code = run(scan, out, moves)
    finally:
        moves.close()
    return out.close(), ((n, code, scan.describe(scan.start, scan.at_token)) if code else None)


def run(scan: Scanner, out: Out, moves: Moves) -> tuple[int, int]:
    """The judge loop: (data set number, E_* code or 0)."""
    kind, count = scan.next_int()
    if kind == TOK_EOF:
        return 0, 0
    if kind != TOK_INT or count >= HUGE:
        return 0, E_COUNT
    out.append(b"Analyzing %d data set(s)\n" % count)
    for n in range(1, count + 1):
        got = _read_data_set(scan, moves)
        if isinstance(got, int):
            return n, got
        out.boundary()
        _play(out, got, moves, n)
    return count, 0
