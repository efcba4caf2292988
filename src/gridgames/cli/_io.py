"""The files of the judge-format commands: INPUT and -o OUTPUT streamed,
their errors as one line, the exit statuses."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Optional

from .._judge import JudgeResult


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


class InputFile:
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


def open_input(path: str) -> InputFile:
    """INPUT as an InputFile: the file, or standard input for '-'."""
    name = shown(path)
    return InputFile(sys.stdin.buffer if path == "-" else open(path, "rb", buffering=0), name)


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
