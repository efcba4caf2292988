"""`gridgames manpage`: the manual page gridgames(1), in roff, generated from
the parser: every command with its usage, description and options.

Install: ``gridgames manpage -o ~/.local/share/man/man1/gridgames.1`` (the
directories are made), then ``man gridgames`` (man finds ~/.local/share/man
when ~/.local/bin is on PATH; else MANPATH="$HOME/.local/share/man:" does)."""
from __future__ import annotations

import argparse
from collections.abc import Iterator

from .. import __version__
from ._args import Commands, add_command
from ._completion import walk

MANPAGE_DESCRIPTION = """\
Print the manual page of gridgames in roff, made from the commands and options of this version:
'gridgames manpage -o gridgames.1; man ./gridgames.1'.  Installed for one user: 'gridgames
manpage -o ~/.local/share/man/man1/gridgames.1', then 'man gridgames' (it looks there when
~/.local/bin is on PATH; otherwise add 'export MANPATH="$HOME/.local/share/man:"' to
~/.profile)."""


def register(subparsers: Commands) -> None:
    p = add_command(subparsers, "manpage", help="print the manual page gridgames(1) (roff)",
                    description=MANPAGE_DESCRIPTION)
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write it here instead of standard output (missing directories are made)")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    import os

    from ._io import CannotWrite, writing
    from ._parser import build_parser
    if args.output not in (None, "-"):  # a fresh account has no ~/.local/share/man/man1 yet
        try:
            os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
        except OSError as exc:
            why = "Not a directory" if isinstance(exc, FileExistsError) else exc.strerror  # a file on the way
            raise CannotWrite(f"cannot write {args.output}: {why}") from None
    with writing(args.output) as out:
        out.write(page(build_parser()).encode("utf-8"))
    return 0


def roff(text: str) -> str:
    """``text`` as roff text: backslashes and hyphens escaped, no line
    starting with a control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line.startswith((".", "'")) else line for line in text.split("\n"))


def _paragraphs(text: str) -> str:
    return "\n.PP\n".join(roff(" ".join(par.split())) for par in text.split("\n\n") if par.strip())


def page(parser: argparse.ArgumentParser) -> str:
    """The manual page of ``parser`` (gridgames' own)."""
    out = [f'.TH GRIDGAMES 1 "" "gridgames {__version__}" "User Commands"',  # no date: reproducible
           ".SH NAME", "gridgames \\- " + roff("exact, fast engines for grid-puzzle games"),
           ".SH SYNOPSIS", roff(parser.format_usage().removeprefix("usage: ").strip()),
           ".SH DESCRIPTION", _paragraphs(parser.description or ""), ".SH COMMANDS"]
    for path, p in walk(parser):
        if len(path) == 1:
            continue
        out += [f'.SS "{roff(" ".join(path))}"', roff(" ".join(p.format_usage().split()[1:])),
                ".PP", _paragraphs(p.description or "")]
        if p.epilog:
            out += [".PP", _paragraphs(p.epilog)]
        for invocation, help_text in options(p):
            out += [".TP", "\\fB" + roff(invocation) + "\\fR", roff(help_text)]
    out += [".SH EXIT STATUS", roff("0 done; 1 bad input (the error names line and column), a wrong answer, "
                                    "a puzzle without solution; 2 usage error, a file that cannot be read "
                                    "or written, or an optional dependency not installed; 3 some answer is "
                                    "'unknown' (its budget ran out: numberlink solve); 130 interrupted "
                                    "(Ctrl-C); 143 stopped by SIGTERM, 129 stopped by SIGHUP (128 + the "
                                    "signal's number; as with Ctrl-C, no temporary file is left and an "
                                    "earlier output stays whole); 141 the output was closed early.  "
                                    "Commands say more in their descriptions."),
            ".SH SEE ALSO", roff("gridgames GAME --help, and the README of the gridgames package.")]
    return "\n".join(out) + "\n"


def options(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    """('-o, --output FILE', its help on one line) for each option and argument
    ``parser`` lists (the man page's and the docs site's command reference)."""
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, (argparse._HelpAction,
                                                                   argparse._SubParsersAction)):
            continue
        yield _invocation(action), " ".join((action.help or "").split())


def _invocation(action: argparse.Action) -> str:
    """'-o, --output FILE' or 'INPUT', as --help names an argument."""
    formatter = argparse.HelpFormatter("gridgames")
    return formatter._format_action_invocation(action)
