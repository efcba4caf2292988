"""Pure-Python twin of ``_search_ebeam.pxi``: the beam search with a
position evaluation (see there), the same ratings, ties and positions kept,
so the same arguments give the same game.  The twin sorts every child of a
layer at once; the kernel compacts a bounded buffer, which keeps the same
children."""
from typing import Any

from ..._runtime.random_source_pure import SplitMix64
from ._search_pure_core import (
    COLOURS,
    MAX_WIDTH,
    NCELLS,
    RC,
    STRIDE,
    _Ctx,
    candidates,
    gen_moves,
    offer,
    should_stop,
    start_tabu,
)

_PZOB: list[int] = []  # position hash keys, one per (cell, colour): made on first use


def pos_hash(p: Any) -> int:
    """The Zobrist hash of p's cells, as the kernel numbers them."""
    if not _PZOB:
        rng = SplitMix64(0x42454D2D4556414C)
        _PZOB.extend(rng.next() for _ in range(NCELLS * COLOURS))
    h = 0
    for c, column in enumerate(p._columns, 1):
        for r, v in enumerate(column, 1):
            h ^= _PZOB[(c * STRIDE + r) * COLOURS + v]
    return h


def evaluate(p: Any, moves: list[Any], lone: list[int], weights: tuple[int, int, int], tabu: int) -> int:
    """p's score plus an estimate of what is left, in hundredths of a point."""
    cells = lone[:]
    groups = 0
    for m in moves:
        cells[m.colour] += m.size
        groups += (m.size - 2) ** 2
    colours = sum((n - 2) ** 2 for c, n in enumerate(cells) if n > 2 and (tabu < 0 or c == tabu))
    score: int = p.score
    return 100 * score + weights[0] * groups + weights[1] * colours - weights[2] * sum(lone)


def ebeam(x: _Ctx, root: Any, width: int, weights: tuple[int, int, int]) -> tuple[int, list[RC]]:
    """The beam from root (x.path: the moves to root); the best game it
    finished, (-1, []) if none."""
    states: list[Any] = [root]
    history: list[list[tuple[int, RC]]] = []
    tabu = start_tabu(x, root)
    base = x.path
    best: tuple[int, list[RC]] = (-1, [])
    while states and not should_stop(x):
        cands: list[tuple[int, int, int, int, RC]] = []
        for b, state in enumerate(states):
            if should_stop(x):
                break
            moves, lone = gen_moves(state)
            for m in candidates(x, moves, lone, tabu, len(history), state.remaining)[0]:
                child = state.copy()
                child.select(*m.rc)
                child_moves, child_lone = gen_moves(child)
                if not child_moves:
                    at, path = b, [m.rc]
                    for layer in reversed(history):
                        at, rc = layer[at]
                        path.append(rc)
                    x.path = base + path[::-1]
                    x.playouts += 1
                    offer(x, child.score, [])
                    if child.score > best[0]:
                        best = (child.score, path[::-1])
                    x.path = base
                    continue
                key = evaluate(child, child_moves, child_lone, weights, tabu)
                cands.append((-key, len(cands), pos_hash(child), b, m.rc))
        if x.stopped:
            break
        layer = keep_best(cands, width)
        nexts = []
        for b, rc in layer:
            child = states[b].copy()
            child.select(*rc)
            nexts.append(child)
        states = nexts
        history.append(layer)
    return best


def keep_best(cands: list[tuple[int, int, int, int, RC]], width: int) -> list[tuple[int, RC]]:
    """The (parent, move) of the ``width`` best candidates (minus their
    evaluation, their order, their position's hash, parent, move), the first
    of each position only."""
    cands.sort()
    seen: set[int] = set()
    layer: list[tuple[int, RC]] = []
    for _, _, h, b, rc in cands:
        if h in seen:
            continue  # reached twice: the better one came first
        seen.add(h)
        layer.append((b, rc))
        if len(layer) == width:
            break
    return layer


def eval_beams(x: _Ctx, root: Any, width: int, beams: int, weights: tuple[int, int, int]) -> None:
    """``beams`` beams, each twice as wide as the one before (see the kernel)."""
    for _ in range(beams):
        ebeam(x, root, width, weights)
        if x.stopped or width >= MAX_WIDTH:
            break
        width = min(2 * width, MAX_WIDTH)
