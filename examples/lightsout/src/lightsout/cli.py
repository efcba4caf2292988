"""`gridgames lightsout`: the judge command and the judge toolkit."""
from gridgames.protocol import run_judge

from . import judge

OPTIONS = {}


def run(args) -> int:
    return run_judge(args, "lightsout", judge)


def register(subparsers) -> None:
    from gridgames.protocol import add_judge_game, register_tools
    commands, p = add_judge_game(subparsers, "lightsout", title="Lights Out", judge="Press lights.",
                                 help="Lights Out on 3x3: judge files")
    p.set_defaults(func=run)
    register_tools(commands, "lightsout")
