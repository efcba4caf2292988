"""Kattis problem packages for the judge games (``gridgames package GAME DIR``).

A package is self-contained: its input validator, the tile game's output
validator and its submissions are Python programs using only the standard
library (Kattis runs them with PyPy).  The validators are assembled from the
very modules behind ``gridgames GAME validate`` and ``check``
(``_lines.py`` + ``GAME/_validate.py``, ``_compare.py``), so the package and
the toolkit cannot disagree.  The wrong-answer submissions are the accepted
one with one real mistake patched in (``MISTAKES``).
"""
import importlib
import inspect
import os
import shutil
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Union

from .. import _compare, _lines
from .._rng_pure import Rand

DATA = Path(__file__).parent / "data"

PROBLEM_YAML = {
    "samegame": ("SameGame Simulation", "ACM regional contest 1995, problem B (UVa 339)",
                 "validator_flags: case_sensitive space_change_sensitive\n"),
    "tilematch": ("Tile Game with Automatic Deletion",
                  "33rd Rowan University Programming Contest, 2019", "validation: custom\n"),
    "gopher": ("Gopher Holes", "Regional programming contest 2001, problem 6",
               "validator_flags: case_sensitive space_change_sensitive\n"),
}

# name -> (text of the accepted submission, the mistaken text); each replaced once.
MISTAKES: dict[str, dict[str, tuple[str, str]]] = {
    "samegame": {
        # a pair with one zero, like '0 5', ends the selection list
        "zero_ends_list": ("if r == 0 and c == 0:", "if r == 0 or c == 0:"),
        # deleting an empty column skips the one after it: a second empty column stays
        "second_empty_column": ("            del cols[x]\n",
                                "            del cols[x]\n            x += 1\n"),
    },
    "tilematch": {
        # settling starts with eliminations (the statement's note: drops come first)
        "eliminations_first": ('for phase in ("drops", "eliminations"):',
                               'for phase in ("eliminations", "drops"):'),
    },
    "gopher": {
        # the flood spreads from numbered patches too, not only from zero ones
        "flood_from_numbers": ("if near[y][x] == 0:", "if near[y][x] >= 0:"),
    },
}


def submission(game: str, mistake: str = "") -> str:
    """The source of the accepted submission, or of the one with ``mistake``."""
    text = (DATA / game / "solution.py").read_text()
    if mistake:
        old, new = MISTAKES[game][mistake]
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
    return _program([_lines, importlib.import_module(f"gridgames.{game}._validate")],
                    "kattis_main(validate)",
                    f"Input validator for {game}, assembled by gridgames from _lines.py and "
                    f"{game}/_validate.py.")


def output_validator() -> str:
    """The tile game's stand-alone output validator (42 accepted, 43 wrong)."""
    return _program([_compare], "kattis_main(tiles)",
                    "Output validator of the tile game, assembled by gridgames from _compare.py.")


def secret_cases(game: str, count: int, seed: int) -> Iterator[tuple[str, bytes, bytes]]:
    """(name, input, answer) for ``count`` generated cases; answers from the engine."""
    gen = importlib.import_module(f"gridgames.{game}._generate")
    judge = importlib.import_module(f"gridgames.{game}").judge
    rng = Rand(seed)
    for i in range(1, count + 1):
        data = gen.generate(rng.below(1 << 32))
        out, err, _ = judge(data)
        assert err is None, err
        yield f"{i:03d}-random", data, out


def write_package(game: str, directory: Union[str, "os.PathLike[str]"], secret: int = 12,
                  seed: int = 0) -> Path:
    """Write the Kattis problem package of ``game`` into ``directory`` (created;
    existing files in it are overwritten).  Returns its path."""
    if game not in PROBLEM_YAML:
        raise ValueError(f"no package for {game!r}: one of {', '.join(PROBLEM_YAML)}")
    root = Path(directory)
    name, source, validation = PROBLEM_YAML[game]
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
    for mistake in MISTAKES[game]:
        files[f"submissions/wrong_answer/{mistake}.py"] = submission(game, mistake)
    if "validation: custom" in validation:
        files["output_validators/tilecheck.py"] = output_validator()
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    statement = root / "problem_statement"
    statement.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DATA / game / "problem.en.tex", statement / "problem.en.tex")
    for part in ("sample", "secret"):
        (root / "data" / part).mkdir(parents=True, exist_ok=True)
        if (DATA / game / part).is_dir():
            for f in sorted((DATA / game / part).iterdir()):
                shutil.copyfile(f, root / "data" / part / f.name)
    for case, data, answer in secret_cases(game, secret, seed):
        (root / "data" / "secret" / f"{case}.in").write_bytes(data)
        (root / "data" / "secret" / f"{case}.ans").write_bytes(answer)
    return root


__all__ = ["MISTAKES", "write_package", "submission", "input_validator", "output_validator"]
