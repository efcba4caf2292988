"""The solver's fallback: a SAT encoding solved by CaDiCaL (python-sat, the
``[sat]`` extra), used when the search cannot settle a puzzle quickly.

Variable x(c, v): non-solid square c is on path v.  Clauses (the encoding
of the benchmarks' baseline, benchmarks/baseline/numberlink_sat.py): every square
exactly one path (an endpoint its own); a square of path v has exactly one
(endpoint) or two (any other square) neighbours on v, which is ``check``'s
degree rule.  Added to the baseline's: no 2x2 block of squares is all on one
path.  Every solution obeys it (such a block would be a loop), and it spares
CaDiCaL most of its work on boards of few long paths (20x20 Hamiltonian
cuts: 0.04-0.07 s against 1.6-5.6 s).  Connectivity is not encoded: a model may hold separate loops;
each loop found is forbidden by a clause (no solution holds it, since a path
never touches itself) and the solver runs again, incrementally.  Counting
blocks each solution found and runs again, up to the limit.

A single SAT call cannot be interrupted in-process (CaDiCaL in python-sat
holds the GIL and has no limited solve), so under a time limit the calls run
in a forked child process that is killed at the deadline.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, Optional

SOLVER = "cadical153"  # as the baseline
HINT = 'pip install "gridgames[sat]"'
PAIRWISE = 8  # "exactly one path" pairwise up to this many paths, else a counter


def available() -> bool:
    """Is python-sat installed?"""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


def _near(rows: int, cols: int, i: int) -> list[int]:
    r, c = divmod(i, cols)
    return [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def _encode(rows: int, cols: int, cells: Sequence[int], k: int
            ) -> tuple[list[list[int]], Callable[[int, int], int]]:
    """(clauses, x(c, v) variable function): the baseline's formula
    (benchmarks/baseline/numberlink_sat.py, ``blocks=True``), with "exactly
    one" pairwise for up to PAIRWISE paths (no counter variables)."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    pool = IDPool()

    def x(c: int, v: int) -> int:
        return int(pool.id((c, v)))

    clauses: list[list[int]] = []
    for c in range(rows * cols):
        if cells[c] == -1:
            continue
        if cells[c] > 0:
            clauses += [[x(c, cells[c])]] + [[-x(c, v)] for v in range(1, k + 1) if v != cells[c]]
        elif k > PAIRWISE:
            clauses += CardEnc.equals([x(c, v) for v in range(1, k + 1)], 1, vpool=pool,
                                      encoding=EncType.seqcounter).clauses
        else:  # no path (k = 0): the empty clause, unsatisfiable
            one = [x(c, v) for v in range(1, k + 1)]
            clauses += [one] + [[-a, -b] for a, b in combinations(one, 2)]
        want = 1 if cells[c] > 0 else 2
        near = [n for n in _near(rows, cols, c) if cells[n] != -1]
        for v in ([cells[c]] if cells[c] > 0 else range(1, k + 1)):
            here = -x(c, v)
            clauses += [[here] + [-x(n, v) for n in group] for group in combinations(near, want + 1)]
            clauses += [[here] + [x(n, v) for n in group]
                        for group in combinations(near, len(near) - want + 1)]
    for c in range(rows * cols - cols):  # no 2x2 block on one path
        block = (c, c + 1, c + cols, c + cols + 1)
        if c % cols != cols - 1 and all(cells[b] != -1 for b in block):
            clauses += [[-x(b, v) for b in block] for v in range(1, k + 1)]
    return clauses, x


def _loops(rows: int, cols: int, cells: Sequence[int], colour: list[int]) -> list[list[int]]:
    """Each separate loop of a model (a connected set of one path's squares
    without an endpoint), as its squares."""
    seen: set[int] = set()
    loops = []
    for start in range(rows * cols):
        if colour[start] <= 0 or start in seen:
            continue
        part, todo = [], [start]
        seen.add(start)
        while todo:
            c = todo.pop()
            part.append(c)
            for n in _near(rows, cols, c):
                if n not in seen and colour[n] == colour[c]:
                    seen.add(n)
                    todo.append(n)
        if not any(cells[c] > 0 for c in part):
            loops.append(part)
    return loops


def count(rows: int, cols: int, cells: Sequence[int], limit: int) -> tuple[int, Optional[list[int]]]:
    """(solutions up to ``limit``, the first one's cells or None)."""
    from pysat.solvers import Solver
    k = max(0, *cells)
    found, first = 0, None
    clauses, x = _encode(rows, cols, cells, k)
    with Solver(name=SOLVER, bootstrap_with=clauses) as sat:
        while found < limit and sat.solve():
            model = sat.get_model()
            colour = [-1 if cells[c] == -1 else
                      next(v for v in range(1, k + 1) if model[x(c, v) - 1] > 0)
                      for c in range(rows * cols)]
            loops = _loops(rows, cols, cells, colour)
            for part in loops:
                sat.add_clause([-x(c, colour[c]) for c in part])
            if loops:
                continue
            found += 1
            first = first or colour
            sat.add_clause([-x(c, colour[c]) for c in range(rows * cols) if cells[c] == 0])
    return found, first


def _child(conn: Any, rows: int, cols: int, cells: Sequence[int], limit: int) -> None:
    conn.send(count(rows, cols, cells, limit))
    conn.close()


def count_until(rows: int, cols: int, cells: Sequence[int], limit: int, deadline: Optional[float]
                ) -> Optional[tuple[int, Optional[list[int]]]]:
    """count(), or None when the deadline (time.monotonic()) passes first.
    With a deadline the work runs in a forked process, killed at the deadline
    (in-process where fork is missing: then the deadline is only checked
    before starting)."""
    if deadline is None:
        return count(rows, cols, cells, limit)
    if time.monotonic() >= deadline:
        return None
    if not hasattr(os, "fork"):
        return count(rows, cols, cells, limit)
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(send, rows, cols, cells, limit), daemon=True)
    child.start()
    send.close()
    try:
        if receive.poll(max(0.0, deadline - time.monotonic())):
            try:
                result: tuple[int, Optional[list[int]]] = receive.recv()
                return result
            except EOFError:  # the child died (out of memory?): say so as an error
                raise RuntimeError("the SAT fallback stopped without an answer") from None
        return None
    finally:
        child.kill()
        child.join()
        receive.close()
