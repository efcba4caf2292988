"""The examples in the games' docstrings are run, so they stay true."""
import doctest
import importlib

import pytest

from helpers import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_docstring_examples(game):
    module = importlib.import_module(f"gridgames.{game}")
    failed, attempted = doctest.testmod(module)
    assert (failed, attempted > 0) == (0, True)
