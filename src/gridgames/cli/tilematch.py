"""`gridgames tilematch`: the judge command (the default)."""

from ..tilematch import judge
from ._io import run_judge

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from ._args import Commands

JUDGE = ("Read D data sets ('W H', K, R, R rows of W tiles top row first, "
         "M, M moves 'c1 r1 c2 r2') and print every board, move and "
         "drop/elimination phase, boards as the contest's staircase.")


def run(args: "argparse.Namespace") -> int:
    """The judge command (also ``cli.main``'s fast path)."""
    return run_judge(args, "tilematch", judge)


def register(subparsers: "Commands") -> None:
    from ._args import add_judge_game  # here: the fast path needs no argparse
    from ._toolkit import register_tools
    commands, p = add_judge_game(
        subparsers, "tilematch", title="The tile-match game", judge=JUDGE,
        help="the tile-match game with gravity (Rowan 2019): judge files")
    p.set_defaults(func=run)

    # The judge toolkit: generate, validate, check, show.
    register_tools(commands, "tilematch")
