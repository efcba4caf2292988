"""NRPA's learned prior (``prior``, `solve --prior FILE`): the twins give the
same games with it, it steers the playouts as its weights say, and a bad
prior or prior file is refused in one line."""
import json
import random

import pytest

from gridgames.samegame import Board, research_boards
from gridgames.samegame._prior import FEATURES, load, vector

PRIOR = dict(zip(FEATURES, (0.03, -0.001, 1.3, 0.8, -0.9, -0.05, 0.015, -0.016, -0.06)))


def _rows(seed, colours=4, rows=8, cols=9):
    rng = random.Random(seed)
    return ["".join(str(rng.randrange(colours)) for _ in range(cols)) for _ in range(rows)]


def only(**weights):
    return {name: weights.get(name, 0.0) for name in FEATURES}


@pytest.mark.parametrize("options", [
    dict(level=1, iterations=10),
    dict(level=2, iterations=3, restarts=1),
    dict(level=2, iterations=3, colour_bias=1.0, size_bias=0.3, tabu_bias=1.5),
    dict(level=1, iterations=8, tabu=False),
])
@pytest.mark.parametrize("seed", [1, 2])
def test_twins_equal_with_a_prior(options, seed):
    rows = _rows(seed, colours=3 + seed % 3)
    a = Board(rows, backend="compiled").search("nrpa", seed=seed, prior=PRIOR, **options)
    b = Board(rows, backend="pure").search("nrpa", seed=seed, prior=PRIOR, **options)
    assert a == b
    assert Board(rows).replay(a.moves) == a.score


def test_twins_equal_on_a_research_board_with_every_feature_weighted():
    # 15x15, 5 colours: colours cleared, the kept colour's pairs after move 10, tall columns
    weights = dict(zip(FEATURES, (0.1, 0.01, 0.7, 1.1, -0.4, -0.2, 0.05, 0.3, -0.25)))
    found = [research_boards(2, backend=b)[1].search("nrpa", level=2, iterations=3, seed=4, prior=weights)
             for b in ("compiled", "pure")]
    assert found[0] == found[1]


def test_a_zero_prior_is_the_search_without_one(backend):
    board = Board(_rows(7), backend=backend)
    assert board.search("nrpa", level=2, iterations=4, seed=3, prior=only()) == \
        board.search("nrpa", level=2, iterations=4, seed=3)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_strong_height_weight_plays_the_lowest_regions_first(backend, seed):
    # one playout (level 1, one iteration) with -60 per row of height: each move is a region whose
    # canonical cell is as low as any region's (the odds of another are below e**-60)
    rows = _rows(seed, colours=4, rows=10, cols=10)
    game = Board(rows, backend=backend).search("nrpa", level=1, iterations=1, seed=seed, tabu=False,
                                               prior=only(height=-60.0)).moves
    board = Board(rows)
    for r, c in game:
        assert r == min(m[0] for m in board.moves()), (r, c, board.moves())
        board.select(r, c)
    unbiased = Board(rows, backend=backend).search("nrpa", level=1, iterations=1, seed=seed, tabu=False).moves
    assert unbiased != game  # (the same draws without the prior play otherwise)


def test_the_prior_changes_the_search_and_its_playouts_per_game(backend):
    board = research_boards(1, backend=backend)[0]
    plain = board.search("nrpa", level=1, iterations=20, seed=5)
    steered = board.search("nrpa", level=1, iterations=20, seed=5, prior=only(clears=5.0, kept=-3.0))
    assert steered.moves != plain.moves and steered.playouts == plain.playouts == 20


@pytest.mark.parametrize("prior, words", [
    ({}, "size is missing"),
    (dict(PRIOR, bogus=1.0), "not 'bogus'"),
    (dict(PRIOR, share=float("nan")), "weight of share must be a finite number"),
    (dict(PRIOR, kept=True), "weight of kept"),
    ([1.0] * len(FEATURES), "must map each feature"),
])
def test_a_bad_prior_is_refused(prior, words):
    with pytest.raises(ValueError, match=words):
        vector(prior)
    with pytest.raises(ValueError, match=words):
        Board(_rows(1)).search("nrpa", prior=prior)


def test_a_prior_applies_only_to_nrpa():
    with pytest.raises(ValueError, match="prior applies only to algo='nrpa'"):
        Board(_rows(1)).search("nmcs", prior=PRIOR)


def test_the_shipped_round0_prior_loads():
    from pathlib import Path
    path = Path(__file__).parents[2] / "benchmarks" / "results" / "prior" / "prior-round0.json"
    assert vector(load(str(path))) == tuple(json.loads(path.read_text())["weights"][n] for n in FEATURES)


def _one_error_line(p, status, *words):
    assert p.returncode == status, p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and b"Traceback" not in p.stderr, p.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_solve_prior_file(cli, tmp_path):
    good = tmp_path / "prior.json"
    good.write_text(json.dumps({"weights": PRIOR, "fit": {"log_loss": 2.4}}))
    p = cli("samegame", "solve", "--research", "1", "--level", "1", "--iterations", "5", "--prior", good, "--json")
    assert p.returncode == 0, p.stderr
    line = json.loads(p.stdout)
    assert line["params"]["prior"] == PRIOR
    expected = research_boards(1)[0].search("nrpa", level=1, iterations=5, seed=line["seed"], prior=PRIOR)
    assert (line["score"], [tuple(m) for m in line["moves"]]) == (expected.score, expected.moves)


@pytest.mark.parametrize("text, words", [
    (b"{\"weights\": {\"size\": 1}}", [b"prior.json: a prior's features are", b"size_sq is missing"]),
    (b"[1, 2", [b"prior.json: not a prior file: not JSON"]),
    (b"{\"w\": 1}", [b"not a prior file: no \"weights\" object"]),
    (b"\xff\x1b[2J", [b"not a prior file: not JSON"]),
    (b"{\"weights\": {\"\\u001b[2J\": 1}}", [b"not '\\x1b[2J'"]),
])
def test_solve_refuses_a_bad_prior_file_in_one_line(cli, tmp_path, text, words):
    bad = tmp_path / "prior.json"
    bad.write_bytes(text)
    p = cli("samegame", "solve", "--research", "1", "--level", "1", "--iterations", "5", "--prior", bad)
    _one_error_line(p, 2, b"gridgames samegame: ", *words)
    assert p.stdout == b""


def test_solve_refuses_a_missing_prior_file(cli, tmp_path):
    p = cli("samegame", "solve", "--research", "1", "--prior", tmp_path / "none.json")
    _one_error_line(p, 2, b"cannot read", b"none.json")


@pytest.mark.parametrize("more, words", [
    (["--algo", "nmcs"], b"argument --prior: only with --algo nrpa"),
    (["--checkpoint", "ck", "--time", "1"], b"not allowed with argument --checkpoint"),
    (["--root-parallel", "2", "--level", "2"], b"not allowed with argument --root-parallel"),
])
def test_solve_refuses_prior_where_it_does_not_apply(cli, tmp_path, more, words):
    good = tmp_path / "prior.json"
    good.write_text(json.dumps({"weights": PRIOR}))
    p = cli("samegame", "solve", "--research", "1", "--prior", good, *more)
    assert p.returncode == 2 and words in p.stderr, p.stderr
