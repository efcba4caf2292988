"""The exact deduction solver (gopher.solve), checked against an
independent brute force: every pick after the first is a patch that no
arrangement of holes consistent with what was seen (and with the number of
holes) puts a hole on, and a stuck solver left no such patch."""
import random

import pytest

from gridgames.gopher import Field, NoGuessFailed, no_guess, solve

AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def provably_safe(field, nholes):
    """The unseen patches of ``field`` that are a hole in no arrangement of
    ``nholes`` holes matching every number shown, written apart from the
    solver: a depth-first walk over every arrangement of the unseen patches
    next to a number; the m unseen patches next to none are interchangeable,
    so an arrangement of the others using h holes fits when 0 <= nholes - h <= m,
    and then puts a hole on them when nholes - h >= 1."""
    grid, rows, cols = field.grid(), field.rows, field.cols
    shown = {(r, c): (0 if grid[r][c] == " " else int(grid[r][c]))
             for r in range(rows) for c in range(cols) if grid[r][c] != "#"}
    unseen = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "#"]
    touching = {u: [p for p in shown if max(abs(p[0] - u[0]), abs(p[1] - u[1])) == 1] for u in unseen}
    near = [u for u in unseen if touching[u]]
    far = [u for u in unseen if not touching[u]]
    left = {p: sum(p in touching[u] for u in near) for p in shown}  # undecided neighbours
    need = dict(shown)
    can_hole: set = set()
    chosen: list = []

    def walk(k):
        if k == len(near):
            rest = nholes - len(chosen)
            if all(v == 0 for v in need.values()) and 0 <= rest <= len(far):
                can_hole.update(chosen)
                if rest:
                    can_hole.update(far)
            return
        u = near[k]
        for hole in (0, 1):
            for p in touching[u]:
                left[p] -= 1
                need[p] -= hole
            if all(0 <= need[p] <= left[p] for p in touching[u]):
                chosen.extend([u] * hole)
                walk(k + 1)
                del chosen[len(chosen) - hole:]
            for p in touching[u]:
                left[p] += 1
                need[p] += hole

    walk(0)
    return {(r + 1, c + 1) for r, c in unseen} - {(r + 1, c + 1) for r, c in can_hole}


def check_every_pick(rows, cols, holes, found, backend):
    """Replay ``found``'s picks, checking each later pick against the brute force."""
    field = Field(rows, cols, holes, backend=backend)
    nholes = len(set(holes))
    for k, (r, c) in enumerate(found.picks):
        if k:
            assert (r, c) in provably_safe(field, nholes), (k, r, c)
        assert field.pick(r, c).revealed > 0  # every recorded pick inspects something
    assert field.grid() == found.board
    if found.status == "cleared":
        assert field.won
    elif found.status == "stuck":
        assert not field.won and not provably_safe(field, nholes)
    return field


def random_field(rng, max_side):
    rows, cols = rng.randint(1, max_side), rng.randint(1, max_side)
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    holes = rng.sample(cells, rng.randint(0, min(len(cells) - 1, 12)))
    first = rng.choice([p for p in cells if p not in holes])
    return rows, cols, holes, first


def test_every_pick_is_provably_safe(backend):
    rng = random.Random(20)
    statuses = set()
    for _ in range(300):
        rows, cols, holes, first = random_field(rng, 7)
        found = solve(rows, cols, holes, first, backend=backend)
        statuses.add(found.status)
        check_every_pick(rows, cols, holes, found, backend)
    assert statuses == {"cleared", "stuck"}


def test_the_hole_count_is_used(backend):
    # 1x3, the hole in the middle, first pick (1, 1): '1' over (1, 2) alone
    # proves it a hole; that is every hole, so (1, 3), next to no number, is
    # safe by the count alone.
    found = solve(1, 3, [(1, 2)], (1, 1), backend=backend)
    assert found == ("cleared", [(1, 1), (1, 3)], ["1#1"], [(1, 2)])
    # 3x3, one hole in a corner, first pick in the middle ('1'): any of the
    # eight patches may be the hole.  First pick in the far corner: the
    # flood shows all but the hole.
    found = solve(3, 3, [(1, 1)], (2, 2), backend=backend)
    assert found == ("stuck", [(2, 2)], ["###", "#1#", "###"], [(1, 1), (1, 2), (1, 3), (2, 1),
                                                               (2, 3), (3, 1), (3, 2), (3, 3)])
    assert solve(3, 3, [(1, 1)], (3, 3), backend=backend).picks == [(3, 3)]


def test_stuck_reports_the_board_and_the_unknown(backend):
    found = solve(2, 2, [(1, 1)], (2, 2), backend=backend)  # '1': three candidates
    assert found.status == "stuck"
    assert found.picks == [(2, 2)] and found.board == ["##", "#1"]
    assert found.unknown == [(1, 1), (1, 2), (2, 1)]


def test_a_first_pick_in_a_hole(backend):
    found = solve(2, 2, [(1, 1)], (1, 1), backend=backend)
    assert found.status == "fell" and found.picks == [(1, 1)] and found.board[0][0] == "!"


def test_twins_make_the_same_picks():
    rng = random.Random(7)
    for k in range(40):
        rows, cols = rng.randint(5, 16), rng.randint(5, 16)
        cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
        holes = rng.sample(cells, rng.randint(0, len(cells) // 4))
        first = rng.choice(cells)
        budget = rng.choice((20, 1000, 200_000))  # small budgets give up on both
        assert solve(rows, cols, holes, first, budget=budget, backend="compiled") == \
            solve(rows, cols, holes, first, budget=budget, backend="pure"), k


def test_generated_fields_are_cleared_by_provably_safe_picks(backend):
    for seed in range(20):
        made = no_guess(6, 7, 8, seed=seed, backend=backend)
        assert len(made.holes) == 8
        first = made.picks[0]
        assert first == (3, 4)  # the middle patch; its neighbourhood has no hole
        assert all(max(abs(r - 3), abs(c - 4)) > 1 for r, c in made.holes)
        found = solve(6, 7, made.holes, first, backend=backend)
        assert found.status == "cleared" and found.picks == made.picks
        check_every_pick(6, 7, made.holes, found, backend)


def test_the_generator_is_deterministic_on_both_backends():
    for seed, (rows, cols, holes, first) in enumerate([(16, 30, 99, None), (9, 9, 10, (1, 1)),
                                                       (12, 12, 30, (6, 2))]):
        made = no_guess(rows, cols, holes, first, seed=seed, backend="compiled")
        assert made == no_guess(rows, cols, holes, first, seed=seed, backend="pure")
        assert made == no_guess(rows, cols, holes, first, seed=seed, backend="compiled")
        assert made != no_guess(rows, cols, holes, first, seed=seed + 1, backend="compiled")


def test_the_generator_moves_holes_when_stuck(backend):
    made = no_guess(16, 30, 99, seed=2, backend=backend)
    assert made.moves > 0  # this seed's first draw needs a guess
    assert solve(16, 30, made.holes, backend=backend).picks == made.picks


def test_the_budget_ends_infeasible_requests(backend):
    with pytest.raises(NoGuessFailed, match="within the budget of 50 hole moves"):
        no_guess(10, 10, 60, seed=0, budget=50, backend=backend)


@pytest.mark.parametrize("args, words", [
    ((0, 5, 1), "size 0x5"), ((5, 5, 17), "room for 0..16"), ((5, 5, -1), "room for 0..16"),
])
def test_bad_requests(backend, args, words):
    with pytest.raises(ValueError, match=words):
        no_guess(*args, backend=backend)


def test_bad_solve_arguments(backend):
    with pytest.raises(ValueError, match="outside"):
        solve(3, 3, [], (4, 1), backend=backend)
    with pytest.raises(ValueError, match="outside"):
        solve(3, 3, [(4, 4)], backend=backend)
