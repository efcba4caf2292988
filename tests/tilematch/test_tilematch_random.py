"""Tile-match on seeded random judge files: compiled against pure, both
against a small independent model written here, and properties of a settled
board (Hypothesis)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gridgames.tilematch import Board, judge

SEPARATORS = [b" ", b"\n", b"  ", b"\t", b"\r\n"]


def random_data_set(rng, big=False):
    """(w, h, k, rows top first, moves): small boards with few colours so runs
    and chains are common; zeros, hidden rows, valid and invalid moves."""
    w, h = (rng.randint(15, 20), rng.randint(15, 20)) if big else (rng.randint(1, 8), rng.randint(1, 8))
    k = rng.randint(2, 5)
    nrows = rng.randint(0, 50 if big else h + 5)
    colours = rng.randint(1, 9 if big else 4)
    holes = rng.choice([0.0, 0.1, 0.3, 0.7])
    rows = [[0 if rng.random() < holes else rng.randint(1, colours) for _ in range(w)]
            for _ in range(nrows)]
    moves = []
    for _ in range(rng.randint(0, 12)):
        c, r = rng.randrange(w), rng.randrange(h)
        if rng.random() < 0.7:  # adjacent, maybe off the board
            dc, dr = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
            moves.append((c, r, c + dc, r + dr))
        else:
            far = [-10**12, -2, -1, 0, 1, w, h, w + 1, 10**40]
            moves.append(tuple(rng.choice(far + [c, r, c + 1, r + 1]) for _ in range(4)))
    return w, h, k, rows, moves


def judge_text(rng, data_sets):
    numbers = [len(data_sets)]
    for w, h, k, rows, moves in data_sets:
        numbers += [w, h, k, len(rows)] + [v for row in rows for v in row] + [len(moves)]
        numbers += [v for move in moves for v in move]
    out = []
    for v in numbers:
        out += [b"%d" % v, rng.choice(SEPARATORS)]
    return b"".join(out)


def random_file(seed, count=100):
    rng = random.Random(seed)
    data_sets = [random_data_set(rng, big=rng.random() < 0.03) for _ in range(count)]
    return data_sets, judge_text(rng, data_sets)


# --- an independent model: rows of a 2-D list, runs found cell by cell ---------

def model_render(grid, h, w):
    return "".join(" " * (2 * (h - r)) + "   ".join(str(grid[r][c] or "-") for c in range(w)) + "\n"
                   for r in range(h - 1, -1, -1))


def model_output(data_sets):
    out = [f"Analyzing {len(data_sets)} data set(s)\n"]
    for n, (w, h, k, rows, moves) in enumerate(data_sets, 1):
        total = max(h, len(rows))
        grid = [list(row) for row in reversed(rows)] + [[0] * w for _ in range(total - len(rows))]

        def run_length(r, c, dr, dc):
            v, length = grid[r][c], 1
            for sign in (1, -1):
                rr, cc = r + sign * dr, c + sign * dc
                while 0 <= rr < h and 0 <= cc < w and grid[rr][cc] == v:
                    length, rr, cc = length + 1, rr + sign * dr, cc + sign * dc
            return length

        def settle():
            changed_last = True
            while True:
                before = [row[:] for row in grid]
                for c in range(w):
                    column = [grid[r][c] for r in range(total) if grid[r][c]]
                    for r in range(total):
                        grid[r][c] = column[r] if r < len(column) else 0
                if grid != before:
                    out.append("Board after drops:\n" + model_render(grid, h, w))
                elif not changed_last:
                    out.append("No drops.\n")
                    return False
                else:
                    out.append("No drops.\n")
                changed_last = grid != before
                gone = [(r, c) for r in range(h) for c in range(w)
                        if grid[r][c] and max(run_length(r, c, 0, 1), run_length(r, c, 1, 0)) >= k]
                for r, c in gone:
                    grid[r][c] = 0
                if gone:
                    out.append("Board after eliminations:\n" + model_render(grid, h, w))
                    if not any(any(row) for row in grid):
                        out.append("The board is cleared!\n")
                        return True
                else:
                    out.append("No eliminations.\n")
                    if not changed_last:
                        return False
                changed_last = bool(gone)

        out.append(f"Data Set {n}\nBoard Position:\n" + model_render(grid, h, w) + "After move 0:\n")
        cleared = settle()
        for i, (c1, r1, c2, r2) in enumerate(moves, 1):
            if cleared:
                out.append(f"Skipping {len(moves) - i + 1} move(s).\n")
                break
            out.append(f"After move {i}:\n")
            if all(0 <= c < w for c in (c1, c2)) and all(0 <= r < h for r in (r1, r2)) \
                    and abs(c1 - c2) + abs(r1 - r2) == 1 and grid[r1][c1]:
                grid[r1][c1], grid[r2][c2] = grid[r2][c2], grid[r1][c1]
                out.append(model_render(grid, h, w))
                cleared = settle()
            else:
                out.append("Move is invalid.\n")
    return "".join(out).encode()


# --- the tests -----------------------------------------------------------------

@pytest.mark.parametrize("seed", range(60))
def test_compiled_equals_pure_on_random_files(seed):
    _, text = random_file(seed)
    compiled = judge(text, backend="compiled")
    assert compiled == judge(text, backend="pure")
    assert compiled[1] is None


@pytest.mark.parametrize("seed", range(0, 30, 3))
def test_judge_equals_the_independent_model(backend, seed):
    data_sets, text = random_file(seed)
    out, err, _ = judge(text, backend=backend)
    assert err is None
    assert out == model_output(data_sets)


@pytest.mark.parametrize("seed", range(10))
def test_compiled_equals_pure_on_cut_and_corrupted_files(seed):
    # every error path, with the same message and the same output kept
    _, text = random_file(1000 + seed, count=5)
    rng = random.Random(seed)
    for _ in range(40):
        cut = rng.randrange(len(text) + 1)
        bad = text[:cut] + rng.choice([b"", b" x", b" -1", b" 10", b" 1.5", b" 99999999999"])
        (out_c, err_c, _), (out_p, err_p, _) = judge(bad, backend="compiled"), judge(bad, backend="pure")
        assert out_c == out_p
        assert (err_c is None and err_p is None) or str(err_c) == str(err_p)


@pytest.mark.parametrize("seed", range(10))
def test_api_compiled_equals_pure_step_by_step(seed):
    rng = random.Random(seed)
    for _ in range(50):
        w, h, k, rows, moves = random_data_set(rng)
        rows = rows or [[0] * w]
        boards = [Board(rows, k=k, height=h, backend=b) for b in ("compiled", "pure")]
        for c1, r1, c2, r2 in moves:
            results = [b.move(c1, r1, c2, r2) for b in boards]
            results += [list(b.settle()) for b in boards]
            assert results[0] == results[1] and results[2] == results[3]
            assert boards[0].grid(hidden=True) == boards[1].grid(hidden=True)
            assert boards[0].render() == boards[1].render()
            assert boards[0].tiles == boards[1].tiles


@pytest.mark.parametrize("seed", range(10))
def test_api_phases_in_any_order_compiled_equals_pure(seed):
    # the compiled phases look only where the board changed since the last
    # drop or elimination: moves, drops, eliminations and copies in any
    # order (not only a settling's) must not hide a change from them
    rng = random.Random(seed)
    for _ in range(40):
        w, h, k, rows, _ = random_data_set(rng)
        boards = [Board(rows or [[0] * w], k=k, height=h, backend=b) for b in ("compiled", "pure")]
        for _ in range(30):
            step = rng.choice(["move", "move", "drop", "eliminate", "copy"])
            if step == "move":
                c, r = rng.randrange(w), rng.randrange(h)
                dc, dr = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
                results = [b.move(c, r, c + dc, r + dr) for b in boards]
            elif step == "copy":
                boards = [b.copy() for b in boards]
                results = []
            else:
                results = [getattr(b, step)() for b in boards]
            assert results[:1] == results[1:], step
            assert boards[0].grid(hidden=True) == boards[1].grid(hidden=True)
            assert boards[0].tiles == boards[1].tiles


@st.composite
def boards(draw):
    w, h = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    nrows = draw(st.integers(1, h + 4))
    rows = draw(st.lists(st.lists(st.integers(0, 3), min_size=w, max_size=w),
                         min_size=nrows, max_size=nrows))
    return rows, draw(st.integers(2, 5)), h


# the backend fixture is a plain string: nothing to reset between examples
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=boards())
@pytest.mark.slow
def test_a_settled_board_is_stable(backend, board):
    rows, k, h = board
    b = Board(rows, k=k, height=h, backend=backend)
    tiles = b.tiles
    phases = list(b.settle())
    assert phases[0].kind == "drops"
    assert all(p.kind != q.kind for p, q in zip(phases, phases[1:]))  # they alternate
    assert tiles - b.tiles == sum(p.count for p in phases if p.kind == "eliminations")
    if phases[-1].cleared:
        assert b.tiles == 0
    else:  # two quiet phases: nothing floats and no run is left
        assert [p.count for p in phases[-2:]] == [0, 0]
        settled = b.copy()
        assert settled.drop() == 0 and settled.eliminate() == 0 and settled == b


def test_judge_at_full_capacity_compiled_equals_pure():
    # 64 columns, 256 visible rows, 256 given rows: the largest board accepted
    rng = random.Random(64)
    data_set = (64, 256, 3, [[rng.randint(1, 6) for _ in range(64)] for _ in range(256)],
                [(rng.randrange(64), 255, rng.randrange(64), 254) for _ in range(3)])
    text = judge_text(rng, [data_set])
    out, err, _ = judge(text, backend="compiled")
    assert err is None and out.count(b"\n" + b" " * 512) > 1  # the last row's indent
    assert (out, err, []) == judge(text, backend="pure")
