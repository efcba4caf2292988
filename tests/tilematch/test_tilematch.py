"""Tile-match (Rowan 2019): samples byte for byte, and the rules one by one
through the Python API, on both backends."""
from pathlib import Path

import pytest

from gridgames.tilematch import Board, Phase, judge

DATA = Path(__file__).parents[1] / "data" / "tilematch"
SAMPLES = sorted(p.stem for p in DATA.glob("*.in"))


def test_samples_are_there():
    assert {"sample1", "sample2", "sample3", "rowan2019"} <= set(SAMPLES)


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_judge(backend, name):
    out, err, _ = judge((DATA / f"{name}.in").read_bytes(), backend=backend)
    assert err is None
    assert out == (DATA / f"{name}.out").read_bytes()


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_cli(cli, name):
    done = cli("tilematch", DATA / f"{name}.in")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == (DATA / f"{name}.out").read_bytes()


def test_sample_cli_stdin_and_output_file(cli, tmp_path):
    target = tmp_path / "out.txt"
    done = cli("tilematch", "-", "-o", target, input=(DATA / "sample3.in").read_bytes())
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert target.read_bytes() == (DATA / "sample3.out").read_bytes()


def test_unreadable_input_is_a_usage_error(cli, tmp_path):
    done = cli("tilematch", tmp_path / "missing.in")
    assert done.returncode == 2
    assert done.stderr.startswith(b"gridgames tilematch: cannot read ")


def replay(text, backend):
    """The judge output rebuilt from the public API alone (Board, move,
    settle, render), so the API is held to the samples too."""
    values = iter(int(t) for t in text.split())
    d = next(values)
    out = [f"Analyzing {d} data set(s)\n"]
    for n in range(1, d + 1):
        w, h, k, nrows = next(values), next(values), next(values), next(values)
        rows = [[next(values) for _ in range(w)] for _ in range(nrows)]
        if not rows:  # Board needs a row to know the width: an empty one is the same board
            rows = [[0] * w]
        board = Board(rows, k=k, height=h, backend=backend)
        out.append(f"Data Set {n}\nBoard Position:\n{board.render()}")
        moves = [[next(values) for _ in range(4)] for _ in range(next(values))]
        cleared = False
        for i, move in enumerate([None] + moves):
            out.append(f"After move {i}:\n")
            if move is not None and not board.move(*move):
                out.append("Move is invalid.\n")
                continue
            if move is not None:
                out.append(board.render())
            for phase in board.settle():
                title = "Board after " + phase.kind + ":\n"
                out.append(title + board.render() if phase.count else f"No {phase.kind}.\n")
                cleared = phase.cleared
            if cleared:
                out.append("The board is cleared!\n")
                if len(moves) > i:
                    out.append(f"Skipping {len(moves) - i} move(s).\n")
                break
    return "".join(out).encode()


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_through_the_api(backend, name):
    assert replay((DATA / f"{name}.in").read_text(), backend) == \
        (DATA / f"{name}.out").read_bytes()


# --- the rules, one at a time -------------------------------------------------

def test_render_is_a_staircase(backend):
    board = Board(["1203", "0456"], k=3, height=3, backend=backend)
    assert board.render() == ("  -   -   -   -\n"
                              "    1   2   -   3\n"
                              "      -   4   5   6\n")
    assert str(board) == board.render()


def test_one_column_board(backend):
    board = Board(["1", "2"], k=2, backend=backend)
    assert board.render() == "  1\n    2\n"


def test_drop_falls_whole_columns_in_order(backend):
    board = Board(["12", "30", "00", "45"], k=5, backend=backend)
    assert board.drop() == 3  # the 1, the 3 and the 2 move; the 4 and 5 stay
    assert board.grid() == [(0, 0), (1, 0), (3, 2), (4, 5)]
    assert board.drop() == 0


def test_runs_of_k_or_more_and_crosses_go_together(backend):
    board = Board(["02000",
                   "02000",
                   "22233",
                   "11113"], k=3, backend=backend)
    # the cross of 2s (5 tiles) and the run of four 1s; the two 3s are no run
    assert board.eliminate() == 9
    assert board.grid() == [(0,) * 5, (0,) * 5, (0, 0, 0, 3, 3), (0, 0, 0, 0, 3)]
    assert board.tiles == 3


def test_a_run_shorter_than_k_stays(backend):
    board = Board(["1111"], k=5, backend=backend)
    assert board.eliminate() == 0
    assert board.tiles == 4


def test_hidden_rows_take_no_part_in_runs_and_fall_in(backend):
    board = Board(["333", "222", "111"], k=3, height=1, backend=backend)
    assert board.hidden == 2
    assert board.render() == "  1   1   1\n"
    assert board.eliminate() == 3  # only the visible row
    assert board.tiles == 6 and not board.cleared
    assert board.drop() == 6
    assert board.render() == "  2   2   2\n"
    assert board.grid(hidden=True) == [(0, 0, 0), (3, 3, 3), (2, 2, 2)]


def test_missing_rows_above_are_empty(backend):
    board = Board(["11"], k=2, height=3, backend=backend)
    assert board.hidden == 0
    assert board.grid() == [(0, 0), (0, 0), (1, 1)]


def test_valid_moves_swap_or_move(backend):
    board = Board(["10", "23"], k=5, backend=backend)
    assert board.move(0, 0, 1, 0)       # swap with a tile
    assert board.grid() == [(1, 0), (3, 2)]
    assert board.move(0, 1, 1, 1)       # into an empty cell
    assert board.grid() == [(0, 1), (3, 2)]
    assert board.move(1, 1, 1, 0)       # down, swapping
    assert board.grid() == [(0, 2), (3, 1)]


@pytest.mark.parametrize("move", [
    (1, 1, 0, 1),        # no tile there
    (0, 0, 1, 1),        # diagonal
    (0, 0, 0, 0),        # zero squares
    (0, 0, 2, 0),        # two squares
    (-1, 0, 0, 0),       # start off the board
    (0, 0, -1, 0),       # end off the board
    (1, 0, 2, 0),        # end off the right edge
    (0, 1, 0, 2),        # end in a hidden row
    (0, 2, 0, 1),        # start in a hidden row
    (0, 0, 10**40, 0),   # huge coordinates never overflow
    (10**40, 0, 10**40 + 1, 0),
])
def test_invalid_moves_change_nothing(backend, move):
    board = Board(["99", "10", "23"], k=5, height=2, backend=backend)
    before = board.copy()
    assert board.move(*move) is False
    assert board == before


def test_a_tile_moved_up_falls_back(backend):
    board = Board(["00", "12"], k=3, backend=backend)
    assert board.move(0, 0, 0, 1)
    assert [tuple(p) for p in board.settle()] == [
        ("drops", 1, False), ("eliminations", 0, False), ("drops", 0, False)]
    assert board.grid() == [(0, 0), (1, 2)]


def test_settle_starts_with_drops_and_stops_after_two_quiet_phases(backend):
    board = Board(["111", "202"], k=3, backend=backend)  # data set 2 of sample 3
    phases = list(board.settle())
    assert phases == [Phase("drops", 1, False), Phase("eliminations", 0, False),
                      Phase("drops", 0, False)]
    assert board.render() == "  1   -   1\n    2   1   2\n"


def test_settle_chain_until_cleared(backend):
    board = Board(["2", "1", "1", "2"], k=2, backend=backend)
    phases = list(board.settle())
    assert phases == [Phase("drops", 0, False), Phase("eliminations", 2, False),
                      Phase("drops", 1, False), Phase("eliminations", 2, True)]
    assert board.cleared and board.tiles == 0


def test_visible_board_empty_but_hidden_tiles_left_is_not_cleared(backend):
    board = Board(["5", "1", "1"], k=2, height=2, backend=backend)
    phases = list(board.settle())
    assert phases == [Phase("drops", 0, False), Phase("eliminations", 2, False),
                      Phase("drops", 1, False), Phase("eliminations", 0, False),
                      Phase("drops", 0, False)]
    assert board.grid() == [(0,), (5,)]


def test_an_empty_board_is_not_reported_cleared(backend):
    board = Board(["000"], k=2, backend=backend)
    assert list(board.settle()) == [Phase("drops", 0, False), Phase("eliminations", 0, False)]
    assert board.cleared  # no tile, but no settling removed the last one


def test_copy_is_independent_and_equality(backend):
    board = Board(["12", "21"], k=2, height=1, backend=backend)
    twin = board.copy()
    assert twin == board and twin is not board
    assert twin.move(0, 0, 1, 0)
    assert twin != board
    assert board.grid(hidden=True) == [(1, 2), (2, 1)]
    assert Board(["12", "21"], k=3, height=1, backend=backend) != board  # k counts


def test_properties_and_repr(backend):
    board = Board(["0100", "2345", "6789"], k=4, height=2, backend=backend)
    assert (board.width, board.height, board.hidden, board.k, board.tiles) == (4, 2, 1, 4, 9)
    assert board.backend == backend
    assert repr(board) == "<Board 4x2+1 hidden k=4 9 tiles ['.1..', '2345', '6789']>"


@pytest.mark.parametrize("kwargs", [
    dict(rows=[], k=3),
    dict(rows=["12", "1"], k=3),
    dict(rows=["1a"], k=3),
    dict(rows=[[1, 10]], k=3),
    dict(rows=[[1, -1]], k=3),
    dict(rows=["12"], k=1),
    dict(rows=["12"], k=3, height=0),
    dict(rows=["1" * 65], k=3),
    dict(rows=["1"], k=3, height=257),
    dict(rows=["1"] * 257, k=3, height=1),
    dict(rows=["1"], k=10**40),          # a ValueError, not an OverflowError
    dict(rows=["1"], k=3, height=10**40),
])
def test_bad_boards_are_refused(backend, kwargs):
    with pytest.raises(ValueError):
        Board(**kwargs, backend=backend)


def test_largest_board_works(backend):
    # the capacity (64 columns, 256 rows) in full, tiles in a pattern with no run
    rows = [[(r + 2 * c) % 3 + 1 for c in range(64)] for r in range(256)]
    board = Board(rows, k=3, height=256, backend=backend)
    assert board.tiles == 64 * 256
    assert board.eliminate() == 0
    assert board.move(63, 255, 63, 254)
    assert board.render().splitlines()[-1] == " " * 512 + "   ".join(
        str(v) for v in rows[-1])
