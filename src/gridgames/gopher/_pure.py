"""Pure-Python twin of ``_kernel.pyx``: same names, same results.

The field is a bytearray per layer (holes, adjacent-hole counts, board
characters), row-major with a one-patch border, so neighbours are fixed
offsets and the flood needs no bounds tests, as in the kernel.
"""
from .._out import Out
from .._scan import TOK_EOF, TOK_INT, TOK_NEG, Scanner
from ._check import check_field

MAX_ROWS, MAX_COLS = 100, 100
PICK_FELL, PICK_OUTSIDE = -1, -2
# What the judge loop expected when it met bad input (see gopher.EXPECTED).
# Each 'A B' line has three codes in a row (bad A, bad B, a third token).
(E_ROWS, E_COLS, E_HEADER_END, E_NHOLES, E_NHOLES_END, E_HOLE_ROW, E_HOLE_COL,
 E_HOLE_END, E_PICK_ROW, E_PICK_COL, E_PICK_END) = range(1, 12)

UNSEEN, HOLE, FALLEN = ord("#"), ord("*"), ord("!")
SHOWN = b" 12345678"  # the character of an inspected patch, by adjacent holes


class State:
    """A gopher-hole field of rows x cols patches with holes at the 1-based
    (row, col) pairs of ``holes`` (a hole listed twice counts once)."""

    __slots__ = ("rows", "cols", "safe_left", "_fell", "_stride", "_around",
                 "_hole", "_near", "_shown")

    def __init__(self, rows, cols, holes=()):
        spots = check_field(rows, cols, holes, MAX_ROWS, MAX_COLS)  # before touching the field
        self.rows, self.cols, self.safe_left, self._fell = rows, cols, rows * cols, -1
        stride = self._stride = cols + 2
        self._around = (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
        size = (rows + 2) * stride
        self._hole, self._near, self._shown = bytearray(size), bytearray(size), bytearray(size)
        for r in range(1, rows + 1):  # the border stays 0, never UNSEEN
            self._shown[r * stride + 1:r * stride + 1 + cols] = b"#" * cols
        for r, c in spots:
            self._add_hole(r, c)

    def _add_hole(self, r, c):
        i = r * self._stride + c
        if self._hole[i]:
            return
        self._hole[i] = 1
        self.safe_left -= 1
        for d in self._around:
            self._near[i + d] += 1

    @property
    def fell_at(self):
        return None if self._fell < 0 else divmod(self._fell, self._stride)

    def holes(self):
        s = self._stride
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)
                if self._hole[r * s + c]]

    def copy(self):
        new = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            setattr(new, name, value[:] if isinstance(value, bytearray) else value)
        return new

    def _reveal(self, i):
        """Inspect the safe unseen patch i and flood from every zero patch;
        return how many patches were inspected."""
        shown, near, around = self._shown, self._near, self._around
        shown[i] = SHOWN[near[i]]
        queue = [i]
        for j in queue:  # the list grows while it is walked: a BFS queue
            if near[j]:
                continue  # the numbered border of the flood does not spread
            for d in around:
                k = j + d
                if shown[k] == UNSEEN:  # a neighbour of a zero patch is never a hole
                    shown[k] = SHOWN[near[k]]
                    queue.append(k)
        return len(queue)

    def _fall(self, i):
        shown, hole = self._shown, self._hole
        for k in range(len(hole)):
            if hole[k]:
                shown[k] = HOLE
        shown[i] = FALLEN
        self._fell = i

    def pick(self, r, c):
        """Inspected count (0: no change), PICK_FELL or PICK_OUTSIDE."""
        if not (1 <= r <= self.rows and 1 <= c <= self.cols):
            return PICK_OUTSIDE
        if self._fell >= 0:
            return 0
        i = r * self._stride + c
        if self._hole[i]:
            self._fall(i)
            return PICK_FELL
        if self._shown[i] != UNSEEN:
            return 0
        count = self._reveal(i)
        self.safe_left -= count
        return count

    def _rows(self):
        s, n = self._stride, self.cols
        return [self._shown[r * s + 1:r * s + 1 + n] for r in range(1, self.rows + 1)]

    def snapshot(self):
        """rows*cols board characters, row-major, row 1 first."""
        return b"".join(self._rows())

    def render(self):
        """The fenced board, as the judge prints it."""
        fence = b"+" + b"-" * self.cols + b"+\n"
        return fence + b"".join([b"|" + row + b"|\n" for row in self._rows()]) + fence


class _Lines:
    """The input line by line (LF or CR LF), each scanned with the shared
    Scanner; ``start`` is the absolute offset of the last token, or of the
    end of the line, or of the end of the input once no line is left."""

    __slots__ = ("_data", "_pos", "_base", "_scan")

    def __init__(self, data):
        self._data, self._pos = data, 0

    def next(self):
        data, p = self._data, self._pos
        if p >= len(data):
            self._base, self._scan = len(data), Scanner(b"")
            return False
        end = data.find(b"\n", p)
        if end < 0:
            end = len(data)
        self._pos = end + 1
        if end > p and data[end - 1] == 13:
            end -= 1
        self._base, self._scan = p, Scanner(data[p:end])
        return True

    def next_int(self):
        return self._scan.next_int()

    @property
    def start(self):
        return self._base + self._scan.start


def fits(kind, v, hi):
    """An integer in 1..hi, or any integer when hi is 0."""
    if hi == 0:
        return kind == TOK_INT or kind == TOK_NEG
    return kind == TOK_INT and 1 <= v <= hi


def check_pair(lines, kind, a, max_a, max_b):
    """Check a line 'A B' whose A (a token of this kind) is read: A in
    1..max_a and B in 1..max_b, or any integers when max_a is 0 (a pick).
    Reads B and the end of the line; returns (0, or 1, 2, 3 for a bad A, a
    bad B, a third token, B)."""
    if not fits(kind, a, max_a):
        return 1, 0
    kind, b = lines.next_int()
    if not fits(kind, b, max_b):
        return 2, b
    if lines.next_int()[0] != TOK_EOF:
        return 3, b
    return 0, b


def judge(data, emit=None):
    """Run a whole judge file.  Returns (boards, error, warnings): the boards
    of every processed pick, separated by empty lines (no header or end line);
    error is None or (game, byte offset, E_* code, hole or pick number,
    NHOLES, rows, cols); warnings lists (game, pick number, byte offset, rows,
    cols) for each processed pick outside the field.  With ``emit``, the
    boards are passed to it in chunks as they are made and the returned bytes
    are the rest."""
    lines = _Lines(bytes(data))
    boards, warnings = Out(emit), []
    printed = 0  # every board but the first follows an empty line
    game = index = count = rows = cols = 0

    def bad(code):
        error = (game, lines.start, code, index, count, rows, cols)
        return boards.close(), error, warnings

    while True:
        index = count = rows = cols = 0
        while True:  # blank lines separate the games
            if not lines.next():
                return boards.close(), None, warnings
            kind, value = lines.next_int()
            if kind != TOK_EOF:
                break
        game += 1
        culprit, width = check_pair(lines, kind, value, MAX_ROWS, MAX_COLS)
        if culprit:
            return bad(E_ROWS - 1 + culprit)
        rows, cols = value, width
        if not lines.next():
            return bad(E_NHOLES)
        kind, nholes = lines.next_int()
        if kind != TOK_INT:
            return bad(E_NHOLES)
        if lines.next_int()[0] != TOK_EOF:
            return bad(E_NHOLES_END)
        count = nholes
        holes = []
        while index < nholes:  # nholes may be huge: input runs out first
            index += 1
            if not lines.next():
                return bad(E_HOLE_ROW)
            kind, r = lines.next_int()
            culprit, c = check_pair(lines, kind, r, rows, cols)
            if culprit:
                return bad(E_HOLE_ROW - 1 + culprit)
            holes.append((r, c))
        field = State(rows, cols, holes)
        count = index = 0
        while lines.next():
            kind, r = lines.next_int()
            if kind == TOK_EOF:
                break  # a blank line ends the game
            index += 1
            row_at = lines.start
            culprit, c = check_pair(lines, kind, r, 0, 0)
            if culprit:
                return bad(E_PICK_ROW - 1 + culprit)
            if field.fell_at is not None:
                continue  # the game is lost: later picks are read and skipped
            if field.pick(r, c) == PICK_OUTSIDE:
                warnings.append((game, index, row_at, rows, cols))
            boards.boundary()
            boards.append(b"\n" + field.render() if printed else field.render())
            printed += 1
