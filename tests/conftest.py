"""Every test that takes ``backend`` runs twice: on the compiled kernels
(id ``compiled``) and on the pure-Python twins (id ``pure``).  Helpers the
tests import are in helpers.py (a conftest is not a module to import).

Tests that take more than about 2 s are marked ``slow``: ``pytest -m "not slow"``
is the fast loop, ``pytest`` the whole suite (test_tiers.py pins the split)."""
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# CI replays the same Hypothesis examples on every run (a red CI is then
# reproducible); local runs keep exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


def pytest_addoption(parser):
    parser.addoption("--backend", choices=("both", "pure"), default="both",
                     help="both (the default: a missing compiled kernel fails) or pure: only the pure-Python "
                          "twins, for contributors without a C compiler (said in the summary line)")


@pytest.fixture(params=["compiled", "pure"])
def backend(request):
    if request.param == "compiled":
        try:
            importlib.import_module("gridgames.samegame._kernel")
        except ImportError as exc:  # a failure, not a skip: both backends must be tested
            pytest.fail(f"the compiled kernels are not built: {exc}")
    return request.param


@pytest.fixture
def cli(backend):
    """Run ``gridgames ARGS...`` as a subprocess on this backend; returns the
    CompletedProcess with bytes stdout/stderr."""
    def run(*args, input=b"", cwd=None):
        env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
        return subprocess.run([sys.executable, "-m", "gridgames", *map(str, args)],
                              input=input, capture_output=True, env=env, cwd=cwd, timeout=300)
    return run


TESTS = Path(__file__).parent
_TIERS = pytest.StashKey()


@pytest.hookimpl(tryfirst=True)  # before -m and -k deselect: every collected test is seen
def pytest_collection_modifyitems(config, items):
    """For test_tiers.py: how many tests are slow, whether the whole suite was
    collected, and the tests whose compiled and pure twins are in different tiers."""
    twins = {}
    for item in items:
        params = getattr(item, "callspec", None) and item.callspec.params
        if params and "backend" in params:
            rest = sorted((k, repr(v)) for k, v in params.items() if k != "backend")
            key = (item.path, item.originalname, repr(rest))
            twins.setdefault(key, set()).add(item.get_closest_marker("slow") is not None)
    whole = not config.option.keyword and all(Path(arg).resolve() == TESTS for arg in config.args)
    config.stash[_TIERS] = {"whole": whole, "total": len(items),
                            "slow": sum(item.get_closest_marker("slow") is not None for item in items),
                            "split twins": sorted(f"{path.name}::{name}" for (path, name, _), tiers in twins.items()
                                                  if len(tiers) > 1)}
    deselect_compiled(config, items)


def deselect_compiled(config, items):
    """--backend pure: the compiled twins are deselected (and said so), not failed."""
    if config.getoption("backend") != "pure":
        return
    compiled = [item for item in items if getattr(item, "callspec", None)
                and item.callspec.params.get("backend") == "compiled"]
    if compiled:
        config.hook.pytest_deselected(items=compiled)
        dropped = set(compiled)
        items[:] = [item for item in items if item not in dropped]
    config.stash[_PURE_ONLY] = len(compiled)


_PURE_ONLY = pytest.StashKey()


def pytest_terminal_summary(terminalreporter, config):
    if _PURE_ONLY in config.stash:
        terminalreporter.write_line(f"--backend pure: the pure-Python twins only; {config.stash[_PURE_ONLY]} tests "
                                    "of the compiled kernels were not run", yellow=True, bold=True)


@pytest.fixture
def tiers(request):
    """What pytest_collection_modifyitems counted (this session's collection)."""
    return request.config.stash[_TIERS]
