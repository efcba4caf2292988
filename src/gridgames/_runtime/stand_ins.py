"""What the judges' start-up uses instead of standard modules it must not
import (tests/test_startup.py pins what the judge path imports):
``namedtuple`` without ``collections`` (which alone cost a judge on a
one-case file a fifth of its start-up), ``contextmanager`` without
``contextlib`` until first used, ``warn`` without ``warnings`` until a
warning is given, and ``lazy_getattr``, a package's names loaded on first
use, without ``importlib`` until then.

``namedtuple(typename, "a b c")`` makes the same kind of class as
``collections.namedtuple``: a tuple subclass with one read-only property
per field, ``_fields``, ``_make``, ``_asdict``, ``_replace``, the same
``repr``, pickling by name.
"""

import sys
from _operator import itemgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Optional


_function: "Any" = type(lambda: None)  # types.FunctionType, without types
_tuple_new = tuple.__new__


def _new3(_cls: type, _0: object, _1: object, _2: object) -> "Any":
    return _tuple_new(_cls, (_0, _1, _2))


# __new__'s code by number of fields (compiling is what costs): written out
# for three, the judges' tuples (JudgeResult, Outcome, Phase), compiled once
# for any other number.
_NEW: "dict[int, Any]" = {3: _new3.__code__}


def _new(typename: str, fields: tuple[str, ...]) -> "Any":
    """``typename``'s ``__new__`` taking ``fields``: the signature of
    collections.namedtuple's (keywords, a TypeError for a missing field), its
    code made once for each number of fields and given these names."""
    if len(fields) not in _NEW:
        args = ", ".join(f"_{i}" for i in range(len(fields)))
        namespace: dict[str, Any] = {}
        exec(f"def __new__(_cls, {args}):\n    return _tuple_new(_cls, ({args},))", globals(), namespace)  # noqa: S102
        _NEW[len(fields)] = namespace["__new__"].__code__
    code = _NEW[len(fields)].replace(co_varnames=("_cls", *fields), co_name="__new__")
    if sys.version_info >= (3, 11):  # the name its TypeErrors give
        code = code.replace(co_qualname=f"{typename}.__new__")
    return _function(code, globals())


_UNEXPECTED = TypeError if sys.version_info >= (3, 13) else ValueError  # an unknown field in _replace


def namedtuple(typename: str, field_names: str) -> "Any":
    fields = tuple(field_names.replace(",", " ").split())
    args = ", ".join(fields)
    shown = ", ".join(f"{name}=%r" for name in fields)

    def _make(cls: type, iterable: "Any") -> "Any":
        result: tuple[Any, ...] = tuple.__new__(cls, iterable)
        if len(result) != len(fields):
            raise TypeError(f"Expected {len(fields)} arguments, got {len(result)}")
        return result

    def _replace(self: "tuple[Any, ...]", **changes: "Any") -> "Any":
        result = type(self)._make(  # type: ignore[attr-defined]
            [changes.pop(name, value) for name, value in zip(fields, self)])
        if changes:  # collections.namedtuple's error: a TypeError since Python 3.13
            raise _UNEXPECTED(f"Got unexpected field names: {list(changes)!r}")
        return result

    body: dict[str, Any] = {
        "__slots__": (), "__doc__": f"{typename}({args})", "_fields": fields, "_field_defaults": {},
        "__match_args__": fields, "__new__": _new(typename, fields), "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": lambda self: f"{type(self).__name__}({shown % tuple(self)})",
        "_asdict": lambda self: dict(zip(fields, self)),
        "__getnewargs__": lambda self: tuple(self),
        **{name: property(itemgetter(i), doc=f"Alias for field number {i}") for i, name in enumerate(fields)},
    }
    cls = type(typename, (tuple,), body)
    cls.__module__ = sys._getframe(1).f_globals.get("__name__", "__main__")  # pickled by name, there
    return cls


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
