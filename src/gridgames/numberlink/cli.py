"""`gridgames numberlink generate|check|solve`."""
import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional, Union

from .._judge import JudgeError
from .._rng import MASK
from ..cli._args import Commands, add_command, add_game
from ..cli._io import CannotWrite, fail, read_input, shown, writing
from ..pictures._cli import add_sheet_option, save_sheet
from ._check import SOLID

if TYPE_CHECKING:  # imported lazily at run time: the CLI starts fast
    from ..pictures._sheet import Item
    from . import Puzzle, Solution

GAME = "numberlink"

FORMAT = """\
text format: a line 'ROWS COLS', then ROWS lines of COLS tokens, top row
first: '.' an empty square, '#' a solid one, a positive integer an endpoint
(puzzle) or the path a square is on (solution).

character format (--format chars): a line 'WIDTH HEIGHT' (columns first),
then HEIGHT lines of WIDTH characters: '.' empty, '#' solid, any other
printable character an endpoint label (each label exactly twice)."""

MAX_REJECTED = 10000  # generate gives up after this many rejected seeds in a row


def register(subparsers: Commands) -> None:
    _, sub = add_game(
        subparsers, GAME, help="Number Link: generate, solve and check puzzles",
        description="Number Link: join each pair of equal numbers with a path of "
                    "adjacent squares; paths never share a square, never enter a solid "
                    "square and together fill every other square.", epilog=FORMAT)

    g = add_command(
        sub, "generate", help="print random puzzles (union-find generator)",
        description="Print COUNT puzzles of SIZE x SIZE (or SIZE x COLS) squares, "
                    "each followed, with --solution, by the solution the generator "
                    "built; blocks are separated by one empty line.  The candidates "
                    "are the puzzles of seeds SEED, SEED + 1, SEED + 2, ... (modulo "
                    "2**64); the first COUNT accepted are printed.  Without --unique "
                    "and --min-length every candidate is accepted, so puzzle i "
                    "(0, 1, ...) is seed SEED + i; with them, --verbose names each "
                    "printed puzzle's seed, and --seed S alone regenerates it, "
                    "identically on every platform and backend.  Generation fails "
                    f"(exit 1) after {MAX_REJECTED} rejected seeds in a row.",
        epilog=FORMAT)
    g.add_argument("size", type=_side, metavar="SIZE", help="rows (and columns if COLS is omitted), 1..1000")
    g.add_argument("cols", type=_side, nargs="?", metavar="COLS", help="columns, 1..1000")
    g.add_argument("--seed", type=int, default=0, metavar="SEED",
                   help="seed of the first puzzle, any integer (default 0)")
    g.add_argument("--count", type=_count, default=1, metavar="COUNT",
                   help="how many puzzles (default 1)")
    g.add_argument("--solution", action="store_true", help="print each puzzle's solution after it")
    g.add_argument("--unique", action="store_true",
                   help="accept only puzzles with exactly one solution (checked by the solver)")
    g.add_argument("--min-length", type=_count, default=1, metavar="L",
                   help="accept only puzzles whose paths all have at least L squares")
    g.add_argument("--verbose", action="store_true",
                   help="a summary of each puzzle on standard error (seed, paths, solid "
                        "squares, unique or not)")
    g.add_argument("--format", choices=("text", "chars"), default="text",
                   help="output format (default text)")
    g.add_argument("-o", "--output", metavar="OUTPUT",
                   help="write here instead of standard output ('-': standard output)")
    add_sheet_option(g)
    g.set_defaults(func=_generate)

    s = add_command(
        sub, "solve", help="solve puzzles, or count their solutions",
        description="Solve each puzzle of FILE (puzzles separated by empty lines, in "
                    "the text or the character format, detected for each puzzle unless "
                    "--format says) and print its solution, blocks separated by an empty "
                    "line; 'no solution' for a puzzle without one.  With --count, print "
                    "one line per puzzle instead: 'none', 'unique' or 'several'.  Exit "
                    "status 0 done; 1 a puzzle without solution (without --count) or "
                    "unreadable text (FILE:LINE:COL; the results before it are printed); "
                    "2 usage errors and files that cannot be read or written.",
        epilog=FORMAT)
    s.add_argument("file", metavar="FILE", help="puzzle file, or - for standard input")
    s.add_argument("--count", action="store_true",
                   help="print none, unique or several for each puzzle")
    s.add_argument("--format", choices=("text", "chars"), default=None,
                   help="read and write this format (default: detect when reading, write text)")
    s.add_argument("-o", "--output", metavar="OUTPUT",
                   help="write here instead of standard output ('-': standard output)")
    add_sheet_option(s)
    s.set_defaults(func=_solve)

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


def _render(board: "Union[Puzzle, Solution]", fmt: str, labels: Optional[Sequence[str]] = None) -> str:
    from ._text import render_chars
    return render_chars(board.rows, board.cols, board.cells, labels) if fmt == "chars" \
        else board.render()


def _solid(n: int) -> str:
    return f"{n} solid square" + ("" if n == 1 else "s")


def _lengths(solution: "Solution") -> list[int]:
    return sorted(Counter(v for v in solution.cells if v > 0).values())


def _generate(args: argparse.Namespace) -> int:
    from . import count_solutions, generate
    cols = args.size if args.cols is None else args.cols
    seed, rejected = args.seed, 0
    puzzles: list[Item] = []
    solutions: list[Item] = []
    try:
        with writing(args.output) as out:
            for i in range(args.count):
                while True:
                    puzzle, solution = generate(args.size, cols, seed)
                    lengths = _lengths(solution)
                    ok = not lengths or lengths[0] >= args.min_length
                    count = count_solutions(puzzle) if ok and (args.unique or args.verbose) else None
                    if ok and (count == 1 or not args.unique):
                        break
                    rejected += 1
                    seed += 1
                    if rejected >= MAX_REJECTED:
                        return _sheet(args, puzzles, solutions) or \
                            fail(GAME, f"no acceptable puzzle in the {MAX_REJECTED} seeds "
                                       f"up to {(seed - 1) & MASK}", 1)
                rejected = 0
                puzzles.append((f"Puzzle {i + 1} (seed {seed & MASK})", puzzle))
                solutions.append((f"Solution {i + 1}", solution))
                text = _render(puzzle, args.format)
                if args.solution:
                    text += "\n" + _render(solution, args.format)
                out.write((text if i == 0 else "\n" + text).encode("ascii"))
                if args.verbose:
                    span = f" (lengths {lengths[0]}..{lengths[-1]})" if lengths else ""
                    sys.stderr.write(
                        f"puzzle {i + 1}: seed {seed & MASK}, {puzzle.rows}x{puzzle.cols}, "
                        f"{len(lengths)} paths{span}, {_solid(puzzle.cells.count(SOLID))}, "
                        f"{'unique' if count == 1 else 'several solutions'}\n")
                seed += 1
    except (CannotWrite, ValueError) as exc:
        return fail(GAME, str(exc), 2)
    return _sheet(args, puzzles, solutions)


def _sheet(args: argparse.Namespace, puzzles: "list[Item]", solutions: "list[Item]") -> int:
    """The --svg sheet, if asked for (never over the input or the text output)."""
    if not args.svg:
        return 0
    inputs = [name for name in (getattr(args, "file", None), args.output) if name]
    return save_sheet(GAME, args.svg, "Number Link", puzzles, solutions, inputs)


def _solve(args: argparse.Namespace) -> int:
    from . import Puzzle, count_solutions, solve
    from ._text import read_puzzles
    name = shown(args.file)
    try:
        data = read_input(args.file)
    except OSError as exc:
        return fail(GAME, f"cannot read {name}: {exc.strerror}", 2)
    status = 0
    puzzles: list[Item] = []
    solutions: list[Item] = []
    try:
        with writing(args.output, [args.file]) as out:
            try:
                for i, (rows, cols, cells, labels) in enumerate(read_puzzles(data, args.format or "auto")):
                    puzzle = Puzzle._make(rows, cols, cells)
                    if args.count:
                        word = ("none", "unique", "several")[count_solutions(puzzle)]
                        puzzles.append((f"Puzzle {i + 1}: {word}", puzzle))
                        text = word + "\n"
                    else:
                        found = solve(puzzle)
                        if found is None:
                            status = 1
                        puzzles.append((f"Puzzle {i + 1}", puzzle))
                        solutions.append((f"Solution {i + 1}", found) if found else
                                         (f"Puzzle {i + 1}: no solution", None))
                        text = "no solution\n" if found is None else \
                            _render(found, args.format or "text", labels)
                        text = text if i == 0 else "\n" + text
                    out.write(text.encode("ascii"))
            except JudgeError as err:
                out.flush()
                return _sheet(args, puzzles, solutions) or fail(GAME, f"{name}:{err}", 1)
    except (CannotWrite, ValueError) as exc:
        return fail(GAME, str(exc), 2)
    return _sheet(args, puzzles, solutions) or status


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
            boards.append(kind.from_text(data))
        except JudgeError as err:
            return fail(GAME, f"{shown(name)}:{err}", 1)
    verdict = check(*boards)
    sys.stdout.write(("valid: " if verdict else "invalid: ") + verdict.message + "\n")
    return 0 if verdict else 1
