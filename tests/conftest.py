"""Every test that takes ``backend`` runs twice: on the compiled kernels
(id ``compiled``) and on the pure-Python twins (id ``pure``).  Helpers the
tests import are in helpers.py (a conftest is not a module to import)."""
import importlib
import os
import subprocess
import sys

import pytest
from hypothesis import settings

# CI replays the same Hypothesis examples on every run (a red CI is then
# reproducible); local runs keep exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


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
