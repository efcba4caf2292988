"""The search table of docs/results/samegame.md is benchmarks/samegame_standard.py's
output (once it did not reproduce): the same searches, and the totals,
which are exact (iteration budgets, board k with seed k-1), for the cheap
rows rerun here by the script's own code.  The strongest search's 1 CPU s
row is a CPU budget, not exact: it is checked against the committed lines
of its run."""
import json
import re
from pathlib import Path

import pytest

import helpers
from gridgames import BACKENDS

ROOT = Path(__file__).parents[2]
RESEARCH = ROOT / "docs" / "results" / "samegame.md"
CHEAP = 2.0  # CPU s at most, in the table, for a row rerun here


def script():
    return helpers.script("benchmarks/samegame_standard.py")


def table(after):
    """name -> cells of the first table after the text ``after``."""
    text = RESEARCH.read_text().split(after, 1)[1]
    rows = re.findall(r"^\| ([^|]+?) \| (.+) \|$", text.split("\n\n|", 1)[1].split("\n\n", 1)[0], flags=re.M)
    return {name: [c.strip() for c in cells.split("|")] for name, cells in rows if not set(name) <= set("-:")}


def number(cell):
    return float(cell.replace(",", ""))


def test_the_table_lists_the_scripts_searches():
    rows = table("Searches on the 20 standard boards, seed 0")
    assert list(rows) == [name for name, _, _ in script().SEARCHES]


def test_the_heading_says_which_boards():
    standard = script()
    assert standard.heading("standard", 20) == \
        "Searches on the 20 standard boards, seed 0 (board k: seed k-1), every sequence replayed:"
    assert standard.heading("research", 5).startswith(
        "Searches on the first 5 research boards (research_boards(), seed 2026), seed 0 (board k: seed k-1)")


@pytest.mark.parametrize("bad", [["--set", "research", "--boards", "251"], ["--boards", "21"], ["--boards", "0"]])
def test_bad_board_counts(bad):
    with pytest.raises(SystemExit) as exc:
        script().main(bad)
    assert exc.value.code == 2


@pytest.mark.slow
@pytest.mark.skipif(BACKENDS["samegame"] != "compiled", reason="the compiled kernel's table (the twin: 150x slower)")
def test_the_cheap_rows_rerun_to_the_tables_totals():
    standard = script()
    rows = table("Searches on the 20 standard boards, seed 0")
    rerun = [(name, algo, options) for name, algo, options in standard.SEARCHES if number(rows[name][1]) <= CHEAP]
    assert len(rerun) >= 3
    for name, algo, options in rerun:
        total, _, _ = standard.run_search(algo, options, 1)
        assert f"{total:,}" == rows[name][0], name


def test_the_one_cpu_second_row_is_its_committed_run():
    lines = [json.loads(line) for line in
             (ROOT / "benchmarks" / "results" / "samegame_strength_1s.jsonl").read_text().splitlines()]
    assert sorted(r["board"] for r in lines) == list(range(1, 21)) and {r["budget"] for r in lines} == {1.0}
    total = sum(r["score"] for r in lines)
    same5 = sum(r["score"] for r in lines if r["board"] in (1, 2, 3, 11, 12))
    assert table("Score against CPU time")["1"] == \
        ["all 20", f"{total:,}", f"{round(total / 20):,}", f"{same5:,}"]
    assert f"| strongest search, 1 CPU s per board | {total:,} |" in RESEARCH.read_text()
