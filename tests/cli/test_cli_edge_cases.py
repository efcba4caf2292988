"""What a new user hit, one test each: empty files,
closed streams, a terminal as standard input, the output validator run by
hand, progress of a long generate, one family of input errors, the texts
that differ from the docs."""
import os
import pty
import re
import subprocess
import sys

import pytest

import gridgames
from gridgames import kattis, numberlink, samegame, tilematch
from helpers import DATA, JUDGE_GAMES

ROOT = DATA.parent.parent


def run(*argv, backend="compiled", **kw):
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    return subprocess.run([sys.executable, "-m", "gridgames", *map(str, argv)], capture_output=True,
                          env=env, timeout=120, **kw)


@pytest.mark.parametrize("argv, out", [(["samegame"], b""), (["tilematch"], b""),
                                       (["gopher"], b"Program 6 by team 0\nEnd of program 6 by team 0\n"),
                                       (["numberlink", "solve", "-"], b"")])
def test_an_empty_file_is_zero_cases_for_every_judge(backend, argv, out):
    p = run(*argv, backend=backend, input=b"")
    assert (p.returncode, p.stdout, p.stderr) == (0, out, b"")


@pytest.mark.parametrize("game", JUDGE_GAMES)
def test_validate_calls_an_empty_file_invalid(game):
    p = run(game, "validate", input=b"")
    assert p.returncode == 1 and b"1:1: expected" in p.stderr and b"end of file" in p.stderr


@pytest.mark.parametrize("shell, words", [("<&-", b"cannot read <stdin>: standard input is closed"),
                                          (">&-", b"cannot write <stdout>: standard output is closed")])
def test_closed_standard_streams_are_one_line_errors(backend, shell, words):
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    sample = DATA / "samegame" / "sample.in"
    source = "" if shell == "<&-" else str(sample)
    p = subprocess.run(f'"{sys.executable}" -m gridgames samegame {source} {shell}', shell=True,
                       capture_output=True, env=env, timeout=120)
    assert p.returncode == 2 and b"Traceback" not in p.stderr, p.stderr
    assert p.stderr.splitlines() == [b"gridgames samegame: " + words]


def test_a_terminal_as_standard_input_is_announced():
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "gridgames", "samegame"], stdin=slave,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    os.write(master, b"1 2\n1 1\n1 1\n0 0\n\x04")
    out, err = p.communicate(timeout=120)
    os.close(master)
    assert err.startswith(b"gridgames: reading standard input from the terminal; end it with Ctrl-D")
    assert out == b"Grid 1.\n    Game Won\n\n" and p.returncode == 0


def test_the_output_validator_run_by_hand_says_how(tmp_path):
    program = tmp_path / "tilecheck.py"
    program.write_text(kattis.output_validator())
    p = subprocess.run([sys.executable, str(program)], capture_output=True, timeout=60)
    assert p.returncode == 2 and b"Traceback" not in p.stderr
    assert p.stderr.startswith(b"usage: tilecheck.py INPUT ANSWER FEEDBACK_DIR < OUTPUT")


def test_a_long_generate_shows_progress_at_a_terminal_only():
    master, slave = pty.openpty()
    p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", "generate", "--count", "2500",
                        "--seed", "3", "--rows", "2", "--cols", "2"],
                       stdout=subprocess.PIPE, stderr=slave, timeout=120)
    os.close(slave)
    shown = os.read(master, 1 << 16)
    os.close(master)
    assert b"gridgames samegame generate: 2000/2500 grids" in shown and shown.endswith(b"\r\x1b[K")
    quiet = run("samegame", "generate", "--count", "2500", "--seed", "3", "--rows", "2", "--cols", "2")
    assert quiet.stderr == b"" and quiet.stdout == p.stdout  # the same file either way


def test_one_family_for_bad_input():
    assert issubclass(gridgames.InputError, ValueError)
    with pytest.raises(gridgames.InputError):
        numberlink.Puzzle.from_text("x")  # a JudgeError
    with pytest.raises(gridgames.InputError):
        samegame.read_boards("1 x")  # a FormatError
    assert issubclass(gridgames.JudgeError, gridgames.InputError)
    assert issubclass(samegame.FormatError, gridgames.InputError)


def test_board_rows_refuse_a_non_digit_in_words_of_ours(backend):
    for make in (lambda: samegame.Board(["1a"], backend=backend),
                 lambda: tilematch.Board(["11", "1 "], k=2, backend=backend)):
        with pytest.raises(ValueError, match=r"^row \d \(top row 1\): expected a digit 0\.\.9, found '[a ]'$"):
            make()


def test_generate_takes_one_side_for_a_square(backend):
    assert numberlink.generate(5, seed=3, backend=backend) == numberlink.generate(5, 5, 3, backend=backend)
    assert numberlink.generate(5).puzzle.cols == 5


def test_the_documented_texts_are_the_programs():
    p = run("numberlink", "generate", "6", "--seed", "18", "--verbose")
    assert re.fullmatch(rb"puzzle 1: seed 18, 6x6, \d+ paths \(lengths \d+\.\.\d+\), \d+ solid squares?, "
                        rb"(unique|several solutions)\n", p.stderr), p.stderr
    assert "solid squares, unique" in (ROOT / "docs" / "puzzles.md").read_text()
    judges = (ROOT / "docs" / "judges.md").read_text()
    assert "verifyproblem DIR -p config" in judges and "-p config data submissions validators DIR" not in judges
    assert "COLUMN first" in (ROOT / "docs" / "reference" / "python-api.md").read_text()
    assert "column comes first" in (tilematch.Board.move.__doc__ or "")
    board = tilematch.Board(["00100", "01100"], k=3, height=3)  # the docs' example, as it says
    assert board.height == 3 and board.hidden == 0 and board.grid()[0] == (0, 0, 0, 0, 0)


@pytest.mark.parametrize("argv", [
    ["samegame", "MISSING"], ["samegame", "solve", "MISSING"], ["samegame", "replay", "--standard", "MISSING"],
    ["tilematch", "MISSING"], ["gopher", "solve", "MISSING"], ["numberlink", "solve", "MISSING"],
    ["numberlink", "check", "MISSING", "SAMPLE"], ["numberlink", "check", "PUZZLE", "MISSING"],
    ["samegame", "validate", "MISSING"], ["tilematch", "check", "MISSING", "SAMPLE"],
    ["gopher", "check", "SAMPLE", "MISSING"], ["samegame", "show", "MISSING", "--html", "OUT"]])
def test_every_command_names_a_file_it_cannot_read(tmp_path, argv):
    sample = DATA / "samegame" / "sample.in"
    names = {"MISSING": tmp_path / "missing.txt", "SAMPLE": sample, "OUT": tmp_path / "out.html",
             "PUZZLE": DATA / "numberlink" / "example.puzzle"}
    p = run(*[names.get(a, a) for a in argv])
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode() == (f"gridgames {argv[0]}: cannot read {tmp_path / 'missing.txt'}: "
                                 "No such file or directory\n")
    assert not (tmp_path / "out.html").exists()
