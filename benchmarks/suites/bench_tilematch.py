"""Tile-match benchmarks, compiled vs pure on the same generated input:

- the judge loop in-process on a file of 100 data sets at the contest's
  maximum sizes (20 x 20 visible, 50 given rows, 10 moves each);
- the CLI end to end on the same file;
- the Python API: one board settled phase by phase after each move.

To write the file for other tools:  python benchmarks/suites/bench_tilematch.py FILE
"""
import os
import random
import subprocess
import sys

import pytest

from gridgames.tilematch import Board, judge

ROUNDS = {"compiled": 50, "pure": 5}


def random_board(rng, w=20, rows=50, colours=5):
    return [[rng.randint(1, colours) for _ in range(w)] for _ in range(rows)]


def random_moves(rng, w=20, h=20, count=10):
    """Adjacent moves inside the visible board (most are valid)."""
    moves = []
    for _ in range(count):
        c, r = rng.randrange(w), rng.randrange(h)
        dc, dr = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        moves.append((c, r, min(max(c + dc, 0), w - 1), min(max(r + dr, 0), h - 1)))
    return moves


def judge_file(data_sets=100, seed=2019):
    """Contest-maximum data sets: 20 x 20, K 3..5, 50 rows of 5 colours, 10 moves."""
    rng = random.Random(seed)
    parts = [f"{data_sets}\n"]
    for _ in range(data_sets):
        rows = random_board(rng)
        moves = random_moves(rng)
        parts.append(f"20 20\n{rng.randint(3, 5)}\n50\n")
        parts += [" ".join(map(str, row)) + "\n" for row in rows]
        parts.append(f"{len(moves)}\n")
        parts += [" ".join(map(str, move)) + "\n" for move in moves]
    return "".join(parts).encode()


@pytest.fixture(scope="module")
def contest_file():
    return judge_file()


@pytest.mark.parametrize("backend", ["compiled", "pure"])
def test_judge_100_contest_data_sets(benchmark, contest_file, backend):
    benchmark.group = "tilematch judge, 100 data sets 20x20 + 30 hidden rows, 10 moves (in-process)"
    out, err, _ = benchmark.pedantic(judge, (contest_file,), {"backend": backend},
                                  rounds=ROUNDS[backend], iterations=1)
    assert err is None and out.count(b"Data Set ") == 100


@pytest.mark.parametrize("backend", ["compiled", "pure"])
def test_cli_100_contest_data_sets(benchmark, contest_file, backend, tmp_path):
    benchmark.group = "tilematch CLI end to end, 100 data sets at contest size"
    path = tmp_path / "contest.in"
    path.write_bytes(contest_file)
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    cmd = [sys.executable, "-m", "gridgames", "tilematch", str(path)]
    done = benchmark.pedantic(subprocess.run, (cmd,), {"capture_output": True, "env": env},
                              rounds=5, iterations=1)
    assert done.returncode == 0 and done.stdout.count(b"Data Set ") == 100


@pytest.fixture(scope="module")
def big_contest_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("tilematch") / "contest2000.in"
    path.write_bytes(judge_file(2000))
    return path


@pytest.mark.parametrize("judge_cmd", ["c", "compiled"])
def test_cli_vs_c_2000_data_sets(benchmark, big_contest_file, judge_cmd, cli_vs_c):
    benchmark.group = "tilematch end to end vs C, 2,000 contest data sets"
    out = cli_vs_c(benchmark, "tilematch", big_contest_file, judge_cmd)
    assert out.count(b"Data Set ") == 2000


@pytest.mark.parametrize("backend", ["compiled", "pure"])
def test_api_settle_after_each_move(benchmark, backend):
    benchmark.group = "tilematch API, one contest board: 10 moves, each settled phase by phase"
    rng = random.Random(7)
    board = Board(random_board(rng), k=3, height=20, backend=backend)
    moves = random_moves(rng)

    def play():
        b = board.copy()
        phases = 0
        for move in moves:
            if b.move(*move):
                phases += sum(1 for _ in b.settle())
        return phases

    assert benchmark.pedantic(play, rounds=ROUNDS[backend] * 10, iterations=1) > 0


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as f:
        f.write(judge_file())
