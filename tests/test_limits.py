"""Each capacity and code is declared once, in a .pxd: the compiled kernels
were built with these values, and the pure twins read the same file."""
import importlib

import pytest

from gridgames import _scan


@pytest.mark.parametrize("game", ["samegame", "tilematch", "gopher"])
def test_kernel_and_twin_agree_on_every_constant(game):
    compiled = importlib.import_module(f"gridgames.{game}._kernel")
    pure = importlib.import_module(f"gridgames.{game}._kernel_pure")
    assert compiled.LIMITS  # what the C compiler saw
    assert {name: getattr(pure, name) for name in compiled.LIMITS} == compiled.LIMITS


def test_scanner_constants():
    assert (_scan.TOK_EOF, _scan.TOK_INT, _scan.TOK_NEG, _scan.TOK_BAD) == (0, 1, 2, 3)
    assert (_scan.HUGE, _scan.SHOWN) == (10 ** 9, 24)


def test_messages_are_formatted_from_the_capacities():
    from gridgames import gopher, samegame, tilematch
    assert "1..10," in samegame.EXPECTED[samegame._kernel_pure.E_ROWS]
    assert "1..64)" in tilematch.EXPECTED[tilematch._kernel_pure.E_WIDTH]
    assert "1..100)" in gopher.EXPECTED[gopher._kernel_pure.E_ROWS]
