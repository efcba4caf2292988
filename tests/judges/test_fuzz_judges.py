"""Fuzz targets for every judge and the Number Link reader (Hypothesis).

Each judge gets token soups close to its format (sizes near the limits,
huge and negative numbers, junk, CR LF, blank lines); the compiled kernel
and its pure twin must agree on the output bytes, the error text and the
warnings, and a file read in random pieces must give what the bytes give.
CI runs the default budget; a longer run:

    GRIDGAMES_FUZZ_EXAMPLES=20000 pytest tests/judges/test_fuzz_judges.py -p no:cacheprovider
"""
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from gridgames import numberlink
from gridgames._runtime.judge import JudgeError
from helpers import JUDGES, Trickle

EXAMPLES = int(os.environ.get("GRIDGAMES_FUZZ_EXAMPLES", "150"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

SPACE = st.sampled_from([" ", " ", " ", "\n", "\n", "\r\n", "\t", "  ", "\n\n", "\f"])
NUMBER = st.one_of(st.integers(0, 12), st.integers(0, 12), st.integers(-3, 300),
                   st.sampled_from([999999999, 1000000000, 10 ** 30]))
JUNK = st.sampled_from(["x", "-", "1.5", "+3", "--1", "\xff", "0x1", "9" * 40, "0" * 30 + "7",
                        "-" + "0" * 25, "é"])
TOKEN = st.one_of(NUMBER.map(str), NUMBER.map(str), NUMBER.map(str), JUNK)


@st.composite
def soup(draw, head=st.just("")):  # noqa: B008 (a strategy, made once: hypothesis's idiom)
    tokens = draw(st.lists(TOKEN, max_size=120))
    text = draw(head)
    for tok in tokens:
        text += tok + draw(SPACE)
    return text.encode("utf-8", "surrogateescape") if "\xff" not in text else \
        text.replace("\xff", "\udcff").encode("utf-8", "surrogateescape")


HEADS = {
    "samegame": st.sampled_from(["", "2 3 1 1 2 2 1 1 ", "3 2\n"]),
    "tilematch": st.sampled_from(["", "1\n3 3\n2\n3\n", "2 2 2 2 1 "]),
    "gopher": st.sampled_from(["", "3 3\n1\n2 2\n", "2 2\n0\n", "1 1\n0\n0 0\n"]),
}


def outcome(game, data, backend):
    out, err, warnings = JUDGES[game](data, backend=backend)
    return out, str(err), [str(w) for w in warnings]


def check(game, data, most):
    compiled = outcome(game, data, "compiled")
    assert outcome(game, data, "pure") == compiled
    assert outcome(game, Trickle(data, most), "compiled") == compiled
    assert outcome(game, Trickle(data, most, seed=1), "pure") == compiled


@fuzz
@given(soup(HEADS["samegame"]), st.integers(1, 40))
def test_fuzz_samegame(data, most):
    check("samegame", data, most)


@fuzz
@given(soup(HEADS["tilematch"]), st.integers(1, 40))
def test_fuzz_tilematch(data, most):
    check("tilematch", data, most)


@fuzz
@given(soup(HEADS["gopher"]), st.integers(1, 40))
def test_fuzz_gopher(data, most):
    check("gopher", data, most)


@fuzz
@given(st.binary(max_size=200), st.integers(1, 40))
def test_fuzz_any_bytes(data, most):
    for game in JUDGES:
        check(game, data, most)


NL_TOKEN = st.one_of(st.sampled_from([".", "#", "1", "2", "3", "x", "0", "-1", "99999"]),
                     st.integers(0, 9).map(str))


@fuzz
@given(st.integers(0, 5), st.integers(0, 5),
       st.lists(st.lists(NL_TOKEN, max_size=6), max_size=6), st.sampled_from(["\n", "\r\n"]))
def test_fuzz_numberlink_reader(rows, cols, lines, eol):
    """The Number Link reader (shared by both backends) refuses bad text with a
    JudgeError only, and what it accepts renders back to text it reads the same."""
    text = f"{rows} {cols}{eol}" + "".join(" ".join(line) + eol for line in lines)
    for kind in (numberlink.Puzzle, numberlink.Solution):
        try:
            board = kind.from_text(text)
        except JudgeError:
            continue
        assert kind.from_text(board.render()) == board
