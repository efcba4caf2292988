"""A number of thousands of digits (more than Python's int() takes from a
string, 4,300) is bad input like any other: every validator (the command
line's and a Kattis package's own) and every reader of numbers answers it
with one line that says where, never a traceback."""
import shutil
import subprocess
import sys

import pytest

from gridgames._runtime.strict_reader import Invalid, Reader
from gridgames.kattis import input_validator

LONG = b"1" + b"0" * 4400
GAMES = ["samegame", "tilematch", "gopher"]


def test_the_reader_refuses_a_long_number_where_it_starts():
    r = Reader(b"7 " + LONG + b"\n")
    r.number(0, 99, "a count")
    r.separator()
    with pytest.raises(Invalid) as caught:
        r.number(0, 99, "a count")
    assert (caught.value.line, caught.value.column) == (1, 3)
    assert "a count (0..99)" in caught.value.message and "4401 digits" in caught.value.message
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kattis, status", [(False, 1), (True, 43)])
def test_validate_says_where_a_long_number_is(game, kattis, status, tmp_path):
    (tmp_path / "x.in").write_bytes(LONG + b"\n")
    p = subprocess.run([sys.executable, "-m", "gridgames", game, "validate", "x.in", *(["--kattis"] * kattis)],
                       capture_output=True, cwd=tmp_path, timeout=120)
    assert p.returncode == status, p.stderr
    assert p.stderr.startswith(f"gridgames {game}: x.in:1:1: expected ".encode()), p.stderr
    assert len(p.stderr.splitlines()) == 1 and len(p.stderr) < 300, p.stderr


PYTHONS = ["python3", "pypy3"]


@pytest.mark.parametrize("python", PYTHONS)
@pytest.mark.parametrize("game", GAMES)
def test_a_kattis_input_validator_refuses_a_long_number(game, python, tmp_path):
    program = sys.executable if python == "python3" else shutil.which(python)
    if program is None:
        pytest.skip(f"{python} is not installed (.ci/run installs it: Kattis runs Python with it)")
    (tmp_path / "validate.py").write_text(input_validator(game))
    p = subprocess.run([program, "-I", "-S", "validate.py"], input=LONG + b"\n", capture_output=True,
                       cwd=tmp_path, timeout=120)
    assert p.returncode == 43, p.stderr
    assert p.stderr.startswith(b"line 1:1: expected ") and len(p.stderr.splitlines()) == 1, p.stderr


def test_gopher_solve_takes_a_pick_far_off_the_field(cli, tmp_path):
    """The judge warns of it and goes on; so does solve."""
    (tmp_path / "g.in").write_bytes(b"3 3\n1\n1 1\n2 2\n2 " + b"9" * 5000 + b"\n")
    p = cli("gopher", "solve", "g.in", cwd=tmp_path)
    assert p.returncode == 0 and p.stderr == b"", p.stderr
    assert p.stdout.startswith(b"game 1: stuck after 1 pick"), p.stdout


@pytest.mark.parametrize("moves, column", [(b"1," + b"9" * 5000, 1), (b"board " + b"9" * 5000 + b": moves: 1,1", 1),
                                           (b"1,1 " + b"9" * 5000 + b",2", 5)])
def test_replay_refuses_a_long_number_where_it_is(moves, column, tmp_path):
    (tmp_path / "b.txt").write_bytes(b"0 1\n1 0\n")
    (tmp_path / "m.txt").write_bytes(moves + b"\n")
    p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", "replay", "b.txt", "m.txt"],
                       capture_output=True, cwd=tmp_path, timeout=120)
    assert p.returncode == 1, p.stderr
    assert p.stderr.startswith(f"gridgames samegame: m.txt:1:{column}: expected ".encode()), p.stderr
    assert len(p.stderr.splitlines()) == 1 and len(p.stderr) < 300, p.stderr
