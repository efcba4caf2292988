"""What several test files share (imported as ``helpers``; fixtures are in
conftest.py)."""
import importlib
import io
import itertools
import os
import random
import subprocess
import sys
import threading
from concurrent.futures import Future
from functools import cache
from pathlib import Path

from gridgames import _registry

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parents[1]


def script(path):
    """A script of benchmarks/ or docs/ (``path`` from the root) as a module,
    imported as it imports its neighbours when run: its folder on sys.path,
    and its own name in sys.modules (where a process pool finds its functions)."""
    folder = str((ROOT / path).parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(Path(path).stem)


def assert_refused(p, kept, prefix, words=()):
    """A judge command refused bad input: exit status 1, the output written
    before the bad token kept (``kept``), and exactly one line on standard
    error, no traceback, starting with ``prefix`` and containing ``words``."""
    assert p.returncode == 1
    assert p.stdout == kept
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and b"Traceback" not in p.stderr, p.stderr
    assert lines[0].startswith(prefix), (prefix, lines[0])
    for word in words:
        assert word in lines[0], (word, lines[0])


# The one list of games (gridgames._runtime.game_table), for the tests to parametrise over: this
# package's own (a game installed from elsewhere, examples/lightsout, is checked by gridgames.testing).
GAMES = tuple(game for game in _registry.games() if _registry.row(game).package == f"gridgames.{game}")
JUDGE_GAMES = tuple(game for game in _registry.judge_games() if game in GAMES)
OUTSIDE = frozenset(_registry.games(installed=True)) - frozenset(GAMES)
JUDGES = {game: _registry.package(game).judge for game in JUDGE_GAMES}


def optional(part, games):
    """pytest parameters of ``games``, each skipped, saying why, unless its row
    declares the optional ``part`` (``has``: "vector", "kattis", "baseline")."""
    import pytest  # (helpers is imported by tests only)
    return [pytest.param(game, marks=() if part in _registry.row(game).has else pytest.mark.skip(
        reason=f"{game}: optional, not declared: {part!r} is not in its row's has")) for game in games]


class Trickle(io.RawIOBase):
    """A binary file that hands over at most ``most`` bytes per read (pieces
    of random sizes), and remembers how much of it was read."""

    def __init__(self, data, most, seed=0):
        self.data, self.most, self.rng, self.done = bytes(data), most, random.Random(seed), 0

    def readable(self):
        return True

    def readinto(self, buffer):
        n = min(len(buffer), self.rng.randint(1, self.most), len(self.data) - self.done)
        buffer[:n] = self.data[self.done:self.done + n]
        self.done += n
        return n


_PEAK = ("import sys\nfrom gridgames.cli import main\nrc = main(sys.argv[1:])\n"
         "sys.stderr.write(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])\n"
         "sys.exit(rc)")


def peak_rss(args, blocks, *, backend, path=None):
    """Run ``gridgames ARGS -o /dev/null`` on the bytes of ``blocks`` (an
    iterable, generated on the fly), from a pipe, or from the file ``path``
    they are first written to; (exit status, standard error, peak RSS of the
    whole process in MB).  The peak is the child's own VmHWM (Linux): its
    ru_maxrss would count the pages it shared with this process at fork."""
    if backend == "pure" and "asan" in os.environ.get("LD_PRELOAD", ""):
        import pytest  # (helpers is imported by tests only)
        pytest.skip("under AddressSanitizer (tools/sanitize.sh) the pure twin's freed objects stay in its "
                    "quarantine: the peak is ASan's, not the twin's")
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    cmd = [sys.executable, "-c", _PEAK, *args]
    if path is not None:
        with open(path, "wb") as f:
            f.writelines(blocks)
        cmd.append(str(path))
    p = subprocess.Popen([*cmd, "-o", os.devnull], stdin=subprocess.DEVNULL if path else subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)

    def feed():
        try:
            p.stdin.writelines(blocks)
            p.stdin.close()
        except BrokenPipeError:   # it stopped reading: its exit status tells why
            pass
    writer = threading.Thread(target=feed) if path is None else None
    if writer:
        writer.start()
    err = p.stderr.read()
    if writer:
        writer.join()
    status = p.wait()
    message, _, peak = err.rpartition(b"\n")
    return status, message, int(peak) / 1024


def repeated(block, size, head=b""):
    """``head``, then ``block`` repeated size // len(block) times, in pieces of about 1 MB."""
    yield head
    count, each = size // len(block), max(1, (1 << 20) // len(block))
    for _ in range(count // each):
        yield block * each
    yield block * (count % each)


# --- Number Link: the solutions of a small board, by brute force ---------------

def near(rows, cols, i):
    r, c = divmod(i, cols)
    return [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def valid_solution(rows, cols, puzzle, cells):
    """The spec's rules, written again: all non-solid squares on a path, each
    endpoint with one same-path neighbour, every other path square two, and
    each path connected (so no separate loop)."""
    for i, v in enumerate(cells):
        if puzzle[i] == -1:
            continue
        same = sum(cells[j] == v for j in near(rows, cols, i))
        if v <= 0 or same != (1 if puzzle[i] > 0 else 2):
            return False
    for v in set(cells) - {-1}:
        squares = {i for i, u in enumerate(cells) if u == v}
        seen, todo = set(), [min(squares)]
        while todo:
            i = todo.pop()
            if i not in seen:
                seen.add(i)
                todo += [j for j in near(rows, cols, i) if cells[j] == v]
        if seen != squares:
            return False
    return True


@cache
def brute_force(rows, cols, puzzle):
    """Every solution, as a set of cell tuples: each pair in turn is joined by
    every simple path over empty squares that never touches its own earlier
    squares (other than the one it came from); the full board is then
    checked with valid_solution."""
    k = max(puzzle, default=0)
    ends = {v: [i for i, u in enumerate(puzzle) if u == v] for v in range(1, k + 1)}
    cells = list(puzzle)
    found = set()

    def pair(v):
        if v > k:
            if valid_solution(rows, cols, puzzle, cells):
                found.add(tuple(cells))
            return
        a, b = ends[v]
        walk(v, a, b, [a])

    def walk(v, cur, b, path):
        for m in near(rows, cols, cur):
            if m == b:
                pair(v + 1)
            elif cells[m] == 0 and not any(cells[j] == v and j not in (cur, b)
                                           for j in near(rows, cols, m)):
                cells[m] = v
                path.append(m)
                walk(v, m, b, path)
                path.pop()
                cells[m] = 0

    pair(1)
    return frozenset(found)


BIG = 10 ** 6  # a limit no small board reaches


def canonical_boards(rows, cols, solids, pairs=None):
    """Every board with squares empty, (if ``solids``) solid, or endpoints
    paired in every way (at most ``pairs`` pairs), numbered by first appearance."""
    n = rows * cols
    for mask in itertools.product((0, -1) if solids else (0,), repeat=n):
        free = [i for i in range(n) if mask[i] == 0]
        for m in range(len(free) // 2 + 1 if pairs is None else pairs + 1):
            for chosen in itertools.combinations(free, 2 * m):
                yield from pairings(list(chosen), list(mask))


def pairings(squares, board, label=1):
    if not squares:
        yield tuple(board)
        return
    first = squares[0]
    for j in range(1, len(squares)):
        other = squares[j]
        board[first] = board[other] = label
        yield from pairings(squares[1:j] + squares[j + 1:], board, label + 1)
        board[first] = board[other] = 0


# Small Gymnasium settings so that episodes end quickly (SameGame: 10 rows is the
# board's limit until it takes research sizes); the single and the batched envs' tests.
SMALL_ENVS = {
    "gridgames/SameGame-v0": {"rows": 6, "cols": 8, "colours": 3},
    "gridgames/Gopher-v0": {"rows": 6, "cols": 7, "holes": 6},
    "gridgames/TileMatch-v0": {"width": 5, "height": 6, "kinds": 3, "filled": 3, "max_moves": 40},
    "gridgames/NumberLink-v0": {"rows": 4, "cols": 5, "max_steps": 60},
}


def ray_cluster(nodes):
    """A local Ray cluster of `nodes` nodes of one CPU each, this process connected (a fixture's body)."""
    import ray
    from ray.cluster_utils import Cluster
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    for _ in range(nodes - 1):
        c.add_node(num_cpus=1)
    c.wait_for_nodes()
    ray.init(address=c.address, logging_level="ERROR", log_to_driver=False)
    yield c
    ray.shutdown()
    c.shutdown()


# Walking the command line's parsers (test_cli_contract.py, test_cli_docs.py).
def subparsers(parser):
    """name -> parser of the commands under ``parser`` (its ``_subparsers``), or {}."""
    import argparse
    if parser._subparsers is None:
        return {}
    return next(a for a in parser._subparsers._group_actions if isinstance(a, argparse._SubParsersAction)).choices


def build_parser():
    """The parser of ``gridgames`` with every command built whole (main()
    builds only the one it runs)."""
    from gridgames.cli import _args, build_parser as build
    _args.WANTED = None
    return build()


def commands():
    """(game, command or None, prefix of argv, parser) of every command."""
    for game, game_parser in subparsers(build_parser()).items():
        found = subparsers(game_parser)
        if not found:
            yield game, None, [game], game_parser
        for name, parser in found.items():
            yield game, name, [game, name], parser


def options(parser):
    """The options of a parser, each by its first spelling ('-o', not '--output')."""
    import argparse
    return {a.option_strings[0]: a
            for a in parser._actions if a.option_strings and a.help != argparse.SUPPRESS
            and not isinstance(a, argparse._HelpAction)}


# --- A game from outside: examples/lightsout, copied and registered (test_adding_a_game.py) ---

LIGHTSOUT = Path(__file__).parent.parent / "examples" / "lightsout" / "src" / "lightsout"


def toy_game(tmp_path, monkeypatch, edit=None):
    """examples/lightsout copied under ``tmp_path`` (``edit(directory)`` may
    change it) and registered as "lightsout" (the row of its _row.py); a
    generator: after it, the row it replaced (an installed copy's) is back."""
    import shutil

    from gridgames._runtime import game_table
    shutil.copytree(LIGHTSOUT, tmp_path / "lightsout")
    if edit is not None:
        edit(tmp_path / "lightsout")
    monkeypatch.syspath_prepend(str(tmp_path))
    installed = game_table.GAMES.pop("lightsout", None)
    drop_modules("lightsout")
    from lightsout._row import GAME
    game_table.register("lightsout", GAME)
    yield tmp_path / "lightsout"
    del game_table.GAMES["lightsout"]  # registered above: taken out again
    drop_modules("lightsout")
    if installed is not None:
        game_table.GAMES["lightsout"] = installed


def drop_modules(package):
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]


def all_rules():
    """(game, command) -> its option rules (gridgames.cli._contract), for every game's commands that have some."""
    from gridgames._registry import command_line, games
    from gridgames.cli._contract import rules
    commands = {}
    for game in games():
        own = getattr(command_line(game), "rules", None)
        commands[game] = set(own() if own is not None else ()) | {"judge"}
    found = {(game, command): rules(game, command) for game in commands for command in commands[game]}
    return {key: value for key, value in found.items() if value}


# The command-line contract's tables (tests/cli/test_cli_contract*.py).
# A valid command line up to its options (the files need not exist: a refusal comes first).
BASE = {"judge": ["in.txt"], "generate": [], "validate": ["in.txt"], "check": ["in.txt", "ans.txt"],
        "show": ["in.txt", "--html", "page.html"], "samegame solve": ["boards.txt"],
        "samegame replay": ["boards.txt", "moves.txt"], "gopher solve": ["in.txt"],
        "numberlink generate": ["5"], "numberlink solve": ["in.txt"], "numberlink check": ["p.txt", "s.txt"],
        "package": ["samegame", "pkg"], "completion": ["bash"], "manpage": []}


BOARD = "0 1 0 1 2\n1 0 1 2 2\n0 1 2 1 0\n2 2 0 1 1\n"
# Each file BASE names, per game (numberlink's FILEs are puzzles and solutions).
JUDGE = {"samegame": ("sample.in", "sample.out"), "tilematch": ("sample1.in", "sample1.out"),
         "gopher": ("sample.in", "sample.out")}


def inputs(game):
    """name -> bytes of every file BASE names, valid for ``game``."""
    if game == "numberlink":
        puzzle = (DATA / "numberlink" / "example.puzzle").read_bytes()
        return {"in.txt": puzzle, "p.txt": puzzle, "s.txt": (DATA / "numberlink" / "example.solution").read_bytes()}
    found = {"boards.txt": BOARD.encode(), "moves.txt": b"1,1\n"}  # a legal move of BOARD
    if game in JUDGE:
        found["in.txt"], found["ans.txt"] = ((DATA / game / name).read_bytes() for name in JUDGE[game])
    return found


def key(game, command, table):
    """The entry of ``table`` for 'game command', else for 'command' (shared by the games)."""
    name = f"{game} {command}" if command else game
    return table[name] if name in table else table[command]


def with_values(parser, tokens):
    """``tokens`` with a valid value after each option that takes one and has none."""
    out = []
    for i, token in enumerate(tokens):
        out.append(token)
        action = parser._option_string_actions.get(token)
        if action is None or action.nargs == 0 or action.nargs == "?":
            continue
        if i + 1 < len(tokens) and not tokens[i + 1].startswith("-"):
            continue
        out += [value(action)] * (action.nargs if isinstance(action.nargs, int) else 1)
    return out


def value(action):
    if hasattr(action.type, "example"):  # a type that takes only some names (--svg FILE.svg)
        return action.type.example
    if action.choices:
        return str(list(action.choices)[0])
    if action.type is None or action.type is str:
        return action.dest + ".out"  # a file: the test checks that nothing is written
    return "2"  # every number option takes 2 (counts, sizes, seconds, seeds, biases)


class Serial:
    """An executor that runs each task at once, in the caller."""

    def submit(self, fn, *args):
        f = Future()
        f.set_result(fn(*args))
        return f
