"""Every command and code block of the README, the tutorial and the guides runs,
in order, in a temporary directory: a file a block uses must be made by an
earlier block of the same page, and a block marked ``<!-- output -->`` is what
the block before it prints.  ``sh`` blocks run in bash (``set -e``: every line
must succeed, ``|| true`` where a page shows a failure), ``python`` blocks in one
namespace per page, ``pycon`` blocks as doctests in it.  A block marked
``<!-- skip: REASON -->`` is not run (searches of minutes, installs, clusters):
that list is checked to stay short, each with its reason.  The blocks are read by
tools/readme_commands.py's ``blocks``."""
import contextlib
import doctest
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gridgames

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import readme_commands  # noqa: E402

# page -> marked slow (its blocks take more than a few seconds)
PAGES = {
    "README.md": True,
    "docs/index.md": False,
    "docs/tutorials/first-steps.md": True,
    "docs/judges.md": False,
    "docs/reference/python-api.md": False,
    "docs/research.md": True,
    "docs/puzzles.md": False,
    "docs/gopher-noguess.md": False,
    "docs/pictures.md": True,
    "docs/rl.md": False,
    "docs/samegame-campaigns.md": True,
    "docs/samegame-checkpoints.md": False,
    "docs/adding-a-game.md": False,
    "docs/development.md": False,
    "docs/python-versions.md": False,
}
RUN = {"sh", "python", "pycon", "console", ""}  # a bare or console block runs when it is a "$ " session
MOST_SKIPPED = 34  # all pages together, and fewer than half of their blocks


def page_blocks(page):
    return readme_commands.blocks((ROOT / page).read_text(encoding="utf-8"))


def run_sh(text, cwd):
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    if gridgames.BACKEND != "compiled":  # an install without a compiler: the twins, chosen (no warning)
        env["GRIDGAMES_PURE_PYTHON"] = "1"
    p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=env, timeout=300)
    return p.returncode, p.stdout


def run_session(text, cwd):
    """A terminal session (``$ COMMAND`` lines, each followed by what it prints): each command
    runs, its output compared; a command's exit status is not (a session shows failures too)."""
    wrong = []
    for command, shown_output in re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n)*)", text, re.M):
        _, printed = run_sh(command + " || true", cwd)
        if shown(printed) != shown(shown_output):
            wrong.append(f"$ {command}\nprinted:\n{printed}\npage shows:\n{shown_output}")
    return int(bool(wrong)), "\n".join(wrong)


def run_python(text, namespace, language):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if language == "pycon":
            test = doctest.DocTestParser().get_doctest(text, namespace, "block", None, 0)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test, out=out.write, clear_globs=False)
            return int(runner.failures > 0), out.getvalue()
        try:
            exec(compile(text, "block", "exec"), namespace)
        except Exception as exc:  # the page's failure, reported with the others
            return 1, f"{out.getvalue()}{type(exc).__name__}: {exc}"
    return 0, out.getvalue()


def shown(output):
    """Output as a page can show it: no trailing blanks on a line, no blank lines at the end."""
    return "\n".join(line.rstrip() for line in output.rstrip().splitlines())


def run_page(page, cwd, monkeypatch):
    """Run the page's blocks in order; (line, what went wrong) for each failure."""
    monkeypatch.chdir(cwd)
    namespace, failures, last = {"__name__": "__page__"}, [], None
    for line, language, text, mark, _ in page_blocks(page):
        if mark == "output":
            if last is not None and shown(last) != shown(text):
                failures.append((line, f"printed:\n{last}\npage shows:\n{text}"))
            continue
        last = None
        session = language in ("", "console")
        if mark == "skip" or language not in RUN or (session and not text.startswith("$ ")):
            continue  # (a bare block that is no session: a synopsis, a file's text)
        if session:
            status, last = run_session(text, cwd)
        elif language == "sh":
            status, last = run_sh(text, cwd)
        else:
            status, last = run_python(text, namespace, language)
        if status:
            failures.append((line, f"exit {status}:\n{text}\n{last}"))
    return failures


@pytest.mark.parametrize("page", [pytest.param(page, marks=[pytest.mark.slow] * slow) for page, slow in PAGES.items()])
def test_the_pages_blocks_run(page, tmp_path, monkeypatch):
    failures = run_page(page, tmp_path, monkeypatch)
    assert failures == [], "\n\n".join(f"{page}:{line}: {what}" for line, what in failures)


def test_few_blocks_are_skipped_and_each_says_why():
    skipped = [(page, line, reason) for page in PAGES for line, _, _, mark, reason in page_blocks(page)
               if mark == "skip"]
    assert [s for s in skipped if len(s[2]) < 10] == []  # a reason, not a word
    blocks = sum(len(page_blocks(page)) for page in PAGES)
    assert len(skipped) <= min(MOST_SKIPPED, blocks / 2), skipped


def test_the_runner_finds_a_missing_file_and_a_stale_output(tmp_path, monkeypatch):
    page = tmp_path / "page.md"
    page.write_text("Make it:\n\n```sh\necho 1 > a.txt\n```\n\n```sh\ncat a.txt b.txt\n```\n\n"
                    "```python\nprint(6 * 7)\n```\n\n<!-- output -->\n```\n41\n```\n\n"
                    "<!-- skip: a search of hours, for the test -->\n```sh\nfalse\n```\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    failures = run_page("page.md", tmp_path, monkeypatch)
    assert [line for line, _ in failures] == [7, 16]
    assert "b.txt" in failures[0][1] and "printed:\n42" in failures[1][1]


def test_each_python_step_of_the_tutorial_shows_what_it_prints():
    """The tutorial promises each step shows what you should see: a Python block that
    prints is followed by the output block the runner compares."""
    found = page_blocks("docs/tutorials/first-steps.md")
    printing = [i for i, (_, language, text, _, _) in enumerate(found) if language == "python" and "print(" in text]
    assert len(printing) >= 2
    assert [found[i][0] for i in printing if i + 1 == len(found) or found[i + 1][3] != "output"] == []
