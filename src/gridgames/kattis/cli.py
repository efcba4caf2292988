"""`gridgames package GAME DIR`: write a Kattis problem package."""
import argparse

from ..cli._args import add_command
from ..cli._io import fail
from ..cli._tools import positive
from . import PROBLEM_YAML, write_package

DESCRIPTION = ("Write a complete Kattis problem package for GAME into DIR: problem.yaml, "
               "the statement (problem_statement/problem.en.tex), data/sample (the public "
               "samples), data/secret (generated, answers from the engine), the input "
               "validator, the tile game's output validator, an accepted submission and "
               "wrong-answer submissions reproducing real mistakes. Validators and "
               "submissions are Python programs using only the standard library. Check "
               "the package with problemtools: 'verifyproblem DIR'.")


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = add_command(subparsers, "package", help="write a Kattis problem package for a judge game",
                    description=DESCRIPTION)
    p.add_argument("game", choices=sorted(PROBLEM_YAML), metavar="GAME",
                   help=f"one of {', '.join(PROBLEM_YAML)}")
    p.add_argument("directory", metavar="DIR", help="the package directory (created)")
    p.add_argument("--secret", type=positive, default=12, metavar="N",
                   help="generated secret test files (default 12)")
    p.add_argument("--seed", type=int, default=0, help="seed of the generated files (default 0)")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    try:
        write_package(args.game, args.directory, args.secret, args.seed)
    except OSError as exc:
        return fail("package", f"cannot write {args.directory}: {exc.strerror}", 2)
    return 0
