"""tools/steps.sh, the step runner of tools/test_on_python.sh: every step runs
whatever failed before it (under set -e the first failure hid the
GIL and thread checks), and the failures are listed at the end, exit 1."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def steps(script):
    return subprocess.run(["bash", "-c", f"set -euo pipefail; source tools/steps.sh; {script}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_every_step_runs_and_the_failures_are_listed():
    p = steps("piped() { echo x | grep -q y; }; step one false; step two true; step three piped; "
              "step four bash -c 'exit 3'; steps_report PY; echo not reached")
    assert p.returncode == 1 and "not reached" not in p.stdout
    assert [line for line in p.stdout.splitlines()] == ["== one", "== two", "== three", "== four"]
    assert p.stderr.splitlines() == ["== one: FAILED (exit 1)", "== three: FAILED (exit 1)",
                                     "== four: FAILED (exit 3)", "== PY: 3 step(s) failed:",
                                     "   - one", "   - three", "   - four"]


def test_all_passed():
    p = steps("step one true; step two true; steps_report PY")
    assert (p.returncode, p.stderr) == (0, "") and p.stdout.endswith("== PY: all checks passed\n")


def test_test_on_python_runs_its_checks_as_steps():
    check = (ROOT / "tools" / "test_on_python.sh").read_text()
    checks = check.split("source tools/steps.sh", 1)[1]
    assert 'step "the test suite" "$py" -m pytest' in checks and "step \"compiled modules leave the GIL off\"" in checks
    assert checks.rstrip().endswith('steps_report "$python"')
