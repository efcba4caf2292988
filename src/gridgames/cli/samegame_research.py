"""`gridgames samegame solve|replay`, the research commands: campaigns of
searches (runs, threads or Ray, the results file and --resume, the progress
line) and the replay of moves (their scores, an HTML page)."""
from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Optional

from .._runtime.judge import escaped, quoted
from .._runtime.progress_line import wanted
from ..samegame import Board, FormatError, _prior, read_boards, research_boards, standard_boards
from ..samegame._game import RESEARCH_SEED, RESEARCH_SIZE
from ..samegame._single import ALGORITHMS, DEFAULT_ITERATIONS, WEIGHTS, tabu_choice
from ..samegame.research import _improve
from ..samegame.research._driver import Outcome, Plan, Refused, solve
from ..samegame.research._jobs import Result, board_rows, digest
from ..samegame.research._moves import parse_moves
from ._args import Commands, Weights, add_command, add_progress_option, colour_choice, period, ranged, seconds
from ._io import STOPPED, CannotWrite, fail, on_signal, plural, shown, stopped_status
from ._outputs import refuse_unwritable
from ._pictures import add_html_option, save
from ._reading import WHOLE_HELP, read_input
from ._solve_options import INT31, NRPA_OPTIONS, TIMED, refused, search_options, strongest_said, timed_default

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


def add(commands: Commands, rules: str) -> None:
    s = add_command(
        commands, "solve", help="search for high-scoring games (NRPA, beam searches, NMCS, random)",
        description="Search each board of BOARDS (research text; '-' standard input) or "
                    "of --standard, and print each search's score and moves as it "
                    "finishes, then the total of the best score per board.  Run R of "
                    "board K has a seed derived from SEED, K and R only (splitmix64), "
                    "so results do not depend on --threads or --ray.  Ctrl-C (or SIGTERM, "
                    "SIGHUP) prints (and writes to -o) the best found so far by the searches "
                    "under way, marked as interrupted, and stops (exit 130; 128 + the signal's "
                    "number for the others: 143, 129).",
        epilog=rules + "\n\n" + CAMPAIGNS)
    _add_boards_and_search(s)
    _add_campaign(s)
    _add_tabu_and_output(s)
    add_progress_option(s)
    s.set_defaults(func=run)


def _add_boards_and_search(s: argparse.ArgumentParser) -> None:
    """solve's boards, its search and the search's options."""
    s.add_argument("boards", nargs="?", metavar="BOARDS", help=f"research text file, or - ({WHOLE_HELP})")
    s.add_argument("--standard", action="store_true", help="the 20 standard 15x15 boards (records)")
    s.add_argument("--research", type=ranged(1, RESEARCH_SIZE, "N"), default=None, metavar="N",
                   help="the first N boards of the research set (random 15x15, 5 colours, seed "
                        f"{RESEARCH_SEED}: research_boards()), where defaults are chosen")
    s.add_argument("--algo", choices=ALGORITHMS, default=None,
                   help=f"the search (default nrpa; {TIMED}, the strongest measured, for "
                        f"that long per search: {strongest_said()})")
    s.add_argument("--level", type=ranged(0, 10, "L"), default=None, metavar="L",
                   help=f"nesting level of nmcs / nrpa ({timed_default('level', 1)})")
    s.add_argument("--iterations", type=ranged(1, INT31, "N"), default=None, metavar="N",
                   help=f"nrpa: iterations per level ({timed_default('iterations', DEFAULT_ITERATIONS['nrpa'])}); "
                        "nmcs: restarts (1); random: playouts (1000); beam-eval: beams (1)")
    s.add_argument("--width", type=ranged(1, 100_000, "W"), default=10, metavar="W",
                   help="beam: width, 1..10000 (default 10; each child is rated by one playout); beam-eval: "
                        "the first beam's width, 1..100000 (default 10; each further beam twice as wide); "
                        "nmcs-beam: its playouts' width, 1..1000")
    s.add_argument("--weights", type=Weights(), default=None, metavar="G,C,L",
                   help="beam-eval, nmcs-beam: the evaluation's weights in hundredths of a point: per (size-2)^2 "
                        "of each region, per (cells-2)^2 of each colour, against each lone cell (default "
                        f"{','.join(map(str, WEIGHTS))})")
    s.add_argument("--seed", type=int, default=0, metavar="S", help="the campaign's seed (default 0)")
    s.add_argument("--time", type=seconds, default=None, metavar="SECONDS",
                   help="stop each search after this long (its best so far)")
    for flag, kind, metavar, text in NRPA_OPTIONS:
        s.add_argument(flag, type=kind, default=None, metavar=metavar,
                       help=text.format(restarts=timed_default("restarts", 0)))
    s.add_argument("--prior", metavar="FILE", default=None,
                   help="nrpa: a learned prior, a JSON file whose \"weights\" give each move feature's weight "
                        "(benchmarks/samegame_prior.py fits one); w . features is added to each move's weight")
    s.add_argument("--cpu-time", action="store_true",
                   help="--time counts each search's CPU seconds, not wall seconds")


def _add_campaign(s: argparse.ArgumentParser) -> None:
    """How solve spreads its searches: runs, threads, Ray, root-parallel, improve, checkpoints."""
    s.add_argument("--runs", type=ranged(1, None, "N"), default=None, metavar="N",
                   help="search each board N times (default 1; with --allocate, 2)")
    s.add_argument("--allocate", type=ranged(0, None, "N"), default=None, metavar="N",
                   help="after --runs, N more searches, each round's to the boards whose score still "
                        "moves most per search; prints CPU seconds per point gained per board")
    s.add_argument("--batch", type=ranged(1, None, "B"), default=None, metavar="B",
                   help="--allocate: searches per round (default 4; decisions wait for each round)")
    s.add_argument("--threads", type=ranged(1, None, "N"), default=1, metavar="N",
                   help="run N searches at once in this process (default 1)")
    s.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="run the searches as Ray tasks: on a local Ray over all cores, or on the "
                        "cluster at ADDRESS ('auto', or HOST:PORT of 'ray start --head')")
    s.add_argument("--root-parallel", type=ranged(1, 1_000_000, "W"), default=None, metavar="W",
                   help="one board at a time, each NRPA search spread over W workers that run at "
                        "once (W threads, whatever --threads says, or W Ray tasks with --ray); every "
                        "NRPA option applies (--level at least 2: the workers run level L-1)")
    s.add_argument("--improve", nargs="?", const="", default=None, metavar="FILE",
                   help="start each search from the best game known for its board: best_known() for "
                        "the standard boards and the result lines of FILE (an earlier campaign's -o); "
                        f"the result is never worse (give BOARDS before --improve; {WHOLE_HELP})")
    s.add_argument("--checkpoint", metavar="DIR", default=None,
                   help="nrpa: each search writes its whole state to DIR (board-K-run-R.ckpt) as it goes; "
                        "the same command again goes on from there, to the result of one unbroken search")
    s.add_argument("--checkpoint-every", type=period, default=60.0, metavar="SECONDS",
                   help="--checkpoint: write every SECONDS of wall time (default 60), and when a search stops")


def _add_tabu_and_output(s: argparse.ArgumentParser) -> None:
    """The kept colour's rule, and where the results go."""
    s.add_argument("--no-tabu", dest="tabu", action="store_false",
                   help="playouts do not avoid the most frequent colour")
    s.add_argument("--tabu-colour", type=colour_choice, default=None, metavar="K",
                   help="the colour kept for one final region: K, 'auto' (the most cells at each playout's "
                        "start, lowest on a tie), 'race' (the colours with at least 90%% of the most "
                        "cells race inside --time, the winner's search goes on) or 'best' (a table measured on "
                        "six standard boards, for record attempts; else auto); "
                        + timed_default("tabu_colour", "auto"))
    s.add_argument("--tabu-free", type=ranged(0, 400, "T"), default=None, metavar="T",
                   help="the kept colour's pairs may be removed after T moves (default 10, Cazenave's rule)")
    s.add_argument("--tabu-until", type=ranged(0, 800, "N"), default=None, metavar="N",
                   help="the kept colour is no longer kept once N cells or fewer are left (default 0: "
                        "always kept; Klein's Tabu48 is 48)")
    s.add_argument("-o", "--output", metavar="FILE", default=None,
                   help="append one JSON line per search to FILE, each on disk as it finishes")
    s.add_argument("--resume", action="store_true",
                   help="continue the campaign in FILE (-o): skip the searches done there")
    s.add_argument("--json", action="store_true", help="print each search as its JSON line (as in FILE)")


def boards_of(args: argparse.Namespace) -> list[Board]:
    """The boards of BOARDS, or the standard ones, or the research set's first N."""
    if args.standard:
        return standard_boards()
    if args.research is not None:
        return research_boards(args.research)
    return read_boards(read_input(args.boards).decode("utf-8", "surrogateescape"), shown(args.boards))


@contextmanager
def _signals_deferred() -> Iterator[list[int]]:
    """Ctrl-C, SIGTERM and SIGHUP inside the block are noted in the list,
    not raised (so a result is written whole, to FILE and standard output)."""
    came: list[int] = []
    ours: dict[int, Any] = {signal.SIGINT: signal.default_int_handler}
    ours.update((number, on_signal) for number in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
                if number is not None)
    deferred = [number for number, handler in ours.items() if signal.getsignal(number) is handler]
    # (a signal ignored, say in a background job, or handled by someone else, is left as it is)

    def note(number: int, frame: Any) -> None:
        if number != signal.SIGINT and not STOPPED[0]:
            STOPPED[0] = number  # the exit status says which
        came.append(number)
    for number in deferred:
        signal.signal(number, note)
    try:
        yield came
    finally:
        for number in deferred:
            signal.signal(number, ours[number])


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

    def show(result: Result) -> None:  # as each search finishes
        start = None if starts is None else starts[result.board - 1]
        sys.stdout.write((result.line() if args.json else text(result, args.runs, start)) + "\n")
        sys.stdout.flush()
    if args.standard + (args.boards is not None) + (args.research is not None) != 1:
        if args.boards is None and args.improve and not args.standard and args.research is None:
            # --improve [FILE] took the word after it
            error(f"give BOARDS, --standard or --research N (one of them): {escaped(shown(args.improve))} was "
                  "taken as --improve's FILE; give BOARDS before --improve")
        error("give BOARDS, --standard or --research N (one of them)")
    if args.runs is None:
        args.runs = 2 if args.allocate is not None else 1
    if args.improve == "-" and args.boards == "-":
        error("only one of BOARDS and --improve FILE can be standard input")
    if args.ray is not None:  # checked before anything is read or written
        try:
            from ..samegame.research import _ray  # noqa: F401  # it imports Ray, or says how to install it
        except ImportError as exc:
            error(str(exc))
    algo, options = search_options(args)
    why = refused(args, algo, options)
    if why:
        error(why)
    if args.prior is not None:  # its weights go into each result line
        try:
            options["prior"] = _prior.load(args.prior)
        except OSError as exc:
            return fail(GAME, f"cannot read {shown(args.prior)}: {exc.strerror}", 2)
        except ValueError as exc:
            return fail(GAME, f"{shown(args.prior)}: {exc}", 2)
    try:  # --improve: the best game known for each board, from best_known() and FILE's lines
        boards = boards_of(args)
        known = read_input(args.improve).decode("utf-8", "surrogateescape") if args.improve else None
        starts = None if args.improve is None else \
            _improve.starts(boards, known, shown(args.improve) if args.improve else "<results>")
    except FormatError as exc:
        return fail(GAME, str(exc), 1)
    for k, board in enumerate(boards, 1):  # a colour not on a board: refused before any search
        if options.get("tabu_colour") == "race":
            break
        try:
            tabu_choice(board, args.tabu, options.get("tabu_colour"))
        except ValueError as exc:
            error(f"--tabu-colour {str(exc).removeprefix('tabu_colour ').replace('the board', f'board {k}')}")
    mode = wanted(args.progress)
    plan = Plan(boards, algo, options, seed=args.seed % 2**64, runs=args.runs, allocate=args.allocate,
                batch=args.batch, threads=args.threads, ray=args.ray, root_parallel=args.root_parallel, starts=starts,
                output=args.output, resume=args.resume, boards_file=args.boards, checkpoint=args.checkpoint,
                checkpoint_every=args.checkpoint_every)
    try:
        outcome = solve(plan, show, note=lambda line: sys.stderr.write(f"gridgames samegame: {line}\n"),
                        progress=None if not mode else "gridgames samegame solve" if mode == "plain" else "",
                        defer=_signals_deferred)
    except Refused as exc:
        if exc.what == "boards":
            error("-o FILE must not be BOARDS")
        return fail(GAME, *refusal(exc))
    return totals(args, outcome)


def refusal(exc: Refused) -> tuple[str, int]:
    """What the command says of a campaign refused, and its exit status."""
    cause: Any = exc.__cause__
    if exc.what == "directory":
        return f"cannot write {exc.path}: Is a directory", 2
    if exc.what == "taken":
        return f"{exc.path} has results already: add --resume to continue that campaign, or name a new file", 2
    if exc.what == "open":
        return f"cannot open {exc.path}: {cause.strerror}", 2
    if exc.what == "checkpoint-file":
        return (f"cannot write checkpoints to {exc.path}: it is a file; --checkpoint names a directory (made if "
                "missing, gone on from when it holds this campaign's checkpoints)", 2)
    if exc.what == "checkpoints":
        return f"cannot write checkpoints to {exc.path}: {cause.strerror}", 2
    return str(cause), 1 if isinstance(cause, FormatError) else 2  # results, mismatch


def totals(args: argparse.Namespace, outcome: Outcome) -> int:
    """The error that ended a campaign, its totals, and its exit status."""
    status = 0
    if isinstance(outcome.error, ValueError):
        args.command_parser.error(str(outcome.error))
    elif outcome.error is not None:  # a checkpoint that cannot be written (disk full): status 2
        status = fail(GAME, str(outcome.error), 2 if isinstance(outcome.error, CannotWrite) else 1)
    if not args.json and (outcome.best or not status):  # no total of nothing after an error (--ray unreachable)
        runs = f"best of {args.runs} runs, " if args.runs > 1 else ""
        if args.allocate is not None:
            runs = f"best of {outcome.seen} searches, "
        print(f"total {sum(outcome.best.values())} ({runs}{plural(len(outcome.best), 'board')})")
        if outcome.report is not None:
            print(outcome.report)
    if outcome.interrupted:
        return fail(GAME, f"interrupted after {outcome.done} of {outcome.searches} searches", stopped_status())
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
    r.add_argument("boards", nargs="?", metavar="BOARDS",
                   help=f"the boards' research text (not with --standard; {WHOLE_HELP})")
    r.add_argument("moves", metavar="MOVES", help=f"the moves (see below; {WHOLE_HELP})")
    r.add_argument("--standard", action="store_true", help="the 20 standard 15x15 boards")
    r.add_argument("--research", type=ranged(1, RESEARCH_SIZE, "N"), default=None, metavar="N",
                   help="the first N boards of the research set (as solve --research N)")
    add_html_option(r, "the replay (each move's region outlined before it goes, the score so far)")
    r.set_defaults(func=_replay)


def shown_claim(claimed: Any) -> str:
    """A line's claimed score as a message shows it: a number as it is, anything else quoted."""
    return str(claimed) if type(claimed) is int else quoted(str(claimed))


def _replay(args: argparse.Namespace) -> int:
    if args.standard + (args.boards is not None) + (args.research is not None) != 1:
        args.command_parser.error("give BOARDS and MOVES, or --standard or --research N and MOVES")
    if args.boards == args.moves == "-":
        args.command_parser.error("only one of BOARDS and MOVES can be standard input")
    name = shown(args.moves)
    try:  # the page is checked before anything is printed: a page that cannot be written stops all
        refuse_unwritable([args.html], [args.moves, args.boards])
    except CannotWrite as exc:
        return fail(GAME, str(exc), 2)
    try:
        boards = boards_of(args)
        games = parse_moves(read_input(args.moves).decode("utf-8", "surrogateescape"), name)
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
            return fail(GAME, f"{where}: the line is for another board (its digest {quoted(str(g.digest))} is not this "
                              f"board's {digest(board_rows(boards[g.board - 1]))})", 1)
        if g.stopped == "interrupt":
            sys.stderr.write(f"gridgames samegame: {where}: run {g.run} was interrupted: not counted\n")
            continue
        try:
            score = boards[g.board - 1].copy().replay(g.moves)
        except ValueError as exc:
            return fail(GAME, f"{where}: {exc}", 1)
        if g.claimed is not None and g.claimed != score:
            return fail(GAME, f"{where}: the moves score {score}, not the claimed {shown_claim(g.claimed)}", 1)
        best[g.board] = max(best.get(g.board, 0), score)
        counted.append(g)
        print(f"board {g.board}: {f'run {g.run}, ' if runs > 1 else ''}score {score}")
        sys.stdout.flush()
    total = sum(best.values())
    print(f"total {total} ({f'best of {runs} runs, ' if runs > 1 else ''}{plural(len(best), 'board')})")
    if args.html:
        from ..pictures import replay_html
        page = replay_html(boards, [(g.board, g.moves) for g in counted], f"{name}, total score {total}")
        return save(GAME, args.html, page, [args.moves] + ([args.boards] if args.boards else []))
    return 0
