"""What a step-through view shows: frames (a picture, a caption, the score
and the judge's output beside it), grouped in cases; and the small readers
that split a judge file and the judge's output into cases and steps."""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from .drawing import Drawing


class Frame(NamedTuple):
    picture: Drawing
    caption: str
    status: str  # the score so far, or what is left ("" for nothing)
    out: str  # the judge's output for this step ("" for none)


class Case(NamedTuple):
    name: str
    frames: Iterable[Frame]  # made as the page takes them: it may stop early


FAR = 10**13  # the judges' integers saturate (far past every board: a far coordinate stays far)


def judge_int(word: bytes) -> int:
    """A token's value as the judges read it: digits, or '-' and digits,
    saturated at +-FAR (any length: no int() of thousands of digits);
    ValueError for any other token (the judge refused it too)."""
    negative = word[:1] == b"-"
    digits = word[1:] if negative else word
    if not digits.isdigit():
        raise ValueError(f"{word[:20]!r} is not an integer")
    size = digits.lstrip(b"0")
    value = min(int(size or b"0"), FAR) if len(size) <= 14 else FAR
    return -value if negative else value


class Tokens:
    """The integers of a judge file, one at a time (the judge has already
    accepted every case read with it, so a bad token ends only a case the
    judge refused too)."""

    def __init__(self, data: bytes) -> None:
        self.words, self.at = data.split(), 0

    def take(self, low: int = -10**9, high: int = 10**9) -> int:
        """The next integer, clamped to low..high (a far coordinate stays far)."""
        if self.at >= len(self.words):
            raise ValueError("the judge file ended")
        word, self.at = self.words[self.at], self.at + 1
        return min(max(judge_int(word), low), high)


def chunks(output: bytes, header: re.Pattern[bytes]) -> list[str]:
    """``output`` cut before each line matching ``header`` (which starts each
    chunk); what comes before the first header is left out."""
    starts = [m.start() for m in header.finditer(output) if m.start() == 0 or output[m.start() - 1] == 10]
    return [output[a:b].decode("ascii", "replace") for a, b in zip(starts, [*starts[1:], len(output)])]
