"""gridgames.BACKENDS / BACKEND / --version tell which games run compiled,
also for a partial build (simulated by refusing one kernel module)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gridgames
from gridgames._runtime import game_table
from gridgames._runtime.backend import GAMES, SHARED, parts, summary

PARTS = {name: game.parts for name, game in game_table.GAMES.items()}  # each game's compiled parts, from its row

# Makes one compiled module (argv[1]) unimportable, as a build without it
# would; the programs below then run.
REFUSE = """
import sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name == sys.argv[1]:
            raise ModuleNotFoundError("simulated: not built", name=name)
sys.meta_path.insert(0, Refuse())
"""
REPORT = REFUSE + """
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import gridgames
    from gridgames import gopher
    from gridgames.cli import version
    print(gridgames.BACKEND, gridgames.BACKENDS["gopher"], gridgames.BACKENDS["samegame"])
    print(version())
    print(len(caught), "warnings on import")
    assert gopher.judge(b"1 1\\n0\\n1 1\\n").output.count(b"|") == 2
    for w in caught:
        print(w.category.__name__, w.message)
"""
# The command line, with ``warnings`` loaded before it starts or not (a judge
# starts without it: the one-line form is then set when the warning is given).
CLI = REFUSE + """
PRELOAD
assert ("warnings" in sys.modules) == LOADED
from gridgames.cli import main
raise SystemExit(main(sys.argv[2:]))
"""


def run(program, module, *args, stdin=""):
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="0")
    return subprocess.run([sys.executable, "-c", program, module, *args], input=stdin,
                          capture_output=True, text=True, env=env, check=True)


def test_every_game_is_compiled_here():
    assert gridgames.BACKENDS == dict.fromkeys(GAMES, "compiled")
    assert gridgames.BACKEND == "compiled"


def test_a_game_running_pure_python_is_reported():
    lines = run(REPORT, "gridgames.gopher._kernel").stdout.splitlines()
    assert lines[0] == "partial pure-python compiled"
    assert lines[1].endswith("(partial; pure-python: gopher)")
    assert lines[2] == "0 warnings on import"
    # the first judge() that falls back says so
    assert lines[3:] == [f"RuntimeWarning {WARNING}"]


@pytest.mark.parametrize("loaded", [False, True], ids=["warnings not loaded", "warnings loaded"])
def test_the_cli_says_it_in_one_line(loaded):
    program = CLI.replace("PRELOAD", "import warnings" if loaded else "").replace("LOADED", str(loaded))
    p = run(program, "gridgames.gopher._kernel", "gopher", "-", stdin="1 1\n0\n1 1\n")
    assert p.stderr == f"{WARNING}\n"
    assert p.stdout.count("|") == 2


WARNING = ("gridgames gopher: running on the pure-Python twin (simulated: not built); "
           "set GRIDGAMES_PURE_PYTHON=1 to choose it without this warning")


def test_forced_pure_python():
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1")
    p = subprocess.run([sys.executable, "-m", "gridgames", "--version"],
                       capture_output=True, text=True, env=env, check=True)
    assert p.stdout == f"gridgames {gridgames.__version__} (pure-python)\n"


def test_summary():
    assert summary({"a": "compiled", "b": "compiled"}) == "compiled"
    assert summary({"a": "pure-python", "b": "pure-python"}) == "pure-python"
    assert summary({"a": "compiled", "b": "pure-python"}) == "partial"


def test_parts_table_lists_every_kernel_and_its_twin():
    root = Path(gridgames.__file__).parent
    compiled = {str(p.relative_to(root))[:-len(".pyx")] for p in root.rglob("*.pyx")}
    listed = {f"{package}/{module.replace('.', '/')}"
              for package, table in {**PARTS, **SHARED}.items() for module in table.values()}
    assert compiled == listed
    assert all((root / f"{name}_pure.py").is_file() for name in compiled)
    assert all(parts(game)[0] == "kernel" for game in GAMES)
