"""``mypy --strict`` passes on the package and on a user's script
(tests/typing/user_script.py) whose ``assert_type`` lines pin the type of
every documented result: a result typed Any, or wrongly, fails the check.
The script is checked outside the checkout, against the installed gridgames
(its py.typed and .pyi stubs), as a user's IDE would see it.  mypy is in the
[test] extra, but some interpreters (a free-threaded build) have no wheels for
its dependencies: there these tests skip, unless GRIDGAMES_REQUIRE_MYPY=1
(.ci/run sets it) makes a missing mypy a failure."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import GAMES

if os.environ.get("GRIDGAMES_REQUIRE_MYPY", "") in ("", "0"):
    pytest.importorskip("mypy", reason="mypy cannot be imported here (pip install mypy)")

pytestmark = pytest.mark.slow  # mypy over the package and its stubs: minutes of CPU

ROOT = Path(__file__).parents[2]
SCRIPT = Path(__file__).parents[1] / "typing" / "user_script.py"


def mypy(*args, cwd, cache):
    # the cache goes to a temporary directory: tests write nothing into the checkout
    p = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
                       capture_output=True, text=True, cwd=cwd, timeout=600)
    return p.returncode, p.stdout + p.stderr


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """One mypy cache for this module's runs, new each session: a module checked
    with the same options by an earlier run is not checked again (the standard
    library, NumPy, ...: 20 s of CPU a run); a changed file is, so only time is saved."""
    return tmp_path_factory.mktemp("mypy-cache")


# The user script's check: the package's global options ([tool.mypy] in pyproject.toml:
# strict, warn_unreachable), so that test_package_strict shares the cache, and for the
# script alone --disallow-any-expr (no expression in it may be Any).  strict includes
# --warn-unused-ignores: the script's deliberate misuses must be errors.
USER_CONFIG = """\
[mypy]
strict = True
warn_unreachable = True

[mypy-user_script,wrong]
disallow_any_expr = True

[mypy-ray,ray.*,pysat,pysat.*]
ignore_missing_imports = True
"""


def user_mypy(folder, script, cache):
    (folder / "mypy.ini").write_text(USER_CONFIG)
    return mypy("--config-file", "mypy.ini", script, cwd=folder, cache=cache)


def test_user_script_sees_precise_types(tmp_path, cache):
    shutil.copy(SCRIPT, tmp_path)
    status, out = user_mypy(tmp_path, "user_script.py", cache)
    assert status == 0, out


def test_user_script_check_can_fail(tmp_path, cache):
    # the user script's own check, on a script with a wrong type
    (tmp_path / "wrong.py").write_text(
        "from typing_extensions import assert_type\n"
        "from gridgames import samegame\n"
        "assert_type(samegame.Board(['11']).select(1, 1), str)\n")
    status, out = user_mypy(tmp_path, "wrong.py", cache)
    assert status == 1 and 'Expression is of type "int", not "str"' in out, out


def test_package_strict(cache):
    # the configuration ([tool.mypy] in pyproject.toml) is strict
    status, out = mypy(cwd=ROOT, cache=cache)
    assert status == 0, out


def test_kernel_stubs_match_the_compiled_modules(tmp_path):
    # stubtest imports each compiled kernel and compares it with its .pyi: a
    # changed signature or a removed function fails here (new functions
    # without a stub are allowed: the public wrappers are what users see).
    kernels = [f"gridgames.{game}._kernel" for game in GAMES]
    kernels += ["gridgames.samegame.research._search", "gridgames.numberlink._solve", "gridgames.envs._view",
                "gridgames.envs._batch", *(f"gridgames.envs._batch_{game}" for game in GAMES),
                "gridgames.gopher._solve"]
    p = subprocess.run([sys.executable, "-m", "mypy.stubtest", "--ignore-missing-stub",
                        "--ignore-disjoint-bases", *kernels],
                       capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
