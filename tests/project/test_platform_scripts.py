"""tools/platforms.sh (Debian roots for i386, arm64 and s390x) and tools/cross_compile.sh (Windows and
macOS compiles with zig cc) take minutes and root, and run in CI (.ci/run): here, what is cheap to
check of them: they parse, say their usage, refuse what they do not know, and the tests that
platforms.sh names for the emulated platforms exist."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SCRIPTS = ["tools/platforms.sh", "tools/cross_compile.sh"]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def run(*args):
    return subprocess.run(["bash", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_script_parses_and_says_its_usage(script):
    assert run("-n", script).returncode == 0
    p = run(script, "--help")
    usage = p.stdout.splitlines()
    assert (p.returncode, p.stderr) == (0, "")
    assert any(line.lstrip().startswith(script) for line in usage) and not any(line.startswith("#") for line in usage)


@pytest.mark.parametrize("script", SCRIPTS)
def test_an_unknown_argument_is_one_line_and_exit_2(script):
    p = run(script, "--bogus")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.splitlines() == [f"{Path(script).name}: unknown argument '--bogus' (see --help)"]


@pytest.mark.parametrize("args", [[], ["mips"], ["i386", "s390x"]])
def test_platforms_needs_one_known_arch(args):
    p = run("tools/platforms.sh", *args)
    assert p.returncode == 2 and len(p.stderr.splitlines()) == 1


def test_the_emulated_subset_names_tests_that_exist():
    text = (ROOT / "tools" / "platforms.sh").read_text()
    subset = re.search(r"^subset=\((.*?)\)", text, re.S | re.M).group(1).split()
    assert len(subset) >= 10
    assert [path for path in subset if not (ROOT / path.split("::")[0]).is_file()] == []
    named = [path.split("::") for path in subset if "::" in path]
    assert [(path, test) for path, test in named if f"def {test}(" not in (ROOT / path).read_text()] == []
