"""`gridgames gopher`: the judge command (the default)."""
import argparse

from ..cli._args import Commands, add_judge_game, skipped
from ..cli._io import run_judge
from ..cli._tools import register_tools
from . import judge
from ._solve_cli import hook_generate, register as register_solve


def _team(text: str) -> str:
    # The team ID goes into one header line: no line breaks or other controls.
    if not text or any(not ch.isprintable() for ch in text):
        raise argparse.ArgumentTypeError(f"a team ID must be printable text on one line, not {text!r}")
    return text


def _program(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0:
        raise argparse.ArgumentTypeError(f"a program number is an integer 0 or more, not {text!r}")
    return number


JUDGE = ("Read blank-line separated games ('NROWS NCOLUMNS', 'NHOLES', the hole "
         "lines 'ROW COLUMN', then one pick 'ROW COLUMN' per line; row 1 is the top) "
         "and print the fenced board after every pick, between the lines "
         "'Program N by team ID' and 'End of program N by team ID'. A pick "
         "outside the field is reported on standard error and changes nothing.")


def register(subparsers: Commands) -> None:
    commands, p = add_judge_game(
        subparsers, "gopher", title="The gopher-hole game", judge=JUDGE,
        help="the gopher-hole game (2001 regional, problem 6): judge files, "
             "solving by deduction, no-guess fields")
    p.add_argument("--team", type=_team, default="0", metavar="ID",
                   help="the team in the header and end lines (default: 0)")
    p.add_argument("--program", type=_program, default=6, metavar="N",
                   help="the program number in the header and end lines (default: 6)")
    p.set_defaults(func=lambda args: run_judge(  # warnings streamed as they come
        args, "gopher", judge, warnings=True, team=args.team, program=args.program))

    # The judge toolkit: generate (with --no-guess), validate, check; and solve.
    register_tools(commands, "gopher")
    hook_generate(commands)
    register_solve(commands)
    if not skipped(commands, "show"):  # gridgames.pictures: the HTML step-through page
        from ..pictures._cli import register_show
        register_show(commands, "gopher")
