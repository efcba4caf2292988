"""`gridgames package GAME DIR`: write a Kattis problem package."""
import argparse

from .._runtime.safe_files import CannotWrite, new_directory
from ..kattis import MAX_SECRET, check_shortname, games, write_package
from ._args import add_command, ranged
from ._io import fail

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
    p.add_argument("game", choices=sorted(games()), metavar="GAME",
                   help=f"one of {', '.join(games())}")
    p.add_argument("directory", metavar="DIR",
                   help="the package directory: created, or empty (see --force); its name is the "
                        "problem's short name, lowercase letters and digits only ([a-z0-9]+)")
    p.add_argument("--force", action="store_true",
                   help="replace DIR when it is not empty: the new package takes its place whole "
                        "(no old file stays); without it a non-empty DIR is refused (exit 2)")
    p.add_argument("--secret", type=ranged(1, MAX_SECRET, "N"), default=12, metavar="N",
                   help=f"generated secret test files (1..{MAX_SECRET}, default 12)")
    p.add_argument("--seed", type=int, default=0, help="seed of the generated files (default 0)")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    try:
        check_shortname(args.directory)  # refused before anything is written
    except ValueError as exc:
        return fail("package", str(exc), 2)
    try:
        # built next to DIR, then put in its place: never a mix of old and new files
        with new_directory(args.directory, args.force) as build:
            write_package(args.game, build, args.secret, args.seed)
    except CannotWrite as exc:
        return fail("package", str(exc), 2)
    except OSError as exc:
        return fail("package", f"cannot write {args.directory}: {exc.strerror}", 2)
    return 0
