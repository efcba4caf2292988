"""Judging a contestant's answer against the right output, line by line.

Standard library only and no gridgames imports: ``gridgames.kattis`` copies
this file into the stand-alone output validator of the tile game's package.
Each function returns None (accepted) or a one-line reason naming the first
differing line of the answer.
"""
from collections.abc import Callable
from typing import Optional

_SHOWN = 60  # longest line quoted in a message

Lines = list[tuple[int, bytes]]  # (1-based line number in its file, text)


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


def _numbered(text: bytes, keep_blank: bool, strip: bool) -> Lines:
    lines = text.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    numbered = [(i + 1, line.rstrip() if strip else line) for i, line in enumerate(lines)]
    return [(i, line) for i, line in numbered if keep_blank or line.strip()]


def exact(expected: bytes, found: bytes, lenient: bool = False) -> Optional[str]:
    """Byte for byte; ``lenient`` ignores trailing blanks and blank lines."""
    if expected == found:
        return None
    if not lenient:
        want, got = expected.splitlines(keepends=True), found.splitlines(keepends=True)
        for i in range(max(len(want), len(got))):
            a = want[i] if i < len(want) else None
            b = got[i] if i < len(got) else None
            if a != b:
                return _differ(i + 1, a, b)
        return None  # unreachable: equal line lists mean equal texts
    return _pairs(_numbered(expected, False, True), _numbered(found, False, True),
                  lambda a, b: a == b)


def _loose(line: bytes) -> bytes:
    return b"".join(line.split()).lower()


def tiles(expected: bytes, found: bytes, lenient: bool = False) -> Optional[str]:
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
    for i in range(max(len(want), len(got))):
        a = want[i][1] if i < len(want) else None
        b = got[i][1] if i < len(got) else None
        if a is None or b is None or not same(a, b):
            number = got[i][0] if i < len(got) else (got[-1][0] + 1 if got else 1)
            return _differ(number, a, b)
    return None


def kattis_main(compare: Callable[[bytes, bytes], Optional[str]]) -> None:
    """A Kattis output validator: ``prog INPUT ANSWER FEEDBACK_DIR < OUTPUT``;
    exit 42 accepted, 43 wrong answer (the reason in judgemessage.txt)."""
    import os
    import sys
    if len(sys.argv) < 4:  # run by hand: say how, as a one-line usage error
        sys.stderr.write(f"usage: {os.path.basename(sys.argv[0])} INPUT ANSWER FEEDBACK_DIR < OUTPUT "
                         "(exit 42 accepted, 43 wrong answer)\n")
        sys.exit(2)
    try:
        with open(sys.argv[2], "rb") as f:
            expected = f.read()
    except OSError as exc:
        sys.stderr.write(f"cannot read {sys.argv[2]}: {exc.strerror}\n")
        sys.exit(2)
    reason = compare(expected, sys.stdin.buffer.read())
    if reason is not None:
        with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as f:
            f.write(reason + "\n")
        sys.exit(43)
    sys.exit(42)
