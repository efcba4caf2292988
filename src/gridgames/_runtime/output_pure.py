"""Pure-Python twin of ``output.pxd``: the output of the judge loops.

A byte buffer; with an ``emit`` function, the complete results it holds are
handed over at ``boundary()`` once CHUNK bytes of them wait (the kernel's
limit), or written to it when it is a file descriptor, so memory stays
bounded however much output a small input asks for.
"""
from __future__ import annotations

from .judge import send
from .kernel_constants import constants

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Optional, Union

CHUNK: int = constants("_runtime/output.pxd").CHUNK


class Out(bytearray):
    __slots__ = ("emit",)
    append = bytearray.extend  # type: ignore[assignment]  # a whole piece of output, not one byte

    def __init__(self, emit: Optional[Union[int, Callable[[bytes], object]]] = None) -> None:
        super().__init__()
        self.emit = emit

    def boundary(self) -> None:
        """Call between complete results."""
        if self.emit is not None and len(self) >= CHUNK:
            send(self.emit, bytes(self))
            del self[:]

    def close(self) -> bytes:
        """What is left, as bytes."""
        return bytes(self)
