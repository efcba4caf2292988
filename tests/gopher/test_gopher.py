"""Gopher-hole game: the Field API and the rules on hand-worked fields, an
independent reference simulation on seeded random games (both backends), and
compiled-vs-pure agreement on thousands of random and mangled judge files."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from gridgames.gopher import Field, Outcome, judge
from helpers import DATA

# --- hand-worked fields --------------------------------------------------------

def test_samples_byte_for_byte(backend):
    for name in ("sample", "sample2"):
        data = (DATA / "gopher" / f"{name}.in").read_bytes()
        out, err, warnings = judge(data, backend=backend)
        assert (out, err, warnings) == ((DATA / "gopher" / f"{name}.out").read_bytes(), None, [])


def test_two_holes_worked_by_hand(backend):
    f = Field(3, 3, [(1, 1), (3, 3)], backend=backend)
    assert (f.rows, f.cols, f.holes, f.safe_left, f.fell, f.won) == (3, 3, [(1, 1), (3, 3)], 7, False, False)
    assert f.grid() == ["###", "###", "###"]
    assert f.pick(2, 2) == Outcome(1, False, False)
    assert f.grid() == ["###", "#2#", "###"]
    # (1, 3) has no hole next to it: the flood inspects its neighbours and stops at numbers.
    assert f.pick(1, 3) == Outcome(3, False, False)
    assert f.grid() == ["#1 ", "#21", "###"]
    assert f.pick(3, 1) == Outcome(3, False, False)
    assert f.grid() == ["#1 ", "121", " 1#"]
    assert (f.safe_left, f.won, f.fell) == (0, True, False)
    # Winning does not end the game; falling does.
    assert f.pick(3, 3) == Outcome(0, True, False)
    assert f.grid() == ["*1 ", "121", " 1!"]
    assert (f.fell, f.fell_at, f.won) == (True, (3, 3), False)
    assert f.render() == "+---+\n|*1 |\n|121|\n| 1!|\n+---+\n"


def test_flood_stops_at_a_wall_of_holes(backend):
    f = Field(5, 5, [(r, 3) for r in range(1, 6)], backend=backend)
    assert f.pick(1, 1) == Outcome(10, False, False)
    assert f.grid() == [" 2###", " 3###", " 3###", " 3###", " 2###"]
    assert f.pick(3, 5) == Outcome(10, False, False)
    assert f.grid() == [" 2#2 ", " 3#3 ", " 3#3 ", " 3#3 ", " 2#2 "]
    assert f.won and f.safe_left == 0


def test_largest_empty_field_floods_every_patch(backend):
    f = Field(100, 100, backend=backend)
    assert f.pick(100, 1) == Outcome(10_000, False, False)
    assert f.grid() == [" " * 100] * 100 and f.won
    fence = "+" + "-" * 100 + "+\n"
    assert f.render() == fence + ("|" + " " * 100 + "|\n") * 100 + fence


def test_all_eight_counts_and_the_fenced_rendering(backend):
    # A ring of 8 holes around (2, 2): the centre sees all eight.
    ring = [(r, c) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) != (2, 2)]
    f = Field(3, 4, ring, backend=backend)
    assert f.pick(2, 2) == Outcome(1, False, False)
    assert f.pick(1, 4) == Outcome(1, False, False)
    assert f.pick(2, 4) == Outcome(1, False, False)
    assert f.pick(3, 4) == Outcome(1, False, False)
    assert f.render() == "+----+\n|###2|\n|#8#3|\n|###2|\n+----+\n"


def test_unchanged_picks(backend):
    f = Field(2, 3, [(2, 3)], backend=backend)
    assert f.pick(1, 1) == Outcome(4, False, False)
    before = f.grid()
    assert before == [" 1#", " 1#"]  # (1, 3) borders only numbered patches
    assert f.pick(1, 2) == Outcome(0, False, False)  # already inspected
    for r, c in ((0, 1), (1, 0), (-1, 2), (3, 1), (1, 4), (10**40, 1), (1, -10**40)):
        outcome = f.pick(r, c)
        assert outcome == Outcome(0, False, True) and not outcome.changed
    assert f.grid() == before
    assert f.pick(2, 3).changed and f.fell
    # Once fallen, nothing changes any more.
    assert f.pick(2, 1) == Outcome(0, False, False)
    assert f.pick(9, 9) == Outcome(0, False, True)
    assert f.grid() == [" 1#", " 1!"]


def test_duplicate_holes_count_once(backend):
    f = Field(2, 2, [(1, 1), (1, 1), (1, 1)], backend=backend)
    assert (f.holes, f.safe_left) == ([(1, 1)], 3)
    assert f.pick(2, 2) == Outcome(1, False, False)
    assert f.grid() == ["##", "#1"]


def test_field_of_holes_only_is_vacuously_won(backend):
    f = Field(1, 2, [(1, 1), (1, 2)], backend=backend)
    assert f.won and f.safe_left == 0
    assert f.pick(1, 2) == Outcome(0, True, False)
    assert f.grid() == ["*!"] and not f.won


@pytest.mark.parametrize("rows, cols, holes", [
    (0, 5, []), (5, 0, []), (101, 5, []), (5, 101, []), (-1, 5, []),
    (3, 3, [(0, 1)]), (3, 3, [(1, 4)]), (3, 3, [(4, 1)]), (3, 3, [(2, 2), (-1, 2)]),
    (10**40, 3, []), (3, 3, [(10**40, 1)]),
])
def test_bad_fields_are_rejected(backend, rows, cols, holes):
    with pytest.raises(ValueError):
        Field(rows, cols, holes, backend=backend)


def test_non_integers_are_rejected(backend):
    for args in ((2.0, 2), (2, "2"), (2, 2, [(1.0, 1)])):
        with pytest.raises(TypeError):
            Field(*args, backend=backend)
    with pytest.raises(TypeError):
        Field(2, 2, backend=backend).pick(1, 1.5)


def test_copy_equality_repr(backend):
    f = Field(4, 4, [(4, 4)], backend=backend)
    g = f.copy()
    assert f == g and f.backend == backend
    assert g.pick(1, 1).revealed == 15
    assert f != g and f.safe_left == 15 and g.won
    assert repr(g) == "<Field 4x4 1 holes, won>"
    assert repr(f) == "<Field 4x4 1 holes, 15 safe left>"
    assert str(f) == f.render()
    assert f.copy().pick(4, 4).fell and not f.fell


# --- an independent reference simulation ---------------------------------------

def reference_boards(rows, cols, holes, picks):
    """The board after each processed pick, worked out from the rules with
    sets, a stack and bounds tests (no padding, no shared code)."""
    holes = set(holes)
    around = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    inside = lambda r, c: 1 <= r <= rows and 1 <= c <= cols  # noqa: E731
    count = lambda r, c: sum((r + dr, c + dc) in holes for dr, dc in around)  # noqa: E731
    seen, fell, boards = {}, None, []
    for r, c in picks:
        if fell:
            break
        if inside(r, c) and (r, c) in holes:
            fell = (r, c)
        elif inside(r, c):
            stack = [(r, c)]
            while stack:
                p = stack.pop()
                if p not in seen:
                    seen[p] = count(*p)
                    if seen[p] == 0:
                        stack += [(p[0] + dr, p[1] + dc) for dr, dc in around
                                  if inside(p[0] + dr, p[1] + dc)]

        def char(p):
            if fell and p in holes:
                return "!" if p == fell else "*"
            return "#" if p not in seen else " " if seen[p] == 0 else str(seen[p])
        fence = "+" + "-" * cols + "+\n"
        boards.append(fence + "".join(
            "|" + "".join(char((r, c)) for c in range(1, cols + 1)) + "|\n"
            for r in range(1, rows + 1)) + fence)
    return boards


def random_game(rng, max_size=100):
    """(rows, cols, hole list as written, picks): sizes up to max_size (often
    small), densities from none to dense, duplicate holes, picks mostly in the
    field, some outside (0, negative, too large)."""
    rows = rng.randint(1, rng.choice((4, 12, max_size)))
    cols = rng.randint(1, rng.choice((4, 12, max_size)))
    density = rng.choice((0.0, 0.0, 0.02, 0.08, 0.15, 0.3, 0.6, 0.95))
    holes = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1) if rng.random() < density]
    holes += rng.sample(holes, min(len(holes), rng.randint(0, 3)))
    rng.shuffle(holes)
    picks = []
    for _ in range(rng.randint(0, 10)):
        if rng.random() < 0.12:
            picks.append(rng.choice(((0, 1), (1, 0), (-3, 2), (rows + 1, 1),
                                     (1, cols + rng.randint(1, 200)), (0, 0))))
        else:
            picks.append((rng.randint(1, rows), rng.randint(1, cols)))
    return rows, cols, holes, picks


def game_text(rng, game):
    """The judge text of one game, with random harmless spacing and line ends."""
    rows, cols, holes, picks = game
    eol = rng.choice(("\n", "\r\n"))
    pad = lambda: rng.choice(("", "", " ", "\t"))  # noqa: E731
    lines = [f"{pad()}{rows} {cols}{pad()}", f"{len(holes)}"]
    lines += [f"{r} {c}{pad()}" for r, c in holes] + [f"{pad()}{r}  {c}" for r, c in picks]
    return eol.join(lines) + eol


def judge_text(rng, games):
    blank = lambda: rng.choice(("\n", "\n", "\n\n", " \n", "\t\r\n"))  # noqa: E731
    return (blank() if rng.random() < 0.2 else "") + blank().join(
        game_text(rng, game) for game in games)


def expected_output(games):
    boards = [b for game in games for b in reference_boards(*game)]
    return ("Program 6 by team 0\n" + "\n".join(boards) + "End of program 6 by team 0\n").encode()


@pytest.mark.parametrize("seed", range(4))
def test_judge_agrees_with_reference(backend, seed):
    rng = random.Random(seed)
    games = [random_game(rng) for _ in range(150)]
    out, err, warnings = judge(judge_text(rng, games).encode(), backend=backend)
    assert err is None
    assert out == expected_output(games)
    outside = [(g, k) for g, game in enumerate(games, 1) for k, (r, c) in enumerate(
        reference_picks(game), 1) if not (1 <= r <= game[0] and 1 <= c <= game[1])]
    assert [(w.game, w.pick) for w in warnings] == outside


def reference_picks(game):
    """The picks that are processed: up to and including the fall."""
    rows, cols, holes, picks = game
    for k, (r, c) in enumerate(picks):
        if (r, c) in holes:
            return picks[:k + 1]
    return picks


@pytest.mark.parametrize("seed", range(3))
def test_api_agrees_with_reference(backend, seed):
    rng = random.Random(100 + seed)
    for _ in range(120):
        rows, cols, holes, picks = random_game(rng)
        f = Field(rows, cols, holes, backend=backend)
        expected = reference_boards(rows, cols, holes, picks)
        boards = []
        for r, c in picks[:len(expected)]:
            f.pick(r, c)
            boards.append(f.render())
        assert boards == expected
        assert f.fell == any(p in holes for p in picks)


# --- compiled vs pure ----------------------------------------------------------

def both(data):
    """judge() on each backend, errors and warnings as text."""
    results = []
    for backend in ("compiled", "pure"):
        out, err, warnings = judge(data, backend=backend)
        results.append((out, None if err is None else str(err), [str(w) for w in warnings]))
    return results


@pytest.mark.parametrize("chunk", range(10))
def test_judge_compiled_equals_pure(chunk):
    rng = random.Random(1000 + chunk)
    data = judge_text(rng, [random_game(rng) for _ in range(400)]).encode()
    compiled, pure = both(data)
    assert compiled[1] is None and compiled[0].count(b"+\n\n+") > 0
    assert compiled == pure


@pytest.mark.parametrize("chunk", range(4))
def test_mangled_input_compiled_equals_pure(chunk):
    """Cut, deleted, swapped and foreign bytes: both backends must report the
    same boards, warnings and error, and never crash."""
    rng = random.Random(2000 + chunk)
    errors = 0
    for _ in range(250):
        data = bytearray(judge_text(rng, [random_game(rng, 15) for _ in range(3)]).encode())
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(data) + 1)
            how = rng.randrange(4)
            if how == 0:
                del data[at:at + rng.randint(1, 4)]
            elif how == 1:
                data[at:at] = rng.choice((b"-", b"x", b" 7", b"\n", b"\n\n", b"0", b"1.5", b"\xff",
                                          b"101", b"99999999999999999999999999"))
            elif how == 2:
                data = data[:at]
            else:
                data[at:at] = bytes([rng.randrange(256)])
        compiled, pure = both(bytes(data))
        assert compiled == pure, bytes(data)
        errors += compiled[1] is not None
    assert errors > 100  # the mangling does reach the error paths


def test_api_compiled_equals_pure():
    rng = random.Random(3000)
    for _ in range(800):
        rows, cols, holes, picks = random_game(rng)
        a, b = Field(rows, cols, holes, backend="compiled"), Field(rows, cols, holes, backend="pure")
        for r, c in picks + [(rng.randint(1, rows), rng.randint(1, cols)) for _ in range(5)]:
            assert a.pick(r, c) == b.pick(r, c)
            assert a.grid() == b.grid()
        assert (a.safe_left, a.won, a.fell_at, a.holes) == (b.safe_left, b.won, b.fell_at, b.holes)


@st.composite
def small_games(draw):
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    cell = st.tuples(st.integers(1, rows), st.integers(1, cols))
    holes = draw(st.lists(cell, max_size=rows * cols))
    picks = draw(st.lists(st.tuples(st.integers(-2, rows + 2), st.integers(-2, cols + 2)), max_size=12))
    return rows, cols, holes, picks


@settings(max_examples=300, deadline=None)
@given(small_games())
def test_property_backends_agree_and_rules_hold(game):
    rows, cols, holes, picks = game
    a, b = Field(rows, cols, holes, backend="compiled"), Field(rows, cols, holes, backend="pure")
    safe = rows * cols - len(set(holes))
    inspected = 0
    for r, c in picks:
        outcome = a.pick(r, c)
        assert outcome == b.pick(r, c) and a.grid() == b.grid()
        inspected += outcome.revealed
        shown = sum(ch not in "#*!" for row in a.grid() for ch in row)
        assert shown == inspected == safe - a.safe_left
        assert a.won == (a.safe_left == 0 and not a.fell)
    assert a.render() == reference_boards(rows, cols, holes, picks + [(0, 0)])[-1]
