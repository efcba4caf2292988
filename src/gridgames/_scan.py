"""Pure-Python twin of ``_scan.pxd``: the judge-format integer scanner.

``next_int`` returns (kind, value); the offset of that token is ``start``.
"""
import re
from collections.abc import Iterator

TOK_EOF, TOK_INT, TOK_NEG, TOK_BAD = 0, 1, 2, 3
HUGE = 1_000_000_000  # values are saturated here, as in the compiled scanner

_TOKEN = re.compile(rb"[^ \t\n\v\f\r]+")
_INT = re.compile(rb"(-?)([0-9]+)\Z")


class Scanner:
    __slots__ = ("_tokens", "start", "_end")

    def __init__(self, data: bytes) -> None:
        self._tokens: Iterator[re.Match[bytes]] = _TOKEN.finditer(data)
        self._end = len(data)
        self.start = 0

    def next_int(self) -> tuple[int, int]:
        m = next(self._tokens, None)
        if m is None:
            self.start = self._end
            return TOK_EOF, 0
        self.start = m.start()
        tok = m.group()
        if tok.isdigit():  # the common case first
            return TOK_INT, min(int(tok), HUGE)
        d = _INT.match(tok)
        if d is None:
            return TOK_BAD, 0
        return TOK_NEG, -min(int(d.group(2)), HUGE)
