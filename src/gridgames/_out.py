"""Pure-Python twin of ``_out.pxd``: the output of the judge loops.

A list of byte pieces; with an ``emit`` function, the complete results it
holds are handed over at ``boundary()`` once PIECES of them wait (or written
to it, when it is a file descriptor), so memory stays bounded however much
output a small input asks for.
"""
import os

PIECES = 4096


class Out(list):
    __slots__ = ("emit",)

    def __init__(self, emit=None):
        super().__init__()
        self.emit = emit

    def boundary(self):
        """Call between complete results."""
        if self.emit is not None and len(self) >= PIECES:
            data = b"".join(self)
            self.clear()
            send(self.emit, data)

    def close(self):
        """What is left, as bytes."""
        return b"".join(self)


def send(emit, data: bytes) -> None:
    """Hand ``data`` to ``emit``: a function taking bytes, or a file
    descriptor written directly (all of it: a short write is continued)."""
    if isinstance(emit, int):
        view = memoryview(data)
        while view:
            view = view[os.write(emit, view):]
    else:
        emit(data)
