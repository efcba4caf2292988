"""SameGame research engine: scores, the standard boards and their text
format, playouts and searches (twins equal for equal seeds, every result
replays to its score)."""
import _thread
import random
import signal
import threading

import pytest

from gridgames.samegame import Board, FormatError, read_boards, search_boards, standard_boards, write_boards
from gridgames.samegame.research._jobs import search_seed
from helpers import DATA

STANDARD = DATA / "samegame" / "standard20.txt"


# --- scores and the bigger capacity ------------------------------------------------

def test_score_hand_worked(backend):
    b = Board(["12", "11"], backend=backend)
    assert b.score == 0 and not b.over
    assert b.select(1, 1) == 3 and b.score == 1          # (3-2)^2
    assert b.over and not b.won and b.remaining == 1
    b = Board(["121", "121"], backend=backend)
    assert b.select(1, 2) == 2 and b.score == 0          # (2-2)^2
    assert b.select(2, 1) == 4 and b.score == 4 + 1000   # cleared: +1000 once
    assert b.won and b.over and b.remaining == 0


def test_score_is_copied_and_ignored_selections_score_nothing(backend):
    b = Board(["1122", "1122", "3333"], backend=backend)
    assert b.select(1, 1) == 4 and b.score == 4
    c = b.copy()
    assert c.score == 4 and c.select(9, 9) == 0 and c.score == 4
    assert c.select(1, 1) == 4 and c.score == 8 and b.score == 4


def test_twenty_rows_forty_columns(backend):
    # column 1 all 1s, the rest a 2/3 checkerboard: one region of 20 cells
    rows = ["1" + "".join(str(2 + (r + c) % 2) for c in range(1, 40)) for r in range(20)]
    b = Board(rows, backend=backend)
    assert (b.rows, b.cols, b.remaining) == (20, 40, 800)
    assert b.moves() == [(1, 1, 20)]
    assert b.select(20, 1) == 20 and b.score == 18 ** 2 and b.over
    assert b.grid() == [tuple(int(v) for v in row[1:]) + (None,) for row in rows]
    with pytest.raises(ValueError):
        Board(rows + rows[:1], backend=backend)


# --- the standard boards and the research text format ---------------------------------

def test_standard_boards(backend):
    boards = standard_boards(backend=backend)
    assert len(boards) == 20 and all((b.rows, b.cols) == (15, 15) for b in boards)
    assert boards == read_boards(STANDARD.read_text(), backend=backend)
    assert boards[0].grid()[0] == (3, 1, 1, 4, 1, 0, 4, 0, 4, 4, 1, 1, 0, 2, 3)  # top row
    assert {v for b in boards for row in b.grid() for v in row} == {0, 1, 2, 3, 4}
    assert write_boards(boards) == STANDARD.read_text()


def test_text_round_trip_and_blank_lines(backend):
    text = "\n\n1 2\n3 4\n\n\n\n5 6 7\n"
    boards = read_boards(text, backend=backend)
    assert [b.grid() for b in boards] == [[(1, 2), (3, 4)], [(5, 6, 7)]]
    assert write_boards(boards) == "1 2\n3 4\n\n5 6 7\n"


@pytest.mark.parametrize("text, message", [
    ("1 2\n3 x\n", "f.txt:2:3: expected a colour 0..9, found 'x'"),
    ("1 2\n3  12\n", "f.txt:2:4: expected a colour 0..9, found '12'"),
    ("1 2\n\n1 2\n3\n", "f.txt:4:1: board 2: row of 1 colours, the board's first row (line 3) has 2"),
    ("1 " * 41 + "\n", "f.txt:1:1: board 1: 41 columns, at most 40"),
    ("1\n" * 21, "f.txt:21:1: board 1: more than 20 rows"),
])
def test_text_errors_are_one_line(text, message):
    with pytest.raises(FormatError) as err:
        read_boards(text, "f.txt")
    assert str(err.value) == message


def test_write_refuses_empty_cells():
    b = Board(["11", "23"])
    b.select(2, 1)
    with pytest.raises(ValueError):
        write_boards([b])


# --- playouts ------------------------------------------------------------------------

def random_rows(rng, m, n, colours):
    return [[rng.randrange(colours) for _ in range(n)] for _ in range(m)]


@pytest.mark.parametrize("seed", range(6))
def test_playouts_twins_equal(seed):
    rng = random.Random(seed)
    rows = random_rows(rng, rng.randint(2, 8), rng.randint(2, 8), rng.randint(2, 4))
    for policy in ("random", "tabu"):
        a = Board(rows, backend="compiled").playouts(30, seed=seed, policy=policy)
        b = Board(rows, backend="pure").playouts(30, seed=seed, policy=policy)
        assert a == b


@pytest.mark.parametrize("m, n, colours", [(15, 15, 5), (20, 40, 3), (12, 9, 2), (20, 40, 6)])
def test_playouts_on_large_boards_twins_equal(m, n, colours):
    # Boards as large as the kernel takes, where regions span many columns:
    # the kernel's playouts and NRPA (its adapt, one exp per distinct code)
    # must give the same games as the twin.
    rows = random_rows(random.Random(m * n + colours), m, n, colours)
    for policy in ("random", "tabu"):
        a = Board(rows, backend="compiled").playouts(8, seed=colours, policy=policy)
        b = Board(rows, backend="pure").playouts(8, seed=colours, policy=policy)
        assert a == b
    a = Board(rows, backend="compiled").search("nrpa", level=1, iterations=12, seed=3)
    b = Board(rows, backend="pure").search("nrpa", level=1, iterations=12, seed=3)
    assert a == b


def test_playouts_standard_board_1_mean():
    # the reference: uniform random playouts on board 1 average about 143
    scores = standard_boards()[0].playouts(4000, seed=1)
    assert 138 < sum(scores) / len(scores) < 148
    tabu = standard_boards()[0].playouts(1000, seed=1, policy="tabu")
    assert sum(tabu) > 1.5 * sum(scores[:1000])  # the tabu colour builds big groups


def test_playouts_leave_the_board_and_count_its_score(backend):
    b = Board(["1122", "1122", "3344"], backend=backend)
    b.select(1, 1)                                   # the 3s: 2 cells, 0 points
    b.select(2, 1)                                   # the 1s: 4 cells, 4 points
    before = b.copy()
    scores = b.playouts(10, seed=5)
    assert b == before and b.score == 4
    # left: the 2s (4, +4), the 4s (2, +0), in any order; both clear the board
    assert scores == [1008] * 10


# --- searches ------------------------------------------------------------------------

SEARCHES = [("random", dict(iterations=20)), ("nmcs", dict(level=1)), ("nmcs", dict(level=2)),
            ("nrpa", dict(level=1, iterations=10)), ("nrpa", dict(level=2, iterations=4)),
            ("beam", dict(width=1)), ("beam", dict(width=5))]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("algo, options", SEARCHES)
def test_search_twins_equal_and_replay(algo, options, seed):
    rng = random.Random(100 * seed + len(algo))
    rows = random_rows(rng, rng.randint(3, 6), rng.randint(3, 6), 3)
    for tabu in (True, False):
        a = Board(rows, backend="compiled").search(algo, seed=seed, tabu=tabu, **options)
        b = Board(rows, backend="pure").search(algo, seed=seed, tabu=tabu, **options)
        assert a == b and a.stopped is None
        for backend in ("compiled", "pure"):
            board = Board(rows, backend=backend)
            assert board.replay(a.moves) == a.score and board.over


def test_searches_find_the_clear(backend):
    b = Board(["1122", "1122"], backend=backend)        # 4 + (4 + 1000)
    for algo, options in SEARCHES:
        s = b.search(algo, **options)
        assert s.score == 1008 and len(s.moves) == 2, algo
    assert b.score == 0 and b.remaining == 8              # searches leave the board


def test_search_from_a_finished_position(backend):
    b = Board(["12"], backend=backend)
    assert b.search("nrpa").moves == [] and b.search("beam").score == 0


def test_nrpa_standard_board_replays():
    b = standard_boards()[0]
    s = b.search("nrpa", level=1, iterations=30, seed=7)
    assert s.playouts == 30 and s.score > 150
    assert b.copy().replay(s.moves) == s.score


def test_stop_flag_and_time_return_the_first_game(backend):
    b = standard_boards(backend=backend)[1]
    stop = b.stop_flag()
    stop.set()
    s = b.search("nmcs", level=2, stop=stop)
    assert s.stopped == "stop" and s.playouts == 1
    assert b.copy().replay(s.moves) == s.score
    s = b.search("nrpa", level=3, time=1e-9)
    assert s.stopped == "time" and s.playouts == 1 and b.copy().replay(s.moves) == s.score


def test_ctrl_c_returns_the_best_so_far(backend):
    # interrupt_main() is Ctrl-C for the main thread; NMCS level 3 would run for minutes.
    # It does nothing while SIGINT is ignored (a suite run as a background job): set the handler.
    b = standard_boards(backend=backend)[0]
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    try:
        s = b.search("nmcs", level=3)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, handler)
    assert s.stopped == "interrupt" and s.playouts >= 1
    assert b.copy().replay(s.moves) == s.score and b.score == 0


def test_solve_threads_give_the_same_results(backend):
    boards = standard_boards(backend=backend)[:3]
    one = list(search_boards(boards, "nrpa", iterations=3, seed=9))
    two = list(search_boards(boards, "nrpa", iterations=3, seed=9, threads=2))
    assert one == two and len(one) == 3
    assert one[1] == boards[1].search("nrpa", iterations=3, seed=search_seed(9, 2, 1))  # (seed, board, run)
    runs = list(search_boards(boards, "nrpa", iterations=3, seed=9, runs=2, threads=2))  # board 1 run 1, run 2, ...
    assert runs[::2] == one and runs[3] == boards[1].search("nrpa", iterations=3, seed=search_seed(9, 2, 2))


def test_replay_names_the_illegal_move(backend):
    b = Board(["1122", "1123"], backend=backend)
    with pytest.raises(ValueError, match=r"move 2 \(2, 3\) is illegal"):
        b.replay([(1, 1), (2, 3)])


@pytest.mark.parametrize("algo, options", [
    ("dfs", {}), ("nrpa", dict(level=0)), ("nmcs", dict(level=11)), ("random", dict(iterations=0)),
    ("beam", dict(width=0)), ("nrpa", dict(seed=-1)), ("nrpa", dict(time=-1)),
    ("nrpa", dict(time=float("nan")))])
def test_search_bad_arguments(backend, algo, options):
    with pytest.raises(ValueError):
        Board(["11"], backend=backend).search(algo, **options)
    with pytest.raises(ValueError):
        Board(["11"], backend=backend).playouts(1, policy="greedy")
