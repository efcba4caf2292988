"""Pure-Python twin of ``_search.pyx``: the same searches, draws and tie
rules, so the same seed gives the same score and moves (see the kernel's
docstring for the shared design).  Positions are ``_pure.State`` objects; a
move is the (r, c) of its region's canonical cell (``State.moves()`` order).
"""
from typing import Any, Optional

from ._search_pure_beam import ebeam, eval_beams
from ._search_pure_core import (  # noqa: F401 (the twin's names, as the kernel's)
    ALGO_BEAM,
    ALGO_BEAM_EVAL,
    ALGO_NMCS,
    ALGO_NMCS_BEAM,
    ALGO_NRPA,
    ALGO_RANDOM,
    COLOURS,
    MAX_LEVEL,
    MAX_MOVES,
    MAX_WIDTH,
    NCELLS,
    POLICY_BITS,
    POLICY_SIZE,
    RC,
    RUNNING,
    STOPPED_FLAG,
    STOPPED_INTERRUPT,
    STOPPED_TIME,
    STRIDE,
    TABU_FREE_DEPTH,
    ZOB,
    Move,
    Step,
    Stop,
    _Ctx,
    adapt,
    candidates,
    game_rec,
    gen_moves,
    most_colour,
    offer,
    playout,
    policy_bytes,
    policy_dict,
    should_stop,
    start_tabu,
)
from ._search_pure_nrpa import NrpaRun


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
            if level == 1 and x.nest is not None:  # nmcs-beam: the playout is a beam
                s, seq = ebeam(x, child, *x.nest)
                for rc in seq:
                    child.select(*rc)
                s = child.score
            elif level == 1:
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


def adapt_policy(root: Any, policy: bytes, moves: list[RC], tabu: bool, tabu_bias: float,
                 size_bias: float, tabu_colour: int = -1, colour_bias: float = 0.0,
                 tabu_free: int = TABU_FREE_DEPTH, tabu_until: int = 0) -> bytes:
    """``policy`` adapted towards the game ``moves`` from root (see the kernel)."""
    x = _Ctx(0, tabu, 0.0, None, tabu_bias, size_bias, False, tabu_colour, colour_bias, tabu_free, tabu_until)
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
           improve: Optional[list[RC]] = None, tabu_colour: int = -1,
           colour_bias: float = 0.0, improve_adapts: Optional[int] = None,
           weights: tuple[int, int, int] = (0, 0, 0), tabu_free: int = TABU_FREE_DEPTH,
           tabu_until: int = 0, prior: Optional[Any] = None) -> tuple[int, list[RC], int, int]:
    """(score, moves as (r, c), stopped, playouts) of one search from root."""
    if algo == ALGO_NRPA:
        run = NrpaRun(root, level, iterations, seed, tabu, stab, repeats, restarts, tabu_bias, size_bias,
                      policy, improve, tabu_colour, colour_bias, improve_adapts, tabu_free, tabu_until, prior)
        run.run(seconds, stop, poll_signals, cpu_time)
        return run.result()
    if prior is not None:
        raise ValueError("prior applies only to NRPA")
    x = _Ctx(seed, tabu, seconds, stop, tabu_bias, size_bias, cpu_time, tabu_colour, colour_bias, tabu_free,
             tabu_until)
    if improve is not None:
        known = game_rec(x, root, improve, True)
        offer(x, known[0], known[1])
    try:
        if algo == ALGO_NMCS_BEAM:
            x.nest = (width, weights)
            algo = ALGO_NMCS
        if algo == ALGO_BEAM_EVAL:
            eval_beams(x, root, width, iterations, weights)
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
