"""Number Link solver benchmarks, side by side on the same generated puzzles:
the compiled kernel and its pure twin (solve, and count with limit 2), and
the SAT baseline (count, limit 2; python-sat from the [bench] extra).

The README table (median and max over 20 seeds) comes from
``python benchmarks/numberlink_solve_table.py``; this file times a few
puzzles with pytest-benchmark.  Run: pytest benchmarks/suites/bench_numberlink_solve.py
"""
import sys
from pathlib import Path

import pytest

from gridgames._runtime.backend import kernel
from gridgames.numberlink import generate

sys.path.insert(0, str(Path(__file__).parent.parent / "baseline"))

SEED = 0
CASES = [(10, ("compiled", "pure", "sat")), (20, ("compiled", "pure", "sat")),
         (40, ("compiled", "sat"))]


def _method(name, limit):
    if name == "sat":
        sat = pytest.importorskip("numberlink_sat", reason="needs python-sat (the [bench] extra)")
        return lambda rows, cols, cells: sat.count(rows, cols, cells, limit)
    solve = kernel("numberlink", name, part="solve").solve
    return lambda rows, cols, cells: solve(rows, cols, cells, limit)


@pytest.mark.parametrize("size, method", [(s, m) for s, ms in CASES for m in ms])
def test_count(benchmark, size, method):
    benchmark.group = f"numberlink count (limit 2): generated {size}x{size}, seed {SEED}"
    cells = generate(size, size, SEED).puzzle.cells
    rounds = 1 if method == "sat" and size >= 40 else 3 if method != "compiled" else 20
    count = benchmark.pedantic(_method(method, 2), (size, size, cells), rounds=rounds, iterations=1)
    assert count[0] == 1


@pytest.mark.parametrize("size, method", [(s, m) for s, ms in CASES for m in ms if m != "sat"])
def test_solve(benchmark, size, method):
    benchmark.group = f"numberlink solve: generated {size}x{size}, seed {SEED}"
    cells = generate(size, size, SEED).puzzle.cells
    found = benchmark.pedantic(_method(method, 1), (size, size, cells),
                               rounds=3 if method == "pure" else 20, iterations=1)
    assert found[0] == 1
