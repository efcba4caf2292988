"""Gopher-hole game benchmarks, compiled vs pure on the same generated input:

- the judge loop in-process on many 100x100 games (sparse holes: big floods,
  one 10 KB board per pick);
- the same with dense holes (5,000 hole lines a game, few picks): parsing;
- Field.pick on an empty 100x100 field: the 10,000-patch flood;
- the CLI end to end (subprocess) on the sparse file.

Run: pytest benchmarks/suites/bench_gopher.py
"""
import os
import random
import subprocess
import sys

import pytest

from gridgames.gopher import Field, judge

BACKENDS = ["compiled", "pure"]


def judge_file(games, density, picks, seed=2001):
    """`games` 100x100 games with holes at `density` and `picks` picks each
    (one in twenty outside the field)."""
    rng = random.Random(seed)
    parts = []
    for _ in range(games):
        holes = [f"{r} {c}" for r in range(1, 101) for c in range(1, 101) if rng.random() < density]
        moves = [f"{rng.randint(0, 101)} {rng.randint(1, 100)}" if rng.random() < 0.05
                 else f"{rng.randint(1, 100)} {rng.randint(1, 100)}" for _ in range(picks)]
        parts.append("\n".join(["100 100", str(len(holes))] + holes + moves) + "\n")
    return "\n".join(parts).encode()


@pytest.fixture(scope="module")
def sparse():
    return judge_file(100, 0.04, 10)


@pytest.fixture(scope="module")
def dense():
    return judge_file(100, 0.5, 3)


@pytest.mark.parametrize("backend", BACKENDS)
def test_judge_sparse(benchmark, sparse, backend):
    benchmark.group = "gopher judge: 100 games 100x100, 4% holes, 10 picks (in-process)"
    out, err, _ = benchmark.pedantic(judge, (sparse,), {"backend": backend},
                                     rounds=3 if backend == "pure" else 30, iterations=1)
    assert err is None and out.count(b"\n+-") > 900


@pytest.mark.parametrize("backend", BACKENDS)
def test_judge_dense(benchmark, dense, backend):
    benchmark.group = "gopher judge: 100 games 100x100, 50% holes, 3 picks (parsing)"
    out, err, _ = benchmark.pedantic(judge, (dense,), {"backend": backend},
                                     rounds=3 if backend == "pure" else 30, iterations=1)
    assert err is None


@pytest.mark.parametrize("backend", BACKENDS)
def test_flood_empty_field(benchmark, backend):
    benchmark.group = "gopher Field: build 100x100 + one pick flooding 10,000 patches"

    def play():
        return Field(100, 100, backend=backend).pick(50, 50)

    outcome = benchmark.pedantic(play, rounds=20 if backend == "pure" else 500, iterations=1)
    assert outcome.revealed == 10_000


@pytest.mark.parametrize("backend", BACKENDS)
def test_cli_sparse(benchmark, sparse, tmp_path, backend):
    benchmark.group = "gopher CLI end to end: 100 games 100x100, 4% holes, 10 picks"
    path = tmp_path / "sparse.in"
    path.write_bytes(sparse)
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")

    def run():
        return subprocess.run([sys.executable, "-m", "gridgames", "gopher", str(path)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)

    p = benchmark.pedantic(run, rounds=3 if backend == "pure" else 10, iterations=1)
    assert p.returncode == 0


@pytest.mark.parametrize("judge_cmd", ["c", "compiled"])
def test_cli_vs_c_sparse(benchmark, sparse, judge_cmd, cli_vs_c, tmp_path):
    benchmark.group = "gopher end to end vs C: 100 games 100x100, 4% holes, 10 picks"
    path = tmp_path / "sparse.in"
    path.write_bytes(sparse)
    assert cli_vs_c(benchmark, "gopher", path, judge_cmd, rounds=5).endswith(b"End of program 6 by team 0\n")
