"""The game protocol: every game of the one table keeps it (the
conformance checks of gridgames.testing at run time, tests/games/test_conformance.py,
and the Protocols statically with mypy), and every other list of games is the
table's: the import contracts of pyproject.toml, and no module of src/
outside a game's own files spells out several games."""
import io
import itertools
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from gridgames import _game_protocols, _registry
from gridgames._runtime import game_table
from gridgames.testing import _part_checks

try:
    from helpers import GAMES, JUDGE_GAMES
except ModuleNotFoundError:  # run as a script, to write tests/typing/protocols.py: helpers.py is a folder up
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from helpers import GAMES, JUDGE_GAMES

ROOT = Path(__file__).parents[2]
SRC = ROOT / "src" / "gridgames"


def test_a_broken_game_fails_the_checks(monkeypatch):
    calls = itertools.count()
    monkeypatch.setattr(_registry.generator("gopher"), "generate",
                        lambda seed=0, count=None, **options: b"%d 1\n0\n" % (seed + 1) * (next(calls) % 2 + 1))
    with pytest.raises(AssertionError, match=r"gopher: gridgames.gopher._generate.generate\(0\) is not one file"):
        _part_checks.check_judge_files("gopher")  # not one file per seed
    monkeypatch.delattr(_registry.steps("tilematch"), "UNIT")
    with pytest.raises(AssertionError, match="tilematch: gridgames.tilematch._steps has no UNIT"):
        _part_checks.check_parts("tilematch")


def test_every_role_has_a_protocol_documented_once():
    for role, (protocol, who) in _game_protocols.ROLES.items():
        assert protocol.__doc__ and who in ("all", "judge"), role
    assert {"Drawable", "Environment"} <= set(vars(_game_protocols))


def test_the_registry_finds_parts_through_the_table_only():
    assert _registry.games() == tuple(game_table.GAMES)
    assert GAMES == tuple(g for g in game_table.GAMES if game_table.GAMES[g].package == f"gridgames.{g}")
    assert JUDGE_GAMES == tuple(g for g in GAMES if game_table.GAMES[g].judge)
    for game in GAMES:
        assert _registry.part(game).__name__ == game_table.GAMES[game].package
    with pytest.raises(ValueError, match="game must be one of"):
        _registry.row("chess")
    with pytest.raises(ValueError, match="not a judge game"):
        _registry.generator(next(g for g in GAMES if g not in JUDGE_GAMES))


def test_register_refuses_a_name_taken():
    with pytest.raises(ValueError, match="cannot register"):
        game_table.register(GAMES[0], game_table.Game(parts={}, judge=False, title=None, source=None))


def contracts():
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_the_import_contracts_list_the_games_of_the_table():
    packages = [f"gridgames.{g}" for g in GAMES]
    found = {c["name"]: c for c in contracts()}
    layers = found["Layers only point down"]["layers"]
    assert " | ".join(GAMES) in layers
    assert found["A game never imports pictures, envs, kattis, cli or the registry"]["source_modules"] == packages
    assert found["The games are independent"]["modules"] == packages
    cli = found["The command line: the tools, the parser, the games' commands, then the shared plumbing"]
    assert any(layer.split(" : ")[:len(GAMES)] == list(GAMES) for layer in cli["layers"])
    envs = found["The environments: the games' batch twins and vector, the games' environments, then their base"]
    with_env = [g for g in GAMES if game_table.GAMES[g].env]
    assert " : ".join(with_env) in envs["layers"]
    assert " : ".join([*(f"_batch_{g}_pure" for g in with_env), "vector"]) in envs["layers"]


def test_every_layers_contract_names_every_module():
    """exhaustive = true: a new module must be placed in a layer (lint-imports then checks it)."""
    layered = [c for c in contracts() if c["type"] == "layers"]
    assert len(layered) >= 7
    assert all(c.get("exhaustive") is True and c.get("containers") for c in layered), \
        [c["name"] for c in layered if c.get("exhaustive") is not True]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_contract_naming_every_module(game):
    container = f"gridgames.{game}"
    mine = [c for c in contracts() if c.get("containers") == [container]]
    assert len(mine) == 1, f"no layers contract of its own for {container}"
    named = {m for layer in mine[0]["layers"] for m in re.split(r" [|:] ", layer)}
    package = SRC / game
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    modules |= {p.name for p in package.iterdir() if (p / "__init__.py").is_file()}
    assert named == modules


def spelled_games(path):
    """The games named in the code of ``path`` (names and strings, not comments or docstrings)."""
    found = set()
    previous = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        docstring = tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
        if tok.type in (tokenize.NAME, tokenize.STRING) and not docstring:
            found |= {g for g in GAMES if g in tok.string.lower()}  # SameGameEnv too
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            previous = tok.type
    return found


# Each game's files beside its environment: its batch, the batch's twin and stub.
BATCH = {f"envs/_batch_{g}{end}" for g in GAMES for end in (".pyx", ".pyi", "_pure.py")}


def test_no_module_outside_a_game_spells_out_the_games():
    own = {f"{g}" for g in GAMES} | {f"cli/{g}.py" for g in GAMES} | {f"envs/{g}.py" for g in GAMES}
    own |= {"cli/samegame_research.py", "_runtime/game_table.py"} | BATCH
    offenders = {}
    for path in sorted(p for ext in ("py", "pyi", "pyx", "pxi", "pxd") for p in SRC.rglob(f"*.{ext}")):
        name = str(path.relative_to(SRC))
        if name in own or name.split("/")[0] in own or name.startswith("kattis/data/"):
            continue
        found = spelled_games(path)
        if len(found) > 1:
            offenders[name] = sorted(found)
    assert not offenders


def test_the_spelling_check_can_fail(tmp_path):
    (tmp_path / "m.py").write_text('"""samegame and gopher in a docstring."""\nX = ("samegame", "gopher")\n')
    assert spelled_games(tmp_path / "m.py") == {"samegame", "gopher"}
    (tmp_path / "m.py").write_text('"""samegame and gopher in a docstring."""\n# gopher, tilematch\nX = 1\n')
    assert spelled_games(tmp_path / "m.py") == set()


TYPING = Path(__file__).parents[1] / "typing" / "protocols.py"


def protocols_file():
    """tests/typing/protocols.py: each game's modules assigned to their
    Protocols, written from the table (mypy --strict checks the file with the
    package: tests/project/test_typing.py)."""
    imports, lines = [], []
    for game in GAMES:
        row = game_table.GAMES[game]
        imports += [f"import {row.package} as {game}", f"import {row.cli} as {game}_cli"]
        lines += [f"_{game}_package: _game_protocols.GamePackage = {game}",
                  f"_{game}_cli: _game_protocols.CommandLine = {game}_cli"]
        if row.judge:
            imports += [f"import {row.module(part)} as {game}{part}" for part in ("_generate", "_steps", "_validate")]
            lines += [f"_{game}: _game_protocols.JudgeKernel = {game}",
                      f"_{game}_run: _game_protocols.JudgeCommandLine = {game}_cli",
                      f"_{game}_gen: _game_protocols.Generator = {game}_generate",
                      f"_{game}_val: _game_protocols.Validator = {game}_validate",
                      f"_{game}_steps: _game_protocols.Steps = {game}_steps"]
    head = ['"""Written by tests/games/test_protocol.py from gridgames._runtime.game_table',
            '(python tests/games/test_protocol.py writes it again): each game\'s parts assigned to their',
            'Protocols, for mypy --strict."""']
    imports.sort(key=lambda line: line.split()[1])
    return "\n".join([*head, *imports, "from gridgames import _game_protocols", "", *lines]) + "\n"


def test_the_typing_file_is_the_tables():
    assert TYPING.read_text() == protocols_file(), "run: python tests/games/test_protocol.py"


@pytest.mark.slow
def test_protocols_statically(tmp_path):
    """mypy --strict: every game's parts keep their Protocols, and a module
    that is no Generator is refused."""
    pytest.importorskip("mypy")
    shutil.copy(TYPING, tmp_path / "conforms.py")
    (tmp_path / "breaks.py").write_text("from gridgames import _game_protocols\n"
                                        "from gridgames._runtime import generator_kit\n"
                                        "_g: _game_protocols.Generator = generator_kit\n")
    p = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
                        str(tmp_path / "cache"), "conforms.py"], capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    p = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
                        str(tmp_path / "cache"), "breaks.py"], capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 1 and "Generator" in p.stdout, p.stdout


if __name__ == "__main__":
    TYPING.write_text(protocols_file())
