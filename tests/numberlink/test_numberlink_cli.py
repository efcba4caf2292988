"""`gridgames numberlink generate|check` as a subprocess, on both backends."""
import pytest

from gridgames.numberlink import check, generate
from helpers import DATA

EXAMPLE = DATA / "numberlink"


def test_generate_prints_the_api_puzzle(cli):
    run = cli("numberlink", "generate", "7", "--seed", "11")
    assert (run.returncode, run.stderr) == (0, b"")
    assert run.stdout == generate(7, 7, 11, backend="pure").puzzle.render().encode()


def test_generate_two_by_two_seed_zero(cli):
    # Worked by hand in test_numberlink.py; --seed defaults to 0.
    run = cli("numberlink", "generate", "2", "--solution")
    assert run.stdout == b"2 2\n1 #\n. 1\n\n2 2\n1 #\n1 1\n"


def test_generate_count_uses_consecutive_seeds_and_blank_lines(cli):
    run = cli("numberlink", "generate", "3", "5", "--seed", "40", "--count", "3", "--solution")
    assert run.returncode == 0
    blocks = []
    for seed in (40, 41, 42):
        blocks += [board.render() for board in generate(3, 5, seed, backend="pure")]
    assert run.stdout == "\n".join(blocks).encode()
    assert run.stdout.count(b"\n\n") == 5


def test_generate_count_without_solutions(cli):
    run = cli("numberlink", "generate", "4", "1", "--seed", "-1", "--count", "2")
    want = [generate(4, 1, s, backend="pure").puzzle.render() for s in (2 ** 64 - 1, 0)]
    assert run.stdout == "\n".join(want).encode()


def test_generate_writes_output_file(cli, tmp_path):
    out = tmp_path / "p.txt"
    run = cli("numberlink", "generate", "6", "9", "--seed", "3", "-o", out)
    assert (run.returncode, run.stdout) == (0, b"")
    assert out.read_text() == generate(6, 9, 3, backend="pure").puzzle.render()
    run = cli("numberlink", "generate", "6", "-o", tmp_path)  # a directory
    assert run.returncode == 2 and b"Traceback" not in run.stderr
    assert run.stderr.startswith(b"gridgames numberlink: cannot write ")


@pytest.mark.slow
def test_generate_rejects_bad_sizes_as_usage_errors(cli):
    for args in (["0"], ["1001"], ["5", "x"], ["5", "--count", "0"], []):
        run = cli("numberlink", "generate", *args)
        assert run.returncode == 2, args
        assert run.stdout == b""
        assert b"usage: gridgames numberlink generate" in run.stderr
    run = cli("numberlink", "generate", "0")
    assert b"argument SIZE: board sides are 1..1000, not '0'" in run.stderr


def test_generated_pairs_check_valid(cli, tmp_path):
    puzzle, solution = generate(12, 17, 99, backend="pure")
    (tmp_path / "p").write_text(puzzle.render())
    (tmp_path / "s").write_text(solution.render())
    run = cli("numberlink", "check", tmp_path / "p", tmp_path / "s")
    assert (run.returncode, run.stdout, run.stderr) == \
        (0, b"valid: the solution solves the puzzle\n", b"")


def test_check_every_puzzle_of_multi_puzzle_files(cli, tmp_path):
    """The files generate and solve write (puzzles separated by empty lines):
    every pair checked, the first wrong puzzle named, parse errors located
    in the whole file, and a count that differs refused."""
    (tmp_path / "p").write_bytes(cli("numberlink", "generate", "5", "--count", "3", "--seed", "7").stdout)
    assert cli("numberlink", "solve", tmp_path / "p", "-o", tmp_path / "s").returncode == 0
    run = cli("numberlink", "check", tmp_path / "p", tmp_path / "s")
    assert (run.returncode, run.stdout, run.stderr) == (0, b"valid: all 3 solutions solve their puzzles\n", b"")
    made = [generate(5, 5, seed, backend="pure") for seed in (7, 8, 9)]
    swapped = [made[0].solution, made[2].solution, made[1].solution]  # puzzles 2 and 3 get the other's
    (tmp_path / "w").write_text("\n".join(s.render() for s in swapped))
    run = cli("numberlink", "check", tmp_path / "p", tmp_path / "w")
    message = check(made[1].puzzle, made[2].solution).message
    assert (run.returncode, run.stdout) == (1, f"invalid: puzzle 2 of 3: {message} (2 of 3 wrong)\n".encode())
    (tmp_path / "x").write_text("\n".join(s.render() for s in swapped).replace("\n5 5\n", "\n5 x\n", 2))
    run = cli("numberlink", "check", tmp_path / "p", tmp_path / "x")
    assert (run.returncode, run.stdout) == (1, b"")
    assert run.stderr.startswith(f"gridgames numberlink: {tmp_path / 'x'}:8:3: line 1: expected the size".encode())
    run = cli("numberlink", "check", tmp_path / "p", EXAMPLE / "example.solution")
    assert (run.returncode, run.stdout) == (1, b"")
    assert run.stderr == f"gridgames numberlink: {tmp_path / 'p'} has 3 puzzles, {EXAMPLE / 'example.solution'} 1: " \
        "one solution per puzzle, in order\n".encode()


def test_check_the_example_pair(cli):
    run = cli("numberlink", "check", EXAMPLE / "example.puzzle", EXAMPLE / "example.solution")
    assert (run.returncode, run.stdout) == (0, b"valid: the solution solves the puzzle\n")
    # Standard input works for either file.
    run = cli("numberlink", "check", EXAMPLE / "example.puzzle", "-",
              input=(EXAMPLE / "example.solution").read_bytes())
    assert run.returncode == 0


def test_check_invalid_names_rule_and_square(cli, tmp_path):
    bad = tmp_path / "bad.solution"
    bad.write_text("4 4\n1 1 1 2\n3 3 1 2\n3 3 1 2\n3 3 1 2\n")
    run = cli("numberlink", "check", EXAMPLE / "example.puzzle", bad)
    assert run.returncode == 1
    assert run.stdout == (b"invalid: rule solid broken at row 3, column 2: the square is "
                          b"solid in the puzzle but on path 3 in the solution\n")


def test_check_parse_error_has_line_and_column(cli, tmp_path):
    bad = tmp_path / "bad.solution"
    bad.write_text("4 4\n1 1 1 2\n3 3 1 2\n3 # 1\n3 3 1 2\n")
    run = cli("numberlink", "check", EXAMPLE / "example.puzzle", bad)
    assert (run.returncode, run.stdout) == (1, b"")
    assert run.stderr == (f"gridgames numberlink: {bad}:4:6: row 3: expected 4 squares, "
                          "found only 3, then the end of the line\n").encode()
    run = cli("numberlink", "check", "-", EXAMPLE / "example.solution", input=b"2 2\n1 2\n2 x\n")
    assert run.returncode == 1
    assert run.stderr == (b"gridgames numberlink: <stdin>:3:3: row 2: expected '.', '#' "
                          b"or a number 1..4, found 'x'\n")


def test_check_unreadable_file_exits_2(cli, tmp_path):
    run = cli("numberlink", "check", tmp_path / "missing", EXAMPLE / "example.solution")
    assert (run.returncode, run.stdout) == (2, b"")
    assert run.stderr == (f"gridgames numberlink: cannot read {tmp_path / 'missing'}: "
                          "No such file or directory\n").encode()
    run = cli("numberlink", "check", "-", "-")
    assert run.returncode == 2


def test_help_describes_the_commands(cli):
    run = cli("numberlink", "--help")
    assert run.returncode == 0
    assert b"generate" in run.stdout and b"check" in run.stdout
    assert b"text format" in run.stdout
    # the rule that makes some puzzles unsolvable (it was only in docs/puzzles.md), and its example
    text = " ".join(run.stdout.decode().split())
    assert "A path never touches itself" in text
    example = text.split("So the puzzle '", 1)[1].split("'", 1)[0]
    solved = cli("numberlink", "solve", "-", input=example.replace(" / ", "\n").encode() + b"\n")
    assert (solved.returncode, solved.stdout) == (1, b"no solution\n") and "has no solution" in text
    run = cli("numberlink")
    assert run.returncode == 2
