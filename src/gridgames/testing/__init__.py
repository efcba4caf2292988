"""Does a game keep the protocol?  The conformance checks, as
scikit-learn's ``check_estimator`` and ``parametrize_with_checks``::

    from gridgames.testing import check_game, parametrize_with_checks

    check_game("lightsout")            # every check, or an AssertionError

    @parametrize_with_checks(["lightsout"])   # one pytest test per check
    def test_my_game(game, check):
        check(game)

Each failure names the game, the missing or wrong member, and the step of
docs/adding-a-game.md that adds it.  The checks cover what the test suite
relies on: the parts and their Protocols (``gridgames.protocol``), the
package's API and doctest, the drawing, generated files judged and
accepted, the command line (run in this process), the step-through page
and the environment (with Gymnasium's ``check_env`` and the mask's length).
The optional parts are checked when the game's row declares them (``has``:
"vector", "kattis", "baseline"; ``parts``: compiled kernels) and skipped,
saying why, when it does not.  A game installed from elsewhere (the entry
points ``gridgames.games``) is checked as the table's own.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, NamedTuple, Optional, Union

from .. import _registry
from . import _part_checks, _use_checks

__all__ = ["Check", "check_game", "checks", "games", "parametrize_with_checks", "run_cli"]

run_cli = _use_checks.run_cli


class Check(NamedTuple):
    """One check: its name (a pytest id), what it runs on a game's name, and
    why it is skipped for that game (None: it applies)."""

    name: str
    run: Callable[[str], None]
    skip: Optional[str] = None

    def __call__(self, game: str) -> None:
        self.run(game)

    def __repr__(self) -> str:  # what pytest shows of a parameter
        return self.name


def _judge_only(row: Any) -> Optional[str]:
    return None if row.judge else "not a judge game (the row's judge is False)"


def _has(part: str) -> Callable[[Any], Optional[str]]:
    def why(row: Any) -> Optional[str]:
        return None if part in row.has else f"optional, not declared: {part!r} is not in the row's has"
    return why


def _env(row: Any) -> Optional[str]:
    return None if row.env else "no environment (the row's env is None)"


def _vector(row: Any) -> Optional[str]:
    return _env(row) or _has("vector")(row)


def _kernel(row: Any) -> Optional[str]:
    return None if row.parts else "optional, not declared: no compiled parts (the row's parts are {})"


def _baseline(row: Any) -> Optional[str]:
    if not (_use_checks.source_root() / "benchmarks" / "baseline").is_dir():
        return "not a source checkout of gridgames (benchmarks/baseline is not here)"
    return _has("baseline")(row)


# (the check, when it is skipped): in the order they run, the parts first
CHECKS: tuple[tuple[Callable[[str], None], Callable[[Any], Optional[str]]], ...] = (
    (_part_checks.check_parts, lambda row: None),
    (_part_checks.check_package, lambda row: None),
    (_part_checks.check_drawing, lambda row: None),
    (_use_checks.check_command_line, lambda row: None),
    (_part_checks.check_judge_files, _judge_only),
    (_use_checks.check_judge_commands, _judge_only),
    (_use_checks.check_page, _judge_only),
    (_use_checks.check_environment, _env),
    (_use_checks.check_vector_env, _vector),
    (_use_checks.check_kernel, _kernel),
    (_use_checks.check_kattis, _has("kattis")),
    (_use_checks.check_baseline, _baseline),
)


def _name(game: Union[str, ModuleType]) -> str:
    """The game of a name, or of its package (the module itself)."""
    if isinstance(game, str):
        _registry.row(game)  # ValueError naming the games for an unknown one
        return game
    for name in games():
        if _registry.row(name).package == game.__name__:
            return name
    raise ValueError(f"{game.__name__} is the package of no registered game (gridgames.protocol.register_game, "
                     "or an entry point gridgames.games)")


def checks(game: Union[str, ModuleType]) -> list[Check]:
    """Every check, each with why it is skipped for ``game`` (None: it applies)."""
    row = _registry.row(_name(game))
    return [Check(run.__name__, run, why(row)) for run, why in CHECKS]


def check_game(game: Union[str, ModuleType]) -> None:
    """Run every check that applies to ``game`` (its name, or its package);
    the first failure raises AssertionError."""
    name = _name(game)
    for check in checks(name):
        if check.skip is None:
            check(name)


def games() -> tuple[str, ...]:
    """Every registered game: the table's, then those installed from elsewhere (entry points gridgames.games)."""
    return _registry.games(installed=True)


def parametrize_with_checks(which: Optional[Iterable[Union[str, ModuleType]]] = None) -> Any:
    """A pytest decorator: one test per (game, check), with the arguments
    ``game`` (its name) and ``check`` (call it on the game), its id
    'GAME-CHECK'; a check that does not apply is skipped, saying why.
    ``which``: the games (names or packages; default: every registered game)."""
    import pytest
    params = []
    for game in games() if which is None else which:
        name = _name(game)
        for check in checks(name):
            marks = [pytest.mark.skip(reason=f"{name}: {check.skip}")] if check.skip else []
            params.append(pytest.param(name, check, id=f"{name}-{check.name}", marks=marks))
    return pytest.mark.parametrize(("game", "check"), params)
