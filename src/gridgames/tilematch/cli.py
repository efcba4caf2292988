"""`gridgames tilematch`: the judge command (the default)."""
from ..cli._args import Commands, add_judge_game, skipped
from ..cli._io import run_judge
from ..cli._tools import register_tools
from . import judge

JUDGE = ("Read D data sets ('W H', K, R, R rows of W tiles top row first, "
         "M, M moves 'c1 r1 c2 r2') and print every board, move and "
         "drop/elimination phase, boards as the contest's staircase.")


def register(subparsers: Commands) -> None:
    commands, p = add_judge_game(
        subparsers, "tilematch", title="The tile-match game", judge=JUDGE,
        help="the tile-match game with gravity (Rowan 2019): judge files")
    p.set_defaults(func=lambda args: run_judge(args, "tilematch", judge))

    # The judge toolkit: generate, validate, check.
    register_tools(commands, "tilematch")
    if not skipped(commands, "show"):  # gridgames.pictures: the HTML step-through page
        from ..pictures._cli import register_show
        register_show(commands, "tilematch")
