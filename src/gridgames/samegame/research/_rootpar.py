"""Root-parallel NRPA: one board on many workers (the hybrid parallel NRPA
of Negrevergne and Cazenave, 2017).  The top level runs in the caller; each
of its iterations (a round) sends ``workers`` level L-1 searches, all from
the current top policy, to an executor, then adapts the top policy towards
the best game so far.  Rounds are synchronous and every seed derives from
(seed, round, worker), so the result depends on (seed, workers) only, not on
the executor (threads, processes, a Ray cluster) or on finishing order.

Tasks are module-level functions taking and returning plain values (rows of
ints, bytes, lists), so any executor can ship them: compiled objects do not
pickle well.
"""
import time as _time
from collections.abc import Sequence
from typing import Any, Optional

from ..._backend import kernel as _load
from ..._rng_pure import SplitMix64
from .._game import Board
from ._single import SearchResult, check, check_nrpa, finished_game, run


def task_seed(seed: int, round_: int, worker: int) -> int:
    """The seed of one worker's search in one round: splitmix64 chained
    over (seed, round, worker)."""
    rng = SplitMix64(seed)
    for value in (round_, worker):
        rng = SplitMix64(rng.next() ^ value)
    return rng.next()


def level_search(rows: list[list[int]], backend: str, level: int, iterations: int, seed: int,
                 tabu: bool, seconds: float, policy: bytes,
                 options: dict[str, Any]) -> tuple[int, list[list[int]], Optional[str], int]:
    """One worker's task: an NRPA search of ``level`` from the top policy
    ``policy`` on the board ``rows`` (top row first); (score, moves as
    [r, c] lists, why it stopped early or None, playouts)."""
    board = Board(rows, backend=backend)
    s = run(board, "nrpa", level=level, iterations=iterations, seed=seed, tabu=tabu,
            time=seconds or None, policy=policy, **options)
    return s.score, [list(m) for m in s.moves], s.stopped, s.playouts


def root_parallel(board: Any, *, level: int, iterations: int, seed: int, workers: int,
                  executor: Any, tabu: bool = True, time: Optional[float] = None,
                  improve: Optional[Sequence[tuple[int, int]]] = None, **nrpa_options: Any) -> SearchResult:
    """NRPA of ``level`` (>= 2) on ``board`` (a start position: no empty
    cell) whose level L-1 searches run ``workers`` at a time on ``executor``
    (anything with ``submit(fn, *args)`` returning a concurrent.futures
    Future).  ``iterations`` rounds at the top and per level below;
    ``time``: seconds for the whole search (each round's searches get what
    is left).  ``nrpa_options``: stab, tabu_bias, size_bias, repeats (see
    Board.search; the top level also ends once a round's best has equalled
    the best so far ``repeats`` times).  ``improve``: a finished game to improve on, as in
    Board.search: the best so far from the start, and the top policy is
    adapted towards it before the first round.  The best game of all rounds
    is returned; its ``playouts`` count every worker's."""
    _, level, iterations, _, seed, seconds = check("nrpa", level, iterations, 10, seed, time)
    options = check_nrpa(nrpa_options.pop("stab", 1), 0, nrpa_options.pop("tabu_bias", None),
                         nrpa_options.pop("size_bias", 0.0), nrpa_options.pop("repeats", 0))
    if nrpa_options:
        raise TypeError(f"unexpected options: {', '.join(sorted(nrpa_options))}")
    if level < 2:
        raise ValueError(f"level must be at least 2 (workers run level L-1), not {level}")
    if not 1 <= workers <= 1_000_000:
        raise ValueError(f"workers must be in 1..1000000, not {workers}")
    grid = board.grid()
    if any(v is None for row in grid for v in row):
        raise ValueError("root_parallel starts from a position with no empty cell")
    rows = [list(row) for row in grid]
    kernel = _load("samegame", board.backend, part="search")
    task_options = dict(stab=options["stab"], tabu_bias=None if options["tabu_bias"] < 0
                        else options["tabu_bias"], size_bias=options["size_bias"],
                        repeats=options["repeats"])
    policy = bytes(8 * kernel.POLICY_SIZE)
    deadline = _time.monotonic() + seconds if seconds > 0 else 0.0
    best: tuple[int, list[list[int]]] = (-1, [])
    if improve is not None:
        score, known = finished_game(board, improve)
        best = (score, [[r, c] for r, c in known])
        policy = kernel.adapt_policy(board._state, policy, known, bool(tabu),
                                     options["tabu_bias"], options["size_bias"])
    stopped: Optional[str] = None
    games = reps = 0
    for round_ in range(iterations):
        left = deadline - _time.monotonic() if deadline else 0.0
        if deadline and left <= 0 and best[0] >= 0:
            stopped = "time"
            break
        futures = [executor.submit(level_search, rows, board.backend, level - 1, iterations,
                                   task_seed(seed, round_, w), bool(tabu), max(left, 1e-9) if deadline
                                   else 0.0, policy, task_options)
                   for w in range(workers)]
        results = [f.result() for f in futures]  # in worker order, whoever finished first
        games += sum(r[3] for r in results)
        top = max(results, key=lambda r: r[0])  # the first of the best
        if top[0] >= best[0]:
            reps = reps + 1 if top[0] == best[0] else 0
            best = (top[0], top[1])
        if any(r[2] is not None for r in results):
            stopped = next(r[2] for r in results if r[2] is not None)
            break
        if options["repeats"] and reps >= options["repeats"]:
            break
        if round_ + 1 < iterations:
            policy = kernel.adapt_policy(board._state, policy, best[1], bool(tabu),
                                         options["tabu_bias"], options["size_bias"])
    if best[0] < 0:
        return SearchResult(board.score, [], stopped, games)
    return SearchResult(best[0], [(r, c) for r, c in best[1]], stopped, games)

