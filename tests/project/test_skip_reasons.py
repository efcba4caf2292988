"""A test that skips says why in words a user can act on: what to install,
by a name that exists and that the user can find, or what is missing."""
import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def reasons():
    """The string constants of the tests that read as skip reasons ("... is not installed...")."""
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "not installed" in node.value:
                yield path.name, node.value


def test_a_group_a_skip_asks_for_is_one_the_user_can_find():
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+ (pyproject.toml is read with it)")
    groups = tomllib.loads((ROOT / "pyproject.toml").read_text())["dependency-groups"]
    readme = (ROOT / "README.md").read_text()
    asked = [(name, text, group) for name, text in reasons() for group in re.findall(r"--group ([\w-]+)", text)]
    assert asked  # (the check below checks something)
    for name, text, group in asked:
        assert group in groups, (name, text)
        assert f"--group {group}" in readme or "pyproject.toml" in text, (name, text)


def test_the_reproducers_skip_with_a_reason_when_there_are_none():
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                        str(ROOT / "tests" / "judges" / "test_fuzz_reproducers.py"), "-k", "test_reproducer"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert p.returncode in (0, 5), p.stdout + p.stderr
    assert "empty parameter set" not in p.stdout, p.stdout
    skipped = [line for line in p.stdout.splitlines() if line.startswith("SKIPPED")]
    assert all("tools/fuzz.py" in line for line in skipped), skipped
