"""Does a game keep the protocol?  The checks of its parts, each raising
AssertionError that names the game, the missing or wrong member and the step
of docs/adding-a-game.md that adds it (``gridgames.testing`` runs them, with
those of ``_use_checks``: the command line, the pages, the
environments and the optional parts).  A part is found only through
``gridgames._registry``, by the module paths of the game's row."""
from __future__ import annotations

import doctest
from types import ModuleType
from typing import Any, NoReturn, Protocol

from .. import _game_protocols, _registry
from .._runtime.backend import import_module
from .._runtime.strict_reader import Invalid

DOC = "docs/adding-a-game.md"
# role -> (the file that provides it, the section of DOC that adds it)
FILES = {
    "package": ("PKG/__init__.py", "the-package"),
    "judge": ("PKG/__init__.py", "the-package"),
    "drawing": ("PKG/_svg.py", "the-drawing"),
    "generate": ("PKG/_generate.py", "the-generator"),
    "validate": ("PKG/_validate.py", "the-validator"),
    "steps": ("PKG/_steps.py", "the-steps"),
    "cli": ("the command-line module", "the-command-line"),
    "judge_cli": ("the command-line module", "the-command-line"),
    "env": ("the environment module", "the-environment"),
    "row": ("the row", "the-row"),
    "vector": ("ENVVectorEnv", "optional-parts"),
    "kernel": ("the compiled parts", "optional-parts"),
    "kattis": ("the Kattis package", "optional-parts"),
    "baseline": ("the C judge", "optional-parts"),
}
_MODULES = ("package", "drawing", "generate", "validate", "steps", "cli", "env")  # the roles that are modules
_NOT_MEMBERS = {"_is_protocol", "_is_runtime_protocol", "_abc_impl"}


def step(role: str) -> str:
    """Where the docs add the part of ``role``: 'docs/adding-a-game.md#the-steps'."""
    return f"{DOC}#{FILES[role][1]}"


def fail(game: str, what: str, role: str) -> NoReturn:
    """The failure of a check: the game, what is wrong, and the step that adds it."""
    raise AssertionError(f"{game}: {what} (see {step(role)})")


def members(protocol: type) -> list[str]:
    """The members a Protocol asks for, in its order (its bases' first)."""
    found: list[str] = []
    for base in reversed(protocol.__mro__):
        if not getattr(base, "_is_protocol", False) or base is Protocol:
            continue
        for name in [*vars(base).get("__annotations__", {}), *vars(base)]:
            if name not in found and name not in _NOT_MEMBERS and not (name.startswith("__") and name != "__all__"):
                found.append(name)
    return found


def module_name(game: str, role: str) -> str:
    """The dotted path of the module of ``role`` of ``game``, from its row."""
    row = _registry.row(game)
    paths = {"package": row.package, "judge": row.package, "cli": row.cli, "judge_cli": row.cli, "env": row.envs,
             "drawing": row.module("_svg"), "generate": row.module("_generate"),
             "validate": row.module("_validate"), "steps": row.module("_steps")}
    return paths[role]


def load(game: str, role: str) -> Any:
    """The module of ``role``; a missing one fails naming it (not a raw ModuleNotFoundError)."""
    name = module_name(game, role)
    try:
        return import_module(name)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if name == missing or name.startswith(missing + "."):
            fail(game, f"there is no module {name} ({FILES[role][0]})", role)
        own = next((other for other in _MODULES if module_name(game, other) == missing), None)
        if own is not None:  # another part of the game, which this one imports
            fail(game, f"there is no module {missing} ({FILES[own][0]}), which {name} imports", own)
        fail(game, f"importing {name} ({FILES[role][0]}): {exc}", role)  # a library it imports is missing


def keeps(game: str, role: str, module: Any, protocol: type) -> None:
    """``module`` has every member of ``protocol``, else the failure names those it lacks."""
    absent = [name for name in members(protocol) if not hasattr(module, name)]
    if absent:
        fail(game, f"{getattr(module, '__name__', module)} has no {', '.join(absent)} "
                   f"(a gridgames.protocol.{protocol.__name__})",
             role)
    if not isinstance(module, protocol):  # (the members are there: a Protocol of methods checks nothing more)
        fail(game, f"{getattr(module, '__name__', module)} is not a {protocol.__name__}", role)


def check_parts(game: str) -> None:
    """Each part the game must have exists and has every member of its Protocol."""
    row = _registry.row(game)
    for role, (protocol, who) in _game_protocols.ROLES.items():
        if who == "all" or row.judge:
            keeps(game, role, load(game, role), protocol)
    if row.judge:
        gen = load(game, "generate")
        if gen.ANSWERS not in ("exact", "tiles"):
            fail(game, f"{gen.__name__}.ANSWERS is {gen.ANSWERS!r}, not 'exact' or 'tiles'", "generate")
        for name in ("MAX_COUNT", "CASES", "LIMITS"):
            if not getattr(gen, name):
                fail(game, f"{gen.__name__}.{name} is empty", "generate")


def check_package(game: str) -> None:
    """The package's ``__all__`` names its API, and its docstring has examples, which pass (a doctest)."""
    package: ModuleType = load(game, "package")
    if not isinstance(getattr(package, "__all__", None), (list, tuple)):
        fail(game, f"{package.__name__} has no __all__ (the names of its API)", "package")
    absent = [name for name in package.__all__ if not hasattr(package, name)]
    if absent:
        fail(game, f"{package.__name__}.__all__ names {', '.join(absent)}, which it has not", "package")
    from .._runtime.judge import InputError, JudgeError
    if getattr(package, "InputError", None) is not InputError or "InputError" not in package.__all__:
        fail(game, f"{package.__name__} does not hand on InputError (gridgames.protocol.InputError, in __all__: "
                   "what every game's bad input raises)", "package")
    if _registry.row(game).judge and not issubclass(getattr(package, "JudgeError", type), JudgeError):
        fail(game, f"{package.__name__} does not hand on JudgeError (gridgames.protocol.JudgeError)", "judge")
    if ">>>" not in (package.__doc__ or ""):
        fail(game, f"{package.__name__}.__doc__ has no example ('>>> ...', run as a doctest)", "package")
    failed = doctest.testmod(package, verbose=False, report=False).failed
    if failed:
        fail(game, f"{package.__name__}.__doc__: {failed} example(s) fail (python -m doctest)", "package")


def check_drawing(game: str) -> None:
    """A game object draws itself: a class of the package's ``__all__`` has ``_drawing()`` (a
    Drawable), made by ``PKG/_svg.py``'s ``draw``."""
    package = load(game, "package")
    drawn = load(game, "drawing")
    if not callable(getattr(drawn, "draw", None)):
        fail(game, f"{drawn.__name__} has no draw (the Drawing of a game object)", "drawing")
    classes = [getattr(package, name) for name in package.__all__ if isinstance(getattr(package, name, None), type)]
    if not any(callable(getattr(cls, "_drawing", None)) for cls in classes):
        fail(game, f"no class of {package.__name__}.__all__ has _drawing (a Drawable: "
                   "gridgames.protocol.Drawable)", "drawing")


def judged(game: str, data: bytes) -> Any:
    """The judge's result on ``data``; anything but a JudgeResult fails naming ``judge``."""
    from .._runtime.judge import JudgeResult
    package = load(game, "judge")
    result = package.judge(data)
    if not isinstance(result, JudgeResult):
        fail(game, f"{package.__name__}.judge returned a {type(result).__name__}, not a "
                   "gridgames.protocol.JudgeResult (output, error, warnings)", "judge")
    return result


def check_judge_files(game: str) -> None:
    """Generated files are valid, judged without error, and their judge's
    output is an accepted answer; one seed gives one file."""
    gen = load(game, "generate")
    package = load(game, "judge")
    try:
        package.judge("text")
    except TypeError:
        pass
    else:
        fail(game, f"{package.__name__}.judge accepts a str: it takes bytes or a binary file (TypeError)", "judge")
    try:
        _registry.validate(game, b"")
    except Invalid:
        pass
    else:
        fail(game, f"{module_name(game, 'validate')}.validate accepts an empty file", "validate")
    if len({gen.generate(seed) for seed in range(5)}) < 5:
        fail(game, f"{gen.__name__}.generate gives the same file for two of the seeds 0..4", "generate")
    for seed in range(3):
        data = gen.generate(seed)
        if not isinstance(data, bytes) or data != gen.generate(seed):
            fail(game, f"{gen.__name__}.generate({seed}) is not one file (bytes) per seed", "generate")
        try:
            _registry.validate(game, data)
        except Invalid as exc:
            fail(game, f"{module_name(game, 'validate')}.validate refused generated file {seed}: {exc}", "validate")
        result = judged(game, data)
        if result.error is not None:
            fail(game, f"judge refused generated file {seed}: {result.error}", "judge")
        if _registry.check(game, data, result.output) is not None:
            fail(game, f"judge's own answer to file {seed} is rejected by compare.{gen.ANSWERS}", "generate")
        if result.output:
            wrong = result.output[:-1] + (b"X" if result.output[-1:] != b"X" else b"Y")
            if _registry.check(game, data, wrong) is None:
                fail(game, f"a wrong answer is accepted by compare.{gen.ANSWERS} (ANSWERS)", "generate")
