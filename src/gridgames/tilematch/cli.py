"""`gridgames tilematch`: the judge-format command."""
from .._judge import add_io_arguments, run_judge
from . import judge


def register(subparsers):
    p = subparsers.add_parser(
        "tilematch", help="simulate tile-match judge files (Rowan 2019)",
        description="Read D data sets ('W H', K, R, R rows of W tiles top row first, "
                    "M, M moves 'c1 r1 c2 r2') and print every board, move and "
                    "drop/elimination phase, boards as the contest's staircase.")
    add_io_arguments(p)
    p.set_defaults(func=lambda args: run_judge(args, "tilematch", judge))
