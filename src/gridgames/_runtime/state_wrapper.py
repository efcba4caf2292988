"""The base classes of the public game objects (``samegame.Board``,
``gopher.Field``...): each wraps one backend's ``State`` object; and
``int_rows``, the rows given to a Board read with the same checks for every
game."""

from _operator import index  # operator's C half, built in: a judge starts without operator.py

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any, Generic, Optional, SupportsIndex, TypeVar, Union, overload

    W = TypeVar("W", bound="Wrapper")
    T = TypeVar("T")
else:  # what StateAttr needs of them at run time, and no class made for it (start-up)
    T = None
    Generic = {T: object}  # Generic[T]: object


class StateAttr(Generic[T]):
    """A read-only attribute of a Wrapper, read from its ``_state`` under the
    same name: ``rows = StateAttr[int]("rows of the frame")``."""

    if not TYPE_CHECKING:  # StateAttr[int]: StateAttr itself
        def __class_getitem__(cls, item: object) -> type:
            return cls

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    if TYPE_CHECKING:
        @overload
        def __get__(self, obj: None, owner: type) -> "StateAttr[T]": ...
        @overload
        def __get__(self, obj: "Wrapper", owner: type) -> T: ...

    def __get__(self, obj: "Optional[Wrapper]", owner: type) -> "StateAttr[T] | T":
        if obj is None:
            return self
        value: T = getattr(obj._state, self.name)
        return value


class Wrapper:
    """Base of the public game objects: each wraps one backend's ``State``
    object in ``_state`` and delegates to it.

    Threads: different objects may be used from different threads at once,
    also on free-threaded Python (the kernels keep no module-level state).
    One object is NOT safe to use from several threads at once while any of
    them changes it: guard it with a lock, or give each thread a ``copy()``."""

    __slots__ = ("_state",)
    __hash__ = None  # type: ignore[assignment]  # mutable
    _state: "Any"  # each game's class narrows it to its kernel's State

    @classmethod
    def _wrap(cls: "type[W]", state: "Any") -> "W":
        obj = cls.__new__(cls)
        obj._state = state
        return obj

    @property
    def backend(self) -> str:
        """'compiled' or 'pure': the implementation behind this object."""
        return "pure" if type(self._state).__module__.endswith("_pure") else "compiled"

    def copy(self: "W") -> "W":
        """An independent copy (same backend)."""
        return self._wrap(self._state.copy())

    def render(self, format: str = "text") -> str:
        """The position as the judge prints it; ``format="svg"``: an SVG 1.1
        picture instead (gridgames.pictures)."""
        if format != "text":
            from .drawing import picture
            return picture(self, format)
        text: str = self._state.render().decode("ascii")
        return text

    def __str__(self) -> str:
        return self.render()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> "tuple[Any, ...]":
        """What equal objects share: their size and the kernel's snapshot."""
        raise NotImplementedError


def int_rows(rows: "Iterable[Iterable[Union[str, SupportsIndex]]]") -> list[list[int]]:
    """``rows`` (each a string of digits or a sequence of integers) as lists
    of ints; a non-integral number (1.5, inf, "x") is refused with TypeError
    or ValueError, never truncated."""
    return [[_digit(v, number) if isinstance(v, str) else index(v) for v in row]
            for number, row in enumerate(rows, 1)]


def _digit(text: str, row: int) -> int:
    # int() would accept ' 1', '١' or '1_0' and word its refusal for programmers
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"row {row} (top row 1): expected a digit 0..9, found {text!r}")
    return int(text)
