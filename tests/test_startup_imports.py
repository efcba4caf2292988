"""The judges' start-up (issue 37): a plain judge command imports only what
judging needs.  The modules a one-case judge run adds to those of
``python -c pass`` are pinned here, so that an import that creeps back onto
the judge path (collections, contextlib, importlib, argparse, typing, ...)
fails this test instead of slowing every judge down."""
import json
import subprocess
import sys

import pytest

from helpers import DATA

# What the judge path may import beyond a bare interpreter (besides the
# game's own gridgames modules, listed below per game).
ALLOWED = {"__future__", "_operator", "operator", "errno", "warnings", "cython_runtime"}
GRIDGAMES = {"gridgames", "gridgames._backend", "gridgames._files", "gridgames._games",
             "gridgames._judge", "gridgames._limits", "gridgames._record", "gridgames._version",
             "gridgames._wrapper", "gridgames.cli", "gridgames.cli._fast", "gridgames.cli._io"}
PER_GAME = {
    "samegame": {"gridgames._renamed", "gridgames._rows", "gridgames.samegame._check",
                 "gridgames.samegame._game", "gridgames.samegame._text"},
    "tilematch": {"gridgames._rows", "gridgames.tilematch._check", "gridgames.tilematch._game"},
    "gopher": {"gridgames._renamed", "gridgames.gopher._check", "gridgames.gopher._game"},
}
NEVER = {"collections", "contextlib", "importlib", "functools", "typing", "argparse", "re",
         "types", "pathlib", "shutil", "tempfile", "numpy"}

SCRIPT = """
import json, sys
before = set(sys.modules)
sys.argv = ["gridgames", GAME, PATH]
from gridgames.cli import main
status = main()
sys.stdout.flush()
sys.stderr.write(json.dumps([status, sorted(set(sys.modules) - before)]))
"""


@pytest.mark.parametrize("game", ["samegame", "tilematch", "gopher"])
def test_the_judge_path_imports_only_what_it_needs(game):
    path = sorted((DATA / game).glob("*.in"))[0]
    code = SCRIPT.replace("GAME", repr(game)).replace("PATH", repr(str(path)))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    status, added = json.loads(run.stderr.splitlines()[-1])
    assert status == 0
    assert run.stdout  # it judged the file
    added = {name for name in added if not name.startswith("_cython_")}  # Cython's shared module, by version
    kernels = {name for name in added if name.startswith(f"gridgames.{game}._kernel")}
    assert len(kernels) == 1  # the compiled kernel or its twin, whichever runs
    assert added & NEVER == set()
    expected = ALLOWED | GRIDGAMES | PER_GAME[game] | {f"gridgames.{game}", f"gridgames.cli.{game}"} | kernels
    extra = added - expected - {"_scan_pure", "_out_pure"}
    assert {name for name in extra if not name.startswith("gridgames._") or not name.endswith("_pure")} == set()
