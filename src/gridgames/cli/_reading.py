"""The inputs of the commands that are not judges, in bounded memory: a file
read whole up to a limit (``read_input``), or a stream read in pieces
(``reading``).  Apart from ``_io``: a judge starts without them."""

from ._io import CannotRead, shown, stdin

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from types import TracebackType
    from typing import Any, Optional


WHOLE = 16 << 20  # bytes: the most of a file read whole (boards, moves, puzzles: a few kB each)


def read_input(path: str, limit: int = WHOLE) -> bytes:
    """The bytes of ``path``, or of standard input for '-', read whole but
    never more than ``limit`` bytes (a larger file, /dev/zero or an endless
    pipe is refused after limit + 1 bytes: memory stays bounded); CannotRead
    when it cannot be read or is larger (the command line reports it: one
    line, status 2)."""
    try:
        if path == "-":
            return _at_most(stdin(), limit, path)
        with open(path, "rb") as f:
            return _at_most(f, limit, path)
    except OSError as exc:
        raise CannotRead(f"cannot read {shown(path)}: {exc.strerror}") from None


def _at_most(stream: "Any", limit: int, path: str) -> bytes:
    pieces: list[bytes] = []
    size = 0
    while size <= limit:  # (a raw terminal's read gives a line at a time)
        piece = stream.read(limit + 1 - size)
        if not piece:
            return b"".join(pieces)
        pieces.append(piece)
        size += len(piece)
    raise CannotRead(f"cannot read {shown(path)}: larger than {mib(limit)}, the most this command reads")


def mib(size: int) -> str:
    """A limit in bytes as people say it: '16 MiB'."""
    return f"{size >> 20} MiB" if size >= 1 << 20 else f"{size} bytes"


WHOLE_HELP = f"read whole: at most {mib(WHOLE)}"  # what --help says of a file read_input reads


class reading:
    """``path`` (or standard input for '-') as a binary stream with ``read``,
    to be read in pieces; an OSError while it is open or read becomes
    CannotRead (one line, status 2)."""

    def __init__(self, path: str) -> None:
        self.path: str = path
        self.stream: Any = None

    def __enter__(self) -> "Any":
        try:
            self.stream = stdin() if self.path == "-" else open(self.path, "rb")
        except OSError as exc:
            raise CannotRead(f"cannot read {shown(self.path)}: {exc.strerror}") from None
        return self.stream

    def __exit__(self, kind: "Optional[type[BaseException]]", exc: "Optional[BaseException]",
                 tb: "Optional[TracebackType]") -> None:
        if self.path != "-" and self.stream is not None:
            self.stream.close()
        if isinstance(exc, OSError):
            raise CannotRead(f"cannot read {shown(self.path)}: {exc.strerror}") from None
