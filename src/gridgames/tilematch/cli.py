"""`gridgames tilematch`: the judge command (the default)."""
from .._cli import Commands, add_command, add_game, add_io_arguments
from .._judge import run_judge
from .._toolkit import register_tools
from . import judge

JUDGE = ("Read D data sets ('W H', K, R, R rows of W tiles top row first, "
         "M, M moves 'c1 r1 c2 r2') and print every board, move and "
         "drop/elimination phase, boards as the contest's staircase.")


def register(subparsers: Commands) -> None:
    _, commands = add_game(
        subparsers, "tilematch", help="the tile-match game with gravity (Rowan 2019): judge files",
        description="The tile-match game.  'gridgames tilematch [INPUT]' is short for "
                    "'gridgames tilematch judge [INPUT]'.\n\njudge: " + JUDGE)
    p = add_command(commands, "judge", help="simulate judge files (the default command)",
                    description=JUDGE)
    add_io_arguments(p)
    p.set_defaults(func=lambda args: run_judge(args, "tilematch", judge))

    # The judge toolkit: generate, validate, check.
    register_tools(commands, "tilematch")
