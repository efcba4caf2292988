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
import math
import time as _time
from array import array
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Optional

from ..._runtime.kernel_constants import constants
from ..._runtime.random_source_pure import SplitMix64
from .._game import Board
from .._single import SearchResult, adapt_policy, check, check_nrpa, finished_game, run, tabu_choice
from ._checkpoint import Mismatch, read, wanted, write

POLICY_SIZE = constants("samegame/research/_search.pxd").POLICY_SIZE  # NRPA's weights, as the kernels'


def task_seed(seed: int, round_: int, worker: int, restart: int = 0) -> int:
    """The seed of one worker's search in one round (of restart ``restart``
    of the top level): splitmix64 chained over (seed, round, worker[, restart])."""
    rng = SplitMix64(seed)
    for value in (round_, worker) + ((restart,) if restart else ()):  # restart 0: the seeds of before restarts
        rng = SplitMix64(rng.next() ^ value)
    return rng.next()


def level_search(rows: list[list[int]], backend: str, level: int, iterations: int, seed: int,
                 tabu: bool, seconds: float, policy: bytes,
                 options: dict[str, Any]) -> tuple[int, list[list[int]], Optional[str], int, float]:
    """One worker's task: an NRPA search of ``level`` from the top policy
    ``policy`` on the board ``rows`` (top row first); (score, moves as
    [r, c] lists, why it stopped early or None, playouts, CPU seconds of
    this thread).  ``options["cpu_time"]``: ``seconds`` are CPU seconds."""
    board = Board(rows, backend=backend)
    start = _time.thread_time()
    s = run(board, "nrpa", level=level, iterations=iterations, seed=seed, tabu=tabu,
            time=seconds or None, policy=policy, **options)
    return s.score, [list(m) for m in s.moves], s.stopped, s.playouts, _time.thread_time() - start


# Board.search's options that root-parallel search cannot take, and why (the
# others it takes all: tests/samegame/test_samegame_search_rootpar.py checks run()'s list).
NOT_HERE = {"width": "beam's", "weights": "beam-eval's", "policy": "the top level's own",
            "stop": "Ctrl-C's, in the caller", "tabu_free": "not here yet: the top level's adapt would need it",
            "tabu_until": "not here yet: the top level's adapt would need it",
            "prior": "not here yet: the top level's adapt would need it"}


def root_parallel(board: Any, *, level: int, iterations: int, seed: int, workers: int,
                  executor: Any, tabu: bool = True, time: Optional[float] = None, cpu_time: bool = False,
                  restarts: Optional[int] = 0, improve: Optional[Sequence[tuple[int, int]]] = None,
                  checkpoint: Optional[tuple[str, float]] = None, **nrpa_options: Any) -> SearchResult:
    """NRPA of ``level`` (>= 2) on ``board`` (a start position: no empty
    cell) whose level L-1 searches run ``workers`` at a time on ``executor``
    (anything with ``submit(fn, *args)`` returning a concurrent.futures
    Future).  ``iterations`` rounds at the top and per level below;
    ``time``: seconds for the whole search (each round's searches get what
    is left); with ``cpu_time`` they are CPU seconds, every worker's
    together (each round's workers share what is left).  ``restarts``: the
    top level runs again from a fresh policy that many times (None: until
    the time is up), as in Board.search; each restart's rounds have seeds
    of their own.  ``nrpa_options``: stab, tabu_bias, size_bias, colour_bias, repeats (see
    Board.search; the top level also ends once a round's best has equalled
    its best so far ``repeats`` times).  ``improve``: a finished game to improve on, as in
    Board.search: the best so far from the start, and the top policy is
    adapted towards it before the first round (and each restart's);
    ``improve_adapts`` K: that many times, and each run's top level then
    adapts towards its own best, as from nothing.  The best game of all rounds
    is returned; its ``playouts`` count every worker's.  ``checkpoint``:
    (file, seconds), the top level's state written there after a round
    once that many seconds have passed since the last write (and after
    the last round), and gone on from (``time`` then counts every piece's
    time); a round that a stop cut short is searched again."""
    _, level, iterations, _, seed, seconds = check("nrpa", level, iterations, 10, seed, time)
    options, colour, rows = _settings(board, level, workers, tabu, restarts, seconds, nrpa_options,
                                      improve is not None)
    adapts = options["improve_adapts"]
    task_options = _task_options(options, colour, cpu_time)

    def adapt(policy: bytes, moves: Any) -> bytes:  # the top level's policy towards a game
        return adapt_policy(board, policy, moves, bool(tabu), options["tabu_bias"], options["size_bias"], colour,
                            options["colour_bias"])
    at = _first_state(board, improve, adapts, adapt)
    saved = None if checkpoint is None else Saved(board, checkpoint, seed, workers, improve is not None,
                                                  dict(task_options, level=level, iterations=iterations, tabu=tabu,
                                                       restarts=restarts, improve_adapts=adapts))
    if saved is not None:
        saved.load(at)
    clock = Clock(seconds, bool(cpu_time), saved.spent if saved else (0.0, 0.0))
    # Workers in this process's threads take a stop flag: Ctrl-C reaches only
    # the main thread, which then stops them for their best so far.
    stop = board.stop_flag() if isinstance(executor, ThreadPoolExecutor) else None
    if stop is not None:
        task_options["stop"] = stop
    futures: list[Any] = []
    try:
        while not at.done:
            left = clock.left(at.cpu)
            if seconds and left <= 0 and at.best[0] >= 0:
                at.stopped = "time"
                break
            share = max(left / workers if cpu_time else left, 1e-9) if seconds else 0.0
            futures = [executor.submit(level_search, rows, board.backend, level - 1, iterations,
                                       task_seed(seed, at.round, w, at.run), bool(tabu), share, at.policy,
                                       task_options) for w in range(workers)]
            results = [f.result() for f in futures]  # in worker order, whoever finished first
            futures = []
            _fold(at, results)
            if at.stopped is not None:  # not written: a checkpoint goes on from before this round
                break
            if (options["repeats"] and at.reps >= options["repeats"]) or at.round + 1 == iterations:
                at.next_run(options["restarts"], keep=improve is not None and adapts is None)
                if not at.done:
                    _start_run(at, adapts, adapt)
            else:
                at.policy = adapt(at.policy, at.top[1])
                at.round += 1
            if saved is not None:
                saved.write(at)
    except KeyboardInterrupt:  # the best so far, this round's workers' included, as a serial search gives it
        cut = _stopped(futures, stop)
        if cut:
            _fold(at, cut)
        at.stopped = "interrupt"
    if at.best[0] < 0:
        return SearchResult(board.score, [], at.stopped, at.games)
    return SearchResult(at.best[0], [(r, c) for r, c in at.best[1]], at.stopped, at.games)


def _first_state(board: Any, improve: Optional[Sequence[tuple[int, int]]], adapts: Optional[int],
                 adapt: Any) -> "Rounds":
    """The top level before its first round: with ``improve``, the known
    game as the best so far and the policy adapted towards it."""
    at = Rounds(policy=bytes(8 * POLICY_SIZE))
    if improve is not None:
        score, known = finished_game(board, improve)
        at.best = (score, [[r, c] for r, c in known])
        at.top = at.best if adapts is None else (-1, [])  # improve_adapts: the run's own best, from nothing
        _start_run(at, adapts, adapt)
    return at


def _start_run(at: "Rounds", adapts: Optional[int], adapt: Any) -> None:
    """The top level's policy at the start of a run: fresh, or (improve)
    adapted towards the best so far (``adapts`` times; None: once, towards
    the run's best)."""
    target = at.top if adapts is None else at.best
    at.policy = bytes(8 * POLICY_SIZE)
    for _ in range(adapts or 1) if target[0] >= 0 else ():
        at.policy = adapt(at.policy, target[1])


def _stopped(futures: list[Any], stop: Any) -> list[Any]:
    """The results of a round cut short: its workers stopped (``stop``, or
    None where they cannot be: those not finished are cancelled, unread)."""
    for f in futures:
        f.cancel()
    if stop is not None:
        stop.set()
    return [f.result() for f in futures
            if not f.cancelled() and (stop is not None or f.done()) and f.exception() is None]


def _task_options(options: dict[str, Any], colour: int, cpu_time: bool) -> dict[str, Any]:
    """What each worker's level L-1 search takes of the checked options."""
    return dict(stab=options["stab"], tabu_bias=None if options["tabu_bias"] < 0 else options["tabu_bias"],
                size_bias=options["size_bias"], colour_bias=options["colour_bias"], repeats=options["repeats"],
                cpu_time=bool(cpu_time), **({"tabu_colour": colour} if colour >= 0 else {}))


def _settings(board: Any, level: int, workers: int, tabu: bool, restarts: Optional[int], seconds: float,
              nrpa_options: dict[str, Any], improve: bool = False) -> tuple[dict[str, Any], int, list[list[int]]]:
    """root_parallel's arguments checked: NRPA's options, the kernels' tabu
    colour and the start position's rows (ValueError or TypeError)."""
    if restarts is None and not seconds:
        raise ValueError("restarts=None (until the time is up) needs a time")
    options = check_nrpa(nrpa_options.pop("stab", 1), restarts, nrpa_options.pop("tabu_bias", None),
                         nrpa_options.pop("size_bias", 0.0), nrpa_options.pop("repeats", 0),
                         nrpa_options.pop("colour_bias", 0.0), nrpa_options.pop("improve_adapts", None), improve)
    colour = tabu_choice(board, tabu, nrpa_options.pop("tabu_colour", None))
    if nrpa_options:
        raise TypeError(f"unexpected options: {', '.join(sorted(nrpa_options))}")
    if level < 2:
        raise ValueError(f"level must be at least 2 (workers run level L-1), not {level}")
    if not 1 <= workers <= 1_000_000:
        raise ValueError(f"workers must be in 1..1000000, not {workers}")
    grid = board.grid()
    if any(v is None for row in grid for v in row):
        raise ValueError("root_parallel starts from a position with no empty cell")
    return options, colour, [list(row) for row in grid]


def _fold(at: Any, results: list[Any]) -> None:
    """One round's worker results into ``at``: playouts, CPU, the run's best
    (and how often it was equalled), the best of all, and a stop if any."""
    at.games += sum(r[3] for r in results)
    at.cpu += sum(r[4] for r in results)
    best = max(results, key=lambda r: r[0])  # the first of the best
    if best[0] >= at.top[0]:
        at.reps = at.reps + 1 if best[0] == at.top[0] else 0
        at.top = (best[0], best[1])
    if at.top[0] >= at.best[0]:
        at.best = at.top
    if any(r[2] is not None for r in results):
        at.stopped = next(r[2] for r in results if r[2] is not None)


class Clock:
    """A root-parallel search's budget: what is left of ``seconds`` (wall,
    or CPU: the workers' reported CPU seconds), counting ``spent`` (CPU,
    wall) by earlier pieces of it (a checkpoint)."""

    def __init__(self, seconds: float, cpu: bool, spent: tuple[float, float]) -> None:
        self.seconds, self.cpu, self.spent = seconds, cpu, spent
        self.start = _time.monotonic()

    def left(self, cpu_used: float) -> float:
        if not self.seconds:
            return 0.0
        if self.cpu:
            return self.seconds - cpu_used  # (cpu_used counts the earlier pieces' too)
        return self.seconds - self.spent[1] - (_time.monotonic() - self.start)


class Rounds:
    """Root-parallel NRPA between two rounds: all it needs to go on (the
    run of the top level: ``run``, its ``round``, its best ``top`` and its
    ``reps``; the ``best`` of all runs, ``games`` and workers' ``cpu``)."""

    def __init__(self, policy: bytes) -> None:
        self.policy = policy
        self.best: tuple[int, list[list[int]]] = (-1, [])
        self.top = self.best
        self.run = self.round = self.reps = self.games = 0
        self.cpu = 0.0
        self.done = False
        self.stopped: Optional[str] = None

    def next_run(self, restarts: int, keep: bool) -> None:
        """The top level's run ended: the next one from round 0 (``keep``:
        from the best so far, as with improve; else from nothing), or done."""
        self.run += 1
        self.done = self.run > restarts
        if self.done:
            self.round += 1
            return
        self.round = self.reps = 0
        self.top = self.top if keep else (-1, [])


class Saved:
    """A root-parallel search's checkpoint file (_checkpoint's format: its
    one level is the top, "it" the next round of run "run", its "game" the
    run's best; "root_parallel" in its params; "cpu" the workers' CPU seconds)."""

    def __init__(self, board: Any, checkpoint: tuple[str, float], seed: int, workers: int, improve: bool,
                 options: dict[str, Any]) -> None:
        self.path, self.every = checkpoint
        self.ident = wanted(board, seed, improve, **options)
        self.ident["params"]["root_parallel"] = workers
        self.spent, self.level = (0.0, 0.0), options["level"]
        self.start = self.last = _time.monotonic()

    def load(self, at: Rounds) -> None:
        found = read(self.path, self.ident)
        if found is None:
            return
        header, state = found
        try:
            [top] = state["levels"]
            weights, policy, codes = array("d"), array("d", bytes(len(at.policy))), array("i")
            codes.frombytes(top["codes"])
            weights.frombytes(top["weights"])
            for c, w in zip(codes, weights):
                policy[c] = w
            at.policy, at.round, at.reps = policy.tobytes(), int(top["it"]), int(top["reps"])
            at.best = (int(state["best_score"]), [[int(r), int(c)] for r, c in state["best"]])
            at.top = (int(top["best"]), [[int(r), int(c)] for r, c in top["game"] or ()])
            at.run, at.games, at.done = int(state["run"]), int(state["playouts"]), bool(state["done"])
            at.cpu = float(header.get("cpu") or 0.0)
            self.spent = (at.cpu, float(header["wall"]))
        except (ValueError, KeyError, TypeError, IndexError):
            raise Mismatch(f"{self.path}: a damaged checkpoint (its state does not read back)") from None

    def write(self, at: Rounds) -> None:
        now = _time.monotonic()
        if now - self.last < self.every and not at.done:
            return
        self.last = now
        policy = array("d")
        policy.frombytes(at.policy)
        codes = array("i", (c for c, w in enumerate(policy) if w != 0.0 or math.copysign(1.0, w) < 0))
        level = dict(level=self.level, it=at.round, best=at.top[0], reps=at.reps, game=at.top[1],
                     codes=codes.tobytes(), weights=array("d", (policy[c] for c in codes)).tobytes())
        state = dict(run=at.run, floor=-1, done=at.done, at=0 if at.done else self.level, rng=0, playouts=at.games,
                     best_score=at.best[0], best=at.best[1], levels=[level])
        wall = self.spent[1] + now - self.start
        write(self.path, dict(self.ident, cpu=round(at.cpu, 3), wall=round(wall, 3), playouts=at.games,
                              best_score=at.best[0], done=at.done, stopped=None,
                              written=_time.strftime("%Y-%m-%dT%H:%M:%SZ", _time.gmtime())), state)
