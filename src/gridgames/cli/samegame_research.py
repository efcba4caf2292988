"""`gridgames samegame solve|replay`, the research commands: campaigns of
searches (runs, threads or Ray, the results file and --resume, the progress
line) and the replay of moves (their scores, an HTML page)."""
from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any, Optional

from .._progress import wanted
from ..samegame import Board, FormatError, read_boards, standard_boards
from ..samegame.research import _improve, _results as results
from ..samegame.research._allocate import allocating, report, report_text
from ..samegame.research._campaign import campaign, going_on
from ..samegame.research._checkpoint import Mismatch
from ..samegame.research._jobs import Result, board_rows, digest, params_of
from ..samegame.research._moves import parse_moves
from ..samegame.research._progress import Progress
from ..samegame.research._single import ALGORITHMS, DEFAULT_ITERATIONS, strongest, tabu_choice
from ._args import Commands, add_command, add_progress_option, colour_choice, period, seconds
from ._io import CannotWrite, fail, read_input, shown
from ._outputs import check_writable
from ._pictures import add_html_option, save

GAME = "samegame"

CAMPAIGNS = """\
Campaigns: '--runs N -o FILE' searches each board N times and appends one
JSON line per search to FILE as it finishes (board, run, seed, algo, params,
score, moves, stopped, playouts, cpu, version, digest); '--resume' skips the
(board, run) pairs already in FILE, so a campaign killed at any moment is
completed by running the same command again with --resume.  '--allocate N'
spends N more searches where scores still move (see the research docs).  '--ray' runs
the searches as Ray tasks (pip install "gridgames[ray]"): on a local Ray
over all cores, or with '--ray auto' / '--ray HOST:PORT' on a cluster made
with 'ray start' (gridgames installed on every node)."""


# NRPA's tuning options (each refused with another search: cli/_contract.py).
NRPA_OPTIONS = (
    ("--stab", int, "P", "nrpa: playouts per adapt at level 1 (stabilized NRPA; default 1)"),
    ("--restarts", int, "R", "nrpa: run the top level again from a fresh policy R times (default 0)"),
    ("--repeats", int, "R", "nrpa: a level ends once the level below returned its best score again R times "
                            "(GNRPA with limited repetitions; default 0: never)"),
    ("--tabu-bias", float, "B", "nrpa: allow tabu-colour moves with bias -B (GNRPA) instead of banning them"),
    ("--size-bias", float, "B", "nrpa: bias B per cell of a region beyond 2 (GNRPA; default 0)"),
)


def add(commands: Commands, rules: str) -> None:
    s = add_command(
        commands, "solve", help="search for high-scoring games (NMCS, NRPA, beam, random)",
        description="Search each board of BOARDS (research text; '-' standard input) or "
                    "of --standard, and print each search's score and moves as it "
                    "finishes, then the total of the best score per board.  Run R of "
                    "board K has a seed derived from SEED, K and R only (splitmix64), "
                    "so results do not depend on --threads or --ray.  Ctrl-C prints "
                    "(and writes to -o) the best found so far by the searches under "
                    "way, marked as interrupted, and stops (exit 130).",
        epilog=rules + "\n\n" + CAMPAIGNS)
    s.add_argument("boards", nargs="?", metavar="BOARDS", help="research text file, or -")
    s.add_argument("--standard", action="store_true", help="the 20 standard 15x15 boards")
    s.add_argument("--algo", choices=ALGORITHMS, default=None,
                   help="the search (default nrpa; with --time and no --algo, the strongest measured, for "
                        "that long per search: NRPA level 3 restarted until the time is up, --tabu-colour best)")
    s.add_argument("--level", type=int, default=None, metavar="L",
                   help="nesting level of nmcs / nrpa (default 1)")
    s.add_argument("--iterations", type=int, default=None, metavar="N",
                   help="nrpa: iterations per level (100); nmcs: restarts (1); "
                        "random: playouts (1000)")
    s.add_argument("--width", type=int, default=10, metavar="W",
                   help="beam width (default 10; each child is rated by one playout)")
    s.add_argument("--seed", type=int, default=0, metavar="S", help="the campaign's seed (default 0)")
    s.add_argument("--time", type=seconds, default=None, metavar="SECONDS",
                   help="stop each search after this long (its best so far)")
    for flag, kind, metavar, text in NRPA_OPTIONS:
        s.add_argument(flag, type=kind, default=None, metavar=metavar, help=text)
    s.add_argument("--cpu-time", action="store_true",
                   help="--time counts each search's CPU seconds, not wall seconds")
    s.add_argument("--runs", type=int, default=None, metavar="N",
                   help="search each board N times (default 1; with --allocate, 2)")
    s.add_argument("--allocate", type=int, default=None, metavar="N",
                   help="after --runs, N more searches, each round's to the boards whose score still "
                        "moves most per search; prints CPU seconds per point gained per board")
    s.add_argument("--batch", type=int, default=None, metavar="B",
                   help="--allocate: searches per round (default 4; decisions wait for each round)")
    s.add_argument("--threads", type=int, default=1, metavar="N",
                   help="run N searches at once in this process (default 1)")
    s.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="run the searches as Ray tasks: on a local Ray over all cores, or on the "
                        "cluster at ADDRESS ('auto', or HOST:PORT of 'ray start --head')")
    s.add_argument("--root-parallel", type=int, default=None, metavar="W",
                   help="one board at a time, each NRPA search spread over W workers (threads, "
                        "or Ray tasks with --ray)")
    s.add_argument("--improve", nargs="?", const="", default=None, metavar="FILE",
                   help="start each search from the best game known for its board: best_known() for "
                        "the standard boards and the result lines of FILE (an earlier campaign's -o); "
                        "the result is never worse (give BOARDS before --improve)")
    s.add_argument("--checkpoint", metavar="DIR", default=None,
                   help="nrpa: each search writes its whole state to DIR (board-K-run-R.ckpt) as it goes; "
                        "the same command again goes on from there, to the result of one unbroken search")
    s.add_argument("--checkpoint-every", type=period, default=60.0, metavar="SECONDS",
                   help="--checkpoint: write every SECONDS of wall time (default 60), and when a search stops")
    s.add_argument("--no-tabu", dest="tabu", action="store_false",
                   help="playouts do not avoid the most frequent colour")
    s.add_argument("--tabu-colour", type=colour_choice, default=None, metavar="K",
                   help="the colour kept for one final region: K, 'auto' (the most cells at each playout's "
                        "start, lowest on a tie; default) or 'best' (measured per standard board, else auto)")
    s.add_argument("-o", "--output", metavar="FILE", default=None,
                   help="append one JSON line per search to FILE, each on disk as it finishes")
    s.add_argument("--resume", action="store_true",
                   help="continue the campaign in FILE (-o): skip the searches done there")
    s.add_argument("--json", action="store_true", help="print each search as its JSON line (as in FILE)")
    add_progress_option(s)
    s.set_defaults(func=run)


def boards_of(path: Optional[str], standard: bool) -> list[Board]:
    """The boards of BOARDS, or the standard ones."""
    if standard:
        return standard_boards()
    assert path is not None  # given whenever not --standard
    return read_boards(read_input(path).decode("utf-8", "replace"), shown(path))


def improve_starts(boards: list[Board], path: Optional[str]) -> Optional[list[Optional[_improve.Start]]]:
    """--improve's start game per board (None: --improve not given)."""
    if path is None:
        return None
    text = None if path == "" else read_input(path).decode("utf-8", "replace")
    return _improve.starts(boards, text, shown(path) if path else "<results>")


def search_options(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The search and its options, every one that the search uses stated
    (they go into each result line)."""
    algo, options = args.algo or "nrpa", dict[str, Any]()
    if args.algo is None and args.time is not None:
        algo, options = strongest()
        options = dict(options)
    if algo in ("nmcs", "nrpa"):
        options.setdefault("level", 1)
    if args.level is not None:
        options["level"] = args.level
    if args.iterations is not None:
        options["iterations"] = args.iterations
    options.setdefault("iterations", DEFAULT_ITERATIONS.get(algo))
    given = dict(stab=args.stab, restarts=args.restarts, tabu_bias=args.tabu_bias, size_bias=args.size_bias,
                 repeats=args.repeats)
    options.update((k, v) for k, v in given.items() if v is not None)
    if args.cpu_time:
        options["cpu_time"] = True
    if algo == "beam":
        options["width"] = args.width
    options["tabu"] = args.tabu
    if args.tabu_colour is not None:
        options["tabu_colour"] = args.tabu_colour
    elif not args.tabu:
        options.pop("tabu_colour", None)  # strongest()'s colour, where no colour is kept
    options["time"] = args.time
    return algo, options


@contextmanager
def _sigint_deferred() -> Iterator[list[int]]:
    """Ctrl-C inside the block is noted in the list, not raised (so a
    result is written whole, to FILE and standard output)."""
    came: list[int] = []
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield came  # Ctrl-C ignored (a background job), or handled by someone else
        return
    signal.signal(signal.SIGINT, lambda number, frame: came.append(number))
    try:
        yield came
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def text(result: Result, runs: int, start: Optional[_improve.Start] = None) -> str:
    """A search as a line of text (`replay` reads it back)."""
    run = f"run {result.run}, " if runs > 1 else ""
    if start is not None:
        run += f"from {start.score}, "
    note = " (interrupted)" if result.stopped == "interrupt" else ""
    moves = " ".join(f"{r},{c}" for r, c in result.moves)
    return f"board {result.board}: {run}score {result.score}{note}, {len(result.moves)} moves: {moves}"


def run(args: argparse.Namespace) -> int:
    error = args.command_parser.error
    if args.standard == (args.boards is not None):
        error("give BOARDS or --standard (one of them)")
    if args.runs is None:
        args.runs = 2 if args.allocate is not None else 1
    if args.improve == "-" and args.boards == "-":
        error("only one of BOARDS and --improve FILE can be standard input")
    if args.ray is not None:  # checked before anything is read or written
        try:
            from ..samegame.research import _ray  # noqa: F401  # it imports Ray, or says how to install it
        except ImportError as exc:
            error(str(exc))
    try:
        boards = boards_of(args.boards, args.standard)
        starts = improve_starts(boards, args.improve)
    except FormatError as exc:
        return fail(GAME, str(exc), 1)
    algo, options = search_options(args)
    for k, board in enumerate(boards, 1):  # a colour not on a board: refused before any search
        try:
            tabu_choice(board, args.tabu, options.get("tabu_colour"))
        except ValueError as exc:
            error(f"--tabu-colour {str(exc).removeprefix('tabu_colour ').replace('the board', f'board {k}')}")
    seed = args.seed % 2**64
    found: list[tuple[int, Result]] = []
    appender = None
    if args.output is not None:
        output = args.output
        try:
            if os.path.exists(output):
                if args.boards not in (None, "-") and os.path.samefile(args.boards, output):
                    error("-o FILE must not be BOARDS")
                if not args.resume and os.path.getsize(output) > 0:
                    return fail(GAME, f"{output} has results already: add --resume to continue "
                                      "that campaign, or name a new file", 2)
            appender = results.Appender(output)  # first: it locks FILE
            found = results.load(output)
            results.check(found, output, [digest(board_rows(b)) for b in boards], algo,
                          params_of(options, args.root_parallel, starts is not None), seed)
        except (OSError, ValueError) as exc:  # FormatError (bad FILE) is a ValueError: status 1
            if appender:
                appender.close()
            if isinstance(exc, OSError):
                return fail(GAME, f"cannot open {output}: {exc.strerror}", 2)
            return fail(GAME, str(exc), 1 if isinstance(exc, FormatError) else 2)
    try:
        if args.checkpoint is not None:
            for line in going_on(args.checkpoint, boards, seed, args.runs, results.done(found),
                                 None if starts is None else [s and s.moves for s in starts], options,
                                 args.root_parallel):
                sys.stderr.write(f"gridgames samegame: {line}\n")
    except Mismatch as exc:
        return fail(GAME, str(exc), 2)
    except OSError as exc:
        return fail(GAME, f"cannot write checkpoints to {args.checkpoint}: {exc.strerror}", 2)
    try:
        return _search(args, boards, algo, options, seed, found, appender, starts)
    finally:
        if appender:
            appender.close()


def _search(args: argparse.Namespace, boards: list[Board], algo: str, options: dict[str, Any], seed: int,
            found: list[tuple[int, Result]], appender: Optional[results.Appender],
            starts: Optional[list[Optional[_improve.Start]]]) -> int:
    searches = len(boards) * max(args.runs, 1) + max(args.allocate or 0, 0)
    earlier = [r for _, r in found]
    mode = wanted(args.progress)
    progress = Progress(searches, len(boards), earlier, plain="gridgames samegame solve" if mode == "plain" else "") \
        if mode else None
    best: dict[int, int] = {}
    for r in earlier:
        best[r.board] = max(best.get(r.board, 0), r.score)
    done = len(results.done(found))
    status, interrupted = 0, False
    where = dict(seed=seed, threads=args.threads, ray=args.ray, root_parallel=args.root_parallel)
    seen = [r for r in earlier if r.stopped != "interrupt"]
    if args.allocate is not None:
        searching = allocating(boards, algo, extra=args.allocate, batch=4 if args.batch is None else args.batch,
                               runs=args.runs, earlier=earlier, improve=starts, **where, **options)
    else:
        searching = campaign(boards, algo, runs=args.runs, skip=results.done(found), checkpoint=args.checkpoint,
                             checkpoint_every=args.checkpoint_every,
                             improve=None if starts is None else [s.moves if s else None for s in starts],
                             **where, **options)
    throw = thrown = False

    def start_of(result: Result) -> Optional[_improve.Start]:
        return None if starts is None else starts[result.board - 1]
    try:
        while True:
            try:  # a Ctrl-C that came while a result was written goes into the campaign, once
                if throw and not thrown:
                    thrown = True
                    result = searching.throw(KeyboardInterrupt())
                else:
                    result = next(searching)
            except StopIteration:
                break
            with _sigint_deferred() as came:
                if appender:
                    appender.write(result)
                best[result.board] = max(best.get(result.board, 0), result.score)
                seen.append(result)
                interrupted = interrupted or result.stopped == "interrupt"
                done += result.stopped != "interrupt"
                if progress:
                    progress.add(result)
                with progress or nullcontext():
                    sys.stdout.write((result.line() if args.json else text(result, args.runs, start_of(result))) + "\n")
                    sys.stdout.flush()
            if came:
                throw = interrupted = True
    except KeyboardInterrupt:
        interrupted = True
    except ValueError as exc:
        args.command_parser.error(str(exc))
    except (RuntimeError, ImportError) as exc:
        status = fail(GAME, str(exc), 1)
    except CannotWrite as exc:  # a checkpoint (disk full): the file before it is whole
        status = fail(GAME, str(exc), 2)
    finally:
        if progress:
            progress.close()
    if not args.json and (best or not status):  # no total of nothing after an error (--ray unreachable)
        runs = f"best of {args.runs} runs, " if args.runs > 1 else ""
        if args.allocate is not None:
            runs = f"best of {len(seen)} searches, "
        print(f"total {sum(best.values())} ({runs}{len(best)} boards)")
        if args.allocate is not None:
            print(report_text(report([r for r in seen if r.stopped != "interrupt"],
                                     None if starts is None else [s and s.score for s in starts])))
    if interrupted:
        return fail(GAME, f"interrupted after {done} of {searches} searches", 130)
    return status


RULES_HELP = """\
Rules: selecting a cell removes its region (4-connected cells of one colour)
if it has 2 or more cells; cells fall, empty columns close to the left.
Removing n cells scores (n-2)^2, clearing the board adds 1000.  Boards are
research text: rows top first, colours 0..9 separated by spaces, boards
separated by a blank line (up to 20 rows x 40 columns).  Moves are judge
selections 'r,c': row from the bottom, column from the left, 1-based."""

MOVES = """\
MOVES: the output of 'solve --json' or a campaign's results file ('solve -o
FILE': one {"board": k, "moves": [[r, c], ...]} per line; a "score" in it is
checked, a "digest" must be the board's, an interrupted search or a torn last
line is reported and not counted), or of 'solve' ('board k: ... moves: r,c r,c
...' lines), or plain lines of 'r,c' moves, one line per board in order.  The
total is that of the best score per board, as 'solve' counts it."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add(commands, RULES_HELP)

    r = add_command(
        commands, "replay", help="replay moves on boards and print the scores",
        description="Play MOVES on the boards of BOARDS (or --standard) and print each "
                    "board's score, then the total.  An illegal move (one that removes "
                    "nothing) or a claimed score that differs is an error (exit 1).",
        epilog=RULES_HELP + "\n\n" + MOVES)
    r.add_argument("boards", nargs="?", metavar="BOARDS", help="the boards' research text (not with --standard)")
    r.add_argument("moves", metavar="MOVES", help="the moves (see below)")
    r.add_argument("--standard", action="store_true", help="the 20 standard 15x15 boards")
    add_html_option(r, "the replay (each move's region outlined before it goes, the score so far)")
    r.set_defaults(func=_replay)


def _replay(args: argparse.Namespace) -> int:
    if args.standard == (args.boards is not None):
        args.command_parser.error("give BOARDS and MOVES, or --standard and MOVES")
    if args.boards == args.moves == "-":
        args.command_parser.error("only one of BOARDS and MOVES can be standard input")
    name = shown(args.moves)
    try:  # the page is checked before anything is printed: a page that cannot be written stops all
        check_writable([args.html], [args.moves, args.boards])
    except CannotWrite as exc:
        return fail(GAME, str(exc), 2)
    try:
        boards = boards_of(args.boards, args.standard)
        games = parse_moves(read_input(args.moves).decode("utf-8", "replace"), name)
    except FormatError as exc:
        return fail(GAME, str(exc), 1)
    best: dict[int, int] = {}  # per board, over its runs: the total is solve's
    runs = max((g.run for g in games), default=1)
    counted = []
    for g in games:
        where = f"{name}:{g.line}: board {g.board}"
        if not 1 <= g.board <= len(boards):
            return fail(GAME, f"{where}: there are {len(boards)} boards", 1)
        if g.digest is not None and g.digest != digest(board_rows(boards[g.board - 1])):
            return fail(GAME, f"{where}: the line is for another board (its digest {g.digest} is not this "
                              f"board's {digest(board_rows(boards[g.board - 1]))})", 1)
        if g.stopped == "interrupt":
            sys.stderr.write(f"gridgames samegame: {where}: run {g.run} was interrupted: not counted\n")
            continue
        try:
            score = boards[g.board - 1].copy().replay(g.moves)
        except ValueError as exc:
            return fail(GAME, f"{where}: {exc}", 1)
        if g.claimed is not None and g.claimed != score:
            return fail(GAME, f"{where}: the moves score {score}, not the claimed {g.claimed}", 1)
        best[g.board] = max(best.get(g.board, 0), score)
        counted.append(g)
        print(f"board {g.board}: {f'run {g.run}, ' if runs > 1 else ''}score {score}")
        sys.stdout.flush()
    total = sum(best.values())
    print(f"total {total} ({f'best of {runs} runs, ' if runs > 1 else ''}{len(best)} boards)")
    if args.html:
        from ..pictures import replay_html
        page = replay_html(boards, [(g.board, g.moves) for g in counted], f"{name}, total score {total}")
        return save(GAME, args.html, page, [args.moves] + ([args.boards] if args.boards else []))
    return 0
