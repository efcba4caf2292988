"""benchmarks/samegame_improve_diversity.py: searches start from best_known()
and are paired on (board, seed, budget) with today's improve, a second run
skips the keys done, and the table gives the mean gain over the start game
and the paired difference, with their standard errors."""
import json

import pytest

from helpers import script

diversity = script("benchmarks/samegame_improve_diversity.py")


def _row(config, board, seed, score, start=100, budget=10.0):
    return dict(config=config, board=board, seed=seed, budget=budget, score=score, start=start)


def test_configurations_and_their_options():
    assert diversity.config_of(None) == "today" and diversity.config_of(3) == "adapts-3"
    assert diversity.adapts_of("adapts-3") == 3 and diversity.adapts_of("today") is None
    for bad in ("adapts-0", "adapts-x", "stab-3"):
        with pytest.raises(ValueError):
            diversity.adapts_of(bad)
    options = diversity.options_of("adapts-2", 5.0)
    assert options == dict(level=3, iterations=100, restarts=None, tabu_colour="best", improve_adapts=2,
                           time=5.0, cpu_time=True)


def test_gains_pairs_and_the_table():
    rows = [_row("today", 1, 1, 110), _row("today", 1, 2, 100), _row("today", 2, 1, 250, start=200),
            _row("adapts-3", 1, 1, 130), _row("adapts-3", 1, 2, 120),
            _row("adapts-3", 3, 1, 999, start=999)]   # unpaired: in its gain, not in the difference
    table = diversity.table(rows, ["today", "adapts-3"])
    assert "| today | +20.0 | 15.3 | 3 | | | |" in table
    assert "| adapts-3 | +16.7 | 8.8 | 3 | +20.0 | 0.0 | 2 |" in table


def test_a_second_run_skips_what_is_done(tmp_path, capsys):
    out = tmp_path / "d.jsonl"
    args = ["--out", str(out), "--budget", "0.05", "--boards", "1", "--seeds", "1", "--adapts", "2",
            "--workers", "1", "--nice", "0"]
    assert diversity.main(args) == 0
    lines = out.read_text().splitlines()
    rows = [json.loads(line) for line in lines]
    assert sorted(r["config"] for r in rows) == ["adapts-2", "today"]
    assert all(r["score"] >= r["start"] > 0 and r["options"]["level"] == 3 for r in rows)
    assert {r["options"]["improve_adapts"] for r in rows} == {None, 2}
    out.write_text(lines[0] + "\n" + lines[1][:20])   # the last line torn
    capsys.readouterr()
    assert diversity.main(args) == 0
    assert "1 searches to run (1 done" in capsys.readouterr().err
    assert len(diversity.load(str(out))) == 2


@pytest.mark.parametrize("bad", [["--boards", "21"], ["--budget", "0"], ["--adapts", "0"]])
def test_bad_arguments(tmp_path, bad):
    with pytest.raises(SystemExit) as exc:
        diversity.main(["--out", str(tmp_path / "d.jsonl"), *bad])
    assert exc.value.code == 2
