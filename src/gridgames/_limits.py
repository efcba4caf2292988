"""The named constants of a compiled kernel, read from its ``.pxd``.

Each capacity and code is declared once, in an enum block of a
``.pxd`` file (the C kernels compile them in); the pure-Python twins, the
game packages and their message tables read the same file here, so the two
backends cannot drift apart (tests/test_limits.py checks the compiled values
against these).  Reading them costs no kernel import: ``import gridgames.samegame``
loads neither the compiled kernel nor its twin for its codes.
"""
from __future__ import annotations

import os

TYPE_CHECKING = False  # typing is not imported at run time
_PACKAGE = os.path.dirname(__file__)  # (os.path, not pathlib: a judge starts without it)


class Constants:
    """The entries of one ``.pxd``'s enum blocks as int attributes
    (``constants("samegame/_kernel.pxd").E_ROWS``): typed, so no reader
    declares them again."""

    def __init__(self, values: dict[str, int]) -> None:
        self.__dict__.update(values)

    def __repr__(self) -> str:
        return f"Constants({self.__dict__})"

    if TYPE_CHECKING:  # every attribute is an int (set above, so never called)
        def __getattr__(self, name: str) -> int: ...


_READ: dict[str, Constants] = {}  # a cache by hand: functools is not imported (a judge starts fast)


def constants(pxd: str) -> Constants:
    """The ``cdef enum`` / ``cpdef enum`` entries of ``pxd`` (a path below the package, e.g.
    "samegame/_kernel.pxd") as attributes, in declaration order (read once)."""
    if pxd not in _READ:
        _READ[pxd] = _read(pxd)
    return _READ[pxd]


def _read(pxd: str) -> Constants:
    values: dict[str, int] = {}
    scope: dict[str, int] = {}  # what the expressions may name: these, and what the file cimports
    in_enum = False
    with open(os.path.join(_PACKAGE, pxd)) as f:
        text = f.read()
    for line in text.splitlines():
        if line.startswith("from gridgames.") and " cimport " in line:  # (no re: a judge starts fast)
            scope.update(vars(constants(line.split()[1][len("gridgames."):].replace(".", "/") + ".pxd")))
        if line.startswith(("cpdef enum", "cdef enum")) and line.rstrip().endswith(":"):
            in_enum = True
            continue
        if in_enum and line.strip() and not line[0].isspace():
            in_enum = False
        if not in_enum:
            continue
        name, equals, value = line.partition("#")[0].partition("=")
        name, value = name.strip(), value.strip()
        if line[:1].isspace() and equals and value and name.isidentifier() and name.isupper():
            # a trusted file shipped with the package: integers, names, + - * // << ( )
            # (a plain number without eval, which compiles: a judge starts fast)
            number = int(value) if value.isdigit() else eval(value, {"__builtins__": {}}, scope)
            values[name] = scope[name] = int(number)
    return Constants(values)
