"""`gridgames numberlink solve` and `generate --unique/--min-length/--format`,
as subprocesses on both backends; expected counts come from the brute-force
enumerator of test_numberlink_solve."""
from collections import Counter

import pytest

from gridgames.numberlink import Puzzle, Solution, check, generate
from helpers import brute_force

SEVERAL = "5 5\n. . . . 4\n. 3 . . 4\n. 1 3 . .\n2 . 1 # .\n# 2 . . .\n"
NONE = "2 2\n1 .\n. 1\n"
UNIQUE = "1 3\n1 . 1\n"


def _count(text):
    p = Puzzle.from_text(text)
    return len(brute_force(p.rows, p.cols, p.cells))


def test_the_examples_have_the_counts_claimed():
    assert (_count(SEVERAL), _count(NONE), _count(UNIQUE)) == (2, 0, 1)


def test_count_prints_one_word_per_puzzle(cli, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("\n".join([UNIQUE, SEVERAL, NONE]))
    run = cli("numberlink", "solve", f, "--count")
    assert (run.returncode, run.stdout, run.stderr) == (0, b"unique\nseveral\nnone\n", b"")


def test_solve_prints_solutions_and_no_solution(cli, tmp_path):
    puzzles = [generate(5, 5, s).puzzle for s in (1, 2)]
    f = tmp_path / "p.txt"
    f.write_text(puzzles[0].render() + "\n" + NONE + "\n\n" + puzzles[1].render())
    run = cli("numberlink", "solve", f)
    assert run.returncode == 1 and run.stderr == b""
    blocks = run.stdout.decode().split("\n\n")
    assert blocks[1] == "no solution" and len(blocks) == 3
    for puzzle, block in zip(puzzles, (blocks[0], blocks[2])):
        solution = Solution.from_text(block)
        assert check(puzzle, solution).valid
        assert solution.cells in brute_force(5, 5, puzzle.cells)


def test_solve_output_file_and_stdin(cli, tmp_path):
    out = tmp_path / "s.txt"
    run = cli("numberlink", "solve", "-", "-o", out, input=UNIQUE.encode())
    assert (run.returncode, run.stdout) == (0, b"")
    assert out.read_text() == "1 3\n1 1 1\n"
    run = cli("numberlink", "solve", "-", "-o", "-", input=UNIQUE.encode())
    assert run.stdout == b"1 3\n1 1 1\n"


@pytest.mark.slow
def test_character_format_is_detected_and_written(cli, tmp_path):
    f = tmp_path / "p.txt"
    # 4 wide, 2 high: labels keep their characters in --format chars output.
    f.write_text("4 2\nab..\n..ab\n\n" + UNIQUE)
    assert _count("2 4\n1 2 . .\n. . 1 2\n") == 1
    run = cli("numberlink", "solve", f)
    assert run.returncode == 0
    assert run.stdout == b"2 4\n1 2 2 2\n1 1 1 2\n\n1 3\n1 1 1\n"
    run = cli("numberlink", "solve", "--format", "chars", "-", input=b"4 2\nab..\n..ab\n")
    assert run.stdout == b"4 2\nabbb\naaab\n"
    run = cli("numberlink", "generate", "5", "--seed", "3", "--format", "chars", "--solution")
    puzzle, solution = generate(5, 5, 3)
    text = run.stdout.decode()
    rows = text.split("\n")
    assert rows[0] == "5 5" and len(rows[1]) == 5
    marks = {v: ("." if v == 0 else "#" if v < 0 else "123456789"[v - 1]) for v in range(-1, 10)}
    want = ["".join(marks[v] for v in puzzle.cells[r * 5:(r + 1) * 5]) for r in range(5)]
    assert rows[1:6] == want
    # the chars text reads back as the same puzzle
    run = cli("numberlink", "solve", "--count", "-", input=text.split("\n\n")[0].encode())
    assert run.stdout == b"unique\n" or run.stdout == b"several\n"


def test_bad_text_is_located_in_the_whole_file(cli, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(UNIQUE + "\n" + "2 2\n1 1\n2 x\n")
    run = cli("numberlink", "solve", f)
    assert run.returncode == 1
    assert run.stdout == b"1 3\n1 1 1\n"  # the result before the error is kept
    assert run.stderr == (f"gridgames numberlink: {f}:6:3: row 2: expected '.', '#' or a "
                          "number 1..4, found 'x'\n").encode()
    run = cli("numberlink", "solve", "--format", "chars", "-", input=b"3 1\nA.B\n")
    assert run.returncode == 1
    assert run.stderr == (b"gridgames numberlink: <stdin>:2:1: label 'A': expected exactly "
                          b"2 endpoints, found only 1\n")


def test_usage_errors_exit_2(cli, tmp_path):
    assert cli("numberlink", "solve").returncode == 2
    assert cli("numberlink", "solve", "-", "--bogus").returncode == 2
    assert cli("numberlink", "solve", "-", "--format", "xml").returncode == 2
    run = cli("numberlink", "solve", tmp_path / "missing")
    assert run.returncode == 2 and b"cannot read" in run.stderr


@pytest.mark.slow
def test_generate_unique_and_min_length(cli):
    run = cli("numberlink", "generate", "5", "--count", "4", "--unique", "--min-length", "3",
              "--seed", "70", "--verbose")
    assert run.returncode == 0
    lines = run.stderr.decode().splitlines()
    assert len(lines) == 4
    for block, line in zip(run.stdout.decode().split("\n\n"), lines):
        puzzle = Puzzle.from_text(block)
        solutions = brute_force(5, 5, puzzle.cells)
        assert len(solutions) == 1
        lengths = Counter(v for v in next(iter(solutions)) if v > 0)
        assert min(lengths.values()) >= 3
        # the summary names the seed; that seed with the same options gives the
        # same puzzle: the seed's own, or it with paths cut (its endpoints kept)
        seed = int(line.split("seed ")[1].split(",")[0])
        again = cli("numberlink", "generate", "5", "--unique", "--min-length", "3", "--seed", seed)
        assert Puzzle.from_text(again.stdout) == puzzle
        raw = generate(5, 5, seed).puzzle.cells
        assert all(p != 0 for p, r in zip(puzzle.cells, raw) if r != 0)
        assert all((p == -1) == (r == -1) for p, r in zip(puzzle.cells, raw))
        assert line.endswith("unique") and f"{len(lengths)} paths" in line


def test_generate_without_filters_keeps_consecutive_seeds(cli):
    run = cli("numberlink", "generate", "4", "--count", "3", "--seed", "9")
    assert run.stdout.decode() == "\n".join(generate(4, 4, s).puzzle.render() for s in (9, 10, 11))


def test_generate_gives_up_when_nothing_is_acceptable(cli):
    run = cli("numberlink", "generate", "1", "2", "--min-length", "3")
    assert run.returncode == 1 and run.stdout == b""
    assert run.stderr.startswith(b"gridgames numberlink: no acceptable puzzle in the 10000 seeds")
