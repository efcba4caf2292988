"""gridgames: exact, fast engines for grid-puzzle games.

``BACKENDS`` maps each game to the backend it runs on by default:
"compiled" (its Cython kernels) or "pure-python" (the pure-Python twins,
after an install without a compiler, or with GRIDGAMES_PURE_PYTHON=1).
``BACKEND`` sums it up: "compiled" when every game is compiled,
"pure-python" when none is, "partial" otherwise.

Importing gridgames loads nothing else: each name is loaded when it is first
used (PEP 562), so a judge starts without the other games' kernels.
"""

__version__ = "0.1.0"  # read by the build too (pyproject.toml); no module of its own: a judge starts fast

TYPE_CHECKING = False  # typing itself is not imported: `import gridgames` loads nothing
if TYPE_CHECKING:
    from typing import Any

    from ._runtime.game_table import Game, register as register_game
    from ._runtime.judge import InputError, JudgeError, JudgeResult, JudgeWarning

    BACKENDS: dict[str, str]
    BACKEND: str

__all__ = ["BACKEND", "BACKENDS", "Game", "InputError", "JudgeError", "JudgeResult", "JudgeWarning", "__version__",
           "register_game"]


def __getattr__(name: str) -> "Any":
    if name in ("InputError", "JudgeError", "JudgeResult", "JudgeWarning"):
        from ._runtime import judge
        return getattr(judge, name)
    if name in ("Game", "register_game"):  # a game from elsewhere (docs/adding-a-game.md)
        from ._runtime import game_table
        return {"Game": game_table.Game, "register_game": game_table.register}[name]
    if name in ("BACKENDS", "BACKEND"):
        from ._runtime.backend import GAMES, game_backend, summary
        backends = {game: game_backend(game) for game in GAMES}
        globals().update(BACKENDS=backends, BACKEND=summary(backends))  # worked out once
        return globals()[name]
    raise AttributeError(f"module 'gridgames' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
