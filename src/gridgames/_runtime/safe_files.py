"""Writing files without losing anything: every command that writes a file
or a directory goes through here.

For a command that writes OUTPUT from some INPUTs (new commands too: pictures,
campaign results...)::

    with _io.writing(args.output, inputs=[args.input]) as f:   # f.write(bytes), f.fileno()
        ...

``writing`` (in ``_io``) is ``replacing`` for a file and standard output for
``-``.  ``replacing(path, inputs)``:

- refuses, before anything is created or truncated, an OUTPUT that is one
  of the INPUTs, also through links (same device and inode; ``-`` stands for
  standard input): ``SameFile``, a ``CannotWrite`` (exit status 2);
- writes into a temporary file next to OUTPUT (same directory, so same file
  system), then flushes it to disk and renames it over OUTPUT in one step: a
  reader never sees a half-written OUTPUT, and the old OUTPUT stays whole
  until the new one is complete;
- renames on a normal exit of the ``with`` block, also when the command then
  reports bad input (exit 1: every result before the error is kept); on an
  exception (a full disk, an unreadable input, Ctrl-C) it removes the
  temporary file and leaves OUTPUT as it was;
- writes straight to OUTPUT when it is not a regular file (``/dev/null``, a
  pipe, a terminal): there is nothing to replace there.

``new_directory(path, force)`` does the same for a directory (``package``):
a non-empty DIR is refused unless ``force``, which replaces it whole.
"""

import os
import stat
import sys

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from contextlib import contextmanager
    from types import TracebackType
    from typing import Optional
else:  # contextlib's, imported when first used: a judge starts fast
    from . import contextmanager


class CannotWrite(Exception):
    """An output file or stream that cannot be written (a directory, a full
    disk); the message is one line, callers exit with status 2."""


class SameFile(CannotWrite, ValueError):
    """OUTPUT is one of the inputs: refused before anything is written."""


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to the file descriptor ``fd`` (a short write is continued)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _identity(path: str) -> "Optional[tuple[int, int]]":
    """(device, inode) of ``path`` ('-': standard input), None when it does
    not exist (or is not a file one can name)."""
    try:
        st = os.fstat(sys.stdin.fileno()) if path == "-" else os.stat(path)
    except (OSError, ValueError, AttributeError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def refuse_same(output: "Optional[str]", inputs: "Iterable[Optional[str]]", shown_output: str = "") -> None:
    """SameFile if ``output`` (a path; None or '-': standard output) is the
    same file as one of ``inputs`` (paths; '-': standard input)."""
    emptied = False  # standard output is an empty file: `> FILE` truncated it before the command started
    if output in (None, "-"):
        try:
            st = os.fstat(sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            return
        target = (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None
        emptied = st.st_size == 0
    else:
        target = _identity(output)
    if target is None:
        return
    for name in inputs:
        if name is not None and _identity(name) == target:
            what = "<stdin>" if name == "-" else name
            if emptied:  # too late to keep it whole: say so, not as if it were safe
                raise SameFile(f"refusing to write <stdout>: it is the input {what}, which the shell emptied "
                               "before gridgames started ('> FILE' truncates FILE first): nothing is left to "
                               "read; redirect the output to another file")
            raise SameFile(f"refusing to write {shown_output or output or '<stdout>'}: it is the "
                           f"input {what} (write elsewhere, then rename)")


class replacing:
    """A file descriptor to write ``path`` through a temporary file (see the
    module docstring), as a context manager.  OSErrors become CannotWrite.
    (A class, not a contextlib generator: a judge starts without contextlib.)"""

    def __init__(self, path: str, inputs: "Iterable[Optional[str]]" = ()) -> None:
        self.path, self.inputs = path, inputs
        self.fd, self.temp, self.target = -1, "", ""

    def __enter__(self) -> int:
        refuse_same(self.path, self.inputs)
        mode = mode_of(self.path)
        if mode is not None and not stat.S_ISREG(mode):  # /dev/null, a pipe: write in place
            self.fd = _open(self.path, os.O_WRONLY | os.O_TRUNC)
            return self.fd
        self.target = os.path.realpath(self.path)  # a symbolic link keeps pointing at the new file
        directory, base = os.path.split(self.target)
        try:  # a signal raised from here on (Ctrl-C, SIGTERM as KeyboardInterrupt) still removes the file
            self._create(directory or ".", base)
            if mode is not None:
                os.chmod(self.temp, stat.S_IMODE(mode))  # the new file keeps the old one's permissions
        except BaseException as exc:
            if self.temp:  # made: closed and removed (an OSError of chmod becomes CannotWrite there)
                self.__exit__(type(exc), exc, None)
            raise
        return self.fd

    def _create(self, directory: str, base: str) -> None:
        """A new hidden file ``.BASE.N.tmp`` in ``directory`` (mode 0666 less the
        umask, like any new file) as ``self.temp`` and ``self.fd``, both set
        before a signal's handler can run (held_signals)."""
        from .held_signals import held  # only here: a judge writing to standard output never needs it
        for n in range(os.getpid(), os.getpid() + 1000):
            temp = os.path.join(directory, f".{base}.{n}.tmp")
            try:
                with held():
                    self.temp, self.fd = temp, os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL |
                                                       getattr(os, "O_BINARY", 0), 0o666)
                return
            except FileExistsError:
                continue
            except OSError as exc:
                raise CannotWrite(f"cannot write {self.path}: {exc.strerror}") from None
        raise CannotWrite(f"cannot write {self.path}: no free temporary name in {directory}")

    def __exit__(self, kind: "Optional[type[BaseException]]", exc: "Optional[BaseException]",
                 tb: "Optional[TracebackType]") -> None:  # never suppresses what the body raised
        if not self.temp:  # written in place
            os.close(self.fd)
            if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError):  # (| head: a quiet stop)
                raise CannotWrite(f"cannot write {self.path}: {exc.strerror}") from None
            return
        try:
            if isinstance(exc, OSError):
                raise exc
            if exc is None:
                os.fsync(self.fd)
                fd, self.fd = self.fd, -1  # before the close: a signal just after it must not close it again
                os.close(fd)
                os.replace(self.temp, self.target)
        except OSError as error:
            raise CannotWrite(f"cannot write {self.path}: {error.strerror}") from None
        finally:
            if self.fd >= 0:
                os.close(self.fd)
            if os.path.lexists(self.temp):
                os.unlink(self.temp)


def mode_of(path: str) -> "Optional[int]":
    """The st_mode of ``path`` itself (None: nothing there, or nothing to ask):
    not of its realpath, since /dev/stdout into a pipe resolves to 'pipe:[N]'."""
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL in the name (refused where it is opened)
        return None


def _open(path: str, flags: int) -> int:
    try:
        return os.open(path, flags | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as exc:
        raise CannotWrite(f"cannot write {path}: {exc.strerror}") from None


@contextmanager
def new_directory(path: str, force: bool = False) -> "Iterator[str]":
    """A temporary directory next to ``path`` to build it in; on a normal
    exit it takes the place of ``path``.  An existing non-empty ``path`` is
    refused (CannotWrite, before anything is written) unless ``force``: then
    it is replaced whole, so no stale file of the old one stays."""
    import shutil  # only here: the judges start without it

    from .held_signals import held
    path = os.path.normpath(path)
    if os.path.lexists(path):
        if not os.path.isdir(path):
            raise CannotWrite(f"cannot write {path}: it exists and is not a directory")
        if os.listdir(path) and not force:
            raise CannotWrite(f"refusing to write into {path}: it is not empty (--force replaces it)")
    parent, base = os.path.split(os.path.abspath(path))
    build = ""  # named once made, so that the clean-up removes it
    try:
        for n in range(os.getpid(), os.getpid() + 1000):
            name = os.path.join(parent, f".{base}.{n}.tmp")
            try:
                with held():
                    os.mkdir(name)
                    build = name
                break
            except FileExistsError:
                continue
        else:
            raise CannotWrite(f"cannot write {path}: no free temporary name in {parent}")
        yield build
        old = build[:-len(".tmp")] + ".old"
        try:
            if os.path.lexists(path):
                os.rename(path, old)  # the old directory, until the new one is in place
            os.rename(build, path)
        finally:  # also on a signal between the two renames: never no DIR at all
            if not os.path.lexists(path) and os.path.lexists(old):
                os.rename(old, path)
            elif os.path.islink(old):  # DIR was a link: it goes, what it pointed to stays as it was
                os.unlink(old)
            else:  # rmtree removes the links inside, never what they point to
                shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        raise CannotWrite(f"cannot write {path}: {exc.strerror}") from None
    finally:
        if build:
            shutil.rmtree(build, ignore_errors=True)
