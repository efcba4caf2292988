"""The command-line contract on real, small inputs:

- every option of every command alone and with every other one (pairwise),
  and a fixed-seed random sample of larger combinations, each run with
  small budgets: never a traceback, an exit status from the documented set,
  and a standard error of one-line messages (or argparse's usage and one
  line);
- every command fed files full of control bytes: no raw control byte
  reaches standard output or standard error (the one rule: _judge.quoted).

The options come from the parsers (test_cli_contract's machinery), so an
option added later is walked too."""
import itertools
import os
import random
import sys

import pytest

from gridgames.cli import main
from helpers import BASE, commands, inputs, key, options, with_values

JUNK = b"\x1b]0;pwned\x07 \x08\x7f\xff\xfe\x00 1 2 ,\r\n\x1b[2J 3 \x0b\x0c\x1c\n"

ALL = list(commands())

# 0 done, 1 bad input, 2 usage / files, 3 numberlink's 'unknown', 42 / 43 validate --kattis
DOCUMENTED = {0, 1, 2, 3, 42, 43}
def tiny(parser, tokens):
    """``tokens`` with values (test_cli_contract's), seconds made tiny: a
    pair such as --time with the strongest search runs a moment, not 2 s."""
    line = with_values(parser, tokens)
    return [("0.05" if parser._option_string_actions.get(before, None) is not None
             and parser._option_string_actions[before].metavar == "SECONDS" else word)
            for before, word in zip([""] + line, line)]


@pytest.fixture
def run(tmp_path, monkeypatch, capfd):
    """Run one command line in a fresh directory holding the inputs; (status, stdout, stderr)."""
    monkeypatch.setitem(sys.modules, "gridgames.samegame.research._ray", None)  # --ray: refused, no Ray started
    count = itertools.count()

    def go(argv, files):
        where = tmp_path / str(next(count))
        where.mkdir()
        for name, data in files.items():
            (where / name).write_bytes(data)
        monkeypatch.chdir(where)
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse's usage errors and --help
            status = stop.code
        out, err = capfd.readouterr()
        return status, out, err
    return go


def check(line, status, err):
    assert status in DOCUMENTED, (line, status, err)
    assert "Traceback" not in err, (line, err)
    if status in (1, 2, 3):  # the error: its last line, one line, naming the program
        assert err.splitlines()[-1].startswith("gridgames"), (line, err)
    if status == 2 and err.startswith("usage: "):  # argparse's usage (its lines indented), then one line
        assert len([t for t in err.splitlines() if not t.startswith((" ", "usage: "))]) == 1, (line, err)


def combinations(parser, sizes):
    names = sorted(options(parser))
    return [combo for size in sizes for combo in itertools.combinations(names, size)]


COMMANDS = [(game, command, argv, parser) for game, command, argv, parser in ALL]
IDS = [" ".join(argv) for _, _, argv, _ in COMMANDS]


@pytest.mark.slow
@pytest.mark.parametrize("game, command, argv, parser", COMMANDS, ids=IDS)
def test_every_pair_of_options(game, command, argv, parser, run):
    files = inputs(game)
    for combo in combinations(parser, (1, 2)):
        line = argv + key(game, command, BASE) + tiny(parser, list(combo))
        check(line, *run(line, files)[::2])


@pytest.mark.slow
@pytest.mark.parametrize("game, command, argv, parser", COMMANDS, ids=IDS)
def test_a_random_sample_of_larger_combinations(game, command, argv, parser, run):
    names = sorted(options(parser))
    if len(names) < 3:
        pytest.skip("no combination of 3 or more options")
    rng, files = random.Random(f"49 {' '.join(argv)}"), inputs(game)
    for _ in range(12):
        combo = rng.sample(names, rng.randint(3, min(6, len(names))))
        line = argv + key(game, command, BASE) + tiny(parser, combo)
        check(line, *run(line, files)[::2])


def raw_control(data):
    """The control bytes in ``data`` that a terminal acts on (all but newline and tab)."""
    return sorted({b for b in data if (b < 0x20 and b not in b"\n\t") or b == 0x7f})


# Where one file of junk is not enough: the others valid, so the junk is read.
JUNK_IN = [("samegame", ["samegame", "replay", "boards.txt", "moves.txt"], "moves.txt"),
           ("samegame", ["samegame", "solve", "boards.txt", "--improve", "runs.txt"], "runs.txt"),
           ("numberlink", ["numberlink", "check", "p.txt", "s.txt"], "s.txt"),
           ("samegame", ["samegame", "check", "in.txt", "ans.txt"], "ans.txt"),
           ("gopher", ["gopher", "check", "in.txt", "ans.txt"], "ans.txt")]


@pytest.mark.parametrize("game, command, argv, parser", COMMANDS, ids=IDS)
def test_no_control_byte_from_a_file_reaches_the_terminal(game, command, argv, parser, run):
    """Every command, every file it names full of junk: its messages escape it."""
    line = argv + key(game, command, BASE)
    files = {name: JUNK for name in inputs(game)}
    status, out, err = run(line, files)
    check(line, status, err)
    assert raw_control(os.fsencode(out) + os.fsencode(err)) == [], (line, out, err)


@pytest.mark.parametrize("game, line, junk", JUNK_IN, ids=[" ".join(c[1]) for c in JUNK_IN])
def test_no_control_byte_from_the_second_file_reaches_the_terminal(game, line, junk, run):
    files = dict(inputs(game), **{junk: JUNK})
    status, out, err = run(line, files)
    check(line, status, err)
    assert status in (1, 2) and err
    assert raw_control(os.fsencode(out) + os.fsencode(err)) == [], (line, out, err)


@pytest.mark.parametrize("field", ["score", "digest"])
def test_a_results_line_s_strings_are_escaped(field, run):
    line = b'{"board": 1, "moves": [[1, 1]], "%s": "\\u001b]0;x\\u0007"}\n' % field.encode()
    status, out, err = run(["samegame", "replay", "boards.txt", "moves.txt"], dict(inputs("samegame"),
                                                                               **{"moves.txt": line}))
    assert status == 1 and "'\\x1b]0;x\\x07'" in err and raw_control(os.fsencode(out + err)) == [], err
