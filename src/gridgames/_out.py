"""Pure-Python twin of ``_out.pxd``: the output of the judge loops.

A list of byte pieces; with an ``emit`` function, the complete results it
holds are handed over at ``boundary()`` once PIECES of them wait, so memory
stays bounded however much output a small input asks for.
"""
PIECES = 4096


class Out(list):
    __slots__ = ("emit",)

    def __init__(self, emit=None):
        super().__init__()
        self.emit = emit

    def boundary(self):
        """Call between complete results."""
        if self.emit is not None and len(self) >= PIECES:
            self.emit(b"".join(self))
            self.clear()

    def close(self):
        """What is left, as bytes."""
        return b"".join(self)
