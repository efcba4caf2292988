"""The ``generate``, ``validate`` and ``check`` commands of every judge game
(each game's parts are found through ``gridgames._registry``)."""
import argparse
from typing import Any

from .._registry import generator, validator
from .._runtime.progress_line import Line, live
from ._args import Commands, add_command, positive, skipped
from ._io import CannotWrite, fail, shown, writing
from ._reading import reading

# Kattis exit codes for validators (problemtools' "42 accepted, 43 rejected").
KATTIS_VALID, KATTIS_INVALID = 42, 43


def _seed(text: str) -> int:
    try:
        return int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is an integer, not {text!r}") from None


def register_tools(commands: Commands, game: str) -> None:
    """Add ``generate``, ``validate``, ``check`` and ``show`` (the HTML
    step-through page of gridgames.pictures) to a judge game's commands."""
    if not skipped(commands, "generate"):
        _add_generate(commands, game)
    if not skipped(commands, "validate"):
        _add_validate(commands, game)
    if not skipped(commands, "check"):
        _add_check(commands, game)
    if not skipped(commands, "show"):
        from ._pictures import register_show
        register_show(commands, game)


def _add_generate(commands: Commands, game: str) -> None:
    gen = generator(game)
    p = add_command(commands, "generate", help="write a random judge file",
                    description=(gen.__doc__ or "").split("\n\n")[0] + "\n\n" + gen.LIMITS)
    p.add_argument("--seed", type=_seed, default=0, help="the seed (default 0): one seed, one file, "
                   "on every platform")
    p.add_argument("--count", type=positive, metavar="N",
                   help=f"number of {gen.CASES} in the file (default: 1 to {gen.MAX_COUNT}, drawn)")
    gen.add_arguments(p)
    p.add_argument("-o", "--output", metavar="OUTPUT", help="write here instead of standard output")
    p.set_defaults(func=lambda args: _run_generate(args, game, gen))


def _add_validate(commands: Commands, game: str) -> None:
    p = add_command(commands, "validate", help="check a judge file against the contest format",
                    description=validator(game).__doc__ or "")
    p.add_argument("input", nargs="?", default="-", metavar="INPUT",
                   help="the judge file, or - for standard input (the default); streamed: any size")
    p.add_argument("--kattis", action="store_true",
                   help=f"exit {KATTIS_VALID} when valid and {KATTIS_INVALID} when not (Kattis)")
    p.set_defaults(func=lambda args: _run_validate(args, game))


def _add_check(commands: Commands, game: str) -> None:
    p = add_command(commands, "check", help="judge a contestant's answer",
                    description="Compute the right output for INPUT with the engine and judge "
                    "ANSWER against it: exit 0 accepted, 1 wrong answer (the first differing "
                    "line named), 2 when INPUT is bad or a file cannot be read. "
                    + _compare_doc(game) + " Both files are streamed (any size; the right output goes "
                    "to an unnamed temporary file); a line over 1 MiB never matches.")
    p.add_argument("input", metavar="INPUT", help="the judge input")
    p.add_argument("answer", metavar="ANSWER", help="the answer to judge, or - for standard input")
    p.add_argument("--lenient", action="store_true",
                   help=_lenient_doc(game))
    p.set_defaults(func=lambda args: _run_check(args, game))


def _compare_doc(game: str) -> str:
    from .._registry import compare
    from .._runtime.compare import tiles
    if compare(game) is tiles:
        return ("As the statement says, board lines must match exactly; other lines may "
                "differ in spacing and case; blank lines are ignored.")
    return "The answer must match byte for byte."


def _lenient_doc(game: str) -> str:
    from .._registry import compare
    from .._runtime.compare import tiles
    if compare(game) is tiles:  # board lines keep their blanks; the others differ anyway
        return "ignore trailing blanks on board lines"
    return "ignore trailing blanks and blank lines"


def _run_generate(args: argparse.Namespace, game: str, gen: Any) -> int:
    options = {k: v for k, v in vars(args).items() if k in gen.OPTIONS}
    line = Line() if live() else None

    def progress(done: int, count: int) -> None:
        if line is not None:
            line.show(f"gridgames {game} generate: {done}/{count} {gen.CASES}")
    try:
        text = gen.generate(args.seed, args.count, progress=progress if line else None, **options)
    except ValueError as exc:  # an option's value out of range: a usage error
        args.command_parser.error(str(exc))
    finally:
        if line is not None:
            line.clear()
    try:
        with writing(args.output) as f:
            f.write(text)
    except CannotWrite as exc:
        return fail(game, str(exc), 2)
    return 0


def _run_validate(args: argparse.Namespace, game: str) -> int:
    from .._registry import validate
    from .._runtime.strict_reader import Invalid
    name = shown(args.input)
    bad = KATTIS_INVALID if args.kattis else 1
    try:  # streamed: memory stays bounded whatever the file's size
        with reading(args.input) as stream:
            validate(game, stream)
    except Invalid as exc:
        return fail(game, f"{name}:{exc}", bad)
    return KATTIS_VALID if args.kattis else 0


def _run_check(args: argparse.Namespace, game: str) -> int:
    """The right output for INPUT (the judge, streamed into a temporary
    file), then ANSWER against it a line at a time: memory stays bounded."""
    import tempfile

    from .._registry import compare, package
    from .._runtime.safe_files import write_all
    # both opened first: a file that cannot be read is said before anything is judged
    with reading(args.input) as stream, reading(args.answer) as answer, tempfile.TemporaryFile() as right:
        out, err, _ = package(game).judge(stream, emit=right.fileno())  # (unnamed on POSIX: never left behind)
        if err is not None:  # the input, not the answer, is bad
            return fail(game, f"{args.input}:{err} (bad INPUT: nothing judged)", 2)
        write_all(right.fileno(), out)
        right.seek(0)
        reason = compare(game)(right, answer, args.lenient)
    if reason is None:
        return 0
    return fail(game, f"{shown(args.answer)}: wrong answer: {reason}", 1)
