"""The command-line contract: every option of every command,
found by walking the parsers, either always applies (ALWAYS, below: a new
option must be put somewhere) or is declared in a rule (cli._contract.rules: the game's rules()); each
declared option is tried where it does not apply: exit status 2, argparse's
usage and one error line naming it, nothing written, nothing on standard
output.  And where it applies, the contract lets it through."""
import os

import pytest

from gridgames.cli import _contract, main
from helpers import BASE, all_rules, build_parser, commands, key, options, with_values

# The options that apply whenever their command runs.
ALWAYS = {
    "judge": "-o",
    "gopher judge": "-o --team --program",
    "generate": "--seed --count -o",
    "samegame generate": "--seed --count -o --rows --cols --colours --moves",
    "tilematch generate": "--seed --count -o --width --height --k --given-rows --moves --kinds",
    "gopher generate": "--seed --count -o --rows --cols --no-guess",
    "validate": "--kattis",
    "check": "--lenient",
    "show": "--html --case",
    "samegame solve": "--standard --algo --seed --time --runs --ray --no-tabu -o --json --progress --improve "
                      "--allocate",
    "samegame replay": "--standard --research --html",
    "gopher solve": "--first --judge --budget -o",
    "numberlink generate": "--seed --count --solution --unique --min-length --verbose --format -o --svg",
    "numberlink solve": "--count --format -o --svg --max-nodes --time --no-sat --json --progress",
    "numberlink check": "",
    "package": "--force --secret --seed",
    "completion": "",
    "manpage": "-o",
}
ALL = list(commands())
IDS = [" ".join(argv) for _, _, argv, _ in ALL]


@pytest.mark.parametrize("game, command, argv, parser", ALL, ids=IDS)
def test_every_option_is_declared(game, command, argv, parser):
    declared = {o for rule in _contract.rules(game, command) for o in rule.options}
    always = set(key(game, command, ALWAYS).split())
    assert set(options(parser)) == always | declared, "an option is neither in ALWAYS nor in a rule"
    assert not always & declared


def test_the_rules_name_real_commands_and_options():
    found = {(game, command): parser for game, command, _, parser in ALL}
    for where, rules in all_rules().items():
        assert where in found, where
        for rule in rules:
            for option in rule.options + rule.against + rule.helps:
                if option.startswith("-"):
                    assert option in found[where]._option_string_actions, (where, option)


CASES = [(game, command, argv, parser, rule, option)
         for game, command, argv, parser in ALL for rule in _contract.rules(game, command)
         for option in rule.options]


@pytest.mark.parametrize("game, command, argv, parser, rule, option", CASES,
                         ids=[f"{' '.join(c[2])} {c[5]}" for c in CASES])
def test_an_option_that_does_not_apply_is_refused(game, command, argv, parser, rule, option, tmp_path,
                                                  monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    line = argv + key(game, command, BASE) + with_values(parser, [option, *rule.against])
    with pytest.raises(SystemExit) as stop:
        main(line)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == "" and os.listdir(tmp_path) == [], (line, err)
    *usage, last = err.splitlines()
    assert usage[0].startswith(f"usage: gridgames {' '.join(argv)} ")
    assert all(u.startswith(" ") for u in usage[1:])  # the usage, then one line
    def shown(word):  # as argparse names an option: all its spellings
        action = parser._option_string_actions.get(word)
        return "/".join(action.option_strings) if action else word
    why = " ".join(map(shown, rule.why.split()))
    assert last == f"gridgames {' '.join(argv)}: error: argument {shown(option)}: {why}", line


@pytest.mark.parametrize("game, command, argv, parser, rule, option", CASES,
                         ids=[f"{' '.join(c[2])} {c[5]}" for c in CASES])
def test_where_it_applies_the_option_passes(game, command, argv, parser, rule, option):
    line = argv + key(game, command, BASE) + with_values(parser, [option, *rule.helps])
    args = build_parser().parse_args(line)
    _contract.enforce(args)  # no SystemExit
    assert parser._option_string_actions[option].dest in args.given


def test_given_means_on_the_command_line_even_at_the_default_value():
    args = build_parser().parse_args(["samegame", "solve", "b.txt", "--width", "10"])
    assert args.width == 10 and "width" in args.given
    args = build_parser().parse_args(["samegame", "solve", "b.txt"])
    assert args.width == 10 and "width" not in args.given and args.tabu is True
    args = build_parser().parse_args(["gopher", "judge", "x"])  # a str default goes through its type
    assert args.team == "0" and args.program == 6 and args.given == set()
