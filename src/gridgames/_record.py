"""``namedtuple`` without ``collections``, and ``contextmanager`` without
``contextlib`` until first used: the judges' start-up imports neither
(``collections`` alone cost a judge on a one-case file a fifth of its
start-up; tests/test_startup.py pins what the judge path imports).

``namedtuple(typename, "a b c")`` makes the same kind of class as
``collections.namedtuple``: a tuple subclass with one read-only property
per field, ``_fields``, ``_make``, ``_asdict``, ``_replace``, the same
``repr``, pickling by name.
"""
from __future__ import annotations

import sys
from _operator import itemgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def namedtuple(typename: str, field_names: str) -> Any:
    fields = tuple(field_names.replace(",", " ").split())
    args = ", ".join(fields)
    namespace: dict[str, Any] = {"_new": tuple.__new__}
    # the signature of collections.namedtuple's __new__ (keywords, a TypeError for a missing field)
    exec(f"def __new__(_cls, {args}):\n    return _new(_cls, ({args},))", namespace)  # noqa: S102
    shown = ", ".join(f"{name}=%r" for name in fields)

    def _make(cls: type, iterable: Any) -> Any:
        result: tuple[Any, ...] = tuple.__new__(cls, iterable)
        if len(result) != len(fields):
            raise TypeError(f"Expected {len(fields)} arguments, got {len(result)}")
        return result

    def _replace(self: tuple[Any, ...], **changes: Any) -> Any:
        result = type(self)._make(  # type: ignore[attr-defined]
            [changes.pop(name, value) for name, value in zip(fields, self)])
        if changes:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        return result

    body: dict[str, Any] = {
        "__slots__": (), "__doc__": f"{typename}({args})", "_fields": fields, "_field_defaults": {},
        "__match_args__": fields, "__new__": namespace["__new__"], "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": lambda self: f"{type(self).__name__}({shown % tuple(self)})",
        "_asdict": lambda self: dict(zip(fields, self)),
        "__getnewargs__": lambda self: tuple(self),
        **{name: property(itemgetter(i), doc=f"Alias for field number {i}") for i, name in enumerate(fields)},
    }
    cls = type(typename, (tuple,), body)
    cls.__module__ = sys._getframe(1).f_globals.get("__name__", "__main__")  # pickled by name, there
    return cls


def contextmanager(func: Any) -> Any:
    """``contextlib.contextmanager``, applied when ``func`` is first called."""
    applied: list[Any] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not applied:
            from contextlib import contextmanager as real
            applied.append(real(func))
        return applied[0](*args, **kwargs)
    call.__name__, call.__qualname__, call.__doc__ = func.__name__, func.__qualname__, func.__doc__
    call.__module__, call.__wrapped__ = func.__module__, func  # type: ignore[attr-defined]
    return call
