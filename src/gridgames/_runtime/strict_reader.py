"""A strict reader for validating judge files, token by token and byte by byte.

Standard library only and no gridgames imports: ``gridgames.kattis`` copies
this file, with a game's ``_validate.py``, into the stand-alone input
validator of a Kattis package.  Integers are ``0`` or ``-?[1-9][0-9]*`` (no
leading zeros, no ``+``, no ``-0``); every separator is asked for by name, so
tabs, carriage returns, double spaces and trailing junk are all defects.
"""
import re
from collections.abc import Callable
from typing import BinaryIO, Optional, Union


class Invalid(Exception):
    """A defect at a 1-based line and byte column."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(line, column, message)
        self.line, self.column, self.message = line, column, message

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


_SHOWN = 20  # longest token quoted in a message
LOOK = 1 << 12  # bytes kept ahead of the position (and behind it, for messages): every token fits
_CHUNK = 1 << 20  # bytes read at a time from a stream
_INTEGER, _DIGITS = re.compile(rb"-?[0-9]*"), re.compile(rb"[0-9]*")


class Reader:
    """Reads ``src`` from the start: bytes, or a binary stream (``read``)
    read in pieces, so memory stays bounded whatever its size.  ``pos`` is
    an offset in the whole input; every method raises ``Invalid`` at the
    offending byte (a position given to ``fail`` must be at most LOOK bytes
    behind ``pos``: a token, a line of them)."""

    def __init__(self, src: "Union[bytes, BinaryIO]") -> None:
        self.src: Optional[BinaryIO] = None
        if isinstance(src, (bytes, bytearray, memoryview)):
            self.data, self.eof = bytes(src), True
        else:
            self.src, self.data, self.eof = src, b"", False
        self.pos = self.base = 0  # base: the offset of data[0]
        self.lines = self.column = 0  # line breaks before data[0]; bytes after the last of them

    def _fill(self) -> None:
        """LOOK bytes ahead of pos in the window (fewer at the end of the input)."""
        if self.eof or len(self.data) - (self.pos - self.base) >= LOOK:
            return
        cut = max(self.pos - self.base - LOOK, 0)  # what leaves the window: counted
        gone = self.data[:cut]
        breaks = gone.count(b"\n")
        self.lines += breaks
        self.column = cut - gone.rfind(b"\n") - 1 if breaks else self.column + cut
        pieces = [self.data[cut:]]
        self.base += cut
        while sum(map(len, pieces)) - (self.pos - self.base) < LOOK:
            piece = self.src.read(_CHUNK)  # type: ignore[union-attr]
            if not piece:
                self.eof = True
                break
            pieces.append(piece)
        self.data = b"".join(pieces)

    def where(self, pos: int = -1) -> "tuple[int, int]":
        """(line, column), both 1-based, of byte ``pos`` (-1: the current position)."""
        i = (self.pos if pos < 0 else pos) - self.base
        last = self.data.rfind(b"\n", 0, i)
        return self.lines + self.data.count(b"\n", 0, i) + 1, i - last if last >= 0 else self.column + i + 1

    def fail(self, message: str, pos: int = -1) -> "Invalid":
        """An ``Invalid`` saying ``message`` at ``pos`` (-1: here), for the caller to raise."""
        return Invalid(*self.where(pos), message)

    def found(self, pos: int = -1) -> str:
        """What stands at ``pos``, for a message."""
        self._fill()
        data = self.data
        i = (self.pos if pos < 0 else pos) - self.base
        if i >= len(data):
            return "end of file"
        end = i
        while end < len(data) and end <= i + _SHOWN and data[end:end + 1] not in (b" ", b"\n"):
            end += 1
        if end == i:
            return {b" ": "a space", b"\n": "end of line"}[data[i:i + 1]]
        # The same escaping as judge.quoted, written out here: this file runs
        # inside Kattis packages, where gridgames cannot be imported.
        text = data[i:min(end, i + _SHOWN)].decode("utf-8", "backslashreplace")
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in text)
        return f"'{text}{'...' if end > i + _SHOWN else ''}'"

    def at_end(self) -> bool:
        """Whether every byte has been read."""
        self._fill()
        return self.pos - self.base >= len(self.data)

    def peek(self) -> bytes:
        """The next byte, not consumed (``b""`` at the end)."""
        i = self.pos - self.base
        if len(self.data) - i < LOOK and not self.eof:  # (the test inline: this runs once a byte)
            self._fill()
            i = self.pos - self.base
        return self.data[i:i + 1]

    def number(self, low: int, high: int, what: str) -> int:
        """An integer ``low..high`` described as ``what``."""
        start = self.pos - self.base
        if len(self.data) - start < LOOK and not self.eof:
            self._fill()
            start = self.pos - self.base
        data = self.data
        pos = _INTEGER.match(data, start).end()  # type: ignore[union-attr]  # matches the empty string
        digits = start + (data[start:start + 1] == b"-")
        count = pos - digits
        expected = f"expected {what} ({low}..{high})"
        at = self.base + start
        if count == 0:
            raise self.fail(f"{expected}, found {self.found(at)}", at)
        text = data[start:pos]
        if (count > 1 and data[digits] == 48) or text == b"-0":
            raise self.fail(f"{expected}, found '{text.decode()}' (a leading zero)", at)
        if count > _SHOWN and count > len(str(max(-low, high))):  # out of range; int() refuses over 4,300 digits
            more, rest = self._digits_after() if pos == len(data) else ("", 0)  # past the window
            raise self.fail(f"{expected}, found {self.found(at)} (a number of {more}{count + rest} digits)", at)
        value = int(text)
        if not low <= value <= high:
            raise self.fail(f"{expected}, found {text.decode()}", at)
        self.pos = self.base + pos
        return value

    def _digits_after(self) -> "tuple[str, int]":
        """The digits that follow the window, counted as they are read (for
        the message only: the reader is left behind), at most 16 pieces
        ("more than ": it goes on, maybe without end)."""
        count = 0
        for _ in range(16):
            piece = b"" if self.eof else self.src.read(_CHUNK)  # type: ignore[union-attr]
            run = _DIGITS.match(piece).end()  # type: ignore[union-attr]  # matches the empty string
            count += run
            if run < len(piece) or not piece:
                return "", count
        return "more than ", count

    def expect(self, byte: bytes, what: str) -> None:
        """Consume ``byte``, or raise ``Invalid`` "expected ``what``, found ..."."""
        if self.peek() != byte:
            raise self.fail(f"expected {what}, found {self.found()}")
        self.pos += 1

    def space(self) -> None:
        """Consume exactly one space."""
        self.expect(b" ", "a single space")

    def newline(self) -> None:
        """Consume the end of a line (``\\n``; a carriage return is a defect)."""
        self.expect(b"\n", "end of line")

    def separator(self) -> None:
        """Spaces and line breaks, at least one (formats without line
        structure); tabs, carriage returns and other bytes are defects."""
        if self.peek() not in (b" ", b"\n"):
            raise self.fail(f"expected a space or a line break, found {self.found()}")
        while True:  # the run, in the window a byte at a time, then the next window
            data, i = self.data, self.pos - self.base
            while i < len(data) and (data[i] == 32 or data[i] == 10):
                i += 1
            self.pos = self.base + i
            if i < len(data) or self.eof:
                return
            self._fill()

    def ints(self, count: int, low: int, high: int, what: str) -> "list[int]":
        """``count`` integers on one line, single spaces between, then the
        line break."""
        values = []
        for i in range(count):
            if i:
                self.space()
            values.append(self.number(low, high, what))
        self.newline()
        return values

    def end(self) -> None:
        """Raise ``Invalid`` unless every byte has been read (no trailing data)."""
        if not self.at_end():
            raise self.fail(f"expected end of file, found {self.found()}")


def kattis_main(validate: "Callable[[Union[bytes, BinaryIO]], object]") -> None:
    """Run ``validate(stream)`` on standard input with the Kattis exit codes:
    42 valid, 43 invalid (the reason on standard error)."""
    import sys
    try:
        validate(sys.stdin.buffer)  # streamed: memory stays bounded
    except Invalid as exc:
        sys.stderr.write(f"line {exc}\n")
        sys.exit(43)
    sys.exit(42)
