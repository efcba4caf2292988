"""The registry: a game's parts, found through its row of the one table
(``gridgames._runtime.game_table``).  The runtime (the command line, pictures, Kattis,
the environments) looks every part up here, never by a module path of its
own; what each part provides is ``gridgames._game_protocols``.

It sits above the games (it imports them, by the paths of their rows) and
below everything that uses them.  It imports no typing at run time: the
judges' fast path reads it.
"""

from ._runtime import game_table
from ._runtime.backend import import_module  # not importlib's: a judge starts without importlib

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Optional

    from ._game_protocols import CommandLine, Generator, JudgeKernel, Steps, Validator


GROUP = "gridgames.games"  # the entry-point group of the games installed from elsewhere


def outside(name: "Optional[str]" = None) -> None:
    """Register the games installed from elsewhere (every one, or the one
    named ``name``): each entry point of the group ``gridgames.games`` names
    a ``gridgames.protocol.Game``, registered under the entry point's name.
    Read only when asked (a name not in the table, the whole list): the
    judges of the table's games start without importlib.metadata."""
    from importlib.metadata import entry_points
    for point in entry_points(group=GROUP):
        if point.name in game_table.GAMES or (name is not None and point.name != name):
            continue
        game = point.load()
        if not isinstance(game, game_table.Game):
            raise TypeError(f"entry point {point.name} = {point.value} ({GROUP}) is not a gridgames.protocol.Game")
        game_table.register(point.name, game)


def games(installed: bool = False) -> "tuple[str, ...]":
    """Every game of the table, in its order (``installed``: after adding
    the games installed from elsewhere, ``outside``)."""
    if installed:
        outside()
    return tuple(game_table.GAMES)


def known(game: str) -> bool:
    """Whether ``game`` is a game: of the table, or installed from elsewhere
    (then registered)."""
    if game not in game_table.GAMES and game.isidentifier():
        outside(game)
    return game in game_table.GAMES


def judge_games() -> tuple[str, ...]:
    """The judge-file games, in the table's order."""
    return game_table.judge_games()


def row(game: str) -> "game_table.Game":
    """The row of ``game``; ValueError naming the games for an unknown one."""
    if not known(game):
        raise ValueError(f"game must be one of {', '.join(game_table.GAMES)}, not {game!r}")
    return game_table.GAMES[game]


def _judge_row(game: str) -> "game_table.Game":
    found = row(game)
    if not found.judge:
        raise ValueError(f"{game} is not a judge game: one of {', '.join(judge_games())}")
    return found


def game_of(thing: object) -> str:
    """The game whose package defines the class of ``thing`` (a game object)."""
    module = type(thing).__module__
    for name, found in game_table.GAMES.items():
        if module == found.package or module.startswith(found.package + "."):
            return name
    raise ValueError(f"{type(thing).__name__} is not an object of a game")


def part(game: str, module: str = "") -> "Any":
    """A module of ``game``'s package by its name there ("": the package)."""
    return import_module(row(game).module(module))


def package(game: str) -> "JudgeKernel":
    """The package of ``game`` (a judge game's: its ``judge``)."""
    found: JudgeKernel = part(game)
    return found


def generator(game: str) -> "Generator":
    """``_generate`` of a judge game."""
    found: Generator = part(_judge_row(game).name, "_generate")
    return found


def validator(game: str) -> "Validator":
    """``_validate`` of a judge game."""
    found: Validator = part(_judge_row(game).name, "_validate")
    return found


def steps(game: str) -> "Steps":
    """``_steps`` of a judge game (its step-through page)."""
    found: Steps = part(_judge_row(game).name, "_steps")
    return found


def command_line(game: str) -> "CommandLine":
    """The command-line module of ``game`` (``cli/GAME.py`` for the table's own)."""
    found: CommandLine = import_module(row(game).cli)
    return found


def envs(installed: bool = False) -> "dict[str, str]":
    """Gymnasium id -> the game, for the games with an environment (``installed``: the games installed
    from elsewhere too)."""
    games(installed)
    return {g.env_id: name for name, g in game_table.GAMES.items() if g.env_id is not None}


def env_class(game: str, vector: bool = False) -> "Any":
    """The environment class of ``game`` (``ENVEnv``), or its batched one
    (``ENVVectorEnv``; None if it has none)."""
    found = row(game)
    if found.env is None:
        raise ValueError(f"{game} has no environment")
    module = import_module(found.envs)
    return getattr(module, f"{found.env}VectorEnv", None) if vector else getattr(module, f"{found.env}Env")


def compare(game: str) -> "Callable[..., Optional[str]]":
    """How an answer of ``game`` is judged: the function of ``compare`` its ``_generate.ANSWERS`` names."""
    from ._runtime import compare
    found: Callable[..., Optional[str]] = getattr(compare, generator(game).ANSWERS)
    return found


def check(game: str, data: bytes, answer: bytes, lenient: bool = False) -> "Optional[str]":
    """None if ``answer`` is right for the judge input ``data``, else the
    reason (the first differing line).  Raises the ``JudgeError`` of a bad
    input."""
    out, err, _ = package(game).judge(data)
    if err is not None:
        raise err
    return compare(game)(out, answer, lenient)


def validate(game: str, data: bytes) -> None:
    """Raise ``strict_reader.Invalid`` at the first defect of a judge file."""
    validator(game).validate(data)
