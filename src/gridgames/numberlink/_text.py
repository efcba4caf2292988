"""The Number Link text format, shared by both backends (it is line based,
so it does not use the judge scanner, which ignores line breaks).

A first line 'R C', then R lines of C tokens, top row first: '.' empty,
'#' solid, a positive integer for an endpoint (puzzle) or a path (solution).
Lines after the last row must be blank.
"""
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Optional

from .._runtime.judge import JudgeError, error_at, locate
from ._check import EMPTY, MAX_SIDE, SOLID, numbering_problem

_TOKEN = re.compile(rb"[^ \t\v\f\r]+")  # inside one line


def _error(data: bytes, offset: int, item: str, expected: str, found: Optional[str] = None) -> JudgeError:
    if found is None:
        return error_at(data, offset, item, expected)
    line, column = locate(data, offset)
    return JudgeError(item, line, column, expected, found)


def _lines(data: bytes) -> Iterator[tuple[int, list[tuple[int, bytes]]]]:
    """(end offset, [(offset, token)]) for each line; the empty text after a
    final newline is no line."""
    start = 0
    while start < len(data) or start == 0:
        end = data.find(b"\n", start)
        if end < 0:
            end = len(data)
        yield end, [(m.start(), m.group()) for m in _TOKEN.finditer(data, start, end)]
        start = end + 1


def _size_line(data: bytes, lines: Iterator[tuple[int, list[tuple[int, bytes]]]],
               names: str) -> tuple[int, int, int]:
    """The two integers 1..MAX_SIDE of the first line, and its end offset."""
    end, tokens = next(lines)
    size = f"the size '{names}' (two integers 1..{MAX_SIDE})"
    bad = [o for o, t in tokens if not (t.isdigit() and len(t) <= 4 and 1 <= int(t) <= MAX_SIDE)]
    bad += [o for o, _ in tokens[2:]]
    if bad:
        raise _error(data, min(bad), "line 1", size)
    if len(tokens) < 2:
        raise _error(data, end, "line 1", size, "end of input" if end == len(data) else "end of line")
    return int(tokens[0][1]), int(tokens[1][1]), end


def parse(data: bytes, solution: bool) -> tuple[int, int, list[int]]:
    """(rows, cols, cells) from puzzle or solution text; JudgeError
    (line and column) on the first problem.  A puzzle needs every number
    exactly twice, both need the numbers 1..k without a gap.  A solution
    may hold '.' for a square on no path: the checker reports it."""
    lines = _lines(data)
    rows, cols, _ = _size_line(data, lines, "ROWS COLS")
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


def render_cells(rows: int, cols: int, cells: Iterable[int]) -> str:
    """The text of a board: 'R C', then the rows, each line ending in '\\n'."""
    tokens = ["." if v == EMPTY else "#" if v == SOLID else str(v) for v in cells]
    out = [f"{rows} {cols}"]
    out += [" ".join(tokens[r * cols:(r + 1) * cols]) for r in range(rows)]
    out.append("")
    return "\n".join(out)


# --- the compact character format, and files of several puzzles ----------

# Labels written for paths 1, 2, ... in the character format.
LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" + \
    "".join(chr(c) for c in range(33, 127) if not chr(c).isalnum() and chr(c) not in ".#")


def parse_chars(data: bytes) -> tuple[int, int, list[int], list[str]]:
    """(rows, cols, cells, labels) from the character format: a line 'W H'
    (columns first), then H lines of exactly W characters: '.' empty, '#'
    solid, any other printable ASCII character an endpoint label.  Labels
    are numbered 1, 2, ... by first appearance (reading order); ``labels``
    maps number - 1 to the character.  Each label must appear exactly twice."""
    lines = _lines(data)
    cols, rows, end = _size_line(data, lines, "WIDTH HEIGHT")
    cells: list[int]
    number: dict[int, int]
    labels: list[str]
    seen: dict[int, list[int]]
    cells, number, labels, seen = [], {}, [], {}
    for r in range(1, rows + 1):
        item = f"row {r}"
        start = end + 1
        got = next(lines, None)
        if got is None:
            raise _error(data, len(data), item, f"{cols} characters", "end of input")
        end, _ = got
        line = data[start:end].rstrip(b"\r")
        for c in range(cols):
            if c >= len(line):
                raise _error(data, start + c, item, f"{cols} characters",
                             f"only {len(line)}, then the end of the line")
            ch = line[c]
            if not 33 <= ch <= 126:
                raise _error(data, start + c, item, "'.', '#' or a printable label character",
                             repr(chr(ch)))
            if ch == 46:    # '.'
                cells.append(EMPTY)
                continue
            if ch == 35:    # '#'
                cells.append(SOLID)
                continue
            if ch not in number:
                number[ch] = len(labels) + 1
                labels.append(chr(ch))
            seen.setdefault(ch, []).append(start + c)
            if len(seen[ch]) == 3:
                raise _error(data, start + c, f"label '{chr(ch)}'", "exactly 2 endpoints", "a third one")
            cells.append(number[ch])
        if len(line) > cols:
            raise _error(data, start + cols, item, f"only {cols} characters", repr(chr(line[cols])))
    for _, tokens in lines:
        if tokens:
            raise _error(data, tokens[0][0], "after the last row", "the end of the input")
    for ch, offsets in seen.items():
        if len(offsets) == 1:
            raise _error(data, offsets[0], f"label '{chr(ch)}'", "exactly 2 endpoints", "only 1")
    return rows, cols, cells, labels


def render_chars(rows: int, cols: int, cells: Sequence[int], labels: Optional[Sequence[str]] = None) -> str:
    """The character format of a board: 'W H', then the rows; path v shows
    as ``labels[v - 1]`` (default LABELS).  ValueError past the last label."""
    labels = labels or LABELS
    top = max(cells, default=0)
    if top > len(labels):
        raise ValueError(f"the character format has {len(labels)} labels, this board needs {top}")
    marks = ".#"
    rows_text = ["".join(marks[0] if v == EMPTY else marks[1] if v == SOLID else labels[v - 1]
                         for v in cells[r * cols:(r + 1) * cols]) for r in range(rows)]
    return "\n".join([f"{cols} {rows}", *rows_text, ""])


def looks_like_chars(block: bytes) -> bool:
    """Auto-detection: the character format when the second line is one
    token exactly WIDTH long (a 1x1 board reads the same either way)."""
    lines = block.split(b"\n")
    first = lines[0].split()
    second = lines[1].split() if len(lines) > 1 else []
    if len(first) != 2 or not first[0].isdigit() or len(second) != 1:
        return False
    return len(second[0]) == int(first[0]) and first != [b"1", b"1"]


def blocks(data: bytes) -> Iterator[tuple[int, bytes]]:
    """(number of its first line, bytes) of each run of non-blank lines."""
    lines = data.split(b"\n")
    start = None
    for no, line in enumerate(lines + [b""], 1):
        if line.strip():
            if start is None:
                start = no
        elif start is not None:
            yield start, b"\n".join(lines[start - 1:no - 1]) + b"\n"
            start = None


def read_puzzles(data: bytes, fmt: str = "auto", solutions: bool = False
                 ) -> Iterator[tuple[int, int, list[int], Optional[list[str]]]]:
    """(rows, cols, cells, labels or None) for each puzzle of a file of
    puzzles separated by blank lines, in ``fmt`` "text", "chars" or "auto"
    (each block detected alone).  A JudgeError is raised at the first bad
    block, located in the whole file, after the good ones before it.
    ``solutions``: the blocks are solutions (the text format)."""
    for start, block in blocks(data):
        try:
            if not solutions and (fmt == "chars" or (fmt == "auto" and looks_like_chars(block))):
                yield parse_chars(block)
            else:
                yield (*parse(block, solutions), None)
        except JudgeError as err:
            raise JudgeError(err.item, err.line + start - 1, err.column, err.expected,
                             err.found) from None
