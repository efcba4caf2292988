"""The game's row, registered by gridgames through the entry point
``lightsout = "lightsout._row:GAME"`` of the group ``gridgames.games``
(pyproject.toml): ``gridgames lightsout``, its pictures and
``gymnasium.make("gridgames/LightsOut-v0")`` (after ``import gridgames.envs``) then work."""
from gridgames.protocol import Game

GAME = Game(parts={}, judge=True, title="Lights Out", source="a toy game (docs/adding-a-game.md)", env="LightsOut",
            package="lightsout", cli="lightsout.cli", envs="lightsout.env")
