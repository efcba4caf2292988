"""``gridgames --version``: answered before argparse and the games are
imported (``cli.main``), so it starts about as fast as a judge
(benchmarks/startup_table.py, "--version against the samegame judge")."""
import os
import sys

from .. import __version__
from .._runtime.backend import FORCE_PURE, GAMES, _module, parts, summary


def version() -> str:
    """'gridgames VERSION (BACKEND)', naming the games that run on pure Python
    when only some do."""
    backends = {game: "compiled" if not FORCE_PURE and all(found(_module(game, part)) for part in parts(game))
                else "pure-python" for game in GAMES}
    pure = [game for game, name in backends.items() if name != "compiled"]
    detail = summary(backends)
    return f"gridgames {__version__} ({'partial; pure-python: ' + ', '.join(pure) if detail == 'partial' else detail})"


def found(name: str) -> bool:
    """Whether compiled module ``name`` is there for this interpreter: a finder of
    ``sys.meta_path`` finds it in its package's folder, as ``import`` would,
    without loading it or its package (loading every game costs about five
    judges' start-up; ``gridgames.BACKENDS`` loads them).  A module found that then
    fails to load is said by the warning of ``_runtime.backend.kernel``."""
    package = name.rsplit(".", 1)[0].split(".")
    folder = [os.path.join(os.path.dirname(os.path.dirname(__file__)), *package[1:])]
    try:
        return any(getattr(finder, "find_spec", None) and finder.find_spec(name, folder) is not None
                   for finder in sys.meta_path)
    except ImportError:  # a finder that refuses the name
        return False
