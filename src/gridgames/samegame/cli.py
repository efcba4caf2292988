"""`gridgames samegame`: the judge-format command."""
from .._judge import add_io_arguments, run_judge
from . import judge


def register(subparsers):
    p = subparsers.add_parser(
        "samegame", help="simulate SameGame judge files (ACM 1995 / UVa 339)",
        description="Read grids ('M N' with M <= 10, N <= 40; M*N colours 0..9, bottom row "
                    "first; selections 'r c' counted from the bottom-left, ending with '0 0'; "
                    "a header with a 0 ends the input) and print each final grid, top row "
                    "first, or 'Game Won'.")
    add_io_arguments(p)
    p.set_defaults(func=lambda args: run_judge(args, "samegame", judge))
