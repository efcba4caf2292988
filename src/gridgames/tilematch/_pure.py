"""Pure-Python twin of ``_kernel.pyx``: same names, same results.

The board is a list of columns, each a list of ``rows`` tiles from the bottom
up (0: empty); rows at index ``h`` and above are hidden.
"""
from .._out import Out
from .._scan import HUGE, TOK_EOF, TOK_INT, TOK_NEG, Scanner
from ._check import check_board

MAX_WIDTH, MAX_ROWS = 64, 256
EMPTY = 0
# What the judge loop expected when it met a bad token (see tilematch.EXPECTED).
(E_COUNT, E_MISSING, E_WIDTH, E_HEIGHT, E_RUN, E_ROWS, E_TILE, E_MOVES,
 E_MOVE) = range(1, 10)


class State:
    """A tile-match position.  ``cells`` are nrows*w tiles 0..9 (0: empty),
    row-major, TOP row first (the judge order); the bottom given row is row 0
    and rows above h are hidden."""

    __slots__ = ("width", "height", "rows", "k", "tiles", "_columns")

    def __init__(self, w, h, k, nrows, cells):
        cells = check_board(w, h, k, nrows, cells, MAX_WIDTH, MAX_ROWS)
        self.width, self.height, self.rows, self.k = w, h, max(nrows, h), k
        pad = [EMPTY] * (self.rows - nrows)
        self._columns = [cells[c::w][::-1] + pad for c in range(w)]
        self.tiles = sum(1 for v in cells if v)

    def copy(self):
        new = State.__new__(State)
        new.width, new.height, new.rows, new.k, new.tiles = \
            self.width, self.height, self.rows, self.k, self.tiles
        new._columns = [col[:] for col in self._columns]
        return new

    def move(self, c1, r1, c2, r2):
        """Move or swap the tile at (c1, r1) to (c2, r2); False if invalid."""
        w, h, cols = self.width, self.height, self._columns
        if not (0 <= c1 < w and 0 <= r1 < h and 0 <= c2 < w and 0 <= r2 < h) \
                or abs(c2 - c1) + abs(r2 - r1) != 1 or cols[c1][r1] == EMPTY:
            return False
        cols[c1][r1], cols[c2][r2] = cols[c2][r2], cols[c1][r1]
        return True

    def drop(self):
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

    def eliminate(self):
        """One elimination phase; the number of tiles removed."""
        w, h, k, cols = self.width, self.height, self.k, self._columns
        marked = set()
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

    def snapshot(self):
        """rows*w bytes, row-major, TOP row first (hidden rows included)."""
        return bytes(col[r] for r in range(self.rows - 1, -1, -1) for col in self._columns)

    def render(self):
        """The judge rendering of the visible rows."""
        h = self.height
        return b"".join(
            b" " * (2 * (h - r)) + b"   ".join(b"%c" % (48 + col[r] if col[r] else 45)
                                             for col in self._columns) + b"\n"
            for r in range(h - 1, -1, -1))


def settle(state, out):
    """Drop and elimination phases alternating, from a drop phase, until two
    phases in a row change nothing or no tile is left; the report is appended
    to ``out``.  Returns True if the board was cleared."""
    quiet = 0  # phases in a row that changed nothing
    while True:
        if state.drop():
            quiet = 0
            out.append(b"Board after drops:\n" + state.render())
        else:
            quiet += 1
            out.append(b"No drops.\n")
        if quiet == 2:
            return False
        if state.eliminate():
            quiet = 0
            out.append(b"Board after eliminations:\n" + state.render())
            if state.tiles == 0:
                out.append(b"The board is cleared!\n")
                return True
        else:
            quiet += 1
            out.append(b"No eliminations.\n")
        if quiet == 2:
            return False


def _read_count(scan, lo, hi):
    kind, v = scan.next_int()
    return v if kind == TOK_INT and lo <= v <= hi else None


def _read_data_set(scan):
    """Read one data set up to its move count: (state, moves) or the E_* code
    of the bad token (at scan.start)."""
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
    cells = []
    for _ in range(nrows * w):
        v = _read_count(scan, 0, 9)
        if v is None:
            return E_TILE
        cells.append(v)
    moves = _read_count(scan, 0, HUGE - 1)
    if moves is None:
        return E_MOVES
    return State(w, h, k, nrows, cells), moves


def _skipping(out, cleared, left):
    if cleared and left > 0:
        out.append(b"Skipping %d move(s).\n" % left)


def judge(data, emit=None):
    """Run a whole judge file.  Returns (output bytes, None) or, on bad input,
    (output of every complete data set, (data set number or 0 for the
    header, byte offset, E_* code)).  With ``emit``, output is passed to it
    in chunks (whole data sets) as it is made and the returned bytes are the
    rest."""
    scan = Scanner(data)
    kind, count = scan.next_int()
    if kind == TOK_EOF:
        return b"", None
    if kind != TOK_INT or count >= HUGE:
        return b"", (0, scan.start, E_COUNT)
    out = Out(emit)
    out.append(b"Analyzing %d data set(s)\n" % count)
    for n in range(1, count + 1):
        out.boundary()  # only here: a data set is kept or dropped whole
        mark = len(out)
        got = _read_data_set(scan)
        if isinstance(got, int):
            del out[mark:]  # only complete data sets are kept
            return out.close(), (n, scan.start, got)
        state, moves = got
        out.append(b"Data Set %d\nBoard Position:\n%sAfter move 0:\n" % (n, state.render()))
        cleared = settle(state, out)
        _skipping(out, cleared, moves)
        for i in range(1, moves + 1):
            xy = []
            for _ in range(4):
                kind, v = scan.next_int()
                if kind != TOK_INT and kind != TOK_NEG:  # a negative one is just an invalid move
                    del out[mark:]
                    return out.close(), (n, scan.start, E_MOVE)
                xy.append(v)
            if cleared:  # skipped, but still read and checked
                continue
            out.append(b"After move %d:\n" % i)
            if state.move(*xy):
                out.append(state.render())
                cleared = settle(state, out)
                _skipping(out, cleared, moves - i)
            else:
                out.append(b"Move is invalid.\n")
    return out.close(), None
