"""The one process gridgames starts (Number Link's SAT fallback under a time limit, in a child
killed at the deadline) works with the 'spawn' start method, the default of macOS and Windows:
forced here for every multiprocessing context, in-process and from the command line."""
import json
import multiprocessing
import os
import subprocess
import sys
import time

import pytest

from gridgames.numberlink import _sat, generate

needs_sat = pytest.mark.skipif(not _sat.available(), reason="needs python-sat (the [sat] extra)")

PUZZLE = generate(20, 20, 2).puzzle  # (its search takes some 2,000 nodes: the fallback after one answers)
# A sitecustomize for the command line: every context spawn, and the SAT fallback after one node.
SPAWN = """
import multiprocessing
multiprocessing.set_start_method("spawn", force=True)
_context = multiprocessing.get_context
multiprocessing.get_context = lambda method=None: _context("spawn")
import gridgames.numberlink._game
gridgames.numberlink._game._fallback_nodes = lambda puzzle: 1
"""


@needs_sat
def test_the_sat_child_answers_when_spawned(monkeypatch):
    spawned, get_context = [], multiprocessing.get_context

    def context(method=None):
        spawned.append(method)
        return get_context("spawn")

    monkeypatch.setattr(_sat.multiprocessing, "get_context", context)
    puzzle = PUZZLE
    found = _sat.count_until(puzzle.rows, puzzle.cols, puzzle.cells, 2, time.monotonic() + 120)
    assert spawned == ["fork"]  # (asked for; given spawn)
    assert found is not None and found[0] == _sat.count(puzzle.rows, puzzle.cols, puzzle.cells, 2)[0]


@needs_sat
def test_the_command_line_spawns_without_running_again(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(SPAWN)
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PUZZLE.render())
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "gridgames", "numberlink", "solve", "--count", "--json",
                           "--time", "120", str(puzzle)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    line = json.loads(done.stdout)
    assert (line["answer"], line["method"]) == ("unique", "sat")
