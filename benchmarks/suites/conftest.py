"""Shared benchmark fixtures: the tight C judges of benchmarks/baseline (the suites of
pytest-benchmark live here; the table scripts one folder up)."""
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="session")
def c_judge(tmp_path_factory):
    """GAME -> the path of baseline/GAME.c built with gcc -O2 (once per session)."""
    cc = shutil.which("gcc") or shutil.which("cc")
    assert cc, "the C baselines need gcc or cc"
    folder, built = tmp_path_factory.mktemp("baseline"), {}

    def build(game):
        if game not in built:
            exe = folder / game
            subprocess.run([cc, "-O2", "-o", str(exe), os.path.join(HERE, "..", "baseline", f"{game}.c")],
                           check=True)
            built[game] = str(exe)
        return built[game]
    return build


@pytest.fixture(scope="session")
def cli_vs_c(c_judge):
    """Benchmark ``gridgames GAME`` (judge_cmd "compiled") or the C judge
    (judge_cmd "c") on the file at ``path``; checks the output against the C
    judge's and returns it."""
    def bench(benchmark, game, path, judge_cmd, rounds=3):
        c = [c_judge(game)]
        cmd = c if judge_cmd == "c" else [sys.executable, "-m", "gridgames", game]
        env = dict(os.environ, GRIDGAMES_PURE_PYTHON="0")

        def run(cmd):
            with open(path, "rb") as f:
                return subprocess.run(cmd, stdin=f, capture_output=True, env=env).stdout
        out = benchmark.pedantic(run, (cmd,), rounds=rounds, iterations=1)
        assert out == run(c)  # a third opinion: the C judge agrees
        return out
    return bench
