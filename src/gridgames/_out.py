"""Pure-Python twin of ``_out.pxd``: the output of the judge loops.

A list of byte pieces; with an ``emit`` function, the complete results it
holds are handed over at ``boundary()`` once PIECES of them wait, so memory
stays bounded however much output a small input asks for.
"""
from collections.abc import Callable
from typing import Optional

PIECES = 4096


class Out(list[bytes]):
    __slots__ = ("emit",)

    def __init__(self, emit: Optional[Callable[[bytes], object]] = None) -> None:
        super().__init__()
        self.emit = emit

    def boundary(self) -> None:
        """Call between complete results."""
        if self.emit is not None and len(self) >= PIECES:
            self.emit(b"".join(self))
            self.clear()

    def close(self) -> bytes:
        """What is left, as bytes."""
        return b"".join(self)
