"""One search of one board (samegame/_single.py, beside the Board it
searches): it reaches the kernel's position through Board.kernel_state, and
a board's rows of digits have one home (board_rows, which repr shows)."""
import types

from gridgames.samegame import Board, _single
from gridgames.samegame._game import board_rows


def test_a_search_takes_the_position_through_the_accessor(backend):
    board = Board(["0011", "1100", "2211"], backend=backend)
    stand_in = types.SimpleNamespace(kernel_state=board.kernel_state, backend=board.backend)  # no _state
    assert _single.playouts(stand_in, 4, seed=1) == board.playouts(4, seed=1)
    assert _single.run(stand_in, "random", iterations=3, seed=2) == board.search("random", iterations=3, seed=2)


def test_board_rows_are_what_repr_shows(backend):
    board = Board(["0011", "1100", "2211"], backend=backend)
    board.select(1, 1)  # the bottom 2s go: their column keeps its top cells
    assert board_rows(board) == ["..11", "0000", "1111"]
    assert repr(board) == f"<Board 3x4 {board.remaining} left {board_rows(board)}>"
