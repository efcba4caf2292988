"""Gymnasium environments for the four games (``pip install "gridgames[gym]"``).

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
from gymnasium.envs.registration import register, registry

from .gopher import GopherEnv
from .numberlink import NumberLinkEnv
from .samegame import SameGameEnv
from .tilematch import TileMatchEnv

ENV_IDS = {
    "gridgames/SameGame-v0": "gridgames.envs.samegame:SameGameEnv",
    "gridgames/Gopher-v0": "gridgames.envs.gopher:GopherEnv",
    "gridgames/TileMatch-v0": "gridgames.envs.tilematch:TileMatchEnv",
    "gridgames/NumberLink-v0": "gridgames.envs.numberlink:NumberLinkEnv",
}

for _id, _entry in ENV_IDS.items():
    if _id not in registry:  # importing twice (or reloading) must not warn
        # gym.make_vec: the batched env (vector.py); vectorization_mode="sync" for SyncVectorEnv
        _name = _entry.split(":")[1].removesuffix("Env")  # SameGameEnv -> SameGameVectorEnv
        register(id=_id, entry_point=_entry, vector_entry_point=f"gridgames.envs.vector:{_name}VectorEnv")

__all__ = ["ENV_IDS", "GopherEnv", "NumberLinkEnv", "SameGameEnv", "TileMatchEnv"]
