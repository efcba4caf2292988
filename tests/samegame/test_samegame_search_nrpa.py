"""NRPA's options (stabilized, restarts, GNRPA biases, a given start policy)
and its adapt step: the twins give the same results for the same seed, and
every result replays to its score."""
import random
from array import array

import pytest

from gridgames.samegame import Board, _single as _solve, standard_boards
from gridgames.samegame.research import _search_pure as pure


def _rows(seed, colours=3, rows=6, cols=7):
    rng = random.Random(seed)
    return ["".join(str(rng.randrange(colours)) for _ in range(cols)) for _ in range(rows)]


@pytest.mark.parametrize("options", [
    dict(level=1, iterations=8, stab=3),
    dict(level=2, iterations=3, stab=2),
    dict(level=1, iterations=5, restarts=2),
    dict(level=2, iterations=3, tabu_bias=2.5),
    dict(level=1, iterations=10, tabu_bias=0.0, size_bias=0.3),
    dict(level=2, iterations=3, size_bias=-0.5, stab=2, restarts=1),
    dict(level=2, iterations=6, repeats=2, restarts=2),
    dict(level=1, iterations=30, repeats=1, stab=2),
    dict(level=1, iterations=10, colour_bias=1.0),
    dict(level=2, iterations=3, colour_bias=1.0, size_bias=0.3, tabu_bias=1.5),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_nrpa_options_twins_equal_and_replay(options, seed):
    rows = _rows(seed, colours=2 + seed % 3, rows=8, cols=9)
    a = Board(rows, backend="compiled").search("nrpa", seed=seed, **options)
    b = Board(rows, backend="pure").search("nrpa", seed=seed, **options)
    assert a == b
    assert Board(rows).replay(a.moves) == a.score


def test_standard_board_twins_equal_past_the_tabu_depth():
    # 15x15, 5 colours: games of 40+ moves, so tabu pairs after move 10 are drawn
    boards = {backend: standard_boards(backend=backend)[3] for backend in ("compiled", "pure")}
    results = [b.search("nrpa", level=1, iterations=3, seed=5, size_bias=0.1)
               for b in boards.values()]
    assert results[0] == results[1] and len(results[0].moves) > 30
    results = [b.search("nrpa", level=1, iterations=3, seed=5, colour_bias=1.0, size_bias=0.1)
               for b in boards.values()]
    assert results[0] == results[1] and len(results[0].moves) > 30


def test_colour_bias_is_the_share_of_its_colour_a_region_takes():
    # colour 1: a region of 3, one of 2 and no lone cell (5 cells); 2..5 lone
    board = Board(["111", "234", "115"], backend="pure")
    moves, lone = pure.gen_moves(board._state)
    x = pure._Ctx(0, True, 0.0, None, 0.5, 0.25, False, -1, 2.0)  # soft tabu 0.5, size 0.25, colour 2
    cand, bias = pure.candidates(x, moves, lone, 1, 0, 9)  # colour 1 tabu: both banned
    assert sorted(m.size for m in cand) == [2, 3]
    assert {m.size: b for m, b in zip(cand, bias)} == {3: 0.25 + 2.0 * 3 / 5 - 0.5, 2: 2.0 * 2 / 5 - 0.5}
    x.tabu_bias = -1.0  # a hard ban leaves nothing: every move, with the size and colour terms
    cand, bias = pure.candidates(x, moves, lone, 1, 0, 9)
    assert {m.size: b for m, b in zip(cand, bias)} == {3: 0.25 + 2.0 * 3 / 5, 2: 2.0 * 2 / 5}


@pytest.mark.parametrize("seed", [2, 3])  # seed 1 happens to keep its best game
def test_colour_bias_changes_the_search(backend, seed):
    board = Board(_rows(seed, colours=4, rows=8, cols=9), backend=backend)
    plain = board.search("nrpa", level=1, iterations=10, seed=seed)
    assert board.search("nrpa", level=1, iterations=10, seed=seed, colour_bias=0.0) == plain
    assert board.search("nrpa", level=1, iterations=10, seed=seed, colour_bias=1.0) != plain


def test_restarts_and_stab_count_their_playouts(backend):
    b = Board(_rows(4), backend=backend)
    assert b.search("nrpa", level=1, iterations=5, restarts=3).playouts == 20
    assert b.search("nrpa", level=2, iterations=3, stab=4).playouts == 3 * 3 * 4


def _policy(values):
    pol = array("d", bytes(8 * pure.POLICY_SIZE))
    for k, v in values.items():
        pol[k] = v
    return pol.tobytes()


def test_adapt_policy_twins_equal_and_learn_the_game():
    rows = _rows(7, rows=7, cols=8)
    game = Board(rows).search("nrpa", level=1, iterations=4, seed=3)
    start = _policy({5: 0.25, 77: -1.5})
    out = {}
    for backend in ("compiled", "pure"):
        board = Board(rows, backend=backend)
        kernel = __import__(f"gridgames.samegame.research.{'_search' if backend == 'compiled' else '_search_pure'}",
                            fromlist=["x"])
        out[backend] = kernel.adapt_policy(board._state, start, game.moves, True, -1.0, 0.0)
    assert out["compiled"] == out["pure"]
    learnt = array("d")
    learnt.frombytes(out["pure"])
    # the first move's code gains, and a policy is a zero-sum update per step
    first = pure.gen_moves(Board(rows, backend="pure")._state)[0]
    chosen = [m.code for m in first if m.rc == tuple(game.moves[0])][0]
    assert learnt[chosen] > 0
    assert abs(sum(learnt) - (0.25 - 1.5)) < 1e-9


@pytest.mark.parametrize("rows", [_rows(7, rows=7, cols=8), ["111", "234", "115"]])
def test_adapt_policy_with_colour_bias_twins_equal(rows):
    # the second board's first step has only tabu moves: the hard ban's fallback
    game = Board(rows).search("nrpa", level=1, iterations=4, seed=3)
    start = _policy({5: 0.25, 77: -1.5})
    out = {}
    for backend, colour_bias in (("compiled", 1.0), ("pure", 1.0), ("pure", 0.0)):
        board = Board(rows, backend=backend)
        kernel = __import__(f"gridgames.samegame.research.{'_search' if backend == 'compiled' else '_search_pure'}",
                            fromlist=["x"])
        out[backend, colour_bias] = kernel.adapt_policy(board._state, start, game.moves, True, -1.0, 0.0,
                                                        colour_bias=colour_bias)
    assert out["compiled", 1.0] == out["pure", 1.0] != out["pure", 0.0]


def test_adapt_policy_refuses_a_move_that_is_not_a_region(backend):
    board = Board(["11", "23"], backend=backend)
    kernel = __import__(f"gridgames.samegame.research.{'_search' if backend == 'compiled' else '_search_pure'}",
                        fromlist=["x"])
    with pytest.raises(ValueError, match="move 1"):
        kernel.adapt_policy(board._state, _policy({}), [(1, 2)], True, -1.0, 0.0)


def test_search_from_a_given_policy_twins_equal():
    rows = _rows(9, rows=8, cols=8)
    start = _policy({(k * 7919) % pure.POLICY_SIZE: (k % 5) - 2.0 for k in range(3000)})
    a = _solve.run(Board(rows, backend="compiled"), "nrpa", level=2, iterations=3, seed=4, policy=start)
    b = _solve.run(Board(rows, backend="pure"), "nrpa", level=2, iterations=3, seed=4, policy=start)
    c = _solve.run(Board(rows, backend="pure"), "nrpa", level=2, iterations=3, seed=4)
    assert a == b and a.score == Board(rows).replay(a.moves)
    assert c != a  # the start policy changes the draws


@pytest.mark.parametrize("options", [
    dict(stab=0), dict(restarts=-1), dict(tabu_bias=-1.0), dict(tabu_bias=float("inf")),
    dict(size_bias=float("nan")), dict(stab=2**31), dict(repeats=-1), dict(repeats=2**31),
    dict(colour_bias=float("nan")), dict(colour_bias=float("-inf"))])
def test_nrpa_bad_options(backend, options):
    with pytest.raises(ValueError):
        Board(["11"], backend=backend).search("nrpa", **options)


def test_cpu_time_deadline_returns_the_first_game(backend):
    s = Board(_rows(2, rows=10, cols=10), backend=backend).search(
        "nrpa", level=3, time=1e-9, cpu_time=True)
    assert s.stopped == "time" and s.playouts == 1 and s.moves


@pytest.mark.parametrize("seed", range(5))
def test_limited_repetitions_end_a_level_early(backend, seed):
    # a level-1 search stopped after k playouts is the search of k iterations
    # (the draws before the stop are the same; the last iteration never adapts)
    board = Board(_rows(seed, colours=3, rows=6, cols=6), backend=backend)
    limited = board.search("nrpa", level=1, iterations=200, seed=seed, repeats=2)
    assert limited.playouts < 200
    assert board.search("nrpa", level=1, iterations=limited.playouts, seed=seed) == limited
    assert board.search("nrpa", level=2, iterations=20, seed=seed, repeats=2).playouts < 400
