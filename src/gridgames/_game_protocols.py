"""What a game is: the parts a game package provides, each written down once.

A game is a row of the one table (``gridgames._runtime.game_table``: ``register``) and the
modules that row names.  Each part is found by ``gridgames._registry`` (the
runtime looks a game's parts up only there) and must satisfy one Protocol
below (public: ``gridgames.protocol``); ``gridgames.testing`` checks every
registered game against them at run time (like scikit-learn's
``check_estimator``; tests/games/test_conformance.py) and tests/typing/protocols.py
statically (mypy).  docs/adding-a-game.md lists the files of a new game;
examples/lightsout is one (3x3 Lights Out), built on ``gridgames.protocol``
alone.

The parts, by module (NAME is the game's name, PKG its package)::

    PKG/__init__.py       GamePackage (every game); JudgeKernel (a judge game)
    PKG/_generate.py      Generator   (judge games: ``gridgames NAME generate``)
    PKG/_validate.py      Validator   (judge games: ``gridgames NAME validate``)
    PKG/_steps.py         Steps       (judge games: ``gridgames NAME show``)
    PKG/_svg.py           draws the game objects: each is a Drawable
    gridgames/cli/NAME.py CommandLine (every game); JudgeCommandLine (a judge game)
    gridgames/envs/NAME.py  ENVEnv, an Environment (a game whose row names ENV)
    gridgames/kattis/data/NAME/  the Kattis problem (judge games; see gridgames.kattis)

Compiled parts (the row's ``parts``) come in pairs: ``PKG/_kernel.pyx`` and its
pure-Python twin ``PKG/_kernel_pure.py``, chosen by ``gridgames._runtime.backend.kernel``.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Optional, Protocol, Union, runtime_checkable

if TYPE_CHECKING:
    from ._runtime.drawing import Drawing
    from ._runtime.judge import InputError, JudgeResult
    from ._runtime.step_frames import Case


@runtime_checkable
class GamePackage(Protocol):
    """Every game's package (``PKG/__init__.py``): its Python API, named by
    ``__all__`` (its game objects among them), documented with examples (its
    ``__doc__`` runs as a doctest: ``gridgames.testing``); it hands on
    ``InputError``, what its bad input raises."""

    @property
    def InputError(self) -> type[InputError]:
        """The exception the game's bad input raises (a ``gridgames.protocol.InputError``)."""


@runtime_checkable
class JudgeKernel(Protocol):
    """A judge game's package: ``judge`` runs a judge file.

    ``judge(data, *, backend=None, emit=None) -> JudgeResult``: ``data`` is
    bytes-like or a binary file (anything with ``readinto``, read in pieces); the output of every complete
    case, the ``JudgeError`` (line and column) of the first bad token or None,
    and the warnings.  With ``emit`` the output goes to it as it is made.
    ``backend``: None, "compiled" or "pure" (``gridgames._runtime.backend.kernel``)."""

    @property
    def judge(self) -> Callable[..., JudgeResult]:
        """``judge(data, *, backend=None, emit=None) -> JudgeResult``: above."""


@runtime_checkable
class Generator(Protocol):
    """``PKG/_generate.py``: random judge files (the testlib generator).

    ``generate(seed=0, count=None, *, progress=None, **options) -> bytes``:
    one file per seed on every platform (``gridgames._runtime.random_source_pure.Rand``), of
    ``count`` cases (None: 1 to MAX_COUNT, drawn); ``options`` are the names
    of OPTIONS, added to the command by ``add_arguments``; an option's value
    out of range raises ValueError (a usage error)."""

    ANSWERS: str  # how an answer is compared: a function of gridgames._runtime.compare ("exact", "tiles")
    LIMITS: str  # the limits of a file, one sentence (the command's help)
    CASES: str  # what a case is called, plural ("grids", "games")
    MAX_COUNT: int  # the most cases a file has when --count is not given

    @property
    def OPTIONS(self) -> Sequence[str]:
        """The dests of the options ``add_arguments`` adds (read only)."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the generator's own options (``OPTIONS``) to ``gridgames NAME generate``."""

    @property
    def generate(self) -> Callable[..., bytes]:
        """``generate(seed=0, count=None, *, progress=None, **options) -> bytes``: above."""


@runtime_checkable
class Validator(Protocol):
    """``PKG/_validate.py``: the contest's input format, checked (the testlib
    validator; the Kattis input validator is assembled from this module and
    ``gridgames._runtime.strict_reader``, so it may import nothing else).  ``validate(data)``
    raises ``gridgames._runtime.strict_reader.Invalid`` (line and column) at the first
    defect, else returns the number of cases.  Its ``__doc__`` is the
    command's description."""

    def validate(self, data: bytes) -> int:
        """The number of cases of ``data``; ``Invalid`` (line, column) at its first defect."""


@runtime_checkable
class Steps(Protocol):
    """``PKG/_steps.py``: the step-through page of a judge file
    (``gridgames NAME show``, ``gridgames.pictures.show_html``).
    ``show(data, output, backend)`` yields one ``step_frames.Case`` per case of
    the file (its frames drawn with the game's Drawing), ``output`` the
    judge's output for it; a bad case raises ValueError."""

    UNIT: str  # what a case is called ("grid", "game")
    STATUS: str  # what the status line counts ("Score")
    STEP: str  # what one step of a case is, for the command's help

    def show(self, data: bytes, output: bytes, backend: Optional[str]) -> Iterable[Case]:
        """One ``Case`` per case of ``data`` (``output``: the judge's output for it)."""


@runtime_checkable
class Drawable(Protocol):
    """A game object that draws itself (``gridgames.pictures.svg``): its
    ``_drawing()`` is a ``gridgames._runtime.drawing.Drawing``, made by ``PKG/_svg.py``."""

    def _drawing(self) -> Drawing: ...


Subparsers = Any  # argparse's _SubParsersAction (cli._args.Commands)


@runtime_checkable
class CommandLine(Protocol):
    """``cli/NAME.py`` (or the row's ``cli`` module): ``register(subparsers)``
    adds ``gridgames NAME`` and its commands (``cli._args.add_game`` or
    ``add_judge_game``, and ``add_command``), each setting ``func(args) ->
    exit status``.  Optionally ``rules()``: command -> the ``cli._contract``
    rules of its options that apply only sometimes (a judge game's judge
    command gets ``cli._contract.JUDGE`` without being told; a function, so
    that the judges' fast path imports no argparse)."""

    def register(self, subparsers: Subparsers) -> None:
        """Add ``gridgames NAME`` and its commands to ``subparsers``."""


@runtime_checkable
class JudgeCommandLine(CommandLine, Protocol):
    """A judge game's command line, also: ``run(args) -> exit status``, its
    judge command (called by the fast path ``cli.judge_command`` without argparse),
    and optionally ``OPTIONS``: the judge command's own options, name ->
    (type, default)."""

    def run(self, args: Union[argparse.Namespace, Any]) -> int:
        """Run the judge command on ``args``; its exit status."""


@runtime_checkable
class Environment(Protocol):
    """``ENVEnv`` in ``envs/NAME.py``: a Gymnasium environment
    (``gridgames/ENV-v0``) with the MaskablePPO convention: ``action_masks()``
    and ``info["action_mask"]``; ``render_mode`` "ansi" or "rgb_array";
    ``backend=`` None, "compiled" or "pure".  Optionally ``ENVVectorEnv`` in
    the same module: N boards stepped in one kernel call (``envs.vector``)."""

    observation_space: Any
    action_space: Any

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict[str, Any]] = None) -> tuple[Any, dict[str, Any]]:
        """A new game (``seed``: its board); (observation, info), info holding ``action_mask``."""

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        """Play ``action``: (observation, reward, terminated, truncated, info)."""

    def action_masks(self) -> Any:
        """The legal actions now, a boolean array (MaskablePPO's convention)."""

    def render(self) -> Any:
        """The game now: text ("ansi") or an RGB array ("rgb_array"), by ``render_mode``."""


# role -> (its Protocol, the games that must have it: "all" or "judge")
ROLES: dict[str, tuple[type, str]] = {
    "package": (GamePackage, "all"),
    "judge": (JudgeKernel, "judge"),
    "generate": (Generator, "judge"),
    "validate": (Validator, "judge"),
    "steps": (Steps, "judge"),
    "cli": (CommandLine, "all"),
    "judge_cli": (JudgeCommandLine, "judge"),
}
