"""`gridgames samegame`: the judge command (the default), solve and replay."""

from ..samegame import MAX_COLS, MAX_ROWS, judge
from ._io import run_judge

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from ._args import Commands
    from ._contract import Rule

JUDGE = (f"Read grids ('M N' with M <= {MAX_ROWS}, N <= {MAX_COLS}; M*N colours 0..9, bottom row "
         "first; selections 'r c' counted from the bottom-left, ending with '0 0'; "
         "a header with a 0 ends the input) and print each final grid, top row "
         "first, or 'Game Won'.")


def run(args: "argparse.Namespace") -> int:
    """The judge command (also ``cli.main``'s fast path)."""
    return run_judge(args, "samegame", judge)


def rules() -> "dict[str, list[Rule]]":
    """The options of solve that apply only sometimes (``cli._contract``)."""
    from ._contract import Rule, given, needs, not_with, only
    nrpa = (None, "nrpa")  # solve's search: nrpa when --algo is not given
    return {"solve": [
        needs("--cpu-time", "--time"),
        needs("--resume", "-o"),
        needs("--batch", "--allocate"),
        only("--stab --restarts --tabu-bias --size-bias --colour-bias --repeats --prior --root-parallel --checkpoint",
             "algo", nrpa, "--algo nrpa", "--algo", "beam"),
        Rule(("--improve-adapts",), lambda a: given(a, "--improve") and a.algo in nrpa,
             "only with --improve and --algo nrpa", ("--improve", "--algo", "beam"), ("--improve",)),
        needs("--checkpoint-every", "--checkpoint"),
        not_with("--checkpoint", "--allocate", "--allocate", "2"),
        only("--level", "algo", nrpa + ("nmcs", "nmcs-beam"), "--algo nmcs, nrpa or nmcs-beam", "--algo", "random"),
        only("--width", "algo", ("beam", "beam-eval", "nmcs-beam"), "--algo beam, beam-eval or nmcs-beam",
             "--algo", "nrpa"),
        only("--weights", "algo", ("beam-eval", "nmcs-beam"), "--algo beam-eval or nmcs-beam", "--algo", "beam"),
        only("--iterations", "algo", nrpa + ("nmcs", "random", "beam-eval", "nmcs-beam"),
             "--algo random, nmcs, nrpa, beam-eval or nmcs-beam", "--algo", "beam"),
        not_with("--research", "--standard"),
        not_with("--tabu-bias", "--no-tabu"),
        not_with("--tabu-colour", "--no-tabu"),
        not_with("--tabu-free --tabu-until", "--no-tabu"),
        not_with("--tabu-free --tabu-until", "--root-parallel", "--root-parallel", "2"),
        not_with("--tabu-free --tabu-until", "--checkpoint", "--checkpoint", "ck"),
        not_with("--prior", "--root-parallel", "--root-parallel", "2"),
        not_with("--prior", "--checkpoint", "--checkpoint", "ck"),
        not_with("--threads", "--ray"),
        not_with("--threads", "--root-parallel", "--root-parallel", "2"),  # its W workers are its threads
    ]}


def register(subparsers: "Commands") -> None:
    from ._args import add_judge_game, skipped  # here: the fast path needs no argparse
    from ._toolkit import register_tools
    commands, p = add_judge_game(
        subparsers, "samegame", title="SameGame", judge=JUDGE,
        help="SameGame (ACM 1995 / UVa 339): judge files, search, replay")
    p.set_defaults(func=run)
    if not skipped(commands, "solve", "replay"):
        from . import samegame_research as research
        research.register(commands)

    # The judge toolkit: generate, validate, check, show.
    register_tools(commands, "samegame")
