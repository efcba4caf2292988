"""The unit of work of campaigns: one search of one board (``search``, and
``search_task`` on plain values for Ray), its seed (``search_seed``), its
``Result`` and the JSON line of it.  Campaigns, Ray and root-parallel runs all
build on this module; it imports only the one-search layer (``_single``).
"""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, Optional

from ... import __version__
from ..._runtime.random_source_pure import MASK, SplitMix64
from .. import _single
from .._game import board_rows as board_rows  # named here by campaigns and the CLI
from .._single import digest as digest
from . import _checkpoint

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


def campaign_seed(search: int, board: int, run: int) -> int:
    """The campaign seed whose run ``run`` of board ``board`` has the search
    seed ``search``: splitmix64's steps undone (each is a bijection), so a
    message can name the --seed a checkpoint was made with."""
    x = search
    for part in (run, board, 0):
        x ^= x >> 31  # each line undoes one of SplitMix64.next's, last first
        x ^= x >> 62
        x = (x * pow(0x94D049BB133111EB, -1, 2**64)) & MASK
        x ^= (x >> 27) ^ (x >> 54)
        x = (x * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK
        x ^= (x >> 30) ^ (x >> 60)
        x = ((x - 0x9E3779B97F4A7C15) & MASK) ^ part
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
            obj["params"] = stored_params(obj["params"])
            result = cls(**obj)
            if not (isinstance(result.board, int) and isinstance(result.run, int)
                    and isinstance(result.seed, int) and isinstance(result.params, dict)):
                raise ValueError
            return result
        except (ValueError, TypeError, KeyError, RecursionError):  # RecursionError: [[[[... nested too deep
            raise ValueError("not a result line") from None


def stored_params(params: Any) -> Any:
    """A results line's ``params`` as this version writes them: older lines
    said restarts "until the time is up" with the kernel's number for it."""
    if isinstance(params, dict) and params.get("restarts") == _single.UNTIL_TIME:
        return {**params, "restarts": None}
    return params


def search(board: Any, algo: str, params: dict[str, Any], seed: int, stop: Any = None,
           checkpoint: Optional[tuple[str, float]] = None) -> Outcome:
    """One search of ``board``, its CPU time measured in this thread (where
    the kernel runs).  ``checkpoint``: (file, seconds), an NRPA search that
    writes its state to the file that often and goes on from it (its CPU
    time then counts every piece)."""
    start = time.thread_time()
    if checkpoint is not None:
        done = _checkpoint.run(board, checkpoint[0], checkpoint[1], seed=seed, stop=stop, **params)
        s, cpu = done.result, done.cpu
    else:
        s = _single.run(board, algo, seed=seed, stop=stop, **params)
        cpu = time.thread_time() - start
    return s.score, [list(m) for m in s.moves], s.stopped, s.playouts, cpu, __version__


def search_task(rows: list[str], backend: str, algo: str, params: dict[str, Any], seed: int,
                checkpoint: Optional[tuple[str, float]] = None) -> Outcome:
    """``search`` of a board given as plain strings: what a Ray task runs
    (compiled objects do not travel; plain values do; a checkpoint file
    must be on a file system that the task's node shares)."""
    from .._game import Board
    return search(Board(rows, backend=backend), algo, params, seed, checkpoint=checkpoint)


def params_of(options: dict[str, Any], root_parallel: Optional[int] = None,
              improve: bool = False) -> dict[str, Any]:
    """The ``params`` of a campaign's Results: the search's options given
    (None left out, but for restarts: None is "until the time is up"), the
    root-parallel workers, and "improve": true when each search started
    from a known game."""
    params = {key: value for key, value in options.items() if value is not None or key == "restarts"}
    if root_parallel is not None:
        params["root_parallel"] = root_parallel
    if improve:
        params["improve"] = True
    return params


Make = Callable[[Job, Outcome], Result]


class Files:
    """Where each job's checkpoint goes: ``of(job)`` is (file, seconds) for
    ``search``, or None without checkpoints."""

    def __init__(self, directory: Optional[str] = None, every: float = 60.0) -> None:
        self.directory, self.every = directory, every

    def of(self, job: Job) -> Optional[tuple[str, float]]:
        if self.directory is None:
            return None
        return _checkpoint.path_of(self.directory, job[0], job[1]), self.every


class Live:
    """The searches under way in this process, for a progress line: the
    Stop of each, in which its kernel keeps its playouts and best so far."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.under_way: dict[Job, Any] = {}

    def begin(self, job: Job, stop: Any) -> None:
        with self.lock:
            self.under_way[job] = stop

    def end(self, job: Job) -> None:
        with self.lock:
            self.under_way.pop(job, None)

    def seen(self) -> list[tuple[int, int, int]]:
        """(board, playouts, best score or -1) of each search under way."""
        with self.lock:
            return [(job[0], *stop.seen_so_far) for job, stop in self.under_way.items()]


class Work(NamedTuple):
    """A campaign's searches as every executor takes them (serial, threads,
    Ray, root-parallel: each is a function of a Work yielding Results):
    the ``boards``, the ``jobs`` to run, the search (``algo``, its
    ``params`` per board), ``make`` (a Result of a job's Outcome) and the
    checkpoint ``files``."""

    boards: list[Any]
    jobs: list[Job]
    algo: str
    params: list[dict[str, Any]]
    make: Make
    files: Files
    live: Optional[Live] = None

    def search(self, job: Job, board: Any = None, stop: Any = None) -> Outcome:
        """The job's search, in this thread (on a copy of its board:
        ``board``; ``stop``: its own Stop, which ``live`` reads)."""
        k, _, seed = job
        board = self.boards[k - 1] if board is None else board
        params = self.params[k - 1]
        if self.live is None or (params.get("restarts", 0) is None and not params.get("time")):
            return search(board, self.algo, params, seed, stop, self.files.of(job))  # (no stop: refused as before)
        stop = board.stop_flag() if stop is None else stop
        self.live.begin(job, stop)
        try:
            return search(board, self.algo, params, seed, stop, self.files.of(job))
        finally:
            self.live.end(job)


Executor = Callable[[Work], Iterator[Result]]
