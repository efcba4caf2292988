"""The Number Link text format, shared by both backends (it is line based,
so it does not use the judge scanner, which ignores line breaks).

A first line 'R C', then R lines of C tokens, top row first: '.' empty,
'#' solid, a positive integer for an endpoint (puzzle) or a path (solution).
Lines after the last row must be blank.
"""
import re

from .._judge import JudgeError, error_at, locate
from ._check import EMPTY, MAX_SIDE, SOLID, numbering_problem

_TOKEN = re.compile(rb"[^ \t\v\f\r]+")  # inside one line


def _error(data, offset, item, expected, found=None):
    if found is None:
        return error_at(data, offset, item, expected)
    line, column = locate(data, offset)
    return JudgeError(item, line, column, expected, found)


def _lines(data):
    """(end offset, [(offset, token)]) for each line; the empty text after a
    final newline is no line."""
    start = 0
    while start < len(data) or start == 0:
        end = data.find(b"\n", start)
        if end < 0:
            end = len(data)
        yield end, [(m.start(), m.group()) for m in _TOKEN.finditer(data, start, end)]
        start = end + 1


def parse(data: bytes, solution: bool):
    """(rows, cols, cells) from puzzle or solution text; JudgeError
    (line and column) on the first problem.  A puzzle needs every number
    exactly twice, both need the numbers 1..k without a gap.  A solution
    may hold '.' for a square on no path: the checker reports it."""
    lines = _lines(data)
    end, tokens = next(lines)
    size = f"the size 'ROWS COLS' (two integers 1..{MAX_SIDE})"
    bad = [o for o, t in tokens if not (t.isdigit() and len(t) <= 4 and 1 <= int(t) <= MAX_SIDE)]
    bad += [o for o, _ in tokens[2:]]
    if bad:
        raise _error(data, min(bad), "line 1", size)
    if len(tokens) < 2:
        raise _error(data, end, "line 1", size, "end of input" if end == len(data) else "end of line")
    rows, cols = int(tokens[0][1]), int(tokens[1][1])
    n = rows * cols
    limit = len(str(n))
    what = f"'.', '#' or a number 1..{n}"
    cells, offsets = [], []
    for r in range(1, rows + 1):
        item = f"row {r}"
        got = next(lines, None)
        if got is None:
            raise _error(data, len(data), item, f"{cols} squares", "end of input")
        end, tokens = got
        if len(tokens) < cols:
            raise _error(data, end, item, f"{cols} squares",
                         f"only {len(tokens)}, then the end of the line")
        if len(tokens) > cols:
            raise _error(data, tokens[cols][0], item, f"only {cols} squares")
        for offset, tok in tokens:
            if tok == b".":
                v = EMPTY
            elif tok == b"#":
                v = SOLID
            elif tok.isdigit() and len(tok) <= limit and 1 <= int(tok) <= n:
                v = int(tok)
            else:
                raise _error(data, offset, item, what)
            cells.append(v)
            offsets.append(offset)
    for _, tokens in lines:
        if tokens:
            raise _error(data, tokens[0][0], "after the last row", "the end of the input")
    bad = numbering_problem(cells, twice=not solution)
    if bad is not None:
        number, index, expected, found = bad
        raise _error(data, offsets[index], f"number {number}", expected, found)
    return rows, cols, cells


def render_cells(rows, cols, cells) -> str:
    """The text of a board: 'R C', then the rows, each line ending in '\\n'."""
    tokens = ["." if v == EMPTY else "#" if v == SOLID else str(v) for v in cells]
    out = [f"{rows} {cols}"]
    out += [" ".join(tokens[r * cols:(r + 1) * cols]) for r in range(rows)]
    out.append("")
    return "\n".join(out)
