"""Unique puzzles by repair: ``make_unique`` cuts paths of a generated puzzle
until the solver proves it has one solution.

Cutting a path of the intended solution in two (the squares on each side of
the cut become endpoints of two new paths) keeps that solution a solution
and removes every other one that routes anything through the cut.  Rounds:
count the solutions (limit 2) within the budget; unique: done.  Otherwise,
when the first solution found is not the intended one, cut the path of the
intended solution through the first square (reading order) where they
differ, which rules that alternative out; when none is known (the budget
ran out, or the first solution is the intended one), cut every path longer
than half the longest one into even pieces: long paths are what make
alternatives and long searches.  This ends: each round cuts something, or,
when no path can be cut (every piece keeps ``min_length`` squares, at least
2), gives up (None).  Everything is deterministic and the same on both
backends: the solver's answers are.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from ._game import Budget, Generated

Paths = dict[int, list[int]]


def paths_of(rows: int, cols: int, puzzle: tuple[int, ...], solution: tuple[int, ...]) -> Paths:
    """Each path of a solution as its squares, from its first endpoint in
    reading order."""
    found: Paths = {}
    for i, v in enumerate(puzzle):
        if v > 0 and v not in found:
            path, prev, cur = [i], -1, i
            while True:
                r, c = divmod(cur, cols)
                nxt = [m for m, ok in ((cur - cols, r > 0), (cur - 1, c > 0), (cur + 1, c < cols - 1),
                                       (cur + cols, r < rows - 1)) if ok and m != prev and solution[m] == v]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
                path.append(cur)
            found[v] = path
    return found


def _cuts(paths: Paths, first: Optional[tuple[int, ...]], solution: tuple[int, ...],
          shortest: int) -> list[tuple[int, list[int]]]:
    """The cuts of one round: (path, indices where its new pieces start)."""
    if first is not None and first != solution:
        x = next(i for i, (a, b) in enumerate(zip(first, solution)) if a != b)
        v = solution[x]
        path = paths[v]
        i = path.index(x)
        for cut in (i, i + 1):  # x starts the second piece, or ends the first
            if shortest <= cut <= len(path) - shortest:
                return [(v, [cut])]
    half = max(len(p) for p in paths.values()) // 2
    cuts = []
    for v, path in sorted(paths.items()):
        pieces = min(-(-len(path) // max(half, 1)), len(path) // shortest)
        if len(path) > half and pieces > 1:
            cuts.append((v, [len(path) * j // pieces for j in range(1, pieces)]))
    return cuts


def make_unique(generated: Generated, min_length: int = 1, budget: Optional[Budget] = None,
                sat: Optional[bool] = None, backend: Optional[str] = None,
                progress: Optional[Callable[[int], object]] = None) -> Optional[Generated]:
    """A puzzle with exactly one solution, proved by the solver: ``generated``
    with paths cut (see the module) until its count is 1, and its solution;
    None when a path of ``generated`` is shorter than ``min_length`` or no
    path can be cut any more (pieces keep at least ``min_length`` squares).
    ``budget`` (default: Budget(nodes=300)) is per count; new paths are
    numbered after the old ones."""
    from ._game import Budget, Generated, Puzzle, Solution, Unknown, answer
    puzzle, solution = generated
    rows, cols = puzzle.rows, puzzle.cols
    budget = budget or Budget(nodes=300)
    shortest = max(2, min_length)
    cells, filled = list(puzzle.cells), list(solution.cells)
    k = puzzle.pairs
    if any(n < min_length for n in Counter(v for v in filled if v > 0).values()):
        return None
    while True:
        found = answer(Puzzle._make(rows, cols, cells), 2, budget, sat, backend, progress)
        if found.solutions == 1:
            return Generated(Puzzle._make(rows, cols, cells), Solution._make(rows, cols, filled))
        first = None if isinstance(found.solutions, Unknown) or found.cells is None else tuple(found.cells)
        paths = paths_of(rows, cols, tuple(cells), tuple(filled))
        cuts = _cuts(paths, first, tuple(filled), shortest)
        if not cuts:
            return None
        for v, starts in cuts:
            path = paths[v]
            bounds = starts + [len(path)]
            for a, b in zip(bounds, bounds[1:]):
                k += 1
                for x in path[a:b]:
                    filled[x] = k
                cells[path[a - 1]] = filled[path[a - 1]]
                cells[path[a]] = cells[path[b - 1]] = k
