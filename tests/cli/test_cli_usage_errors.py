"""What every command shares (parsed in-process, no kernel work): usage
errors name no internal function and come from the command that was given
the bad option, with that command's usage."""
import argparse

import pytest

from gridgames.cli import build_parser, main

ODD = ["x", "", "-", "²", "1" * 5000, "1e3", "0x10", "-0"]


def typed_options(parser, path=()):
    """(command path, option string or metavar, type function) of every
    argument with a custom ``type=``, in every command."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from typed_options(sub, (*path, name))
        elif action.type is not None and action.type not in (int, str, float):
            yield path, action


@pytest.mark.parametrize("path, action", list(typed_options(build_parser())),
                         ids=lambda v: " ".join(v) if isinstance(v, tuple) else v.dest)
@pytest.mark.parametrize("value", ODD, ids=range(len(ODD)))
def test_no_internal_names_in_usage_errors(path, action, value, capsys):
    try:
        action.type(value)
    except argparse.ArgumentTypeError as exc:  # our own message: fine
        assert value[:20] in str(exc) or value == "", str(exc)
    # any other exception would make argparse print "invalid _side value"


def run(capsys, *argv):
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    return stop.value.code, capsys.readouterr().err


@pytest.mark.parametrize("argv, command", [
    (["numberlink", "generate", "3", "--bogus"], "numberlink generate"),
    (["numberlink", "check", "--bogus", "a", "b"], "numberlink check"),
    (["samegame", "--bogus"], "samegame judge"),          # the default command
    (["samegame", "judge", "-", "--bogus"], "samegame judge"),
    (["gopher", "--bogus", "x"], "gopher judge"),
    (["tilematch", "in.txt", "--bogus"], "tilematch judge"),
])
def test_unknown_option_is_reported_by_its_command(capsys, argv, command):
    status, err = run(capsys, *argv)
    assert status == 2
    assert err.startswith(f"usage: gridgames {command} ")
    assert err.endswith(f"gridgames {command}: error: unrecognized arguments: --bogus\n")


def test_unknown_option_before_the_game_is_reported_by_gridgames(capsys):
    status, err = run(capsys, "--bogus", "samegame")
    assert status == 2 and "gridgames: error: unrecognized arguments: --bogus" in err


def test_bad_value_is_reported_with_the_metavar(capsys):
    status, err = run(capsys, "numberlink", "generate", "²")
    assert status == 2
    assert err.endswith("gridgames numberlink generate: error: argument SIZE: "
                        "board sides are 1..1000, not '²'\n")
