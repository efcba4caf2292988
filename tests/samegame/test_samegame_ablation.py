"""benchmarks/samegame_ablation.py: searches are paired on (board, seed,
budget), a second run skips the keys done (a torn last line is searched
again), and the table gives the mean paired difference and its standard error."""
import json

import pytest

from helpers import script

ablation = script("benchmarks/samegame_ablation.py")


def _row(config, board, seed, score, budget=10.0):
    return dict(config=config, board=board, seed=seed, budget=budget, score=score)


def test_pairs_and_their_summary():
    rows = [_row("default", 1, 1, 100), _row("default", 1, 2, 200), _row("default", 2, 1, 50),
            _row("stab-3", 1, 1, 110), _row("stab-3", 1, 2, 230), _row("stab-3", 3, 1, 999),  # unpaired
            _row("stab-3", 2, 1, 70, budget=5.0)]   # another budget: no pair
    assert sorted(ablation.paired(rows, "stab-3")) == [10, 30]
    assert ablation.summary([10, 30]) == (20.0, 10.0, 2)
    table = ablation.table(rows, ["default", "stab-3"])
    assert "| stab-3 | stab=3 | +20.0 | 10.0 | 2 | 3 |" in table
    assert "| 1 | 150 | 170 | stab-3 |" in ablation.per_board(rows, ["default", "stab-3"])


def test_a_second_run_skips_what_is_done(tmp_path, capsys):
    out = tmp_path / "a.jsonl"
    args = ["--out", str(out), "--budget", "0.05", "--boards", "1", "--seeds", "1", "2",
            "--configs", "default", "tabu-2", "--workers", "1", "--nice", "0"]
    assert ablation.main(args) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 4
    assert {(r["config"], r["seed"]) for r in map(json.loads, lines)} == \
        {(c, s) for c in ("default", "tabu-2") for s in (1, 2)}
    assert json.loads(lines[0])["options"]["level"] == 3   # BASE: NRPA level 3
    out.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])   # the last line torn
    capsys.readouterr()
    assert ablation.main(args) == 0
    assert "1 searches to run (3 done" in capsys.readouterr().err
    rows = ablation.load(str(out))
    assert len(rows) == 4 and len(ablation.paired(rows, "tabu-2")) == 2


@pytest.mark.parametrize("bad", [["--boards", "251"], ["--set", "standard", "--boards", "21"], ["--budget", "0"]])
def test_bad_arguments(tmp_path, bad):
    with pytest.raises(SystemExit) as exc:
        ablation.main(["--out", str(tmp_path / "a.jsonl"), *bad])
    assert exc.value.code == 2


def test_the_colour_todays_rule_keeps_is_not_searched_again():
    # board 11: every colour has 45 cells, today's rule keeps 0; board 1 keeps 1
    assert ablation.auto_colour(11) == 0 and ablation.auto_colour(1) == 1
    keys = ablation.todo(["default", "tabu-0", "tabu-1"], [1, 11], [1], [5.0], {("default", 1, 1, 5.0)})
    assert keys == [("tabu-0", 1, 1, 5.0), ("default", 11, 1, 5.0), ("tabu-1", 11, 1, 5.0)]
    rows = [_row("default", 11, 1, 300), _row("tabu-1", 11, 1, 400)]
    assert "| 11 | 300 | 300 | 400 | tabu-1 |" in ablation.per_board(rows, ["default", "tabu-0", "tabu-1"])


def test_best_on_a_board_best_leaves_to_todays_rule_is_not_searched_again():
    # _tabu.BEST keeps colour 2 on board 11 and has no entry for board 6 (today's rule there)
    keys = ablation.todo(["default", "tabu-best", "stab-3"], [6, 11], [5], [60.0], set())
    assert keys == [("default", 6, 5, 60.0), ("stab-3", 6, 5, 60.0),
                    ("default", 11, 5, 60.0), ("tabu-best", 11, 5, 60.0), ("stab-3", 11, 5, 60.0)]


def test_table_alone_counts_every_budget_unless_one_is_asked_for(tmp_path, capsys):
    out = tmp_path / "a.jsonl"
    rows = [dict(_row(c, 1, 1, s, budget=60.0), set="research") for c, s in (("default", 100), ("stab-3", 90))]
    rows += [dict(_row(c, 1, 1, s, budget=10.0), set="research") for c, s in (("default", 50), ("stab-3", 70))]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    base = ["--out", str(out), "--table", "--boards", "1", "--seeds", "1", "--configs", "default", "stab-3"]
    assert ablation.main(base) == 0   # both budgets: -10 and +20
    assert "| stab-3 | stab=3 | +5.0 | 15.0 | 2 | 1 |" in capsys.readouterr().out
    assert ablation.main([*base, "--budget", "60"]) == 0
    assert "| stab-3 | stab=3 | -10.0 | nan | 1 | 1 |" in capsys.readouterr().out
