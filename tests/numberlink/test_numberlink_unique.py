"""Unique puzzles by repair (numberlink._unique.make_unique, `generate
--unique`), the SPLIT rule, and the solver against independent counters:
the brute-force enumerator on small boards and the SAT count of python-sat
on Hamiltonian-path cuts and repaired 20x20 puzzles."""
import random

import pytest

from gridgames._runtime.backend import kernel
from gridgames.numberlink import Budget, Puzzle, Solution, _sat, check, count_solutions, generate
from gridgames.numberlink._unique import make_unique
from helpers import BIG, brute_force, script

_TABLE = script("benchmarks/numberlink_solve_table.py")

needs_sat = pytest.mark.skipif(not _sat.available(), reason="needs python-sat (the [sat] extra)")


def _kept(raw, made):
    """The repaired puzzle keeps the generated one's solid squares and
    endpoints, and its solution solves it."""
    assert all((a == -1) == (b == -1) for a, b in zip(raw.puzzle.cells, made.puzzle.cells))
    assert all(b != 0 for a, b in zip(raw.puzzle.cells, made.puzzle.cells) if a > 0)
    assert check(made.puzzle, made.solution).valid


# generated puzzles (5..7 x 6..7, rows 5 + seed % 3, columns 6 + seed % 2)
# with two solutions, by the brute-force enumerator: seeds 0..1499 have these
SEVERAL = (138, 162, 325, 450, 688, 793, 860, 1123, 1196, 1295, 1314)


def test_repair_makes_puzzles_unique_by_brute_force(backend):
    for i, seed in enumerate(SEVERAL):
        rows, cols = 5 + seed % 3, 6 + seed % 2
        raw = generate(rows, cols, seed)
        assert len(brute_force(rows, cols, raw.puzzle.cells)) == 2
        made = make_unique(raw, budget=Budget(nodes=1 + i % 4), sat=False, backend=backend)
        assert made is not None and made.puzzle.pairs > raw.puzzle.pairs
        _kept(raw, made)
        assert brute_force(rows, cols, made.puzzle.cells) == {made.solution.cells}
    for seed in range(20):  # most generated ones are unique as they are
        raw = generate(5, 5, seed)
        made = make_unique(raw, budget=Budget(nodes=2), sat=False, backend=backend)
        _kept(raw, made)
        assert brute_force(5, 5, made.puzzle.cells) == {made.solution.cells}


def test_min_length_is_kept_or_the_candidate_rejected(backend):
    for seed in range(30):
        raw = generate(5, 5, seed)
        made = make_unique(raw, min_length=3, budget=Budget(nodes=2), sat=False, backend=backend)
        if made is not None:
            _kept(raw, made)
            lengths = [made.solution.cells.count(v) for v in range(1, made.puzzle.pairs + 1)]
            assert min(lengths) >= 3 and len(brute_force(5, 5, made.puzzle.cells)) == 1
        else:  # rejected: a path too short, or several solutions and no path to cut in two
            lengths = [raw.solution.cells.count(v) for v in range(1, raw.puzzle.pairs + 1)]
            assert min(lengths) < 3 or (len(brute_force(5, 5, raw.puzzle.cells)) > 1 and max(lengths) < 6)


def test_backends_repair_alike():
    for seed in range(6):
        raw = generate(12, 12, seed)
        a = make_unique(raw, budget=Budget(nodes=20), sat=False, backend="compiled")
        b = make_unique(raw, budget=Budget(nodes=20), sat=False, backend="pure")
        assert a == b and a is not None


def test_split_counts_independent_parts_as_a_product(backend):
    solver = kernel("numberlink", backend, part="solve")
    # two copies of a 5x6 puzzle with two solutions (SEVERAL), a solid column
    # between them: 2 x 2 solutions
    half = generate(5, 6, 138).puzzle.cells
    k = max(half)
    board = []
    for r in range(5):
        row = half[6 * r:6 * r + 6]
        board += list(row) + [-1] + [v + k if v > 0 else v for v in row]
    assert len(brute_force(5, 6, half)) == 2
    for rules in (solver.PRUNING, solver.PRUNING & ~solver.SPLIT):
        count, first, _, finished = solver.solve(5, 13, board, BIG, 0, None, rules)
        assert finished and count == 4
        assert check(Puzzle(5, 13, board), Solution(5, 13, first)).valid


def _hamiltonian_cut(n, pieces, rng):
    """A random Hamiltonian path of the n x n board cut in pieces: the mixed
    set's generator, benchmarks/numberlink_solve_table.py (one copy)."""
    return _TABLE.hamiltonian_cut(n, pieces, rng)


@needs_sat
def test_search_agrees_with_sat_on_hamiltonian_cuts(backend):
    rng = random.Random(19)
    for i in range(12 if backend == "compiled" else 4):
        n = (5, 6, 7)[i % 3] if backend == "compiled" else 5
        cells = _hamiltonian_cut(n, 2 + i % 5, rng)
        want = _sat.count(n, n, cells, 3)[0]
        assert count_solutions(Puzzle(n, n, cells), 3, sat=False, backend=backend) == want, cells


@pytest.mark.slow
@needs_sat
def test_repaired_20x20_puzzles_are_unique_by_sat():
    cut = 0
    for seed in range(3):
        raw = generate(20, 20, 40 + seed)
        made = make_unique(raw, budget=Budget(nodes=5), sat=False)
        assert made is not None
        _kept(raw, made)
        assert _sat.count(20, 20, made.puzzle.cells, 2)[0] == 1, seed
        cut += made.puzzle.pairs > raw.puzzle.pairs
    assert cut >= 1


def test_the_solve_table_marks_what_a_capped_sat_count_bounds(capsys):
    """The README's table: a SAT count stopped at the cap is a lower bound
    ('>'), and so is a median or worst it enters; ratios against it are
    upper bounds ('<')."""
    _TABLE.report([
        "# hamcut 5x5: count 0, gridgames 0.5 s (sat, 10 nodes), SAT 60.0 s (capped), SAT+2x2 1.0 s",
        "# hamcut 5x5: count 0, gridgames 0.2 s (search, 1 nodes), SAT 2.0 s, SAT+2x2 0.4 s",
        "not a measurement: skipped"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[2] == ("| hamcut | 5x5 | 2 | 0.3500 (0.5000) | >31.0000 (>60.0000) | 0.7000 (1.0000) "
                       "| <0.054 (0.100) | 0.500 (0.500) | 1 |")
    assert rows[-1] == "| all | 2 | <0.054 (0.100) | 0.500 (0.500) |"
