"""`gridgames samegame solve|replay`: the research commands (solve's own
module is _solve_cli)."""
import argparse
import json
import sys
from typing import Optional

from ..cli._args import add_command
from ..cli._io import fail, read_input, shown
from ..pictures._cli import add_html_option, save
from . import FormatError
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
MOVES: the output of 'solve --json' (one {"board": k, "moves": [[r, c], ...]}
per line; a "score" in it is checked), or of 'solve' ('board k: ... moves: r,c
r,c ...' lines), or plain lines of 'r,c' moves, one line per board in order."""


def register(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    add_solve(commands, RULES_HELP)

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
            except (ValueError, KeyError, TypeError, RecursionError):  # RecursionError: nested too deep
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
        boards = boards_of(None if args.standard else files[0], args.standard)
        games = parse_moves(read_input(moves_path).decode("utf-8", "replace"), shown(moves_path))
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
