"""`gridgames gopher`: the judge command end to end: the samples, options,
warnings for picks outside the field, line structure, and every bad input of
the spec (exit 1, one line naming game, line and column, what was expected;
every board printed before stays printed)."""
import pytest

from helpers import DATA, assert_refused

HEAD, END = b"Program 6 by team 0\n", b"End of program 6 by team 0\n"
GAME1 = b"3 3\n1\n2 2\n1 1\n\n"   # lines 1-5; the next game starts on line 6
BOARD1 = b"+---+\n|1##|\n|###|\n|###|\n+---+\n"
UNSEEN3 = b"+---+\n|###|\n|###|\n|###|\n+---+\n"


@pytest.mark.parametrize("name", ["sample", "sample2"])
def test_samples_from_file_stdin_and_to_output_file(cli, tmp_path, name):
    path, expected = DATA / "gopher" / f"{name}.in", (DATA / "gopher" / f"{name}.out").read_bytes()
    for args, stdin in (([path], b""), (["-"], path.read_bytes()), ([], path.read_bytes())):
        p = cli("gopher", *args, input=stdin)
        assert (p.returncode, p.stdout, p.stderr) == (0, expected, b"")
    target = tmp_path / "out.txt"
    p = cli("gopher", path, "-o", target)
    assert (p.returncode, p.stdout, target.read_bytes()) == (0, b"", expected)


def test_crlf_and_spacing_give_the_same_boards(cli):
    data = (DATA / "gopher" / "sample.in").read_bytes()
    crlf = b"\r\n \t\r\n" + data.replace(b"\n", b"\r\n").replace(b"\r\n\r\n", b"\r\n  \r\n\f\n\r\n") \
        .replace(b"5 5", b"  5\t5 ") + b"\r\n\r\n"
    p = cli("gopher", input=crlf)
    assert (p.returncode, p.stdout, p.stderr) == (0, (DATA / "gopher" / "sample.out").read_bytes(), b"")


def test_empty_input_prints_header_and_end_only(cli):
    for data in (b"", b"\n", b"  \r\n\t\n\n"):
        p = cli("gopher", input=data)
        assert (p.returncode, p.stdout, p.stderr) == (0, HEAD + END, b"")


@pytest.mark.slow
def test_team_and_program_options(cli):
    p = cli("gopher", "--team", "Blue Owls 7", "--program", "12", input=GAME1)
    assert (p.returncode, p.stdout) == (0, b"Program 12 by team Blue Owls 7\n" + BOARD1
                                        + b"End of program 12 by team Blue Owls 7\n")
    for bad in (("--team", "a\nb"), ("--team", ""), ("--program", "x"), ("--program", "-1")):
        p = cli("gopher", *bad, input=GAME1)
        assert p.returncode == 2 and p.stdout == b"" and b"Traceback" not in p.stderr


def test_usage_errors_exit_2(cli, tmp_path):
    p = cli("gopher", tmp_path / "missing.in")
    assert p.returncode == 2 and b"cannot read" in p.stderr and b"Traceback" not in p.stderr
    assert b"--team" in cli("gopher", "judge", "--help").stdout and b"judge" in cli("gopher", "--help").stdout
    assert cli("gopher", "--bogus").returncode == 2


def test_picks_outside_the_field_warn_and_reprint_the_board(cli):
    data = b"3 3\n1\n2 2\n0 1\n1 1\n-2 3\n  3\t4 \n\n2 2\n0\n1 99999999999999999999\n"
    p = cli("gopher", input=data)
    assert p.returncode == 0
    assert p.stdout == HEAD + UNSEEN3 + b"\n" + BOARD1 + b"\n" + BOARD1 + b"\n" + BOARD1 + b"\n" \
        + b"+--+\n|##|\n|##|\n+--+\n" + END
    assert p.stderr.decode().splitlines() == [
        "gridgames gopher: <stdin>:4:1: game 1, pick 1: warning: pick '0 1' is outside the 3x3 field; nothing changes",
        "gridgames gopher: <stdin>:6:1: game 1, pick 3: warning: pick '-2 3' is outside the 3x3 field; nothing changes",
        "gridgames gopher: <stdin>:7:3: game 1, pick 4: warning: pick '3 4' is outside the 3x3 field; nothing changes",
        "gridgames gopher: <stdin>:11:1: game 2, pick 1: warning: pick '1 99999999999999999999' is outside "
        "the 2x2 field; nothing changes",
    ]


def test_picks_after_a_fall_are_read_and_skipped(cli):
    # The fall ends game 1: no more boards and no warning for it, but game 2 plays.
    data = b"3 3\n1\n2 2\n2 2\n1 1\n0 0\n\n1 1\n0\n1 1\n"
    p = cli("gopher", input=data)
    fell = b"+---+\n|###|\n|#!#|\n|###|\n+---+\n"
    assert (p.returncode, p.stdout, p.stderr) == (0, HEAD + fell + b"\n+-+\n| |\n+-+\n" + END, b"")


def test_games_without_picks_print_nothing(cli):
    data = b"2 2\n0\n\n\n3 3\n2\n1 1\n1 1\n\n4 4\n0"
    p = cli("gopher", input=data)
    assert (p.returncode, p.stdout, p.stderr) == (0, HEAD + END, b"")


BAD = [
    # (game 2 text, line:column, words in the message)
    (b"x 3\n", b"6:1", [b"game 2:", b"row count NROWS (1..100)", b"found 'x'"]),
    (b"3\n", b"6:2", [b"column count NCOLUMNS", b"found end of line"]),
    (b"3 3 3\n", b"6:5", [b"end of the header line", b"found '3'"]),
    (b"0 3\n", b"6:1", [b"row count", b"found '0'"]),
    (b"-2 3\n", b"6:1", [b"row count", b"found '-2'"]),
    (b"101 3\n", b"6:1", [b"row count", b"found '101'"]),
    (b"3 0\n", b"6:3", [b"column count", b"found '0'"]),
    (b"3 -1\n", b"6:3", [b"column count", b"found '-1'"]),
    (b"3 101\n", b"6:3", [b"column count NCOLUMNS (1..100)", b"found '101'"]),
    (b"1" + b"0" * 39 + b" 3\n", b"6:1", [b"row count", b"found '100000000", b"...'"]),
    (b"3 3.0\n", b"6:3", [b"column count", b"found '3.0'"]),
    (b"3 \xff\n", b"6:3", [b"column count", b"'\\xff'"]),
    (b"3 3", b"6:4", [b"game 2:", b"hole count NHOLES (0 or more)", b"found end of input"]),
    (b"3 3\n\n1 1\n", b"7:1", [b"hole count", b"found a blank line"]),
    (b"3 3\n-1\n", b"7:1", [b"hole count", b"found '-1'"]),
    (b"3 3\ntwo\n", b"7:1", [b"hole count", b"found 'two'"]),
    (b"3 3\n1 1\n", b"7:3", [b"end of the line 'NHOLES'", b"found '1'"]),
    (b"3 3\n2\n1 1\n", b"9:1", [b"game 2, hole 2 of 2:", b"HOLE_ROW (1..3)", b"found end of input"]),
    (b"3 3\n3\n1 1\n \n2 2\n", b"9:2", [b"game 2, hole 2 of 3:", b"HOLE_ROW", b"found a blank line"]),
    (b"3 3\n1\n4 1\n", b"8:1", [b"game 2, hole 1 of 1:", b"HOLE_ROW (1..3)", b"found '4'"]),
    (b"3 3\n1\n0 1\n", b"8:1", [b"HOLE_ROW (1..3)", b"found '0'"]),
    (b"3 3\n1\n-1 1\n", b"8:1", [b"HOLE_ROW", b"found '-1'"]),
    (b"3 3\n1\n1 4\n", b"8:3", [b"HOLE_COLUMN (1..3)", b"found '4'"]),
    (b"3 5\n1\n1 0\n", b"8:3", [b"HOLE_COLUMN (1..5)", b"found '0'"]),
    (b"3 3\n1\n1\n", b"8:2", [b"HOLE_COLUMN", b"found end of line"]),
    (b"3 3\n1\n1 1 1\n", b"8:5", [b"end of the hole line", b"found '1'"]),
    (b"3 3\n0\n1\n", b"8:2", [b"game 2, pick 1:", b"PICK_COLUMN (an integer)", b"found end of line"]),
    (b"3 3\n0\n1", b"8:2", [b"game 2, pick 1:", b"PICK_COLUMN", b"found end of input"]),
    (b"3 3\n0\n1 1 1\n", b"8:5", [b"game 2, pick 1:", b"end of the pick line", b"found '1'"]),
    (b"3 3\n0\n1.5 1\n", b"8:1", [b"PICK_ROW (an integer)", b"found '1.5'"]),
    (b"3 3\n0\n1 -\n", b"8:3", [b"PICK_COLUMN", b"found '-'"]),
    (b"3 3\n0\n+1 1\n", b"8:1", [b"PICK_ROW", b"found '+1'"]),
    (b"3 3\r\n1\r\n1\r\n", b"8:2", [b"HOLE_COLUMN", b"found end of line"]),
]


@pytest.mark.parametrize("game2, where, words", BAD)
def test_bad_input_keeps_earlier_boards(cli, game2, where, words):
    p = cli("gopher", "-", input=GAME1 + game2)
    # no end line after an error
    assert_refused(p, HEAD + BOARD1, b"gridgames gopher: <stdin>:" + where + b": game 2", words)


def test_error_after_boards_of_the_same_game_and_warnings(cli, tmp_path):
    path = tmp_path / "game.in"
    path.write_bytes(b"3 3\n1\n2 2\n9 9\n1 1\n3 3 x\n")
    p = cli("gopher", path)
    assert p.returncode == 1
    assert p.stdout == HEAD + UNSEEN3 + b"\n" + BOARD1
    assert p.stderr.decode().splitlines() == [
        f"gridgames gopher: {path}:4:1: game 1, pick 1: warning: pick '9 9' is outside the 3x3 field; "
        "nothing changes",
        f"gridgames gopher: {path}:6:5: game 1, pick 3: expected the end of the pick line "
        "'PICK_ROW PICK_COLUMN', found 'x'",
    ]


def test_a_malformed_pick_after_a_fall_is_still_an_error(cli):
    p = cli("gopher", input=b"3 3\n1\n2 2\n2 2\n7\n")
    assert p.returncode == 1
    assert p.stdout == HEAD + b"+---+\n|###|\n|#!#|\n|###|\n+---+\n"
    assert p.stderr.startswith(b"gridgames gopher: <stdin>:5:2: game 1, pick 2: expected PICK_COLUMN")


def test_huge_hole_count_runs_out_of_lines_cleanly(cli):
    p = cli("gopher", input=b"2 2\n" + b"9" * 45 + b"\n1 1\n2 2\n")
    assert (p.returncode, p.stdout) == (1, HEAD)
    assert p.stderr.startswith(b"gridgames gopher: <stdin>:5:1: game 1, hole 3: "
                               b"expected HOLE_ROW (1..2), found end of input")
