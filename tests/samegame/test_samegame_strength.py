"""benchmarks/samegame_strength.py: --set research searches research_boards()
(board k of the set, seed k-1), every line names its set and its board's
digest, and the default is still the 20 standard boards (the published curves)."""
import json

import pytest

from gridgames.samegame import research_boards, standard_boards
from gridgames.samegame.research._jobs import board_rows, digest
from helpers import script

strength = script("benchmarks/samegame_strength.py")

NRPA1 = 'nrpa-1={"algo": "nrpa", "level": 1, "iterations": 10}'


def fingerprint(board):
    return digest(board_rows(board))


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_curves_on_the_research_set(tmp_path, capsys):
    out = tmp_path / "curves.jsonl"
    strength.main(["curves", "--set", "research", "--budgets", "0.05", "--boards", "2", "--first", "3",
                   "-o", str(out)])
    rows = lines(out)
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == rows
    assert [(r["set"], r["board"], r["seed"], r["budget"], r["kind"]) for r in rows] == \
        [("research", 3, 2, 0.05, "curve"), ("research", 4, 3, 0.05, "curve")]
    research = research_boards(4)
    assert [r["digest"] for r in rows] == [fingerprint(research[2]), fingerprint(research[3])]
    standard = {fingerprint(b) for b in standard_boards()}
    assert not standard & {r["digest"] for r in rows}   # not the standard boards 3 and 4
    assert all(r["score"] > 0 for r in rows)


def test_searches_on_the_research_set_reach_its_last_board(tmp_path):
    out = tmp_path / "searches.jsonl"
    strength.main(["searches", "--set", "research", "--budgets", "0.05", "--boards", "250", "1",
                   "--search", NRPA1, "-o", str(out)])
    rows = lines(out)
    assert [(r["set"], r["board"], r["seed"], r["label"], r["kind"]) for r in rows] == \
        [("research", 250, 249, "nrpa-1", "search"), ("research", 1, 0, "nrpa-1", "search")]
    research = research_boards(250)
    assert [r["digest"] for r in rows] == [fingerprint(research[249]), fingerprint(research[0])]


def test_the_standard_boards_stay_the_default(tmp_path):
    out = tmp_path / "curves.jsonl"
    strength.main(["curves", "--budgets", "0.05", "--boards", "1", "--first", "20", "-o", str(out)])
    (row,) = lines(out)
    assert (row["set"], row["board"], row["seed"]) == ("standard", 20, 19)
    assert row["digest"] == fingerprint(standard_boards()[19])


@pytest.mark.parametrize("bad", [
    ["curves", "--set", "research", "--first", "251"],
    ["curves", "--first", "21"],   # the standard set has 20
    ["searches", "--set", "research", "--boards", "1", "0", "--search", NRPA1],
    ["searches", "--boards", "21", "--search", NRPA1],
    ["searches", "--set", "research", "--boards", "1",   # best_known() holds the standard boards' games
     "--search", 'improve={"algo": "nrpa", "level": 1, "improve": true}'],
    ["cpp", "--cpp", "/nowhere", "--set", "research", "--board", "251"],
    ["curves", "--set", "records"],
])
def test_bad_arguments(tmp_path, bad):
    with pytest.raises(SystemExit) as exc:
        strength.main([*bad, "-o", str(tmp_path / "never.jsonl")])
    assert exc.value.code == 2
    assert not (tmp_path / "never.jsonl").exists()
