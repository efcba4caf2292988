"""setup.py compiles every kernel so that each double operation is an IEEE double operation, as in
the pure twins: no reordering (-fno-fast-math, against a CFLAGS=-Ofast), no fused multiply-add
(-ffp-contract=off), and on 32-bit x86 no 80-bit x87 intermediates (-msse2 -mfpmath=sse).  The
flags are asked of the compiler that builds (here gcc, and gcc -m32 for 32-bit x86: compiling, not
linking, needs no 32-bit libraries).  That they overrule CFLAGS in a real build is
tools/hostile_build.sh's proof (.ci/run)."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHOSEN = """
import json, os, sys
import setuptools
from setuptools import Distribution
from setuptools._distutils.ccompiler import new_compiler
from setuptools._distutils.sysconfig import customize_compiler
setuptools.setup = lambda **kw: None  # (setup.py's own call: nothing built)
namespace = {"__file__": sys.argv[1], "__name__": "setup"}
exec(compile(open(sys.argv[1]).read(), sys.argv[1], "exec"), namespace)
command = namespace["OptionalBuildExt"](Distribution())
command.finalize_options()
command.compiler = new_compiler()
customize_compiler(command.compiler)
print(json.dumps(command._float_flags()))
"""


def float_flags(cc, tmp_path):
    """The float flags setup.py chooses with the C compiler ``cc`` (run where no kernel is found)."""
    env = dict(os.environ, CC=cc, GRIDGAMES_BUILD_CACHE="off")
    env.pop("GRIDGAMES_REQUIRE_EXTENSION", None)
    done = subprocess.run([sys.executable, "-c", CHOSEN, str(ROOT / "setup.py")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # the probes' expected failures say nothing
    return json.loads(done.stdout)


def targets_32_bit_x86(cc):
    """Whether ``cc`` compiles for 32-bit x86, from its predefined macros (not setup.py's probe)."""
    done = subprocess.run([*cc.split(), "-dM", "-E", "-x", "c", os.devnull], capture_output=True, text=True,
                          timeout=60)
    return done.returncode == 0 and "#define __i386__ 1" in done.stdout.splitlines()


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_no_contraction_anywhere_and_no_x87_on_32_bit_x86(tmp_path):
    ieee, sse = ["-fno-fast-math", "-ffp-contract=off"], ["-msse2", "-mfpmath=sse"]
    # (the native gcc is 32-bit in an i386 system: then it too gets the SSE flags)
    assert float_flags("gcc", tmp_path) == ieee + (sse if targets_32_bit_x86("gcc") else [])
    if targets_32_bit_x86("gcc -m32"):  # x86 machines; elsewhere -m32 is no compiler of this test's
        assert float_flags("gcc -m32", tmp_path) == ieee + sse


def test_a_compiler_that_takes_no_flag_gets_none(tmp_path):
    assert float_flags(str(tmp_path / "no-such-cc"), tmp_path) == []
