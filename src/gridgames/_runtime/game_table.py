"""The one list of games: what is known of each game, written once.

Every other list of games is derived from ``GAMES`` (the backends, the
command line and its contract, pictures, the Kattis packages, the
environments' ids, the tests, the import contracts of pyproject.toml, which
tests/games/test_protocol.py checks against it).  A game's parts are found through
``gridgames._registry``, by the module paths of its row; what each part
provides is written down in ``gridgames._game_protocols``.  A game outside this
package is added with ``register`` (docs/adding-a-game.md).
"""

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from typing import Optional


# The optional parts a game may declare in ``has``, each checked by gridgames.testing when declared and
# skipped, saying so, when not: "vector" (ENVVectorEnv), "kattis" (a Kattis package: kattis/data/NAME/),
# "baseline" (a C judge: benchmarks/baseline/NAME.c).
OPTIONAL = ("vector", "kattis", "baseline")


class Game:  # a plain class, not a namedtuple: the judges' start-up reads this module
    """One game of the table: where its parts are and what it offers.

    ``parts`` maps each compiled part to its module below the game's package
    ("kernel" first; its pure-Python twin is the same name plus ``_pure``);
    ``judge`` says whether it is a judge-file game (judge, show, generate,
    validate, check, a Kattis package); ``title`` and ``source`` name the
    contest problem (None: not one), and how its answers are compared is the
    game's own ``_generate.ANSWERS``; ``env`` is its environment's name (its id
    is ``gridgames/ENV-v0``, its classes ``ENVEnv`` and ``ENVVectorEnv``; None:
    none).  ``package``, ``cli`` and ``envs`` are where its modules are (the
    defaults ``gridgames.NAME``, ``gridgames.cli.NAME``, ``gridgames.envs.NAME``
    are filled in by :func:`gridgames.register_game`); ``has`` names the optional
    parts it provides (``OPTIONAL``), each checked by :mod:`gridgames.testing` when
    declared.  Adding a game: docs/adding-a-game.md."""
    __slots__ = ("parts", "judge", "title", "source", "env", "name", "package", "cli", "envs", "has")

    def __init__(self, parts: dict[str, str], judge: bool, title: "Optional[str]", source: "Optional[str]",
                 env: "Optional[str]" = None, *, package: "Optional[str]" = None, cli: "Optional[str]" = None,
                 envs: "Optional[str]" = None, has: "tuple[str, ...]" = ()) -> None:
        self.parts, self.judge, self.title, self.source, self.env = parts, judge, title, source, env
        self.name = ""
        self.package, self.cli, self.envs = package or "", cli or "", envs or ""
        if set(has) - set(OPTIONAL):
            raise ValueError(f"has: optional parts are {', '.join(OPTIONAL)}, not {sorted(set(has) - set(OPTIONAL))}")
        self.has = tuple(has)

    def module(self, part: str = "") -> str:
        """The dotted path of one module of the game's package ("": the package)."""
        return f"{self.package}.{part}" if part else self.package

    @property
    def env_id(self) -> "Optional[str]":
        """The Gymnasium id of its environment (None: it has none)."""
        return None if self.env is None else f"gridgames/{self.env}-v0"


GAMES: "dict[str, Game]" = {}


def register(name: str, game: "Game") -> "Game":
    """Add ``game`` to the table as ``name`` (the word on the command line),
    filling in its default module paths; a name already taken is refused.
    The four games below are registered so; a game from elsewhere calls this
    (docs/adding-a-game.md) before it is used."""
    if name in GAMES or not name.isidentifier():
        raise ValueError(f"cannot register a game named {name!r}: taken, or not an identifier")
    game.name = name
    game.package = game.package or f"gridgames.{name}"
    game.cli = game.cli or f"gridgames.cli.{name}"
    game.envs = game.envs or (f"gridgames.envs.{name}" if game.env else "")
    GAMES[name] = game
    return game


def judge_games() -> tuple[str, ...]:
    """The judge-file games, in the table's order."""
    return tuple(name for name, game in GAMES.items() if game.judge)


# The table.  The order is the order of every derived list (help, tests, pictures).
register("samegame", Game(parts={"kernel": "_kernel", "search": "research._search"}, judge=True,
                          title="SameGame Simulation", source="ACM regional contest 1995, problem B (UVa 339)",
                          env="SameGame", has=OPTIONAL))
register("tilematch", Game(parts={"kernel": "_kernel"}, judge=True, title="Tile Game with Automatic Deletion",
                           source="33rd Rowan University Programming Contest, 2019", env="TileMatch",
                           has=OPTIONAL))
register("gopher", Game(parts={"kernel": "_kernel", "solve": "_solve"}, judge=True, title="Gopher Holes",
                        source="Regional programming contest 2001, problem 6", env="Gopher", has=OPTIONAL))
register("numberlink", Game(parts={"kernel": "_kernel", "solve": "_solve"}, judge=False, title=None, source=None,
                            env="NumberLink", has=("vector",)))
