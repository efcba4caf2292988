"""A game installed from elsewhere: an entry point of the group
gridgames.games names its row, read only when a name is not in the table.
examples/lightsout, "installed" here as a distribution on the path (its
package and a dist-info with the entry point), then works with the
``gridgames`` command, the pictures and Gymnasium, in fresh processes."""
import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import gridgames
from gridgames import _registry
from gridgames._runtime import game_table
from helpers import DATA, LIGHTSOUT, drop_modules

pytestmark = pytest.mark.skipif(bool(entry_points(group="gridgames.games", name="lightsout")),
                                reason="examples/lightsout is installed here: these tests install a copy of their own")
SRC = Path(gridgames.__file__).parent.parent  # where this gridgames is (src/, or an installed copy's site-packages)
BOARD = "1\n1 0 0\n0 0 0\n0 0 0\n1\n1 1\n"


def install(where, value="lightsout._row:GAME"):
    """The package and a dist-info naming the entry point ``lightsout = VALUE``, under ``where``."""
    shutil.copytree(LIGHTSOUT, where / "lightsout")
    info = where / "gridgames_lightsout-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gridgames-lightsout\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[gridgames.games]\nlightsout = {value}\n")
    return where


@pytest.fixture
def installed(tmp_path):
    return install(tmp_path / "site")


def run(site, *argv, code=None, cwd=None):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), str(site)]))
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", "gridgames", *argv]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


def test_the_command_finds_an_installed_game(installed, tmp_path):
    (tmp_path / "in.txt").write_text(BOARD)
    p = run(installed, "lightsout", "in.txt", cwd=tmp_path)  # the judges' fast path
    assert p.returncode == 0 and p.stdout == "Board 1: 2 lit\n.#.\n#..\n...\n", p.stderr
    p = run(installed, "lightsout", "show", "in.txt", "--html", "p.html", cwd=tmp_path)  # argparse, the pictures
    assert p.returncode == 0 and "press (1, 1)" in (tmp_path / "p.html").read_text(), p.stderr
    p = run(installed, "--help")
    assert p.returncode == 0 and "lightsout" in p.stdout
    (tmp_path / "in.txt").write_text("1\n1 0 2\n")
    p = run(installed, "lightsout", "validate", "in.txt", cwd=tmp_path)
    assert p.returncode == 1 and len(p.stderr.splitlines()) == 1 and ":2:5:" in p.stderr, p.stderr
    p = run(tmp_path, "lightsout", "in.txt", cwd=tmp_path)  # not installed: unknown
    assert p.returncode == 2 and "invalid choice: 'lightsout'" in p.stderr


def test_gymnasium_makes_an_installed_games_env(installed):
    code = ("import gymnasium, gridgames.envs\nenv = gymnasium.make('gridgames/LightsOut-v0')\n"
            "obs, info = env.reset(seed=0)\nprint(info['action_mask'].sum(), type(env.unwrapped).__module__)")
    p = run(installed, code=code)
    assert p.returncode == 0 and p.stdout.split() == ["9", "lightsout.env"], p.stderr


def test_the_table_games_judges_read_no_entry_points(installed):
    code = (f"from gridgames.cli import main\nmain(['samegame', {str(DATA / 'samegame' / 'sample.in')!r}, "
            "'-o', '/dev/null'])\nimport sys\nprint('importlib.metadata' in sys.modules)")
    p = run(installed, code=code)
    assert p.returncode == 0 and p.stdout.split()[-1] == "False", p.stderr


def test_an_entry_point_that_is_no_game_is_refused(tmp_path, monkeypatch):
    site = install(tmp_path, value="lightsout:judge")
    monkeypatch.syspath_prepend(str(site))
    assert "lightsout" not in game_table.GAMES
    with pytest.raises(TypeError, match=r"entry point lightsout = lightsout:judge \(gridgames.games\) is not a "
                                        "gridgames.protocol.Game"):
        _registry.known("lightsout")
    drop_modules("lightsout")


def test_the_env_ids_are_registered_from_the_rows(installed):
    """import gridgames.envs registers every id, the installed game's too, without importing an env module."""
    code = ("import sys, gymnasium, gridgames.envs\nfrom gridgames import _registry\n"
            "print(sorted(m for m in sys.modules if m.startswith(('gridgames.envs.', 'lightsout.'))))\n"
            "print(sorted(i for i in gymnasium.registry if i.startswith('gridgames/')))\n"
            "print(gridgames.envs.SameGameEnv.__module__, 'SameGameEnv' in dir(gridgames.envs))")
    p = run(installed, code=code)
    assert p.returncode == 0, p.stderr
    modules, ids, loaded = p.stdout.splitlines()
    assert modules == "['lightsout._row']"  # the installed game's row: its entry point
    assert ids == str(sorted(["gridgames/LightsOut-v0", *(game_table.GAMES[g].env_id for g in _registry.games()
                                                           if game_table.GAMES[g].env)]))
    assert loaded == "gridgames.envs.samegame True"
