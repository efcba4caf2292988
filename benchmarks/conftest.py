"""Shared benchmark fixtures: the tight C judges of benchmarks/baseline."""
import os
import shutil
import subprocess

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
            subprocess.run([cc, "-O2", "-o", str(exe), os.path.join(HERE, "baseline", f"{game}.c")],
                           check=True)
            built[game] = str(exe)
        return built[game]
    return build
