"""Pure-Python twin of ``_kernel.pyx``: same names, same results.

The field is a bytearray per layer (holes, adjacent-hole counts, board
characters), row-major with a one-patch border, so neighbours are fixed
offsets and the flood needs no bounds tests, as in the kernel.  As there, the
board characters are the fenced board's text (rows of cols + 3 bytes: '|',
the patches, '|', LF; a fence above and below), so rendering is a copy.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Optional, Union

from .._runtime.kernel_constants import constants
from .._runtime.output_pure import Out
from .._runtime.scanner_pure import TOK_EOF, TOK_INT, TOK_NEG, Scanner, Where
from ._check import PICK_WARNING, check_field

# Capacities and codes, read from the compiled kernel's .pxd.
_K = constants("gopher/_kernel.pxd")
MAX_ROWS, MAX_COLS = _K.MAX_ROWS, _K.MAX_COLS
PICK_FELL, PICK_OUTSIDE = _K.PICK_FELL, _K.PICK_OUTSIDE
# What the judge loop expected when it met bad input (see gopher.EXPECTED).
# Each 'A B' line has three codes in a row (bad A, bad B, a third token).
E_ROWS, E_COLS, E_HEADER_END, E_NHOLES, E_NHOLES_END = \
    _K.E_ROWS, _K.E_COLS, _K.E_HEADER_END, _K.E_NHOLES, _K.E_NHOLES_END
E_HOLE_ROW, E_HOLE_COL, E_HOLE_END = _K.E_HOLE_ROW, _K.E_HOLE_COL, _K.E_HOLE_END
E_PICK_ROW, E_PICK_COL, E_PICK_END = _K.E_PICK_ROW, _K.E_PICK_COL, _K.E_PICK_END

UNSEEN, HOLE, FALLEN = ord("#"), ord("*"), ord("!")
SHOWN = b" 12345678"  # the character of an inspected patch, by adjacent holes
# judge()'s error: (game, E_* code, hole or pick number, NHOLES, rows, cols, where)
_Error = tuple[int, int, int, int, int, int, Where]


class State:
    """A gopher-hole field of rows x cols patches with holes at the 1-based
    (row, col) pairs of ``holes`` (a hole listed twice counts once)."""

    __slots__ = ("rows", "cols", "safe_left", "_fell", "_stride", "_around",
                 "_hole", "_near", "_shown")

    def __init__(self, rows: int, cols: int, holes: Iterable[tuple[int, int]] = ()) -> None:
        spots = check_field(rows, cols, holes, MAX_ROWS, MAX_COLS)  # before touching the field
        self.rows, self.cols, self.safe_left, self._fell = rows, cols, rows * cols, -1
        stride = self._stride = cols + 3
        self._around = (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
        size = (rows + 2) * stride
        self._hole, self._near = bytearray(size), bytearray(size)
        fence = b"+" + b"-" * cols + b"+\n"  # the fences are never UNSEEN
        self._shown = bytearray(fence + (b"|" + b"#" * cols + b"|\n") * rows + fence)
        for r, c in spots:
            self.add_hole(r, c)

    def add_hole(self, r: int, c: int) -> None:
        i = r * self._stride + c
        if self._hole[i]:
            return
        self._hole[i] = 1
        self.safe_left -= 1
        for d in self._around:
            self._near[i + d] += 1

    @property
    def fell_at(self) -> Optional[tuple[int, int]]:
        return None if self._fell < 0 else divmod(self._fell, self._stride)

    def holes(self) -> list[tuple[int, int]]:
        s = self._stride
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)
                if self._hole[r * s + c]]

    def copy(self) -> State:
        new = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            setattr(new, name, value[:] if isinstance(value, bytearray) else value)
        return new

    def _reveal(self, i: int) -> int:
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

    def _fall(self, i: int) -> None:
        shown, hole = self._shown, self._hole
        for k in range(len(hole)):
            if hole[k]:
                shown[k] = HOLE
        shown[i] = FALLEN
        self._fell = i

    def pick(self, r: int, c: int) -> int:
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

    def _rows(self) -> list[bytearray]:
        s, n = self._stride, self.cols
        return [self._shown[r * s + 1:r * s + 1 + n] for r in range(1, self.rows + 1)]

    def snapshot(self) -> bytes:
        """rows*cols board characters, row-major, row 1 first."""
        return b"".join(self._rows())

    def render(self) -> bytes:
        """The fenced board, as the judge prints it."""
        return bytes(self._shown)


def fits(kind: int, v: int, hi: int) -> bool:
    """An integer in 1..hi, or any integer when hi is 0."""
    if hi == 0:
        return kind == TOK_INT or kind == TOK_NEG
    return kind == TOK_INT and 1 <= v <= hi


def check_pair(lines: Scanner, kind: int, a: int, max_a: int, max_b: int) -> tuple[int, int]:
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


def _shown(scan: Scanner, at: int) -> tuple[int, int, str]:
    """Line, column and text of the token at ``at``, cut as in messages."""
    line, col, head, more, _ = scan.describe(at, True)
    return line, col, head.decode("ascii") + ("..." if more else "")


def _warning(scan: Scanner, game: int, npick: int, rows: int, cols: int) -> bytes:
    line, col, r = _shown(scan, scan.prev)
    c = _shown(scan, scan.tok)[2]
    return PICK_WARNING.format(line=line, column=col, game=game, pick=npick, text=f"{r} {c}",
                               rows=rows, cols=cols).encode() + b"\n"


def judge(src: object, emit: Optional[Union[int, Callable[[bytes], object]]] = None,
          warn: Optional[Callable[[bytes], object]] = None) -> tuple[bytes, Optional[_Error], bytes]:
    """Run a whole judge file: ``src`` is a bytes-like object or a binary
    file (read in pieces).  Returns (boards, error, warnings): the boards of
    every processed pick, separated by empty lines (no header or end line);
    error is None or (game, E_* code, hole or pick number, NHOLES, rows,
    cols, where), where is the scanner's describe() tuple; warnings is the text
    of the warning lines, one per processed pick outside its field.  With
    ``emit`` / ``warn``, boards / warning lines are passed to them in chunks
    as they are made, and the returned bytes are the rest."""
    scan = Scanner(src, lines=True)
    boards, warnings = Out(emit), Out(warn)
    report = [0, 0, 0, 0, 0]  # game, index, count, rows, cols
    code = run(scan, boards, warnings, report)
    error: Optional[_Error] = None
    if code:
        error = (report[0], code, *report[1:], scan.describe(scan.start, scan.at_token))  # type: ignore[assignment]  # report has 5 items
    return boards.close(), error, warnings.close()


def run(lines: Scanner, boards: Out, warnings: Out, report: list[int]) -> int:
    """The judge loop: 0, or the E_* code of the bad input (at lines.start)."""
    printed = 0  # every board but the first follows an empty line
    while True:
        report[1:] = [0, 0, 0, 0]
        while True:  # blank lines separate the games
            if not lines.next_line():
                return 0
            kind, value = lines.next_int()
            if kind != TOK_EOF:
                break
        report[0] += 1
        culprit, width = check_pair(lines, kind, value, MAX_ROWS, MAX_COLS)
        if culprit:
            return E_ROWS - 1 + culprit
        rows, cols = report[3:] = value, width
        if not lines.next_line():
            return E_NHOLES
        kind, nholes = lines.next_int()
        if kind != TOK_INT:
            return E_NHOLES
        if lines.next_int()[0] != TOK_EOF:
            return E_NHOLES_END
        report[2] = nholes
        field = State(rows, cols)
        while report[1] < nholes:  # nholes may be huge: input runs out first
            report[1] += 1
            if not lines.next_line():
                return E_HOLE_ROW
            kind, r = lines.next_int()
            culprit, c = check_pair(lines, kind, r, rows, cols)
            if culprit:
                return E_HOLE_ROW - 1 + culprit
            field.add_hole(r, c)  # at once, as the kernel does: memory does not follow NHOLES
        report[1:3] = 0, 0
        while lines.next_line():
            kind, r = lines.next_int()
            if kind == TOK_EOF:
                break  # a blank line ends the game
            report[1] += 1
            culprit, c = check_pair(lines, kind, r, 0, 0)
            if culprit:
                return E_PICK_ROW - 1 + culprit
            if field.fell_at is not None:
                continue  # the game is lost: later picks are read and skipped
            if field.pick(r, c) == PICK_OUTSIDE:
                warnings.append(_warning(lines, report[0], report[1], rows, cols))
                warnings.boundary()
            boards.boundary()
            boards.append(b"\n" + field.render() if printed else field.render())
            printed += 1
