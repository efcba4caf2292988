"""A user's script, checked by ``mypy --strict`` in tests/project/test_typing.py
(never run): every documented result has its precise type, none is Any."""
from collections.abc import Iterator
from typing import Optional

from typing_extensions import assert_type

import gridgames
from gridgames import JudgeError, JudgeResult, JudgeWarning, gopher, numberlink, samegame, tilematch

assert_type(gridgames.BACKEND, str)
assert_type(gridgames.BACKENDS, dict[str, str])
assert_type(gridgames.__version__, str)

# SameGame
board = samegame.Board(["12", "11"])
assert_type(board.select(1, 1), int)
assert_type(board.moves(), list[tuple[int, int, int]])
assert_type(board.region(1, 1), list[tuple[int, int]])
assert_type(board.grid(), list[tuple[Optional[int], ...]])
assert_type(board.render(), str)
assert_type(board.rows, int)
assert_type(board.remaining, int)
assert_type(board.won, bool)
assert_type(board.over, bool)
assert_type(board.copy(), samegame.Board)
assert_type(board.backend, str)
assert_type(samegame.Board.from_text("1 1 5"), samegame.Board)
stop = board.stop_flag()
stop.set()
assert_type(stop.is_set, bool)
assert_type(board.search("beam", width=2, stop=stop).score, int)

result = samegame.judge(b"0 0\n", backend="pure")
assert_type(result, JudgeResult)
assert_type(result.output, bytes)
assert_type(result.error, Optional[JudgeError])
assert_type(result.warnings, list[JudgeWarning])
if result.error is not None:
    assert_type(result.error.line, int)
    assert_type(result.error.column, int)
assert_type(samegame.JudgeResult, type[JudgeResult])

# tile-match
tiles = tilematch.Board(["00100", "01100"], k=3, height=3)
assert_type(tiles.move(2, 1, 3, 1), bool)
assert_type(tiles.drop(), int)
assert_type(tiles.eliminate(), int)
assert_type(tiles.settle(), Iterator[tilematch.Phase])
for phase in tiles.settle():
    assert_type(phase.kind, str)
    assert_type(phase.count, int)
    assert_type(phase.cleared, bool)
assert_type(tiles.grid(hidden=True), list[tuple[int, ...]])
assert_type(tiles.width, int)
assert_type(tiles.cleared, bool)
assert_type(tilematch.judge(b"0\n").output, bytes)

# gopher
field = gopher.Field(3, 3, [(1, 1), (3, 3)])
outcome = field.pick(2, 2)
assert_type(outcome, gopher.Outcome)
assert_type(outcome.revealed, int)
assert_type(outcome.fell, bool)
assert_type(outcome.changed, bool)
assert_type(field.fell_at, Optional[tuple[int, int]])
assert_type(field.holes, list[tuple[int, int]])
assert_type(field.grid(), list[str])
assert_type(field.safe_left, int)
for warning in gopher.judge(b"", team="7", program=6).warnings:
    assert_type(warning.line, int)
    if isinstance(warning, gopher.PickWarning):
        assert_type(warning.pick, int)

# Number Link
puzzle, solution = numberlink.generate(2, 2, seed=0)
assert_type(numberlink.generate(5), numberlink.Generated)  # a square board, as on the command line
assert_type(puzzle, numberlink.Puzzle)
assert_type(solution, numberlink.Solution)
assert_type(puzzle.cells, tuple[int, ...])
assert_type(puzzle.pairs, int)
assert_type(puzzle.grid(), list[tuple[int, ...]])
assert_type(numberlink.Solution.from_text("2 2\n1 #\n1 .\n"), numberlink.Solution)
verdict = numberlink.check(puzzle, solution)
assert_type(verdict, numberlink.Verdict)
assert_type(verdict.valid, bool)
assert_type(verdict.rule, Optional[str])
assert_type(verdict.row, Optional[int])
assert_type(verdict.message, str)

# Misuse is caught.
board.select("1", 1)  # type: ignore[arg-type]
numberlink.check(solution, puzzle)  # type: ignore[arg-type]
board.search("nrpaa")  # type: ignore[arg-type]
