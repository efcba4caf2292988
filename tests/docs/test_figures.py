"""The README's figures and the SameGame results page's headline tables are what
benchmarks/figures.py works out from the committed result files (and, for the
searches whose totals are exact, from the page's own search table): a figure
typed by hand, or a result file changed without the pages, fails here.  The
README's figures that have no result file yet are checked against the results
page each links to."""
import re
from pathlib import Path

import pytest

from helpers import script

ROOT = Path(__file__).resolve().parents[2]
figures = script("benchmarks/figures.py")


def page(name):
    return (ROOT / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("what", sorted(figures.readme_figures()))
def test_the_readmes_figure_is_its_result_files(what):
    assert figures.readme_figures()[what] in page("README.md"), what


def test_the_env_figure_names_its_line():
    figure = figures.readme_figures()["env snippet"]
    for name in ("README.md", "docs/results/rl.md"):
        text = " ".join(page(name).split())
        assert f'{figure}' in text and '"README snippet" line of `python benchmarks/env_snippet.py' in text, name


def test_the_samegame_headline_table_is_its_result_files():
    text = page("docs/results/samegame.md")
    assert figures.samegame_headline(text) in text


def test_the_judges_table_is_its_result_file():
    assert figures.judges_table(4, 5) in page("docs/results/judges.md")


def test_the_numberlink_sentence_is_its_log():
    assert figures.numberlink_sentence() in " ".join(page("docs/results/puzzles.md").split())


def test_the_what_solve_runs_table_is_the_ablation_files():
    assert figures.ingredients_table() in page("docs/results/samegame.md")


# README figure -> (results page, the text there it is taken from): no result file of their own yet
FROM_PAGES = {
    "[54,797 in 7.2 CPU s]": ("docs/results/samegame.md",
                              "| NRPA level 2, 100 iterations per level | 54,797 | 7.2 | 7.2 |"),
    "[16-25 MB]": ("docs/results/judges.md", "about 16-25 MB for a 1 GB SameGame file"),
    "[1.3 CPU ms]": ("docs/results/puzzles.md", "| 30x16 | 99 (21%) | 20/20 | 1.3 / 19 |"),
    "[117x]": ("docs/results/rl.md", "**117x** momaland's"),
    "[2,125,700]": ("docs/results/rl.md", "agent in the kernel (the env's own cost), 1 thread | **2,125,700** |"),
}


def test_the_other_readme_figures_are_their_pages():
    readme = page("README.md")
    headline = readme.split("## Headline figures", 1)[1].split("\n## ", 1)[0]
    cells = re.findall(r"\| (\[[^]]+\])\(", headline)
    assert len(cells) == 11
    taken = {figures.readme_figures()[k] for k in figures.readme_figures()}
    assert sorted(set(cells) - taken) == sorted(FROM_PAGES)  # every figure is one or the other
    for figure, (name, source) in FROM_PAGES.items():
        assert figure in readme and source in " ".join(page(name).split()), figure
