"""The files of the judge-format commands: INPUT and -o OUTPUT streamed,
their errors as one line, the exit statuses."""

import os
import sys

from .._runtime.safe_files import CannotWrite as CannotWrite, refuse_same, replacing  # CannotWrite: re-exported

TYPE_CHECKING = False  # neither argparse nor typing is imported at run time: the judges start fast
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from contextlib import AbstractContextManager
    from types import TracebackType
    from typing import Any, Optional

    from .._runtime.judge import JudgeResult


def shown(path: "Optional[str]", stream: str = "<stdin>") -> str:
    """How a file argument appears in messages ('-' or None: the stream)."""
    return stream if path in ("-", None) else path


def stdin() -> "Any":
    """Standard input as a binary stream; OSError when it is closed.  At a
    terminal, a line on standard error says that the command waits for it."""
    if sys.stdin is None:
        raise closed("input")
    if sys.stdin.isatty():
        sys.stderr.write("gridgames: reading standard input from the terminal; end it with "
                         "Ctrl-D (Ctrl-Z Enter on Windows)\n")
        sys.stderr.flush()
        # unbuffered: a buffered read would swallow the end (Ctrl-D)
        return getattr(sys.stdin.buffer, "raw", sys.stdin.buffer)
    return sys.stdin.buffer


def closed(stream: str) -> OSError:
    """The error of a closed standard ``stream`` ("input", "output")."""
    import errno  # only here: a judge starts without it
    return OSError(errno.EBADF, f"standard {stream} is closed")


class CannotRead(Exception):
    """The input failed while it was being read; one line, exit status 2."""


class InputFile:
    """A binary input stream for the kernels (they call ``readinto``); its
    OSErrors become CannotRead, so they are not taken for output errors."""

    def __init__(self, stream: "Any", name: str) -> None:
        self.stream, self.name, self.ended = stream, name, False

    def readinto(self, buffer: memoryview) -> int:
        if self.ended:  # a terminal's end (Ctrl-D) is not sticky: read it once
            return 0
        try:
            read: int = self.stream.readinto(buffer)
            self.ended = read == 0
            return read
        except OSError as exc:
            raise CannotRead(f"cannot read {self.name}: {exc.strerror}") from None


def open_input(path: str) -> "InputFile":
    """INPUT as an InputFile: the file, or standard input for '-'."""
    name = shown(path)
    return InputFile(stdin() if path == "-" else open(path, "rb", buffering=0), name)


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


class writing:
    """A binary stream to ``path``, or to standard output for None or '-'
    (unbuffered: callers write large chunks).  ``inputs`` are the command's
    input paths ('-': standard input): an output that is one of them is
    refused (SameFile, exit 2) before anything is written, and a file is
    written through a temporary file renamed at the end (``gridgames._runtime.safe_files``).  Its
    OSErrors become CannotWrite; a closed pipe (``| head``) is left to
    ``cli.main``, which ends quietly with status CLOSED_OUTPUT.  (A class,
    not a contextlib generator: a judge starts without contextlib.)"""

    def __init__(self, path: "Optional[str]", inputs: "Sequence[Optional[str]]" = ()) -> None:
        self.path, self.inputs = path, inputs
        self.file: Optional[AbstractContextManager[int]] = None

    def __enter__(self) -> "RawWriter":
        try:
            if self.path in (None, "-"):
                if sys.stdout is None:
                    raise closed("output")
                refuse_same(self.path, self.inputs)
                sys.stdout.flush()
                return RawWriter(sys.stdout.fileno())
            assert self.path is not None
            self.file = replacing(self.path, self.inputs)
            return RawWriter(self.file.__enter__())
        except OSError as exc:
            raise self.cannot_write(exc) from None

    def __exit__(self, kind: "Optional[type[BaseException]]", exc: "Optional[BaseException]",
                 tb: "Optional[TracebackType]") -> bool:
        try:
            if self.file is not None and self.file.__exit__(kind, exc, tb):
                return True
        except OSError as error:
            raise self.cannot_write(error) from None
        if isinstance(exc, OSError):  # the body's own
            raise self.cannot_write(exc) from None
        return False

    def cannot_write(self, exc: OSError) -> Exception:
        """``exc`` as CannotWrite, but a closed pipe (left to ``cli.main``) or a CannotWrite already."""
        if isinstance(exc, (BrokenPipeError, CannotWrite)):
            return exc
        return CannotWrite(f"cannot write {shown(self.path, '<stdout>')}: {exc.strerror}")


def run_judge(args: "argparse.Namespace", game: str, judge: "Callable[..., JudgeResult]", *,
              warnings: bool = False, **options: object) -> int:
    """The judge command: each INPUT through ``judge(reader, emit=...,
    **options) -> JudgeResult`` into -o OUTPUT, or with --outdir DIR into
    DIR/NAME (INPUT's name, its last suffix replaced by --suffix), one file
    after another in this process; ``warnings``: the judge takes
    ``warn=`` (each file's warnings go to standard error as they come).
    Every output is checked before any is written; a bad file gets its
    one-line error and the others go on.  Exit status: the worst one."""
    inputs: list[str] = args.input or ["-"]
    if args.outdir is None:
        if len(inputs) > 1:
            args.command_parser.error("several INPUT files need --outdir DIR")
        outputs = [args.output]
    else:
        if "-" in inputs:
            args.command_parser.error("--outdir needs INPUT files, not standard input")
        outputs = [os.path.join(args.outdir, os.path.splitext(os.path.basename(path))[0] + args.suffix)
                   for path in inputs]
        twice = next((o for i, o in enumerate(outputs) if o in outputs[:i]), None)
        if twice is not None:
            args.command_parser.error(f"two INPUT files would both be written to {twice}")
        try:
            for output in outputs:
                refuse_same(output, inputs)
            os.makedirs(args.outdir, exist_ok=True)
        except CannotWrite as exc:
            return fail(game, str(exc), 2)
        except FileExistsError:  # a file, or a link to one, by that name
            return fail(game, f"cannot write {args.outdir}: it exists and is not a directory", 2)
        except OSError as exc:
            return fail(game, f"cannot write {args.outdir}: {exc.strerror}", 2)
    status = 0
    for path, output in zip(inputs, outputs):
        if warnings:
            options["warn"] = warnings_to_stderr(game, path)
        status = max(status, judge_file(game, judge, path, output, options))
    return status


def judge_file(game: str, judge: "Callable[..., JudgeResult]", path: str, output: "Optional[str]",
               options: dict[str, object]) -> int:
    """Stream the file ``path`` through ``judge`` into ``output``, writing
    the results as they are made (all of them, even before an error), then
    report the error; exit status.  Memory stays bounded: neither the input
    nor the output is ever held whole."""
    name = shown(path)
    try:
        reader = open_input(path)
    except OSError as exc:
        return fail(game, f"cannot read {name}: {exc.strerror}", 2)
    try:
        with writing(output, [path]) as f:
            # the kernels write straight to the descriptor, without the GIL
            out, err, found = judge(reader, emit=f.fileno(), **options)
            f.write(out)
    except (CannotWrite, CannotRead) as exc:
        return fail(game, str(exc), 2)
    finally:
        if path != "-":
            reader.stream.close()
    for warning in found:
        sys.stderr.write(f"gridgames {game}: {name}:{warning}\n")
    if err is not None:
        return fail(game, f"{name}:{err}", 1)
    return 0


def warnings_to_stderr(game: str, path: "Optional[str]") -> "Callable[[bytes], None]":
    """A ``warn`` function for judge(): it writes each chunk of warning lines
    to standard error, every line prefixed 'gridgames GAME: INPUT:'."""
    prefix = f"gridgames {game}: {shown(path)}:".encode()

    def warn(chunk: bytes) -> None:
        sys.stderr.flush()
        sys.stderr.buffer.write(prefix + chunk[:-1].replace(b"\n", b"\n" + prefix) + b"\n")
        sys.stderr.buffer.flush()
    return warn


def fail(game: str, message: str, status: int) -> int:
    """Report ``message`` as the command's one error line; ``status``.
    Whatever in it came from a user's file (or a file's name) reaches the
    terminal escaped (``judge.escaped``): each quoted piece is cut to its
    length where it is made (``judge.quoted``)."""
    from .._runtime.judge import escaped  # (loaded already wherever a judge runs)
    message = escaped(message)
    sys.stderr.write(f"gridgames {game}: {message}\n" if game else f"gridgames: {message}\n")
    sys.stderr.flush()
    return status


def plural(count: int, noun: str) -> str:
    """'1 board', '2 boards', '0 boards'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


CLOSED_OUTPUT = 141  # like a C program stopped by SIGPIPE (128 + 13), as a shell reports it


def quiet_broken_pipe() -> None:
    """`gridgames ... | head` must not print a traceback; the exit status is
    then CLOSED_OUTPUT."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


# SIGTERM and SIGHUP (``timeout``, a judging harness, a closed terminal) stop a
# command as Ctrl-C does: raised as a KeyboardInterrupt where the
# command is, so every clean-up written for Ctrl-C runs for them too (a
# temporary file or directory removed, an old output left whole, a campaign's
# searches under way written); the exit status is 128 + the signal's number.
STOPPED = [0]  # the signal that stopped the command (0: none, or Ctrl-C)


def on_signal(number: int, frame: "Any") -> None:
    if STOPPED[0]:  # one is enough: the clean-up under way is not cut short by another
        return
    STOPPED[0] = number
    raise KeyboardInterrupt(number)  # as Ctrl-C is; STOPPED says which


def stopped_status() -> int:
    """The exit status of a command stopped by a signal: 130 for Ctrl-C
    (SIGINT), 128 + N for signal N (143 SIGTERM, 129 SIGHUP)."""
    return 128 + STOPPED[0] if STOPPED[0] else 130


def catch_signals() -> "list[int]":
    """``on_signal`` for SIGTERM and SIGHUP where they would kill the process
    (a signal ignored, say under nohup, stays ignored; only the main thread
    can); the signals caught."""
    import _signal  # type: ignore[import-not-found]  # built in, loaded already (signal would import enum)
    caught = []
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(_signal, name, None)  # (no SIGHUP on Windows)
        try:
            if number is not None and _signal.getsignal(number) == _signal.SIG_DFL:
                _signal.signal(number, on_signal)
                caught.append(number)
        except ValueError:  # not the main thread: their default stays
            pass
    return caught


def release_signals(caught: "list[int]") -> None:
    """Give the signals ``catch_signals`` caught their default back."""
    import _signal  # (mypy: its missing stub is said once, at catch_signals)
    for number in caught:
        _signal.signal(number, _signal.SIG_DFL)
