"""The Number Link solver against an independent brute-force enumerator, on
every small board and on random ones, on both backends.

Exhaustive sets (labels numbered by first appearance in reading order, since
the solver treats labels alike):
* every board of 1..6 squares (1x1 .. 2x3 and 3x2) with every square empty,
  solid or an endpoint;
* every 3x3 and smaller board without solid squares, every endpoint placement;
* every 4x4 board without solid squares with one or two pairs (5,580 boards;
  three pairs would be 120,120 boards, too many for a fast test).
Random: generated puzzles up to 6x6 and random endpoint placements with solid
squares up to 5x5.
"""
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from gridgames._runtime.backend import kernel
from gridgames.numberlink import Puzzle, Solution, check, count_solutions, generate, solve
from helpers import BIG, brute_force, canonical_boards


def _agree(backend, rows, cols, board):
    solver = kernel("numberlink", backend, part="solve")
    want = brute_force(rows, cols, board)
    count, first, _, finished = solver.solve(rows, cols, board, BIG)
    assert finished
    assert count == len(want), (rows, cols, board)
    if count:
        assert tuple(first) in want
    puzzle = Puzzle(rows, cols, board)
    assert count_solutions(puzzle, backend=backend) == min(count, 2)
    assert count_solutions(puzzle, 1, backend=backend) == min(count, 1)
    found = solve(puzzle, backend=backend)
    if count:
        assert check(puzzle, found).valid and found.cells in want
    else:
        assert found is None


def _boards():
    for rows, cols in ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2), (2, 3), (3, 2)):
        yield from ((rows, cols, b) for b in canonical_boards(rows, cols, True))
    for rows, cols in ((1, 7), (1, 8), (1, 9), (2, 4), (4, 2), (3, 3)):
        yield from ((rows, cols, b) for b in canonical_boards(rows, cols, False))
    yield from ((4, 4, b) for b in canonical_boards(4, 4, False, pairs=2))


@pytest.mark.slow  # over 8,000 boards, each against the brute force
def test_every_small_board(backend):
    seen = 0
    for rows, cols, board in _boards():
        _agree(backend, rows, cols, board)
        seen += 1
    assert seen > 8000


def test_random_boards(backend):
    rng = random.Random(2026)
    for _ in range(150):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        n = rows * cols
        board = [(-1 if rng.random() < 0.15 else 0) for _ in range(n)]
        free = [i for i in range(n) if board[i] == 0]
        rng.shuffle(free)
        pairs = rng.randint(1, min(len(free) // 2, 5)) if len(free) >= 2 else 0
        for v in range(pairs):
            board[free[2 * v]] = board[free[2 * v + 1]] = v + 1
        _agree(backend, rows, cols, tuple(board))


def test_generated_puzzles(backend):
    for seed in range(60):
        rows, cols = 2 + seed % 5, 2 + seed // 12
        puzzle, made = generate(rows, cols, seed)
        _agree(backend, rows, cols, puzzle.cells)
        assert made.cells in brute_force(rows, cols, puzzle.cells)


@pytest.mark.slow
def test_twins_find_the_same_solution_in_the_same_search():
    compiled = kernel("numberlink", "compiled", part="solve")
    pure = kernel("numberlink", "pure", part="solve")
    for seed in range(40):
        size = 6 + seed % 15
        cells = generate(size, size, 1000 + seed).puzzle.cells
        for limit in (1, 2, 3):
            assert compiled.solve(size, size, cells, limit) == pure.solve(size, size, cells, limit)
    rng = random.Random(7)
    for _ in range(300):  # random endpoints and solid squares, most unsolvable
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        board = [(-1 if rng.random() < 0.1 else 0) for _ in range(rows * cols)]
        free = [i for i in range(rows * cols) if board[i] == 0]
        rng.shuffle(free)
        for v in range(rng.randint(0, len(free) // 2)):
            board[free[2 * v]] = board[free[2 * v + 1]] = v + 1
        assert compiled.solve(rows, cols, board, 5) == pure.solve(rows, cols, board, 5)


def test_known_counts(backend):
    # Worked by hand.  A 1x3 corridor:
    assert count_solutions(Puzzle.from_text("1 3\n1 . 1\n"), backend=backend) == 1
    # A U path around a solid square.
    assert count_solutions(Puzzle.from_text("2 3\n1 # 1\n. . .\n"), backend=backend) == 1
    # An empty square and no path: nothing can cover it.
    assert count_solutions(Puzzle.from_text("1 2\n. #\n"), backend=backend) == 0
    # All solid: the empty solution.
    assert count_solutions(Puzzle.from_text("1 1\n#\n"), backend=backend) == 1
    # A diagonal pair on 2x2 covers one of the two other squares at most.
    assert solve(Puzzle.from_text("2 2\n1 .\n. 1\n"), backend=backend) is None


def test_limit_is_checked(backend):
    puzzle = Puzzle.from_text("1 2\n1 1\n")
    for bad in (0, -1, 2 ** 31):
        with pytest.raises(ValueError):
            count_solutions(puzzle, bad, backend=backend)
    with pytest.raises(TypeError):
        solve("1 2\n1 1\n", backend=backend)
    assert count_solutions(puzzle, 7, backend=backend) == 1
    assert solve(puzzle, backend=backend) == Solution.from_text("1 2\n1 1\n")


INTERRUPTED = """
import signal, sys
# Python leaves SIGINT ignored when it starts ignored, as in a job a shell put in the
# background (`pytest &`): then Ctrl-C cannot reach any program, so restore the handler.
signal.signal(signal.SIGINT, signal.default_int_handler)
from gridgames.numberlink import count_solutions, generate
puzzle = generate(60, 60, 1).puzzle
print("searching", flush=True)
try:
    count_solutions(puzzle, sat=False)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


def test_a_long_search_can_be_interrupted(backend):
    # 60x60 seed 1 takes minutes; a real SIGINT (Ctrl-C) must stop the search,
    # GIL released or not.  In a child process, so that a search deaf to it
    # fails the test after a minute instead of hanging it.  (The "rare hang"
    # of the earlier interrupt_main version was a suite run as a background
    # job: SIGINT ignored, so interrupt_main did nothing.)
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    child = subprocess.Popen([sys.executable, "-c", INTERRUPTED], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
    try:
        assert child.stdout.readline() == b"searching\n"  # imports done: Python's handler is set
        time.sleep(0.3)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
        child.wait()
    assert (child.returncode, out) == (3, b"interrupted\n"), err
