"""gridgames.BACKENDS / BACKEND / --version tell which games run compiled,
also for a partial build (simulated by refusing one kernel module)."""
import os
import subprocess
import sys

import gridgames
from gridgames._backend import GAMES, parts, summary

# Makes one compiled module unimportable, as a broken or partial build would,
# then prints what gridgames reports.  argv: module, exception class name.
PROBE = """
import sys, warnings
module, error = sys.argv[1], getattr(__builtins__, sys.argv[2])
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name == module:
            raise error("simulated", name=name)
sys.meta_path.insert(0, Refuse())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import gridgames
from gridgames.cli import version
print(gridgames.BACKEND, gridgames.BACKENDS["gopher"], gridgames.BACKENDS["samegame"])
print(version())
for w in caught:
    print(w.category.__name__, w.message)
"""


def probe(module, error="ModuleNotFoundError"):
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="0")
    p = subprocess.run([sys.executable, "-c", PROBE, module, error],
                       capture_output=True, text=True, env=env, check=True)
    return p.stdout.splitlines()


def test_every_game_is_compiled_here():
    assert gridgames.BACKENDS == dict.fromkeys(GAMES, "compiled")
    assert gridgames.BACKEND == "compiled"


def test_a_game_built_without_its_kernel_is_reported():
    lines = probe("gridgames.gopher._kernel")
    assert lines[0] == "partial pure-python compiled"
    assert lines[1].endswith("(partial; pure-python: gopher)")
    assert len(lines) == 2  # not built is a choice (no compiler): no warning


def test_a_kernel_that_fails_to_import_is_a_warning():
    lines = probe("gridgames.gopher._kernel", "ImportError")
    assert lines[0] == "partial pure-python compiled"
    assert lines[2].startswith("RuntimeWarning gridgames: the compiled gopher kernel cannot be imported")


def test_forced_pure_python():
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1")
    p = subprocess.run([sys.executable, "-m", "gridgames", "--version"],
                       capture_output=True, text=True, env=env, check=True)
    assert p.stdout == f"gridgames {gridgames.__version__} (pure-python)\n"


def test_summary():
    assert summary({"a": "compiled", "b": "compiled"}) == "compiled"
    assert summary({"a": "pure-python", "b": "pure-python"}) == "pure-python"
    assert summary({"a": "compiled", "b": "pure-python"}) == "partial"


def test_parts_found_from_the_twins():
    for game in GAMES:
        assert parts(game)[0] == "kernel"
