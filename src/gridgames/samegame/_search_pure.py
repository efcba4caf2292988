"""Pure-Python twin of ``_search.pyx``: the same searches, draws and tie
rules, so the same seed gives the same score and moves (see the kernel's
docstring for the shared design).  Positions are ``_pure.State`` objects; a
move is the (r, c) of its region's canonical cell (``State.moves()`` order).
"""
import time
from math import exp
from typing import Any, NamedTuple, Optional

from .._limits import constants
from .._rng import SplitMix64

RC = tuple[int, int]  # a move: the (r, c) of its region's canonical cell

_S = constants("samegame/_search.pxd")
MAX_MOVES, RUNNING, STOPPED_TIME, STOPPED_FLAG = _S.MAX_MOVES, _S.RUNNING, _S.STOPPED_TIME, _S.STOPPED_FLAG
STOPPED_INTERRUPT, ALGO_RANDOM, ALGO_NMCS, ALGO_NRPA, ALGO_BEAM = \
    _S.STOPPED_INTERRUPT, _S.ALGO_RANDOM, _S.ALGO_NMCS, _S.ALGO_NRPA, _S.ALGO_BEAM


class Stop:
    """A flag another thread sets to stop searches early (they return their
    best so far)."""

    __slots__ = ("flag",)

    def __init__(self) -> None:
        self.flag = 0

    def set(self) -> None:
        self.flag = 1

    @property
    def is_set(self) -> bool:
        return bool(self.flag)


class Move(NamedTuple):
    rc: RC
    colour: int
    size: int


class _Ctx:
    def __init__(self, seed: int, tabu: bool, seconds: float, stop: Optional[Stop]) -> None:
        self.rng = SplitMix64(seed)
        self.tabu = tabu
        self.deadline = time.monotonic() + seconds if seconds > 0 else 0.0
        self.stop = stop
        self.stopped = RUNNING
        self.playouts = 0
        self.best_score = -1
        self.best: list[RC] = []
        self.path: list[RC] = []


def gen_moves(p: Any) -> list[Move]:
    columns = p._columns
    return [Move((r, c), columns[c - 1][r - 1], size) for r, c, size in p.moves()]


def tabu_colour(p: Any) -> int:
    """The colour with the most cells (the lowest on a tie)."""
    count = [0] * 10
    for column in p._columns:
        for v in column:
            count[v] += 1
    return int(max(range(10), key=lambda c: (count[c], -c)))


def candidates(moves: list[Move], tabu: int) -> list[Move]:
    return [m for m in moves if m.colour != tabu] or moves


def code(p: Any, rc: RC, colour: int) -> int:
    """NRPA's move code: colour, then the canonical cell in the frame."""
    rows: int = p.rows
    cols: int = p.cols
    return (colour * cols + rc[1] - 1) * rows + rc[0] - 1


def weights(p: Any, pol: list[float], cand: list[Move]) -> tuple[list[float], float]:
    w = [exp(pol[code(p, m.rc, m.colour)]) for m in cand]
    z = 0.0
    for wi in w:  # in order, like C (sum() may compensate)
        z += wi
    return w, z


def playout(x: _Ctx, p: Any, pol: Optional[list[float]]) -> list[RC]:
    tabu = tabu_colour(p) if x.tabu else -1
    seq: list[RC] = []
    while True:
        moves = gen_moves(p)
        if not moves:
            break
        cand = candidates(moves, tabu)
        if pol is None:
            m = cand[x.rng.uniform(len(cand))]
        else:
            w, z = weights(p, pol, cand)
            u = x.rng.unit() * z
            z = 0.0
            for t in range(len(cand)):
                z += w[t]
                if u < z:
                    break
            m = cand[t]
        seq.append(m.rc)
        p.select(*m.rc)
    x.playouts += 1
    offer(x, p.score, seq)
    return seq


def offer(x: _Ctx, score: int, seq: list[RC]) -> None:
    if score > x.best_score:
        x.best_score = score
        x.best = x.path + seq


def should_stop(x: _Ctx) -> bool:
    if x.stopped:
        return True
    if x.best_score < 0:
        return False
    if x.stop is not None and x.stop.flag:
        x.stopped = STOPPED_FLAG
    elif x.deadline > 0 and time.monotonic() >= x.deadline:
        x.stopped = STOPPED_TIME
    return x.stopped != RUNNING


def nmcs(x: _Ctx, level: int, start: Any) -> tuple[int, list[RC]]:
    cur = start.copy()
    best: list[RC] = []
    best_score, played, base = -1, 0, len(x.path)
    while True:
        moves = gen_moves(cur)
        if not moves:
            break
        for m in moves:
            if should_stop(x):
                del x.path[base:]
                return best_score, best
            child = cur.copy()
            child.select(*m.rc)
            x.path.append(m.rc)
            if level == 1:
                seq = playout(x, child, None)
                s = child.score
            else:
                s, seq = nmcs(x, level - 1, child)
            x.path.pop()
            if s > best_score:
                best_score, best = s, best[:played] + [m.rc] + seq
        if x.stopped:
            del x.path[base:]
            return best_score, best
        cur.select(*best[played])
        x.path.append(best[played])
        played += 1
    del x.path[base:]
    return (cur.score if best_score < 0 else best_score), best


def adapt(x: _Ctx, root: Any, pol: list[float], seq: list[RC]) -> None:
    new = pol[:]
    p = root.copy()
    tabu = tabu_colour(p) if x.tabu else -1
    for rc in seq:
        cand = candidates(gen_moves(p), tabu)
        w, z = weights(p, pol, cand)
        new[code(p, rc, p._columns[rc[1] - 1][rc[0] - 1])] += 1.0
        for m, wi in zip(cand, w):
            new[code(p, m.rc, m.colour)] -= wi / z
        p.select(*rc)
    pol[:] = new


def nrpa(x: _Ctx, root: Any, level: int, iterations: int, pol: list[float]) -> tuple[int, list[RC]]:
    best, mine = -1, []  # type: tuple[int, list[RC]]
    for _ in range(iterations):
        if should_stop(x):
            break
        if level == 1:
            p = root.copy()
            seq = playout(x, p, pol)
            s = p.score
        else:
            s, seq = nrpa(x, root, level - 1, iterations, pol[:])
        if s >= best:
            best, mine = s, seq
        if x.stopped:
            break
        adapt(x, root, pol, mine)
    return best, mine


def beam(x: _Ctx, root: Any, width: int) -> None:
    states: list[Any] = [root]
    history: list[list[tuple[int, RC]]] = []
    while states and not should_stop(x):
        cands: list[tuple[int, int, int, RC]] = []
        for b, state in enumerate(states):
            for m in gen_moves(state):
                at, path = b, []
                for layer in reversed(history):
                    at, rc = layer[at]
                    path.append(rc)
                x.path = path[::-1] + [m.rc]
                child = state.copy()
                child.select(*m.rc)
                if playout(x, child, None):
                    cands.append((child.score, len(cands), b, m.rc))
        x.path = []
        cands.sort(key=lambda cand: (-cand[0], cand[1]))
        layer, nexts = [], []
        for _, _, b, rc in cands[:width]:
            child = states[b].copy()
            child.select(*rc)
            nexts.append(child)
            layer.append((b, rc))
        states = nexts
        history.append(layer)


def playouts(root: Any, n: int, seed: int, tabu: bool) -> list[int]:
    x = _Ctx(seed, tabu, 0.0, None)
    scores = []
    for _ in range(n):
        p = root.copy()
        playout(x, p, None)
        scores.append(p.score)
    return scores


def search(root: Any, algo: int, level: int, iterations: int, width: int, seed: int, tabu: bool,
           seconds: float, stop: Optional[Stop],
           poll_signals: bool) -> tuple[int, list[RC], int, int]:
    """(score, moves as (r, c), stopped, playouts) of one search from root."""
    x = _Ctx(seed, tabu, seconds, stop)
    try:
        if algo == ALGO_NRPA:
            nrpa(x, root, level, iterations, [0.0] * (10 * root.rows * root.cols))
        elif algo == ALGO_BEAM:
            beam(x, root, width)
        else:
            for _ in range(iterations):
                if should_stop(x):
                    break
                if algo == ALGO_NMCS and level > 0:
                    nmcs(x, level, root)
                else:
                    playout(x, root.copy(), None)
    except KeyboardInterrupt:
        if x.best_score < 0:
            raise
        x.stopped = STOPPED_INTERRUPT  # Ctrl-C: return the best so far
    if x.best_score < 0:
        return root.score, [], x.stopped, x.playouts
    return x.best_score, list(x.best), x.stopped, x.playouts
