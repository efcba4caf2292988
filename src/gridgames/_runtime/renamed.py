"""Old public names kept as aliases that warn (listed in CHANGELOG.md), so a
rename breaks no user for a release.  A package's renamed names go through
``_runtime.lazy_getattr`` (its lazy names too, without this module: a judge
starts fast); its warning is ``_runtime.warn_renamed``."""
from __future__ import annotations

from . import warn_renamed

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from typing import Any, Optional


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
