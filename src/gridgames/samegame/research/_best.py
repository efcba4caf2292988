"""The best games known on the 20 standard boards, shipped in
best_known.json (benchmarks/samegame_best_known.py folds campaign results
into it, keeping only games that replay to their score)."""
from __future__ import annotations

import json
from importlib import resources
from typing import NamedTuple

DATA = "best_known.json"


class BestKnown(NamedTuple):
    """The best game known on standard board ``board`` (1-based): its
    ``score``, its ``moves`` as judge selections (r, c) from the start, and
    its ``source`` (the search, its parameters and seed, gridgames version)."""

    board: int
    score: int
    moves: list[tuple[int, int]]
    source: str


def best_known() -> list[BestKnown]:
    """For each of the 20 standard boards in order (``standard_boards()``),
    the best game known: ``sum(b.score for b in best_known())`` is the
    best total; ``standard_boards()[k].replay(best_known()[k].moves)``
    gives its score."""
    data = json.loads(resources.files(__package__).joinpath(DATA).read_text("utf-8"))
    return [BestKnown(e["board"], e["score"], [(r, c) for r, c in e["moves"]], e["source"])
            for e in data["boards"]]
