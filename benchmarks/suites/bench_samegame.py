"""SameGame benchmarks.

- judge loop in-process, compiled vs pure, on the same generated file;
- the CLI end to end on the issue's big file (20,000 grids of 10x40 with 150
  selections each, about 30 MB), against an independent tight C program
  (baseline/samegame.c, built with gcc -O2);
- Board.select per call, compiled vs pure.

Sizes: GRIDGAMES_BENCH_GRIDS (default 20000) for the big file.  To write the
file for other tools:  python benchmarks/suites/bench_samegame.py FILE [GRIDS]
"""
import os
import random
import subprocess
import sys

import pytest

from gridgames.samegame import Board, judge

BIG = int(os.environ.get("GRIDGAMES_BENCH_GRIDS", "20000"))
HERE = os.path.dirname(os.path.abspath(__file__))


def judge_file(grids, selections=150, seed=2024):
    """10x40 grids of 4 colours, each with `selections` random picks in the frame."""
    rng = random.Random(seed)
    parts = []
    for _ in range(grids):
        cells = rng.choices("1234", k=400)
        picks = [f"{rng.randint(1, 10)} {rng.randint(1, 40)}" for _ in range(selections)]
        rows = [" ".join(cells[i:i + 40]) for i in range(0, 400, 40)]
        parts.append("10 40\n" + "\n".join(rows) + "\n" + "\n".join(picks) + "\n0 0\n")
    return ("".join(parts) + "0 0\n").encode()


@pytest.fixture(scope="session")
def small_file():
    return judge_file(200)


@pytest.fixture(scope="session")
def big_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("samegame") / "big.in"
    path.write_bytes(judge_file(BIG))
    return path


@pytest.mark.parametrize("backend", ["compiled", "pure"])
def test_judge_200_grids(benchmark, small_file, backend):
    benchmark.group = "samegame judge, 200 grids 10x40 x 150 selections (in-process)"
    out, err, _ = benchmark.pedantic(judge, (small_file,), {"backend": backend},
                                  rounds=5 if backend == "pure" else 50, iterations=1)
    assert err is None and out.count(b"Grid ") == 200


def run(cmd, path):
    with open(path, "rb") as f:
        p = subprocess.run(cmd, stdin=f, capture_output=True)
    assert p.returncode == 0, p.stderr
    return p.stdout


@pytest.fixture(scope="session")
def c_baseline(c_judge):
    return c_judge("samegame")


def test_big_file_c_baseline(benchmark, big_file, c_baseline):
    benchmark.group = f"samegame end to end, {BIG} grids (~{big_file.stat().st_size >> 20} MB)"
    out = benchmark.pedantic(run, ([c_baseline], big_file), rounds=3, iterations=1)
    assert out.count(b"Grid ") == BIG


def test_big_file_cli_compiled(benchmark, big_file, c_baseline):
    benchmark.group = f"samegame end to end, {BIG} grids (~{big_file.stat().st_size >> 20} MB)"
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="0")
    cmd = [sys.executable, "-m", "gridgames", "samegame"]
    out = benchmark.pedantic(lambda: subprocess.run(cmd, stdin=open(big_file, "rb"), env=env,
                                                    capture_output=True).stdout,
                             rounds=3, iterations=1)
    assert out == run([c_baseline], big_file)  # the kernel agrees with the C program


@pytest.mark.parametrize("backend", ["compiled", "pure"])
def test_board_select(benchmark, backend):
    benchmark.group = "samegame Board.select per call (10x40, fresh board each round)"
    rng = random.Random(7)
    rows = ["".join(rng.choices("1234", k=40)) for _ in range(10)]
    picks = [(rng.randint(1, 10), rng.randint(1, 40)) for _ in range(150)]

    def setup():
        return (Board(rows, backend=backend),), {}

    def play(board):
        for r, c in picks:
            board.select(r, c)
        return board

    board = benchmark.pedantic(play, setup=setup, rounds=200, iterations=1)
    assert board.remaining < 400


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as f:
        f.write(judge_file(int(sys.argv[2]) if len(sys.argv) > 2 else BIG))
