"""`gridgames samegame`: the judge command end to end, and every bad input of
the spec: exit status, a one-line message with the location, and the output of
every grid completed before the bad token."""
import pytest

from helpers import DATA, assert_refused

GRID1 = b"2 2\n1 1 2 2\n1 1 1 1 0 0\n"     # the 1s, then the fallen 2s: won
GRID1_OUT = b"Grid 1.\n    Game Won\n\n"


def test_sample_file_and_stdin_and_output_file(cli, tmp_path):
    sample, expected = DATA / "samegame" / "sample.in", (DATA / "samegame" / "sample.out").read_bytes()
    for args, stdin in (([sample], b""), (["-"], sample.read_bytes()), ([], sample.read_bytes())):
        p = cli("samegame", *args, input=stdin)
        assert (p.returncode, p.stdout, p.stderr) == (0, expected, b"")
    target = tmp_path / "out.txt"
    p = cli("samegame", sample, "-o", target)
    assert p.returncode == 0 and p.stdout == b"" and target.read_bytes() == expected


def test_version_names_backend(cli, backend):
    p = cli("--version")
    assert p.returncode == 0
    assert p.stdout.decode().strip().endswith("(compiled)" if backend == "compiled" else "(pure-python)")


def test_usage_errors_exit_2(cli, tmp_path):
    assert cli("samegame", "--bogus").returncode == 2
    assert cli("nosuchgame").returncode == 2
    p = cli("samegame", tmp_path / "missing.in")
    assert p.returncode == 2 and b"cannot read" in p.stderr and b"Traceback" not in p.stderr
    assert b"selection" in cli("samegame", "--help").stdout
    p = cli("samegame", DATA / "samegame" / "sample.in", "-o", tmp_path)  # a directory
    assert p.returncode == 2 and p.stderr.startswith(b"gridgames samegame: cannot write ")
    assert len(p.stderr.splitlines()) == 1


def test_empty_input(cli):
    for data in (b"", b"  \n\r\n\t"):
        p = cli("samegame", input=data)
        assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")


def test_terminator_variants(cli):
    # end of input where a header would start is a normal end; so is 'M 0'
    for tail in (b"", b"0 0\n", b"0", b"3 0\n 9 9 junk", b"0 7"):
        p = cli("samegame", input=GRID1 + tail)
        assert (p.returncode, p.stdout) == (0, GRID1_OUT), tail


BAD = [
    # (input after a good grid 1, line:column of the bad token, words in the message)
    (b"x", b"4:1", [b"grid 2", b"row count", b"'x'"]),
    (b"2 2\n1 -3", b"5:3", [b"grid 2", b"cell value", b"'-3'"]),
    (b"2 2\n1 1.5", b"5:3", [b"cell value", b"'1.5'"]),
    (b"2 2\n0x10", b"5:1", [b"cell value", b"'0x10'"]),
    (b"2 2\n1 \xff\xfe 1", b"5:3", [b"cell value", b"'\\xff\\xfe'"]),
    (b"2 2\n1 10 1 1", b"5:3", [b"cell value 0..9", b"'10'"]),
    (b"11 5\n", b"4:1", [b"row count M (1..10", b"'11'"]),
    (b"2 41\n", b"4:3", [b"column count N (1..40", b"'41'"]),
    (b"1" + b"0" * 39 + b" 3", b"4:1", [b"row count", b"found '100000000", b"...'"]),
    (b"2 2\n1 1 1", b"5:6", [b"cell value", b"end of input"]),
    (b"2 2\n1 1 1 1\n1", b"6:2", [b"selection column", b"end of input"]),
    (b"2 2\n1 1 1 1\n1 -1", b"6:3", [b"selection column", b"'-1'"]),
    (b"2 2\n1 1 1 1\nq 1", b"6:1", [b"selection row", b"'q'"]),
    (b"7", b"4:2", [b"column count", b"end of input"]),
]


@pytest.mark.parametrize("tail, where, words", BAD)
def test_bad_input_keeps_earlier_grids(cli, tail, where, words):
    p = cli("samegame", "-", input=GRID1 + tail)
    assert_refused(p, GRID1_OUT, b"gridgames samegame: <stdin>:" + where + b": ", words)


def test_missing_terminator_still_reports_the_grid(cli):
    p = cli("samegame", input=GRID1 + b"1 3\n1 1 2\n1 1\n")
    assert p.returncode == 1
    assert p.stdout == GRID1_OUT + b"Grid 2.\n    2     \n\n"
    assert p.stderr.startswith(b"gridgames samegame: <stdin>:7:1: grid 2: expected a selection row")
    assert p.stderr.rstrip().endswith(b"found end of input")


def test_huge_selections_are_ignored(cli):
    huge = b"9" * 40
    p = cli("samegame", input=b"1 2\n1 1\n" + huge + b" 1 1 " + huge + b" " + huge + b" " + huge + b"\n0 0\n")
    assert (p.returncode, p.stdout, p.stderr) == (0, b"Grid 1.\n    1 1 \n\n", b"")
