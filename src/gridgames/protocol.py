"""What a game is, and what a game builds with: every name a game from
elsewhere needs, public (docs/adding-a-game.md; examples/lightsout is such
a game, and imports nothing private).

- The row and its registration: ``Game``, ``register_game`` (or an entry
  point of the group ``gridgames.games`` naming a ``Game``).
- The Protocols each part keeps: ``GamePackage``, ``JudgeKernel``,
  ``Generator``, ``Validator``, ``Steps``, ``Drawable``, ``CommandLine``,
  ``JudgeCommandLine``, ``Environment``.
- The judge: ``JudgeResult``, ``JudgeError``, ``InputError``, ``send``
  (the output to ``emit``); the judge files: ``Reader`` and ``Invalid``
  (a validator's tokens and its error), ``Rand`` (one file per seed on
  every platform).
- The pictures: ``Drawing``, ``board`` (a Drawing of a grid), ``CELL``;
  the step-through page: ``Case`` and ``Frame``.
- The command line: ``add_judge_game``, ``add_game``, ``add_command``,
  ``register_tools`` (generate, validate, check, show) and ``run_judge``.
- The environment: ``GridEnv`` (needs ``gridgames[gym]``).

Each name is loaded when first used: a judge built on these starts fast.
"""
from ._runtime.game_table import Game, register as register_game

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from typing import Any

    from ._game_protocols import (
        CommandLine,
        Drawable,
        Environment,
        GamePackage,
        Generator,
        JudgeCommandLine,
        JudgeKernel,
        Steps,
        Validator,
    )
    from ._runtime.drawing import CELL, Drawing, board
    from ._runtime.judge import InputError, JudgeError, JudgeResult, send
    from ._runtime.random_source_pure import Rand
    from ._runtime.step_frames import Case, Frame
    from ._runtime.strict_reader import Invalid, Reader
    from .cli._args import add_command, add_game, add_judge_game
    from .cli._io import run_judge
    from .cli._toolkit import register_tools
    from .envs._base import GridEnv

# name -> the module that defines it
_WHERE = {
    **dict.fromkeys(("CommandLine", "Drawable", "Environment", "GamePackage", "Generator", "JudgeCommandLine",
                     "JudgeKernel", "Steps", "Validator"), "gridgames._game_protocols"),
    **dict.fromkeys(("InputError", "JudgeError", "JudgeResult", "send"), "gridgames._runtime.judge"),
    **dict.fromkeys(("Invalid", "Reader"), "gridgames._runtime.strict_reader"),
    "Rand": "gridgames._runtime.random_source_pure",
    **dict.fromkeys(("CELL", "Drawing", "board"), "gridgames._runtime.drawing"),
    **dict.fromkeys(("Case", "Frame"), "gridgames._runtime.step_frames"),
    **dict.fromkeys(("add_command", "add_game", "add_judge_game"), "gridgames.cli._args"),
    "run_judge": "gridgames.cli._io",
    "register_tools": "gridgames.cli._toolkit",
    "GridEnv": "gridgames.envs._base",
}

__all__ = ["CELL", "Case", "CommandLine", "Drawable", "Drawing", "Environment", "Frame", "Game", "GamePackage",
           "Generator", "GridEnv", "InputError", "Invalid", "JudgeCommandLine", "JudgeError", "JudgeKernel",
           "JudgeResult", "Rand", "Reader", "Steps", "Validator", "add_command", "add_game", "add_judge_game", "board",
           "register_game", "register_tools", "run_judge", "send"]  # ("Game", "register_game", then _WHERE: a test)


def __getattr__(name: str) -> "Any":
    if name not in _WHERE:
        raise AttributeError(f"module 'gridgames.protocol' has no attribute {name!r}")
    from ._runtime.backend import import_module
    found = getattr(import_module(_WHERE[name]), name)
    globals()[name] = found
    return found


def __dir__() -> "list[str]":
    return sorted(set(globals()) | set(__all__))
