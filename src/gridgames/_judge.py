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
from typing import Any, BinaryIO, NamedTuple, Optional, Union

from ._limits import constants

_TOKEN = re.compile(rb"[^ \t\n\v\f\r]*")  # the same whitespace as bytes.split()
_SHOWN = constants("_scan.pxd").SHOWN  # longest token quoted in a message


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


def quoted(head: bytes, more: bool = False) -> str:
    """A token's first bytes as a message shows them: quoted, non-UTF-8
    bytes as \\xff and control characters escaped, '...' when ``more``
    follows; an empty token is 'end of input'."""
    if not head:
        return "end of input"
    text = head[:_SHOWN].decode("utf-8", "backslashreplace")
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in text)
    return f"'{shown}{'...' if more or len(head) > _SHOWN else ''}'"


def token_at(data: bytes, offset: int) -> str:
    """The token starting at ``offset``, quoted, or 'end of input'."""
    match = _TOKEN.match(data, offset)
    assert match is not None  # the pattern matches the empty string
    end = match.end()
    return quoted(data[offset:min(end, offset + _SHOWN + 1)])


def error_at(data: bytes, offset: int, item: str, expected: str) -> JudgeError:
    line, column = locate(data, offset)
    return JudgeError(item, line, column, expected, token_at(data, offset))


class JudgeWarning:
    """A warning about judge input that still gave a result (gopher's
    PickWarning): ``str()`` gives 'LINE:COL: ...'."""

    line: int
    column: int


def error_where(where: tuple[int, int, bytes, bool, bool], item: str, expected: str) -> JudgeError:
    """The JudgeError of a bad token a kernel described as (line, column,
    first bytes, more, at end of input) (see _scan.pxd, describe)."""
    line, column, head, more, _ = where
    return JudgeError(item, line, column, expected, quoted(head, more))


# What judge() reads: any bytes-like object (array, mmap... too), or a binary file.
JudgeInput = Union[bytes, bytearray, memoryview, BinaryIO]
# Where judge() hands its output as it is made: a function taking bytes, or a file descriptor.
Emit = Optional[Union[Callable[[bytes], object], int]]


def source(data: JudgeInput) -> object:
    """What a kernel reads: a binary file (anything with ``readinto``, read in
    pieces) as it is, any other bytes-like object as a flat view of its
    bytes.  Anything else (str, a text file, a list) is a TypeError, the same
    on both backends."""
    if hasattr(data, "readinto"):
        return data
    try:
        view = memoryview(data)  # type: ignore[arg-type]  # not a buffer: the TypeError below
    except TypeError:
        raise TypeError("judge input must be a bytes-like object or a binary file, "
                        f"not {type(data).__name__}") from None
    if not view.c_contiguous:
        raise TypeError("judge input must be a contiguous bytes-like object")
    return view if view.format == "B" and view.ndim == 1 else view.cast("B")


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


class CannotRead(Exception):
    """The input failed while it was being read; one line, exit status 2."""


class Reader:
    """A binary input stream for the kernels (they call ``readinto``); its
    OSErrors become CannotRead, so they are not taken for output errors."""

    def __init__(self, stream: Any, name: str) -> None:
        self.stream, self.name = stream, name

    def readinto(self, buffer: memoryview) -> int:
        try:
            read: int = self.stream.readinto(buffer)
            return read
        except OSError as exc:
            raise CannotRead(f"cannot read {self.name}: {exc.strerror}") from None


def open_input(path: str) -> Reader:
    """INPUT as a Reader: the file, or standard input for '-'."""
    name = shown(path)
    return Reader(sys.stdin.buffer if path == "-" else open(path, "rb", buffering=0), name)


class CannotWrite(Exception):
    """An output file or stream that cannot be written (a directory, a full
    disk); the message is one line, callers exit with status 2."""


class RawWriter:
    """Unbuffered binary output that writes every byte or raises: a short
    write (the reader of a pipe went away mid-write) is continued, so it
    ends in BrokenPipeError instead of silently losing the rest."""

    def __init__(self, fd: int) -> None:
        self.raw = open(fd, "wb", buffering=0, closefd=False)

    def fileno(self) -> int:
        return self.raw.fileno()

    def flush(self) -> None:
        """Nothing waits: every write went out whole."""

    def write(self, data: bytes) -> int:
        view = memoryview(data).cast("B")
        while view:
            view = view[self.raw.write(view):]
        return len(data)


@contextmanager
def writing(path: Optional[str]) -> Iterator[RawWriter]:
    """A binary stream to ``path``, or to standard output for None or '-'
    (unbuffered: callers write large chunks).  Its OSErrors become
    CannotWrite; a closed pipe (``| head``) is left to ``cli.main``, which
    ends quietly with status CLOSED_OUTPUT."""
    try:
        if path in (None, "-"):
            sys.stdout.flush()
            yield RawWriter(sys.stdout.fileno())
        else:
            with open(path, "wb") as f:
                yield RawWriter(f.fileno())
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise CannotWrite(f"cannot write {shown(path, '<stdout>')}: {exc.strerror}") from None


def run_judge(args: argparse.Namespace, game: str, judge: Callable[..., JudgeResult],
              **options: object) -> int:
    """Stream INPUT through ``judge(reader, emit=..., **options) ->
    JudgeResult``, writing the results as they are made (all of them, even
    before an error), then report the error; exit code.  Memory stays
    bounded: neither the input nor the output is ever held whole."""
    name = shown(args.input)
    try:
        reader = open_input(args.input)
    except OSError as exc:
        return fail(game, f"cannot read {name}: {exc.strerror}", 2)
    try:
        with writing(args.output) as f:
            # the kernels write straight to the descriptor, without the GIL
            out, err, warnings = judge(reader, emit=f.fileno(), **options)
            f.write(out)
    except (CannotWrite, CannotRead) as exc:
        return fail(game, str(exc), 2)
    finally:
        if reader.stream is not sys.stdin.buffer:
            reader.stream.close()
    for warning in warnings:
        sys.stderr.write(f"gridgames {game}: {name}:{warning}\n")
    if err is not None:
        return fail(game, f"{name}:{err}", 1)
    return 0


def warnings_to_stderr(game: str, path: Optional[str]) -> Callable[[bytes], None]:
    """A ``warn`` function for judge(): it writes each chunk of warning lines
    to standard error, every line prefixed 'gridgames GAME: INPUT:'."""
    prefix = f"gridgames {game}: {shown(path)}:".encode()

    def warn(chunk: bytes) -> None:
        sys.stderr.flush()
        sys.stderr.buffer.write(prefix + chunk[:-1].replace(b"\n", b"\n" + prefix) + b"\n")
        sys.stderr.buffer.flush()
    return warn


def fail(game: str, message: str, status: int) -> int:
    sys.stderr.write(f"gridgames {game}: {message}\n")
    sys.stderr.flush()
    return status


CLOSED_OUTPUT = 141  # like a C program stopped by SIGPIPE (128 + 13), as a shell reports it


def quiet_broken_pipe() -> None:
    """`gridgames ... | head` must not print a traceback; the exit status is
    then CLOSED_OUTPUT."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
