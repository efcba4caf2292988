"""SameGame's beam search with a position evaluation ("beam-eval") and the
research set: twins equal (the kernel's bounded buffer keeps what the twin's
full sort keeps), positions reached twice kept once, the evaluation worked
by hand, the research set drawn as documented, and the command line."""
import random

import pytest

from gridgames.samegame import Board, research_boards
from gridgames.samegame._single import WEIGHTS
from gridgames.samegame.research import _search_pure_beam as twin

WEIGHT_SETS = [(100, 0, 0), (100, 10, 200), (0, 25, 100), (-50, 5, -100)]


@pytest.mark.parametrize("seed", range(8))
def test_twins_equal_and_replay(seed):
    # Boards of up to 8x8 in 3-4 colours: a layer has far more children than the
    # kernel's buffer of 4 x width holds, so its compaction is exercised.
    rng = random.Random(seed)
    rows = [[rng.randrange(3 + seed % 2) for _ in range(rng.randint(4, 8))] for _ in range(rng.randint(4, 8))]
    rows = [r[:len(rows[0])] + [0] * (len(rows[0]) - len(r)) for r in rows]
    for weights in WEIGHT_SETS:
        for tabu in (False, True):
            for width, iterations in ((1, 1), (2, 3), (7, 2)):
                got = [Board(rows, backend=b).search("beam-eval", width=width, iterations=iterations, tabu=tabu,
                                                     weights=weights) for b in ("compiled", "pure")]
                assert got[0] == got[1], (weights, tabu, width)
                assert got[0].stopped is None
                assert Board(rows).replay(got[0].moves) == got[0].score


@pytest.mark.parametrize("seed", range(4))
def test_nested_twins_equal_and_replay(seed):
    # nmcs-beam: NMCS whose level-1 playouts are beams (each move's rating is a whole beam's best game)
    rng = random.Random(50 + seed)
    rows = [[rng.randrange(3) for _ in range(rng.randint(3, 6))] for _ in range(5)]
    rows = [r[:len(rows[0])] + [0] * (len(rows[0]) - len(r)) for r in rows]
    for level, width, tabu in ((1, 1, False), (1, 3, True), (2, 2, False)):
        got = [Board(rows, backend=b).search("nmcs-beam", level=level, width=width, tabu=tabu, seed=seed)
               for b in ("compiled", "pure")]
        assert got[0] == got[1], (level, width, tabu)
        assert Board(rows).replay(got[0].moves) == got[0].score


def test_nested_finds_the_clear(backend):
    s = Board(["1122", "1122"], backend=backend).search("nmcs-beam", level=1, width=1)
    assert (s.score, len(s.moves)) == (1008, 2)


def test_twins_equal_on_a_research_board():
    board = research_boards(1)[0]
    a = board.search("beam-eval", width=3, tabu=False)
    b = research_boards(1, backend="pure")[0].search("beam-eval", width=3, tabu=False)
    assert a == b and board.copy().replay(a.moves) == a.score and len(a.moves) > 20


def test_finds_the_clear(backend):
    b = Board(["1122", "1122"], backend=backend)   # 4 + (4 + 1000)
    s = b.search("beam-eval", width=1)
    assert (s.score, len(s.moves)) == (1008, 2) and s.playouts >= 1
    assert b.score == 0 and b.remaining == 8      # the board is left as it was


def test_wider_beams_never_worse_and_widening_keeps_the_best(backend):
    rows = [row[:8] for row in research_boards(2)[1].grid()[:8]]  # 8x8: quick on the pure twin too
    board = Board(rows, backend=backend)
    one = board.search("beam-eval", width=4, iterations=1, tabu=False)
    three = board.search("beam-eval", width=4, iterations=3, tabu=False)  # widths 4, 8, 16
    sixteen = board.search("beam-eval", width=16, iterations=1, tabu=False)
    assert three.score == max(one.score, three.score) >= sixteen.score >= 0
    assert three.score >= one.score


def test_evaluation_by_hand():
    # rows top first: 1 1 2 / 2 3 3 / 0 3 4 ; regions: the 1s (2), the 3s (3);
    # lone cells: 2, 2, 0, 4 (4 of them); colour cells: 0:1, 1:2, 2:2, 3:3, 4:1
    p = Board(["112", "233", "034"], backend="pure").kernel_state
    moves, lone = twin.gen_moves(p)
    assert sorted((m.colour, m.size) for m in moves) == [(1, 2), (3, 3)] and sum(lone) == 4
    # groups: 0 + 1 = 1; colours with more than 2 cells: only 3, (3-2)^2 = 1
    assert twin.evaluate(p, moves, lone, (7, 11, 13), -1) == 0 + 7 * 1 + 11 * 1 - 13 * 4
    assert twin.evaluate(p, moves, lone, (7, 11, 13), 1) == 7 - 13 * 4  # kept colour 1: 2 cells, nothing
    p.select(2, 2)  # the 3s: (3-2)^2 = 1 point
    moves, lone = twin.gen_moves(p)
    assert p.score == 1 and twin.evaluate(p, moves, lone, (0, 0, 0), -1) == 100


def test_positions_reached_twice_hash_equal():
    # rows top first: 3 4 / 1 2 / 1 2: the 1s then the 2s, or the 2s then the 1s, leave 3 4
    a, b, c = (Board(["34", "12", "12"], backend="pure").kernel_state for _ in range(3))
    for p, order in ((a, [(1, 1), (1, 2)]), (b, [(1, 2), (1, 1)]), (c, [(1, 1)])):
        for move in order:
            assert p.select(*move) == 2
    assert a._columns == b._columns == [[3], [4]] and twin.pos_hash(a) == twin.pos_hash(b)
    assert twin.pos_hash(c) != twin.pos_hash(a) and twin.pos_hash(a) != 0


def test_a_layer_keeps_each_position_once_at_its_best():
    # (minus evaluation, order, hash, parent, move): hash 7 is reached three times
    cands = [(-50, 0, 7, 0, (1, 1)), (-90, 1, 7, 1, (1, 2)), (-80, 2, 8, 0, (2, 1)),
             (-90, 3, 9, 2, (3, 1)), (-10, 4, 7, 2, (1, 3)), (-70, 5, 10, 1, (4, 1))]
    assert twin.keep_best(list(cands), 3) == [(1, (1, 2)), (2, (3, 1)), (0, (2, 1))]
    assert twin.keep_best(list(cands), 10) == [(1, (1, 2)), (2, (3, 1)), (0, (2, 1)), (1, (4, 1))]


@pytest.mark.parametrize("bad", [(1, 2), (1, 2, 3, 4), (1.0, 2, 3), (True, 0, 0), (10**6 + 1, 0, 0), "abc"])
def test_bad_weights(bad):
    with pytest.raises(ValueError, match="weights must be three integers"):
        Board(["11"]).search("beam-eval", weights=bad)


def test_options_that_do_not_apply():
    assert Board(["1122"]).search("nmcs-beam", weights=(1, 2, 3)).score == 1000
    with pytest.raises(ValueError, match="weights applies only"):
        Board(["11"]).search("nrpa", weights=WEIGHTS)
    with pytest.raises(ValueError, match="width must be in 1..10000"):
        Board(["11"]).search("beam", width=10_001)
    with pytest.raises(ValueError, match="width must be in 1..100000"):
        Board(["11"]).search("beam-eval", width=100_001)
    with pytest.raises(ValueError, match="width must be in 1..1000"):
        Board(["11"]).search("nmcs-beam", width=1_001)
    with pytest.raises(ValueError, match="level must be in 1..10"):
        Board(["11"]).search("nmcs-beam", level=0)


def _splitmix(seed):
    """splitmix64 written out here (Vigna's splitmix64.c), apart from the code under test."""
    mask = 2**64 - 1
    while True:
        seed = (seed + 0x9E3779B97F4A7C15) & mask
        z = seed
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def _uniform(draws, bound):
    threshold = (2**64 - bound) % bound  # as the project's sm_uniform: no modulo bias
    for x in draws:
        if x >= threshold:
            return x % bound


def test_research_set_as_documented():
    boards = research_boards(3)
    draws = _splitmix(2026)
    for board in boards:
        cells = [_uniform(draws, 5) for _ in range(225)]
        assert board.grid() == [tuple(cells[r * 15:(r + 1) * 15]) for r in range(15)]
    assert research_boards(250)[:3] == boards and len(research_boards(0)) == 0
    assert research_boards(1, seed=7) != boards[:1]
    for bad in (-1, 251):
        with pytest.raises(ValueError, match="count must be in 0..250"):
            research_boards(bad)


def test_cli_research_set_and_beam_eval(cli):
    p = cli("samegame", "solve", "--research", "2", "--algo", "beam-eval", "--width", "2", "--no-tabu")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.decode().splitlines()
    assert lines[0].startswith("board 1: score ") and lines[-1].startswith("total ") and "(2 boards)" in lines[-1]
    scores = [Board(b.grid()).search("beam-eval", width=2, tabu=False).score for b in research_boards(2)]
    assert lines[-1].split()[1] == str(sum(scores))


@pytest.mark.parametrize("args, words", [
    (("--research", "2", "--weights", "1,2,3"), "--weights: only with --algo beam-eval"),
    (("--research", "2", "--algo", "beam", "--width", "10001"), "beam's W must be in 1..10000"),
    (("--research", "2", "--standard"), "--research: not allowed with argument --standard"),
    (("--research", "251"), "N must be"),
    (("--research", "1", "--algo", "beam-eval", "--weights", "1,2"), "G,C,L are three integers"),
])
def test_cli_refusals(cli, args, words):
    p = cli("samegame", "solve", *args)
    assert p.returncode == 2 and words in p.stderr.decode() and b"Traceback" not in p.stderr
