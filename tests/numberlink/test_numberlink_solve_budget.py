"""The Number Link solver's pruning rules, budget, "unknown" answer and SAT
fallback, on both backends.  Expected counts come from the brute-force
enumerator of test_numberlink_solve (never from the solver itself)."""
import json
import random
from functools import cache

import pytest

from gridgames._runtime.backend import kernel
from gridgames.numberlink import Budget, Puzzle, Unknown, _sat, answer, count_solutions, generate, solve
from helpers import BIG, brute_force, canonical_boards

RULE_SETS = ("ASSIGN", "PARITY", "CORRIDOR", "SPLIT")


@cache
def hard():
    """20x20 seed 29: needs 345 search nodes (more than any budget used here).
    Made on first use, not when the module is imported (collection does no work)."""
    return generate(20, 20, 29).puzzle


needs_sat = pytest.mark.skipif(not _sat.available(), reason="needs python-sat (the [sat] extra)")


def _rules(backend):
    solver = kernel("numberlink", backend, part="solve")
    return solver, [0] + [getattr(solver, name) for name in RULE_SETS] + [solver.PRUNING]


def _boards():
    """4x4 boards with one or two pairs, and random boards with solid squares."""
    yield from ((4, 4, b) for b in canonical_boards(4, 4, False, pairs=2))
    rng = random.Random(19)
    for _ in range(300):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        board = [(-1 if rng.random() < 0.1 else 0) for _ in range(rows * cols)]
        free = [i for i in range(rows * cols) if board[i] == 0]
        rng.shuffle(free)
        for v in range(rng.randint(1, min(len(free) // 2, 4)) if len(free) >= 2 else 0):
            board[free[2 * v]] = board[free[2 * v + 1]] = v + 1
        yield rows, cols, tuple(board)


@pytest.mark.slow
def test_each_rule_alone_agrees_with_brute_force(backend):
    solver, rule_sets = _rules(backend)
    for rows, cols, board in _boards():
        want = brute_force(rows, cols, board)
        for rules in rule_sets:
            count, first, _, finished = solver.solve(rows, cols, board, BIG, 0, None, rules)
            assert finished and count == len(want), (rows, cols, board, rules)
            assert count == 0 or tuple(first) in want


@pytest.mark.slow
def test_the_rules_settle_the_blow_ups_at_once(backend):
    solver, _ = _rules(backend)
    corners = [0] * 121
    corners[0] = corners[120] = 1  # 11x11, one pair at opposite corners: no path can fill it
    assert solver.solve(11, 11, corners, 2) == (0, None, 1, True)
    assert solver.solve(11, 11, corners, 2, 5000, None, solver.PRUNING & ~solver.CORRIDOR)[2:] == (5000, False)
    same = [0] * 196
    same[0] = same[2] = 1  # 14x14, one pair on one colour: the colours cannot balance
    assert solver.solve(14, 14, same, 2) == (0, None, 1, True)
    assert solver.solve(14, 14, same, 2, 0, None, solver.PARITY) == (0, None, 1, True)
    two = [0] * 1600
    two[0], two[41], two[500], two[1599] = 1, 1, 2, 2  # 40x40, two pairs
    assert solver.solve(40, 40, two, 2) == (0, None, 1, True)


@pytest.mark.slow
def test_twins_count_the_same_nodes_under_every_rule_and_budget():
    compiled, rule_sets = _rules("compiled")
    pure = kernel("numberlink", "pure", part="solve")
    for seed in range(12):
        size = 5 + seed
        cells = generate(size, size, 300 + seed).puzzle.cells
        for rules in rule_sets:
            for max_nodes in (0, 1, 7, 40):
                args = (size, size, cells, 2, max_nodes, None, rules)
                assert compiled.solve(*args) == pure.solve(*args), (seed, rules, max_nodes)


@pytest.mark.slow
def test_node_budget_stops_the_search(backend):
    solver, _ = _rules(backend)
    count, first, nodes, finished = solver.solve(20, 20, hard().cells, 2)
    assert finished and nodes > 60
    assert solver.solve(20, 20, hard().cells, 2, 60)[2:] == (60, False)
    assert solver.solve(20, 20, hard().cells, 2, nodes) == (count, first, nodes, True)


def test_tick_is_called_and_can_stop_or_raise(backend):
    solver, _ = _rules(backend)
    every = solver.TICK_EVERY
    corners = [0] * 144
    corners[0] = corners[143] = 1  # 12x12: long without the corridor rule
    calls = []
    found = solver.solve(12, 12, corners, 2, 0, lambda n: calls.append(n) or len(calls) == 3, 0)
    assert calls == [every, 2 * every, 3 * every] and found == (0, None, 3 * every, False)

    def boom(nodes):
        raise LookupError(nodes)
    with pytest.raises(LookupError):
        solver.solve(12, 12, corners, 2, 0, boom, 0)


@pytest.mark.slow
def test_unknown_is_never_taken_for_a_count(backend):
    found = count_solutions(hard(), budget=Budget(nodes=10), sat=False, backend=backend)
    assert isinstance(found, Unknown) and str(found) == "unknown"
    assert found.nodes == 10 and found.at_least == 0
    assert found not in (0, 1, 2)
    for use in (bool, int, lambda u: u < 2, lambda u: u >= 1, lambda u: [0, 1, 2][u]):
        with pytest.raises(TypeError):
            use(found)
    assert isinstance(solve(hard(), budget=Budget(nodes=10), sat=False, backend=backend), Unknown)
    # enough budget: the true answers (20x20 seed 29 is unique, by the full search)
    assert count_solutions(hard(), budget=Budget(nodes=10 ** 6), sat=False, backend=backend) == 1
    assert count_solutions(Puzzle.from_text("2 2\n1 .\n. 1\n"), budget=Budget(1, 1.0), backend=backend) == 0


def test_time_budget(backend):
    corners = Puzzle(12, 12, [1] + [0] * 142 + [1])
    assert count_solutions(corners, budget=Budget(seconds=5.0), sat=False, backend=backend) == 0
    # needs far more than 0.2 s of search (the pure twin is much slower: a smaller board)
    hard = generate(40, 40, 13).puzzle if backend == "compiled" else generate(20, 20, 2).puzzle
    found = count_solutions(hard, budget=Budget(seconds=0.2), sat=False, backend=backend)
    assert isinstance(found, Unknown) and found.nodes > 0


def test_budget_is_checked():
    for bad in (Budget(nodes=0), Budget(nodes=-1), Budget(nodes=2 ** 63), Budget(seconds=0),
                Budget(seconds=-1.0), Budget(seconds=float("nan"))):
        with pytest.raises(ValueError):
            count_solutions(hard(), budget=bad)


@needs_sat
def test_sat_fallback_agrees_with_brute_force(monkeypatch, backend):
    import gridgames.numberlink._game as nl  # where answer() looks the threshold up
    monkeypatch.setattr(nl, "_fallback_nodes", lambda puzzle: 1)  # SAT after the first node
    methods = set()
    for rows, cols, board in list(_boards())[-150:]:
        want = brute_force(rows, cols, board)
        found = answer(Puzzle(rows, cols, board), 3, backend=backend)
        methods.add(found.method)
        assert found.solutions == min(len(want), 3), (rows, cols, board)
        solution = solve(Puzzle(rows, cols, board), backend=backend)
        assert (solution is None) == (not want) and (solution is None or solution.cells in want)
    assert methods == {"search", "sat"}


@needs_sat
def test_sat_fallback_obeys_the_time_budget(monkeypatch):
    import gridgames.numberlink._game as nl  # where answer() looks the threshold up
    monkeypatch.setattr(nl, "_fallback_nodes", lambda puzzle: 1)
    hard = generate(40, 40, 13).puzzle  # SAT needs far more than 0.5 s
    found = count_solutions(hard, budget=Budget(seconds=0.5))
    assert isinstance(found, Unknown)


@pytest.mark.slow
def test_cli_says_unknown_with_exit_status_3(cli, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(hard().render() + "\n1 3\n1 . 1\n")
    run = cli("numberlink", "solve", f, "--count", "--max-nodes", "10", "--no-sat")
    assert (run.returncode, run.stdout, run.stderr) == (3, b"unknown\nunique\n", b"")
    run = cli("numberlink", "solve", f, "--max-nodes", "10", "--no-sat", "--json")
    assert run.returncode == 3
    lines = [json.loads(line) for line in run.stdout.decode().splitlines()]
    assert [(d["puzzle"], d["answer"], d["solution"]) for d in lines] == \
        [(1, "unknown", None), (2, "solved", "1 3\n1 1 1\n")]
    assert lines[0]["nodes"] == 10 and lines[0]["method"] == "search"
    run = cli("numberlink", "solve", f, "--max-nodes", "10", "--no-sat")
    assert (run.returncode, run.stdout) == (3, b"unknown\n\n1 3\n1 1 1\n")
    run = cli("numberlink", "solve", f, "--count", "--json", "--max-nodes", "100000", "--no-sat")
    assert run.returncode == 0
    assert [json.loads(line)["answer"] for line in run.stdout.decode().splitlines()] == ["unique", "unique"]


@pytest.mark.slow
def test_cli_budget_usage_errors(cli):
    for bad in (("--max-nodes", "0"), ("--time", "0"), ("--time", "x"), ("--time", "nan")):
        run = cli("numberlink", "solve", "-", *bad, input=b"1 3\n1 . 1\n")
        assert run.returncode == 2 and run.stderr.count(b"\n") >= 1


def test_generate_unique_rejects_unknown_counts(cli):
    # a count the budget cannot finish is not taken for "unique"
    run = cli("numberlink", "generate", "6", "--unique", "--max-nodes", "1", "--no-sat",
              "--count", "3", "--verbose")
    assert run.returncode == 0
    for block in run.stdout.decode().split("\n\n"):
        assert len(brute_force(6, 6, Puzzle.from_text(block).cells)) == 1
    assert run.stderr.decode().count("unique\n") == 3
