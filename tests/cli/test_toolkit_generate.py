"""The generators: one seed, one file; every file valid and judged without
error; the edge cases occur often enough to matter."""
import importlib
import re

import pytest

from gridgames import _registry
from gridgames._runtime.strict_reader import Invalid
from helpers import JUDGE_GAMES

GAMES = JUDGE_GAMES
SEEDS = range(30)


def generate(game, seed, **options):
    return importlib.import_module(f"gridgames.{game}._generate").generate(seed, **options)


def judged(game, data, backend=None):
    result = importlib.import_module(f"gridgames.{game}").judge(data, backend=backend)
    assert result.error is None, (game, result.error)
    return result


@pytest.fixture(scope="module")
def files():
    """game -> [(input, output, warnings)] for SEEDS."""
    out = {}
    for game in GAMES:
        out[game] = []
        for seed in SEEDS:
            data = generate(game, seed)
            result = judged(game, data)
            out[game].append((data, result.output, result.warnings))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_names_one_file(game):
    assert generate(game, 7) == generate(game, 7)
    assert len({generate(game, seed) for seed in range(5)}) == 5


@pytest.mark.parametrize("game", GAMES)
def test_every_file_is_valid_and_judged(game, files, backend):
    for data, output, _ in files[game][:10]:
        _registry.validate(game, data)
        assert judged(game, data, backend).output == output  # both backends agree


@pytest.mark.parametrize("game", GAMES)
def test_every_file_is_valid(game, files):
    for data, _, _ in files[game]:
        try:
            _registry.validate(game, data)
        except Invalid as exc:  # pragma: no cover - the message is the point
            pytest.fail(f"{game}: {exc}\n{data[:400]!r}")


def share(files, predicate):
    return sum(1 for f in files if predicate(*f)) / len(files)


def lines(output):
    return output.decode().split("\n")


def test_samegame_edge_cases(files):
    f = files["samegame"]
    assert share(f, lambda i, o, w: "    Game Won" in lines(o)) >= 0.3
    assert share(f, lambda i, o, w: any(len(row) == 6 for row in lines(o)
                                         if row.startswith("    "))) >= 0.1  # a 1x1 grid
    assert share(f, lambda i, o, w: any(len(row) == 84 for row in lines(o))) >= 0.2  # 40 columns
    # an ignored pair with one zero
    assert share(f, lambda i, o, w: re.search(rb"(^|\s)0 [1-9]|[1-9] 0(\s|$)", i)) >= 0.5


def test_tilematch_edge_cases(files):
    f = files["tilematch"]
    assert share(f, lambda i, o, w: b"Board after drops:" in o) >= 0.5
    assert share(f, lambda i, o, w: b"The board is cleared!" in o) >= 0.2
    assert share(f, lambda i, o, w: b"Skipping" in o) >= 0.1
    assert share(f, lambda i, o, w: b"Move is invalid." in o) >= 0.5
    assert share(f, lambda i, o, w: "  -" in lines(o) or any(
        re.fullmatch(r"  \d", row) for row in lines(o))) >= 0.1  # a 1x1 board
    assert share(f, lambda i, o, w: any(row.count("   ") == 19 and row.startswith("  ")
                                         for row in lines(o))) >= 0.2  # 20 columns


def test_gopher_edge_cases(files):
    f = files["gopher"]
    assert share(f, lambda i, o, w: b"+-+\n" in o) >= 0.1  # a 1x1 field
    assert share(f, lambda i, o, w: b"+" + b"-" * 100 + b"+" in o) >= 0.2
    assert share(f, lambda i, o, w: b"!" in o) >= 0.3  # fell in a hole
    assert share(f, lambda i, o, w: bool(w)) >= 0.3  # a pick outside the field
    assert share(f, lambda i, o, w: b"| " in o or b" |" in o) >= 0.5  # a flood


@pytest.mark.parametrize("game, options, header", [
    ("samegame", dict(count=3, rows=1, cols=1), rb"1 1\n\d\n"),
    ("tilematch", dict(count=2, width=3, height=2, k=4, given_rows=0), rb"2\n[1-3] [12]\n4\n0\n"),
    ("gopher", dict(count=2, rows=3, cols=3, density=0.0), rb"[1-3] [1-3]\n0\n"),
])
def test_options_bound_the_files(game, options, header):
    for seed in range(5):
        data = generate(game, seed, **options)
        _registry.validate(game, data)
        assert re.match(header, data), data[:80]


def test_generate_cli(cli, tmp_path):
    p = cli("tilematch", "generate", "--seed", "5", "--count", "3")
    assert p.returncode == 0 and p.stdout.startswith(b"3\n")
    assert p.stdout == generate("tilematch", 5, count=3)
    p = cli("gopher", "generate", "--seed", "1", "-o", tmp_path / "g.in")
    assert p.returncode == 0 and (tmp_path / "g.in").read_bytes() == generate("gopher", 1)
    p = cli("samegame", "generate", "--rows", "11")
    # one style for every usage error: argparse's usage, then one error line
    rows = p.stderr.splitlines()
    assert p.returncode == 2 and rows[0].startswith(b"usage: gridgames samegame generate ")
    assert rows[-1] == b"gridgames samegame generate: error: --rows must be 1..10, not 11", p.stderr
    p2 = cli("samegame", "generate", "--count", "0")
    assert p2.returncode == 2 and p2.stderr.splitlines()[0] == rows[0]
    assert p2.stderr.splitlines()[-1].startswith(b"gridgames samegame generate: error: argument --count: ")
