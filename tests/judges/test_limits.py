"""Each capacity and code is declared once, in a .pxd: the compiled kernels
were built with these values, and the pure twins and the game packages read
the same file (gridgames._runtime.kernel_constants)."""
import importlib
import os
import subprocess
import sys

import pytest

from gridgames._runtime import scanner_pure as scanner
from gridgames._runtime.kernel_constants import constants
from helpers import JUDGE_GAMES

# Every .pxd with a `cpdef enum` and the compiled module that exports its values.
EXPORTED = {
    "samegame/_kernel.pxd": "gridgames.samegame._kernel",
    "samegame/research/_search.pxd": "gridgames.samegame.research._search",
    "tilematch/_kernel.pxd": "gridgames.tilematch._kernel",
    "gopher/_kernel.pxd": "gridgames.gopher._kernel",
    "numberlink/_kernel.pxd": "gridgames.numberlink._kernel",
}
# The twin of each of them (the twins read the .pxd; these check they kept every name).
TWINS = {pxd: module + "_pure" for pxd, module in EXPORTED.items()}


@pytest.mark.parametrize("pxd", EXPORTED)
def test_the_compiled_values_are_those_read_from_the_pxd(pxd):
    compiled = importlib.import_module(EXPORTED[pxd])
    read = vars(constants(pxd))
    assert read  # the reader found the enum blocks
    assert {name: getattr(compiled, name) for name in read} == read


@pytest.mark.parametrize("pxd", EXPORTED)
def test_each_twin_uses_the_pxd_values(pxd):
    twin = importlib.import_module(TWINS[pxd])
    read = vars(constants(pxd))
    used = {name: getattr(twin, name) for name in read if hasattr(twin, name)}
    assert used and used == {name: read[name] for name in used}


@pytest.mark.parametrize("game", JUDGE_GAMES)
def test_kernel_and_twin_agree_on_every_constant(game):
    """LIMITS also names the cdef enums (_board.pxd, ...) a kernel compiled in."""
    compiled = importlib.import_module(f"gridgames.{game}._kernel")
    pure = importlib.import_module(f"gridgames.{game}._kernel_pure")
    assert compiled.LIMITS  # what the C compiler saw
    assert {name: getattr(pure, name) for name in compiled.LIMITS} == compiled.LIMITS


def test_a_pxd_may_use_what_it_cimports():
    search, board = constants("samegame/research/_search.pxd"), constants("samegame/_board.pxd")
    assert search.MAX_MOVES == board.BIG_ROWS * board.BIG_COLS // 2
    assert not hasattr(search, "BIG_ROWS")  # read for the expressions, not exported


def test_scanner_constants():
    assert (scanner.TOK_EOF, scanner.TOK_INT, scanner.TOK_NEG, scanner.TOK_BAD) == (0, 1, 2, 3)
    assert (scanner.HUGE, scanner.SHOWN) == (10 ** 9, 24)


def test_messages_are_formatted_from_the_capacities():
    from gridgames import gopher, samegame, tilematch
    assert "1..10," in samegame.EXPECTED[constants("samegame/_kernel.pxd").E_ROWS]
    assert "1..64)" in tilematch.EXPECTED[constants("tilematch/_kernel.pxd").E_WIDTH]
    assert "1..100)" in gopher.EXPECTED[constants("gopher/_kernel.pxd").E_ROWS]


def test_every_code_has_its_message():
    from gridgames import gopher, numberlink, samegame, tilematch
    for game, table in (("samegame", samegame.EXPECTED), ("tilematch", tilematch.EXPECTED),
                        ("gopher", gopher.EXPECTED)):
        codes = {v for k, v in vars(constants(f"{game}/_kernel.pxd")).items() if k.startswith("E_")}
        assert codes == set(table), game
    rules = {v for k, v in vars(constants("numberlink/_kernel.pxd")).items() if k.startswith("R_")}
    assert rules == set(numberlink.RULES)


def test_the_search_codes_name_every_algorithm_and_stop():
    from gridgames.samegame import _single as _solve
    search = constants("samegame/research/_search.pxd")
    assert sorted(_solve._ALGO.values()) == sorted(v for k, v in vars(search).items()
                                                   if k.startswith("ALGO_"))
    assert set(_solve.STOPPED) == {search.RUNNING, search.STOPPED_TIME, search.STOPPED_FLAG,
                                   search.STOPPED_INTERRUPT}


def test_importing_a_game_loads_no_twin_for_its_codes():
    code = ("import sys, gridgames.samegame, gridgames.tilematch, gridgames.gopher, "
            "gridgames.numberlink\n"
            "print(sorted(m for m in sys.modules if m.endswith('_pure')))")
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="0")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True).stdout
    assert out.strip() == "[]"


# The .pxd expressions are read by hand (no eval); Python's eval, whose operators
# have C's precedence, gives the values they must have.
@pytest.mark.parametrize("expression", [
    "1 << 20", "1<<20", "(A + 2) * (B + 3)", "(B + 2) * A", "A * B // 2", "A - B - 1", "A - (B - 1)",
    "1 << 4 + 1", "A | B & 6 ^ 3", "-1", "-A * 2", "~A + 1", "0xFFFF", "A % 7 * 3", "64 >> 2 >> 1", "A"])
def test_an_expression_reads_as_python_evaluates_it(expression):
    from gridgames._runtime.kernel_constants import value_of
    scope = {"A": 100, "B": 37}
    assert value_of(expression, scope) == eval(expression, {"__builtins__": {}}, dict(scope))  # noqa: S307


@pytest.mark.parametrize("expression", ["A +", "(A + 1", "A + 1)", "C + 1", "1.5", "A ** 2", "sizeof(A)", ""])
def test_an_expression_it_cannot_read_is_a_value_error(expression):
    from gridgames._runtime.kernel_constants import value_of
    with pytest.raises(ValueError, match="cannot read the enum value"):
        value_of(expression, {"A": 100})
