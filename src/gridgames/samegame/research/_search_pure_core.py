"""The shared machinery of ``_search_pure`` (the pure-Python twin of
``_search.pyx``): moves and their codes, playouts, the global best, the
stop rule, and NRPA's adapt step and game records."""
import time
from array import array
from math import exp
from typing import Any, NamedTuple, Optional

from ..._runtime.kernel_constants import constants
from ..._runtime.random_source_pure import SplitMix64

RC = tuple[int, int]  # a move: the (r, c) of its region's canonical cell
Step = tuple[int, list[int], list[float]]  # NRPA: the chosen code, the candidates' codes and biases

_S = constants("samegame/research/_search.pxd")
_B = constants("samegame/_board.pxd")
MAX_MOVES, RUNNING, STOPPED_TIME, STOPPED_FLAG = _S.MAX_MOVES, _S.RUNNING, _S.STOPPED_TIME, _S.STOPPED_FLAG
STOPPED_INTERRUPT, ALGO_RANDOM, ALGO_NMCS, ALGO_NRPA, ALGO_BEAM, ALGO_BEAM_EVAL, ALGO_NMCS_BEAM, MAX_WIDTH = \
    _S.STOPPED_INTERRUPT, _S.ALGO_RANDOM, _S.ALGO_NMCS, _S.ALGO_NRPA, _S.ALGO_BEAM, _S.ALGO_BEAM_EVAL, \
    _S.ALGO_NMCS_BEAM, _S.MAX_WIDTH
POLICY_BITS, POLICY_SIZE, TABU_FREE_DEPTH, MAX_LEVEL = _S.POLICY_BITS, _S.POLICY_SIZE, _S.TABU_FREE_DEPTH, _S.MAX_LEVEL
PRIOR_FEATURES = _S.PRIOR_FEATURES
STRIDE, NCELLS, COLOURS = _B.BIG_STRIDE, _B.BIG_NCELLS, _B.COLOURS  # the kernel's cell numbering: c * STRIDE + r


def _zobrist() -> list[int]:
    rng = SplitMix64(0x5A4D4547414D45)
    return [rng.next() & (POLICY_SIZE - 1) for _ in range(NCELLS + COLOURS)]


ZOB = _zobrist()  # keys of cells, then of colours


class Stop:
    """A flag another thread sets to stop searches early (they return their
    best so far)."""

    __slots__ = ("flag", "seen")

    def __init__(self) -> None:
        self.flag = 0
        self.seen = (0, -1)  # the search's playouts and best score so far (-1: none yet)

    def set(self) -> None:
        self.flag = 1

    @property
    def is_set(self) -> bool:
        return bool(self.flag)

    @property
    def seen_so_far(self) -> tuple[int, int]:
        """(playouts, best score or -1) of the search given this Stop, as it
        runs (another thread reads them: a progress line)."""
        return self.seen


class Move(NamedTuple):
    rc: RC
    colour: int
    size: int
    code: int


class _Ctx:
    def __init__(self, seed: int, tabu: bool, seconds: float, stop: Optional[Stop],
                 tabu_bias: float = -1.0, size_bias: float = 0.0, cpu_time: bool = False,
                 tabu_fixed: int = -1, colour_bias: float = 0.0, tabu_free: int = TABU_FREE_DEPTH,
                 tabu_until: int = 0) -> None:
        self.rng = SplitMix64(seed)
        self.clock = time.thread_time if cpu_time else time.monotonic
        self.tabu = tabu
        self.tabu_fixed = tabu_fixed
        self.tabu_bias = tabu_bias
        self.size_bias = size_bias
        self.colour_bias = colour_bias
        self.tabu_free = tabu_free
        self.tabu_until = tabu_until
        self.prior: Optional[list[float]] = None  # a learned prior's weights (see set_prior)
        self.nest: Optional[tuple[int, tuple[int, int, int]]] = None  # nmcs-beam: its beams' width and weights
        self.deadline = self.clock() + seconds if seconds > 0 else 0.0
        self.stop = stop
        self.stopped = RUNNING
        self.ckpt = False  # checkpoint mode: a stop waits for NRPA's next checkpoint point (see the kernel)
        self.halt = RUNNING
        self.ckpt_at = 0.0
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


def most_colour(p: Any) -> int:
    """The colour with the most cells (the lowest on a tie)."""
    count = [0] * 10
    for column in p._columns:
        for v in column:
            count[v] += 1
    return int(max(range(10), key=lambda c: (count[c], -c)))


def start_tabu(x: _Ctx, p: Any) -> int:
    """The colour a playout from p keeps (-1: none)."""
    if not x.tabu:
        return -1
    return x.tabu_fixed if x.tabu_fixed >= 0 else most_colour(p)


def set_prior(x: _Ctx, prior: Any) -> None:
    """x's learned prior (see the kernel)."""
    if prior is None:
        return
    values = [float(v) for v in prior]
    if len(values) != PRIOR_FEATURES or not all(abs(v) < float("inf") for v in values):
        raise ValueError(f"prior must be {PRIOR_FEATURES} finite numbers")
    x.prior = values


def move_features(m: Move, cells: list[int], regions: list[int], lone: list[int],
                  kept: int) -> tuple[float, ...]:
    """A move's features for the learned prior, in the kernel's order (see
    prior_bias there); benchmarks/samegame_prior.py fits on them."""
    s = m.size - 2
    r, c = m.rc
    return (s, s * s, m.size / cells[m.colour], m.size == cells[m.colour], m.colour == kept, r - 1, c - 1,
            lone[m.colour], regions[m.colour])


def colour_counts(moves: list[Move], lone: list[int]) -> tuple[list[int], list[int]]:
    """Per colour: its cells on the board, and its regions."""
    cells, regions = lone[:], [0] * COLOURS
    for m in moves:
        cells[m.colour] += m.size
        regions[m.colour] += 1
    return cells, regions


def candidates(x: _Ctx, moves: list[Move], lone: list[int], tabu: int,
               depth: int, left: int) -> tuple[list[Move], list[float]]:
    """The moves a playout may draw and their biases (see the kernel)."""
    kept = tabu
    if left <= x.tabu_until:
        tabu = -1
    cells = lone
    if x.colour_bias != 0:  # counted only when used, as in the kernel
        cells = colour_counts(moves, lone)[0]
    if tabu >= 0 and lone[tabu] + sum(m.colour == tabu for m in moves) <= 1:
        tabu = -1
    cand: list[Move] = []
    bias: list[float] = []
    for m in moves:
        banned = m.colour == tabu and not (m.size <= 2 and depth > x.tabu_free)
        if banned and x.tabu_bias < 0:
            continue
        b = _bias(x, m, cells)
        if banned:
            b = b - x.tabu_bias
        cand.append(m)
        bias.append(b)
    if not cand:
        cand, bias = moves, [_bias(x, m, cells) for m in moves]
    if x.prior is not None:
        bias = add_prior(x.prior, moves, lone, kept, cand, bias)
    return cand, bias


def _bias(x: _Ctx, m: Move, cells: list[int]) -> float:
    """A move's bias with no tabu term (candidates' fallback)."""
    b = x.size_bias * (m.size - 2)
    if x.colour_bias != 0:
        b = b + x.colour_bias * m.size / cells[m.colour]
    return b


def add_prior(prior: list[float], moves: list[Move], lone: list[int], kept: int, cand: list[Move],
              bias: list[float]) -> list[float]:
    """The candidates' biases plus the prior's (see the kernel)."""
    cells, regions = colour_counts(moves, lone)
    out = []
    for m, b in zip(cand, bias):
        d = 0.0
        for w, f in zip(prior, move_features(m, cells, regions, lone, kept)):
            d = d + w * f  # in order, one rounding per product and per sum, as in the kernel
        out.append(b + d)
    return out


def playout(x: _Ctx, p: Any, pol: Optional[dict[int, float]],
            rec: Optional[list[Step]] = None) -> list[RC]:
    """Play p to the end (see the kernel); rec, if given, gets each step."""
    tabu = start_tabu(x, p)
    seq: list[RC] = []
    while True:
        moves, lone = gen_moves(p)
        if not moves:
            break
        cand, bias = candidates(x, moves, lone, tabu, len(x.path) + len(seq), p.remaining)
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
    if x.stop is not None:
        x.stop.seen = (x.playouts, x.best_score)
    return seq


def offer(x: _Ctx, score: int, seq: list[RC]) -> None:
    if score > x.best_score:
        x.best_score = score
        x.best = x.path + seq


def should_stop(x: _Ctx) -> bool:
    """See the kernel (Ctrl-C is search()'s KeyboardInterrupt here)."""
    if x.stopped:
        return True
    if x.best_score < 0 or x.halt:
        return False
    why = RUNNING
    if x.stop is not None and x.stop.flag:
        why = STOPPED_FLAG
    elif x.deadline > 0 and x.clock() >= x.deadline:
        why = STOPPED_TIME
    if x.ckpt:
        x.halt = why
    else:
        x.stopped = why
    return x.stopped != RUNNING


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
    tabu_c = start_tabu(x, p)
    rec: list[Step] = []
    seq: list[RC] = []
    for t, rc in enumerate(moves):
        if t >= MAX_MOVES:
            raise ValueError(f"more than {MAX_MOVES} moves")
        rc = (int(rc[0]), int(rc[1]))
        all_moves, lone = gen_moves(p)
        cand, bias = candidates(x, all_moves, lone, tabu_c, t, p.remaining)
        chosen = [m.code for m in all_moves if m.rc == rc]
        if not chosen:
            raise ValueError(f"move {t + 1} {rc} is not a region's canonical cell")
        rec.append((chosen[0], [m.code for m in cand], bias))
        seq.append(rc)
        p.select(*rc)
    if finished and gen_moves(p)[0]:
        raise ValueError(f"the game does not end the board: a region is left after move {len(seq)}")
    return p.score, seq, rec


