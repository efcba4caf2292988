"""The fuzz targets of tools/fuzz.py: each takes the fuzzer's bytes and raises
``Finding`` when the compiled kernel and its pure twin disagree (output bytes,
errors and warnings alike), when a read in pieces differs from a read of all
the bytes, or when anything raises what it should not.  A native crash is a
finding too (the fuzzer sees the process die).

The same functions replay the reproducers in tests/data/fuzz/ (tests/judges/test_fuzz_reproducers.py):
they need gridgames with its compiled kernels, not atheris.
"""
from __future__ import annotations

import contextlib
import io
import random
import zlib

from gridgames import gopher, numberlink, samegame, tilematch
from gridgames._registry import compare, validator
from gridgames._runtime.judge import InputError, JudgeError
from gridgames._runtime.strict_reader import Invalid
from gridgames.numberlink._text import read_puzzles
from gridgames.samegame._text import format_boards, parse_boards
from gridgames.samegame.research._jobs import Result
from gridgames.samegame.research._moves import parse_moves

BACKENDS = ("compiled", "pure")
JUDGES = {"samegame": samegame.judge, "tilematch": tilematch.judge, "gopher": gopher.judge}


class Finding(AssertionError):
    """A divergence or an unexpected error: the fuzz input is a reproducer."""


def same(what: str, a: object, b: object) -> None:
    if a != b:
        raise Finding(f"{what}: compiled {a!r:.300} != pure {b!r:.300}")


class Trickle(io.RawIOBase):
    """A binary file that hands over at most ``most`` bytes per read (random sizes)."""

    def __init__(self, data: bytes, most: int, seed: int) -> None:
        self.data, self.most, self.rng, self.done = data, most, random.Random(seed), 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        n = min(len(buffer), self.rng.randint(1, self.most), len(self.data) - self.done)
        buffer[:n] = self.data[self.done:self.done + n]
        self.done += n
        return n


def outcome(call, *args, **kwargs) -> tuple:  # type: ignore[no-untyped-def]
    """("ok", value) or ("raised", type, message): what a call did, comparable
    between backends."""
    try:
        return ("ok", call(*args, **kwargs))
    except (ValueError, TypeError, IndexError, OverflowError, KeyError) as exc:
        return ("raised", type(exc).__name__, str(exc))


# --- the judges: bytes in, bytes out -----------------------------------------

def judge_outcome(game: str, data: object, backend: str) -> tuple:
    try:
        out, err, warnings = JUDGES[game](data, backend=backend)
    except Exception as exc:  # a judge reports bad input in its result, never by raising
        raise Finding(f"{game} judge ({backend}) raised {type(exc).__name__}: {exc}") from exc
    if err is not None and not isinstance(err, JudgeError):
        raise Finding(f"{game} judge ({backend}) error is a {type(err).__name__}")
    return out, None if err is None else (str(err), err.line, err.column), [str(w) for w in warnings]


def judge_target(game: str, data: bytes) -> None:
    """Compiled against pure on the bytes, and one of them (drawn) on the same
    bytes read in random pieces (backend, sizes and seed drawn from the bytes:
    a reproducer replays); what emit was handed plus the rest is the output."""
    whole = judge_outcome(game, data, "compiled")
    same(f"{game} judge", whole, judge_outcome(game, data, "pure"))
    crc = zlib.crc32(data)
    most, backend = 1 + crc % 41, BACKENDS[crc >> 8 & 1]  # one backend a time: the pure one is slow
    same(f"{game} judge, {backend}, read in pieces of 1..{most} bytes (seed {crc})",
         whole, judge_outcome(game, Trickle(data, most, crc), backend))
    # what was emitted, then the rest, is the whole output
    chunks: list[bytes] = []
    out, err, _ = JUDGES[game](data, backend="compiled", emit=chunks.append)
    same(f"{game} judge, emitted", whole[0], b"".join(chunks) + out)


def samegame_judge(data: bytes) -> None:
    judge_target("samegame", data)


def tilematch_judge(data: bytes) -> None:
    judge_target("tilematch", data)


def gopher_judge(data: bytes) -> None:
    judge_target("gopher", data)


# --- Number Link: the text reader, then the checker ---------------------------

def verdicts(puzzle: numberlink.Puzzle, solution: numberlink.Solution) -> numberlink.Verdict:
    found = [numberlink.check(puzzle, solution, backend=b) for b in BACKENDS]
    same("numberlink check", *found)
    return found[0]


def numberlink_reader(data: bytes) -> None:
    """The reader (one, shared) refuses bad text with one JudgeError and
    nothing else; what it accepts renders back to text it reads the same; a
    puzzle and a solution read from the same text are checked alike by both backends."""
    boards = []
    for kind in (numberlink.Puzzle, numberlink.Solution):
        try:
            board = kind.from_text(data)
        except JudgeError:
            boards.append(None)
            continue
        except Exception as exc:
            raise Finding(f"{kind.__name__}.from_text raised {type(exc).__name__}: {exc}") from exc
        again = kind.from_text(board.render())
        if again != board:
            raise Finding(f"{kind.__name__}: render() reads back as another board")
        boards.append(board)
    puzzle, solution = boards
    if puzzle is not None and solution is not None:
        verdicts(puzzle, solution)
    for fmt in ("text", "chars", "auto"):
        try:
            for rows, cols, cells, _labels in read_puzzles(data, fmt):
                if len(cells) != rows * cols:
                    raise Finding(f"read_puzzles({fmt!r}) gave {len(cells)} cells for {rows}x{cols}")
        except JudgeError:
            pass
        except Exception as exc:
            raise Finding(f"read_puzzles({fmt!r}) raised {type(exc).__name__}: {exc}") from exc


class Draw:
    """Numbers drawn from the fuzzer's bytes (0 once they run out): the same
    bytes give the same draws, with or without atheris."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def left(self) -> int:
        return len(self.data) - self.at

    def byte(self) -> int:
        if self.at >= len(self.data):
            return 0
        self.at += 1
        return self.data[self.at - 1]

    def int(self, lo: int, hi: int) -> int:
        """lo..hi (hi - lo < 65536)."""
        span = hi - lo + 1
        v = self.byte() | self.byte() << 8 if span > 256 else self.byte()
        return lo + v % span

    def coord(self, size: int) -> int:
        """Mostly inside 1..size, sometimes just outside, now and then far off."""
        k = self.byte()
        if k < 8:
            return [-(2 ** 63), 2 ** 63, -(2 ** 31) - 1, 2 ** 31, -1, 0, 10 ** 30, -(10 ** 30)][k]
        return self.int(-1, size + 2)


def numberlink_checker(data: bytes) -> None:
    """A generated puzzle (both backends generate the same) and a solution
    changed square by square from the fuzzer's bytes: the verdicts agree."""
    d = Draw(data)
    rows, cols, seed = d.int(1, 9), d.int(1, 9), d.int(0, 65535)
    gen = [numberlink.generate(rows, cols, seed, backend=b) for b in BACKENDS]
    same("numberlink generate", *gen)
    puzzle, solution = gen[0]
    if d.byte() & 1:  # a puzzle read from the fuzzer's cells instead
        cells = [d.int(-1, 3) for _ in range(rows * cols)]
        try:
            puzzle = numberlink.Puzzle(rows, cols, cells)
        except ValueError:
            pass
    cells = list(solution.cells)
    top = max(1, puzzle.pairs)
    while d.left() > 1 and cells:
        cells[d.int(0, len(cells) - 1)] = d.int(-1, top + 1)
    try:
        changed = numberlink.Solution(rows, cols, cells)
    except ValueError:
        return
    verdicts(puzzle, changed)
    verdicts(puzzle, solution)


# --- the research text reader -----------------------------------------------------

def research_reader(data: bytes) -> None:
    """parse_boards refuses bad text with one FormatError (an InputError);
    what it accepts formats back to the same boards; each board built on
    both backends gives the same moves, rendering and first playouts."""
    text = data.decode("utf-8", "replace")  # as the research command line reads a file
    try:
        boards = parse_boards(text, "f.txt")
    except InputError as exc:
        if "\n" in str(exc) or not str(exc).startswith("f.txt:"):
            raise Finding(f"FormatError not one located line: {exc!r}") from exc
        return
    except Exception as exc:
        raise Finding(f"parse_boards raised {type(exc).__name__}: {exc}") from exc
    if parse_boards(format_boards(boards)) != boards:
        raise Finding("format_boards(boards) reads back as other boards")
    for rows in boards[:3]:
        pair = [outcome(samegame.Board, rows, backend=b) for b in BACKENDS]
        same("Board(rows)", *[p if p[0] == "raised" else "ok" for p in pair])
        if pair[0][0] != "ok":
            continue
        a, b = pair[0][1], pair[1][1]
        same("moves", a.moves(), b.moves())
        same("render", a.render(), b.render())
        same("playouts", a.playouts(1, seed=len(data)), b.playouts(1, seed=len(data)))


# --- the validators and the checkers: a whole file against the same read in pieces ---

JUDGE_GAMES = ("samegame", "tilematch", "gopher")


class Pieces(Trickle):
    """Trickle with ``read`` and ``readline`` (the validators and comparers
    read streams): at most ``most`` bytes a call."""

    def read(self, n: int = -1) -> bytes:  # type: ignore[override]
        piece = bytearray(self.most if n < 0 else min(n, self.most))
        return bytes(piece[:self.readinto(memoryview(piece))])


def validated(game: str, src: object) -> tuple:
    """("valid", count) or ("invalid", message): the validator raises Invalid only, in one line."""
    try:
        return ("valid", validator(game).validate(src))
    except Invalid as exc:
        if "\n" in str(exc):
            raise Finding(f"{game} validate: a message of several lines: {exc!r}") from exc
        return ("invalid", str(exc))
    except Exception as exc:
        raise Finding(f"{game} validate raised {type(exc).__name__}: {exc}") from exc


def validators(data: bytes) -> None:
    """The first byte picks the game, the rest is a judge file: validated
    whole and read in random pieces, the same verdict and message; a file
    the strict validator accepts is judged without error on both backends."""
    game, rest = JUDGE_GAMES[data[:1][0] % 3 if data else 0], data[1:]
    crc = zlib.crc32(rest)
    whole = validated(game, rest)
    same(f"{game} validate, read in pieces (seed {crc})", whole, validated(game, Pieces(rest, 1 + crc % 41, crc)))
    if whole[0] == "valid":
        judged = judge_outcome(game, rest, "compiled")
        same(f"{game} judge of a valid file", judged, judge_outcome(game, rest, "pure"))
        if judged[1] is not None:
            raise Finding(f"{game}: the validator accepts a file the judge refuses: {judged[1]}")


def checkers(data: bytes) -> None:
    """The first byte picks the game, the next two where INPUT ends and
    ANSWER begins: the right output (both backends alike) against ANSWER,
    strict and lenient, whole and both files read in random pieces: the
    same verdict, one line; the right output against itself is accepted."""
    d = Draw(data)
    game = JUDGE_GAMES[d.byte() % 3]
    cut = d.at + d.int(0, 65535) % (d.left() + 1)
    text, answer = data[d.at:cut], data[cut:]
    right = judge_outcome(game, text, "compiled")
    same(f"{game} judge", right, judge_outcome(game, text, "pure"))
    expected, crc = right[0], zlib.crc32(data)
    rule = compare(game)
    for lenient in (False, True):
        try:
            whole = rule(expected, answer, lenient)
            pieces = rule(Pieces(expected, 1 + crc % 23, crc), Pieces(answer, 1 + crc % 29, crc + 1), lenient)
            itself = rule(expected, expected, lenient)
        except Exception as exc:
            raise Finding(f"{game} compare raised {type(exc).__name__}: {exc}") from exc
        same(f"{game} compare (lenient={lenient}), read in pieces (seed {crc})", whole, pieces)
        if itself is not None or (whole is not None and "\n" in whole):
            raise Finding(f"{game} compare (lenient={lenient}): {itself or whole!r}")


# --- the move files of replay, the result lines of solve -o ---------------------

MOVE_BOARD = [[0, 1, 0, 1, 2], [1, 0, 1, 2, 2], [0, 1, 2, 1, 0], [2, 2, 0, 1, 1]]


def moves_reader(data: bytes) -> None:
    """parse_moves refuses bad text with one located FormatError; each game it
    reads replays alike on both backends; Result.from_line refuses a line
    that is not a result with ValueError only."""
    text = data.decode("utf-8", "surrogateescape")  # as replay reads MOVES
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # (a torn last line is said there)
            games = parse_moves(text, "m.txt")
    except InputError as exc:
        if "\n" in str(exc) or not str(exc).startswith("m.txt:"):
            raise Finding(f"FormatError not one located line: {exc!r}") from exc
        games = []
    except Exception as exc:
        raise Finding(f"parse_moves raised {type(exc).__name__}: {exc}") from exc
    boards = [samegame.Board(MOVE_BOARD, backend=b) for b in BACKENDS]
    for game in games[:4]:
        same("replay", *[outcome(b.copy().replay, game.moves[:50]) for b in boards])
    for line in text.split("\n")[:4]:
        try:
            Result.from_line(line)
        except (ValueError, UnicodeDecodeError):
            pass
        except Exception as exc:
            raise Finding(f"Result.from_line raised {type(exc).__name__}: {exc}") from exc


# --- the objects: random call sequences, both backends side by side -------------

def _samegame_ops(d: Draw) -> None:
    rows, cols = d.int(1, 8), d.int(1, 10)
    colours = d.int(1, 6)
    grid = [[d.int(0, colours - 1) for _ in range(cols)] for _ in range(rows)]
    boards = [samegame.Board(grid, backend=b) for b in BACKENDS]
    while d.left() > 0:
        op = d.byte() % 8
        r, c = d.coord(rows), d.coord(cols)
        if op == 0:
            same("select", *[outcome(x.select, r, c) for x in boards])
        elif op == 1:
            same("region", *[outcome(x.region, r, c) for x in boards])
        elif op == 2:
            same("moves", *[x.moves() for x in boards])
        elif op == 3:
            same("won, over, score, remaining", *[(x.won, x.over, x.score, x.remaining) for x in boards])
        elif op == 4:
            boards = [x.copy() for x in boards]
        elif op == 5:
            seed = d.int(0, 255)
            same("playouts", *[x.playouts(2, seed=seed, policy=("random", "tabu")[r & 1]) for x in boards])
        elif op == 6:
            moves = [(d.coord(rows), d.coord(cols)) for _ in range(d.int(0, 3))]
            same("replay", *[outcome(x.copy().replay, moves) for x in boards])
        same("grid", *[x.grid() for x in boards])
    same("render", *[x.render() for x in boards])


def _tilematch_ops(d: Draw) -> None:
    width, rows, k = d.int(1, 8), d.int(1, 8), d.int(1, 5)
    height = d.int(1, rows + 1)
    grid = [[d.int(0, 4) for _ in range(width)] for _ in range(rows)]
    made = [outcome(tilematch.Board, grid, k=k, height=height, backend=b) for b in BACKENDS]
    same("Board()", *[m if m[0] == "raised" else "ok" for m in made])
    if made[0][0] != "ok":
        return
    boards = [m[1] for m in made]
    while d.left() > 0:
        op = d.byte() % 6
        if op == 0:
            move = [d.coord(width) - 1, d.coord(height) - 1, d.coord(width) - 1, d.coord(height) - 1]
            same("move", *[outcome(x.move, *move) for x in boards])
        elif op == 1:
            same("drop", *[x.drop() for x in boards])
        elif op == 2:
            same("eliminate", *[x.eliminate() for x in boards])
        elif op == 3:
            same("settle", *[list(x.settle()) for x in boards])
        elif op == 4:
            boards = [x.copy() for x in boards]
        same("grid", *[(x.grid(hidden=True), x.tiles, x.cleared) for x in boards])
    same("render", *[x.render() for x in boards])


def _gopher_ops(d: Draw) -> None:
    rows, cols = d.int(1, 12), d.int(1, 12)
    holes = [(d.coord(rows), d.coord(cols)) for _ in range(d.int(0, 10))]
    made = [outcome(gopher.Field, rows, cols, holes, backend=b) for b in BACKENDS]
    same("Field()", *[m if m[0] == "raised" else "ok" for m in made])
    if made[0][0] != "ok":
        return
    fields = [m[1] for m in made]
    while d.left() > 0:
        op = d.byte() % 4
        if op < 2:
            r, c = d.coord(rows), d.coord(cols)
            same("pick", *[outcome(x.pick, r, c) for x in fields])
        elif op == 2:
            fields = [x.copy() for x in fields]
        same("state", *[(x.grid(), x.holes, x.fell, x.fell_at, x.won, x.safe_left) for x in fields])
    same("render", *[x.render() for x in fields])


def _numberlink_ops(d: Draw) -> None:
    rows, cols, seed = d.int(1, 5), d.int(1, 5), d.int(0, 255)
    gen = [numberlink.generate(rows, cols, seed, backend=b) for b in BACKENDS]
    same("generate", *gen)
    puzzle = gen[0].puzzle
    budget = numberlink.Budget(nodes=2000)
    same("count_solutions", *[repr(numberlink.count_solutions(puzzle, 2, budget=budget, sat=False, backend=b))
                              for b in BACKENDS])


API = (_samegame_ops, _tilematch_ops, _gopher_ops, _numberlink_ops)


def api(data: bytes) -> None:
    """The first byte picks the game; the rest builds an object on both
    backends and drives both through the same calls."""
    d = Draw(data)
    API[d.byte() % len(API)](d)


TARGETS = {
    "samegame": samegame_judge,
    "tilematch": tilematch_judge,
    "gopher": gopher_judge,
    "numberlink_reader": numberlink_reader,
    "numberlink_checker": numberlink_checker,
    "research_reader": research_reader,
    "api": api,
    "validators": validators,
    "checkers": checkers,
    "moves_reader": moves_reader,
}
JUDGE_TARGETS = ("samegame", "tilematch", "gopher")
