"""Campaigns: every (board, run) of a set of boards searched once, results
as they finish, on threads or on a Ray cluster, and the JSON-lines results
file that survives a killed driver and lets a campaign resume.

The unit of work is one search of one board.  Its seed derives from the
campaign's seed, the board and the run only (splitmix64), so threads, a
local Ray or any cluster give the same result for each (board, run).
"""
from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from operator import index
from typing import Any, NamedTuple, Optional

from .._rng import MASK, SplitMix64
from .._version import __version__
from . import _solve

# What a search returns across threads and Ray: score, moves as [r, c]
# lists, stopped, playouts, CPU seconds (None: not measured), version.
Outcome = tuple[int, list[list[int]], Optional[str], int, Optional[float], str]
Job = tuple[int, int, int]  # board, run (both 1-based), the search's seed


def search_seed(seed: int, board: int, run: int) -> int:
    """The seed of run ``run`` of board ``board`` (1-based) in a campaign
    seeded ``seed``: splitmix64 over each in turn, so that nearby seeds,
    boards and runs get unrelated streams."""
    x = SplitMix64(seed).next()
    for part in (board, run):
        x = SplitMix64((x ^ part) & MASK).next()
    return x


class Result(NamedTuple):
    """One search of a campaign: which one (``board`` and ``run``, 1-based;
    ``seed``, ``algo``, ``params`` as given; ``digest`` of the board's
    cells), what it found (``score``, ``moves`` as judge selections (r, c)),
    ``stopped`` early (None, "time" for its time limit, "interrupt" for
    Ctrl-C: a partial result, searched again on resume), ``playouts``,
    ``cpu`` seconds of the search (None when not measured) and the gridgames
    ``version`` that ran it."""

    board: int
    run: int
    seed: int
    algo: str
    params: dict[str, Any]
    score: int
    moves: list[tuple[int, int]]
    stopped: Optional[str]
    playouts: int
    cpu: Optional[float]
    version: str
    digest: str

    def line(self) -> str:
        """The JSON line (no newline) of the results file and of --json."""
        record = self._asdict()
        record["moves"] = [list(m) for m in self.moves]
        record["cpu"] = None if self.cpu is None else round(self.cpu, 3)
        return json.dumps(record, separators=(", ", ": "))

    @classmethod
    def from_line(cls, text: str) -> Result:
        """The Result of a JSON line; ValueError if it is not one."""
        try:
            obj = json.loads(text)
            if not isinstance(obj, dict) or set(obj) != set(cls._fields):
                raise ValueError
            obj["moves"] = [(int(r), int(c)) for r, c in obj["moves"]]
            result = cls(**obj)
            if not (isinstance(result.board, int) and isinstance(result.run, int)
                    and isinstance(result.seed, int) and isinstance(result.params, dict)):
                raise ValueError
            return result
        except (ValueError, TypeError, KeyError, RecursionError):  # RecursionError: [[[[... nested too deep
            raise ValueError("not a result line") from None


def board_rows(board: Any) -> list[str]:
    """The board as strings of colour digits, rows top first ('.' empty)."""
    return ["".join("." if v is None else str(v) for v in row) for row in board.grid()]


def digest(rows: list[str]) -> str:
    """A short fingerprint of a board's cells (to refuse resuming a results
    file on other boards)."""
    return hashlib.sha256("\n".join(rows).encode("ascii")).hexdigest()[:16]


def search(board: Any, algo: str, params: dict[str, Any], seed: int, stop: Any = None) -> Outcome:
    """One search of ``board``, its CPU time measured in this thread (where
    the kernel runs)."""
    start = time.thread_time()
    s = _solve.run(board, algo, seed=seed, stop=stop, **params)
    return s.score, [list(m) for m in s.moves], s.stopped, s.playouts, time.thread_time() - start, __version__


def search_task(rows: list[str], backend: str, algo: str, params: dict[str, Any], seed: int) -> Outcome:
    """``search`` of a board given as plain strings: what a Ray task runs
    (compiled objects do not travel; plain values do)."""
    from . import Board
    return search(Board(rows, backend=backend), algo, params, seed)


def params_of(options: dict[str, Any], root_parallel: Optional[int] = None) -> dict[str, Any]:
    """The ``params`` of a campaign's Results: the search's options given
    (None left out) and the root-parallel workers."""
    params = {key: value for key, value in options.items() if value is not None}
    if root_parallel is not None:
        params["root_parallel"] = root_parallel
    return params


def campaign(boards: Iterable[Any], algo: str = "nrpa", *, seed: int = 0, runs: int = 1, threads: int = 1,
             ray: Optional[str] = None, skip: Iterable[tuple[int, int]] = (),
             root_parallel: Optional[int] = None, **options: Any) -> Generator[Result, None, None]:
    """Search every board ``runs`` times and yield each Result as it
    finishes.  Run r of board k (both 1-based) has seed
    ``search_seed(seed, k, r)``, whatever runs it: ``threads`` searches at
    once in this process, or ``ray`` ("local": a local Ray on all cores;
    "auto" or "HOST:PORT": a cluster made with ``ray start``; a Ray already
    initialised in this process is used as it is).  ``skip``: (board, run)
    pairs not to search (done already).  ``root_parallel=W``: each search is
    one NRPA spread over W workers (threads, or Ray tasks), one board at a
    time.  ``options`` as in Board.search (``time`` per search).  Ctrl-C
    ends the iteration; with threads, the searches under way first yield
    their best so far, stopped "interrupt"; Ray tasks under way are
    cancelled."""
    boards = list(boards)
    seed, runs, threads = index(seed), index(runs), index(threads)
    _solve.check(algo, options.get("level", 1), options.get("iterations"), options.get("width", 10),
                 seed, options.get("time"))
    if runs < 1 or threads < 1:
        raise ValueError(f"runs and threads must be at least 1, not {min(runs, threads)}")
    skipped = set(skip)
    jobs = [(k, r, search_seed(seed, k, r)) for k in range(1, len(boards) + 1)
            for r in range(1, runs + 1) if (k, r) not in skipped]
    params = params_of(options)
    rows = [board_rows(b) for b in boards]
    digests = [digest(r) for r in rows]
    result_params = params_of(options, root_parallel)

    def make(job: Job, outcome: Outcome) -> Result:
        (k, r, s), (score, moves, stopped, games, cpu, version) = job, outcome
        return Result(k, r, s, algo, result_params, score, [(m[0], m[1]) for m in moves], stopped, games,
                      cpu, version, digests[k - 1])
    # yield from: a KeyboardInterrupt thrown into this generator reaches the executor's
    # (the CLI throws one when Ctrl-C came while it was writing a result)
    if root_parallel is not None:
        yield from _root_parallel(boards, jobs, algo, params, index(root_parallel), threads, ray, make)
    elif ray is not None:
        from . import _ray
        _ray.connect(ray)
        yield from _ray.run(jobs, rows, boards[0].backend if boards else "compiled", algo, params, make)
    elif threads == 1:
        yield from _in_turn(boards, jobs, algo, params, make)
    else:
        yield from _threads(boards, jobs, algo, params, threads, make)


Make = Callable[[Job, Outcome], Result]


def _in_turn(boards: list[Any], jobs: list[Job], algo: str, params: dict[str, Any],
             make: Make) -> Iterator[Result]:
    for job in jobs:  # in this thread: Ctrl-C reaches the kernel, which returns its best
        outcome = search(boards[job[0] - 1], algo, params, job[2])
        yield make(job, outcome)
        if outcome[2] == "interrupt":
            return


def _threads(boards: list[Any], jobs: list[Job], algo: str, params: dict[str, Any],
             threads: int, make: Make) -> Iterator[Result]:
    stops = {b.backend: b.stop_flag() for b in boards}
    queue = jobs[::-1]
    pending: dict[Future[Outcome], Job] = {}  # jobs sort in submission order: (board, run)
    with ThreadPoolExecutor(threads) as pool:
        def fill() -> None:  # a few more than the threads: a long campaign is not all queued at once
            while queue and len(pending) < 2 * threads:
                k, r, s = job = queue.pop()
                board = boards[k - 1]
                pending[pool.submit(search, board.copy(), algo, params, s, stops[board.backend])] = job
        try:
            fill()
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for f in sorted(done, key=pending.__getitem__):
                    yield make(pending.pop(f), f.result())
                fill()
        except KeyboardInterrupt:
            _stop(stops, pending)
            for f in sorted(pending, key=pending.__getitem__):
                if not f.cancelled():  # under way when Ctrl-C came: its best so far
                    outcome = f.result()
                    if outcome[2] == "stop":
                        outcome = (*outcome[:2], "interrupt", *outcome[3:])
                    yield make(pending[f], outcome)
        finally:  # Ctrl-C, or the caller stopped iterating: no more searching
            _stop(stops, pending)


def _stop(stops: dict[str, Any], futures: Iterable[Future[Outcome]]) -> None:
    for f in futures:
        f.cancel()  # the searches not started yet (first: none starts only to stop at once)
    for stop in stops.values():
        stop.set()


def _root_parallel(boards: list[Any], jobs: list[Job], algo: str, params: dict[str, Any], workers: int,
                   threads: int, ray: Optional[str], make: Make) -> Iterator[Result]:
    if algo != "nrpa":
        raise ValueError("root-parallel search is NRPA's (--algo nrpa)")
    from ._rootpar import root_parallel
    if ray is not None:
        from . import _ray
        _ray.connect(ray)
        executor: Any = _ray.Executor()
    else:
        executor = ThreadPoolExecutor(threads)
    params = {"level": 1, "iterations": _solve.DEFAULT_ITERATIONS["nrpa"], **params}
    try:
        for k, r, s in jobs:  # one board at a time, on every worker; their CPU time is not reported
            found = root_parallel(boards[k - 1], seed=s, workers=workers, executor=executor, **params)
            yield make((k, r, s), (found.score, [list(m) for m in found.moves], found.stopped, found.playouts,
                                    None, __version__))
    finally:
        if isinstance(executor, ThreadPoolExecutor):
            executor.shutdown(cancel_futures=True)
