"""The strict validators: the public samples pass, and each kind of defect is
refused at its line and column, with the Kattis exit codes on request."""
from pathlib import Path

import pytest

from gridgames import _registry
from gridgames._runtime.strict_reader import Invalid

DATA = Path(__file__).parents[1] / "data"

SAMPLES = ["samegame/sample.in", "tilematch/sample1.in", "tilematch/sample2.in",
           "tilematch/sample3.in", "tilematch/rowan2019.in", "gopher/sample.in", "gopher/sample2.in"]


@pytest.mark.parametrize("name", SAMPLES)
def test_public_samples_are_valid(name):
    _registry.validate(name.split("/")[0], (DATA / name).read_bytes())


SAMEGAME = b"1 2\n3 3\n1 1\n0 0\n0 0\n"
TILEMATCH = b"1\n4 2\n2\n1\n0 0 1 0\n1\n0 0 1 0\n"
GOPHER = b"2 2\n1\n1 1\n2 2\n1 2\n\n1 1\n0\n1 1\n"

# (game, text, line, column, words in the message)
DEFECTS = [
    ("samegame", b"", 1, 1, "end of file"),
    ("samegame", SAMEGAME[:-1], 5, 4, "end of line"),
    ("samegame", SAMEGAME + b"\n", 6, 1, "end of file"),
    ("samegame", SAMEGAME + b"1 1\n", 6, 1, "end of file"),
    ("samegame", b"1\t2" + SAMEGAME[3:], 1, 2, "a space or a line break"),
    ("samegame", b"1 2\r\n3 3\n1 1\n0 0\n0 0\n", 1, 4, "\\r"),
    ("samegame", b"01 2" + SAMEGAME[3:], 1, 1, "leading zero"),
    ("samegame", b"11 2" + SAMEGAME[3:], 1, 1, "the row count M (1..10)"),
    ("samegame", b"1 41" + SAMEGAME[3:], 1, 3, "the column count N (1..40)"),
    ("samegame", b"1 2\n3 10\n1 1\n0 0\n0 0\n", 2, 3, "a colour (0..9), found 10"),
    ("samegame", b"1 2\n3 3\n1 100\n0 0\n0 0\n", 3, 3, "selection column (0..99)"),
    ("samegame", b"1 2\n3 3\n-1 1\n0 0\n0 0\n", 3, 1, "selection row"),
    ("samegame", b"1 2\n3 3\n1 1\n0 0\n", 5, 1, "row count M"),
    ("samegame", b"1 2\n3 3\n1 1\n0 0\n0 5\n", 5, 3, "the header '0 0' ends"),
    ("samegame", b" 1 2\n3 3\n0 0\n0 0\n", 1, 1, "the row count M"),
    ("tilematch", TILEMATCH[:-1], 7, 8, "end of line"),
    ("tilematch", TILEMATCH + b"\n", 8, 1, "end of file"),
    ("tilematch", b"2" + TILEMATCH[1:], 8, 1, "the board size W H"),
    ("tilematch", b"1\n4  2" + TILEMATCH[5:], 2, 3, "the board size"),
    ("tilematch", b"1\n4 2 \n" + TILEMATCH[6:], 2, 4, "end of line"),
    ("tilematch", b"1\n21 2" + TILEMATCH[5:], 2, 1, "(1..20), found 21"),
    ("tilematch", b"1\n4 2\n6" + TILEMATCH[7:], 3, 1, "the run length K (2..5)"),
    ("tilematch", b"1\n4 2\n2\n51" + TILEMATCH[9:], 4, 1, "given rows R (0..50)"),
    ("tilematch", b"1\n4 2\n2\n1\n0 0 1\n1\n0 0 1 0\n", 5, 6, "a single space"),
    ("tilematch", b"1\n4 2\n2\n1\n0 0 1 10\n1\n0 0 1 0\n", 5, 7, "a tile (0..9)"),
    ("tilematch", b"1\n4 2\n2\n1\n0 0 0 0\n1\n0 0 1 0\n", 5, 1, "the first given row to hold a tile"),
    ("tilematch", b"1\n4 2\n2\n1\n0 0 1 0\n11\n", 6, 1, "moves M (0..10)"),
    ("tilematch", b"1\n4 2\n2\n1\n0 0 1 0\n1\n0 0 1 -0\n", 7, 7, "leading zero"),
    ("tilematch", b"1\n4 2\n2\n1\n0 0 1 0\n1\n0 0 1 100\n", 7, 7, "(-99..99)"),
    ("tilematch", b"1\n4 2\n2\n1\n0 0 1 0\n1\n0 0 1 +1\n", 7, 7, "move coordinate"),
    ("gopher", GOPHER[:-1], 9, 4, "end of line"),
    ("gopher", GOPHER + b"\n", 10, 1, "another game"),
    ("gopher", GOPHER[:19] + b"\n" + GOPHER[19:], 7, 1, "the field size"),
    ("gopher", b"101 2" + GOPHER[3:], 1, 1, "(1..100), found 101"),
    ("gopher", b"2 2\n5" + GOPHER[5:], 2, 1, "holes NHOLES (0..4)"),
    ("gopher", b"2 2\n1\n3 1\n" + GOPHER[10:], 3, 1, "a hole row (1..2)"),
    ("gopher", b"2 2\n2\n1 1\n1 1\n", 4, 1, "listed twice"),
    ("gopher", b"2 2\n1\n1 1\n2 2 2\n", 4, 4, "end of line"),
    ("gopher", b"2 2\n1\n1 1\n2\n", 4, 2, "a single space"),
    ("gopher", b"2 2\n1\n1 1\n1000 1\n", 4, 1, "pick coordinate (-999..999)"),
    ("gopher", b"2 2\n0\n 1 1\n", 3, 1, "pick coordinate"),
]


@pytest.mark.parametrize("game, text, line, column, words", DEFECTS)
def test_defects_are_located(game, text, line, column, words):
    with pytest.raises(Invalid) as info:
        _registry.validate(game, text)
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in info.value.message, str(info.value)


@pytest.mark.parametrize("game, text", [("samegame", SAMEGAME), ("tilematch", TILEMATCH),
                                        ("gopher", GOPHER)])
def test_the_bases_are_valid(game, text):
    _registry.validate(game, text)


@pytest.mark.slow
def test_validate_cli(cli, tmp_path):
    good, bad = tmp_path / "good.in", tmp_path / "bad.in"
    good.write_bytes(TILEMATCH)
    bad.write_bytes(b"1\n4 2\n6" + TILEMATCH[7:])
    p = cli("tilematch", "validate", good)
    assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")
    assert cli("tilematch", "validate", "--kattis", good).returncode == 42
    p = cli("tilematch", "validate", bad)
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr == f"gridgames tilematch: {bad}:3:1: expected the run length K (2..5), " \
                       f"found 6\n".encode()
    assert cli("tilematch", "validate", "--kattis", bad).returncode == 43
    p = cli("gopher", "validate", input=b"1 1\n0\n1 1 \n")
    assert p.returncode == 1 and p.stderr.startswith(b"gridgames gopher: <stdin>:3:4: "), p.stderr
    p = cli("samegame", "validate", tmp_path / "missing")
    assert p.returncode == 2 and b"cannot read" in p.stderr
