"""Choose between the compiled kernels and their pure-Python twins.

``GRIDGAMES_PURE_PYTHON=1`` forces the twins; otherwise each game uses its
compiled ``_P`` modules and falls back to their twins ``_P_pure`` only when
a kernel cannot be imported (for example an install made without a compiler).
"""

import os
import sys

from . import game_table, warn  # warn imports warnings only to warn: a judge starts without them

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Optional

FORCE_PURE = os.environ.get("GRIDGAMES_PURE_PYTHON", "") not in ("", "0")
NAMES = ("compiled", "pure")
GAMES = tuple(game_table.GAMES)  # the games of the table (a game registered later: game_table.GAMES)
# The compiled parts of the packages that are not games (kernel("envs", part="batch")): the
# environments' base batch, and each game's batch beside its environment (envs/_batch_NAME.pyx:
# part "batch_NAME") for the games of the table whose environment is one of gridgames.envs.
SHARED = {"envs": {"view": "_view", "batch": "_batch",
                   **{f"batch_{name}": f"_batch_{name}" for name, game in game_table.GAMES.items()
                      if game.envs == f"gridgames.envs.{name}"}}}


def _module(game: str, part: str) -> str:
    """The compiled module of ``part`` of ``game`` (a game of the table, or a package of SHARED)."""
    if game in SHARED:
        return f"gridgames.{game}.{SHARED[game][part]}"
    row = game_table.GAMES[game]
    return row.module(row.parts[part])


def import_module(name: str) -> "ModuleType":
    """``importlib.import_module`` for an absolute name (importlib is not
    imported: a judge starts fast)."""
    __import__(name)
    return sys.modules[name]


def kernel(game: str, backend: "Optional[str]" = None, part: str = "kernel") -> "ModuleType":
    """Return a kernel module of ``game`` ("samegame", ...).

    ``part`` names a module pair of the game's row in ``_games`` (``parts``; or of ``SHARED``),
    e.g. "kernel": ``_kernel`` (compiled) and ``_kernel_pure`` (its twin).
    ``backend`` is None (the default choice described above), "compiled"
    (ImportError if it was not built) or "pure".
    """
    if backend is not None and backend not in NAMES:
        raise ValueError(f"backend must be 'compiled', 'pure' or None, not {backend!r}")
    compiled = _module(game, part)
    pure = f"{compiled}_pure"
    if backend == "pure" or (backend is None and FORCE_PURE):
        return import_module(pure)
    try:
        return import_module(compiled)
    except ImportError as exc:
        if backend == "compiled":
            raise
        # A silent fallback would hide a 10-100x slowdown: say it once per call site.
        warn(f"gridgames {game}: running on the pure-Python twin ({exc}); set "
             "GRIDGAMES_PURE_PYTHON=1 to choose it without this warning", RuntimeWarning, stacklevel=3)
        return import_module(pure)


def parts(game: str) -> list[str]:
    """The compiled parts of ``game`` ("kernel" first)."""
    return list(game_table.GAMES[game].parts)


def game_backend(game: str) -> str:
    """What ``game`` runs on by default: "compiled" when every part of it is
    compiled, else "pure-python"."""
    if FORCE_PURE:
        return "pure-python"
    for part in game_table.GAMES[game].parts:
        try:
            import_module(_module(game, part))
        except ImportError:
            return "pure-python"
    return "compiled"


def summary(backends: dict[str, str]) -> str:
    """"compiled" when every game is, "pure-python" when none is, else "partial"."""
    found = set(backends.values())
    return found.pop() if len(found) == 1 else "partial"
