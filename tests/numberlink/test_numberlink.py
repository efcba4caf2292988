"""Number Link: the random source, the generator, the text format and the
checker, on both backends."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gridgames._runtime.backend import kernel
from gridgames._runtime.random_source_pure import SplitMix64
from gridgames.numberlink import EMPTY, SOLID, JudgeError, Puzzle, Solution, check, generate
from helpers import DATA

# Vigna's splitmix64.c, seed 0: the published first outputs (they also seed
# xoshiro256** in its reference code).
SPLITMIX64_SEED0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                    0x06C45D188009454F, 0xF88BB8A8724C81EC]


def test_splitmix64_reference_values(backend):
    # bound 2**64 - 1 rejects only the output 0 and returns the others as they are
    assert kernel("numberlink", backend).uniform(0, 2 ** 64 - 1, 4) == SPLITMIX64_SEED0
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(4)] == SPLITMIX64_SEED0


def test_uniform_reduces_by_modulo(backend):
    k = kernel("numberlink", backend)
    assert k.uniform(0, 8, 4) == [x % 8 for x in SPLITMIX64_SEED0]
    assert k.uniform(0, 1, 3) == [0, 0, 0]


def test_uniform_rejects_the_biased_low_outputs(backend):
    # bound 2**63 + 1: outputs below 2**64 mod bound = 2**63 - 1 are
    # rejected, so the 2nd and 3rd reference outputs are skipped.
    bound = 2 ** 63 + 1
    assert kernel("numberlink", backend).uniform(0, bound, 2) == \
        [SPLITMIX64_SEED0[0] - bound, SPLITMIX64_SEED0[3] - bound]


def test_uniform_needs_a_positive_bound(backend):
    with pytest.raises(ValueError):
        kernel("numberlink", backend).uniform(0, 0, 1)


# --- the generator against a naive reading of the spec ---------------------

def reference_generate(rows, cols, seed):
    """The spec's algorithm written as plainly as possible (sets, and the
    free pairs listed afresh at every start), with the documented random
    choices: a start draw d in 0..2F-1 picks free pair d // 2 in reading
    order (each square's right pair, then its lower pair) and starts from
    its upper/left square when d is even; an extension draws among the
    valid neighbours in reading order (up, left, right, down)."""
    mask = 2 ** 64 - 1
    state = seed

    def draw(bound):
        nonlocal state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z >= 2 ** 64 % bound:
                return z % bound

    def near(r, c):
        return [(rr, cc) for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                if 0 <= rr < rows and 0 <= cc < cols]

    path_of = {}
    ends = []
    while True:
        pairs = []
        for r in range(rows):
            for c in range(cols):
                for other in ((r, c + 1), (r + 1, c)):
                    if other in near(r, c) and (r, c) not in path_of and other not in path_of:
                        pairs.append(((r, c), other))
        if not pairs:
            break
        d = draw(2 * len(pairs))
        a, b = pairs[d // 2] if d % 2 == 0 else pairs[d // 2][::-1]
        number = len(ends) + 1
        path = {a, b}
        path_of[a] = path_of[b] = number
        end = b
        while True:
            options = [sq for sq in near(*end) if sq not in path_of
                       and all(m == end or m not in path for m in near(*sq))]
            if not options:
                break
            end = options[draw(len(options))]
            path.add(end)
            path_of[end] = number
        ends.append((a, end))
    puzzle = [[SOLID if (r, c) not in path_of else EMPTY for c in range(cols)] for r in range(rows)]
    for number, pair in enumerate(ends, 1):
        for r, c in pair:
            puzzle[r][c] = number
    solution = [[path_of.get((r, c), SOLID) for c in range(cols)] for r in range(rows)]
    return puzzle, solution


def test_two_by_two_seed_zero_worked_by_hand(backend):
    # 4 free pairs; the first draw is 0x..af % 8 = 7: pair 3 (the bottom one)
    # from its right square.  From the bottom-left square the path goes up;
    # the top-right square would touch the path's start, so it stays solid.
    puzzle, solution = generate(2, 2, 0, backend=backend)
    assert puzzle.render() == "2 2\n1 #\n. 1\n"
    assert solution.render() == "2 2\n1 #\n1 1\n"


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (2, 1), (1, 7), (6, 1), (2, 2),
                                        (3, 3), (3, 5), (5, 3), (4, 4), (6, 7), (8, 8)])
def test_generator_follows_the_spec_literally(backend, rows, cols):
    for seed in range(12):
        puzzle, solution = generate(rows, cols, seed, backend=backend)
        want_puzzle, want_solution = reference_generate(rows, cols, seed)
        assert puzzle.grid() == [tuple(row) for row in want_puzzle], (rows, cols, seed)
        assert solution.grid() == [tuple(row) for row in want_solution], (rows, cols, seed)


def test_seeds_are_taken_modulo_two_to_the_64(backend):
    assert generate(5, 6, -1, backend=backend) == generate(5, 6, 2 ** 64 - 1, backend=backend)
    assert generate(5, 6, 2 ** 64 + 3, backend=backend) == generate(5, 6, 3, backend=backend)


@pytest.mark.parametrize("rows, cols", [(0, 5), (5, 0), (1001, 1), (1, 1001), (-3, 4), (10 ** 40, 1)])
def test_sizes_are_checked_before_generating(backend, rows, cols):
    with pytest.raises(ValueError, match="outside 1..1000"):
        generate(rows, cols, 0, backend=backend)


def test_compiled_and_pure_generate_the_same_bytes():
    rng = random.Random(2024)
    sizes = [(r, c) for r in range(1, 13) for c in range(1, 13)]
    sizes += [(rng.randint(1, 70), rng.randint(1, 70)) for _ in range(40)]
    sizes += [(100, 100), (1, 300), (250, 2)]
    for rows, cols in sizes:
        for seed in (rng.getrandbits(64), rng.randrange(1000)):
            a = generate(rows, cols, seed, backend="compiled")
            b = generate(rows, cols, seed, backend="pure")
            assert a.puzzle.render() == b.puzzle.render(), (rows, cols, seed)
            assert a.solution.render() == b.solution.render(), (rows, cols, seed)


def test_every_generated_solution_is_valid(backend):
    # every size up to 40x40; the pure twin (15 times slower) every size up to 12 and
    # those with 20, 31 or 40 (its sameness with compiled: test_compiled_and_pure_generate_the_same_bytes)
    sizes = range(1, 41) if backend == "compiled" else [*range(1, 13), 20, 31, 40]
    for rows in sizes:
        for cols in sizes:
            puzzle, solution = generate(rows, cols, rows * 1000 + cols, backend=backend)
            verdict = check(puzzle, solution, backend=backend)
            assert verdict.valid, (rows, cols, verdict.message)
            # The generator only stops when no two free squares touch.
            g = solution.grid()
            assert not any(g[r][c] == SOLID and (
                (c + 1 < cols and g[r][c + 1] == SOLID) or (r + 1 < rows and g[r + 1][c] == SOLID))
                for r in range(rows) for c in range(cols)), (rows, cols)
            # Endpoints sit exactly where the solution's paths are numbered.
            assert all(p in (EMPTY, s) for p, s in zip(puzzle.cells, solution.cells))


def test_non_square_boards_are_valid(backend):
    for rows, cols in [(1, 40), (40, 1), (3, 97), (97, 3), (17, 60), (150, 20)]:
        for seed in range(3):
            puzzle, solution = generate(rows, cols, seed, backend=backend)
            assert check(puzzle, solution, backend=backend).valid


# --- the checker ----------------------------------------------------------------

def verdict_of(puzzle_text, solution_text, backend):
    return check(Puzzle.from_text(puzzle_text), Solution.from_text(solution_text), backend=backend)


EXAMPLE_PUZZLE = (DATA / "numberlink" / "example.puzzle").read_bytes()
EXAMPLE_SOLUTION = (DATA / "numberlink" / "example.solution").read_bytes()


def test_the_example_pair_is_valid(backend):
    verdict = verdict_of(EXAMPLE_PUZZLE, EXAMPLE_SOLUTION, backend)
    assert verdict.valid and bool(verdict)
    assert verdict.message == "the solution solves the puzzle"


P3 = "3 3\n1 . 1\n. . .\n2 . 2\n"


@pytest.mark.parametrize("puzzle, solution, rule, row, column, why", [
    # a solid square entered
    ("2 3\n1 # 1\n2 . 2\n", "2 3\n1 1 1\n2 2 2\n", "solid", 1, 2,
     "the square is solid in the puzzle but on path 1 in the solution"),
    # a gap: a square no path covers, or made solid
    (P3, "3 3\n1 1 1\n2 . 2\n2 2 2\n", "covered", 2, 2, "the square is on no path"),
    (P3, "3 3\n1 1 1\n2 # 2\n2 2 2\n", "covered", 2, 2,
     "the square is solid in the solution but not in the puzzle"),
    # an endpoint on the wrong path
    ("2 2\n1 2\n1 2\n", "2 2\n1 2\n2 2\n", "endpoint", 2, 1, "endpoint 1 is on path 2"),
    # a path number the puzzle does not have
    (P3, "3 3\n1 1 1\n3 3 3\n2 2 2\n", "number", 2, 1,
     "path 3 has no endpoints in the puzzle (its numbers are 1..2)"),
    # crossing: path 2 runs across path 1, which is cut in two
    ("3 3\n. 1 .\n2 . 2\n. 1 .\n", "3 3\n1 1 1\n2 2 2\n1 1 1\n", "endpoint-degree", 1, 2,
     "endpoint 1 has 2 neighbours on its path, expected 1"),
    # a path touching itself (it runs alongside itself)
    ("2 3\n1 . .\n1 # #\n", "2 3\n1 1 1\n1 # #\n", "endpoint-degree", 1, 1,
     "endpoint 1 has 2 neighbours on its path, expected 1"),
    ("3 3\n1 . 1\n. . .\n# # #\n", "3 3\n1 1 1\n1 1 1\n# # #\n", "endpoint-degree", 1, 1,
     "endpoint 1 has 2 neighbours on its path, expected 1"),
    ("3 4\n1 . . 2\n# . # .\n1 . . 2\n", "3 4\n1 1 1 2\n# 1 # 2\n1 1 1 2\n", "path-degree", 1, 2,
     "this square of path 1 has 3 neighbours on its path, expected 2 "
     "(the path touches itself here)"),
    # a path that breaks off (gap inside a path)
    ("1 4\n1 . . 1\n", "1 4\n1 1 2 1\n", "number", 1, 3,
     "path 2 has no endpoints in the puzzle (its numbers are 1..1)"),
    ("2 2\n1 #\n# 1\n", "2 2\n1 #\n# 1\n", "endpoint-degree", 1, 1,
     "endpoint 1 has 0 neighbours on its path, expected 1"),
    ("1 5\n1 . # . 1\n", "1 5\n1 1 # 1 1\n", "path-degree", 1, 2,
     "this square of path 1 has 1 neighbour on its path, expected 2 "
     "(the path breaks off here)"),
    # a loop: through an endpoint, or apart from the path
    ("4 5\n1 . 1 . .\n# # # . .\n# # # . .\n# # # # #\n",
     "4 5\n1 1 1 1 1\n# # # 1 1\n# # # 1 1\n# # # # #\n", "endpoint-degree", 1, 3,
     "endpoint 1 has 2 neighbours on its path, expected 1"),
    ("5 5\n1 1 # # #\n# # # # #\n# . . . #\n# . # . #\n# . . . #\n",
     "5 5\n1 1 # # #\n# # # # #\n# 1 1 1 #\n# 1 # 1 #\n# 1 1 1 #\n", "loop", 3, 2,
     "this square of path 1 is on a loop, apart from the path between its endpoints"),
])
def test_checker_names_the_first_broken_rule(backend, puzzle, solution, rule, row, column, why):
    verdict = verdict_of(puzzle, solution, backend)
    assert not verdict.valid and not verdict
    assert (verdict.rule, verdict.row, verdict.column) == (rule, row, column)
    assert verdict.message == f"rule {rule} broken at row {row}, column {column}: {why}"


def test_checker_compares_sizes_first(backend):
    verdict = verdict_of("1 2\n1 1\n", "2 1\n1\n1\n", backend)
    assert (verdict.valid, verdict.rule, verdict.row) == (False, "size", None)
    assert verdict.message == "rule size broken: the solution is 2x1, the puzzle 1x2"


def test_checker_rejects_mutated_solutions_like_its_twin():
    # Random damage to generated solutions: both backends must agree.  One
    # changed square always breaks a rule: a solid or an endpoint cannot
    # change, and any other path square is needed by its path.
    rng = random.Random(7)
    for trial in range(800):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        puzzle, solution = generate(rows, cols, trial, backend="pure")
        cells = list(solution.cells)
        changes = rng.randint(1, 3)
        for _ in range(changes):
            cells[rng.randrange(len(cells))] = rng.choice(
                [SOLID, EMPTY, rng.randint(1, puzzle.pairs + 1)])
        if not _numbered(cells):
            continue
        broken = Solution(rows, cols, cells)
        a = check(puzzle, broken, backend="compiled")
        assert a == check(puzzle, broken, backend="pure"), (rows, cols, trial)
        if changes == 1:
            assert a.valid == (broken == solution), (rows, cols, trial, a.message)


def _numbered(cells):
    used = {v for v in cells if v > 0}
    return used == set(range(1, len(used) + 1))


def test_kernel_check_refuses_bad_arrays(backend):
    k = kernel("numberlink", backend)
    with pytest.raises(ValueError):
        k.check(2, 2, [1, 1, 0], [1, 1, 1, 1])            # wrong length
    with pytest.raises(ValueError):
        k.check(1, 2, [1, 1], [1, -5])                     # not a square code
    with pytest.raises(ValueError):
        k.check(1, 2, [1, 3], [1, 1])                      # 3 is out of 1..2
    with pytest.raises(ValueError):
        k.check(1, 3, [1, 1, 1], [1, 1, 1])                # 1 three times
    with pytest.raises(ValueError):
        k.check(1, 2, [1, 1], [1, 2 ** 40])                # not a C int
    with pytest.raises(ValueError):
        k.check(0, 2, [], [])
    with pytest.raises(ValueError):
        k.check(2 ** 70, 1, [], [])                        # not a C int either


# --- the text format ---------------------------------------------------------------

def test_format_round_trips(backend):
    assert Puzzle.from_text(EXAMPLE_PUZZLE).render().encode() == EXAMPLE_PUZZLE
    assert Solution.from_text(EXAMPLE_SOLUTION).render().encode() == EXAMPLE_SOLUTION
    puzzle, solution = generate(9, 13, 5, backend=backend)
    assert Puzzle.from_text(puzzle.render()) == puzzle
    assert Solution.from_text(str(solution)) == solution


def test_parse_reads_the_cells():
    p = Puzzle.from_text(b"2 3\n1 # 2\n2 . 1\n\n\n")
    assert (p.rows, p.cols, p.pairs) == (2, 3, 2)
    assert p.grid() == [(1, SOLID, 2), (2, EMPTY, 1)]
    # Extra spaces, tabs and CRLF line ends are fine.
    assert Puzzle.from_text(b"  2   3 \r\n 1\t#  2\r\n2 . 1\r\n") == p


@pytest.mark.parametrize("text, where", [
    (b"", "1:1: line 1: expected the size 'ROWS COLS' (two integers 1..1000), found end of input"),
    (b"4\n", "1:2: line 1: expected the size 'ROWS COLS' (two integers 1..1000), found end of line"),
    (b"4 4 4\n", "1:5: line 1: expected the size 'ROWS COLS' (two integers 1..1000), found '4'"),
    (b"0 4\n", "1:1: line 1: expected the size 'ROWS COLS' (two integers 1..1000), found '0'"),
    (b"2 1001\n", "1:3: line 1: expected the size 'ROWS COLS' (two integers 1..1000), found '1001'"),
    (b"2 x\n", "1:3: line 1: expected the size 'ROWS COLS' (two integers 1..1000), found 'x'"),
    # wrong row length
    (b"2 3\n1 . 1\n. .\n", "3:4: row 2: expected 3 squares, found only 2, then the end of the line"),
    (b"2 3\n1 . 1\n. . . .\n", "3:7: row 2: expected only 3 squares, found '.'"),
    (b"2 3\n1 . 1\n", "3:1: row 2: expected 3 squares, found end of input"),
    (b"2 3\n1 . 1", "2:6: row 2: expected 3 squares, found end of input"),
    # unknown tokens
    (b"2 2\n1 x\n1 .\n", "2:3: row 1: expected '.', '#' or a number 1..4, found 'x'"),
    (b"2 2\n1 0\n1 .\n", "2:3: row 1: expected '.', '#' or a number 1..4, found '0'"),
    (b"2 2\n1 -1\n1 .\n", "2:3: row 1: expected '.', '#' or a number 1..4, found '-1'"),
    (b"2 2\n1 5\n1 .\n", "2:3: row 1: expected '.', '#' or a number 1..4, found '5'"),
    (b"2 2\n1 " + b"9" * 40 + b"\n1 .\n",
     "2:3: row 1: expected '.', '#' or a number 1..4, found '999999999999999999999999...'"),
    (b"2 2\n1 ..\n1 .\n", "2:3: row 1: expected '.', '#' or a number 1..4, found '..'"),
    # an integer other than twice
    (b"2 2\n1 2\n1 .\n", "2:3: number 2: expected exactly 2 endpoints, found only 1"),
    (b"2 2\n1 1\n1 .\n", "3:1: number 1: expected exactly 2 endpoints, found a third one"),
    # numbers that skip a value
    (b"2 2\n3 1\n3 1\n", "2:1: number 3: expected the numbers 1..3 without a gap, found no 2"),
    (b"2 3\n. 4 .\n4 . .\n", "2:3: number 4: expected the numbers 1..4 without a gap, found no 1"),
    # anything after the last row
    (b"1 2\n1 1\n\n# #\n", "4:1: after the last row: expected the end of the input, found '#'"),
])
def test_puzzle_parse_errors(text, where):
    with pytest.raises(JudgeError) as info:
        Puzzle.from_text(text)
    assert str(info.value) == where


def test_solution_format_rules():
    # Paths appear any number of times and '.' marks a gap for the checker...
    s = Solution.from_text("2 3\n1 1 1\n2 . 1\n")
    assert s.cells == (1, 1, 1, 2, EMPTY, 1)
    # ...but the numbers must not skip a value.
    with pytest.raises(JudgeError) as info:
        Solution.from_text("1 3\n1 1 3\n")
    assert str(info.value) == "2:5: number 3: expected the numbers 1..3 without a gap, found no 2"
    assert (info.value.line, info.value.column) == (2, 5)


def test_boards_built_in_python_are_validated():
    with pytest.raises(ValueError, match="found only 1"):
        Puzzle(1, 3, [1, 2, 2])
    with pytest.raises(ValueError, match="needs 4 cells"):
        Puzzle(2, 2, [1, 1, 0])
    with pytest.raises(ValueError, match="outside"):
        Solution(0, 1, [])
    with pytest.raises(ValueError, match="without a gap"):
        Solution(1, 2, [2, 2])
    with pytest.raises(TypeError):
        check(Solution(1, 2, [1, 1]), Solution(1, 2, [1, 1]))
    assert Puzzle(1, 2, [1, 1]).grid() == [(1, 1)]


# --- bad input never crashes -------------------------------------------------------

PIECES = st.sampled_from([b".", b"#", b"1", b"2", b"3", b"0", b"-1", b"x", b"12", b"99999",
                          b" ", b"\n", b"\t", b"\r\n", b"2 2\n", b"1 3\n", b"\xff"])
FUZZ = settings(max_examples=250, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(text=st.lists(PIECES, max_size=24).map(b"".join) | st.binary(max_size=30))
def test_any_text_parses_or_fails_with_a_position(text):
    for kind in (Puzzle, Solution):
        try:
            board = kind.from_text(text)
        except JudgeError as err:
            assert err.line >= 1 and err.column >= 1 and str(err)
        else:
            assert kind.from_text(board.render()) == board


@FUZZ
@given(rows=st.integers(1, 5), cols=st.integers(1, 5), seed=st.integers(0, 2 ** 64 - 1),
       data=st.data())
@pytest.mark.slow
def test_check_of_any_filling_agrees_with_its_twin(backend, rows, cols, seed, data):
    puzzle = generate(rows, cols, seed, backend=backend).puzzle
    cells = data.draw(st.lists(st.integers(SOLID - 1, puzzle.pairs + 1),
                               min_size=rows * cols, max_size=rows * cols))
    found = []
    for name in ("compiled", "pure"):
        try:
            found.append(kernel("numberlink", name).check(rows, cols, puzzle.cells, cells))
        except ValueError:  # a code below SOLID
            found.append(ValueError)
    assert found[0] == found[1]
    assert (found[0] is ValueError) == (min(cells) < SOLID)
