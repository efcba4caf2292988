"""Judging a contestant's answer against the right output, line by line.

Standard library only and no gridgames imports: ``gridgames.kattis`` copies
this file into the stand-alone output validator of the tile game's package.
Each function returns None (accepted) or a one-line reason naming the first
differing line of the answer.  The texts are bytes or binary streams, read a
line at a time: memory holds two lines, never a whole file.
"""
import io
from collections.abc import Callable, Iterator
from itertools import zip_longest
from typing import BinaryIO, Optional, Union

_SHOWN = 60  # longest line quoted in a message

Lines = Iterator[tuple[int, bytes, bool]]  # (1-based line number in its file, text, whole)


def _show(text: Optional[bytes]) -> str:
    # quoted as the judges quote (judge.quoted, written out: this file goes
    # into Kattis packages): UTF-8 text as it is, any other byte \xff, control
    # characters escaped, in single quotes
    if text is None:
        return "end of output"
    shown = text[:_SHOWN].decode("utf-8", "backslashreplace")
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in shown)
    return f"'{shown}{'...' if len(text) > _SHOWN else ''}'"


def _differ(number: int, expected: Optional[bytes], found: Optional[bytes]) -> str:
    return f"line {number}: expected {_show(expected)}, found {_show(found)}"


LINE_MAX = 1 << 20  # bytes: a longer line of either file is read no further and never matches

Text = Union[bytes, BinaryIO]  # a whole text, or a binary stream (``readline``) read a line at a time


def _raw(text: Text) -> "Iterator[tuple[bytes, bool]]":
    """The lines of ``text`` with their line breaks, each with whether it
    is whole (a line over LINE_MAX ends the text: it matches nothing)."""
    stream = io.BytesIO(text) if isinstance(text, (bytes, bytearray)) else text
    while True:
        line = stream.readline(LINE_MAX + 1)
        if not line:
            return
        whole = len(line) <= LINE_MAX
        yield line, whole
        if not whole:
            return


def _numbered(text: Text, keep_blank: bool, strip: bool) -> Lines:
    for number, (line, whole) in enumerate(_raw(text), 1):
        line = line[:-1] if line.endswith(b"\n") else line
        line = line.rstrip() if strip else line
        if keep_blank or line.strip() or not whole:
            yield number, line, whole


def exact(expected: Text, found: Text, lenient: bool = False) -> Optional[str]:
    """Byte for byte; ``lenient`` ignores trailing blanks and blank lines."""
    if lenient:
        return _pairs(_numbered(expected, False, True), _numbered(found, False, True), lambda a, b: a == b)
    number = 0  # lines as bytes.splitlines counts them (a lone CR ends one too) before this pair
    for want, got in zip_longest(_raw(expected), _raw(found)):
        if want == got and want[1]:
            number += len(want[0].splitlines())
            continue
        a = want[0].splitlines(keepends=True) if want else []
        b = got[0].splitlines(keepends=True) if got else []
        for i in range(max(len(a), len(b))):
            if i >= len(a) or i >= len(b) or a[i] != b[i] or not (want[1] and got[1]):
                return _differ(number + i + 1, a[i] if i < len(a) else None, b[i] if i < len(b) else None)
    return None


def _loose(line: bytes) -> bytes:
    return b"".join(line.split()).lower()


def tiles(expected: Text, found: Text, lenient: bool = False) -> Optional[str]:
    """The tile game's rule (Rowan 2019, section 5): board lines (those the
    right output indents) must match exactly; every other line may differ in
    spacing and case; blank lines are ignored.  ``lenient`` also ignores
    trailing blanks on board lines."""
    def same(want: bytes, got: bytes) -> bool:
        if want.startswith(b" "):  # a board row
            return want == (got.rstrip() if lenient else got)
        return _loose(want) == _loose(got)
    return _pairs(_numbered(expected, False, False), _numbered(found, False, False), same)


def _pairs(want: Lines, got: Lines, same: Callable[[bytes, bytes], bool]) -> Optional[str]:
    last = 0  # the number of the answer's last line seen
    for a, b in zip_longest(want, got):
        if b is not None:
            last = b[0]
        if a is None or b is None or not (a[2] and b[2] and same(a[1], b[1])):
            return _differ(b[0] if b is not None else last + 1, a and a[1], b and b[1])
    return None


def kattis_main(compare: Callable[[Text, Text], Optional[str]]) -> None:
    """A Kattis output validator: ``prog INPUT ANSWER FEEDBACK_DIR < OUTPUT``;
    exit 42 accepted, 43 wrong answer (the reason in judgemessage.txt)."""
    import os
    import sys
    if len(sys.argv) < 4:  # run by hand: say how, as a one-line usage error
        sys.stderr.write(f"usage: {os.path.basename(sys.argv[0])} INPUT ANSWER FEEDBACK_DIR < OUTPUT "
                         "(exit 42 accepted, 43 wrong answer)\n")
        sys.exit(2)
    try:
        with open(sys.argv[2], "rb") as f:  # both streamed: memory stays bounded
            reason = compare(f, sys.stdin.buffer)
    except OSError as exc:
        sys.stderr.write(f"cannot read {sys.argv[2]}: {exc.strerror}\n")
        sys.exit(2)
    if reason is not None:
        with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as f:
            f.write(reason + "\n")
        sys.exit(43)
    sys.exit(42)
