"""`gridgames numberlink generate|check|solve`."""
import argparse
import io
import json
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Optional, Union

from .._runtime.judge import JudgeError
from .._runtime.progress_line import RATE_WINDOW, Line, wanted
from .._runtime.random_source_pure import MASK
from ..numberlink._check import SOLID
from ._args import Commands, add_command, add_game, add_progress_option, seconds
from ._io import CannotWrite, fail, shown, writing
from ._numberlink_check import FORMAT, register_check
from ._outputs import refuse_unwritable
from ._pictures import add_sheet_option, save_files, sheet_files
from ._reading import WHOLE_HELP, read_input

if TYPE_CHECKING:  # imported lazily at run time: the CLI starts fast
    from ..numberlink import Budget, Generated, Puzzle, Solution
    from ..pictures._sheet import Item
    from ._contract import Rule

GAME = "numberlink"

MAX_REJECTED = 10000  # generate gives up after this many rejected seeds in a row
# generate --unique: search nodes per count of a candidate; one not proved unique
# by then is repaired (numberlink._unique) and counted again
GENERATE_NODES = 300
# generate runs the solver (its budget, its progress) only for these
SOLVER = "--max-nodes --time --no-sat --progress"


def rules() -> "dict[str, list[Rule]]":
    """The options of generate that apply only sometimes (``cli._contract``)."""
    from ._contract import needs
    return {"generate": [needs(SOLVER, "--unique", "--verbose")]}


def register(subparsers: Commands) -> None:
    _, sub = add_game(
        subparsers, GAME, help="Number Link: generate, solve and check puzzles",
        description="Number Link: join each pair of equal numbers with a path of "
                    "adjacent squares; paths never share a square, never enter a solid "
                    "square and together fill every other square.  A path never touches "
                    "itself: a square of it is next to no square of the same path but the one "
                    "before and the one after it (an endpoint: only the one after it).  So "
                    "the puzzle '2 3 / 1 . . / 1 . .' has no solution: its 1s are side by "
                    "side, and a longer path between them would touch itself.", epilog=FORMAT)
    _register_generate(sub)
    _register_solve(sub)
    register_check(sub)


GENERATE_DESCRIPTION = f"""\
Print COUNT puzzles of SIZE x SIZE (or SIZE x COLS) squares, each followed, with --solution, by
the solution the generator built; blocks are separated by one empty line.  The candidates are
the puzzles of seeds SEED, SEED + 1, SEED + 2, ... (modulo 2**64); the first COUNT accepted are
printed.  Without --unique and --min-length every candidate is accepted, so puzzle i (0, 1, ...)
is seed SEED + i; with them, --verbose names each printed puzzle's seed, and --seed S with the
same options regenerates it, identically on every platform and backend.  --unique repairs a
candidate with several solutions (or not proved unique within the budget): it cuts paths of its
solution in two until the solver proves the puzzle unique.  Generation fails (exit 1) after
{MAX_REJECTED} rejected seeds in a row."""


def _register_generate(sub: Commands) -> None:
    g = add_command(
        sub, "generate", help="print random puzzles (union-find generator)",
        description=GENERATE_DESCRIPTION,
        epilog=FORMAT)
    g.add_argument("size", type=_side, metavar="SIZE", help="rows (and columns if COLS is omitted), 1..1000")
    g.add_argument("cols", type=_side, nargs="?", metavar="COLS", help="columns, 1..1000")
    g.add_argument("--seed", type=int, default=0, metavar="SEED",
                   help="seed of the first puzzle, any integer (default 0)")
    g.add_argument("--count", type=_count, default=1, metavar="COUNT",
                   help="how many puzzles (default 1)")
    g.add_argument("--solution", action="store_true", help="print each puzzle's solution after it")
    g.add_argument("--unique", action="store_true",
                   help="print only puzzles with exactly one solution, proved by the solver "
                        "(a candidate with several, or not proved unique within the budget, "
                        "gets paths cut in two until it is)")
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
    _budget_arguments(g, f" (default {GENERATE_NODES}); with --unique, a candidate not proved unique within "
                         "them is cut and counted again", GENERATE_NODES)
    g.set_defaults(func=_generate)


SOLVE_DESCRIPTION = """\
Solve each puzzle of FILE (puzzles separated by empty lines, in the text or the character
format, detected for each puzzle unless --format says) and print its solution, blocks separated
by an empty line; 'no solution' for a puzzle without one.  With --count, print one line per
puzzle instead: 'none', 'unique' or 'several'.  A puzzle whose --max-nodes or --time ran out
first gets 'unknown' instead.  Exit status 0 done; 1 a puzzle without solution (without --count)
or unreadable text (FILE:LINE:COL; the results before it are printed); 2 usage errors and files
that cannot be read or written; 3 some answer is 'unknown' (before 1 for a puzzle without
solution); 130 interrupted (Ctrl-C).  On a terminal, a live line on standard error shows the
puzzle under way and the search's nodes per second."""


def _register_solve(sub: Commands) -> None:
    s = add_command(
        sub, "solve", help="solve puzzles, or count their solutions",
        description=SOLVE_DESCRIPTION,
        epilog=FORMAT + "\n\n" + SAT_HELP)
    s.add_argument("file", metavar="FILE", help=f"puzzle file, or - for standard input ({WHOLE_HELP})")
    s.add_argument("--count", action="store_true",
                   help="print none, unique or several for each puzzle")
    s.add_argument("--format", choices=("text", "chars"), default=None,
                   help="read and write this format (default: detect when reading, write text)")
    s.add_argument("-o", "--output", metavar="OUTPUT",
                   help="write here instead of standard output ('-': standard output)")
    add_sheet_option(s)
    _budget_arguments(s)
    s.add_argument("--json", action="store_true",
                   help='one line per puzzle: {"puzzle": i, "answer": A, "nodes": search nodes, '
                        '"method": "search" or "sat", "solution": its text or null}; A is none, '
                        'unique or several with --count, else solved or none; or unknown')
    s.set_defaults(func=_solve)


SAT_HELP = """\
solver: a depth-first search with forced moves and pruning rules; a puzzle it
cannot settle within a few thousand nodes goes to a SAT solver (CaDiCaL) when
python-sat is installed (pip install "gridgames[sat]").  Without it, or with
--no-sat, the search goes on alone: hard or unsolvable big boards can then
take very long; --max-nodes and --time bound it (the answer is 'unknown')."""


def _budget_arguments(parser: argparse.ArgumentParser, note: str = "", nodes: Optional[int] = None) -> None:
    parser.add_argument("--max-nodes", type=_count, default=nodes, metavar="N",
                        help=f"at most N search nodes per puzzle, the SAT fallback not counted{note}")
    parser.add_argument("--time", type=seconds, default=None, metavar="SECONDS",
                        help="at most this long (wall time) per puzzle, the SAT fallback included")
    parser.add_argument("--no-sat", dest="sat", action="store_false", default=None,
                        help="never use the SAT fallback, even when python-sat is installed")
    add_progress_option(parser)


def _side(text: str) -> int:
    value = _integer(text)
    if value is None or not 1 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"board sides are 1..1000, not {text!r}")
    return value


def _count(text: str) -> int:
    value = _integer(text)
    if value is None or value < 1:  # (argparse names the option: its placeholder differs, COUNT, L, N)
        raise argparse.ArgumentTypeError(f"expected an integer 1 or more, not {text!r}")
    return value


def _integer(text: str) -> Optional[int]:
    # Every failure must be an ArgumentTypeError of ours: argparse reports a
    # ValueError as "invalid _side value" ('²'.isdigit() is true; int() refuses it).
    try:
        return int(text)
    except ValueError:
        return None


def _render(board: "Union[Puzzle, Solution]", fmt: str, labels: Optional[Sequence[str]] = None) -> str:
    from ..numberlink._text import render_chars
    return render_chars(board.rows, board.cols, board.cells, labels) if fmt == "chars" \
        else board.render()


def _solid(n: int) -> str:
    return f"{n} solid square" + ("" if n == 1 else "s")


def _lengths(solution: "Solution") -> list[int]:
    return sorted(Counter(v for v in solution.cells if v > 0).values())


class _Progress(Line):
    """The live line (gridgames._runtime.progress_line): puzzles done, the one under way
    (its size), its search nodes (of all its searches: --unique counts the
    solutions of each cut in turn) and nodes per second over the last
    RATE_WINDOW seconds; drawn at most twice a second, and only once a
    puzzle has taken half a second.  ``clock``: seconds (tests give theirs)."""

    def __init__(self, total: Optional[int], plain: str = "", clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(plain=plain)
        self.total, self.done, self.what, self.clock = total, 0, "", clock
        self.start = self.drawn = 0.0
        self.begin("")

    def begin(self, what: str) -> None:
        self.what, self.start = what, self.clock()
        self.drawn = self.start
        self.searches, self.before, self.nodes = 1, 0, 0  # the search under way, the nodes of those before
        self.samples: deque[tuple[float, int]] = deque([(self.start, 0)])

    def __call__(self, nodes: int) -> None:
        if nodes <= self.nodes:  # (a search's count only grows: a new search began)
            self.searches, self.before = self.searches + 1, self.before + self.nodes
        self.nodes = nodes
        now = self.clock()
        if now - self.drawn >= self.every:
            total = self.before + nodes
            self.samples.append((now, total))
            while len(self.samples) > 2 and now - self.samples[1][0] >= RATE_WINDOW:
                self.samples.popleft()
            then, earlier = self.samples[0]
            rate = (total - earlier) / max(now - then, 1e-9)
            of = f"/{self.total}" if self.total else ""
            searches = f" in {self.searches} searches" if self.searches > 1 else ""
            self.show(f"[{self.done}{of} done] {self.what}: {total:,} nodes{searches}, {rate:,.0f} nodes/s, "
                      f"{now - self.start:.1f} s")
            self.drawn = now

    def end(self) -> None:
        self.done += 1
        self.clear()


def _budget(args: argparse.Namespace) -> "Budget":
    from ..numberlink import Budget
    return Budget(args.max_nodes, args.time)


def _progress(total: Optional[int], args: argparse.Namespace) -> Optional[_Progress]:
    mode = wanted(args.progress)
    return _Progress(total, "gridgames numberlink" if mode == "plain" else "") if mode else None


def _size(puzzle: "Puzzle") -> str:
    return f"{puzzle.rows}x{puzzle.cols}, {puzzle.pairs} pairs"


def _candidate(args: argparse.Namespace, cols: int, seed: int, budget: "Budget",
               progress: Optional[_Progress]) -> "Optional[tuple[Generated, Optional[int]]]":
    """The puzzle of one seed, as accepted (repaired with --unique), and its
    count if known; None if rejected."""
    from ..numberlink import answer, generate
    from ..numberlink._unique import make_unique
    made = generate(args.size, cols, seed)
    lengths = _lengths(made.solution)
    if lengths and lengths[0] < args.min_length:
        return None
    if not (args.unique or args.verbose):
        return made, None
    if progress:
        progress.begin(f"seed {seed & MASK} ({_size(made.puzzle)})")
    if args.unique:
        fixed = make_unique(made, args.min_length, budget, args.sat, progress=progress)
        return None if fixed is None else (fixed, 1)
    count = answer(made.puzzle, 2, budget, args.sat, progress=progress).solutions
    return made, (count if isinstance(count, int) else None)


def _generate(args: argparse.Namespace) -> int:
    cols = args.size if args.cols is None else args.cols
    seed, rejected = args.seed, 0
    puzzles: list[Item] = []
    solutions: list[Item] = []
    progress = _progress(args.count, args) if args.unique or args.verbose else None
    budget = _budget(args)
    try:
        with _output(args) as out:
            for i in range(args.count):
                while True:
                    found = _candidate(args, cols, seed, budget, progress)
                    if found is not None:
                        (puzzle, solution), count = found
                        lengths = _lengths(solution)
                        break
                    rejected += 1
                    seed += 1
                    if rejected >= MAX_REJECTED:
                        return _sheet(args, puzzles, solutions, out) or \
                            fail(GAME, f"no acceptable puzzle in the {MAX_REJECTED} seeds "
                                       f"up to {(seed - 1) & MASK}", 1)
                rejected = 0
                puzzles.append((f"Puzzle {i + 1} (seed {seed & MASK})", puzzle))
                solutions.append((f"Solution {i + 1}", solution))
                if progress:
                    progress.end()
                text = _render(puzzle, args.format)
                if args.solution:
                    text += "\n" + _render(solution, args.format)
                out.write((text if i == 0 else "\n" + text).encode("ascii"))
                if args.verbose:
                    span = f" (lengths {lengths[0]}..{lengths[-1]})" if lengths else ""
                    said = {1: "unique", 2: "several solutions"}.get(count or 0, "unknown")
                    sys.stderr.write(
                        f"puzzle {i + 1}: seed {seed & MASK}, {puzzle.rows}x{puzzle.cols}, "
                        f"{len(lengths)} paths{span}, {_solid(puzzle.cells.count(SOLID))}, "
                        f"{said}\n")
                seed += 1
    except (CannotWrite, ValueError) as exc:
        return fail(GAME, str(exc), 2)
    finally:
        if progress:
            progress.clear()
    return _sheet(args, puzzles, solutions, out)


def _output(args: argparse.Namespace, inputs: Sequence[str] = ()) -> Any:
    """Where the text goes: -o OUTPUT as it is made; with --svg, kept until
    the sheet's files are checked too (``_sheet`` writes both, or neither)."""
    return nullcontext(io.BytesIO()) if args.svg else writing(args.output, inputs)


def _sheet(args: argparse.Namespace, puzzles: "list[Item]", solutions: "list[Item]", text: Any) -> int:
    """With --svg: the text (``_output``) and the sheet, every path checked
    before the first is written (never over the input or the text output)."""
    if not args.svg:
        return 0
    inputs = [name for name in (getattr(args, "file", None),) if name]
    try:
        files = sheet_files(args.svg, "Number Link", puzzles, solutions)
        refuse_unwritable([args.output], inputs)
        refuse_unwritable([name for name, _ in files], inputs + [args.output])
        with writing(args.output, inputs) as out:
            out.write(text.getvalue())
    except CannotWrite as exc:
        return fail(GAME, str(exc), 2)
    return save_files(GAME, files, inputs + [args.output] if args.output else inputs)


def _solve(args: argparse.Namespace) -> int:
    from ..numberlink import Puzzle, Solution, Unknown, answer
    from ..numberlink._text import read_puzzles
    name = shown(args.file)
    data = read_input(args.file)
    puzzles: list[Item] = []
    solutions: list[Item] = []
    budget = _budget(args)
    progress = _progress(None, args)
    unknown = unsolved = False
    try:
        with _output(args, [args.file]) as out:
            try:
                for i, (rows, cols, cells, labels) in enumerate(read_puzzles(data, args.format or "auto")):
                    puzzle = Puzzle._make(rows, cols, cells)
                    if progress:
                        progress.begin(f"puzzle {i + 1} ({_size(puzzle)})")
                    found = answer(puzzle, 2 if args.count else 1, budget, args.sat, progress=progress)
                    if progress:
                        progress.end()
                    block, solved = None, None
                    if isinstance(found.solutions, Unknown):
                        unknown, word = True, "unknown"
                    elif args.count:
                        word = ("none", "unique", "several")[found.solutions]
                    elif found.solutions == 0:
                        unsolved, word = True, "none"
                    else:
                        word = "solved"
                        solved = Solution._make(rows, cols, found.cells or ())
                        block = _render(solved, args.format or "text", labels)
                    if args.count:  # the --svg sheet: each puzzle, and each solution found
                        puzzles.append((f"Puzzle {i + 1}: {word}", puzzle))
                    else:
                        puzzles.append((f"Puzzle {i + 1}", puzzle))
                        solutions.append((f"Solution {i + 1}", solved) if solved else
                                         (f"Puzzle {i + 1}: {'no solution' if word == 'none' else word}", None))
                    if args.json:
                        text = json.dumps({"puzzle": i + 1, "answer": word, "nodes": found.nodes,
                                           "method": found.method, "solution": block}) + "\n"
                    elif args.count:
                        text = word + "\n"
                    else:
                        text = block or ("no solution\n" if word == "none" else "unknown\n")
                        text = text if i == 0 else "\n" + text
                    out.write(text.encode("ascii"))
            except JudgeError as err:
                out.flush()
                return _sheet(args, puzzles, solutions, out) or fail(GAME, f"{name}:{err}", 1)
            finally:
                if progress:
                    progress.clear()
    except (CannotWrite, ValueError) as exc:
        return fail(GAME, str(exc), 2)
    return _sheet(args, puzzles, solutions, out) or (3 if unknown else 1 if unsolved else 0)
