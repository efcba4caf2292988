"""`gridgames gopher`: the judge command (the default), `solve` (deduction
only) and `generate --no-guess`."""

from ..gopher import judge
from ._io import CannotWrite, fail, run_judge, shown, writing

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable
    from typing import Optional

    from ._args import Commands
    from ._contract import Rule


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


def run(args: "argparse.Namespace") -> int:
    """The judge command (also ``cli.main``'s fast path); warnings streamed as they come."""
    return run_judge(args, "gopher", judge, warnings=True, team=args.team, program=args.program)


def rules() -> "dict[str, list[Rule]]":
    """The options of generate that apply only sometimes (``cli._contract``)."""
    from ._contract import needs, not_with
    return {"generate": [
        needs("--holes --first --budget", "--no-guess"),
        not_with("--density --picks", "--no-guess", "--no-guess", "--holes", "3"),
    ]}


def register(subparsers: "Commands") -> None:
    from ._args import add_judge_game  # here: the fast path needs no argparse
    from ._toolkit import register_tools
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
    _register_solve(commands)


GAME = "gopher"

FIELD = """\
FIELD: a judge file (the input of 'gridgames gopher judge', e.g. the output of
'gridgames gopher generate'): games separated by blank lines, each 'NROWS
NCOLUMNS', 'NHOLES', the hole lines 'ROW COLUMN', then pick lines (row 1 is
the top).  The solver knows the size and the number of holes, never where
they are; it starts from --first, else the game's first pick inside the
field, else the middle patch."""

def _register_solve(commands: "Commands") -> None:
    from . import _reading
    from ._args import add_command, positive
    s = add_command(
        commands, "solve", help="play fields by deduction only: cleared, or stuck where",
        description="Play each game of FIELD by deduction only.  After the first pick, "
                    "each round picks, row-major, every patch that no arrangement of holes "
                    "consistent with the inspected patches and the number of holes puts a "
                    "hole on (fast rules on single and overlapping constraints first, then "
                    "an exact count over the frontier), until the field is cleared or no "
                    "patch is provably safe.  Prints per game 'game G: cleared, N picks', "
                    "'game G: fell, 1 pick' (the first pick, a guess, was a hole) or "
                    "'game G: stuck after N picks, U patches not inspected', then for a stuck "
                    "game the fenced board as seen and the patches not inspected; with "
                    "--judge, a judge file of the games with the solver's picks instead (the "
                    "judge replays them).  Exit 0 done; 1 bad input (the games before it are "
                    "done); 2 usage errors, files that cannot be read or written.",
        epilog=FIELD)
    s.add_argument("input", nargs="?", default="-", metavar="FIELD",
                   help=f"the judge file, or - for standard input (the default; {_reading.WHOLE_HELP})")
    s.add_argument("--first", type=int, nargs=2, metavar=("R", "C"),
                   help="the first pick (a guess) of every game: inside every field (else a usage error)")
    s.add_argument("--judge", action="store_true",
                   help="write the games with the solver's picks as a judge file")
    s.add_argument("--budget", type=positive, default=None, metavar="N",
                   help="enumeration steps allowed to one exact stage (default 200000); "
                        "beyond, the game is reported 'gave up'")
    s.add_argument("-o", "--output", metavar="OUTPUT",
                   help="write here instead of standard output ('-': standard output)")
    s.set_defaults(func=_solve)


def hook_generate(commands: "Commands") -> None:
    """Route 'generate --no-guess' here; the toolkit's generate does the rest."""
    parser = commands.choices["generate"]
    toolkit: Callable[[argparse.Namespace], int] = parser.get_default("func")
    # the options of each kind of field: the command-line contract (cli._contract)
    parser.set_defaults(func=lambda args: _generate(args) if args.no_guess else toolkit(args))


def game_text(rows: int, cols: int, holes: list[tuple[int, int]], picks: list[tuple[int, int]]) -> str:
    """One game of a judge file."""
    lines = [f"{rows} {cols}", str(len(holes))] + [f"{r} {c}" for r, c in holes + picks]
    return "\n".join(lines) + "\n"


def _generate(args: "argparse.Namespace") -> int:
    from ..gopher import NoGuessFailed, check_request, no_guess
    if args.holes is None:
        args.command_parser.error("--no-guess needs --holes H")
    try:
        first = check_request(args.rows, args.cols, args.holes, args.first)
        if args.budget is not None and args.budget < 0:
            raise ValueError(f"--budget is 0 or more hole moves, not {args.budget}")
    except ValueError as exc:  # the options ask for the impossible: a usage error
        args.command_parser.error(str(exc))
    try:
        with writing(args.output) as out:
            for i in range(args.count or 1):
                try:
                    found = no_guess(args.rows, args.cols, args.holes, first, args.seed + i,
                                     args.budget)
                except NoGuessFailed as exc:
                    return fail(GAME, f"game {i + 1}: {exc}", 1)
                text = game_text(args.rows, args.cols, found.holes, found.picks)
                out.write((text if i == 0 else "\n" + text).encode("ascii"))
    except CannotWrite as exc:
        return fail(GAME, str(exc), 2)
    return 0


def _picks(picks: list[tuple[int, int]]) -> str:
    return f"{len(picks)} pick" + ("" if len(picks) == 1 else "s")


def read_games(data: bytes, upto: "Optional[int]" = None
               ) -> list[tuple[int, int, list[tuple[int, int]], list[tuple[int, int]]]]:
    """The games of a judge file the judge accepted (those before game
    ``upto``): (rows, cols, holes, picks).  Lines end at '\\n' and split at
    whitespace, as the judge reads them; a line of whitespace is blank."""
    games: list[tuple[int, int, list[tuple[int, int]], list[tuple[int, int]]]] = []
    lines = iter(line.split() for line in data.split(b"\n"))
    for words in lines:
        if not words:
            continue
        if upto is not None and len(games) + 1 >= upto:
            break
        rows, cols = map(_number, words)
        nholes = _number(next(lines)[0])
        holes = [(_number(a), _number(b)) for a, b in (next(lines) for _ in range(nholes))]
        picks = []
        for words in lines:
            if not words:
                break
            picks.append((_number(words[0]), _number(words[1])))
        games.append((rows, cols, holes, picks))
    return games


FAR = 10**18  # as far off the field as a pick of thousands of digits


def _number(word: bytes) -> int:
    """A number the judge took, saturated at FAR: a pick off the field may
    have thousands of digits, which int() refuses."""
    if len(word.lstrip(b"-")) >= len(str(FAR)):
        return -FAR if word.startswith(b"-") else FAR
    return int(word)


def _solve(args: "argparse.Namespace") -> int:
    import re  # here: the judge's fast path does without it

    from ..gopher import judge, solve
    from ..gopher._noguess import NODES
    from ._reading import read_input
    name = shown(args.input)
    data = read_input(args.input)
    checked = judge(data, emit=lambda _: None, warn=lambda _: None)  # the judge's errors, its words
    bad = None if checked.error is None else int(re.match(r"game (\d+)", checked.error.item).group(1))  # type: ignore[union-attr]
    games = read_games(data, bad)
    for g, (rows, cols, _, _) in enumerate(games, 1):  # a usage error, before any output
        if args.first and not (1 <= args.first[0] <= rows and 1 <= args.first[1] <= cols):
            args.command_parser.error(f"--first {args.first[0]} {args.first[1]} is outside the field of game {g}: "
                                      f"{rows}x{cols} (rows 1..{rows}, columns 1..{cols})")
    try:
        with writing(args.output, [args.input]) as out:
            for g, (rows, cols, holes, picks) in enumerate(games, 1):
                inside = [p for p in picks if 1 <= p[0] <= rows and 1 <= p[1] <= cols]
                first = tuple(args.first) if args.first else inside[0] if inside else None
                try:
                    found = solve(rows, cols, holes, first, budget=args.budget or NODES)
                except ValueError as exc:
                    return fail(GAME, f"{name}: game {g}: {exc}", 1)
                if args.judge:
                    text = ("\n" if g > 1 else "") + game_text(rows, cols, sorted(set(holes)), found.picks)
                elif found.status == "stuck" or found.status == "gave up":
                    fence = "+" + "-" * cols + "+\n"
                    text = (f"game {g}: {found.status} after {_picks(found.picks)}, "
                            f"{len(found.unknown)} patches not inspected\n" + fence
                            + "".join(f"|{row}|\n" for row in found.board) + fence
                            + "unknown: " + ", ".join(f"{r} {c}" for r, c in found.unknown) + "\n")
                else:
                    text = f"game {g}: {found.status}, {_picks(found.picks)}\n"
                out.write(text.encode("ascii"))
    except CannotWrite as exc:
        return fail(GAME, str(exc), 2)
    if checked.error is not None:
        return fail(GAME, f"{name}:{checked.error}", 1)
    return 0
