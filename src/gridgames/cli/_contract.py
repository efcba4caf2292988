"""The command-line contract: an option that does not apply is refused,
never ignored.

Every command's options that apply only sometimes are declared by its game's
command line (``cli/GAME.py``'s ``rules()``: command -> its rules; ``JUDGE``
holds every judge command's), and enforced in one place (``enforce``,
called by ``_parser.run`` after parsing) with ``parser.error``: argparse's
usage line and one ``error:`` line, exit status 2, before the command has
read or written anything.  An option named in no rule applies
whenever its command runs.  tests/cli/test_cli_contract.py walks every
command's parser and tries each declared option where it does not apply.

Which options were given on the command line (not merely equal to their
default) is told by ``Parser``: each optional's value starts as ``UNSET``
and the ones still ``UNSET`` after parsing get their default.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Optional

UNSET: Any = type("Unset", (), {"__repr__": lambda self: "UNSET"})()


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that records the options given (their dests, in
    ``args.given``); its subparsers are Parsers too."""

    def parse_known_args(self, args: Optional[Sequence[str]] = None,  # type: ignore[override]
                         namespace: Optional[argparse.Namespace] = None) -> tuple[argparse.Namespace, list[str]]:
        namespace = argparse.Namespace() if namespace is None else namespace
        optionals = [a for a in self._actions if a.option_strings and a.dest != argparse.SUPPRESS
                     and a.default != argparse.SUPPRESS and not hasattr(namespace, a.dest)]
        for action in optionals:
            setattr(namespace, action.dest, UNSET)
        try:
            _, rest = super().parse_known_args(args, namespace)  # fills ``namespace``
        finally:  # also on --help and errors (SystemExit): no UNSET is left behind
            given = set(getattr(namespace, "given", ()))
            for action in optionals:
                if getattr(namespace, action.dest) is UNSET:
                    default = action.default
                    if isinstance(default, str) and action.type is not None:
                        default = self._get_value(action, default)  # as argparse converts a default
                    setattr(namespace, action.dest, default)
                else:
                    given.add(action.dest)
            namespace.given = given
        return namespace, rest

    def error(self, message: str) -> NoReturn:
        """argparse's usage error, its one line escaped as every message (``_io.fail``)."""
        from .._runtime.judge import escaped
        super().error(escaped(message))


Args = argparse.Namespace


class Rule:
    """``options`` apply only when ``applies(args)``; otherwise the error
    'argument OPTION: WHY'.  ``against`` and ``helps``: arguments that make
    them not apply, and apply (the contract test adds them to a valid
    command line; an option there without its value gets a valid one).
    A plain class, not a NamedTuple: making one costs the CLI's start-up a millisecond."""

    __slots__ = ("options", "applies", "why", "against", "helps")

    def __init__(self, options: tuple[str, ...], applies: Callable[[Args], bool], why: str,
                 against: tuple[str, ...] = (), helps: tuple[str, ...] = ()) -> None:
        self.options, self.applies, self.why, self.against, self.helps = options, applies, why, against, helps


def needs(options: str, *others: str) -> Rule:
    """``options`` (space separated) only when one of ``others`` is given."""
    return Rule(tuple(options.split()), lambda a: any(given(a, o) for o in others),
                "only with " + " or ".join(others), helps=others[:1])


def not_with(options: str, other: str, *against: str) -> Rule:
    """``options`` never with ``other`` (argparse's words for exclusive options)."""
    return Rule(tuple(options.split()), lambda a: not given(a, other),
                "not allowed with argument " + other, against or (other,))


def only(options: str, dest: str, values: tuple[Any, ...], shown: str, *against: str) -> Rule:
    """``options`` only when ``args.DEST`` is one of ``values`` (shown as
    ``shown``, the option '--DEST VALUE')."""
    return Rule(tuple(options.split()), lambda a: getattr(a, dest) in values, "only with " + shown, against,
                tuple(shown.split()[:1]) + (str(values[-1]),))


def given(args: Args, option: str) -> bool:
    """Whether ``option`` (any of its spellings) was on the command line."""
    return args.command_parser._option_string_actions[option].dest in args.given


JUDGE = [not_with("--outdir", "-o", "-o", "out.txt"), needs("--suffix", "--outdir")]


def rules(game: str, command: Optional[str]) -> list[Rule]:
    """The rules of ``game``'s ``command`` (a tool without commands: None):
    the game's own, from its command line's ``rules()`` (``_game_protocols.CommandLine``),
    and ``JUDGE`` for a judge game's judge command."""
    from .._registry import command_line
    from .._runtime.game_table import GAMES
    if game not in GAMES:
        return []
    own = getattr(command_line(game), "rules", None)
    found: list[Rule] = list(own().get(command, ())) if own is not None else []
    return (JUDGE + found) if GAMES[game].judge and command == "judge" else found


# Options naming a page a browser opens: a file, never standard output (which
# carries the command's text, or nothing).
PAGES = ("--html", "--svg")


def enforce(args: Args) -> None:
    """Refuse (``parser.error``: exit 2) the first given option of the
    command that does not apply."""
    parser = getattr(args, "command_parser", None)
    if parser is None or not hasattr(args, "given"):
        return
    for option in PAGES:
        if option in parser._option_string_actions and getattr(args, option[2:]) == "-":
            parser.error(f"argument {option}: a page or sheet needs a file name, not '-'")
    for rule in rules(args.game, getattr(args, "command", None)):
        for option in rule.options:
            if given(args, option) and not rule.applies(args):
                why = " ".join(_shown(parser, word) for word in rule.why.split())
                parser.error(f"argument {_shown(parser, option)}: {why}")


def _shown(parser: argparse.ArgumentParser, word: str) -> str:
    """An option as argparse names it in its errors ('-o/--output'); any other word as it is."""
    action = parser._option_string_actions.get(word)
    return "/".join(action.option_strings) if action else word
