"""The improve loop: a search that starts from a known game (Board.search
``improve``, root-parallel, campaigns, ``solve --improve [FILE]``) never
returns less, NRPA starts with its top policy adapted towards the game, the
twins agree, and the start games are found and checked."""
import json
import random
from array import array
from concurrent.futures import ThreadPoolExecutor

import pytest

from gridgames.samegame import (
    Board,
    Result,
    _single as _solve,
    best_known,
    campaign,
    read_boards,
    standard_boards,
    write_boards,
)
from gridgames.samegame._text import FormatError
from gridgames.samegame.research import _search_pure as pure
from gridgames.samegame.research._improve import starts
from gridgames.samegame.research._jobs import board_rows, digest, search_seed
from gridgames.samegame.research._rootpar import root_parallel


def _rows(seed, colours=3, rows=8, cols=9):
    rng = random.Random(seed)
    return ["".join(str(rng.randrange(colours)) for _ in range(cols)) for _ in range(rows)]


def _known(rows, seed=1):
    """A finished game better than most playouts: a short NRPA's."""
    return Board(rows).search("nrpa", level=1, iterations=30, seed=seed)


@pytest.mark.parametrize("algo, options", [
    ("nrpa", dict(level=1, iterations=10)),
    ("nrpa", dict(level=2, iterations=4, stab=2)),
    ("nrpa", dict(level=1, iterations=6, restarts=3, size_bias=0.2)),
    ("nrpa", dict(level=2, iterations=3, tabu_bias=1.5, restarts=1)),
    ("nmcs", dict(level=1)),
    ("beam", dict(width=3)),
    ("random", dict(iterations=20)),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_twins_equal_never_worse_and_replay(algo, options, seed):
    rows = _rows(seed, colours=2 + seed)
    known = _known(rows, seed)
    a = Board(rows, backend="compiled").search(algo, seed=seed, improve=known.moves, **options)
    b = Board(rows, backend="pure").search(algo, seed=seed, improve=known.moves, **options)
    assert a == b
    assert a.score >= known.score and Board(rows).replay(a.moves) == a.score


def _policy_bytes(kernel, board, moves):
    zero = bytes(8 * pure.POLICY_SIZE)
    return kernel.adapt_policy(board._state, zero, moves, True, -1.0, 0.0)


@pytest.mark.parametrize("seed", range(6))
def test_nrpa_starts_with_its_policy_adapted_towards_the_game(backend, seed):
    # level 1, one iteration: one playout, drawn from the zero policy adapted
    # once towards the known game; the result is the better of the two
    rows = _rows(seed + 10)
    board = Board(rows, backend=backend)
    known = _known(rows, seed)
    kernel = __import__(f"gridgames.samegame.research.{'_search' if backend == 'compiled' else '_search_pure'}",
                        fromlist=["x"])
    policy = _policy_bytes(kernel, board, known.moves)
    playout = _solve.run(board, "nrpa", level=1, iterations=1, seed=seed, policy=policy)
    improved = board.search("nrpa", level=1, iterations=1, seed=seed, improve=known.moves)
    assert improved.playouts == 1
    if playout.score > known.score:
        assert (improved.score, improved.moves) == (playout.score, playout.moves)
    else:
        assert (improved.score, improved.moves) == (known.score, known.moves)


def test_the_start_changes_the_search_and_can_be_beaten():
    rows = _rows(5, colours=4, rows=10, cols=10)
    weak = Board(rows).search("random", iterations=1, seed=3)
    plain = Board(rows).search("nrpa", level=2, iterations=8, seed=2)
    better = Board(rows).search("nrpa", level=2, iterations=8, seed=2, improve=weak.moves)
    assert better.score > weak.score and better != plain


def test_any_cell_of_a_region_names_the_move(backend):
    rows = _rows(8)
    board = Board(rows, backend=backend)
    known = _known(rows)
    other, played = [], board.copy()
    for r, c in known.moves:  # the region's last cell instead of its canonical one
        other.append(played.region(r, c)[-1])
        played.select(r, c)
    assert other != known.moves
    assert board.search("nrpa", level=1, iterations=5, seed=4, improve=other) == \
        board.search("nrpa", level=1, iterations=5, seed=4, improve=known.moves)


def test_a_bad_start_game_is_refused(backend):
    board = Board(_rows(8), backend=backend)
    known = _known(_rows(8))
    with pytest.raises(ValueError, match="does not end the board: a region is left after move 2"):
        board.search("nrpa", improve=known.moves[:2])
    with pytest.raises(ValueError, match=r"move 1 \(9, 9\) is illegal"):
        board.search("nrpa", improve=[(9, 9)])


def test_the_kernels_refuse_a_bad_start_game_too(backend):
    # _solve checks first; the kernels check again (a move that is not a canonical cell)
    board = Board(["11", "23"], backend=backend)
    kernel = __import__(f"gridgames.samegame.research.{'_search' if backend == 'compiled' else '_search_pure'}",
                        fromlist=["x"])
    with pytest.raises(ValueError, match="move 1"):
        kernel.search(board._state, kernel.ALGO_NRPA, 1, 2, 1, 0, True, 0.0, None, False, improve=[(1, 2)])
    with pytest.raises(ValueError, match="does not end the board"):
        kernel.search(board._state, kernel.ALGO_NRPA, 1, 2, 1, 0, True, 0.0, None, False, improve=[])


@pytest.mark.parametrize("seed", [1, 2])
def test_root_parallel_from_a_known_game(backend, seed):
    rows = _rows(seed + 20)
    known = _known(rows, seed)
    options = dict(level=2, iterations=3, seed=seed, workers=2, improve=known.moves)
    with ThreadPoolExecutor(2) as pool:
        threaded = root_parallel(Board(rows, backend=backend), executor=pool, **options)
    other = "pure" if backend == "compiled" else "compiled"
    with ThreadPoolExecutor(1) as pool:
        assert root_parallel(Board(rows, backend=other), executor=pool, **options) == threaded
    assert threaded.score >= known.score and Board(rows).replay(threaded.moves) == threaded.score


def test_campaign_starts_each_board_from_its_game(backend):
    boards = read_boards(write_boards(Board(_rows(k)) for k in (31, 32, 33)), backend=backend)
    games = [_known(board_rows(b), 5).moves for b in boards]
    games[1] = None  # board 2 from nothing
    one = list(campaign(boards, "nrpa", seed=4, runs=2, level=1, iterations=5, improve=games))
    two = list(campaign(boards, "nrpa", seed=4, runs=2, level=1, iterations=5, improve=games, threads=2))
    key = lambda r: (r.board, r.run)  # noqa: E731
    assert [r._replace(cpu=0) for r in sorted(two, key=key)] == [r._replace(cpu=0) for r in one]
    for r in one:
        s = boards[r.board - 1].search("nrpa", level=1, iterations=5, seed=search_seed(4, r.board, r.run),
                                       improve=games[r.board - 1])
        assert (r.score, r.moves) == (s.score, s.moves)
        assert r.params == {"level": 1, "iterations": 5, "improve": True}
    with pytest.raises(ValueError, match="one game or None per board"):
        list(campaign(boards, "nrpa", improve=games[:2]))


def _line(board, run, score, moves, rows):
    return Result(board, run, 1, "nrpa", {}, score, moves, None, 1, 0.1, "0", digest(rows)).line()


def test_starts_take_the_best_of_best_known_and_the_file():
    boards = standard_boards()
    known = best_known()
    rows = board_rows(boards[1])
    worse = _line(2, 1, 10, [(1, 1)], rows)  # not checked: best_known()'s game is better
    small = Board(_rows(40))
    game = _known(board_rows(small), 2)
    lines = [worse, _line(1, 1, game.score, game.moves, board_rows(small)), ""]
    found = starts([small, boards[1], boards[2]], "\n".join(lines), "runs.jsonl")
    assert found[0] == (game.score, game.moves, "runs.jsonl:2")
    assert found[1] == (known[1].score, known[1].moves, "best_known() board 2")
    assert found[2].where == "best_known() board 3"
    assert starts([Board(_rows(41))]) == [None]


def test_starts_refuse_bad_lines_and_games_and_skip_a_torn_tail():
    small = Board(_rows(42))
    game = _known(board_rows(small), 3)
    good = _line(1, 1, game.score, game.moves, board_rows(small))
    assert starts([small], good + "\n" + good[:30], "f")[0].where == "f:1"
    with pytest.raises(FormatError, match="^f:2: not a result line"):
        starts([small], good + "\nnonsense\n", "f")
    with pytest.raises(FormatError, match="^f:1: the moves score"):
        starts([small], _line(1, 1, game.score + 1, game.moves, board_rows(small)) + "\n", "f")
    with pytest.raises(FormatError, match="^f:1: the game does not end the board"):
        starts([small], _line(1, 1, 99999, game.moves[:1], board_rows(small)) + "\n", "f")


@pytest.mark.slow
def test_solve_improve_from_best_known(cli):
    p = cli("samegame", "solve", "--standard", "--improve", "--algo", "random", "--iterations", "1", "--json")
    assert p.returncode == 0, p.stderr
    found = [json.loads(line) for line in p.stdout.splitlines()]
    assert [o["score"] for o in found] == [b.score for b in best_known()]  # one playout never beats them
    assert all(o["params"]["improve"] is True for o in found)


@pytest.mark.slow
def test_solve_improve_from_a_campaign_file(cli, tmp_path):
    boards = tmp_path / "b.txt"
    boards.write_text(write_boards(Board(_rows(k, rows=7, cols=7)) for k in (50, 51)))
    first, second = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    args = ("samegame", "solve", boards, "--algo", "nrpa", "--iterations", "10")
    assert cli(*args, "-o", first).returncode == 0
    p = cli(*args, "--seed", "3", "--improve", first, "-o", second)
    assert p.returncode == 0, p.stderr
    before = [json.loads(line)["score"] for line in first.read_text().splitlines()]
    after = [json.loads(line)["score"] for line in second.read_text().splitlines()]
    assert all(a >= b for a, b in zip(after, before)) and len(after) == 2
    assert p.stdout.decode().startswith(f"board 1: from {before[0]}, score {after[0]}, ")
    resumed = cli(*args, "--seed", "3", "-o", second, "--resume")  # without --improve: another campaign
    assert resumed.returncode == 2 and b"made by another campaign" in resumed.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("junk\n")
    p = cli(*args, "--improve", bad)
    assert p.returncode == 1 and p.stderr.decode().strip().endswith("bad.jsonl:1: not a result line of "
                                                                    "'samegame solve -o'")
    assert cli(*args, "--improve", tmp_path / "none.jsonl").returncode == 2


def test_policy_adapted_by_the_twins_is_the_same():
    # the start of the improve loop on a standard board: both kernels record the game alike
    known = best_known()[6]
    out = []
    for backend, name in (("compiled", "_search"), ("pure", "_search_pure")):
        kernel = __import__(f"gridgames.samegame.research.{name}", fromlist=["x"])
        out.append(_policy_bytes(kernel, standard_boards(backend=backend)[6], known.moves))
    assert out[0] == out[1]
    values = array("d")
    values.frombytes(out[0])
    assert sum(v > 0 for v in values) > 0


@pytest.mark.parametrize("adapts", [1, 2, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_improve_adapts_twins_equal_and_never_worse(adapts, seed):
    rows = _rows(seed, colours=3 + seed % 2, rows=10, cols=10)
    start = Board(rows).search("random", iterations=2, seed=seed)  # weak: the runs can beat it
    options = dict(level=2, iterations=4, seed=seed, restarts=2, improve=start.moves, improve_adapts=adapts)
    a = Board(rows, backend="compiled").search("nrpa", **options)
    assert a == Board(rows, backend="pure").search("nrpa", **options)
    assert a.score >= start.score and Board(rows).replay(a.moves) == a.score


def test_improve_adapts_twins_equal_on_a_standard_board():
    # from a weak game (best_known()'s is never beaten this soon: the twins would agree on it anyway)
    start = standard_boards()[3].search("random", iterations=1, seed=4)
    options = dict(level=2, iterations=3, seed=4, improve=start.moves, tabu_colour="best")
    found = [standard_boards(backend=b)[3].search("nrpa", improve_adapts=3, **options) for b in ("compiled", "pure")]
    assert found[0] == found[1] and found[0].score > start.score
    assert found[0] != standard_boards()[3].search("nrpa", **options)


def test_improve_adapts_changes_the_search_and_keeps_an_unbeaten_start(backend):
    rows = _rows(3, colours=4, rows=10, cols=10)
    start = Board(rows).search("nrpa", level=1, iterations=30, seed=3)
    board = Board(rows, backend=backend)
    options = dict(level=2, iterations=6, seed=3, improve=start.moves)
    today = board.search("nrpa", **options)
    diverse = board.search("nrpa", improve_adapts=3, **options)
    assert diverse != today and diverse.playouts == today.playouts
    # a level-1 search of one iteration cannot beat a strong game: the result is the start game itself
    strong = best_known()[0]
    one = standard_boards(backend=backend)[0].search("nrpa", level=1, iterations=1, seed=1, improve=strong.moves,
                                                     improve_adapts=2)
    assert (one.score, one.moves) == (strong.score, strong.moves)


def test_improve_adapts_needs_improve_and_a_count(backend):
    board = Board(_rows(8), backend=backend)
    with pytest.raises(ValueError, match="^improve_adapts needs improve$"):
        board.search("nrpa", improve_adapts=2)
    known = _known(_rows(8))
    for bad in (0, -1, 2**31):
        with pytest.raises(ValueError, match="improve_adapts must be in 1..2"):
            board.search("nrpa", improve=known.moves, improve_adapts=bad)
    with pytest.raises(TypeError):
        board.search("nrpa", improve=known.moves, improve_adapts=1.5)
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="^improve_adapts needs improve$"):
        root_parallel(board, level=2, iterations=2, seed=1, workers=1, executor=pool, improve_adapts=2)


def test_root_parallel_with_improve_adapts(backend):
    rows = _rows(3, colours=4, rows=10, cols=10)
    start = Board(rows).search("random", iterations=2, seed=3)
    options = dict(level=2, iterations=3, seed=2, workers=2, restarts=1, improve=start.moves)
    with ThreadPoolExecutor(2) as pool:
        today = root_parallel(Board(rows, backend=backend), executor=pool, **options)
        diverse = root_parallel(Board(rows, backend=backend), executor=pool, improve_adapts=3, **options)
        other = "pure" if backend == "compiled" else "compiled"
        assert root_parallel(Board(rows, backend=other), executor=pool, improve_adapts=3, **options) == diverse
    assert diverse != today and diverse.score >= start.score and Board(rows).replay(diverse.moves) == diverse.score


def test_a_campaign_with_improve_adapts_searches_a_board_without_a_game_from_nothing():
    boards = [Board(_rows(k)) for k in (31, 32)]
    games = [_known(board_rows(boards[0]), 5).moves, None]
    found = list(campaign(boards, "nrpa", seed=4, level=1, iterations=5, improve=games, improve_adapts=2))
    assert [r.params for r in found] == [{"level": 1, "iterations": 5, "improve_adapts": 2, "improve": True}] * 2
    for r, game in zip(found, games):
        s = boards[r.board - 1].search("nrpa", level=1, iterations=5, seed=search_seed(4, r.board, r.run),
                                       improve=game, improve_adapts=2 if game else None)
        assert (r.score, r.moves) == (s.score, s.moves)
