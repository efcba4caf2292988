"""The results file of a campaign: JSON lines, one Result each, appended one
whole line at a time (one write, then fsync), so a driver killed at any
moment leaves whole lines and at worst a torn last line, which ``load`` cuts
off before the campaign resumes."""
from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from typing import Any

from ..._runtime.safe_files import CannotWrite, mode_of
from .._text import FormatError
from ._jobs import Result, search_seed

HEAD = b'{"board": '  # how every result line starts
NEWLINE = b"\n"


LINE_MAX = 1 << 20  # bytes: a result line is a few kB (its moves); a longer one is not one


def is_regular(path: str) -> bool:
    """``path`` is a regular file, or nothing yet: written with a lock and
    fsync, and read back to resume (/dev/null, a pipe, a terminal: never)."""
    mode = mode_of(path)  # (None: a path that cannot be asked about is opened, and refused, as it is)
    return mode is None or stat.S_ISREG(mode)


def load(path: str) -> list[tuple[int, Result]]:
    """The Results in ``path`` with their line numbers ([] if it does not
    exist, or is not a regular file: /dev/null, a pipe or a terminal is
    written, never read back).  Read a line at a time, each at most
    LINE_MAX bytes, so memory holds the Results, not the file.  A torn last
    line (a driver killed while writing it) is cut off the file; any other
    line that is not a Result is a FormatError naming it, and the file is
    left as it is."""
    if not is_regular(path):
        return []
    found = []
    number, end = 0, 0  # end: the offset after the last whole line
    try:
        with open(path, "rb") as f:
            while True:
                line = f.readline(LINE_MAX + 1)
                if not line.endswith(NEWLINE):
                    break
                number += 1
                end += len(line)
                if line.strip():
                    found.append((number, _result(line[:-1], path, number)))
    except FileNotFoundError:
        return []
    if line:  # a last line without its line break
        if len(line) > LINE_MAX or not line.startswith(HEAD[:len(line)]):
            raise FormatError(f"{path}:{number + 1}: not a result line of 'samegame solve -o'")
        with open(path, "r+b") as f:  # the torn line: its search is done again
            f.truncate(end)
            os.fsync(f.fileno())
    return found


def _result(line: bytes, path: str, number: int) -> Result:
    try:
        return Result.from_line(line.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise FormatError(f"{path}:{number}: not a result line of 'samegame solve -o'") from None


def refuse_other(found: list[tuple[int, Result]], path: str, digests: list[str], algo: str,
                 params: dict[str, Any], seed: int) -> None:
    """ValueError (one line) unless every Result of ``found`` belongs to
    this campaign: the same boards, search and parameters, and the seed that
    ``seed`` gives its (board, run)."""
    params = json.loads(json.dumps(params))
    for number, r in found:
        where = f"{path}:{number}: made by another campaign"
        if not 1 <= r.board <= len(digests) or r.digest != digests[r.board - 1]:
            raise ValueError(f"{where} (board {r.board} is not this board {r.board})")
        if (r.algo, r.params) != (algo, params):
            raise ValueError(f"{where} ({r.algo} {json.dumps(r.params)}, not {algo} {json.dumps(params)})")
        if r.run < 1 or r.seed != search_seed(seed, r.board, r.run):
            raise ValueError(f"{where} (another --seed)")


def done(found: list[tuple[int, Result]]) -> set[tuple[int, int]]:
    """The (board, run) pairs searched to the end (a Ctrl-C'd search is not)."""
    return {(r.board, r.run) for _, r in found if r.stopped != "interrupt"}


# Windows locks byte ranges, and no other handle may read a locked byte: the lock is on one
# byte far past the end of any results file (1 TiB), so readers of the file never meet it.
WINDOWS_LOCK_AT = 1 << 40


def lock_primitive() -> tuple[str, Any]:
    """("flock", fcntl) on POSIX, ("msvcrt", msvcrt) on Windows, ("none", None)
    where neither exists."""
    try:
        import fcntl
        return "flock", fcntl
    except ImportError:
        pass
    try:
        import msvcrt
        return "msvcrt", msvcrt
    except ImportError:
        return "none", None


def lock(fd: int, kind: str, module: Any) -> Callable[[], None]:
    """Lock the open file ``fd`` for its holder alone, without waiting, with the
    primitive ``lock_primitive`` chose: the function that unlocks it.  OSError if
    another holder has it."""
    if kind == "flock":
        module.flock(fd, module.LOCK_EX | module.LOCK_NB)
        return lambda: module.flock(fd, module.LOCK_UN)
    if kind == "msvcrt":  # msvcrt.locking locks from the current position (writes still append)
        os.lseek(fd, WINDOWS_LOCK_AT, os.SEEK_SET)
        module.locking(fd, module.LK_NBLCK, 1)

        def unlock() -> None:
            os.lseek(fd, WINDOWS_LOCK_AT, os.SEEK_SET)
            module.locking(fd, module.LK_UNLCK, 1)
        return unlock
    return lambda: None


class Appender:
    """Appends Results to a file, each line whole and on disk before
    ``write`` returns.  One campaign at a time: ValueError if another
    process has the file open for appending (an advisory lock on POSIX, a
    lock of one byte past the end on Windows).  A file that is not a
    regular one (/dev/null, a pipe, a terminal) is written as it is: no
    lock, no fsync (they refuse it).  A write that fails is CannotWrite."""

    def __init__(self, path: str) -> None:
        self.path, self.regular = path, is_regular(path)
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        try:
            self._unlock = lock(self.fd, *lock_primitive()) if self.regular else lambda: None
        except OSError:
            os.close(self.fd)
            raise ValueError(f"{path} is being written by another campaign") from None

    def write(self, result: Result) -> None:
        data = memoryview((result.line() + "\n").encode("utf-8"))
        try:
            while data:
                data = data[os.write(self.fd, data):]
            if self.regular:
                os.fsync(self.fd)
        except BrokenPipeError:  # | head: left to the command line (a quiet stop)
            raise
        except OSError as exc:  # a full disk, /dev/full
            raise CannotWrite(f"cannot write {self.path}: {exc.strerror}") from None

    def close(self) -> None:
        try:
            self._unlock()
        finally:
            os.close(self.fd)
