"""The improve loop's start games: for each board of a campaign, the best
game known for it, from ``best_known()`` (the standard boards) and from
results files of earlier campaigns (``solve -o`` / ``--json`` lines).
Boards are matched by the digest of their cells, not by number, so one
file may hold many campaigns on many board sets.  Every start game is
replayed: it must reach its claimed score and end the board."""
from __future__ import annotations

from typing import Any, NamedTuple, Optional

from .._game import standard_boards
from .._single import finished_game
from .._text import FormatError
from ._best import best_known
from ._jobs import Result, board_rows, digest


class Start(NamedTuple):
    """A game to improve on: its ``score``, ``moves`` and where it came
    from (``where``: "best_known() board K" or "FILE:LINE")."""

    score: int
    moves: list[tuple[int, int]]
    where: str


def read_results(text: str, name: str) -> list[tuple[int, Result]]:
    """The result lines of ``text`` with their line numbers; FormatError
    naming the first line that is not one.  A last line with no newline
    (a campaign writing it now) is left out; the text is never changed."""
    found = []
    lines = text.split("\n")
    for number, line in enumerate(lines[:-1], 1):
        if line.strip():
            try:
                found.append((number, Result.from_line(line)))
            except ValueError:
                raise FormatError(f"{name}:{number}: not a result line of 'samegame solve -o'") from None
    return found


def starts(boards: list[Any], text: Optional[str] = None, name: str = "<results>") -> list[Optional[Start]]:
    """For each board, the best game known for it (None: none known):
    ``best_known()`` where the board is a standard one, and the result
    lines of ``text`` (named ``name`` in errors) on the same cells; the
    higher score wins, the first on a tie.  FormatError (a ValueError) for
    a bad line, or a best game that does not replay to its score or leaves
    the board unfinished."""
    wanted = {digest(board_rows(b)): k for k, b in enumerate(boards)}
    best: list[Optional[Start]] = [None] * len(boards)

    def consider(key: str, score: int, moves: list[tuple[int, int]], where: str) -> None:
        k = wanted.get(key)
        if k is not None and (best[k] is None or score > best[k].score):  # type: ignore[union-attr]
            best[k] = Start(score, moves, where)
    for board, known in zip(standard_boards(), best_known()):
        consider(digest(board_rows(board)), known.score, known.moves, f"best_known() board {known.board}")
    for number, r in read_results(text, name) if text is not None else []:
        consider(r.digest, r.score, r.moves, f"{name}:{number}")
    for k, start in enumerate(best):
        if start is not None:
            replays(boards[k], start)
    return best


def replays(board: Any, start: Start) -> None:
    """FormatError unless ``start`` replays on ``board`` to its score and
    ends it."""
    try:
        score = finished_game(board, start.moves)[0]
    except ValueError as exc:
        raise FormatError(f"{start.where}: {exc}") from None
    if score != start.score:
        raise FormatError(f"{start.where}: the moves score {score}, not the claimed {start.score}")
