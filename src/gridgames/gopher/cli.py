"""`gridgames gopher`: the judge command (the default)."""
from __future__ import annotations

from ..cli._io import run_judge
from . import judge

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from ..cli._args import Commands


def _bad(message: str) -> Exception:
    import argparse  # only for an error: the judge's fast path runs without argparse
    return argparse.ArgumentTypeError(message)


def _team(text: str) -> str:
    # The team ID goes into one header line: no line breaks or other controls.
    if not text or any(not ch.isprintable() for ch in text):
        raise _bad(f"a team ID must be printable text on one line, not {text!r}")
    return text


def _program(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0:
        raise _bad(f"a program number is an integer 0 or more, not {text!r}")
    return number


JUDGE = ("Read blank-line separated games ('NROWS NCOLUMNS', 'NHOLES', the hole "
         "lines 'ROW COLUMN', then one pick 'ROW COLUMN' per line; row 1 is the top) "
         "and print the fenced board after every pick, between the lines "
         "'Program N by team ID' and 'End of program N by team ID'. A pick "
         "outside the field is reported on standard error and changes nothing.")


# The judge command's own options: name -> (type, default), for argparse and the fast path.
OPTIONS = {"team": (_team, "0"), "program": (_program, 6)}


def run(args: argparse.Namespace) -> int:
    """The judge command (also ``cli.main``'s fast path); warnings streamed as they come."""
    return run_judge(args, "gopher", judge, warnings=True, team=args.team, program=args.program)


def register(subparsers: Commands) -> None:
    from ..cli._args import add_judge_game  # here: the fast path needs no argparse
    from ..cli._toolkit import register_tools
    from ._solve_cli import hook_generate, register as register_solve
    commands, p = add_judge_game(
        subparsers, "gopher", title="The gopher-hole game", judge=JUDGE,
        help="the gopher-hole game (2001 regional, problem 6): judge files, "
             "solving by deduction, no-guess fields")
    p.add_argument("--team", type=_team, default=OPTIONS["team"][1], metavar="ID",
                   help="the team in the header and end lines (default: 0)")
    p.add_argument("--program", type=_program, default=OPTIONS["program"][1], metavar="N",
                   help="the program number in the header and end lines (default: 6)")
    p.set_defaults(func=run)

    # The judge toolkit: generate (with --no-guess), validate, check, show; and solve.
    register_tools(commands, "gopher")
    hook_generate(commands)
    register_solve(commands)
