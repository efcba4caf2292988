"""The campaign's driver without the command line (research/_driver.py):
plain values in, each result shown and written, the totals' parts out, and
each start it refuses named by its check."""
import random

import pytest

from gridgames.samegame import Board
from gridgames.samegame.research import _results as results
from gridgames.samegame.research._driver import Plan, Refused, solve


def boards(backend, count=3):
    rng = random.Random(3)
    return [Board([[rng.randrange(3) for _ in range(6)] for _ in range(6)], backend=backend) for _ in range(count)]


def plan(backend, **given):
    fields = {"seed": 7, "runs": 2, **given}
    return Plan(boards(backend), "random", dict(iterations=5, tabu=True, time=None), **fields)


def test_a_campaign_shows_writes_and_totals_each_result(backend, tmp_path):
    output, shown = str(tmp_path / "r.jsonl"), []
    outcome = solve(plan(backend, output=output), shown.append)
    written = [r for _, r in results.load(output)]
    assert sorted((r.board, r.run) for r in shown) == [(k, r) for k in (1, 2, 3) for r in (1, 2)]
    assert [r.line() for r in written] == [r.line() for r in shown]  # (the file keeps CPU seconds to 3 places)
    assert outcome.best == {k: max(r.score for r in shown if r.board == k) for k in (1, 2, 3)}
    assert (outcome.seen, outcome.done, outcome.searches, outcome.interrupted) == (6, 6, 6, False)
    assert outcome.report is None and outcome.error is None


def test_a_resumed_campaign_counts_the_results_in_its_file(backend, tmp_path):
    output = str(tmp_path / "r.jsonl")
    first = solve(plan(backend, output=output), lambda r: None)
    shown = []
    again = solve(plan(backend, output=output, resume=True), shown.append)
    assert shown == [] and again.best == first.best and again.done == 6


@pytest.mark.parametrize("what", ["directory", "taken", "results"])
def test_a_refused_start_names_its_check_and_searches_nothing(backend, tmp_path, what):
    output = tmp_path / "r.jsonl"
    if what == "directory":
        output.mkdir()
    else:
        solve(plan(backend, output=str(output)), lambda r: None)
    shown = []
    with pytest.raises(Refused) as caught:
        solve(plan(backend, output=str(output), resume=what == "results", seed=8), shown.append)
    assert (caught.value.what, caught.value.path, shown) == (what, str(output), [])
    if what == "results":  # another --seed: the results file's check says which line
        assert "made by another campaign" in str(caught.value.__cause__)
