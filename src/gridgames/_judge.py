"""What every judge-format command shares: error reports and file plumbing.

Kernels report a bad token as a byte offset plus a code; line, column and the
offending text are worked out here, once, for every game and both backends.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO, NamedTuple, Optional, Protocol

_TOKEN = re.compile(rb"[^ \t\n\v\f\r]*")  # the same whitespace as bytes.split()
_SHOWN = 24  # longest token quoted in a message


class JudgeError(Exception):
    """Bad judge input: ``item`` (e.g. "grid 2"), 1-based line and column,
    what was expected and what was found."""

    def __init__(self, item: str, line: int, column: int, expected: str, found: str) -> None:
        super().__init__(item, line, column, expected, found)
        self.item, self.line, self.column = item, line, column
        self.expected, self.found = expected, found

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.item}: expected {self.expected}, found {self.found}"


def locate(data: bytes, offset: int) -> tuple[int, int]:
    """1-based (line, column) of a byte offset; columns count bytes."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, offset - line_start + 1


def token_at(data: bytes, offset: int) -> str:
    """The token starting at ``offset``, quoted, or 'end of input'."""
    match = _TOKEN.match(data, offset)  # "*": it always matches
    end = match.end() if match else offset
    if end == offset:
        return "end of input"
    text = data[offset:min(end, offset + _SHOWN)].decode("utf-8", "backslashreplace")
    # bytes that are not UTF-8 show as \xff, control characters as \x00
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in text)
    return f"'{shown}{'...' if end > offset + _SHOWN else ''}'"


def error_at(data: bytes, offset: int, item: str, expected: str) -> JudgeError:
    line, column = locate(data, offset)
    return JudgeError(item, line, column, expected, token_at(data, offset))


class JudgeWarning:
    """A warning about judge input that still gave a result (gopher's
    PickWarning): ``str()`` gives 'LINE:COL: ...'."""

    line: int
    column: int


class JudgeResult(NamedTuple):
    """What every game's ``judge()`` returns: the output bytes (every complete
    result; with ``emit`` only what was not emitted yet), the ``JudgeError``
    of the first bad token or None, and the warnings (a list, empty for the
    games that have none)."""

    output: bytes
    error: Optional[JudgeError]
    warnings: list[JudgeWarning]


# --- command-line plumbing ---------------------------------------------------

def shown(path: Optional[str], stream: str = "<stdin>") -> str:
    """How a file argument appears in messages ('-' or None: the stream)."""
    return stream if path in ("-", None) else path


def read_input(path: str) -> bytes:
    """The bytes of ``path``, or of standard input for '-'."""
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


class CannotWrite(Exception):
    """An output file or stream that cannot be written (a directory, a full
    disk); the message is one line, callers exit with status 2."""


@contextmanager
def writing(path: Optional[str]) -> Iterator[BinaryIO]:
    """A binary stream to ``path``, or to standard output for None or '-'.  Its
    OSErrors become CannotWrite; a closed pipe (``| head``) is left to
    ``cli.main``, which ends quietly."""
    try:
        if path in (None, "-"):
            yield sys.stdout.buffer
            sys.stdout.buffer.flush()
        else:
            with open(path, "wb") as f:
                yield f
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise CannotWrite(f"cannot write {shown(path, '<stdout>')}: {exc.strerror}") from None


class Judge(Protocol):
    """A game's ``judge`` as run_judge calls it."""

    def __call__(self, data: bytes, *, emit: Callable[[bytes], object]) -> JudgeResult: ...


def run_judge(args: argparse.Namespace, game: str, judge: Judge) -> int:
    """Read INPUT, run ``judge(data, emit=...) -> JudgeResult``, write the results (all of them, even
    before an error), report the warnings, then the error; exit code."""
    name = shown(args.input)
    try:
        data = read_input(args.input)
    except OSError as exc:
        return fail(game, f"cannot read {name}: {exc.strerror}", 2)
    try:
        with writing(args.output) as f:
            # results stream out as they are made: memory stays bounded
            out, err, warnings = judge(data, emit=f.write)
            f.write(out)
    except CannotWrite as exc:
        return fail(game, str(exc), 2)
    for warning in warnings:
        sys.stderr.write(f"gridgames {game}: {name}:{warning}\n")
    if err is not None:
        return fail(game, f"{name}:{err}", 1)
    return 0


def fail(game: str, message: str, status: int) -> int:
    sys.stderr.write(f"gridgames {game}: {message}\n")
    sys.stderr.flush()
    return status


def quiet_broken_pipe() -> None:
    """`gridgames ... | head` must not print a traceback."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
