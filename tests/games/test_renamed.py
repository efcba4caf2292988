"""The renamed public names (CHANGELOG.md) still work for a while, with a
DeprecationWarning naming the new one."""
import pytest

from gridgames import numberlink, samegame


def test_samegame_solution_is_search_result():
    renamed = r"samegame\.Solution is renamed gridgames\.samegame\.SearchResult"
    with pytest.warns(DeprecationWarning, match=renamed) as seen:
        old = samegame.Solution
    assert old is samegame.SearchResult
    assert seen[0].filename == __file__  # the warning points at the line that read the old name


def test_samegame_solve_is_search_boards(backend):
    with pytest.warns(DeprecationWarning, match=r"samegame\.solve is renamed gridgames\.samegame\.search_boards"):
        old = samegame.solve
    boards = [samegame.Board(["1122", "1122"], backend=backend)]
    assert list(old(boards, "nmcs", level=1)) == list(samegame.search_boards(boards, "nmcs", level=1))


def test_an_unknown_name_is_still_an_attribute_error():
    with pytest.raises(AttributeError, match="no_such_name"):
        samegame.no_such_name  # noqa: B018


@pytest.mark.parametrize("kind", [numberlink.Puzzle, numberlink.Solution])
def test_numberlink_parse_is_from_text(kind):
    text = "1 2\n1 1\n"
    renamed = rf"{kind.__name__}\.parse is renamed {kind.__name__}\.from_text"
    with pytest.warns(DeprecationWarning, match=renamed) as seen:
        board = kind.parse(text)
    assert seen[0].filename == __file__
    assert type(board) is kind and board == kind.from_text(text)
