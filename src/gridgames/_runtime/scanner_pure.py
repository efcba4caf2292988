"""Pure-Python twin of ``scanner.pxd``: the judge-format integer scanner.

The same behaviour on the same input: a whole buffer, or a binary file read
in pieces (tokens may straddle them; a very long token is folded as it is
read, so memory stays bounded), newlines counted once as bytes leave the
window, and ``describe`` giving line, column and first bytes for messages.
"""
from __future__ import annotations

import re

from .kernel_constants import constants

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from typing import Any, Optional

_C = constants("_runtime/scanner.pxd")
TOK_EOF, TOK_INT, TOK_NEG, TOK_BAD = _C.TOK_EOF, _C.TOK_INT, _C.TOK_NEG, _C.TOK_BAD
HUGE, SHOWN, READ_CHUNK, KEEP_MAX = _C.HUGE, _C.SHOWN, _C.READ_CHUNK, _C.KEEP_MAX

_NEXT = re.compile(rb"[ \t\n\v\f\r]*([^ \t\n\v\f\r]*)")
_NEXT_IN_LINE = re.compile(rb"[ \t\v\f\r]*([^ \t\n\v\f\r]*)")
_TOKEN = re.compile(rb"[^ \t\n\v\f\r]*")

# describe(): (line, column, first bytes of the token, more follows, at end of input)
Where = tuple[int, int, bytes, bool, bool]


def saturated(digits: bytes) -> int:
    """The value of a digit string, saturated at HUGE, without int() on an
    unbounded string (Python refuses more than 4,300 digits)."""
    sig = digits.lstrip(b"0")
    return HUGE if len(sig) > 10 else min(int(sig or b"0"), HUGE)


def classify(tok: bytes) -> tuple[int, int]:
    """(kind, value) of a whole token."""
    if tok.isdigit():
        return TOK_INT, saturated(tok)
    if tok[:1] == b"-" and tok[1:].isdigit():
        return TOK_NEG, -saturated(tok[1:])
    return TOK_BAD, 0


def _fold(tok: bytes) -> bytes:
    """A short token that classifies like ``tok``, also with any bytes appended."""
    neg = tok[:1] == b"-"
    body = tok[1:] if neg else tok
    if not body.isdigit():
        return b"x"
    sig = body.lstrip(b"0")
    return (b"-" if neg else b"") + (sig[:11] if sig else b"0")


class Scanner:
    """``src``: an object with readinto (a binary file, streamed) or a
    bytes-like object.  In ``lines`` mode a newline ends the search for a
    token (see next_int)."""

    _saved: dict[int, tuple[int, int, bytes]]

    def __init__(self, src: Any, lines: bool = False) -> None:
        self._piece: Optional[bytearray] = None  # what readinto fills, made once (a pipe gives small reads)
        if hasattr(src, "readinto"):
            self._src, self._buf, self._eof = src, b"", False
        else:
            self._src, self._buf, self._eof = None, bytes(memoryview(src)), True
        self._next = _NEXT_IN_LINE if lines else _NEXT
        self._lines = lines
        self._base = self._pos = 0
        self.start, self.tok, self.prev, self.at_token = 0, -1, -1, False
        self._before, self._fresh = 10, True
        self._counted = self._line_start = self._nlines = 0
        self._saved = {}  # token offset -> (line, column, head): tokens that left the window

    # --- the window ---
    def _count(self, upto: int) -> None:
        i, end = self._counted - self._base, upto - self._base
        if end <= i:
            return
        k = self._buf.count(b"\n", i, end)
        if k:
            self._nlines += k
            self._line_start = self._base + self._buf.rfind(b"\n", i, end) + 1
        self._counted = upto

    def _save(self, at: int) -> None:
        if at in self._saved:
            return
        self._saved = {k: v for k, v in self._saved.items() if k in (self.prev, self.tok)}
        self._count(at)
        i = at - self._base
        head = _TOKEN.match(self._buf, i, i + SHOWN + 1).group()  # type: ignore[union-attr]  # matches the empty string
        self._saved[at] = (self._nlines + 1, at - self._line_start + 1, head)

    def _refill(self, keep: int) -> int:
        """Read more, keeping the window from ``keep`` on; how far it moved, or -1."""
        if self._eof:
            return -1
        n = len(self._buf)
        pi, ti = self.prev - self._base, self.tok - self._base
        if 0 <= pi < keep and n - pi <= KEEP_MAX:
            keep = pi
        elif 0 <= ti < keep and n - ti <= KEEP_MAX:
            keep = ti
        if n - keep > KEEP_MAX:
            keep = n
        if 0 <= pi < keep:
            self._save(self.prev)
        if 0 <= ti < keep:
            self._save(self.tok)
        self._count(self._base + keep)
        if keep:
            self._before = self._buf[keep - 1]
        if self._piece is None:
            self._piece = bytearray(READ_CHUNK)
        piece = self._piece
        got = self._src.readinto(piece) or 0
        self._buf = self._buf[keep:] + bytes(memoryview(piece)[:got])
        self._base += keep
        self._pos -= keep
        if got <= 0:
            self._eof = True
        return keep

    # --- tokens ---
    def next_int(self) -> tuple[int, int]:
        """(kind, value) of the next token; its offset is ``start``."""
        buf, p = self._buf, self._pos
        while True:
            m: re.Match[bytes] = self._next.match(buf, p)  # type: ignore[assignment]  # matches the empty string
            e = m.end()
            if e < len(buf) or self._eof:
                break
            t = m.start(1)
            if t < e:  # a token reaching the end of the window: read on
                return self._long_token(t, e)
            self._pos = e
            self._refill(len(buf))
            buf, p = self._buf, self._pos
        t = m.start(1)
        if t == e:  # no token: end of input, or of the line
            self._pos = e
            self.at_token = False
            self.start = self._base + e
            if self._lines and self.start > 0 and (buf[e - 1] if e else self._before) == 13:
                self.start -= 1  # the line ends at the CR of a CR LF
            return TOK_EOF, 0
        self.prev, self.tok, self.start, self.at_token = self.tok, self._base + t, self._base + t, True
        self._pos = e
        return classify(m.group(1))

    def _long_token(self, t: int, e: int) -> tuple[int, int]:
        self.prev, self.tok, self.start, self.at_token = self.tok, self._base + t, self._base + t, True
        folded = b""
        while True:
            if e - t > SHOWN and _fold(folded + self._buf[t:e]) == b"x":
                break  # enough is known: a bad token ends the run (its rest may never end: /dev/zero)
            if e - t > KEEP_MAX:  # the window lets it go: keep what decides its kind
                folded = _fold(folded + self._buf[t:e])
            self._pos = e
            moved = self._refill(t)
            t = max(t - moved, 0)
            e = _TOKEN.match(self._buf, self._pos).end()  # type: ignore[union-attr]  # matches the empty string
            if e < len(self._buf) or self._eof:
                break
        self._pos = e
        return classify(folded + self._buf[t:e])

    def next_line(self) -> bool:
        """Go to the start of the next line (the first call: of the first
        line); False (and start at the end of input) when there is none."""
        if self._fresh:
            self._fresh = False
        else:
            while True:
                nl = self._buf.find(b"\n", self._pos)
                if nl >= 0 or self._eof:
                    self._pos = len(self._buf) if nl < 0 else nl + 1
                    break
                self._pos = len(self._buf)
                self._refill(len(self._buf))
        if self._pos == len(self._buf) and not self._eof:
            self._refill(len(self._buf))
        if self._pos == len(self._buf):
            self.start, self.at_token = self._base + len(self._buf), False
            return False
        return True

    def describe(self, at: int, token: bool) -> Where:
        """(line, column, first bytes, more, at end of input) of the token at
        ``at`` (``token``) or of a position where none was found."""
        if token and at in self._saved:
            line, col, head = self._saved[at]
            return line, col, head[:SHOWN], len(head) > SHOWN, False
        self._count(at)
        i = at - self._base
        head = _TOKEN.match(self._buf, i, i + SHOWN + 1).group() if token else b""  # type: ignore[union-attr]  # matches the empty string
        return (self._nlines + 1, at - self._line_start + 1, head[:SHOWN], len(head) > SHOWN,
                not token and self._eof and i >= len(self._buf))
