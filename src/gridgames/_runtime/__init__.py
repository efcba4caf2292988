"""The runtime: the bottom floors every game and command is built on (the
scanner, the output buffer, the random source, the judge's results, files,
drawing, the table of games); it imports no game, and its modules' layers are a
contract of pyproject.toml.

Here, loaded with the package (one module fewer for a judge to import), what
the judges' start-up uses instead of standard modules it must not import
(tests/judges/test_startup.py pins what the judge path imports): ``Record``,
the base of the result tuples, without ``collections`` (whose ``namedtuple``
alone cost a judge on a one-case file a fifth of its start-up),
``contextmanager`` without ``contextlib`` until first used, ``warn`` without
``warnings`` until a warning is given, and ``lazy_getattr``, a package's
names loaded on first use, without ``importlib`` until then.

A ``Record`` subclass is the class ``collections.namedtuple`` would make,
written out (``judge.JudgeResult``): it unpacks, compares and pickles the same.
"""

import sys
from _operator import itemgetter  # operator's C half, built in: a judge starts without operator.py

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Optional


_UNEXPECTED = TypeError if sys.version_info >= (3, 13) else ValueError  # an unknown field in _replace


class Record(tuple):  # type: ignore[type-arg]
    """The base of the judges' result tuples, each written out as
    ``collections.namedtuple`` would make it: ``class P(Record, fields=("x", "y"))``
    with ``__slots__ = ()`` and a ``__new__`` taking the fields.  This gives the
    rest: one read-only ``property(itemgetter(i))`` per field, ``_fields``,
    ``_make``, ``_replace``, ``_asdict``, the same ``repr``, pickling by name."""

    __slots__ = ()
    _fields: "tuple[str, ...]" = ()
    _field_defaults: "dict[str, Any]" = {}

    def __init_subclass__(cls, fields: "tuple[str, ...]" = (), **kwargs: "Any") -> None:
        super().__init_subclass__(**kwargs)
        if fields:  # (a subclass of a record adds methods only)
            cls._fields = fields
            setattr(cls, "__match_args__", fields)  # noqa: B010 (mypy refuses to assign __match_args__)
            for i, name in enumerate(fields):
                setattr(cls, name, property(itemgetter(i), doc=f"Alias for field number {i}"))

    @classmethod
    def _make(cls, iterable: "Any") -> "Any":
        result = tuple.__new__(cls, iterable)
        if len(result) != len(cls._fields):
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
        return result

    def _replace(self, **changes: "Any") -> "Any":
        result = self._make([changes.pop(name, value) for name, value in zip(self._fields, self)])
        if changes:  # collections.namedtuple's error: a TypeError since Python 3.13
            raise _UNEXPECTED(f"Got unexpected field names: {list(changes)!r}")
        return result

    def _asdict(self) -> "dict[str, Any]":
        return dict(zip(self._fields, self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(self._fields, self))})"

    def __getnewargs__(self) -> "tuple[Any, ...]":
        return tuple(self)


def contextmanager(func: "Any") -> "Any":
    """``contextlib.contextmanager``, applied when ``func`` is first called."""
    applied: list[Any] = []

    def call(*args: "Any", **kwargs: "Any") -> "Any":
        if not applied:
            from contextlib import contextmanager as real
            applied.append(real(func))
        return applied[0](*args, **kwargs)
    call.__name__, call.__qualname__, call.__doc__ = func.__name__, func.__qualname__, func.__doc__
    call.__module__, call.__wrapped__ = func.__module__, func  # type: ignore[attr-defined]
    return call


# How ``warn`` shows a warning: None, as ``warnings`` does; else the function
# set as ``warnings.showwarning`` when ``warn`` imports it (the command line's
# one line: ``cli.one_line_warnings``, when ``warnings`` was not loaded yet).
show_warning: "Optional[Callable[..., None]]" = None


def warn(message: str, category: type[Warning], stacklevel: int = 1) -> None:
    """``warnings.warn`` for gridgames' own warnings (``stacklevel`` counts
    from the caller, as there): ``warnings`` is imported only now."""
    import warnings
    global show_warning
    if show_warning is not None:
        warnings.showwarning, show_warning = show_warning, None
    warnings.warn(message, category, stacklevel=stacklevel + 1)


def warn_renamed(old: str, new: str) -> None:
    """The DeprecationWarning of a renamed public name (``gridgames._runtime.renamed``),
    given where the old name was read."""
    warn(f"{old} is renamed {new}; the old name will be removed in a later 0.x release",
         DeprecationWarning, stacklevel=3)


def lazy_getattr(package: str, lazy: dict[str, tuple[str, str]],
                 renamed: "Optional[dict[str, str]]" = None) -> "Any":
    """A package's ``__getattr__`` that imports a name from its submodule on
    first use (``lazy``: name -> (submodule, attribute); a judge then never
    loads the searches or the generator), and gives renamed names (old -> new)
    with a warning."""
    renamed = renamed or {}

    def getattr_(name: str) -> "Any":
        if name in renamed:
            warn_renamed(f"{package}.{name}", f"{package}.{renamed[name]}")
            name = renamed[name]
        if name not in lazy:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        from importlib import import_module
        module, attr = lazy[name]
        return getattr(import_module(f"{package}.{module}"), attr)
    return getattr_
