"""Gymnasium environments for the games (each game of ``gridgames._runtime.game_table`` whose
row names one) (``pip install "gridgames[gym]"``).

Importing this module registers them::

    import gymnasium
    import gridgames.envs
    gymnasium.register_envs(gridgames.envs)   # (tells linters the import is used)
    env = gymnasium.make("gridgames/SameGame-v0")

``gymnasium.make("gridgames.envs:gridgames/SameGame-v0")`` works without
the import.  Each environment keeps ``info["action_mask"]`` and an
``action_masks()`` method (the MaskablePPO convention), renders as ``ansi``
text or an ``rgb_array`` picture, and takes ``backend=`` (None, "compiled"
or "pure").
"""
from typing import Any

from gymnasium.envs.registration import register, registry

from .._registry import env_class, envs, row

# id -> the entry point of its env ("gridgames/SameGame-v0" -> "gridgames.envs.samegame:SameGameEnv"),
# one for every game of the table with an environment (its row's env)
ENV_IDS: dict[str, str] = {}
_CLASSES: dict[str, str] = {}  # the env classes of this package by name -> their games (loaded when first used)

for _id, _game in envs(installed=True).items():  # the installed games' too (entry points gridgames.games)
    _row = row(_game)
    _entry = f"{_row.envs}:{_row.env}Env"  # from the row: no env module is imported to register its id
    if _row.envs.startswith(f"{__name__}."):  # (a game from elsewhere: its id only)
        ENV_IDS[_id] = _entry
        _CLASSES[f"{_row.env}Env"] = _game
    if _id not in registry:  # importing twice (or reloading) must not warn
        # gym.make_vec: the batched env (ENVVectorEnv beside it); vectorization_mode="sync" for SyncVectorEnv
        register(id=_id, entry_point=_entry,
                 vector_entry_point=f"{_row.envs}:{_row.env}VectorEnv" if "vector" in _row.has else None)

__all__ = ["ENV_IDS", *_CLASSES]


def __getattr__(name: str) -> Any:
    """The env classes by name (``gridgames.envs.SameGameEnv``), imported when first used."""
    if name not in _CLASSES:
        raise AttributeError(f"module 'gridgames.envs' has no attribute {name!r}")
    found = globals()[name] = env_class(_CLASSES[name])
    return found


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
