"""The judges' fast path: ``gridgames GAME [judge] [INPUT] [-o OUTPUT]`` (and
the judge command's own options, e.g. gopher's ``--team ID``) recognised
without argparse, whose import and parser cost a judge on a small file most
of its start-up (issue 17).  It accepts only these exact shapes, each option
once and spelled in full, and then runs the game's ``run`` (``cli/GAME.py``, found by ``_registry``): the same code
as through argparse.  Anything else (another option, ``--help``, an
abbreviation, a value that looks like an option, a word that could be a
command, a bad value) returns None, and argparse decides, with its errors
and its help."""
from __future__ import annotations

import sys

from .._games import GAMES
from .._registry import command_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import SimpleNamespace
else:  # types.SimpleNamespace, without importing types
    SimpleNamespace = type(sys.implementation)


def judge_command(argv: list[str]) -> Callable[[], int] | None:
    """The judge command of ``argv`` ready to run, or None: not a plain
    judge form (the caller parses ``argv`` with argparse)."""
    if not argv or argv[0] not in GAMES:
        return None
    game = command_line(argv[0])
    if not hasattr(game, "run"):  # not a judge game
        return None
    rest = argv[1:]
    if rest[:1] == ["judge"]:
        rest = rest[1:]
    elif rest and not rest[0].startswith("-") and "." not in rest[0] and "/" not in rest[0]:
        return None  # a command, or a file named like one: argparse tells them apart
    inputs = [rest.pop(0)] if rest and (rest[0] == "-" or not rest[0].startswith("-")) else []
    options: dict[str, tuple[Callable[[str], object], object]] = getattr(game, "OPTIONS", {})
    flags = {"-o": "output", "--output": "output", **{f"--{name}": name for name in options}}
    given: dict[str, str] = {}
    while rest:
        name = flags.get(rest[0])
        if name is None or name in given or len(rest) < 2 or (rest[1].startswith("-") and rest[1] != "-"):
            return None
        given[name] = rest[1]
        rest = rest[2:]
    values: dict[str, object] = {}
    for name, (convert, default) in options.items():
        try:
            values[name] = convert(given[name]) if name in given else default
        except Exception:  # argparse gives the error
            return None
    args = SimpleNamespace(input=inputs, output=given.get("output"), outdir=None, suffix=".out",
                           command_parser=None, **values)
    return lambda: int(game.run(args))
