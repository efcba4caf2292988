"""`samegame solve --help` gives each search option's default for both
searches that run by default: the plain one, and strongest()'s, which
--time without --algo runs (read from strongest(), so a change to it
changes the help)."""
import re

import pytest

from gridgames.cli import _solve_options, main
from gridgames.samegame import _single

PLAIN = {"level": "1", "iterations": "100", "restarts": "0", "tabu_colour": "'auto'"}  # as the help says them
FLAGS = {"level": "--level", "iterations": "--iterations", "restarts": "--restarts", "tabu_colour": "--tabu-colour"}


def helps(capsys):
    """Each option's help text of solve --help, on one line."""
    with pytest.raises(SystemExit):
        main(["samegame", "solve", "--help"])
    text = capsys.readouterr().out
    found = {}
    for part in re.split(r"\n  (?=-)", text):
        flag, _, rest = part.partition(" ")
        found[flag] = " ".join(rest.split())
    return found


def said(value):
    return f"'{value}'" if isinstance(value, str) else "until the time is up" if value is None else str(value)


def check(found, strongest):
    algo, options = strongest
    assert f"the strongest measured, for that long per search: {algo.upper()} level {options['level']}" \
        in found["--algo"], found["--algo"]
    for key, flag in FLAGS.items():
        assert f"default {PLAIN[key]}" in found[flag], (flag, found[flag])
        if key in options and said(options[key]) != PLAIN[key]:
            assert f"{said(options[key])} with --time and no --algo" in found[flag], (flag, found[flag])


def test_the_help_gives_the_defaults_of_both_searches(capsys):
    check(helps(capsys), _single.strongest())


def test_the_help_follows_strongest(capsys, monkeypatch):
    other = ("nrpa", dict(level=4, iterations=50, restarts=None, tabu_colour=2))
    monkeypatch.setattr(_solve_options, "strongest", lambda: other)
    found = helps(capsys)
    check(found, other)
    assert "level 3" not in found["--algo"] and "best" not in found["--tabu-colour"].partition(";")[2]
