"""The tabu rule's two moments, as search options: pairs of the kept colour
allowed after ``tabu_free`` moves (Cazenave's rule: 10), and the rule lifted
once ``tabu_until`` cells or fewer are left (Klein's "Tabu48"): twins equal,
what each changes, and what is refused."""
import random

import pytest

from gridgames.samegame import Board, research_boards

SEARCHES = [("random", dict(iterations=30)), ("nrpa", dict(level=2, iterations=5)),
            ("beam-eval", dict(width=3)), ("nmcs", dict(level=1))]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("algo, options", SEARCHES)
def test_twins_equal(algo, options, seed):
    rng = random.Random(seed)
    rows = [[rng.randrange(3) for _ in range(6)] for _ in range(6)]
    for free, until in ((0, 0), (3, 12), (400, 20)):
        got = [Board(rows, backend=b).search(algo, seed=seed, tabu_free=free, tabu_until=until, **options)
               for b in ("compiled", "pure")]
        assert got[0] == got[1], (free, until)
        assert Board(rows).replay(got[0].moves) == got[0].score


def test_lifted_from_the_start_is_no_tabu(backend):
    board = research_boards(1, backend=backend)[0]
    lifted = board.search("random", iterations=40, seed=3, tabu_until=225)
    assert lifted == board.search("random", iterations=40, seed=3, tabu=False)
    assert lifted != board.search("random", iterations=40, seed=3)  # the rule matters on this board
    # lifted near the end only: neither the plain rule nor no rule
    late = board.search("random", iterations=40, seed=3, tabu_until=48)
    assert late not in (lifted, board.search("random", iterations=40, seed=3))


def test_the_moment_pairs_are_allowed_matters(backend):
    board = research_boards(2, backend=backend)[1]
    default = board.search("random", iterations=40, seed=5)
    assert default == board.search("random", iterations=40, seed=5, tabu_free=10)
    assert default != board.search("random", iterations=40, seed=5, tabu_free=0)


@pytest.mark.parametrize("options, words", [(dict(tabu_free=-1), "tabu_free must be in 0..400"),
                                            (dict(tabu_free=401), "tabu_free must be in 0..400"),
                                            (dict(tabu_until=801), "tabu_until must be in 0..800")])
def test_out_of_range(options, words):
    with pytest.raises(ValueError, match=words):
        Board(["11"]).search("nrpa", **options)


@pytest.mark.parametrize("args, words", [
    (("--no-tabu", "--tabu-until", "48"), "--tabu-until: not allowed with argument --no-tabu"),
    (("--level", "2", "--root-parallel", "2", "--tabu-free", "3"),
     "--tabu-free: not allowed with argument --root-parallel"),
    (("--checkpoint", "ck", "--tabu-until", "48"), "--tabu-until: not allowed with argument --checkpoint"),
    (("--tabu-until", "801"), "N must be an integer in 0..800"),
])
def test_cli_refusals(cli, args, words):
    p = cli("samegame", "solve", "--research", "1", *args)
    assert p.returncode == 2 and words in p.stderr.decode() and b"Traceback" not in p.stderr
