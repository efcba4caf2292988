"""Old public names kept as aliases that warn (listed in CHANGELOG.md), so a
rename breaks no user for a release."""
from __future__ import annotations

import warnings

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from typing import Any, Optional


def warn_renamed(old: str, new: str) -> None:
    warnings.warn(f"{old} is renamed {new}; the old name will be removed in a later 0.x release",
                  DeprecationWarning, stacklevel=3)


class Renamed:
    """A class attribute that was renamed: ``parse = Renamed("from_text")``.
    Reading it warns and gives the new attribute (a method, a classmethod
    or a property alike)."""

    def __init__(self, new: str) -> None:
        self.new = new

    def __set_name__(self, owner: type, name: str) -> None:
        self.old = name

    def __get__(self, obj: Optional[object], owner: type) -> Any:
        warn_renamed(f"{owner.__name__}.{self.old}", f"{owner.__name__}.{self.new}")
        return getattr(owner if obj is None else obj, self.new)


def module_getattr(module: str, namespace: dict[str, Any], renamed: dict[str, str]) -> Any:
    """A module's ``__getattr__`` giving its renamed names (old -> new) with
    a warning: ``__getattr__ = module_getattr(__name__, globals(), {"old":
    "new"})`` (an assignment: type checkers then know only the new names)."""
    def getattr_(name: str) -> Any:
        if name not in renamed:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warn_renamed(f"{module}.{name}", f"{module}.{renamed[name]}")
        return namespace[renamed[name]]
    return getattr_


def lazy_getattr(package: str, lazy: dict[str, tuple[str, str]],
                 renamed: Optional[dict[str, str]] = None) -> Any:
    """A package's ``__getattr__`` that imports a name from its submodule on
    first use (``lazy``: name -> (submodule, attribute); a judge then never
    loads the searches or the generator), and gives renamed names (old -> new)
    with a warning."""
    renamed = renamed or {}

    def getattr_(name: str) -> Any:
        if name in renamed:
            warn_renamed(f"{package}.{name}", f"{package}.{renamed[name]}")
            name = renamed[name]
        if name not in lazy:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        from importlib import import_module
        module, attr = lazy[name]
        return getattr(import_module(f"{package}.{module}"), attr)
    return getattr_
