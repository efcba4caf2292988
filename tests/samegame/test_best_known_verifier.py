"""An independent check of the shipped best games: a SameGame written here
from the rules alone (no gridgames code) reads the raw data files and replays
every game, so a shared bug of the kernel and its twin cannot pass unseen."""
import json
from pathlib import Path

DATA = Path(__file__).parents[2] / "src" / "gridgames" / "samegame"


def boards():
    text = (DATA / "standard20.txt").read_text("utf-8")
    return [[line.split() for line in block.splitlines()] for block in text.strip().split("\n\n")]


def play(rows, moves):
    """rows top first; a move (r, c) counts r from the bottom and c from the
    left, both from 1.  Columns are kept bottom first."""
    cols = [[rows[r][c] for r in reversed(range(len(rows)))] for c in range(len(rows[0]))]
    score = 0
    for r, c in moves:
        colour = cols[c - 1][r - 1]
        region, todo = set(), [(c - 1, r - 1)]
        while todo:
            x, y = todo.pop()
            if (x, y) in region or not (0 <= x < len(cols) and 0 <= y < len(cols[x])) or cols[x][y] != colour:
                continue
            region.add((x, y))
            todo += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        assert len(region) >= 2, f"move {(r, c)} selects a single cell"
        score += (len(region) - 2) ** 2
        cols = [[v for y, v in enumerate(col) if (x, y) not in region] for x, col in enumerate(cols)]
        cols = [col for col in cols if col]   # cells fell; empty columns close to the left
    if not cols:
        score += 1000
    left = any(col[y] == col2[y] for col, col2 in zip(cols, cols[1:]) for y in range(min(len(col), len(col2))))
    left = left or any(col[y] == col[y + 1] for col in cols for y in range(len(col) - 1))
    assert not left, "the game is not over"
    return score


def test_every_best_known_game_replays_on_an_independent_samegame():
    known = json.loads((DATA / "research" / "best_known.json").read_text("utf-8"))["boards"]
    grids = boards()
    assert len(grids) == len(known) == 20
    for entry in known:
        assert play(grids[entry["board"] - 1], entry["moves"]) == entry["score"], entry["board"]


def test_the_independent_samegame_scores_by_the_rules():
    assert play([["1", "2"], ["1", "1"]], [(1, 1)]) == 1          # (3-2)^2, a 2 left alone
    assert play([["1", "1", "2", "2"], ["1", "1", "2", "2"]], [(1, 1), (1, 1)]) == 4 + 4 + 1000
