"""Number Link benchmarks, compiled vs pure on the same boards:

- the generator kernel alone on a 100x100 board (the spec asks for well
  under a second compiled), and on 300x300;
- the public generate() (kernel + Puzzle/Solution objects) on 100x100;
- check() of a generated 100x100 pair;
- the CLI end to end: `generate 100 --count 20 --solution` (subprocess).

Run: pytest benchmarks/suites/bench_numberlink.py
"""
import os
import subprocess
import sys

import pytest

from gridgames._runtime.backend import kernel
from gridgames.numberlink import check, generate

BACKENDS = ["compiled", "pure"]
SEED = 20261122


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("side, pure_rounds", [(100, 5), (300, 2)])
def test_kernel_generate(benchmark, backend, side, pure_rounds):
    benchmark.group = f"numberlink kernel generate: {side}x{side}"
    gen = kernel("numberlink", backend).generate
    cells, ends = benchmark.pedantic(gen, (side, side, SEED),
                                     rounds=pure_rounds if backend == "pure" else 20 * pure_rounds,
                                     iterations=1)
    assert len(cells) == side * side and len(ends) > side * side // 10


@pytest.mark.parametrize("backend", BACKENDS)
def test_api_generate_100(benchmark, backend):
    benchmark.group = "numberlink generate(): 100x100 with Puzzle/Solution objects"
    puzzle, solution = benchmark.pedantic(generate, (100, 100, SEED), {"backend": backend},
                                          rounds=5 if backend == "pure" else 50, iterations=1)
    assert puzzle.pairs > 1000


@pytest.fixture(scope="module")
def pair_100():
    return generate(100, 100, SEED, backend="compiled")


@pytest.mark.parametrize("backend", BACKENDS)
def test_check_100(benchmark, pair_100, backend):
    benchmark.group = "numberlink check(): 100x100 valid pair"
    verdict = benchmark.pedantic(check, pair_100, {"backend": backend},
                                 rounds=5 if backend == "pure" else 100, iterations=1)
    assert verdict.valid


@pytest.mark.parametrize("backend", BACKENDS)
def test_cli_generate(benchmark, backend):
    benchmark.group = "numberlink CLI end to end: generate 100 --count 20 --solution"
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    args = [sys.executable, "-m", "gridgames", "numberlink", "generate", "100",
            "--seed", str(SEED), "--count", "20", "--solution"]

    def run():
        return subprocess.run(args, capture_output=True, env=env, check=True)

    done = benchmark.pedantic(run, rounds=2 if backend == "pure" else 5, iterations=1)
    assert done.stdout.count(b"\n\n") == 39
