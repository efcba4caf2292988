"""gridgames: exact, fast engines for grid-puzzle games.

``BACKENDS`` maps each game to the backend it runs on by default:
"compiled" (its Cython kernels) or "pure-python" (the pure-Python twins,
after an install without a compiler, or with GRIDGAMES_PURE_PYTHON=1).
``BACKEND`` sums it up: "compiled" when every game is compiled,
"pure-python" when none is, "partial" otherwise.
"""
from ._backend import GAMES as _GAMES, game_backend as _game_backend, summary as _summary
from ._judge import JudgeError, JudgeResult, JudgeWarning
from ._version import __version__

BACKENDS: dict[str, str] = {game: _game_backend(game) for game in _GAMES}
BACKEND: str = _summary(BACKENDS)

__all__ = ["BACKEND", "BACKENDS", "JudgeError", "JudgeResult", "JudgeWarning", "__version__"]
