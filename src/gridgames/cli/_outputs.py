"""All or nothing for a command with several outputs (numberlink's -o and
--svg pages): every output path is checked before the first is written, so
a usage or file problem found then leaves none of them written."""
from __future__ import annotations

import os
from collections.abc import Iterable

from .._runtime.safe_files import CannotWrite, refuse_same

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional


def refuse_unwritable(paths: Iterable[Optional[str]], inputs: Iterable[Optional[str]] = ()) -> None:
    """CannotWrite (one line) for the first of ``paths`` (None or '-':
    standard output) that is an input, a directory, or in a directory that
    does not exist or cannot be written."""
    inputs = list(inputs)
    for path in paths:
        if path in (None, "-"):
            continue
        assert path is not None
        refuse_same(path, inputs)
        directory = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise CannotWrite(f"cannot write {path}: Is a directory")
        if not os.path.isdir(directory):
            why = "Not a directory" if os.path.exists(directory) else "No such file or directory"
            raise CannotWrite(f"cannot write {path}: {why}")
        if not os.access(directory, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
            raise CannotWrite(f"cannot write {path}: Permission denied")
