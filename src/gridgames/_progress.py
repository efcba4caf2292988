"""The live progress line of every long command: one line on standard error,
redrawn in place ("\\r" and erase-line) and cleared before other output or
at the end; drawn only on a terminal, so logs and pipes never see it."""
from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from typing import Optional, TextIO

CLEAR = "\r\x1b[K"  # back to the line's start, erase it


def live(stream: Optional[TextIO] = None) -> bool:
    """Whether a progress line may be drawn on ``stream`` (standard error by default): a terminal."""
    stream = sys.stderr if stream is None else stream
    return stream is not None and stream.isatty()


class Line:
    """The line itself: ``show(text)`` draws it over the last one, ``clear()`` erases it if shown."""

    def __init__(self, stream: Optional[TextIO] = None) -> None:
        self.stream: TextIO = sys.stderr if stream is None else stream
        self.shown = False

    def show(self, text: str) -> None:
        self.stream.write(CLEAR + text)
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write(CLEAR)
            self.stream.flush()
            self.shown = False
