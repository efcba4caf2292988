"""Campaigns: every (board, run) of a set of boards searched once, results
as they finish, on threads or on a Ray cluster, and the JSON-lines results
file that survives a killed driver and lets a campaign resume.

The unit of work is one search of one board.  Its seed derives from the
campaign's seed, the board and the run only (splitmix64), so threads, a
local Ray or any cluster give the same result for each (board, run).
"""
from __future__ import annotations

import itertools
import os
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from functools import partial
from operator import index
from typing import Any, Optional

from ... import __version__
from .. import _single
from .._single import SearchResult
from ._checkpoint import path_of, peek, refuse_other, wanted
from ._jobs import (
    Executor,
    Files,
    Job,
    Live,
    Outcome,
    Result,
    Work,
    board_rows,
    campaign_seed,
    digest,
    params_of,
    search_seed,
)


def campaign(boards: Iterable[Any], algo: str = "nrpa", *, seed: int = 0, runs: int = 1, threads: int = 1,
             ray: Optional[str] = None, skip: Iterable[tuple[int, int]] = (),
             root_parallel: Optional[int] = None, improve: Optional[list[Optional[list[tuple[int, int]]]]] = None,
             checkpoint: Optional[str] = None, checkpoint_every: float = 60.0, live: Optional[Live] = None,
             **options: Any) -> Generator[Result, None, None]:
    """Search every board ``runs`` times and yield each Result as it
    finishes.  Run r of board k (both 1-based) has seed
    ``search_seed(seed, k, r)``, whatever runs it: ``threads`` searches at
    once in this process, or ``ray`` ("local": a local Ray on all cores;
    "auto" or "HOST:PORT": a cluster made with ``ray start``; a Ray already
    initialised in this process is used as it is).  ``skip``: (board, run)
    pairs not to search (done already).  ``root_parallel=W``: each search is
    one NRPA spread over W workers (threads, or Ray tasks), one board at a
    time.  ``improve``: per board, a finished game to improve on (None: from
    nothing); the Results' params then say "improve": true.  ``checkpoint``:
    a directory where each NRPA search writes its state every
    ``checkpoint_every`` seconds, and goes on from it when run again
    (``_checkpoint.path_of``; the same result as a search that never
    stopped).  ``live``: where the searches under way in this process
    (serial or threads) show their playouts and best so far.  ``options`` as
    in Board.search (``time`` per search).  Ctrl-C
    ends the iteration; with threads, the searches under way first yield
    their best so far, stopped "interrupt"; Ray tasks under way are
    cancelled."""
    boards = list(boards)
    seed, runs, threads = index(seed), index(runs), index(threads)
    _single.check(algo, options.get("level", 1), options.get("iterations"), options.get("width", 10),
                  seed, options.get("time"))
    if runs < 1 or threads < 1:
        raise ValueError(f"runs and threads must be at least 1, not {min(runs, threads)}")
    if root_parallel is not None and threads != 1:
        raise ValueError("threads does not apply to root-parallel search: its workers are its threads")
    skipped = set(skip)
    jobs = [(k, r, search_seed(seed, k, r)) for k in range(1, len(boards) + 1)
            for r in range(1, runs + 1) if (k, r) not in skipped]
    if improve is not None and len(improve) != len(boards):
        raise ValueError(f"improve must give one game or None per board, not {len(improve)} for {len(boards)}")
    params = [params_of(board_options(options, None if improve is None else improve[k]))
              for k in range(len(boards))]  # one per board: its start game differs
    rows = [board_rows(b) for b in boards]
    digests = [digest(r) for r in rows]
    result_params = params_of(options, root_parallel, improve is not None)
    if checkpoint is not None and algo != "nrpa":
        raise ValueError("checkpoints are NRPA's (--algo nrpa)")

    def make(job: Job, outcome: Outcome) -> Result:
        (k, r, s), (score, moves, stopped, games, cpu, version) = job, outcome
        return Result(k, r, s, algo, result_params, score, [(m[0], m[1]) for m in moves], stopped, games,
                      cpu, version, digests[k - 1])
    work = Work(boards, jobs, algo, params, make, Files(checkpoint, checkpoint_every), live)
    # yield from: a KeyboardInterrupt thrown into this generator reaches the executor's
    # (the CLI throws one when Ctrl-C came while it was writing a result)
    yield from executor(threads, ray, root_parallel)(work)


def executor(threads: int, ray: Optional[str], root_parallel: Optional[int]) -> Executor:
    """What runs a campaign's Work: in turn, on threads, on Ray, or root-parallel."""
    if root_parallel is not None:
        return partial(_root_parallel, workers=index(root_parallel), ray=ray)
    if ray is not None:
        from . import _ray
        _ray.connect(ray)
        return _ray.run
    return _in_turn if threads == 1 else partial(_threads, threads=threads)


def _in_turn(work: Work) -> Iterator[Result]:
    for job in work.jobs:  # in this thread: Ctrl-C reaches the kernel, which returns its best
        outcome = work.search(job)
        yield work.make(job, outcome)
        if outcome[2] == "interrupt":
            return


def _threads(work: Work, threads: int) -> Iterator[Result]:
    stops: dict[Future[Outcome], Any] = {}  # each search's own: it holds that search's progress
    queue = work.jobs[::-1]
    pending: dict[Future[Outcome], Job] = {}  # jobs sort in submission order: (board, run)
    with ThreadPoolExecutor(threads) as pool:
        def fill() -> None:  # a few more than the threads: a long campaign is not all queued at once
            while queue and len(pending) < 2 * threads:
                job = queue.pop()
                board = work.boards[job[0] - 1]
                stop = board.stop_flag()
                future = pool.submit(work.search, job, board.copy(), stop)
                pending[future], stops[future] = job, stop
        try:
            fill()
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for f in sorted(done, key=pending.__getitem__):
                    stops.pop(f)
                    yield work.make(pending.pop(f), f.result())
                fill()
        except KeyboardInterrupt:
            _stop(stops, pending)
            for f in sorted(pending, key=pending.__getitem__):
                if not f.cancelled():  # under way when Ctrl-C came: its best so far
                    outcome = f.result()
                    if outcome[2] == "stop":
                        outcome = (*outcome[:2], "interrupt", *outcome[3:])
                    yield work.make(pending[f], outcome)
        finally:  # Ctrl-C, or the caller stopped iterating: no more searching
            _stop(stops, pending)


def _stop(stops: dict[Future[Outcome], Any], futures: Iterable[Future[Outcome]]) -> None:
    for f in futures:
        f.cancel()  # the searches not started yet (first: none starts only to stop at once)
    for stop in list(stops.values()):
        stop.set()


def _root_parallel(work: Work, workers: int, ray: Optional[str]) -> Iterator[Result]:
    if work.algo != "nrpa":
        raise ValueError("root-parallel search is NRPA's (--algo nrpa)")
    from ._rootpar import root_parallel
    if ray is not None:
        from . import _ray
        _ray.connect(ray)
        pool: Any = _ray.Executor()
    else:
        pool = ThreadPoolExecutor(workers)  # every worker at once: what root-parallel is for
    default = {"level": 1, "iterations": _single.DEFAULT_ITERATIONS["nrpa"]}
    try:
        for job in work.jobs:  # one board at a time, on every worker; their CPU time is not reported
            k, _, s = job
            found = root_parallel(work.boards[k - 1], seed=s, workers=workers, executor=pool,
                                  checkpoint=work.files.of(job), **{**default, **work.params[k - 1]})
            yield work.make(job, (found.score, [list(m) for m in found.moves], found.stopped, found.playouts,
                                  None, __version__))
            if found.stopped == "interrupt":  # Ctrl-C: no more boards
                return
    finally:
        if isinstance(pool, ThreadPoolExecutor):
            pool.shutdown(cancel_futures=True)


def search_boards(boards: Iterable[Any], algo: str = "nrpa", *, seed: int = 0, threads: int = 1, runs: int = 1,
          **options: Any) -> Iterator[SearchResult]:
    """Search each board ``runs`` times (``options`` as in Board.search;
    ``time`` is per search) and yield the Solutions in order: board 1's
    runs, then board 2's...  Run r of board k (1-based) uses seed
    ``search_seed(seed, k, r)``, so results do not depend on
    ``threads``, the number of searches at once (``campaign()`` yields
    them as they finish, and runs them on Ray too).  Ctrl-C stops every
    search; the ones under way yield their best so far (stopped
    "interrupt"), then the iteration ends."""
    if index(runs) < 1:
        raise ValueError(f"runs must be at least 1, not {runs}")
    waiting: dict[tuple[int, int], SearchResult] = {}
    keys = ((k, r) for k in itertools.count(1) for r in range(1, runs + 1))
    following = next(keys)
    for result in campaign(boards, algo, seed=seed, runs=runs, threads=threads, **options):
        waiting[result.board, result.run] = SearchResult(result.score, result.moves, result.stopped, result.playouts)
        while following in waiting:  # searches start in order, so after Ctrl-C no gap is left
            yield waiting.pop(following)
            following = next(keys)
    for key in sorted(waiting):
        yield waiting[key]


def board_options(options: dict[str, Any], game: Any, with_game: bool = True) -> dict[str, Any]:
    """A board's search options (``with_game``: improve=``game`` among
    them): a board with no game to improve on starts from nothing, where
    improve_adapts has nothing to adapt towards."""
    own = dict(options, improve=game) if with_game else dict(options)
    if game is None:
        own.pop("improve_adapts", None)
    return own


def going_on(directory: str, boards: list[Any], seed: int, runs: int, skip: Iterable[tuple[int, int]],
             improve: Optional[list[Optional[list[tuple[int, int]]]]], options: dict[str, Any],
             root_parallel: Optional[int] = None) -> list[str]:
    """Before a campaign with checkpoints in ``directory`` (made if
    missing): a line for each search that will go on from its checkpoint;
    _checkpoint.Mismatch for a checkpoint of another search (nothing
    written), OSError when the directory cannot be made."""
    os.makedirs(directory, exist_ok=True)
    if not os.access(directory, os.W_OK):
        raise PermissionError(13, "Permission denied")
    said, skipped = [], set(skip)
    for k, board in enumerate(boards, 1):
        for r in range(1, index(runs) + 1):
            path = path_of(directory, k, r)
            header = None if (k, r) in skipped else peek(path)
            if header is not None:
                own = search_seed(seed, k, r)
                game = None if improve is None else improve[k - 1]
                ident = wanted(board, own, game is not None, **board_options(options, game, False))
                if root_parallel is not None:
                    ident["params"]["root_parallel"] = root_parallel
                refuse_other(path, header, ident, partial(_named_seed, board=k, run=r))
                how = "done" if header.get("done") else f"{header.get('cpu', 0):.1f} CPU s so far"
                said.append(f"board {k} run {r}: going on from {path} ({how}, best {header.get('best_score')})")
    return said


def _named_seed(search: int, board: int, run: int) -> str:
    """A search seed as the command line gave it: the campaign's --seed (a
    negative --seed reaches the search as its 64-bit two's complement, so
    2**63 and above are named as the negative number they came from)."""
    seed = campaign_seed(search, board, run)
    return f"--seed {seed - 2**64 if seed >= 2**63 else seed}"
