"""docs/adding-a-game.md, followed: a toy fifth game (3x3 Lights Out,
tests/data/lightsout/, written from gridgames._protocol alone) copied into a
temporary package, registered with ``gridgames.register_game``, and run
through the same command line, checks and pictures as the table's games:
its judge, generator, validator, step-through page and environment."""
import doctest
import shutil
import sys
from pathlib import Path

import pytest

import gridgames
from gridgames import _conformance, _games, _registry
from gridgames.pictures import svg

DATA = Path(__file__).parent / "data" / "lightsout"
DOC = Path(__file__).parent.parent / "docs" / "adding-a-game.md"


@pytest.fixture
def lightsout(tmp_path, monkeypatch):
    shutil.copytree(DATA, tmp_path / "lightsout")
    monkeypatch.syspath_prepend(str(tmp_path))
    gridgames.register_game("lightsout", gridgames.Game(
        {}, True, "Lights Out", "a toy game (docs/adding-a-game.md)", "LightsOut",
        package="lightsout", cli="lightsout.cli", envs="lightsout.env"))
    yield tmp_path / "lightsout"
    _games.unregister("lightsout")
    for name in [m for m in sys.modules if m == "lightsout" or m.startswith("lightsout.")]:
        del sys.modules[name]


def test_the_toy_game_keeps_the_protocol(lightsout):
    assert _registry.games()[-1] == "lightsout" and "lightsout" in _registry.judge_games()
    assert _conformance.checks("lightsout") == [
        _conformance.check_parts, _conformance.check_command_line, _conformance.check_judge_files,
        _conformance.check_judge_commands, _conformance.check_page, _conformance.check_environment]
    _conformance.check_game("lightsout")


def test_the_toy_game_runs_through_the_command_line(lightsout, tmp_path):
    judge_file = tmp_path / "in.txt"
    judge_file.write_text("1\n1 0 0\n0 0 0\n0 0 0\n1\n1 1\n")
    status, _, err = _conformance.run_cli("lightsout", str(judge_file), "-o", str(tmp_path / "out.txt"))
    assert status == 0, err
    assert (tmp_path / "out.txt").read_text() == "Board 1: 2 lit\n.#.\n#..\n...\n"  # worked by hand
    status, _, err = _conformance.run_cli("lightsout", "show", str(judge_file), "--html", str(tmp_path / "p.html"))
    assert status == 0 and "press (1, 1)" in (tmp_path / "p.html").read_text(), err
    judge_file.write_text("1\n1 0 2\n")
    status, _, err = _conformance.run_cli("lightsout", "validate", str(judge_file))
    assert status == 1 and err.startswith("gridgames lightsout: ") and ":2:5:" in err, err
    status, _, err = _conformance.run_cli("lightsout", "--outdir", "d", "-o", "x")
    assert status == 2 and "not allowed with" in err  # the judge commands' contract, without being told


def test_the_toy_game_draws_itself_and_documents_itself(lightsout):
    package = _registry.part("lightsout")
    assert svg(package.Board([[1, 1, 1], [0, 0, 0], [0, 0, 0]])).startswith("<?xml")
    assert doctest.testmod(package).failed == 0


def test_unregistered_the_toy_game_is_unknown(tmp_path):
    assert "lightsout" not in _registry.games()
    status, _, err = _conformance.run_cli("lightsout", "in.txt")
    assert status == 2 and "invalid choice: 'lightsout'" in err


def test_the_guide_lists_the_toy_games_files():
    """docs/adding-a-game.md names every file the toy game needed, and each
    part of the protocol."""
    text = DOC.read_text()
    for path in sorted(DATA.iterdir()):
        if path.suffix == ".py":
            assert f"`{path.name}`" in text, path.name
    for protocol in ("GamePackage", "JudgeKernel", "Generator", "Validator", "Steps", "Drawable",
                     "CommandLine", "JudgeCommandLine", "Environment"):
        assert protocol in text, protocol
