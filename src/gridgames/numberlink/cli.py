"""`gridgames numberlink generate|check`."""
import argparse
import sys
from typing import Any, Optional

from .._cli import Commands, add_command, add_game
from .._judge import CannotWrite, JudgeError, fail, read_input, shown, writing

GAME = "numberlink"

FORMAT = """\
text format: a line 'ROWS COLS', then ROWS lines of COLS tokens, top row
first: '.' an empty square, '#' a solid one, a positive integer an endpoint
(puzzle) or the path a square is on (solution)."""


def register(subparsers: Commands) -> None:
    _, sub = add_game(
        subparsers, GAME, help="Number Link: generate puzzles and check solutions",
        description="Number Link: join each pair of equal numbers with a path of "
                    "adjacent squares; paths never share a square, never enter a solid "
                    "square and together fill every other square.", epilog=FORMAT)

    g = add_command(
        sub, "generate", help="print random puzzles (union-find generator)",
        description="Print COUNT puzzles of SIZE x SIZE (or SIZE x COLS) squares, "
                    "each followed, with --solution, by the solution the generator "
                    "built; blocks are separated by one empty line.  Puzzle i "
                    "(0, 1, ...) uses seed SEED + i (modulo 2**64), so any one can be "
                    "regenerated alone, identically on every platform and backend.",
        epilog=FORMAT)
    g.add_argument("size", type=_side, metavar="SIZE", help="rows (and columns if COLS is omitted), 1..1000")
    g.add_argument("cols", type=_side, nargs="?", metavar="COLS", help="columns, 1..1000")
    g.add_argument("--seed", type=int, default=0, metavar="SEED",
                   help="seed of the first puzzle, any integer (default 0)")
    g.add_argument("--count", type=_count, default=1, metavar="COUNT",
                   help="how many puzzles (default 1)")
    g.add_argument("--solution", action="store_true", help="print each puzzle's solution after it")
    g.add_argument("-o", "--output", metavar="OUTPUT", help="write here instead of standard output")
    g.set_defaults(func=_generate)

    c = add_command(
        sub, "check", help="check that a solution solves a puzzle",
        description="Say whether SOLUTION solves PUZZLE.  Exit status 0 valid; 1 invalid "
                    "(the message names the first broken rule and its square, row and "
                    "column counted from 1 at the top left) or unreadable text "
                    "(line:column of the problem); 2 a file that cannot be read.",
        epilog=FORMAT)
    c.add_argument("puzzle", metavar="PUZZLE", help="puzzle file, or - for standard input")
    c.add_argument("solution", metavar="SOLUTION", help="solution file, or - for standard input")
    c.set_defaults(func=_check)


def _side(text: str) -> int:
    value = _integer(text)
    if value is None or not 1 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"board sides are 1..1000, not {text!r}")
    return value


def _count(text: str) -> int:
    value = _integer(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"COUNT is a positive integer, not {text!r}")
    return value


def _integer(text: str) -> Optional[int]:
    # Every failure must be an ArgumentTypeError of ours: argparse reports a
    # ValueError as "invalid _side value" ('²'.isdigit() is true; int() refuses it).
    try:
        return int(text)
    except ValueError:
        return None


def _generate(args: argparse.Namespace) -> int:
    from . import generate
    cols = args.size if args.cols is None else args.cols
    try:
        with writing(args.output) as out:
            for i in range(args.count):
                puzzle, solution = generate(args.size, cols, args.seed + i)
                text = puzzle.render()
                if args.solution:
                    text += "\n" + solution.render()
                out.write((text if i == 0 else "\n" + text).encode("ascii"))
    except CannotWrite as exc:
        return fail(GAME, str(exc), 2)
    return 0


def _check(args: argparse.Namespace) -> int:
    from . import Puzzle, Solution, check
    if args.puzzle == "-" and args.solution == "-":
        return fail(GAME, "PUZZLE and SOLUTION cannot both be standard input", 2)
    boards: list[Any] = []  # the Puzzle, then the Solution
    for name, kind in ((args.puzzle, Puzzle), (args.solution, Solution)):
        try:
            data = read_input(name)
        except OSError as exc:
            return fail(GAME, f"cannot read {shown(name)}: {exc.strerror}", 2)
        try:
            boards.append(kind.parse(data))
        except JudgeError as err:
            return fail(GAME, f"{shown(name)}:{err}", 1)
    verdict = check(*boards)
    sys.stdout.write(("valid: " if verdict else "invalid: ") + verdict.message + "\n")
    return 0 if verdict else 1
