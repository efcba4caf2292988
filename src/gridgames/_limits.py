"""The named constants of a compiled kernel, read from its ``.pxd``.

Each capacity and code is declared once, in an enum block of a
``.pxd`` file (the C kernels compile them in); the pure-Python twins and the
message tables read the same file here, so the two backends cannot drift
apart (tests/test_limits.py checks the compiled values against these).
"""
import os
import re
from functools import cache
from types import SimpleNamespace

_PACKAGE = os.path.dirname(__file__)  # (os.path, not pathlib: a judge starts without it)
_ENTRY = re.compile(r"\s+([A-Z_][A-Z0-9_]*)\s*=\s*([^#]+?)\s*(?:#.*)?$")


@cache
def constants(pxd: str) -> SimpleNamespace:
    """The ``cdef enum`` / ``cpdef enum`` entries of ``pxd`` (a path below the package, e.g.
    "samegame/_kernel.pxd") as attributes, in declaration order."""
    values: dict[str, int] = {}
    in_enum = False
    with open(os.path.join(_PACKAGE, pxd)) as f:
        text = f.read()
    for line in text.splitlines():
        if line.startswith(("cpdef enum", "cdef enum")) and line.rstrip().endswith(":"):
            in_enum = True
            continue
        if in_enum and line.strip() and not line[0].isspace():
            in_enum = False
        m = _ENTRY.match(line) if in_enum else None
        if m:
            # a trusted file shipped with the package: integers, names, + - * // << ( )
            values[m.group(1)] = int(eval(m.group(2), {"__builtins__": {}}, dict(values)))
    return SimpleNamespace(**values)
