"""MOVES, the input of `gridgames samegame replay`: the output of 'solve'
and 'solve --json', a campaign's results file, or plain lines of moves."""
from __future__ import annotations

import json
import sys
from typing import NamedTuple, Optional

from ..._runtime.judge import quoted
from .._text import FormatError


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


def _small(word: str) -> bool:
    """A count of at most 9 digits: every board, run or cell number is one
    (and int() refuses over 4,300 digits)."""
    return word.isdecimal() and len(word) <= 9


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
            except (ValueError, KeyError, TypeError, RecursionError):  # RecursionError: nested too deep
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
            if not sep or not words[:1] or not _small(words[0]):
                raise FormatError(f"{where}: expected 'board K: ... moves: r,c ...'")
            board = int(words[0])
            run = int(words[2]) if words[1:2] == ["run"] and words[2:3] and _small(words[2]) else 1
        moves = []
        for token in body.split():
            r, sep, c = token.partition(",")
            if not (sep and _small(r) and _small(c)):
                col = line.index(token) + 1
                raise FormatError(f"{name}:{number}:{col}: expected a move 'r,c', found {quoted(token)}")
            moves.append((int(r), int(c)))
        found.append(Game(board, run, None, None, None, moves, number))
    return found
