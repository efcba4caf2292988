"""Signals held while a temporary file or directory is made (safe_files):
apart, so that a judge that writes to standard output never loads it."""

import _signal  # type: ignore[import-not-found]  # built in, loaded already (signal would import enum)

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from typing import Any

# The signals that stop a command: Ctrl-C, SIGTERM, SIGHUP (not on Windows).
STOPPING = [getattr(_signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(_signal, name)]


class held:
    """The signals that stop a command wait while a temporary file or
    directory is made and its name kept: Python runs a handler right after
    the call during which its signal came, so one coming while the file is
    made would leave it behind, unnamed.  Their handlers are swapped for one
    that notes them, and run when the block ends, where the clean-up knows
    the name.  (Handlers run in the main thread only, whichever thread the
    signal reached: elsewhere there is nothing to hold, and no handler can be
    swapped.  A second signal within the microseconds of a swap may leave one
    noting: the first stops the command all the same.)"""

    def __enter__(self) -> None:
        self.handlers: dict[int, Any] = {}
        self.came: list[tuple[int, Any]] = []
        for number in STOPPING:
            handler = _signal.getsignal(number)
            if callable(handler):  # (SIG_DFL ends the process, SIG_IGN nothing: not held)
                try:
                    _signal.signal(number, self._note)
                except ValueError:  # not the main thread
                    return
                self.handlers[number] = handler

    def _note(self, number: int, frame: "Any") -> None:
        self.came.append((number, frame))

    def __exit__(self, *exc: object) -> None:
        for number, handler in self.handlers.items():
            _signal.signal(number, handler)
        for number, frame in self.came:
            self.handlers[number](number, frame)  # raises KeyboardInterrupt, as it would have then
