"""`gridgames samegame solve|replay`: the research commands."""
import argparse
import json
import sys
import threading
import time
from contextlib import nullcontext
from typing import Optional

from ..cli._args import add_command
from ..cli._io import fail, read_input, shown
from ..pictures._cli import add_html_option, save
from . import ALGORITHMS, Board, FormatError, read_boards, search_boards, standard_boards
from ._solve import strongest

GAME = "samegame"

RULES_HELP = """\
Rules: selecting a cell removes its region (4-connected cells of one colour)
if it has 2 or more cells; cells fall, empty columns close to the left.
Removing n cells scores (n-2)^2, clearing the board adds 1000.  Boards are
research text: rows top first, colours 0..9 separated by spaces, boards
separated by a blank line (up to 20 rows x 40 columns).  Moves are judge
selections 'r,c': row from the bottom, column from the left, 1-based."""

MOVES = """\
MOVES: the output of 'solve --json' (one {"board": k, "moves": [[r, c], ...]}
per line; a "score" in it is checked), or of 'solve' ('board k: ... moves: r,c
r,c ...' lines), or plain lines of 'r,c' moves, one line per board in order."""


def register(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    s = add_command(
        commands, "solve", help="search for high-scoring games (NMCS, NRPA, beam, random)",
        description="Search each board of BOARDS (research text; '-' standard input) or "
                    "of --standard, and print per board its score and moves, then the "
                    "total.  Board k (1-based) uses seed SEED + k - 1, so results do "
                    "not depend on --threads.  Ctrl-C prints the best found so far "
                    "for the boards under way and stops (exit 130).", epilog=RULES_HELP)
    s.add_argument("boards", nargs="?", metavar="BOARDS", help="research text file, or -")
    s.add_argument("--standard", action="store_true", help="the 20 standard 15x15 boards")
    s.add_argument("--algo", choices=ALGORITHMS, default=None,
                   help="the search (default nrpa; with --time, the strongest search we have, "
                        "restarted until the time is up)")
    s.add_argument("--level", type=int, default=None, metavar="L",
                   help="nesting level of nmcs / nrpa (default 1)")
    s.add_argument("--iterations", type=int, default=None, metavar="N",
                   help="nrpa: iterations per level (100); nmcs: restarts (1); "
                        "random: playouts (1000)")
    s.add_argument("--width", type=int, default=10, metavar="W",
                   help="beam width (default 10; each child is rated by one playout)")
    s.add_argument("--seed", type=int, default=0, metavar="S", help="seed of board 1 (default 0)")
    s.add_argument("--time", type=float, default=None, metavar="SECONDS",
                   help="stop each board's search after this long (its best so far)")
    s.add_argument("--stab", type=int, default=None, metavar="P",
                   help="nrpa: playouts per adapt at level 1 (stabilized NRPA; default 1)")
    s.add_argument("--restarts", type=int, default=None, metavar="R",
                   help="nrpa: run the top level again from a fresh policy R times (default 0)")
    s.add_argument("--tabu-bias", type=float, default=None, metavar="B",
                   help="nrpa: allow tabu-colour moves with bias -B (GNRPA) instead of banning them")
    s.add_argument("--size-bias", type=float, default=None, metavar="B",
                   help="nrpa: bias B per cell of a region beyond 2 (GNRPA; default 0)")
    s.add_argument("--cpu-time", action="store_true",
                   help="--time counts each search's CPU seconds, not wall seconds")
    s.add_argument("--threads", type=int, default=1, metavar="N",
                   help="search N boards at once (default 1)")
    s.add_argument("--no-tabu", dest="tabu", action="store_false",
                   help="playouts do not avoid the most frequent colour")
    s.add_argument("--json", action="store_true",
                   help='one line per board: {"board": k, "score": s, "moves": [[r, c], ...]}')
    s.set_defaults(func=_solve)

    r = add_command(
        commands, "replay", help="replay moves on boards and print the scores",
        description="Play MOVES on the boards of BOARDS (or --standard) and print each "
                    "board's score, then the total.  An illegal move (one that removes "
                    "nothing) or a claimed score that differs is an error (exit 1).",
        epilog=RULES_HELP + "\n\n" + MOVES)
    r.add_argument("files", nargs="+", metavar="BOARDS MOVES",
                   help="the boards' research text (omitted with --standard), then the moves")
    r.add_argument("--standard", action="store_true", help="the 20 standard 15x15 boards")
    add_html_option(r, "the replay (each move's region outlined before it goes, the score so far)")
    r.set_defaults(func=_replay)


def _boards(path: Optional[str], standard: bool) -> list[Board]:
    if standard:
        return standard_boards()
    assert path is not None  # given whenever not --standard
    return read_boards(read_input(path).decode("utf-8", "replace"), shown(path))


def _solve(args: argparse.Namespace) -> int:
    if args.standard == (args.boards is not None):
        args.command_parser.error("give BOARDS or --standard (one of them)")
    try:
        boards = _boards(args.boards, args.standard)
    except OSError as exc:
        return fail(GAME, f"cannot read {shown(args.boards)}: {exc.strerror}", 2)
    except FormatError as exc:
        return fail(GAME, str(exc), 1)
    algo, options = ("nrpa", {}) if args.algo or args.time is None else strongest()
    algo = args.algo or algo
    given = dict(level=args.level, iterations=args.iterations, stab=args.stab,
                 restarts=args.restarts, tabu_bias=args.tabu_bias, size_bias=args.size_bias)
    options.update((k, v) for k, v in given.items() if v is not None)
    options.update(width=args.width, tabu=args.tabu, time=args.time, cpu_time=args.cpu_time)
    progress = Progress(len(boards)) if sys.stderr.isatty() else None
    total, done, interrupted = 0, 0, False
    try:
        for k, s in enumerate(search_boards(boards, algo, seed=args.seed % 2**64, threads=args.threads,
                                    **options), 1):
            total, done = total + s.score, k
            if args.json:
                line = json.dumps({"board": k, "score": s.score, "moves": [list(m) for m in s.moves]})
            else:
                moves = " ".join(f"{r},{c}" for r, c in s.moves)
                line = f"board {k}: score {s.score}, {len(s.moves)} moves: {moves}"
            if progress:
                progress.done(k, total)
            with progress or nullcontext():
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
            interrupted = interrupted or s.stopped == "interrupt"
    except ValueError as exc:
        args.command_parser.error(str(exc))
    finally:
        if progress:
            progress.close()
    if not args.json:
        print(f"total {total} ({done} boards)")
    if interrupted:
        return fail(GAME, f"interrupted after {done} of {len(boards)} boards", 130)
    return 0


class Progress:
    """A live line on standard error (a terminal): boards done, total, time;
    redrawn twice a second by a daemon thread while a board is searched
    (the kernels release the GIL).  ``with progress:`` writes other output
    with the line cleared."""

    def __init__(self, boards: int) -> None:
        self.boards, self.count, self.total = boards, 0, 0
        self.start = time.monotonic()
        self.lock = threading.Lock()
        self.ended = threading.Event()
        threading.Thread(target=self._tick, daemon=True).start()

    def _tick(self) -> None:
        while not self.ended.wait(0.5):
            with self.lock:
                self._draw()

    def _draw(self) -> None:
        sys.stderr.write(f"\r\x1b[K[{self.count}/{self.boards}] total {self.total}, "
                         f"{time.monotonic() - self.start:.1f} s")
        sys.stderr.flush()

    def __enter__(self) -> None:
        self.lock.acquire()
        sys.stderr.write("\r\x1b[K")

    def __exit__(self, *exc: object) -> None:
        self._draw()
        self.lock.release()

    def done(self, count: int, total: int) -> None:
        with self.lock:
            self.count, self.total = count, total

    def close(self) -> None:
        self.ended.set()
        with self.lock:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def parse_moves(text: str, name: str) -> list[tuple[int, Optional[int], list[tuple[int, int]], int]]:
    """(board number, claimed score or None, moves, line) per board line."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if not body or body.startswith("total ") or body.startswith("#"):
            continue
        where = f"{name}:{number}:1"
        if body.startswith("{"):
            try:
                obj = json.loads(body)
                moves = [(int(r), int(c)) for r, c in obj["moves"]]
                found.append((int(obj["board"]), obj.get("score"), moves, number))
            except (ValueError, KeyError, TypeError):
                raise FormatError(f"{where}: expected a JSON object "
                                  '{"board": k, "moves": [[r, c], ...]}') from None
            continue
        board = len(found) + 1
        if body.startswith("board "):
            head, sep, body = body.partition("moves:")
            if not sep or not head[6:].split(":")[0].strip().isdigit():
                raise FormatError(f"{where}: expected 'board K: ... moves: r,c ...'")
            board = int(head[6:].split(":")[0])
        moves = []
        for token in body.split():
            r, sep, c = token.partition(",")
            if not (sep and r.isdigit() and c.isdigit()):
                col = line.index(token) + 1
                raise FormatError(f"{name}:{number}:{col}: expected a move 'r,c', found '{token[:24]}'")
            moves.append((int(r), int(c)))
        found.append((board, None, moves, number))
    return found


def _replay(args: argparse.Namespace) -> int:
    files = args.files
    if len(files) != (1 if args.standard else 2):
        args.command_parser.error("give BOARDS and MOVES, or --standard and MOVES")
    if files.count("-") > 1:
        args.command_parser.error("only one of BOARDS and MOVES can be standard input")
    moves_path = files[-1]
    try:
        boards = _boards(None if args.standard else files[0], args.standard)
        games = parse_moves(read_input(moves_path).decode("utf-8", "replace"), shown(moves_path))
    except OSError as exc:
        return fail(GAME, f"cannot read a file: {exc.strerror}", 2)
    except FormatError as exc:
        return fail(GAME, str(exc), 1)
    total = 0
    for k, claimed, moves, line in games:
        where = f"{shown(moves_path)}:{line}: board {k}"
        if not 1 <= k <= len(boards):
            return fail(GAME, f"{where}: there are {len(boards)} boards", 1)
        try:
            score = boards[k - 1].copy().replay(moves)
        except ValueError as exc:
            return fail(GAME, f"{where}: {exc}", 1)
        if claimed is not None and claimed != score:
            return fail(GAME, f"{where}: the moves score {score}, not the claimed {claimed}", 1)
        total += score
        print(f"board {k}: score {score}")
        sys.stdout.flush()
    print(f"total {total} ({len(games)} boards)")
    if args.html:
        from ..pictures import replay_html
        page = replay_html(boards, [(k, moves) for k, _, moves, _ in games],
                           f"{shown(moves_path)}, total score {total}")
        return save(GAME, args.html, page, files)
    return 0
