"""SameGame research engine benchmarks (kept short for CI; the long runs and
the README table are benchmarks/samegame_standard.py).

- uniform random playouts on standard board 1: the kernel, the pure twin and
  an independent tight C loop (baseline/samegame_playout.c, gcc -O2), with
  the same rules and draws (so the same mean score, 143.4 at seed 1);
- NMCS level 1 and NRPA level 1 (100 iterations) on all 20 standard boards,
  and NMCS level 2 on the first GRIDGAMES_BENCH_NMCS2 boards (default 0: one
  board takes about 12 CPU seconds, all 20 about 4 minutes), at fixed seeds;
  the total score is in extra_info.
"""
import os
import re
import shutil
import subprocess

import pytest

from gridgames.samegame import search_boards, standard_boards

HERE = os.path.dirname(os.path.abspath(__file__))
STANDARD = os.path.join(HERE, "..", "..", "src", "gridgames", "samegame", "standard20.txt")
NMCS2 = int(os.environ.get("GRIDGAMES_BENCH_NMCS2", "0"))
PLAYOUTS = 2000


@pytest.fixture(scope="session")
def c_playout(tmp_path_factory):
    cc = shutil.which("gcc") or shutil.which("cc")
    assert cc, "the C baseline needs gcc or cc"
    exe = tmp_path_factory.mktemp("baseline") / "samegame_playout"
    subprocess.run([cc, "-O2", "-o", str(exe), os.path.join(HERE, "..", "baseline", "samegame_playout.c")],
                   check=True)
    return str(exe)


@pytest.mark.parametrize("backend", ["compiled", "pure"])
def test_playouts_board_1(benchmark, backend):
    benchmark.group = "samegame uniform random playouts, standard board 1 (per round: see n)"
    n = PLAYOUTS if backend == "compiled" else 20
    board = standard_boards(backend=backend)[0]
    scores = benchmark.pedantic(board.playouts, (n,), {"seed": 1}, rounds=5, iterations=1)
    benchmark.extra_info.update(n=n, mean=sum(scores) / n,
                                per_second=round(n / benchmark.stats.stats.min))
    if backend == "compiled":
        assert 138 < sum(scores) / n < 148


def test_playouts_board_1_tight_c(benchmark, c_playout):
    benchmark.group = "samegame uniform random playouts, standard board 1 (per round: see n)"
    cmd = [c_playout, STANDARD, "1", str(PLAYOUTS), "1"]
    out = benchmark.pedantic(lambda: subprocess.run(cmd, capture_output=True, check=True).stdout,
                             rounds=5, iterations=1)
    mean = float(re.search(rb"mean ([0-9.]+)", out).group(1))
    benchmark.extra_info.update(n=PLAYOUTS, mean=mean,
                                per_second=round(PLAYOUTS / benchmark.stats.stats.min))
    # the same rules and draws as the kernel: the same mean at the same seed
    assert mean == pytest.approx(sum(standard_boards()[0].playouts(PLAYOUTS, seed=1)) / PLAYOUTS)


@pytest.mark.parametrize("algo, options, boards", [
    ("nmcs", dict(level=1), 20),
    ("nrpa", dict(level=1, iterations=100), 20),
] + ([("nmcs", dict(level=2), NMCS2)] if NMCS2 else []))
def test_search_standard_boards(benchmark, algo, options, boards):
    benchmark.group = "samegame searches on the standard boards (compiled, seed 0, 1 thread)"
    positions = standard_boards()[:boards]
    solutions = benchmark.pedantic(lambda: list(search_boards(positions, algo, seed=0, **options)),
                                   rounds=1, iterations=1)
    benchmark.extra_info.update(boards=boards, total=sum(s.score for s in solutions), **options)
    for board, s in zip(positions, solutions):
        assert s.stopped is None and board.copy().replay(s.moves) == s.score
