"""pytest --backend pure: contributors without a C compiler run the pure twins alone, and are told so."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # three pytest runs in subprocesses

TESTS = Path(__file__).resolve().parents[1]


def run(*args):
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1")
    test_file = TESTS / "cli" / "test_toolkit_validate.py"
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", str(test_file)]
    return subprocess.run([*command, *args], capture_output=True, text=True, env=env, cwd=TESTS.parent, timeout=300)


def test_pure_only_runs_the_twins_and_says_so():
    done = run("--backend", "pure", "-v")
    assert done.returncode == 0, done.stdout[-2000:]
    lines = done.stdout.strip().splitlines()
    assert "--backend pure: the pure-Python twins only; 1 tests of the compiled kernels were not run" in lines
    assert "1 deselected" in lines[-1] and "[pure]" in done.stdout and "[compiled]" not in done.stdout


def test_the_default_names_no_backend_option():
    done = run("--collect-only", "-q")
    assert "--backend pure" not in done.stdout and "deselected" not in done.stdout
    assert "[compiled]" in done.stdout and "[pure]" in done.stdout


def test_a_backend_other_than_both_or_pure_is_refused():
    done = run("--backend", "compiled")
    assert done.returncode == 4 and "invalid choice" in done.stderr
