"""tools/readme_commands.py reads the README's Run, Test and Docs commands word for word,
for .ci/run and the CI's readme job to run in a fresh venv."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "readme_commands.py"

RUN = "python -m pip install -U pip && pip install . && gridgames samegame examples/samegame.in"
TEST = "python -m pip install -U pip && pip install . --group test && pytest"
DOCS = ("python -m pip install -U pip && pip install . --group docs && "
        "sphinx-build -n -W --keep-going docs docs/_build/html")


def run(*args, readme=None):
    extra = ["--readme", str(readme)] if readme else []
    return subprocess.run([sys.executable, str(TOOL), *args, *extra], capture_output=True, text=True)


def test_it_finds_exactly_the_readmes_commands():
    p = run("run", "test", "docs")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [RUN, TEST, DOCS]
    # and they are every sh block of the section, read another way
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Three commands\n", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"```sh\n(.*?)\n```", section, re.S)[:3] == [RUN, TEST, DOCS]


def test_a_block_of_two_lines_or_none_is_refused_in_one_line(tmp_path):
    readme = tmp_path / "README.md"
    good = "# x\n\n## Three commands\n\nRun it:\n\n```sh\npip install .\n```\n\n"
    readme.write_text(good + "## Next\n\nTest it:\n\n```sh\npytest\n```\n")
    assert run("run", readme=readme).stdout == "pip install .\n"
    p = run("test", readme=readme)  # a block after the section is not the section's
    assert p.returncode == 1 and "no Test command in '## Three commands'" in p.stderr
    readme.write_text(good + "Test it:\n\n```sh\npip install .\npytest\n```\n\n## Next\n")
    p = run("test", readme=readme)
    assert p.returncode == 1 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "the Test block has 2 lines, not one" in p.stderr
    readme.write_text(good)
    p = run("docs", readme=readme)
    assert p.returncode == 1 and "no Docs command in '## Three commands'" in p.stderr


def test_ci_runs_them():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "tools/readme_commands.py run" in ci and "tools/readme_commands.py test" in ci
    workflow = (ROOT / ".github" / "workflows" / "ci.yml").read_text()
    assert "tools/readme_commands.py run" in workflow and "tools/readme_commands.py test" in workflow
