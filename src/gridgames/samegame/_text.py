"""SameGame text, shared by both backends: the judge rendering of a position
and the research board format.

The research format (the 20 standard positions, most SameGame papers' files):
each board is its rows, TOP row first, one line per row, colours 0..9
separated by spaces; boards are separated by one or more blank lines.
"""

from .._runtime.judge import InputError, quoted
from .._runtime.kernel_constants import constants

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Optional

EMPTY = constants("samegame/_board.pxd").EMPTY  # in snapshots: no cell (never a colour)
Rows = list[list[int]]


class FormatError(InputError):
    """Bad research text; ``str()`` is one line, ``FILE:LINE:COL: message``."""


def render_snapshot(snap: bytes, rows: int, cols: int) -> bytes:
    """The judge rendering of a snapshot (rows*cols bytes, bottom row first):
    the rows top first, each 4 spaces then every cell and a space (a space for
    an empty cell), or '    Game Won' when no cell is left."""
    if all(v == EMPTY for v in snap):
        return b"    Game Won\n"
    lines = []
    for r in range(rows - 1, -1, -1):
        row = snap[r * cols:(r + 1) * cols]
        lines.append(b"    " + b"".join(b"%c " % (48 + v if v != EMPTY else 32) for v in row) + b"\n")
    return b"".join(lines)


def parse_boards(text: str, name: str = "<string>", max_rows: int = 20,
                 max_cols: int = 40) -> "list[Rows]":
    """The boards of research ``text`` as lists of rows (top first) of ints.
    ``name`` is the file named in errors; FormatError on bad text."""
    boards: list[Rows] = []
    board: Rows = []
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            if board:
                boards.append(board)
                board = []
            continue
        if not board:
            start = number
        row = []
        col = 0
        for token in line.split():
            col = line.index(token, col) + 1
            if len(token) != 1 or not "0" <= token <= "9":
                raise FormatError(f"{name}:{number}:{col}: expected a colour 0..9, found {quoted(token)}")
            row.append(int(token))
            col += len(token) - 1
        where = f"{name}:{number}:1: board {len(boards) + 1}"
        if board and len(row) != len(board[0]):
            raise FormatError(f"{where}: row of {len(row)} colours, the board's first row "
                              f"(line {start}) has {len(board[0])}")
        if len(row) > max_cols:
            raise FormatError(f"{where}: {len(row)} columns, at most {max_cols}")
        if len(board) == max_rows:
            raise FormatError(f"{where}: more than {max_rows} rows")
        board.append(row)
    if board:
        boards.append(board)
    return boards


def format_boards(boards: "Iterable[Sequence[Sequence[Optional[int]]]]") -> str:
    """Research text for boards given as rows top first (no empty cell)."""
    out = []
    for rows in boards:
        if any(v is None for row in rows for v in row):
            raise ValueError("the research format holds full boards only (no empty cell)")
        out.append("".join(" ".join(map(str, row)) + "\n" for row in rows))
    return "\n".join(out)
