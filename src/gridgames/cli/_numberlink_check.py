"""`gridgames numberlink check`: solutions against their puzzles, one or
many per file (as generate and solve write them)."""
import argparse
import sys
from typing import Any

from .._runtime.judge import JudgeError
from ._args import Commands, add_command
from ._io import fail, shown
from ._reading import WHOLE_HELP, read_input

GAME = "numberlink"

FORMAT = """\
text format: a line 'ROWS COLS', then ROWS lines of COLS tokens, top row
first: '.' an empty square, '#' a solid one, a positive integer an endpoint
(puzzle) or the path a square is on (solution).

character format (--format chars): a line 'WIDTH HEIGHT' (columns first),
then HEIGHT lines of WIDTH characters: '.' empty, '#' solid, any other
printable character an endpoint label (each label exactly twice)."""


CHECK_DESCRIPTION = """\
Say whether SOLUTION solves PUZZLE (the text format).  Files of several puzzles separated by
empty lines, as generate and solve write them: solution i must solve puzzle i, every one is
checked, and the first wrong one is named.  Exit status 0 valid; 1 invalid (the message names
the first broken rule and its square, row and column counted from 1 at the top left), a count
that differs, or unreadable text (line:column of the problem); 2 a file that cannot be read."""


def register_check(sub: Commands) -> None:
    c = add_command(
        sub, "check", help="check that solutions solve their puzzles",
        description=CHECK_DESCRIPTION,
        epilog=FORMAT)
    c.add_argument("puzzle", metavar="PUZZLE", help=f"puzzle file, or - for standard input ({WHOLE_HELP})")
    c.add_argument("solution", metavar="SOLUTION", help=f"solution file, or - for standard input ({WHOLE_HELP})")
    c.set_defaults(func=_check)


def _check(args: argparse.Namespace) -> int:
    from ..numberlink import Puzzle, Solution, check
    from ..numberlink._text import parse, read_puzzles
    if args.puzzle == "-" and args.solution == "-":
        args.command_parser.error("PUZZLE and SOLUTION cannot both be standard input")
    boards: list[list[Any]] = []  # the Puzzles, then the Solutions
    for name, kind in ((args.puzzle, Puzzle), (args.solution, Solution)):
        data = read_input(name)
        try:  # an empty file: the one-board reader says what is missing
            found = list(read_puzzles(data, "text", kind is Solution)) or [(*parse(data, kind is Solution), None)]
        except JudgeError as err:
            return fail(GAME, f"{shown(name)}:{err}", 1)
        boards.append([kind._make(rows, cols, cells) for rows, cols, cells, _ in found])
    puzzles, solutions = boards
    if len(puzzles) != len(solutions):
        return fail(GAME, f"{shown(args.puzzle)} has {len(puzzles)} puzzles, {shown(args.solution)} "
                          f"{len(solutions)}: one solution per puzzle, in order", 1)
    verdicts = [check(p, s) for p, s in zip(puzzles, solutions)]
    wrong = [(i, v) for i, v in enumerate(verdicts, 1) if not v]
    if len(verdicts) == 1:
        sys.stdout.write(("valid: " if verdicts[0] else "invalid: ") + verdicts[0].message + "\n")
    elif wrong:
        sys.stdout.write(f"invalid: puzzle {wrong[0][0]} of {len(verdicts)}: {wrong[0][1].message} "
                         f"({len(wrong)} of {len(verdicts)} wrong)\n")
    else:
        sys.stdout.write(f"valid: all {len(verdicts)} solutions solve their puzzles\n")
    return 1 if wrong else 0
