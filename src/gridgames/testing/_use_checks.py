"""Does a game keep the protocol where users meet it?  Its command line
(``gridgames NAME ...``, run in this process), its step-through page, its
environment (Gymnasium's ``check_env`` too), and the optional parts its row
declares (``has``: the batched environment, the Kattis package, the C
judge; ``parts``: the compiled kernels).  Each check fails as those of
``_part_checks`` do: naming the member and the step of the docs."""
from __future__ import annotations

import contextlib
import io
import os
import tempfile
import warnings
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from .. import _game_protocols, _registry
from .._runtime.backend import import_module
from ._part_checks import fail, keeps, load, module_name


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
    from ..cli import main
    with _captured() as (out, err):
        try:
            status = main(list(argv))
        except SystemExit as exc:  # argparse: --help, usage errors
            status = exc.code if isinstance(exc.code, int) else 1
    return status, _text(out), _text(err)


def check_command_line(game: str) -> None:
    """``gridgames NAME --help`` works and ``gridgames --help`` lists the game."""
    status, out, err = run_cli(game, "--help")
    if status != 0 or game not in out:
        fail(game, f"'gridgames {game} --help' failed: register() adds no 'gridgames {game}' ({err.strip()})", "cli")
    status, out, _ = run_cli("--help")
    if status != 0 or game not in out:
        fail(game, "'gridgames --help' does not list it", "cli")


def check_judge_commands(game: str) -> None:
    """generate, validate, judge (the fast path and argparse's) and check
    through the command line, on a file; a bad file is one error line, exit 1."""
    with tempfile.TemporaryDirectory() as tmp:
        path, answer = os.path.join(tmp, "in.txt"), os.path.join(tmp, "out.txt")
        for argv, role in ((("generate", "--seed", "7", "-o", path), "generate"), (("validate", path), "validate"),
                           ((path, "-o", answer), "judge_cli"), (("check", path, answer), "cli"),
                           (("judge", path, "--output", answer + "2"), "judge_cli")):
            status, _, err = run_cli(game, *argv)
            if status != 0:
                fail(game, f"'gridgames {game} {' '.join(argv[:1])}' exits {status}: {err.strip()}", role)
        with open(answer, "rb") as f, open(answer + "2", "rb") as g:
            if f.read() != g.read():
                fail(game, "run (the fast path) and the judge command write different outputs", "judge_cli")
        with open(path, "ab") as f:
            f.write(b"\x00bad\n")
        status, _, err = run_cli(game, "validate", path)
        if status != 1 or len(err.splitlines()) != 1 or "Traceback" in err:
            fail(game, f"validate: a bad file is not one error line, exit 1 ({status}, {err!r})", "validate")


def check_page(game: str) -> None:
    """The step-through page of a generated file shows its cases."""
    from ..pictures import show_html
    data = load(game, "generate").generate(3, 2)
    page, error = show_html(game, data, "in.txt")
    steps = load(game, "steps")
    if error is not None or not page.startswith("<!DOCTYPE html>"):
        fail(game, f"{steps.__name__}.show gives no step-through page ({error})", "steps")
    if steps.UNIT not in page:
        fail(game, f"the page does not name its {steps.UNIT}s ({steps.__name__}.UNIT)", "steps")


def _env_class(game: str, vector: bool = False) -> Any:
    row = _registry.row(game)
    name = f"{row.env}{'VectorEnv' if vector else 'Env'}"
    found = getattr(load(game, "env"), name, None)
    if found is None:
        fail(game, f"{module_name(game, 'env')} has no {name}", "vector" if vector else "env")
    return found


def _mask(game: str, env: Any, info: dict[str, Any], n: int) -> Any:
    import numpy as np
    mask = np.asarray(env.action_masks())
    name = type(env).__name__
    if mask.shape != (n,) or mask.dtype != bool:
        fail(game, f"{name}.action_masks() is {mask.dtype} of shape {mask.shape}, not bool of the action space's "
                   f"({n},): does _new_game set self._mask?", "env")
    if "action_mask" not in info or not np.array_equal(info["action_mask"], mask):
        fail(game, f"{name}'s info['action_mask'] is not action_masks()", "env")
    return mask


def check_environment(game: str) -> None:
    """The environment keeps Gymnasium's API (``check_env``), its mask has
    the action space's length, and it resets, steps by its mask and renders."""
    import numpy as np
    cls = _env_class(game)
    env: Any = cls(render_mode="ansi")
    keeps(game, "env", env, _game_protocols.Environment)
    n = int(env.action_space.n)
    obs, info = env.reset(seed=1)
    mask = _mask(game, env, info, n)
    if not mask.any():
        fail(game, f"{cls.__name__}.action_masks() allows no action after reset", "env")
    for _ in range(20):
        obs, _, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
        if not env.observation_space.contains(obs):
            fail(game, f"{cls.__name__}.step's observation is outside observation_space", "env")
        mask = _mask(game, env, info, n)
        if terminated or truncated or not mask.any():
            break
    if not isinstance(env.render(), str):
        fail(game, f"{cls.__name__}.render() with render_mode='ansi' gives no text (_text)", "env")
    try:
        from gymnasium.utils.env_checker import check_env
    except ImportError:  # (gridgames[gym] installs it: the env itself needs it)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (e.g. on float32 boxes) is no failure
        try:
            check_env(cls(), skip_render_check=True)
        except AssertionError as exc:
            fail(game, f"{cls.__name__} fails Gymnasium's check_env: {exc}", "env")


def check_vector_env(game: str) -> None:
    """Optional ("vector"): ``ENVVectorEnv`` steps N boards, with N masks."""
    import numpy as np
    cls = _env_class(game, vector=True)
    envs = cls(2)
    envs.reset(seed=0)
    masks = np.asarray(envs.action_masks())
    n = int(envs.single_action_space.n)
    if masks.shape != (2, n):
        fail(game, f"{cls.__name__}.action_masks() has shape {masks.shape}, not (2, {n})", "vector")
    envs.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))


def check_kernel(game: str) -> None:
    """Optional (the row's ``parts``): each compiled part has its pure-Python
    twin, and its Cython source or its built module."""
    row = _registry.row(game)
    for part, module in row.parts.items():
        compiled = row.module(module)
        try:
            import_module(f"{compiled}_pure")
        except ModuleNotFoundError:
            fail(game, f"part {part!r}: there is no pure-Python twin {compiled}_pure", "kernel")
        origin = Path(load(game, "package").__file__).parent / (module.replace(".", "/") + ".pyx")
        if not origin.is_file() and find_spec(compiled) is None:
            fail(game, f"part {part!r}: neither {origin.name} nor a built {compiled}", "kernel")


def check_kattis(game: str) -> None:
    """Optional ("kattis"): the Kattis package's files (gridgames.kattis)."""
    from ..kattis import problem_dir
    where = problem_dir(game)
    for name in ("problem.en.tex", "solution.py", "mistakes.json", "sample"):
        if not (where / name).exists():
            fail(game, f"the Kattis package {where} has no {name}", "kattis")


def source_root() -> Path:
    """A source checkout's root: the one this package runs from (src/gridgames/testing/../..), or else the
    working directory (an installed gridgames tested from its checkout, as CI does)."""
    for root in (Path(__file__).parents[3], Path.cwd()):
        if (root / "benchmarks" / "baseline").is_dir():
            return root
    return Path.cwd()


def check_baseline(game: str) -> None:
    """Optional ("baseline"): a C judge, benchmarks/baseline/NAME.c (the speed yardstick)."""
    if not (source_root() / "benchmarks" / "baseline" / f"{game}.c").is_file():
        fail(game, f"there is no C judge benchmarks/baseline/{game}.c", "baseline")
