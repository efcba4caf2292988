"""What is known of each game, written once; the backends, the command line,
pictures and the Kattis packages read it (each game's row is its own)."""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from typing import Optional

# parts: compiled part -> its module below the package (its twin adds "_pure"), "kernel" first.
# judge: a judge-file game (judge, show, generate/validate/check, a Kattis package); title and
# source: the problem as it was set (None: not a contest problem).  How its answers are
# compared is the game's own _generate.ANSWERS.
class Game:  # a plain class, not a namedtuple: the judges' start-up reads this module
    __slots__ = ("parts", "judge", "title", "source")

    def __init__(self, parts: dict[str, str], judge: bool, title: Optional[str], source: Optional[str]) -> None:
        self.parts, self.judge, self.title, self.source = parts, judge, title, source

GAMES = {
    "samegame": Game({"kernel": "_kernel", "search": "research._search"}, True, "SameGame Simulation",
                     "ACM regional contest 1995, problem B (UVa 339)"),
    "tilematch": Game({"kernel": "_kernel"}, True, "Tile Game with Automatic Deletion",
                      "33rd Rowan University Programming Contest, 2019"),
    "gopher": Game({"kernel": "_kernel", "solve": "_solve"}, True, "Gopher Holes",
                   "Regional programming contest 2001, problem 6"),
    "numberlink": Game({"kernel": "_kernel", "solve": "_solve"}, False, None, None),
}
JUDGE_GAMES = tuple(name for name, game in GAMES.items() if game.judge)
