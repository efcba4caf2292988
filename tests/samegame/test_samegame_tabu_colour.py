"""The kept colour chosen: ``tabu_colour`` (a colour, "auto",
"best") in both kernels alike, through Board.search, checkpoints,
root-parallel and ``solve --tabu-colour``; a colour not on the board, or
one given without tabu, is refused."""
import json
import random

import pytest

from gridgames.samegame import Board, _tabu, standard_boards
from gridgames.samegame.research import _checkpoint
from gridgames.samegame.research._rootpar import root_parallel
from helpers import Serial


def _rows(seed, colours=4):
    rng = random.Random(seed)
    return ["".join(str(rng.randrange(colours)) for _ in range(9)) for _ in range(8)]


@pytest.mark.parametrize("algo, options", [
    ("nrpa", dict(level=2, iterations=3)), ("nrpa", dict(level=1, iterations=6, tabu_bias=1.5)),
    ("nmcs", dict(level=1)), ("random", dict(iterations=30)), ("beam", dict(width=3))])
@pytest.mark.parametrize("colour", [1, 3])
def test_twins_equal_for_a_kept_colour(algo, options, colour):
    rows = _rows(colour)
    a, b = (Board(rows, backend=be).search(algo, seed=4, tabu_colour=colour, **options)
            for be in ("compiled", "pure"))
    assert a == b and Board(rows).replay(a.moves) == a.score


def test_the_colour_changes_the_search_and_auto_is_todays_rule(backend):
    board = standard_boards(backend=backend)[10]   # board 11: every colour has 45 cells, auto keeps 0
    iterations = 3 if backend == "pure" else 10
    found = {c: board.search("nrpa", level=1, iterations=iterations, seed=2, tabu_colour=c)
             for c in (None, "auto", 0, 2, 4)}
    assert found[None] == found["auto"] == found[0]   # NRPA's playouts start at the root: auto is 0 there
    assert found[2] != found[0] and found[4] != found[0]
    for s in found.values():
        assert board.copy().replay(s.moves) == s.score


def test_best_uses_the_measured_table_on_standard_boards_only(backend, monkeypatch):
    monkeypatch.setattr(_tabu, "BEST", {12: 3})
    monkeypatch.setattr("gridgames.samegame._single.BEST", _tabu.BEST)
    boards = standard_boards(backend=backend)
    run = dict(level=1, iterations=4, seed=1)
    assert boards[11].search("nrpa", tabu_colour="best", **run) == boards[11].search("nrpa", tabu_colour=3, **run)
    assert boards[10].search("nrpa", tabu_colour="best", **run) == boards[10].search("nrpa", **run)
    other = Board(_rows(5), backend=backend)   # not a standard board: best is auto
    assert other.search("nrpa", tabu_colour="best", **run) == other.search("nrpa", **run)


@pytest.mark.parametrize("options, message", [
    (dict(tabu_colour=5), "tabu_colour 5 is not a colour of the board [(]its colours: 0, 1, 2, 3[)]"),
    (dict(tabu_colour=-1), "tabu_colour -1 is not a colour"),
    (dict(tabu_colour="worst"), "tabu_colour must be a colour number, 'auto', 'best' or 'race', not 'worst'"),
    (dict(tabu_colour=True), "tabu_colour must be a colour number"),
    (dict(tabu_colour=1, tabu=False), "tabu_colour applies only with tabu=True"),
])
def test_refused(backend, options, message):
    board = Board(_rows(6), backend=backend)
    with pytest.raises(ValueError, match=message):
        board.search("nrpa", level=1, iterations=2, **options)
    with pytest.raises(ValueError, match=message):
        root_parallel(board, level=2, iterations=2, seed=0, workers=1, executor=Serial(), **options)


def test_checkpoints_keep_the_colour_and_refuse_another(backend, tmp_path):
    board = Board(_rows(7), backend=backend)
    path = str(tmp_path / "c.ckpt")
    done = _checkpoint.run(board, path, 0.0, level=2, iterations=3, seed=5, tabu_colour=2)
    assert done.result == board.search("nrpa", level=2, iterations=3, seed=5, tabu_colour=2)
    for other in (None, 1):
        with pytest.raises(_checkpoint.Mismatch, match="tabu_colour"):
            _checkpoint.run(board, path, 0.0, level=2, iterations=3, seed=5, tabu_colour=other)
    plain = str(tmp_path / "plain.ckpt")   # auto writes no tabu_colour: older checkpoints stay valid
    _checkpoint.run(board, plain, 0.0, level=1, iterations=3, seed=5, tabu_colour="auto")
    assert "tabu_colour" not in json.loads(open(plain, "rb").read().split(b"\n")[1])["params"]


def test_root_parallel_passes_the_colour_to_every_level(backend):
    rows = _rows(8)
    fewest = int(min("0123", key="".join(rows).count))   # auto keeps the most frequent colour
    board = Board(rows, backend=backend)
    run = dict(level=2, iterations=3, seed=3, workers=2, executor=Serial())
    kept = root_parallel(board, tabu_colour=fewest, **run)
    assert kept != root_parallel(board, **run) and board.copy().replay(kept.moves) == kept.score
    twin = root_parallel(Board(rows, backend="pure" if backend == "compiled" else "compiled"),
                         tabu_colour=fewest, **run)
    assert twin == kept


def test_solve_tabu_colour(cli):
    rows = _rows(9)
    text = "\n".join(" ".join(row) for row in rows).encode() + b"\n"
    p = cli("samegame", "solve", "-", "--algo", "nrpa", "--level", "1", "--iterations", "3",
            "--tabu-colour", "2", "--json", input=text)
    assert p.returncode == 0, p.stderr
    [line] = [json.loads(line) for line in p.stdout.splitlines()]
    assert line["params"]["tabu_colour"] == 2
    want = Board(rows).search("nrpa", level=1, iterations=3, seed=line["seed"], tabu_colour=2)
    assert want != Board(rows).search("nrpa", level=1, iterations=3, seed=line["seed"])
    assert line["score"] == want.score and line["moves"] == [list(m) for m in want.moves]


@pytest.mark.parametrize("args, words", [
    (["--tabu-colour", "7"], [b"--tabu-colour 7 is not a colour of board 1", b"0, 1, 2, 3, 4"]),
    (["--tabu-colour", "2", "--no-tabu"], [b"--tabu-colour", b"--no-tabu"]),
    (["--tabu-colour", "red"], [b"K is a colour 0..9, 'auto', 'best' or 'race', not 'red'"]),
])
def test_solve_refuses_a_colour_not_on_the_board(cli, args, words):
    p = cli("samegame", "solve", "--standard", "--algo", "nrpa", "--level", "1", "--iterations", "2", *args)
    assert p.returncode == 2 and p.stdout == b"" and b"Traceback" not in p.stderr
    for word in words:
        assert word in p.stderr, p.stderr


def test_campaigns_take_the_colour(backend):
    from gridgames.samegame import search_boards
    from gridgames.samegame.research._jobs import search_seed
    boards = [Board(_rows(k), backend=backend) for k in (10, 11)]
    found = list(search_boards(boards, "nrpa", seed=3, threads=2, level=1, iterations=4, tabu_colour=2))
    assert found == [b.search("nrpa", level=1, iterations=4, seed=search_seed(3, k, 1), tabu_colour=2)
                     for k, b in enumerate(boards, 1)]


def test_solve_time_keeps_todays_colour(cli):
    text = "\n".join(" ".join(row) for row in _rows(12)).encode() + b"\n"
    found = {}
    for more in ([], ["--no-tabu"], ["--tabu-colour", "3"]):
        p = cli("samegame", "solve", "-", "--time", "0.05", "--cpu-time", "--json", *more, input=text)
        assert p.returncode == 0, p.stderr
        found[" ".join(more)] = json.loads(p.stdout)["params"]
    assert "tabu_colour" not in found[""] and found[""]["level"] == 3   # strongest(): today's rule
    assert "tabu_colour" not in found["--no-tabu"] and found["--no-tabu"]["tabu"] is False
    assert found["--tabu-colour 3"]["tabu_colour"] == 3


def test_solve_help_says_what_time_chooses(cli):
    words = b" ".join(cli("samegame", "solve", "--help").stdout.split())   # as argparse wraps it
    assert b"NRPA level 3 restarted until the time is up)" in words
