"""What the pages say about the project, checked against it: how to install it
(from a checkout until the first release: docs/conf.py's RELEASED, which the
release checklist sets), no test counts or suite durations typed into the
pages (they change with every commit: docs/results/tests.md keeps them, dated),
every ``--algo A|B|...`` synopsis listing the command's algorithms, and a board
set's comment naming that set."""
import re
from pathlib import Path

import pytest

from gridgames.samegame._single import ALGORITHMS

ROOT = Path(__file__).resolve().parents[2]
FRONT = ["README.md", "docs/index.md", "docs/tutorials/first-steps.md"]
# every page a user follows: the front pages, the guides, the reference and results
# (not the package index's page, the release checklist or the changelog: they describe releases)
PAGES = FRONT + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md")
                       if p.name not in ("pypi.md", "releasing.md", "changelog.md") and "_build" not in p.parts
                       and str(p.relative_to(ROOT)) not in FRONT)
FROM_THE_INDEX = re.compile(r"""pip install (-U )?(gridgames\b|["']gridgames\[)""")
COMMENT = re.compile(r"<!--.*?-->", re.S)


def text(page):
    return (ROOT / page).read_text(encoding="utf-8")


def released():
    found = re.findall(r"^RELEASED = (True|False)\b", text("docs/conf.py"), re.M)
    assert len(found) == 1, "docs/conf.py sets RELEASED once"
    return found[0] == "True"


def install_problems(pages, is_released):
    """What a page says against RELEASED: (page, problem)."""
    problems = []
    for page, body in pages.items():
        shown = COMMENT.sub("", body)  # a comment keeps the other form ready
        if not is_released and FROM_THE_INDEX.search(shown):
            problems.append((page, f"installs from PyPI: {FROM_THE_INDEX.search(shown)[0]!r}"))
        if page in FRONT and not is_released and "readthedocs.io" in shown:
            problems.append((page, "links the Read the Docs site"))
        if page in FRONT and not is_released and "<!-- released:" not in body:
            problems.append((page, "no released form kept beside the install (<!-- released: ... -->)"))
        if page == "README.md" and is_released and not FROM_THE_INDEX.search(shown):
            problems.append((page, "released, but does not say pip install gridgames"))
    return problems


def test_the_install_instructions_say_what_works_today():
    assert install_problems({page: text(page) for page in PAGES}, released()) == []
    assert "RELEASED = True" in text("docs/releasing.md")  # the checklist switches them


def test_the_install_check_can_fail():
    page = "# x\n\n```sh\npip install gridgames\n```\n"
    assert install_problems({"README.md": page}, False)[0][1] == "installs from PyPI: 'pip install gridgames'"
    assert install_problems({"docs/rl.md": 'pip install "gridgames[gym]"'}, False) != []
    assert install_problems({"docs/rl.md": 'pip install ".[gym]"'}, False) == []
    assert install_problems({"README.md": "pip install . <!-- released: pip install gridgames -->"}, True) != []


COUNTS = re.compile(r"\b\d[\d,]* (tests|passed|skipped)\b|\b\d+ min \d+ s\b|\babout a minute\b")


@pytest.mark.parametrize("page", ["README.md", "docs/development.md", "docs/tutorials/first-steps.md"])
def test_no_test_count_or_suite_time_is_typed_in(page):
    assert COUNTS.findall(text(page)) == []
    assert COUNTS.search("pytest  # 2,933 tests, 11 min 4 s wall")  # (what it catches)


def test_the_test_command_says_it_is_the_whole_suite_and_names_the_fast_tier():
    test = text("README.md").split("\nTest (", 1)[1].split("```sh", 1)[0]
    assert "whole suite" in test and 'pytest -m "not slow"' in test and "docs/results/tests.md" in test


def test_every_algo_synopsis_lists_the_commands_algorithms():
    synopses = [(page, m[1]) for page in PAGES for m in re.finditer(r"--algo ((?:[a-z-]+\|)+[a-z-]+)", text(page))]
    assert len(synopses) >= 2
    assert [(page, s) for page, s in synopses if sorted(s.split("|")) != sorted(ALGORITHMS)] == []


def test_a_board_sets_comment_names_that_set():
    """``--standard`` is the 20 standard boards, ``--research N`` the research set."""
    wrong = []
    for page in PAGES:
        for line in text(page).splitlines():
            command, _, comment = line.partition("  #")
            if ("--standard" in command and "research" in comment) or \
                    ("--research" in command and "standard" in comment):
                wrong.append((page, line))
    assert wrong == []
