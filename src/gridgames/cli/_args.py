"""Command-line plumbing shared by every game's module here (``cli/GAME.py``).

Each game is a subcommand with commands of its own (``gridgames samegame
solve``, ``gridgames numberlink generate``).  The judge games also take the
judge-format form ``gridgames GAME [INPUT]``: when the word after the game is
not one of its commands, ``main`` reads it as ``gridgames GAME judge ...``
(a judge file named like a command is reached with ``judge NAME`` or
``./NAME``).
"""
from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable
from functools import cache
from typing import Optional, TypeAlias

# What add_subparsers() returns (generic only in typeshed, hence the quotes).
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

DEFAULT_COMMAND = "judge"
HELP_FLAGS = ("-h", "--help")

# The word after the game on the command line, when ``main`` knows it (None:
# every command is built, e.g. for the game's --help).  The commands it does
# not name are added bare (``skipped``): a judge starts without their modules.
WANTED: Optional[str] = None


def skipped(commands: Commands, *names: str) -> bool:
    """True, with bare parsers added for ``names``, when none of these
    commands will run: the caller then builds nothing more for them
    (their modules are not even imported)."""
    if WANTED is None or WANTED in names:
        return False
    for name in names:  # a name only, sharing one empty parser: building parsers is costly
        commands.choices[name] = _bare()  # choices is the name -> parser map
    return True


@cache
def _bare() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(add_help=False)


def add_game(subparsers: Commands, game: str, *, help: str, description: str,
             epilog: Optional[str] = None) -> tuple[argparse.ArgumentParser, Commands]:
    """The parser of ``gridgames GAME`` and the subparsers of its commands."""
    parser = subparsers.add_parser(
        game, help=help, description=paragraphs(description), epilog=epilog,
        formatter_class=Formatter)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    return parser, commands


def add_command(commands: Commands, name: str, *, help: str, description: str,
                epilog: Optional[str] = None) -> argparse.ArgumentParser:
    """One command of a game, e.g. ``judge`` or ``generate``.  Its parser is
    kept in the parsed arguments, so that an unknown option is reported by
    it (``main``), not by ``gridgames`` itself."""
    parser = commands.add_parser(name, help=help, description=paragraphs(description),
                                 epilog=epilog, formatter_class=Formatter)
    parser.set_defaults(command_parser=parser)
    return parser


def paragraphs(text: str, width: int = 78) -> str:
    """``text`` wrapped, keeping its blank-line separated paragraphs; lines
    break between words only (a path or a hyphenated word stays whole)."""
    return "\n\n".join(textwrap.fill(" ".join(par.split()), width, break_on_hyphens=False,
                                       break_long_words=False) for par in text.split("\n\n"))


class Formatter(argparse.RawDescriptionHelpFormatter):
    """--help as written (descriptions: ``paragraphs``), the options' help
    wrapped between words only, as ``paragraphs`` does."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False, break_long_words=False)


def add_io_arguments(parser: argparse.ArgumentParser) -> None:
    """INPUT... (paths, or - for standard input), -o/--output (- or none:
    standard output), --outdir DIR and --suffix (many files at once)."""
    parser.add_argument("input", nargs="*", metavar="INPUT",
                        help="input file, or - for standard input (the default); several with --outdir")
    parser.add_argument("-o", "--output", metavar="OUTPUT",
                        help="write the results here instead of standard output ('-': standard output)")
    parser.add_argument("--outdir", metavar="DIR",
                        help="judge every INPUT in this one process, the results of each into "
                             "DIR/NAME: the INPUT's name with its suffix replaced by --suffix")
    parser.add_argument("--suffix", default=".out", metavar="SUFFIX",
                        help="the suffix of the files written into --outdir (default .out)")


def add_judge_game(subparsers: Commands, game: str, *, title: str, help: str,
                   judge: str) -> tuple[Commands, argparse.ArgumentParser]:
    """A judge game (SameGame, tile-match, gopher): its commands, with
    ``judge`` (INPUT, -o OUTPUT; described by ``judge``) the default one.
    Returns the commands and the judge command's parser (for its options
    and its ``func``)."""
    _, commands = add_game(
        subparsers, game, help=help,
        description=f"{title}.  'gridgames {game} [INPUT]' is short for "
                    f"'gridgames {game} judge [INPUT]'.\n\njudge: {judge}")
    parser = add_command(commands, DEFAULT_COMMAND, help="simulate judge files (the default command)",
                         description=judge)
    add_io_arguments(parser)
    return commands, parser


def with_default_command(argv: list[str], commands_of: dict[str, set[str]]) -> list[str]:
    """``argv`` with ``judge`` inserted after a judge game whose next word is
    not one of its commands (``commands_of``: game -> its command names)."""
    at = game_position(argv)
    if at < len(argv) and DEFAULT_COMMAND in commands_of.get(argv[at], ()):
        game, rest = argv[at], argv[at + 1:]
        if not rest or (rest[0] not in commands_of[game] and rest[0] not in HELP_FLAGS):
            return [*argv[:at + 1], DEFAULT_COMMAND, *rest]
    return argv


def game_position(argv: list[str]) -> int:
    """Index of the game in ``argv``: its first word that is not an option."""
    return next((i for i, word in enumerate(argv) if not word.startswith("-")), len(argv))


def positive(text: str) -> int:
    """An argparse type: an integer 1 or more."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected an integer 1 or more, not {text!r}")
    return value


def ranged(low: int, high: Optional[int], name: str) -> Callable[[str], int]:
    """An argparse type: an integer in ``low``..``high`` (None: no top),
    its error naming the option's placeholder ``name`` and the range written out."""
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if high is None and value is not None and value < low:
            raise argparse.ArgumentTypeError(f"{name} must be {low} or more, not {text.strip()}")  # as typed: -0
        if value is None or value < low or (high is not None and value > high):
            span = f"in {low}..{high}" if high is not None else f"({low} or more)"
            raise argparse.ArgumentTypeError(f"{name} must be an integer {span}, not {text!r}")
        return value
    return convert


def finite(low: Optional[float], name: str) -> Callable[[str], float]:
    """An argparse type: a finite number, ``low`` or more (None: any)."""
    def convert(text: str) -> float:
        value = _float(text)
        if not abs(value) < float("inf") or (low is not None and value < low):
            more = f" >= {low:g}" if low is not None else ""
            raise argparse.ArgumentTypeError(f"{name} must be a finite number{more}, not {text!r}")
        return value
    return convert


def _float(text: str) -> float:
    """``text`` as a float, NaN (refused by every range test) when it is none."""
    try:
        return float(text)
    except ValueError:
        return float("nan")


def seconds(text: str) -> float:
    """An argparse type: a time limit, more than 0 (0 is no limit nowhere) and below 1e9."""
    value = _float(text)
    if not 0 < value < 1e9:  # the limit said: '1e9' is a positive number too
        raise argparse.ArgumentTypeError(f"SECONDS is a positive number below 1e9 (31 years), not {text!r}")
    return value


def colour_choice(text: str) -> int | str:
    """An argparse type: a colour 0..9, 'auto', 'best' or 'race' (samegame solve --tabu-colour)."""
    if text in ("auto", "best", "race"):
        return text
    if len(text) == 1 and text in "0123456789":  # (str.isdigit takes '²' and 5,000 digits)
        return int(text)
    raise argparse.ArgumentTypeError(f"K is a colour 0..9, 'auto', 'best' or 'race', not {text!r}")


class Weights:
    """An argparse type: three integers G,C,L (samegame solve --weights)."""

    example = "100,10,200"  # a value it takes (the CLI contract test gives it)

    def __call__(self, text: str) -> list[int]:
        parts = [p.strip() for p in text.split(",")]
        if len(parts) == 3 and all(p.removeprefix("-").isascii() and p.removeprefix("-").isdigit() and len(p) <= 8
                                   for p in parts):
            values = [int(p) for p in parts]
            if all(-10**6 <= v <= 10**6 for v in values):
                return values
        raise argparse.ArgumentTypeError(f"G,C,L are three integers in -1000000..1000000, not {text!r}")


def period(text: str) -> float:
    """An argparse type: seconds between checkpoints, 0 (at every checkpoint point) or more."""
    value = _float(text)
    if not 0 <= value < 1e9:
        raise argparse.ArgumentTypeError(f"SECONDS is a number >= 0, not {text!r}")
    return value


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    """--progress: progress also when standard error is not a terminal (gridgames._runtime.progress_line)."""
    from .._runtime.progress_line import PLAIN_EVERY
    parser.add_argument("--progress", action="store_true",
                        help="show progress on standard error also when it is not a terminal: a plain "
                             f"line every {PLAIN_EVERY:g} seconds (on a terminal a live line shows anyway)")
