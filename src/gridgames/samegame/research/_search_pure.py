"""Pure-Python twin of ``_search.pyx``: the same searches, draws and tie
rules, so the same seed gives the same score and moves (see the kernel's
docstring for the shared design).  Positions are ``_pure.State`` objects; a
move is the (r, c) of its region's canonical cell (``State.moves()`` order).
"""
import time
from array import array
from math import exp
from typing import Any, NamedTuple, Optional

from ..._limits import constants
from ..._rng_pure import SplitMix64

RC = tuple[int, int]  # a move: the (r, c) of its region's canonical cell
Step = tuple[int, list[int], list[float]]  # NRPA: the chosen code, the candidates' codes and biases

_S = constants("samegame/research/_search.pxd")
_B = constants("samegame/_board.pxd")
MAX_MOVES, RUNNING, STOPPED_TIME, STOPPED_FLAG = _S.MAX_MOVES, _S.RUNNING, _S.STOPPED_TIME, _S.STOPPED_FLAG
STOPPED_INTERRUPT, ALGO_RANDOM, ALGO_NMCS, ALGO_NRPA, ALGO_BEAM = \
    _S.STOPPED_INTERRUPT, _S.ALGO_RANDOM, _S.ALGO_NMCS, _S.ALGO_NRPA, _S.ALGO_BEAM
POLICY_BITS, POLICY_SIZE, TABU_FREE_DEPTH = _S.POLICY_BITS, _S.POLICY_SIZE, _S.TABU_FREE_DEPTH
STRIDE, NCELLS, COLOURS = _B.BIG_STRIDE, _B.BIG_NCELLS, _B.COLOURS  # the kernel's cell numbering: c * STRIDE + r


def _zobrist() -> list[int]:
    rng = SplitMix64(0x5A4D4547414D45)
    return [rng.next() & (POLICY_SIZE - 1) for _ in range(NCELLS + COLOURS)]


ZOB = _zobrist()  # keys of cells, then of colours


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
    code: int


class _Ctx:
    def __init__(self, seed: int, tabu: bool, seconds: float, stop: Optional[Stop],
                 tabu_bias: float = -1.0, size_bias: float = 0.0, cpu_time: bool = False) -> None:
        self.rng = SplitMix64(seed)
        self.clock = time.thread_time if cpu_time else time.monotonic
        self.tabu = tabu
        self.tabu_bias = tabu_bias
        self.size_bias = size_bias
        self.deadline = self.clock() + seconds if seconds > 0 else 0.0
        self.stop = stop
        self.stopped = RUNNING
        self.playouts = 0
        self.best_score = -1
        self.best: list[RC] = []
        self.path: list[RC] = []


def gen_moves(p: Any) -> tuple[list[Move], list[int]]:
    """The removable regions in canonical order, each with its Zobrist code;
    and per colour the cells in no region."""
    columns = [col[:] for col in p._columns]
    moves: list[Move] = []
    lone = [0] * COLOURS
    for c, column in enumerate(columns):
        for r in range(len(column)):
            v = column[r]
            if v is not None:
                cells = p._take(columns, c, r)
                if len(cells) >= 2:
                    h = ZOB[NCELLS + v]
                    for cc, rr in cells:
                        h ^= ZOB[(cc + 1) * STRIDE + rr + 1]
                    moves.append(Move((r + 1, c + 1), v, len(cells), h))
                else:
                    lone[v] += 1
    return moves, lone


def tabu_colour(p: Any) -> int:
    """The colour with the most cells (the lowest on a tie)."""
    count = [0] * 10
    for column in p._columns:
        for v in column:
            count[v] += 1
    return int(max(range(10), key=lambda c: (count[c], -c)))


def candidates(x: _Ctx, moves: list[Move], lone: list[int], tabu: int,
               depth: int) -> tuple[list[Move], list[float]]:
    """The moves a playout may draw and their biases (see the kernel)."""
    if tabu >= 0 and lone[tabu] + sum(m.colour == tabu for m in moves) <= 1:
        tabu = -1
    cand: list[Move] = []
    bias: list[float] = []
    for m in moves:
        banned = m.colour == tabu and not (m.size <= 2 and depth > TABU_FREE_DEPTH)
        if banned and x.tabu_bias < 0:
            continue
        b = x.size_bias * (m.size - 2)
        if banned:
            b = b - x.tabu_bias
        cand.append(m)
        bias.append(b)
    if not cand:
        return moves, [x.size_bias * (m.size - 2) for m in moves]
    return cand, bias


def playout(x: _Ctx, p: Any, pol: Optional[dict[int, float]],
            rec: Optional[list[Step]] = None) -> list[RC]:
    """Play p to the end (see the kernel); rec, if given, gets each step."""
    tabu = tabu_colour(p) if x.tabu else -1
    seq: list[RC] = []
    while True:
        moves, lone = gen_moves(p)
        if not moves:
            break
        cand, bias = candidates(x, moves, lone, tabu, len(x.path) + len(seq))
        if pol is None:
            m = cand[x.rng.uniform(len(cand))]
        else:
            w = [exp(pol.get(mv.code, 0.0) + b) for mv, b in zip(cand, bias)]
            z = 0.0
            for wi in w:  # in order, like C (sum() may compensate)
                z += wi
            u = x.rng.unit() * z
            z = 0.0
            for t in range(len(cand)):
                z += w[t]
                if u < z:
                    break
            m = cand[t]
            if rec is not None:
                rec.append((m.code, [mv.code for mv in cand], bias))
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
    elif x.deadline > 0 and x.clock() >= x.deadline:
        x.stopped = STOPPED_TIME
    return x.stopped != RUNNING


def nmcs(x: _Ctx, level: int, start: Any) -> tuple[int, list[RC]]:
    cur = start.copy()
    best: list[RC] = []
    best_score, played, base = -1, 0, len(x.path)
    while True:
        moves = gen_moves(cur)[0]
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


def adapt(pol: dict[int, float], rec: list[Step]) -> None:
    """Move pol towards the game rec (see the kernel)."""
    probs = []
    for _, codes, bias in rec:
        w = [exp(pol.get(c, 0.0) + b) for c, b in zip(codes, bias)]
        z = 0.0
        for wi in w:
            z += wi
        probs.append((w, z))
    for (chosen, codes, _), (w, z) in zip(rec, probs):
        pol[chosen] = pol.get(chosen, 0.0) + 1.0
        for c, wi in zip(codes, w):
            pol[c] = pol.get(c, 0.0) - wi / z


Game = tuple[int, list[RC], list[Step]]  # NRPA's best: score, moves, steps


def nrpa(x: _Ctx, root: Any, level: int, iterations: int, stab: int, repeats: int,
         pol: dict[int, float], start: Optional[Game] = None) -> Game:
    """Level ``level`` (see the kernel): the best score, its moves and
    steps; ``start``: the best so far (the improve loop)."""
    best, mine, steps = start or (-1, [], [])
    reps = 0
    if start is not None:
        adapt(pol, steps)
    for i in range(iterations):
        if level == 1:
            for _ in range(stab):
                if should_stop(x):
                    break
                p = root.copy()
                rec: list[Step] = []
                seq = playout(x, p, pol, rec)
                if p.score >= best:
                    reps = reps + 1 if p.score == best else 0
                    best, mine, steps = p.score, seq, rec
        elif not should_stop(x):
            s, seq, rec = nrpa(x, root, level - 1, iterations, stab, repeats, dict(pol))
            if s >= best:
                reps = reps + 1 if s == best else 0
                best, mine, steps = s, seq, rec
        if x.stopped or (repeats and reps >= repeats):
            break
        if i + 1 < iterations:
            adapt(pol, steps)
    return best, mine, steps


def policy_dict(policy: Optional[bytes]) -> dict[int, float]:
    """A policy from bytes of POLICY_SIZE doubles (native order), or empty."""
    if policy is None:
        return {}
    values = array("d")
    values.frombytes(policy)
    if len(values) != POLICY_SIZE or len(policy) != POLICY_SIZE * 8:
        raise ValueError("policy must be POLICY_SIZE doubles")
    return {k: v for k, v in enumerate(values) if v != 0.0}


def policy_bytes(pol: dict[int, float]) -> bytes:
    values = array("d", bytes(POLICY_SIZE * 8))
    for k, v in pol.items():
        values[k] = v
    return values.tobytes()


def game_rec(x: _Ctx, root: Any, moves: Any, finished: bool) -> tuple[int, list[RC], list[Step]]:
    """The game ``moves`` from root as NRPA records it: (score, moves,
    steps); ValueError as in the kernel."""
    p = root.copy()
    tabu_c = tabu_colour(p) if x.tabu else -1
    rec: list[Step] = []
    seq: list[RC] = []
    for t, rc in enumerate(moves):
        if t >= MAX_MOVES:
            raise ValueError(f"more than {MAX_MOVES} moves")
        rc = (int(rc[0]), int(rc[1]))
        all_moves, lone = gen_moves(p)
        cand, bias = candidates(x, all_moves, lone, tabu_c, t)
        chosen = [m.code for m in all_moves if m.rc == rc]
        if not chosen:
            raise ValueError(f"move {t + 1} {rc} is not a region's canonical cell")
        rec.append((chosen[0], [m.code for m in cand], bias))
        seq.append(rc)
        p.select(*rc)
    if finished and gen_moves(p)[0]:
        raise ValueError(f"the game does not end the board: a region is left after move {len(seq)}")
    return p.score, seq, rec


def adapt_policy(root: Any, policy: bytes, moves: list[RC], tabu: bool, tabu_bias: float,
                 size_bias: float) -> bytes:
    """``policy`` adapted towards the game ``moves`` from root (see the kernel)."""
    x = _Ctx(0, tabu, 0.0, None, tabu_bias, size_bias)
    pol = policy_dict(policy)
    adapt(pol, game_rec(x, root, moves, False)[2])
    return policy_bytes(pol)


def beam(x: _Ctx, root: Any, width: int) -> None:
    states: list[Any] = [root]
    history: list[list[tuple[int, RC]]] = []
    while states and not should_stop(x):
        cands: list[tuple[int, int, int, RC]] = []
        for b, state in enumerate(states):
            for m in gen_moves(state)[0]:
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
           seconds: float, stop: Optional[Stop], poll_signals: bool, stab: int = 1, repeats: int = 0,
           restarts: int = 0, tabu_bias: float = -1.0, size_bias: float = 0.0,
           policy: Optional[bytes] = None, cpu_time: bool = False,
           improve: Optional[list[RC]] = None) -> tuple[int, list[RC], int, int]:
    """(score, moves as (r, c), stopped, playouts) of one search from root."""
    x = _Ctx(seed, tabu, seconds, stop, tabu_bias, size_bias, cpu_time)
    known = None if improve is None else game_rec(x, root, improve, True)
    if known is not None:
        offer(x, known[0], known[1])
    try:
        if algo == ALGO_NRPA:
            top = policy_dict(policy)
            for run in range(restarts + 1):
                if should_stop(x):
                    break
                found = nrpa(x, root, level, iterations, stab, repeats, top if run == 0 else {}, known)
                if known is not None:
                    known = found  # the next run starts from this one's best
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
