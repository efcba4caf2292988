"""What every game's ``judge()`` shares: its input, its result and its error
reports (the command-line plumbing around it is ``cli._io``).

Kernels report a bad token as a byte offset plus a code; line, column and the
offending text are worked out here, once, for every game and both backends.
"""

from . import Record
from .kernel_constants import constants

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import BinaryIO, NamedTuple, Optional, TypeAlias, Union

_SPACE = b" \t\n\v\f\r"  # the same whitespace as bytes.split() (no re: a judge starts fast)


class InputError(ValueError):
    """Bad input given to gridgames: the family of JudgeError (judge files,
    Number Link text) and samegame.FormatError (research text).  ``str()``
    is one line that names the place."""


class JudgeError(InputError):
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


def quoted(head: "bytes | str", more: bool = False) -> str:
    """A token's first bytes (or characters: text read with errors=
    "surrogateescape") as a message shows them, the one rule for anything
    from a user's file: quoted, cut to SHOWN (scanner.pxd: 24) bytes, non-UTF-8
    bytes as \\xff and control characters escaped (``escaped``), '...' when
    ``more`` follows; an empty token is 'end of input'."""
    if isinstance(head, str):
        head = head.encode("utf-8", "surrogateescape")
    if not head:
        return "end of input"
    longest = _shown()
    shown = escaped(head[:longest].decode("utf-8", "backslashreplace"))
    return f"'{shown}{'...' if more or len(head) > longest else ''}'"


def escaped(text: str) -> str:
    """``text`` with every character that is not printable escaped (\\x1b,
    \\x07, \\n; a byte that was not UTF-8, kept as a surrogate escape, as
    \\xff): what a message may show of a user's file, never a byte that
    moves the terminal."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if "\udc80" <= ch <= "\udcff":  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{ord(ch) - 0xdc00:02x}"
    return ch.encode("unicode_escape").decode()


def _shown() -> int:
    """The longest token quoted in a message, read when a message is first
    made (a samegame judge starts without reading scanner.pxd)."""
    return constants("_runtime/scanner.pxd").SHOWN


def token_at(data: bytes, offset: int) -> str:
    """The token starting at ``offset``, quoted, or 'end of input'."""
    end, limit = offset, min(len(data), offset + _shown() + 1)
    while end < limit and data[end] not in _SPACE:
        end += 1
    return quoted(data[offset:end])


def error_at(data: bytes, offset: int, item: str, expected: str) -> "JudgeError":
    line, column = locate(data, offset)
    return JudgeError(item, line, column, expected, token_at(data, offset))


class JudgeWarning:
    """A warning about judge input that still gave a result (gopher's
    PickWarning): ``str()`` gives 'LINE:COL: ...'."""

    line: int
    column: int


def error_where(where: tuple[int, int, bytes, bool, bool], item: str, expected: str) -> "JudgeError":
    """The JudgeError of a bad token a kernel described as (line, column,
    first bytes, more, at end of input) (see scanner.pxd, describe)."""
    line, column, head, more, _ = where
    return JudgeError(item, line, column, expected, quoted(head, more))


if TYPE_CHECKING:
    # What judge() reads: any bytes-like object (array, mmap... too), or a binary file.
    JudgeInput: TypeAlias = Union[bytes, bytearray, memoryview, BinaryIO]
    # Where judge() hands its output as it is made: a function taking bytes, or a file descriptor.
    Emit: TypeAlias = Optional[Union[Callable[[bytes], object], int]]
else:  # the names, for the games' annotations (typing is not imported at run time)
    JudgeInput = "Union[bytes, bytearray, memoryview, BinaryIO]"
    Emit = "Optional[Union[Callable[[bytes], object], int]]"


def source(data: "JudgeInput") -> object:
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


if TYPE_CHECKING:
    class JudgeResult(NamedTuple):
        output: bytes
        error: Optional[JudgeError]
        warnings: list[JudgeWarning]
else:  # the same tuple at run time, written out: a judge starts without collections and typing
    class JudgeResult(Record, fields=("output", "error", "warnings")):
        """What every game's ``judge()`` returns: the output bytes (every complete
        result; with ``emit`` only what was not emitted yet), the ``JudgeError``
        of the first bad token or None, and the warnings (a list, empty for the
        games that have none)."""

        __slots__ = ()

        def __new__(cls, output, error, warnings):
            return tuple.__new__(cls, (output, error, warnings))


def send(emit: "Union[int, Callable[[bytes], object]]", data: bytes) -> None:
    """Hand ``data`` to ``emit``: a function taking bytes, or a file
    descriptor written directly (all of it: a short write is continued)."""
    if isinstance(emit, int):
        from .safe_files import write_all
        write_all(emit, data)
    else:
        emit(data)
