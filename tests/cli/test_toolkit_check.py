"""The answer checker: the engine's output is accepted, and wrong answers are
refused with the first differing line named."""
from pathlib import Path

import pytest

from gridgames import _registry
from gridgames._runtime import compare

DATA = Path(__file__).parents[1] / "data"
CASES = [("samegame", "sample"), ("tilematch", "sample1"), ("tilematch", "sample3"),
         ("tilematch", "rowan2019"), ("gopher", "sample")]


def files(game, name):
    return (DATA / game / f"{name}.in").read_bytes(), (DATA / game / f"{name}.out").read_bytes()


@pytest.mark.parametrize("game, name", CASES)
def test_the_right_output_is_accepted(game, name):
    data, out = files(game, name)
    assert _registry.check(game, data, out) is None
    assert _registry.check(game, data, out, lenient=True) is None


def test_exact_names_the_first_differing_line():
    want = b"Grid 1.\n    1 2 \n\n"
    assert compare.exact(want, b"Grid 1.\n    1 2\n\n") == \
        "line 2: expected '    1 2 \\n', found '    1 2\\n'"
    assert compare.exact(want, b"Grid 1.\n    1 2 \n") == "line 3: expected '\\n', found end of output"
    assert compare.exact(want, want + b"x") == "line 4: expected end of output, found 'x'"
    assert compare.exact(want, want[:-1]) is not None  # the final newline counts
    assert compare.exact(b"a\n", b"a" * 100 + b"\n").endswith("...'")  # cut to a sane length


def test_lenient_ignores_trailing_blanks_and_blank_lines():
    want = b"Grid 1.\n    1 2 \n\n"
    assert compare.exact(want, b"Grid 1.\n    1 2\n", lenient=True) is None
    assert compare.exact(want, b"\n\nGrid 1.  \n\n    1 2", lenient=True) is None
    assert compare.exact(want, b"Grid 1.\n   1 2\n", lenient=True) == \
        "line 2: expected '    1 2', found '   1 2'"
    assert compare.exact(want, b"Grid 1.\n", lenient=True) == \
        "line 2: expected '    1 2', found end of output"


def test_the_tile_game_follows_its_statement():
    data, out = files("tilematch", "sample1")
    loose = out.replace(b"After move", b"after   MOVE").replace(b"No drops.", b"\nNo Drops .\n")
    assert _registry.check("tilematch", data, loose) is None
    moved = out.replace(b"    -   -   1   -   -\n", b"   -   -   1   -   -\n")
    assert _registry.check("tilematch", data, moved) == \
        "line 5: expected '    -   -   1   -   -', found '   -   -   1   -   -'"
    trailing = out.replace(b"  -   -   -   -   -\n", b"  -   -   -   -   - \n", 1)
    assert _registry.check("tilematch", data, trailing).startswith("line 4: ")
    assert _registry.check("tilematch", data, trailing, lenient=True) is None
    assert _registry.check("tilematch", data, out.replace(b"No eliminations.", b"No drops.", 1)) \
        .startswith("line 9: expected 'No eliminations.'")
    last = len(out.splitlines())
    assert _registry.check("tilematch", data, out + b"Done\n") == \
        f"line {last + 1}: expected end of output, found 'Done'"


def test_check_cli(cli, tmp_path):
    data, out = files("gopher", "sample")
    (tmp_path / "in").write_bytes(data)
    (tmp_path / "ok").write_bytes(out)
    (tmp_path / "wa").write_bytes(out.replace(b"|###1      |", b"|###1     #|"))
    p = cli("gopher", "check", tmp_path / "in", tmp_path / "ok")
    assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")
    p = cli("gopher", "check", tmp_path / "in", tmp_path / "wa")
    assert p.returncode == 1
    assert p.stderr == f"gridgames gopher: {tmp_path / 'wa'}: wrong answer: line 3: expected " \
                       f"'|###1      |\\n', found '|###1     #|\\n'\n".encode()
    p = cli("gopher", "check", tmp_path / "in", "-", input=out)
    assert p.returncode == 0
    (tmp_path / "bad").write_bytes(b"1 1\n0\n1 x\n")
    p = cli("gopher", "check", tmp_path / "bad", tmp_path / "ok")
    assert p.returncode == 2 and b"bad INPUT" in p.stderr and len(p.stderr.splitlines()) == 1
