"""tools/extra_requirements.py: the requirements of pyproject.toml's groups and extras, as
tools/test_on_python.sh (the test group without mypy, where mypy does not
install) and tools/sanitize.sh read them.  It reads TOML, so an extra spread
over several lines (which the one-line regular expression it replaced failed
on: AttributeError) is read whole."""
import subprocess
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+ (the tool reads TOML with it)")

ROOT = Path(__file__).parents[2]
TOOL = ROOT / "tools" / "extra_requirements.py"

PYPROJECT = '''
[project]
name = "x"
[project.optional-dependencies]
# a comment
test = ["pytest>=7", "MyPy>=2.4",
        "numpy>=1.24",   # a comment in the list
        "Cython>=3.0"]
fuzz = ["atheris>=2.3", "pytest>=7"]
[dependency-groups]
small = ["pytest>=7", "hypothesis>=6"]
big = [{ include-group = "small" }, "mypy>=2.4", { include-group = "fuzzing" }]
fuzzing = ["atheris>=2.3"]
loop = [{ include-group = "loop2" }]
loop2 = [{ include-group = "loop" }]
'''


def run(*args, pyproject=None):
    extra = ["--pyproject", str(pyproject)] if pyproject else []
    return subprocess.run([sys.executable, str(TOOL), *args, *extra], capture_output=True, text=True)


def test_an_extra_over_several_lines(tmp_path):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    p = run("test", pyproject=tmp_path / "pyproject.toml")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == ["pytest>=7", "MyPy>=2.4", "numpy>=1.24", "Cython>=3.0"]


def test_without_a_project_and_two_extras_each_requirement_once(tmp_path):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    p = run("test", "fuzz", "--without", "mypy", pyproject=tmp_path / "pyproject.toml")
    assert p.stdout.splitlines() == ["pytest>=7", "numpy>=1.24", "Cython>=3.0", "atheris>=2.3"]


def test_an_unknown_extra_is_one_line_and_status_2(tmp_path):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    p = run("tset", pyproject=tmp_path / "pyproject.toml")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "no group or extra tset" in p.stderr and "small, big" in p.stderr
    assert "'" not in p.stderr


def test_a_group_with_its_included_groups_in_their_place(tmp_path):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    p = run("big", "test", "--without", "numpy", pyproject=tmp_path / "pyproject.toml")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == ["pytest>=7", "hypothesis>=6", "mypy>=2.4", "atheris>=2.3", "MyPy>=2.4",
                                     "Cython>=3.0"]


def test_a_group_that_includes_itself_is_one_line_and_status_2(tmp_path):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    p = run("loop", pyproject=tmp_path / "pyproject.toml")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "loop -> loop2 -> loop" in p.stderr


def test_this_projects_test_group():
    p = run("test", "--without", "mypy")
    groups = tomllib.loads((ROOT / "pyproject.toml").read_text())["dependency-groups"]
    assert groups["test"][0] == {"include-group": "wheel-test"}
    listed = groups["wheel-test"] + groups["test"][1:]
    assert p.stdout.splitlines() == [r for r in listed if not r.startswith("mypy")]
    assert "pytest>=7" in p.stdout and "mypy" not in p.stdout


def test_the_scripts_use_it():
    check = (ROOT / "tools" / "test_on_python.sh").read_text()
    assert "tools/extra_requirements.py test --without mypy" in check and "re.search" not in check
    assert "tools/extra_requirements.py test fuzz" in (ROOT / "tools" / "sanitize.sh").read_text()
