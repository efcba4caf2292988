"""The tables of docs/results/samegame-ablation.md's research-set section are
what benchmarks/samegame_ablation.py --table prints from the committed lines:
no mean or standard error there is typed by hand, and a line added to a result
file without the page following fails here."""
from pathlib import Path

import pytest

from helpers import script

ROOT = Path(__file__).parents[2]
RESULTS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "docs" / "results" / "samegame-ablation.md"
ablation = script("benchmarks/samegame_ablation.py")
prior = script("benchmarks/samegame_prior.py")

INGREDIENTS = ["default", "race", "tabu48", "tabu-free-0", "tabu-free-20", "level-2", "iterations-50", "beam-eval",
               "tabu-bias-3", "size-bias-0.1", "colour-bias-1", "stab-3", "repeats-3"]
VARIANTS = ["default", "default-again", "code-colour-cell", "code-colour-cell-size", "level1-iterations-50",
            "level1-iterations-200", "level2-iterations-50", "level2-iterations-200", "size-bias--0.1",
            "size-bias--0.3", "colour-bias--1", "commit-half-third", "commit-3phase-quarter", "beam-seed-10",
            "beam-seed-10-adapts-1", "nrpa2-seed-20"]
PRIOR = ["default", "prior-round0"]
TABLES = [  # (result file, set of boards, configurations the page shows)
    ("research/ablation-10s.jsonl", "research", INGREDIENTS),
    ("research/ablation-60s.jsonl", "research", INGREDIENTS),
    ("research/ablation-600s.jsonl", "research", ["default", "beam-eval"]),
    ("research/race-standard-10s.jsonl", "standard", ["default", "tabu-best", "race"]),
    ("research/variants-10s.jsonl", "research", VARIANTS),
    ("research/size-bias-60s.jsonl", "research", ["default", "size-bias--0.1"]),
    ("prior/ablation-prior-10s.jsonl", "research", PRIOR),
    ("prior/ablation-prior-60s.jsonl", "research", PRIOR),
    ("prior/ablation-prior-fresh-30s.jsonl", "fresh", PRIOR),
]


@pytest.mark.parametrize("name, board_set, configs", TABLES, ids=[t[0] for t in TABLES])
def test_the_page_shows_the_scripts_table(name, board_set, configs):
    rows = ablation.of_set(ablation.load(str(RESULTS / name)), board_set)
    assert rows, name
    shown = ablation.table(rows, configs)
    assert shown in PAGE.read_text(encoding="utf-8"), f"{name}: the page's table is not the script's:\n{shown}"


@pytest.mark.parametrize("name, board_set", [("prior/ablation-prior-10s.jsonl", "research"),
                                             ("prior/ablation-prior-60s.jsonl", "research"),
                                             ("prior/ablation-prior-fresh-30s.jsonl", "fresh")])
def test_the_page_shows_the_priors_playouts_per_second(name, board_set):
    rows = ablation.of_set(ablation.load(str(RESULTS / name)), board_set)
    shown = ablation.playouts_table(rows, PRIOR)
    assert shown in PAGE.read_text(encoding="utf-8"), f"{name}: the page's table is not the script's:\n{shown}"


def test_the_page_shows_the_priors_weights():
    shown = prior.weights_table(str(RESULTS / "prior" / "prior-round0.json"))
    assert shown in PAGE.read_text(encoding="utf-8"), f"the page's weights are not the file's:\n{shown}"


def test_the_playouts_table_pairs_each_search_with_the_baselines():
    rows = [dict(config="default", board=1, seed=1, budget=10.0, score=1, playouts=200),
            dict(config="default", board=2, seed=1, budget=10.0, score=1, playouts=100),
            dict(config="x", board=1, seed=1, budget=10.0, score=1, playouts=150)]
    assert ablation.playouts_table(rows, ["default", "x"]).splitlines()[2:] == [
        "| default | 10 | 15 | 1.000 | 2 |", "| x | 10 | 15 | 0.750 | 1 |"]


def test_every_configuration_of_a_file_is_on_the_page():
    for name, board_set, configs in TABLES:
        rows = ablation.of_set(ablation.load(str(RESULTS / name)), board_set)
        assert {r["config"] for r in rows} <= set(configs), name


def test_a_variant_no_option_gives_is_described_by_its_lines():
    rows = [dict(config="default", board=1, seed=1, budget=10.0, score=100),
            dict(config="other-build", board=1, seed=1, budget=10.0, score=90, how="GG_X=1: another kernel")]
    assert "| other-build | GG_X=1: another kernel | -10.0 | nan | 1 | 1 |" in ablation.table(rows, ["other-build"])


def test_an_unknown_configuration_is_refused_for_a_search(capsys):
    with pytest.raises(SystemExit) as exc:
        ablation.main(["--out", "unused.jsonl", "--configs", "no-such-config"])
    assert exc.value.code == 2
    assert "unknown configuration 'no-such-config'" in capsys.readouterr().err
