"""The named constants of a compiled kernel, read from its ``.pxd``.

Each capacity and code is declared once, in an enum block of a
``.pxd`` file (the C kernels compile them in); the pure-Python twins, the
game packages and their message tables read the same file here, so the two
backends cannot drift apart (tests/judges/test_limits.py checks the compiled values
against these).  Reading them costs no kernel import: ``import gridgames.samegame``
loads neither the compiled kernel nor its twin for its codes.
"""

import os

TYPE_CHECKING = False  # typing is not imported at run time
_PACKAGE = os.path.dirname(os.path.dirname(__file__))  # gridgames/ (os.path: a judge starts without pathlib)


if TYPE_CHECKING:
    class Constants:
        """The entries of one ``.pxd``'s enum blocks as int attributes
        (``constants("samegame/_kernel.pxd").E_ROWS``): typed, so no reader
        declares them again."""

        def __init__(self, **values: int) -> None: ...
        def __getattr__(self, name: str) -> int: ...
else:  # types.SimpleNamespace, without importing types or making a class (a judge starts fast)
    import sys
    Constants = type(sys.implementation)


_READ: "dict[str, Constants]" = {}  # a cache by hand: functools is not imported (a judge starts fast)


def constants(pxd: str) -> "Constants":
    """The ``cdef enum`` / ``cpdef enum`` entries of ``pxd`` (a path below the package, e.g.
    "samegame/_kernel.pxd") as attributes, in declaration order (read once)."""
    if pxd not in _READ:
        _READ[pxd] = _read(pxd)
    return _READ[pxd]


def _read(pxd: str) -> "Constants":
    values: dict[str, int] = {}
    scope: dict[str, int] = {}  # what the expressions may name: these, and what the file cimports
    with open(os.path.join(_PACKAGE, pxd), "rb") as f:  # bytes, decoded: no text layer to set up
        text = f.read().decode()
    # Only the cimport lines and the enum blocks are read, found with str.find
    # (a .pxd is mostly inline code: a Python loop over all its lines cost a
    # judge's start-up 0.2-0.4 ms per file).  (No re: a judge starts fast.)
    for _, line in _lines_at(text, "from gridgames."):
        if " cimport " in line:
            scope.update(vars(constants(line.split()[1][len("gridgames."):].replace(".", "/") + ".pxd")))
    for at, header in sorted(_lines_at(text, "cpdef enum") + _lines_at(text, "cdef enum")):  # in file order
        if header.rstrip().endswith(":"):
            for line in _block(text, at + len(header) + 1):
                _entry(line, values, scope)
    return Constants(**values)


def _block(text: str, at: int) -> list[str]:
    """The indented lines from offset ``at`` on, until a line that is not
    indented (blank lines are passed over): one enum block."""
    found = []
    while at < len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        line = text[at:end]
        if line[:1].isspace():
            found.append(line)
        elif line:
            break
        at = end + 1
    return found


def _lines_at(text: str, start: str) -> list[tuple[int, str]]:
    """The lines of ``text`` that begin with ``start``, with their offsets."""
    found, at = [], text.find(start)
    while at >= 0:
        end = text.find("\n", at)
        if at == 0 or text[at - 1] == "\n":
            found.append((at, text[at:end if end >= 0 else len(text)]))
        at = text.find(start, at + 1)
    return found


def _entry(line: str, values: dict[str, int], scope: dict[str, int]) -> None:
    """Read ``NAME = EXPRESSION  # comment`` into ``values`` and ``scope``."""
    name, equals, value = line.partition("#")[0].partition("=")
    name, value = name.strip(), value.strip()
    if equals and value and name.isidentifier() and name.isupper():
        try:
            number = int(value, 0)  # a plain number (decimal, negative, 0x...): most entries
        except ValueError:
            number = value_of(value, scope)
        values[name] = scope[name] = number


# The binary operators of an enum's expressions, by precedence (C's and Python's order).
_BINARY = {"|": 1, "^": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "//": 6, "%": 6}
_DO = {"|": int.__or__, "^": int.__xor__, "&": int.__and__, "<<": int.__lshift__, ">>": int.__rshift__,
       "+": int.__add__, "-": int.__sub__, "*": int.__mul__, "//": int.__floordiv__, "%": int.__mod__}


def value_of(expression: str, scope: dict[str, int]) -> int:
    """The value of an enum entry: integers (0x... too), names of ``scope``,
    parentheses, unary - and ~, and the operators of _BINARY.  Read by hand,
    not by eval, which compiles (a judge's start-up paid ~20-40 us an
    expression); ValueError for anything else."""
    spaced = expression
    for token in ("<<", ">>", "//", "(", ")", "|", "^", "&", "+", "-", "*", "%", "~"):
        spaced = spaced.replace(token, f" {token} ")
    tokens = spaced.split()[::-1]  # taken from the end
    try:
        value = _expression(tokens, scope, 0)
        if not tokens:
            return value
    except (IndexError, KeyError, ValueError):
        pass
    raise ValueError(f"cannot read the enum value {expression!r}")


def _expression(tokens: list[str], scope: dict[str, int], above: int) -> int:
    """An operand, then each operator binding tighter than ``above`` with its right side."""
    value = _operand(tokens, scope)
    while tokens and _BINARY.get(tokens[-1], 0) > above:
        operator = tokens.pop()
        value = _DO[operator](value, _expression(tokens, scope, _BINARY[operator]))
    return value


def _operand(tokens: list[str], scope: dict[str, int]) -> int:
    token = tokens.pop()
    if token == "(":
        value = _expression(tokens, scope, 0)
        if tokens.pop() != ")":
            raise ValueError(token)
        return value
    if token in ("-", "~"):
        value = _operand(tokens, scope)
        return -value if token == "-" else ~value
    return scope[token] if token in scope else int(token, 0)
