"""SameGame: the public sample, hand-worked positions, the Board API and
compiled-vs-pure agreement."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from gridgames.samegame import Board, judge
from helpers import DATA


def test_sample_byte_for_byte(backend):
    out, err, _ = judge((DATA / "samegame" / "sample.in").read_bytes(), backend=backend)
    assert err is None
    assert out == (DATA / "samegame" / "sample.out").read_bytes()


def test_select_hand_worked(backend):
    b = Board(["12", "11"], backend=backend)
    assert b.select(2, 2) == 0          # a single '2'
    assert b.select(1, 1) == 3          # the three 1s
    # the 2 falls to row 1, column 1 empties and column 2 slides left
    assert b.grid() == [(None, None), (2, None)]
    assert b.render() == "        \n    2   \n"
    assert not b.won and b.over


def test_gravity_then_compaction_keeps_order(backend):
    # columns, bottom up: [3,1,1] [1,1,2] [4,5,6]; removing the four 1s
    b = Board(["126", "115", "314"], backend=backend)
    assert b.region(2, 1) == [(1, 2), (2, 1), (2, 2), (3, 1)]
    assert b.select(2, 1) == 4
    assert b.grid() == [(None, None, 6), (None, None, 5), (3, 2, 4)]


def test_empty_column_closes(backend):
    b = Board(["121", "121"], backend=backend)
    assert b.select(1, 2) == 2
    assert b.grid() == [(1, 1, None), (1, 1, None)]
    assert b.select(2, 1) == 4 and b.won
    assert b.render() == "    Game Won\n"


@pytest.mark.parametrize("r, c", [(0, 1), (1, 0), (3, 1), (1, 4), (10**40, 1), (-1, 2)])
def test_outside_frame_is_ignored(backend, r, c):
    b = Board(["112", "112"], backend=backend)
    before = b.copy()
    assert b.select(r, c) == 0 and b.region(r, c) == []
    assert b == before


def test_empty_cell_inside_frame_is_ignored(backend):
    b = Board(["33", "12"], backend=backend)
    assert b.select(2, 1) == 2            # top row gone, cells (2,*) are now empty
    assert b.select(2, 1) == 0 and b.region(2, 1) == []
    assert b.grid() == [(None, None), (1, 2)]


def test_moves_representatives(backend):
    b = Board(["1122", "3412", "3412"], backend=backend)
    assert b.moves() == [(1, 1, 2), (3, 1, 2), (1, 2, 2), (1, 3, 2), (3, 3, 4)]
    assert Board(["12", "21"], backend=backend).moves() == []


def test_copy_equality_repr(backend):
    b = Board(["10", "01"], backend=backend)
    c = b.copy()
    assert c == b and c is not b
    assert b.select(1, 1) == 0             # 0 is a colour, but these 0s don't touch
    b2 = Board(["00", "01"], backend=backend)
    assert b2.select(2, 1) == 3 and b2 != Board(["00", "01"], backend=backend)
    assert repr(b2) == "<Board 2x2 1 left ['..', '1.']>"
    assert Board.from_text("2 2  0 1 0 0", backend=backend) == Board(["00", "01"], backend=backend)


@pytest.mark.parametrize("rows", [[], ["12", "1"], ["1a"], ["1" * 41], ["1"] * 21, [""]])
def test_bad_board(backend, rows):
    with pytest.raises(ValueError):
        Board(rows, backend=backend)


def test_select_rejects_non_integers(backend):
    with pytest.raises(TypeError):
        Board(["11"], backend=backend).select(1.0, 1)


# --- compiled vs pure ----------------------------------------------------------

def random_game(rng):
    m, n, colours = rng.randint(1, 10), rng.randint(1, 40), rng.randint(1, 10)
    cells = [rng.randrange(colours) for _ in range(m * n)]
    picks = []
    for _ in range(rng.randint(0, 3 * m + n)):
        kind = rng.random()
        if kind < 0.8:
            picks.append((rng.randint(1, m), rng.randint(1, n)))
        elif kind < 0.9:   # out of frame, ignored pairs like '0 5' (but never '0 0')
            r = rng.choice([0, m + 1, 99])
            picks.append((r, rng.randint(0 if r else 1, n + 1)))
        else:              # huge numbers must not overflow anything
            picks.append((rng.choice([1, 10**rng.randint(9, 40)]), 10**rng.randint(9, 40)))
    return m, n, cells, picks


def game_text(m, n, cells, picks, rng):
    def sep():
        return rng.choice([" ", "\n", "\t", "\r\n", "  "])
    parts = [f"{m} {n}"] + [str(v) for v in cells] + [f"{r}{sep()}{c}" for r, c in picks] + ["0 0"]
    return sep().join(parts) + "\n"


@pytest.mark.parametrize("chunk", range(20))
def test_judge_compiled_equals_pure(chunk):
    # 20 chunks x 500 games = 10,000 seeded random games; a failing chunk
    # names its seed, and the grid number is in the first differing line.
    rng = random.Random(chunk)
    data = "".join(game_text(*random_game(rng), rng) for _ in range(500)).encode()
    compiled, err_c, _ = judge(data, backend="compiled")
    pure, err_p, _ = judge(data, backend="pure")
    assert err_c is None and err_p is None
    assert compiled.count(b"Grid ") == 500
    assert compiled == pure


@pytest.mark.parametrize("seed", range(40))
def test_api_compiled_equals_pure(seed):
    rng = random.Random(1000 + seed)
    m, n, cells, picks = random_game(rng)
    rows = [cells[r * n:(r + 1) * n] for r in reversed(range(m))]
    a, b = Board(rows, backend="compiled"), Board(rows, backend="pure")
    for r, c in picks:
        assert a.region(r, c) == b.region(r, c)
        assert a.moves() == b.moves()
        assert a.select(r, c) == b.select(r, c)
        assert a == b and a.render() == b.render() and a.remaining == b.remaining


# --- properties (Hypothesis) -----------------------------------------------------


@st.composite
def boards_and_picks(draw):
    m, n = draw(st.integers(1, 10)), draw(st.integers(1, 40))
    colours = draw(st.integers(1, 10))
    rows = draw(st.lists(st.lists(st.integers(0, colours - 1), min_size=n, max_size=n),
                         min_size=m, max_size=m))
    picks = draw(st.lists(st.tuples(st.integers(-2, m + 2), st.integers(-2, n + 2)), max_size=30))
    return rows, picks


@settings(max_examples=300, deadline=None)
@given(boards_and_picks())
def test_property_backends_agree_and_rules_hold(case):
    rows, picks = case
    a, b = Board(rows, backend="compiled"), Board(rows, backend="pure")
    for r, c in picks:
        region = a.region(r, c)
        removed = a.select(r, c)
        assert removed == b.select(r, c)
        assert a == b
        # the removed count is the region's size, and only for regions of 2+
        assert removed == (len(region) if len(region) >= 2 else 0)
        grid = a.grid()[::-1]           # bottom row first
        columns = list(zip(*grid))
        # gravity: no gap below a cell; compaction: no empty column left of a full one
        for col in columns:
            assert list(col) == sorted(col, key=lambda v: v is None)
        heights = [sum(v is not None for v in col) for col in columns]
        assert heights == sorted(heights, key=lambda h: h == 0)
        assert a.remaining == sum(heights)
    assert a.over == (not b.moves()) and a.won == (a.remaining == 0)


@pytest.mark.parametrize("seed", range(10))
def test_mangled_input_compiled_equals_pure(seed):
    # Truncations and bad tokens at random places: both backends must write the
    # same output and report the same error at the same place.
    rng = random.Random(5000 + seed)
    base = "".join(game_text(*random_game(rng), rng) for _ in range(5))
    for _ in range(100):
        tokens = base.split(" ")
        at = rng.randrange(len(tokens))
        tokens[at] = rng.choice(["x", "-3", "1.5", "0x10", "\xff", "10", "11", "41", "9" * 40, ""])
        text = " ".join(tokens)[:rng.randrange(len(base) + 1)]
        data = text.encode("utf-8", "surrogateescape")
        c_out, c_err, _ = judge(data, backend="compiled")
        p_out, p_err, _ = judge(data, backend="pure")
        assert c_out == p_out
        assert str(c_err) == str(p_err)
