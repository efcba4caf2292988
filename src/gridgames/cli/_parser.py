"""The argparse half of ``gridgames``: the parser, built for the game named
on the command line only, and the parsed command run.  ``cli.main`` comes
here for everything but the plain judge forms (``judge_command``)."""
import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any, Optional

from .._registry import command_line, games, known as is_game
from . import _args, _contract
from ._args import game_position, with_default_command
from ._io import CannotRead, CannotWrite, fail
from ._version import version

# commands that are not games
TOOLS = {"package": "gridgames.cli.kattis", "completion": "gridgames.cli._completion",
         "manpage": "gridgames.cli._manpage"}

DESCRIPTION = """\
Exact, fast engines for grid-puzzle games. Each judge command reads a judge
file (a path, or - / nothing for standard input) and writes the results to
standard output (or -o FILE), streaming both: memory stays bounded whatever
their size. Exit status: 0 done; 1 bad input (every result before the bad
token is still written; the error names line and column), a wrong answer, a
puzzle without solution; 2 usage error, unreadable input / unwritable output,
or an optional dependency not installed; 3 some answer is 'unknown' (its
budget ran out: numberlink solve); 130 interrupted (Ctrl-C); 143 stopped by
SIGTERM, 129 stopped by SIGHUP (128 + the signal's number; as with Ctrl-C, no
temporary file is left and an earlier output stays whole); 141 the output was closed
early (e.g. by `| head`: a quiet stop, nothing more is written). Set
GRIDGAMES_PURE_PYTHON=1 to use the pure-Python backend."""


class VersionAction(argparse.Action):
    """--version, worked out only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and the backend, then exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        sys.stdout.write(version() + "\n")
        parser.exit()


def build_parser(only: Optional[str] = None) -> argparse.ArgumentParser:
    """The parser of ``gridgames``: with every game and tool, or with
    ``only`` that one (the command line names it: the others are not
    imported, so a judge starts fast)."""
    parser = _contract.Parser(  # its subparsers are Parsers too: they know the options given
        prog="gridgames", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for name in games(installed=True) if only is None else [only] if is_game(only) else []:
        command_line(name).register(sub)
    for name, module in TOOLS.items():
        if only in (None, name):
            importlib.import_module(module).register(sub)
    return parser


def commands_of(parser: argparse.ArgumentParser) -> dict[str, set[str]]:
    """game -> the names of its commands."""
    games = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {game: set(next(a for a in p._actions if isinstance(a, argparse._SubParsersAction)).choices)
            for game, p in games.choices.items() if game not in TOOLS}


def run(argv: list[str]) -> int:
    """Parse ``argv`` (argparse: its usage errors exit 2) and run the command."""
    at = game_position(argv)
    named = argv[at] if at < len(argv) else None
    if named is not None and named not in TOOLS:
        is_game(named)  # an installed game (gridgames.games) is registered now
    names = games()
    # the command (or a judge file) after the game: the others are built bare
    known = named in names and at + 1 < len(argv) and not argv[at + 1].startswith("-")
    _args.WANTED = argv[at + 1] if known else None
    alone = (named in names or named in TOOLS) and not set(argv[:at]) & {"-h", "--help"}
    parser = build_parser(named if alone else None)  # `gridgames -h GAME` lists every game
    args, unknown = parser.parse_known_args(with_default_command(argv, commands_of(parser)))
    if unknown:  # reported by the command that was given them, with its usage
        before_game = set(argv[:game_position(argv)])
        given = parser if before_game & set(unknown) else getattr(args, "command_parser", parser)
        given.error(f"unrecognized arguments: {' '.join(unknown)}")
    _contract.enforce(args)  # an option that does not apply: refused here, for every command
    try:
        status: int = args.func(args)
    except (CannotRead, CannotWrite) as exc:  # an input or output any command names
        return fail(named if named in names or named in TOOLS else "", str(exc), 2)
    return status
