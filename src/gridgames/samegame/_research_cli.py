"""`gridgames samegame solve|replay`: the research commands (solve's own
module is _solve_cli)."""
import argparse
import json
import sys
from typing import NamedTuple, Optional

from ..cli._args import add_command
from ..cli._io import CannotWrite, fail, read_input, shown
from ..cli._outputs import check_writable
from ..pictures._cli import add_html_option, save
from . import FormatError
from ._campaign import board_rows, digest
from ._solve_cli import add as add_solve, boards_of

GAME = "samegame"

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


def register(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    add_solve(commands, RULES_HELP)

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


class Game(NamedTuple):
    """A line of MOVES: its ``board`` and ``run`` (1 when not said), the
    ``claimed`` score, the board's ``digest`` and why it ``stopped``, when
    the line says them; the ``moves`` and the ``line`` number."""

    board: int
    run: int
    claimed: Optional[int]
    digest: Optional[str]
    stopped: Optional[str]
    moves: list[tuple[int, int]]
    line: int


def parse_moves(text: str, name: str) -> list[Game]:
    """The games of MOVES, one per board line; a torn last JSON line (a
    campaign stopped while writing it) is reported on standard error, not
    counted."""
    found: list[Game] = []
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        body = line.strip()
        if not body or body.startswith("total ") or body.startswith("#"):
            continue
        where = f"{name}:{number}:1"
        if body.startswith("{"):
            try:
                obj = json.loads(body)
                moves = [(int(r), int(c)) for r, c in obj["moves"]]
                found.append(Game(int(obj["board"]), int(obj.get("run", 1)), obj.get("score"), obj.get("digest"),
                                  obj.get("stopped"), moves, number))
            except (ValueError, KeyError, TypeError):
                if number == len(lines):  # no newline after it: torn
                    sys.stderr.write(f"gridgames samegame: {name}:{number}: a torn line (its campaign was "
                                     "stopped while writing it): not counted\n")
                    continue
                raise FormatError(f"{where}: expected a JSON object "
                                  '{"board": k, "moves": [[r, c], ...]}') from None
            continue
        board, run = len(found) + 1, 1
        if body.startswith("board "):
            head, sep, body = body.partition("moves:")
            words = head[6:].replace(":", " ").replace(",", " ").split()
            if not sep or not words[:1] or not words[0].isdigit():
                raise FormatError(f"{where}: expected 'board K: ... moves: r,c ...'")
            board = int(words[0])
            run = int(words[2]) if words[1:2] == ["run"] and words[2:3] and words[2].isdigit() else 1
        moves = []
        for token in body.split():
            r, sep, c = token.partition(",")
            if not (sep and r.isdigit() and c.isdigit()):
                col = line.index(token) + 1
                raise FormatError(f"{name}:{number}:{col}: expected a move 'r,c', found '{token[:24]}'")
            moves.append((int(r), int(c)))
        found.append(Game(board, run, None, None, None, moves, number))
    return found


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
