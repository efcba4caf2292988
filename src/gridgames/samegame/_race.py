"""The kept colour chosen at run time, on any board: the colours whose cell
counts tie or nearly tie race with NRPA searches inside the search's own
budget (successive halving: each round gives the colours still in the race
equal time, then keeps the better half), and the winner's search goes on
with the rest of the budget.  Racing costs the losers' time, so a colour
races only where the counts say little: a clear majority colour is kept,
as today's rule keeps it."""
import math
import time
from collections.abc import Callable
from typing import Any, Optional

from .._runtime.kernel_constants import constants

NEAR = 0.9    # a colour races when it has at least this share of the most frequent colour's cells
SHARE = 0.3   # the race's part of the budget; the winner's search has the rest (and its race time)
_S = constants("samegame/research/_search.pxd")  # the kernels' codes, read where they are named
RUNNING, STOPPED_TIME = _S.RUNNING, _S.STOPPED_TIME
Outcome = tuple[int, list[tuple[int, int]], int, int]  # the kernels' (score, moves, stopped, playouts)


def contenders(board: Any) -> list[int]:
    """The colours that race on ``board``, the most cells first (the lowest
    colour on a tie): one colour, today's rule's, when no other comes near."""
    counts: dict[int, int] = {}
    for row in board.grid():
        for v in row:
            if v is not None:
                counts[v] = counts.get(v, 0) + 1
    if not counts:
        return []
    most = max(counts.values())
    return sorted((c for c, n in counts.items() if n >= NEAR * most), key=lambda c: (-counts[c], c))


def race(start: Callable[[int], Any], colours: list[int], seconds: float, stop: Any, poll_signals: bool,
         cpu_time: bool) -> Outcome:
    """Race ``colours`` (``start(colour)``: a new NrpaRun keeping it) within
    ``seconds``; the best game of every run, the winner's on a tie."""
    clock = time.thread_time if cpu_time else time.monotonic
    begun = clock()
    runs = {c: start(c) for c in colours}
    alive = list(colours)
    per_round = SHARE * seconds / max(1, math.ceil(math.log2(len(alive))))
    stopped: Optional[int] = None
    while len(alive) > 1 and stopped is None:
        for c in alive:
            # checkpoint mode: a time stop waits for a point where the run can go on
            runs[c].run(per_round / len(alive), stop, poll_signals, cpu_time, every=math.inf)
            why = runs[c].result()[2]
            if why not in (RUNNING, STOPPED_TIME):  # Ctrl-C or the stop flag: the race ends here
                stopped = why
                break
        scores = {c: runs[c].result()[0] for c in alive}
        alive = sorted(alive, key=lambda c: -scores[c])[:(len(alive) + 1) // 2]  # stable: ties keep the order
    winner = alive[0]
    if stopped is None:
        runs[winner].run(max(seconds - (clock() - begun), 1e-9), stop, poll_signals, cpu_time)
    results = [runs[winner].result()] + [runs[c].result() for c in colours if c != winner]
    best = max(results, key=lambda r: r[0])  # the first of the best: the winner's on a tie
    return best[0], best[1], runs[winner].result()[2] if stopped is None else stopped, sum(r[3] for r in results)
