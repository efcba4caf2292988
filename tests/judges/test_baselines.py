"""The tight C judges of benchmarks/baseline (the yardstick of the judges' speed)
give byte for byte the output of the judges, on the samples and on generated
inputs: a ratio against them compares the same work."""
import importlib
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import DATA, JUDGE_GAMES, JUDGES, optional

BASELINE = Path(__file__).parents[2] / "benchmarks" / "baseline"
sys.path.insert(0, str(BASELINE.parent))
judge_scale = importlib.import_module("judge_scale")   # the generators of the benchmark


def generated(game):
    """The benchmark's generated inputs, small: those the ratios are measured on."""
    rng = random.Random(17)
    if game == "samegame":
        return [judge_scale.samegame_block(rng, 200)]
    if game == "gopher":  # small fields; big fields with hundreds of picks (huge output); picks outside
        outside = b"3 4\n2\n1 1\n3 4\n0 0\n2 2\n4 1\n-1 9\n2 3\n"
        return [judge_scale.gopher_block(rng, 40), judge_scale.gopher_picks_games(rng, 12), outside]
    sets = judge_scale.tilematch_sets(rng, 200)
    return [f"{len(sets)}\n".encode() + "".join(sets).encode()]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
@pytest.mark.parametrize("game", optional("baseline", JUDGE_GAMES))
def test_the_c_judges_agree_with_ours(game, tmp_path):
    exe = tmp_path / game
    subprocess.run(["gcc", "-O3", "-o", str(exe), str(BASELINE / f"{game}.c")], check=True)
    inputs = [p.read_bytes() for p in sorted((DATA / game).glob("*.in"))] + generated(game)
    for data in inputs:
        ours = JUDGES[game](data, backend="compiled")
        assert ours.error is None
        c = subprocess.run([str(exe)], input=data, capture_output=True, check=True)
        assert c.stdout == ours.output
        assert c.stderr.count(b"warning") == len(ours.warnings)
