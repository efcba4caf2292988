"""The no-guess generator: gopher fields that the exact deduction solver
clears from the first pick, by perturbation in the spirit of Simon
Tatham's Mines generator.

Holes are placed at random off the first pick's neighbourhood (so the
first pick inspects a blank patch and floods).  While the solver is stuck,
one hole is moved where it is stuck (``Solver.perturb``) and the solver
goes on from the first round that sees the change; after PATIENCE moves
that inspect nothing new, the field is drawn again.  Every draw comes from
one splitmix64 stream, so a seed gives the same field on both backends.
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from .._runtime.backend import kernel
from .._runtime.kernel_constants import constants
from .._runtime.random_source_pure import SplitMix64

MAX_COLS, MAX_ROWS = constants("gopher/_kernel.pxd").MAX_COLS, constants("gopher/_kernel.pxd").MAX_ROWS
CLEARED = constants("gopher/_solve.pxd").CLEARED

PATIENCE = 40         # moves without progress before the field is drawn again
NODES = 200_000       # enumeration steps of one exact stage before the solver gives up
MOVES_PER_PATCH = 4   # the default budget: moves per patch of the field

Picks = list[tuple[int, int]]


class NoGuess(NamedTuple):
    """A no-guess field: its ``holes`` (row-major) and the solver's
    ``picks`` (the first pick first), with what it cost."""
    holes: Picks
    picks: Picks
    moves: int     # holes moved
    restarts: int  # fields drawn again


class NoGuessFailed(Exception):
    """The budget ran out before a no-guess field was found."""


def check_request(rows: int, cols: int, holes: int, first: Optional[tuple[int, int]]
                  ) -> tuple[int, int]:
    """The first pick (default: the middle patch) after checking the
    request; ValueError with a one-line reason."""
    if not (1 <= rows <= MAX_ROWS and 1 <= cols <= MAX_COLS):
        raise ValueError(f"size {rows}x{cols} is outside 1..{MAX_ROWS} x 1..{MAX_COLS}")
    fr, fc = ((rows + 1) // 2, (cols + 1) // 2) if first is None else first
    if not (1 <= fr <= rows and 1 <= fc <= cols):
        raise ValueError(f"the first pick ({fr}, {fc}) is outside the {rows}x{cols} field")
    room = rows * cols - (min(rows, fr + 1) - max(1, fr - 1) + 1) * (min(cols, fc + 1) - max(1, fc - 1) + 1)
    if not 0 <= holes <= room:
        raise ValueError(f"{holes} holes do not fit: a {rows}x{cols} field has room for 0..{room} "
                         f"outside the first pick's neighbourhood")
    return fr, fc


def no_guess(rows: int, cols: int, holes: int, first: Optional[tuple[int, int]] = None,
             seed: int = 0, budget: Optional[int] = None, backend: Optional[str] = None) -> NoGuess:
    """A field of ``rows`` x ``cols`` with ``holes`` holes that the solver
    clears from ``first`` (default: the middle patch).  ``budget``: hole
    moves allowed in all (default MOVES_PER_PATCH per patch); NoGuessFailed
    when they run out."""
    fr, fc = check_request(rows, cols, holes, first)
    if budget is None:
        budget = MOVES_PER_PATCH * rows * cols
    if budget < 0:
        raise ValueError(f"the budget is 0 or more hole moves, not {budget}")
    solver_class = kernel("gopher", backend, part="solve").Solver
    rng = SplitMix64(seed & ((1 << 64) - 1))
    room = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
            if max(abs(r - fr), abs(c - fc)) > 1]
    moves = restarts = 0
    while True:
        for t in range(holes):  # the first `holes` of a Fisher-Yates shuffle
            s = t + rng.uniform(len(room) - t)
            room[t], room[s] = room[s], room[t]
        solver = solver_class(rows, cols, sorted(room[:holes]), rng.next())
        solver.start(fr, fc)
        status = solver.run(NODES)
        best, idle = solver.state.safe_left, 0
        while status != CLEARED and idle < PATIENCE:
            if moves >= budget:
                raise NoGuessFailed(
                    f"no {rows}x{cols} field with {holes} holes cleared without guessing within "
                    f"the budget of {budget} hole moves (seed {seed}); try fewer holes or a "
                    "larger --budget")
            moves += 1
            if not solver.perturb():
                break
            status = solver.run(NODES)
            if solver.state.safe_left < best:
                best, idle = solver.state.safe_left, 0
            else:
                idle += 1
        if status == CLEARED:
            return NoGuess(solver.holes(), solver.picks, moves, restarts)
        restarts += 1

