"""A SAT baseline for the Number Link solver (python-sat, the [bench] extra).

Encoding (the usual one, e.g. Matt Zucker's "Flow Free" SAT solver, with
the degree rule of ``check``):
* variable x(c, v): non-solid square c has colour v (1..k);
* every square exactly one colour (an endpoint: its own), by pysat's
  sequential-counter cardinality encoding;
* a square of colour v has exactly 1 (endpoint) or exactly 2 (any other
  square) neighbours of colour v, as clauses over its <= 4 neighbours.
That is check's degree rule, so it also forbids a path touching itself.
With ``blocks=True`` (gridgames' own fallback does this), also: no 2x2
block all one colour, which no solution has (it would be a loop) and which
spares CaDiCaL most of its work on boards of few long paths.
What it cannot say is connectivity: a model may hold, besides each
endpoint-to-endpoint path, separate loops of some colour.  Such a loop is
rejected after the fact: a clause forbids all its squares having that
colour (no valid solution does, since a path never contains a loop), and
the solver runs again (incrementally).  To count, each valid solution found
is blocked with one clause and the solver runs again, up to ``limit``.
"""
from itertools import combinations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

SOLVER = "cadical153"


def _near(rows, cols, i):
    r, c = divmod(i, cols)
    return [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def encode(rows, cols, cells, blocks=False):
    """(clauses, var(c, v) function, k)."""
    k = max(0, *cells)
    pool = IDPool()
    var = lambda c, v: pool.id((c, v))  # noqa: E731
    clauses = []
    squares = [c for c in range(rows * cols) if cells[c] != -1]
    for c in squares:
        if cells[c] > 0:
            clauses += [[var(c, cells[c])]] + [[-var(c, v)] for v in range(1, k + 1) if v != cells[c]]
        elif k:
            enc = CardEnc.equals([var(c, v) for v in range(1, k + 1)], 1, vpool=pool,
                                 encoding=EncType.seqcounter)
            clauses += enc.clauses
        else:
            clauses.append([])  # an empty square and no colour: unsatisfiable
        want = 1 if cells[c] > 0 else 2
        near = [n for n in _near(rows, cols, c) if cells[n] != -1]
        colours = [cells[c]] if cells[c] > 0 else range(1, k + 1)
        for v in colours:
            here = -var(c, v)
            for group in combinations(near, want + 1):  # at most `want`
                clauses.append([here] + [-var(n, v) for n in group])
            for group in combinations(near, len(near) - want + 1):  # at least `want`
                clauses.append([here] + [var(n, v) for n in group])
    for c in range(rows * cols - cols) if blocks else ():
        block = (c, c + 1, c + cols, c + cols + 1)
        if c % cols != cols - 1 and all(cells[b] != -1 for b in block):
            clauses += [[-var(b, v) for b in block] for v in range(1, k + 1)]
    return clauses, var, k


def _loops(rows, cols, cells, colour):
    """Squares of each separate loop of the coloured board (connected
    colour classes holding no endpoint)."""
    seen = set()
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
            yield colour[start], part


def count(rows, cols, cells, limit=2, blocks=False):
    """(number of solutions up to ``limit``, the first one's colours or None,
    SAT calls made)."""
    clauses, var, k = encode(rows, cols, cells, blocks)
    found, first, calls = 0, None, 0
    with Solver(name=SOLVER, bootstrap_with=clauses) as sat:
        while found < limit:
            calls += 1
            if not sat.solve():
                break
            model = set(lit for lit in sat.get_model() if lit > 0)
            colour = [-1 if cells[c] == -1 else
                      next(v for v in range(1, k + 1) if var(c, v) in model)
                      for c in range(rows * cols)]
            loops = list(_loops(rows, cols, cells, colour))
            for v, part in loops:
                sat.add_clause([-var(c, v) for c in part])
            if loops:
                continue
            found += 1
            if first is None:
                first = colour
            sat.add_clause([-var(c, colour[c]) for c in range(rows * cols) if cells[c] == 0])
    return found, first, calls
