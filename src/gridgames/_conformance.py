"""Does a game keep the protocol?  ``check_game(name)`` runs every check
below on a registered game, like scikit-learn's ``check_estimator``: its parts
against the Protocols of ``gridgames._protocol`` (found through
``gridgames._registry``), then its parts through the same paths the users
take: the command line (``gridgames NAME ...``, in this process), the
step-through page and the environment.  tests/test_protocol.py runs it for
every game of the table, tests/test_adding_a_game.py for a toy game.
Each check raises AssertionError naming the game and what is wrong."""
from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

from . import _protocol, _registry


def check_game(game: str) -> None:
    """Every check of this module that applies to ``game``."""
    for check in checks(game):
        check(game)


def checks(game: str) -> list[Callable[[str], None]]:
    """The checks that apply to ``game`` (a judge game has more)."""
    row = _registry.row(game)
    found: list[Callable[[str], None]] = [check_parts, check_command_line]
    if row.judge:
        found += [check_judge_files, check_judge_commands, check_page]
    if row.env is not None:
        found.append(check_environment)
    return found


def check_parts(game: str) -> None:
    """Each part the game must have satisfies its Protocol."""
    row = _registry.row(game)
    modules = {"package": _registry.part(game), "cli": _registry.command_line(game)}
    if row.judge:
        modules.update(judge=modules["package"], judge_cli=modules["cli"], generate=_registry.generator(game),
                       validate=_registry.validator(game), steps=_registry.steps(game))
    for role, (protocol, who) in _protocol.ROLES.items():
        if who == "judge" and not row.judge:
            continue
        assert isinstance(modules[role], protocol), f"{game}: its {role} part is not a {protocol.__name__}"
    if row.judge:
        gen = _registry.generator(game)
        assert gen.ANSWERS in ("exact", "tiles"), f"{game}: _generate.ANSWERS names no _compare function"
        assert gen.MAX_COUNT >= 1 and gen.CASES and gen.LIMITS, f"{game}: _generate's constants"


@contextlib.contextmanager
def _captured() -> Iterator[tuple[io.TextIOWrapper, io.TextIOWrapper]]:
    out, err = (io.TextIOWrapper(io.BytesIO(), "utf-8", write_through=True) for _ in range(2))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    raw: io.BytesIO = stream.buffer  # type: ignore[assignment]
    return raw.getvalue().decode("utf-8", "replace")


def run_cli(*argv: str) -> tuple[int, str, str]:
    """``gridgames ARGV`` in this process: (exit status, stdout, stderr)."""
    from .cli import main
    with _captured() as (out, err):
        try:
            status = main(list(argv))
        except SystemExit as exc:  # argparse: --help, usage errors
            status = exc.code if isinstance(exc.code, int) else 1
    return status, _text(out), _text(err)


def check_command_line(game: str) -> None:
    """``gridgames NAME --help`` works and ``gridgames --help`` lists the game."""
    status, out, err = run_cli(game, "--help")
    assert status == 0 and game in out, f"{game}: 'gridgames {game} --help' failed: {err}"
    status, out, _ = run_cli("--help")
    assert status == 0 and game in out, f"{game}: 'gridgames --help' does not list it"


def check_judge_files(game: str) -> None:
    """Generated files are valid, judged without error, and their judge's
    output is an accepted answer; one seed gives one file."""
    gen = _registry.generator(game)
    for seed in range(3):
        data = gen.generate(seed)
        assert data == gen.generate(seed), f"{game}: generate({seed}) differs between two calls"
        _registry.validate(game, data)
        result = _registry.package(game).judge(data)
        assert result.error is None, f"{game}: the judge refused generated file {seed}: {result.error}"
        assert _registry.check(game, data, result.output) is None, f"{game}: its own answer is rejected"
        if result.output:
            wrong = result.output[:-1] + (b"X" if result.output[-1:] != b"X" else b"Y")
            assert _registry.check(game, data, wrong) is not None, f"{game}: a wrong answer is accepted"


def check_judge_commands(game: str) -> None:
    """generate, validate, judge (the fast path and argparse's) and check
    through the command line, on a file."""
    with tempfile.TemporaryDirectory() as tmp:
        path, answer = os.path.join(tmp, "in.txt"), os.path.join(tmp, "out.txt")
        status, _, err = run_cli(game, "generate", "--seed", "7", "-o", path)
        assert status == 0, f"{game} generate: {err}"
        status, _, err = run_cli(game, "validate", path)
        assert status == 0, f"{game} validate: {err}"
        status, _, err = run_cli(game, path, "-o", answer)  # the fast path
        assert status == 0, f"{game} judge: {err}"
        status, _, err = run_cli(game, "judge", path, "--output", answer + "2")  # argparse
        with open(answer, "rb") as f, open(answer + "2", "rb") as g:
            assert status == 0 and f.read() == g.read(), f"{game} judge: the two paths differ {err}"
        status, _, err = run_cli(game, "check", path, answer)
        assert status == 0, f"{game} check: {err}"
        with open(path, "ab") as f:
            f.write(b"\x00bad\n")
        status, _, err = run_cli(game, "validate", path)
        assert status == 1 and len(err.splitlines()) == 1 and "Traceback" not in err, \
            f"{game} validate: a bad file is not one error line, exit 1: {err!r}"


def check_page(game: str) -> None:
    """The step-through page of a generated file shows its cases."""
    from .pictures import show_html
    data = _registry.generator(game).generate(3, 2)
    page, error = show_html(game, data, "in.txt")
    assert error is None and page.startswith("<!DOCTYPE html>"), f"{game}: no step-through page"
    assert _registry.steps(game).UNIT in page, f"{game}: the page does not name its {_registry.steps(game).UNIT}s"


def check_environment(game: str) -> None:
    """The environment resets and steps by its mask, and renders."""
    import numpy as np
    env: Any = _registry.env_class(game)(render_mode="ansi")
    assert isinstance(env, _protocol.Environment), f"{game}: its env is not an Environment"
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs), f"{game}: reset's observation is outside its space"
    for _ in range(20):
        legal = np.flatnonzero(env.action_masks())
        if not len(legal):
            break
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        assert env.observation_space.contains(obs), f"{game}: a step's observation is outside its space"
        assert (info["action_mask"] == env.action_masks()).all(), f"{game}: info's mask is not action_masks()"
        if terminated or truncated:
            break
    assert isinstance(env.render(), str), f"{game}: render_mode='ansi' gives no text"
