"""The live progress line of `samegame solve` (standard error, a terminal
only): searches done of all, the total of the best score per board, the
playouts per second over the last RATE_WINDOW seconds, the time left, then
the best of each board as far as the terminal is wide (with --progress, off
a terminal: plain lines, whole).  Playouts and bests count the searches
under way in this process too (``Live``: what their kernels report)."""
from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Optional, TextIO

from ..._runtime.progress_line import CLEAR, RATE_WINDOW, Line
from ._jobs import Live, Result


class Progress(Line):
    """The live line (gridgames._runtime.progress_line), redrawn twice a second by a daemon
    thread while searches run (the kernels release the GIL).  ``with
    progress:`` writes other output with the line cleared.  ``found``:
    results of earlier runs (--resume).  ``plain``: see Line (--progress).
    ``budget``: each search's seconds (--time), run ``slots`` at a time
    (None: not known, as on Ray): then the time left is what the budgets
    of the searches under way and to come leave, else it is estimated from
    the pace of the results so far.  ``live``: the searches under way (None:
    results only, as on Ray).  ``clock``: seconds (tests give theirs)."""

    def __init__(self, searches: int, boards: int, found: Iterable[Result] = (),
                 stream: Optional[TextIO] = None, plain: str = "", *, budget: Optional[float] = None,
                 slots: Optional[int] = None, clock: Callable[[], float] = time.monotonic,
                 live: Optional[Live] = None) -> None:
        super().__init__(stream, plain)
        self.live = live
        self.searches, self.boards = searches, boards
        self.best: dict[int, int] = {}
        self.count = self.new = self.playouts = 0
        for result in found:
            self._take(result)
        self.clock = clock
        self.start = self.last = clock()
        self.samples: deque[tuple[float, int]] = deque([(self.start, 0)])  # (time, playouts): the rate's window
        self.budget = budget if budget is not None and slots else None
        # when each search under way began (as if the searches of a slot ran back to back)
        self.under_way = [self.start] * min(slots or 0, searches - self.count)
        self.lock = threading.Lock()
        self.ended = threading.Event()
        threading.Thread(target=self._tick, daemon=True).start()

    def _take(self, result: Result) -> None:
        self.best[result.board] = max(self.best.get(result.board, 0), result.score)
        self.count += result.stopped != "interrupt"

    def add(self, result: Result) -> None:
        with self.lock:
            self._take(result)
            self.new += 1
            self.playouts += result.playouts
            self.last = self.clock()
            if self.under_way:  # the search begun first has ended; the next one in its slot begins
                self.under_way.remove(min(self.under_way))
                if len(self.under_way) < self.searches - self.count:
                    self.under_way.append(self.last)

    def left(self, now: float) -> Optional[float]:
        """The seconds left (None: not known yet): by the budgets, else by
        the pace up to the last result, less the time since (it never grows
        while no result comes)."""
        if self.budget is not None:
            ends = sorted(begun + self.budget for begun in self.under_way)
            queued = self.searches - self.count - len(ends)
            if queued > 0 and not ends:
                return None  # no slot: not known
            for _ in range(queued):  # each queued search takes the first slot free
                ends.append(ends.pop(0) + self.budget)
                ends.sort()
            return max(max(ends, default=now) - now, 0.0)
        if not self.new:
            return None
        return max((self.last - self.start) / self.new * (self.searches - self.count) - (now - self.last), 0.0)

    def rate(self, now: float, playouts: int) -> float:
        """Playouts per second over the last RATE_WINDOW seconds (a sample
        taken now; since the start while the window is not full)."""
        playouts = max(playouts, self.samples[-1][1])  # (a search's count moves to its result: never back)
        self.samples.append((now, playouts))
        while len(self.samples) > 2 and now - self.samples[1][0] >= RATE_WINDOW:
            self.samples.popleft()
        then, before = self.samples[0]
        return (playouts - before) / max(now - then, 1e-9)

    def text(self) -> str:
        """The line, without colour or cursor codes."""
        now = self.clock()
        best, playouts = dict(self.best), self.playouts
        for board, games, score in self.live.seen() if self.live else ():
            playouts += games
            if score >= 0:
                best[board] = max(best.get(board, 0), score)
        seconds = self.left(now) if self.count < self.searches else None
        left = "" if seconds is None else f", {_clock(seconds)} left"
        line = (f"[{self.count}/{self.searches} searches] total {sum(best.values()):,} "
                f"({len(best)}/{self.boards} boards), {self.rate(now, playouts):,.0f} playouts/s{left}")
        bests = " ".join(str(best.get(k, "-")) for k in range(1, self.boards + 1))
        if self.plain:  # a line of a log: never cut
            return line + " | best " + bests
        try:
            width = os.get_terminal_size(self.stream.fileno()).columns or 80
        except (OSError, ValueError, AttributeError):  # not a terminal after all, or no fileno
            width = 80
        width -= 1
        return (line + " | best " + bests)[:width]

    def _tick(self) -> None:
        while not self.ended.wait(self.every):
            with self.lock:
                if self.ended.is_set():  # closed while this waited for the lock: its stream may be gone
                    return
                self._draw()

    def _draw(self) -> None:
        self.show(self.text())

    def __enter__(self) -> None:
        self.lock.acquire()
        if not self.plain:
            self.stream.write(CLEAR)

    def __exit__(self, *exc: object) -> None:
        if not self.plain:
            self._draw()
        self.lock.release()

    def close(self) -> None:
        self.ended.set()
        with self.lock:
            if not self.plain:
                self.stream.write(CLEAR)
                self.stream.flush()


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
