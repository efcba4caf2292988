"""Command-line plumbing shared by every game's ``cli`` module.

Each game is a subcommand with commands of its own (``gridgames samegame
solve``, ``gridgames numberlink generate``).  The judge games also take the
judge-format form ``gridgames GAME [INPUT]``: when the word after the game is
not one of its commands, ``cli.main`` reads it as ``gridgames GAME judge ...``
(a judge file named like a command is reached with ``judge NAME`` or
``./NAME``).
"""
import argparse
import textwrap

DEFAULT_COMMAND = "judge"
HELP_FLAGS = ("-h", "--help")


def add_game(subparsers, game: str, *, help: str, description: str, epilog: str = None):
    """The parser of ``gridgames GAME`` and the subparsers of its commands."""
    parser = subparsers.add_parser(
        game, help=help, description=paragraphs(description), epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    return parser, commands


def add_command(commands, name: str, *, help: str, description: str, epilog: str = None):
    """One command of a game, e.g. ``judge`` or ``generate``.  Its parser is
    kept in the parsed arguments, so that an unknown option is reported by
    it (``cli.main``), not by ``gridgames`` itself."""
    parser = commands.add_parser(name, help=help, description=paragraphs(description),
                                 epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.set_defaults(command_parser=parser)
    return parser


def paragraphs(text: str, width: int = 78) -> str:
    """``text`` wrapped, keeping its blank-line separated paragraphs."""
    return "\n\n".join(textwrap.fill(" ".join(par.split()), width) for par in text.split("\n\n"))


def add_io_arguments(parser):
    """INPUT (a path, or - for standard input) and -o/--output (- or none:
    standard output)."""
    parser.add_argument("input", nargs="?", default="-", metavar="INPUT",
                        help="input file, or - for standard input (the default)")
    parser.add_argument("-o", "--output", metavar="OUTPUT",
                        help="write the results here instead of standard output ('-': standard output)")


def with_default_command(argv: list, commands_of: dict) -> list:
    """``argv`` with ``judge`` inserted after a judge game whose next word is
    not one of its commands (``commands_of``: game -> its command names)."""
    if argv and argv[0] in commands_of and DEFAULT_COMMAND in commands_of[argv[0]]:
        rest = argv[1:]
        if not rest or (rest[0] not in commands_of[argv[0]] and rest[0] not in HELP_FLAGS):
            return [argv[0], DEFAULT_COMMAND, *rest]
    return argv
