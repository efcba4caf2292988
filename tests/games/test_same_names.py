"""The same idea has the same name in every game: a board's size
is ``rows``/``cols``, a board is read from judge text with ``from_text``,
bad input is an ``InputError`` (each game's package hands it on), and a bad
text file is a ``FormatError``; the older names stay."""
import importlib

import pytest

from gridgames import InputError, gopher, numberlink, samegame, tilematch
from helpers import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_game_hands_on_the_input_error(game):
    package = importlib.import_module(f"gridgames.{game}")
    assert package.InputError is InputError and issubclass(package.JudgeError, InputError)
    assert "InputError" in package.__all__


def test_a_bad_text_is_a_format_error_in_both_games_that_read_text():
    with pytest.raises(numberlink.FormatError) as caught:
        numberlink.Puzzle.from_text("2 2\n1 x\n1 .\n")
    assert isinstance(caught.value, numberlink.JudgeError)  # the old name still catches it
    assert issubclass(samegame.FormatError, InputError)


def test_tilematch_boards_have_rows_and_cols(backend):
    board = tilematch.Board(["001", "122"], k=3, height=4, backend=backend)
    assert (board.rows, board.cols) == (board.height, board.width) == (4, 3)


def test_from_text_reads_one_case_of_a_judge_file(backend):
    field = gopher.Field.from_text("3 4\n2\n1 1\n3 4\n2 2\n", backend=backend)
    assert (field.rows, field.cols, field.holes) == (3, 4, [(1, 1), (3, 4)])
    board = tilematch.Board.from_text("3 4\n3\n2\n0 0 1\n1 2 2\n0\n", backend=backend)
    assert board == tilematch.Board([[0, 0, 1], [1, 2, 2]], k=3, height=4, backend=backend)
    assert samegame.Board.from_text("2 2\n1 1\n2 2\n").grid() == [(2, 2), (1, 1)]
    with pytest.raises(ValueError, match="NHOLES"):
        gopher.Field.from_text("3 4\n2\n1 1\n")
    with pytest.raises(ValueError, match="R rows of W tiles"):
        tilematch.Board.from_text("3 4\n3\n2\n0 0 1\n")
