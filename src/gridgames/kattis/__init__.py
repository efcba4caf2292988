"""Kattis problem packages for the judge games (``gridgames package GAME DIR``).

A package is self-contained: its input validator, the tile game's output
validator and its submissions are Python programs using only the standard
library (Kattis runs them with PyPy).  The validators are assembled from the
very modules behind ``gridgames GAME validate`` and ``check``
(``strict_reader.py`` + ``GAME/_validate.py``, ``compare.py``), so the package and
the toolkit cannot disagree.  The wrong-answer submissions are the accepted
one with one real mistake patched in (``mistakes``: ``data/GAME/mistakes.json``).
"""
import inspect
import json
import os
import re
import shutil
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Union

from .._registry import generator, judge_games, package, part as game_module, row, validator
from .._runtime import compare, strict_reader
from .._runtime.random_source_pure import Rand

DATA = Path(__file__).parent / "data"


def games() -> tuple[str, ...]:
    """The games with a Kattis package: the judge games whose row declares it
    (``has``: "kattis", an optional part; a game without one is left out)."""
    return tuple(game for game in judge_games() if "kattis" in row(game).has)



def problem_dir(game: str) -> Path:
    """The folder of ``game``'s problem: ``problem.en.tex``, ``solution.py``
    (the accepted submission), ``mistakes.json`` (the wrong ones), ``sample/``
    and ``secret/``: ``kattis/data/GAME/`` for the games of this package, else
    the ``kattis/`` folder of the game's own package."""
    if row(game).package == f"gridgames.{game}":
        return DATA / game
    return Path(game_module(game).__file__).parent / "kattis"


def problem_yaml(game: str) -> tuple[str, str]:
    """(name, source) of ``game``'s problem.yaml, from the games' table."""
    found = row(game)
    if game not in games() or found.title is None or found.source is None:
        raise ValueError(f"no package for {game!r}: one of {', '.join(games())}")
    return found.title, found.source


def mistakes(game: str) -> dict[str, tuple[str, str]]:
    """name -> (text of the accepted submission, the mistaken text), each
    replaced once (``mistakes.json``: each with its ``why``)."""
    found = json.loads((problem_dir(game) / "mistakes.json").read_text())
    return {name: (m["accepted"], m["mistaken"]) for name, m in found.items()}


def __getattr__(name: str) -> Any:
    if name == "MISTAKES":  # the mistakes of every game with a package (was a table here)
        return {game: mistakes(game) for game in games()}
    if name == "PROBLEM_YAML":
        return {game: problem_yaml(game) for game in games()}
    raise AttributeError(f"module 'gridgames.kattis' has no attribute {name!r}")


def submission(game: str, mistake: str = "") -> str:
    """The source of the accepted submission, or of the one with ``mistake``."""
    text = (problem_dir(game) / "solution.py").read_text()
    if mistake:
        old, new = mistakes(game)[mistake]
        assert text.count(old) == 1, (game, mistake)
        text = text.replace(old, new)
    return text


def _program(parts: Sequence[ModuleType], call: str, doc: str) -> str:
    """One stand-alone Python file: the sources of ``parts`` (modules), with
    their relative imports dropped, then ``call``."""
    body = []
    for part in parts:
        lines = inspect.getsource(part).splitlines()
        body += [line for line in lines if not line.startswith("from .")] + [""]
    return "\n".join([f'"""{doc}"""', *body, call, ""])


def input_validator(game: str) -> str:
    """The stand-alone input validator (Kattis exit codes 42/43)."""
    return _program([strict_reader, validator(game)],  # type: ignore[list-item]
                    "kattis_main(validate)",
                    f"Input validator for {game}, assembled by gridgames from strict_reader.py and "
                    f"{game}/_validate.py.")


def output_validator() -> str:
    """The tile game's stand-alone output validator (42 accepted, 43 wrong)."""
    return _program([compare], "kattis_main(tiles)",
                    "Output validator of the tile game, assembled by gridgames from compare.py.")


SHORTNAME = re.compile(r"[a-z0-9]+")  # problemtools' rule for a problem's short name


def check_shortname(directory: Union[str, "os.PathLike[str]"]) -> str:
    """The problem's short name: a package directory's own name, which Kattis and
    ``verifyproblem`` require to match ``[a-z0-9]+``.  ValueError, saying the rule,
    for any other name (``pk-tilematch``, ``Pkg``), before anything is written."""
    name = Path(os.path.abspath(directory)).name
    if not SHORTNAME.fullmatch(name):
        raise ValueError(f"{name!r} is not a Kattis short name: the directory's name must be "
                         "lowercase letters and digits only ([a-z0-9]+), as verifyproblem requires")
    return name


MAX_SECRET = 999  # generated secret cases: their names have three digits (001-random...)


def secret_cases(game: str, count: int, seed: int) -> Iterator[tuple[str, bytes, bytes]]:
    """(name, input, answer) for ``count`` generated cases; answers from the engine."""
    gen = generator(game)
    judge = package(game).judge
    rng = Rand(seed)
    for i in range(1, count + 1):
        data = gen.generate(rng.below(1 << 32))
        out, err, _ = judge(data)
        assert err is None, err
        yield f"{i:03d}-random", data, out


def write_package(game: str, directory: Union[str, "os.PathLike[str]"], secret: int = 12,
                  seed: int = 0) -> Path:
    """Write the Kattis problem package of ``game`` into ``directory`` (created;
    existing files in it are overwritten).  Returns its path.  ``secret``:
    1..MAX_SECRET generated cases (ValueError otherwise).  Where the package is
    used as it is, the directory's name is the problem's short name:
    ``check_shortname`` (the CLI checks it before writing)."""
    if not 1 <= secret <= MAX_SECRET:
        raise ValueError(f"secret must be 1..{MAX_SECRET}, not {secret}")
    name, source = problem_yaml(game)
    root = Path(directory)
    exact = generator(game).ANSWERS == "exact"
    validation = "validator_flags: case_sensitive space_change_sensitive\n" if exact else "validation: custom\n"
    files = {
        # the statement, data and programs are written anew by gridgames; the uuid is
        # fixed per game, so a package written again is the same problem to a judge system
        "problem.yaml": (f"name: {name}\nsource: {source}\nlicense: cc by\n"
                         f"rights_owner: gridgames developers\n"
                         f"uuid: {uuid.uuid5(uuid.NAMESPACE_URL, 'gridgames/kattis/' + game)}\n"
                         f"{validation}"),
        "input_validators/validate.py": input_validator(game),
        "submissions/accepted/solution.py": submission(game),
    }
    for mistake in mistakes(game):
        files[f"submissions/wrong_answer/{mistake}.py"] = submission(game, mistake)
    if "validation: custom" in validation:
        files["output_validators/tilecheck.py"] = output_validator()
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    statement = root / "problem_statement"
    statement.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(problem_dir(game) / "problem.en.tex", statement / "problem.en.tex")
    for kind in ("sample", "secret"):
        (root / "data" / kind).mkdir(parents=True, exist_ok=True)
        if (problem_dir(game) / kind).is_dir():
            for f in sorted((problem_dir(game) / kind).iterdir()):
                shutil.copyfile(f, root / "data" / kind / f.name)
    for case, data, answer in secret_cases(game, secret, seed):
        (root / "data" / "secret" / f"{case}.in").write_bytes(data)
        (root / "data" / "secret" / f"{case}.ans").write_bytes(answer)
    return root


__all__ = ["MAX_SECRET", "MISTAKES", "SHORTNAME", "check_shortname",
           "games", "problem_dir", "mistakes", "problem_yaml", "write_package", "submission",
           "input_validator", "output_validator"]
