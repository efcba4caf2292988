"""The ``gridgames`` command: one subcommand per game.

Each game package has a ``cli`` module whose ``register(subparsers)`` adds its
subcommand and sets ``func(args) -> exit status``.  Shared plumbing for
judge-format commands lives in ``gridgames._judge``.
"""
import argparse
import importlib
import sys

from . import BACKEND, __version__
from ._cli import with_default_command
from ._judge import CLOSED_OUTPUT, quiet_broken_pipe

GAMES = ("samegame", "tilematch", "gopher", "numberlink")

DESCRIPTION = """\
Exact, fast engines for grid-puzzle games. Each judge command reads a judge
file (a path, or - / nothing for standard input) and writes the results to
standard output (or -o FILE), streaming both: memory stays bounded whatever
their size. Exit status: 0 done, 1 bad input (every result before the bad
token is still written; the error names line and column), 2 usage error or
unreadable input / unwritable output, 141 the output was closed early (e.g.
by `| head`: a quiet stop, nothing more is written). Set
GRIDGAMES_PURE_PYTHON=1 to use the pure-Python backend."""


def build_parser():
    parser = argparse.ArgumentParser(
        prog="gridgames", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version",
                        version=f"gridgames {__version__} ({BACKEND})")
    sub = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for game in GAMES:
        importlib.import_module(f"gridgames.{game}.cli").register(sub)
    return parser


def commands_of(parser) -> dict:
    """game -> the names of its commands."""
    games = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {game: set(next(a for a in p._actions if isinstance(a, argparse._SubParsersAction)).choices)
            for game, p in games.choices.items()}


def main(argv=None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    args, unknown = parser.parse_known_args(with_default_command(argv, commands_of(parser)))
    if unknown:  # reported by the command that was given them, with its usage
        getattr(args, "command_parser", parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        return args.func(args)
    except BrokenPipeError:
        quiet_broken_pipe()
        return CLOSED_OUTPUT
    except KeyboardInterrupt:
        sys.stderr.write("gridgames: interrupted\n")
        return 130
