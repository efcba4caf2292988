"""Choose between the compiled kernels and their pure-Python twins.

``GRIDGAMES_PURE_PYTHON=1`` forces the twins; otherwise each game uses its
compiled ``_kernel`` module and falls back to ``_pure`` only when the kernel
cannot be imported (for example an install made without a compiler).
"""
import importlib
import os

FORCE_PURE = os.environ.get("GRIDGAMES_PURE_PYTHON", "") not in ("", "0")
NAMES = ("compiled", "pure")


def kernel(game, backend=None, part="kernel"):
    """Return a kernel module of ``game`` ("samegame", ...).

    ``part`` names the module pair: "kernel" is ``_kernel`` (compiled) and
    ``_pure`` (its twin); any other part P is ``_P`` and ``_P_pure``.
    ``backend`` is None (the default choice described above), "compiled"
    (ImportError if it was not built) or "pure".
    """
    if backend not in (None, "compiled", "pure"):
        raise ValueError(f"backend must be 'compiled', 'pure' or None, not {backend!r}")
    compiled = f"gridgames.{game}._{part}"
    pure = f"gridgames.{game}._pure" if part == "kernel" else f"{compiled}_pure"
    if backend == "pure" or (backend is None and FORCE_PURE):
        return importlib.import_module(pure)
    try:
        return importlib.import_module(compiled)
    except ImportError:
        if backend == "compiled":
            raise
        return importlib.import_module(pure)


def name_of(module):
    """'compiled' or 'pure-python', for a kernel module."""
    return "pure-python" if module.__name__.endswith("_pure") else "compiled"


class Wrapper:
    """Base of the public game objects: each wraps one backend's ``State``
    (or ``Field``) object in ``_state`` and delegates to it."""

    __slots__ = ("_state",)
    __hash__ = None  # mutable

    @classmethod
    def _wrap(cls, state):
        obj = cls.__new__(cls)
        obj._state = state
        return obj

    @property
    def backend(self):
        """'compiled' or 'pure': the implementation behind this object."""
        return "pure" if type(self._state).__module__.endswith("_pure") else "compiled"

    def copy(self):
        """An independent copy (same backend)."""
        return self._wrap(self._state.copy())
