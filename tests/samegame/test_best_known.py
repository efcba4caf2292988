"""best_known(): every shipped game replays to its score, the SameGame results
page shows them, and benchmarks/samegame_best_known.py folds in only games that replay
to their claimed score and beat the stored one."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

from gridgames.samegame import best_known, campaign, standard_boards
from gridgames.samegame.research._jobs import board_rows, digest

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "benchmarks" / "samegame_best_known.py"
DATA = ROOT / "src" / "gridgames" / "samegame" / "research" / "best_known.json"


def test_every_best_known_game_replays_to_its_score(backend):
    known = best_known()
    assert [b.board for b in known] == list(range(1, 21))
    for board, best in zip(standard_boards(backend=backend), known):
        assert board.replay(best.moves) == best.score > 1000  # each board cleared, at least
        assert board.over and best.source


def test_the_results_page_shows_the_best_known_table():
    readme = (ROOT / "docs" / "results" / "samegame.md").read_text("utf-8")
    p = subprocess.run([sys.executable, SCRIPT, "--table"], capture_output=True, text=True, check=True)
    assert p.stdout.strip() in readme
    assert f"Total **{sum(b.score for b in best_known()):,}**" in p.stdout


def test_fold_keeps_only_better_games_that_replay(tmp_path):
    data = tmp_path / "best.json"
    shutil.copy(DATA, data)
    stored = json.loads(data.read_text())["boards"]
    board = standard_boards()[2]
    [found] = campaign([board], "nrpa", seed=1, level=1, iterations=10)
    weak = json.dumps({**json.loads(found.line()), "board": 3})  # a real game on standard board 3
    assert found.score < stored[2]["score"]
    better = {"board": 3, "score": stored[2]["score"] + 5, "moves": stored[2]["moves"]}  # claims too much
    moves = [list(m) for m in found.moves]
    lines = [weak, json.dumps(better), "not json",
             json.dumps({"board": 4, "score": found.score, "moves": moves}),  # another board's game
             json.dumps({**json.loads(weak), "board": 5, "digest": digest(board_rows(standard_boards()[0]))})]
    (tmp_path / "runs.jsonl").write_text("\n".join(lines) + "\n")
    p = subprocess.run([sys.executable, SCRIPT, "--data", data, tmp_path / "runs.jsonl"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert json.loads(data.read_text())["boards"] == stored  # nothing folded in
    assert f"runs.jsonl:2: board 3: the moves score {stored[2]['score']}, not {stored[2]['score'] + 5}" in p.stdout
    assert "runs.jsonl:3: not a result line" in p.stdout and "runs.jsonl:5: not a standard board" in p.stdout
    # a better game than stored (the stored one made worse): folded in, whole and replayed
    worse = json.loads(data.read_text())
    worse["boards"][2] = {"board": 3, "score": 0, "source": "", "moves": []}
    data.write_text(json.dumps(worse))
    p = subprocess.run([sys.executable, SCRIPT, "--data", data, tmp_path / "runs.jsonl"],
                       capture_output=True, text=True, check=True)
    entry = json.loads(data.read_text())["boards"][2]
    assert p.stdout.startswith(f"board 3: 0 -> {found.score} ")
    assert entry["score"] == found.score and entry["moves"] == moves and entry["source"].startswith("nrpa level=1")
