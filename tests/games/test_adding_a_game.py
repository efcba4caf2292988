"""docs/adding-a-game.md, followed: a toy fifth game (3x3 Lights Out,
examples/lightsout, built on gridgames.protocol alone) copied into a
temporary package, registered with its row, and run through the same
command line, checks and pictures as the table's games: its judge,
generator, validator, step-through page and environment."""
import ast
import doctest
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from gridgames import _registry, pictures
from gridgames.pictures import svg
from gridgames.testing import check_game, checks, run_cli
from helpers import LIGHTSOUT, toy_game

DOC = Path(__file__).parents[2] / "docs" / "adding-a-game.md"


@pytest.fixture
def lightsout(tmp_path, monkeypatch):
    yield from toy_game(tmp_path, monkeypatch)


def test_the_toy_game_keeps_the_protocol(lightsout):
    assert _registry.games()[-1] == "lightsout" and "lightsout" in _registry.judge_games()
    assert "lightsout" in pictures.GAMES  # (read from the table when asked, not copied at import)
    skipped = {check.name: check.skip for check in checks("lightsout") if check.skip}
    assert set(skipped) == {"check_vector_env", "check_kernel", "check_kattis", "check_baseline"}, skipped
    assert all("optional" in why or "checkout" in why for why in skipped.values())
    check_game("lightsout")
    import lightsout as package
    check_game(package)  # by its package too


def test_the_toy_game_imports_nothing_private():
    for path in sorted(LIGHTSOUT.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gridgames"):
                assert not any(part.startswith("_") for part in node.module.split(".")), (path.name, node.module)


def test_the_toy_game_runs_through_the_command_line(lightsout, tmp_path):
    judge_file = tmp_path / "in.txt"
    judge_file.write_text("1\n1 0 0\n0 0 0\n0 0 0\n1\n1 1\n")
    status, _, err = run_cli("lightsout", str(judge_file), "-o", str(tmp_path / "out.txt"))
    assert status == 0, err
    assert (tmp_path / "out.txt").read_text() == "Board 1: 2 lit\n.#.\n#..\n...\n"  # worked by hand
    status, _, err = run_cli("lightsout", "show", str(judge_file), "--html", str(tmp_path / "p.html"))
    assert status == 0 and "press (1, 1)" in (tmp_path / "p.html").read_text(), err
    judge_file.write_text("1\n1 0 2\n")
    status, _, err = run_cli("lightsout", "validate", str(judge_file))
    assert status == 1 and err.startswith("gridgames lightsout: ") and ":2:5:" in err, err
    status, _, err = run_cli("lightsout", "--outdir", "d", "-o", "x")
    assert status == 2 and "not allowed with" in err  # the judge commands' contract, without being told


def test_the_toy_game_draws_itself_and_documents_itself(lightsout):
    package = _registry.part("lightsout")
    assert svg(package.Board([[1, 1, 1], [0, 0, 0], [0, 0, 0]])).startswith("<?xml")
    assert doctest.testmod(package).failed == 0


def test_unregistered_the_toy_game_is_unknown(tmp_path):
    if entry_points(group="gridgames.games", name="lightsout"):
        pytest.skip("examples/lightsout is installed here (an entry point gridgames.games)")
    assert "lightsout" not in _registry.games()
    status, _, err = run_cli("lightsout", "in.txt")
    assert status == 2 and "invalid choice: 'lightsout'" in err


def test_the_guide_lists_the_toy_games_files():
    """docs/adding-a-game.md names every file the toy game needed, and each
    part of the protocol."""
    text = DOC.read_text()
    for path in sorted(LIGHTSOUT.iterdir()):
        if path.suffix == ".py":
            assert f"`{path.name}`" in text, path.name
    for protocol in ("GamePackage", "JudgeKernel", "Generator", "Validator", "Steps", "Drawable",
                     "CommandLine", "JudgeCommandLine", "Environment"):
        assert protocol in text, protocol
