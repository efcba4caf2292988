"""Tile-match judge input errors: exit status, one-line message with line and
column, and every data set completed before the bad token still written."""
from pathlib import Path

import pytest

from gridgames._runtime.judge import JudgeError
from gridgames.tilematch import judge

DATA = Path(__file__).parents[1] / "data" / "tilematch"
# sample1 without its count line: one complete data set on lines 2..8
FIRST = (DATA / "sample1.in").read_bytes().split(b"\n", 1)[1]
FIRST_OUT = (DATA / "sample1.out").read_bytes().split(b"\n", 1)[1]
assert FIRST.endswith(b"\n") and FIRST.count(b"\n") == 7

W = "the board width W (1..64)"
H = "the board height H (1..256)"
K = "the run length K (2 or more)"
R = "the number of given rows R (0..256)"
TILE = "a tile 0..9"
M = "the number of moves M (0..999999999)"
MOVE = "a move coordinate (an integer)"

# What follows the first data set (from line 9 on), and the error it causes.
SECOND = [
    (b"x 3", "9:1", W, "'x'"),
    (b"0 3", "9:1", W, "'0'"),
    (b"-2 3", "9:1", W, "'-2'"),
    (b"1.5 3", "9:1", W, "'1.5'"),
    (b"65 3", "9:1", W, "'65'"),
    (b"\xff", "9:1", W, r"'\xff'"),
    (b"1" * 40 + b" 3", "9:1", W, "'" + "1" * 24 + "...'"),
    (b"3 0", "9:3", H, "'0'"),
    (b"3 -1", "9:3", H, "'-1'"),
    (b"3 257", "9:3", H, "'257'"),
    (b"3", "9:2", H, "end of input"),
    (b"3 2\n1", "10:1", K, "'1'"),
    (b"3 2\n-3", "10:1", K, "'-3'"),
    (b"3 2\nk", "10:1", K, "'k'"),
    (b"3 2\n2\n-1", "11:1", R, "'-1'"),
    (b"3 2\n2\n257", "11:1", R, "'257'"),
    (b"3 2\n2\n1\n1 2 10", "12:5", TILE, "'10'"),
    (b"3 2\n2\n1\n1 -1 2", "12:3", TILE, "'-1'"),
    (b"3 2\n2\n1\n1 + 2", "12:3", TILE, "'+'"),
    (b"3 2\n2\n2\n1 2 3\n", "13:1", TILE, "end of input"),
    (b"3 2\n2\n1\n1 2 3\n-1", "13:1", M, "'-1'"),
    (b"3 2\n2\n1\n1 2 3\n", "13:1", M, "end of input"),
    (b"3 2\n2\n1\n1 2 3\n2\n0 0 1 0\n0 0 x 0", "15:5", MOVE, "'x'"),
    (b"3 2\n2\n1\n1 2 3\n2\n0 0 1 0\n0 0 1.0 0", "15:5", MOVE, "'1.0'"),
    (b"3 2\n2\n1\n1 2 3\n2\n0 0 1 0\n0 0 - 0", "15:5", MOVE, "'-'"),
    (b"3 2\n2\n1\n1 2 3\n2\n0 0 1 0\n0 0 1", "15:6", MOVE, "end of input"),
    (b"", "9:1", "another data set (the board size 'W H'; D announces more)", "end of input"),
]


@pytest.mark.parametrize("tail, where, expected, found", SECOND)
def test_bad_second_data_set_keeps_the_first(cli, tail, where, expected, found):
    done = cli("tilematch", "-", input=b"2\n" + FIRST + tail)
    assert done.returncode == 1
    assert done.stdout == b"Analyzing 2 data set(s)\n" + FIRST_OUT
    assert done.stderr.decode() == \
        f"gridgames tilematch: <stdin>:{where}: data set 2: expected {expected}, found {found}\n"


@pytest.mark.parametrize("text, found", [
    (b"x", "'x'"), (b"-1", "'-1'"), (b"1" * 40, "'" + "1" * 24 + "...'"), (b"2.0", "'2.0'"),
])
def test_bad_data_set_count(cli, text, found):
    done = cli("tilematch", "-", input=text + b"\n" + FIRST)
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.decode() == ("gridgames tilematch: <stdin>:1:1: header: expected the "
                                    f"number of data sets D (0..999999999), found {found}\n")


def test_moves_skipped_after_a_clear_are_still_checked(cli):
    text = (DATA / "sample2.in").read_bytes().replace(b"3 3 3 4", b"3 3 3 q")
    done = cli("tilematch", "-", input=text)
    assert (done.returncode, done.stdout) == (1, b"Analyzing 1 data set(s)\n")
    assert done.stderr.decode() == \
        f"gridgames tilematch: <stdin>:9:7: data set 1: expected {MOVE}, found 'q'\n"


def test_error_in_a_file_names_the_file(cli, tmp_path):
    path = tmp_path / "bad.in"
    path.write_bytes(b"1\n3 3\n1\n")
    done = cli("tilematch", path)
    assert (done.returncode, done.stdout) == (1, b"Analyzing 1 data set(s)\n")
    assert done.stderr.decode() == f"gridgames tilematch: {path}:3:1: data set 1: expected {K}, found '1'\n"


def test_judge_api_returns_the_error(backend):
    out, err, _ = judge(b"2\n" + FIRST + b"3 2\n2\n1\n1 2 10", backend=backend)
    assert out == b"Analyzing 2 data set(s)\n" + FIRST_OUT
    assert isinstance(err, JudgeError)
    assert (err.item, err.line, err.column, err.expected, err.found) == \
        ("data set 2", 12, 5, TILE, "'10'")


# --- legal input that looks odd -------------------------------------------------

BOARD = b"1\n2 2\n2\n1\n1 0\n"
INVALID = (b"Analyzing 1 data set(s)\nData Set 1\nBoard Position:\n  -   -\n    1   -\n"
           b"After move 0:\nNo drops.\nNo eliminations.\n")


@pytest.mark.parametrize("move", [
    b"-1 0 0 0", b"0 0 -1 0", b"0 -1 0 0", b"0 0 0 -1", b"-5 0 -4 0",
    b"0 0 " + b"9" * 40 + b" 0", b"0 0 -" + b"9" * 40 + b" 0", b"0 0 1 1", b"0 0 0 0",
])
def test_negative_huge_and_far_moves_are_just_invalid(cli, move):
    done = cli("tilematch", "-", input=BOARD + b"1\n" + move + b"\n")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == INVALID + b"After move 1:\nMove is invalid.\n"


def test_minus_zero_is_zero(cli):
    # '-0' reads as 0, as every coordinate does: this move is the valid 0 0 -> 1 0
    done = cli("tilematch", "-", input=BOARD + b"1\n-0 0 1 -0\n")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == INVALID + b"After move 1:\n  -   -\n    -   1\nNo drops.\nNo eliminations.\n"


@pytest.mark.parametrize("text", [b"", b" \n\t\r\n"])
def test_empty_input_prints_nothing(cli, text):
    done = cli("tilematch", "-", input=text)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


def test_zero_data_sets(cli):
    done = cli("tilematch", "-", input=b"0\n")
    assert (done.returncode, done.stdout, done.stderr) == (0, b"Analyzing 0 data set(s)\n", b"")


def test_input_after_the_last_data_set_is_ignored(cli):
    done = cli("tilematch", "-", input=(DATA / "sample1.in").read_bytes() + b"junk 7\n")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == (DATA / "sample1.out").read_bytes()


def test_no_rows_and_no_moves(cli):
    done = cli("tilematch", "-", input=b"1 2 1 2 0 0")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == (b"Analyzing 1 data set(s)\nData Set 1\nBoard Position:\n  -   -\n"
                           b"After move 0:\nNo drops.\nNo eliminations.\n")


def test_an_empty_board_is_never_cleared_and_moves_are_invalid(cli):
    done = cli("tilematch", "-", input=b"1 1 1 2 1 0 2 0 0 0 1 0 0 0 0")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == (b"Analyzing 1 data set(s)\nData Set 1\nBoard Position:\n  -\n"
                           b"After move 0:\nNo drops.\nNo eliminations.\n"
                           b"After move 1:\nMove is invalid.\nAfter move 2:\nMove is invalid.\n")


def test_k_beyond_the_contest_just_never_removes(cli):
    done = cli("tilematch", "-", input=b"1 2 1 " + b"7" * 40 + b" 1 3 3 0")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.endswith(b"  3   3\nAfter move 0:\nNo drops.\nNo eliminations.\n")
