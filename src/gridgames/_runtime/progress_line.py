"""The progress line of every long command: on a terminal, one line on
standard error redrawn in place ("\\r" and erase-line) and cleared before
other output or at the end; elsewhere (a log, a pipe) nothing, unless the
command's --progress asks for it: then plain lines, one every PLAIN_EVERY
seconds at most."""
from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from typing import Optional, TextIO

CLEAR = "\r\x1b[K"  # back to the line's start, erase it
LIVE_EVERY, PLAIN_EVERY = 0.5, 5.0  # seconds between two drawings: live, plain
RATE_WINDOW = 10.0  # seconds a rate is measured over: the pace now, not the mean since the start


def live(stream: Optional[TextIO] = None) -> bool:
    """Whether a progress line may be drawn on ``stream`` (standard error by default): a terminal."""
    stream = sys.stderr if stream is None else stream
    return stream is not None and stream.isatty()


def wanted(forced: bool = False) -> Optional[str]:
    """How progress shows on standard error: 'live' (a terminal), 'plain'
    (``forced``: --progress, not a terminal) or None."""
    if live():
        return "live"
    return "plain" if forced and sys.stderr is not None else None


class Line:
    """The line itself: ``show(text)`` draws it over the last one, ``clear()``
    erases it if shown.  With ``plain`` (a label), each ``show`` is a line of
    its own, 'LABEL: text', and nothing is erased; ``every``: the seconds
    between two drawings."""

    def __init__(self, stream: Optional[TextIO] = None, plain: str = "") -> None:
        self.stream: TextIO = sys.stderr if stream is None else stream
        self.plain, self.every = plain, PLAIN_EVERY if plain else LIVE_EVERY
        self.shown = False

    def show(self, text: str) -> None:
        self.stream.write(f"{self.plain}: {text}\n" if self.plain else CLEAR + text)
        self.stream.flush()
        self.shown = not self.plain

    def clear(self) -> None:
        if self.shown:
            self.stream.write(CLEAR)
            self.stream.flush()
            self.shown = False
