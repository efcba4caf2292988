"""NRPA of the pure-Python twin (``_search_nrpa.pxi`` and
``_search_resume.pxi`` in the kernel): the same levels, draws, tie rules and
checkpoint points, and the same plain-values state, so either twin
continues a search that the other stopped."""
import time
from array import array
from math import copysign
from typing import Any, Optional

from ._search_pure_core import (
    MAX_MOVES,
    POLICY_SIZE,
    RC,
    RUNNING,
    STOPPED_INTERRUPT,
    TABU_FREE_DEPTH,
    Step,
    Stop,
    _Ctx,
    adapt,
    game_rec,
    offer,
    playout,
    policy_dict,
    set_prior,
    should_stop,
)

Game = tuple[list[RC], list[Step]]  # a level's best game: its moves and steps


class _Levels:
    """The levels of one search (the kernel's Nrpa struct)."""

    def __init__(self, root: Any, level: int, iterations: int, stab: int, repeats: int, adapts: int = 0) -> None:
        self.root, self.top, self.iterations, self.stab, self.repeats = root, level, iterations, stab, repeats
        self.adapts = adapts  # improve_adapts (0: None): the top adapts towards known this often
        self.known: Game = ([], [])  # with adapts, the run's start game (floor's), apart from rec[top]
        self.pol: list[dict[int, float]] = [{} for _ in range(level + 1)]
        self.rec: list[Game] = [([], [])] * (level + 1)
        self.it, self.reps, self.best = [0] * (level + 1), [0] * (level + 1), [-1] * (level + 1)
        self.resume = self.suspended = 0
        self.done = False
        self.run = 0
        self.floor = -1


def suspend_due(x: _Ctx) -> bool:
    return x.ckpt and (x.halt != RUNNING or time.monotonic() >= x.ckpt_at)


def nrpa(x: _Ctx, r: _Levels, level: int, start: int) -> int:
    """Level ``level`` (see the kernel, checkpoint points included): its
    best score; its game goes to r.rec[level]."""
    pol = r.pol[level]
    if not r.resume:
        r.it[level], r.best[level], r.reps[level] = 0, start, 0
        if start >= 0:
            adapt(pol, r.rec[level][1])
    while r.it[level] < r.iterations:
        if r.resume == level:
            r.resume = 0
        elif not r.resume and (level >= 2 or level == r.top) and suspend_due(x):
            r.suspended = level
            return r.best[level]
        if level == 1:
            for _ in range(r.stab):
                if should_stop(x):
                    break
                p = r.root.copy()
                rec: list[Step] = []
                seq = playout(x, p, pol, rec)
                if p.score >= r.best[1]:
                    r.reps[1] = r.reps[1] + 1 if p.score == r.best[1] else 0
                    r.best[1], r.rec[1] = p.score, (seq, rec)
        elif r.resume or not should_stop(x):
            if not r.resume:
                r.pol[level - 1] = dict(pol)
            s = nrpa(x, r, level - 1, -1)
            if r.suspended:
                return r.best[level]
            if s >= r.best[level]:
                r.reps[level] = r.reps[level] + 1 if s == r.best[level] else 0
                r.best[level], r.rec[level] = s, r.rec[level - 1]
        if x.stopped or (r.repeats and r.reps[level] >= r.repeats):
            break
        if r.it[level] + 1 < r.iterations:
            adapt(pol, r.rec[level][1])
        r.it[level] += 1
    return r.best[level]


def nrpa_runs(x: _Ctx, r: _Levels, restarts: int, start: dict[int, float]) -> None:
    """The 1 + restarts runs of the top level (see the kernel, improve_adapts too)."""
    while r.run <= restarts:
        if not r.resume:
            if should_stop(x):
                break
            r.pol[r.top] = dict(start) if r.run == 0 else {}
            if r.adapts and r.floor >= 0:
                for _ in range(r.adapts):
                    adapt(r.pol[r.top], r.known[1])
        s = nrpa(x, r, r.top, -1 if r.adapts else r.floor)
        if r.suspended:
            return
        if r.floor >= 0 and s >= r.floor:
            r.floor = s
            if r.adapts:
                r.known = r.rec[r.top]
        r.run += 1
    r.done = not x.stopped


class NrpaRun:
    """One NRPA search that can stop at a checkpoint point and go on (see
    the kernel's class of that name)."""

    def __init__(self, root: Any, level: int, iterations: int, seed: int, tabu: bool, stab: int = 1,
                 repeats: int = 0, restarts: int = 0, tabu_bias: float = -1.0, size_bias: float = 0.0,
                 policy: Optional[bytes] = None, improve: Optional[list[RC]] = None,
                 tabu_colour: int = -1, colour_bias: float = 0.0, improve_adapts: Optional[int] = None,
                 tabu_free: int = TABU_FREE_DEPTH, tabu_until: int = 0, prior: Optional[Any] = None) -> None:
        self.x = _Ctx(seed, tabu, 0.0, None, tabu_bias, size_bias, False, tabu_colour, colour_bias, tabu_free,
                      tabu_until)
        set_prior(self.x, prior)
        self.r = _Levels(root, level, iterations, stab, repeats, improve_adapts or 0)
        self.restarts = restarts
        self.start = policy_dict(policy)
        if improve is not None:
            score, moves, steps = game_rec(self.x, root, improve, True)
            if self.r.adapts:
                self.r.known = (moves, steps)
            else:
                self.r.rec[level] = (moves, steps)
            self.r.floor = score
            offer(self.x, score, moves)

    @property
    def done(self) -> bool:
        return self.r.done

    def run(self, seconds: float, stop: Optional[Stop], poll_signals: bool, cpu_time: bool = False,
            every: float = -1.0) -> bool:
        """See the kernel (Ctrl-C: the best so far, stopped "interrupt",
        and no state to go on from but the last one)."""
        x, r = self.x, self.r
        x.clock = time.thread_time if cpu_time else time.monotonic
        x.deadline = x.clock() + seconds if seconds > 0 else 0.0
        x.stop = stop
        x.ckpt = every >= 0
        x.ckpt_at = time.monotonic() + every if every >= 0 else 0.0
        x.halt = RUNNING
        if r.suspended:
            r.resume, r.suspended = r.suspended, 0
        try:
            nrpa_runs(x, r, self.restarts, self.start)
        except KeyboardInterrupt:
            if x.best_score < 0:
                raise
            x.stopped = STOPPED_INTERRUPT  # Ctrl-C: return the best so far
        finally:
            x.stop = None
        return r.suspended != 0

    def result(self) -> tuple[int, list[RC], int, int]:
        x = self.x
        stopped = x.stopped or (RUNNING if self.r.done else x.halt)
        if x.best_score < 0:
            return self.r.root.score, [], stopped, x.playouts
        return x.best_score, list(x.best), stopped, x.playouts

    def state(self) -> dict[str, Any]:
        r, x = self.r, self.x
        if not r.done and not r.suspended:
            raise ValueError("a search has a state only when stopped at a checkpoint point, or done")
        at = 0 if r.done else r.suspended
        levels = [dict(level=m, it=r.it[m], best=r.best[m], reps=r.reps[m],
                       game=_game_values(r.rec[m]) if r.best[m] >= 0 else None, **_policy_values(r.pol[m]))
                  for m in range(at, r.top + 1)] if at else []
        return dict(run=r.run, floor=r.floor, done=r.done, at=at, rng=x.rng.state, playouts=x.playouts,
                    best_score=x.best_score, best=[list(m) for m in x.best] if x.best_score >= 0 else [],
                    levels=levels, known=_game_values(r.known) if r.adapts and r.floor >= 0 else None)

    def load(self, state: dict[str, Any]) -> None:
        r, x = self.r, self.x
        at, levels = state["at"], state["levels"]
        if not (0 <= at <= r.top and len(levels) == (r.top - at + 1 if at else 0) and (at or state["done"])):
            raise ValueError("the state's levels do not fit this search")
        for m, level in enumerate(levels, at):
            if level["level"] != m:
                raise ValueError("the state's levels do not fit this search")
            r.it[m], r.best[m], r.reps[m] = int(level["it"]), int(level["best"]), int(level["reps"])
            if level["game"] is not None:
                r.rec[m] = _game_of(level["game"])
            r.pol[m] = _policy_of(level["codes"], level["weights"])
        if len(state["best"]) > MAX_MOVES:
            raise ValueError("the state's best game is too long")
        x.best = [(int(a), int(b)) for a, b in state["best"]]
        x.best_score, x.rng.state, x.playouts = int(state["best_score"]), int(state["rng"]), int(state["playouts"])
        r.run, r.floor, r.done = int(state["run"]), int(state["floor"]), bool(state["done"])
        if r.adapts and r.floor >= 0:
            if state.get("known") is None:
                raise ValueError("the state has no start game")
            r.known = _game_of(state["known"])
        r.suspended, r.resume = at, 0


def _game_values(game: Game) -> dict[str, list[Any]]:
    moves, steps = game
    return dict(moves=[list(m) for m in moves], chosen=[s[0] for s in steps], nc=[len(s[1]) for s in steps],
                codes=[c for s in steps for c in s[1]], biases=[b for s in steps for b in s[2]])


def _game_of(values: dict[str, list[Any]]) -> Game:
    moves, chosen, nc, codes, biases = (values[k] for k in ("moves", "chosen", "nc", "codes", "biases"))
    if not (len(moves) <= MAX_MOVES and len(chosen) == len(nc) == len(moves) and len(biases) == len(codes)
            and sum(nc) == len(codes) and all(0 <= c < POLICY_SIZE for c in list(codes) + list(chosen))):
        raise ValueError("a game of the state does not fit")
    steps: list[Step] = []
    off = 0
    for c, n in zip(chosen, nc):
        steps.append((int(c), [int(k) for k in codes[off:off + n]], [float(b) for b in biases[off:off + n]]))
        off += n
    return [(int(a), int(b)) for a, b in moves], steps


def _policy_values(pol: dict[int, float]) -> dict[str, bytes]:
    """The weights that are not +0.0, by code (see the kernel)."""
    kept = sorted(c for c, v in pol.items() if v != 0.0 or copysign(1.0, v) < 0)
    return dict(codes=array("i", kept).tobytes(), weights=array("d", [pol[c] for c in kept]).tobytes())


def _policy_of(codes: bytes, weights: bytes) -> dict[int, float]:
    cs, ws = array("i"), array("d")
    cs.frombytes(codes)
    ws.frombytes(weights)
    if len(cs) != len(ws) or not all(0 <= c < POLICY_SIZE for c in cs):
        raise ValueError("a policy of the state does not fit")
    return dict(zip(cs, ws))
