"""`gridgames gopher generate --no-guess` and `gridgames gopher solve`
through the command line: the judge (the referee) replays every generated
field to a clear without a fall; bad input gives one line and exit 1."""
import random

import pytest

from gridgames.gopher import judge
from helpers import assert_refused


def games(text):
    """(rows, cols, holes, picks) of each game of a judge file."""
    found = []
    for block in text.decode().split("\n\n"):
        lines = [tuple(map(int, line.split())) for line in block.splitlines()]
        (rows, cols), (n,) = lines[0], lines[1]
        found.append((rows, cols, lines[2:2 + n], lines[2 + n:]))
    return found


def last_board(output, rows):
    """The last fenced board the judge printed (its rows)."""
    lines = output.decode().splitlines()
    return [line[1:-1] for line in lines[-1 - (rows + 1):-2]]


@pytest.mark.slow
def test_generated_fields_replay_to_a_clear(cli):
    p = cli("gopher", "generate", "--no-guess", "--rows", 12, "--cols", 16, "--holes", 40,
            "--seed", 5, "--count", 2)
    assert p.returncode == 0 and p.stderr == b""
    assert cli("gopher", "validate", input=p.stdout).returncode == 0
    out = cli("gopher", input=p.stdout)
    assert out.returncode == 0 and b"!" not in out.stdout and b"*" not in out.stdout
    found = games(p.stdout)
    assert len(found) == 2
    for rows, cols, holes, picks in found:
        assert (rows, cols, len(holes)) == (12, 16, 40) and picks[0] == (6, 8)
        # each game alone: its last board shows '#' exactly at the holes
        alone = judge(f"{rows} {cols}\n{len(holes)}\n".encode()
                      + b"".join(f"{r} {c}\n".encode() for r, c in holes + picks))
        board = last_board(alone.output, rows)
        unseen = {(r + 1, c + 1) for r in range(rows) for c in range(cols) if board[r][c] == "#"}
        assert unseen == set(holes)
    # the picks in the file are the solver's: solving it gives the same file
    again = cli("gopher", "solve", "--judge", input=p.stdout)
    assert again.returncode == 0 and again.stdout == p.stdout
    report = cli("gopher", "solve", input=p.stdout)
    assert report.stdout.decode().splitlines() == [
        f"game {g}: cleared, {len(picks)} picks" for g, (*_, picks) in enumerate(found, 1)]


def test_a_seed_names_one_file(cli):
    args = ("gopher", "generate", "--no-guess", "--rows", 9, "--cols", 9, "--holes", 10,
            "--first", 1, 1, "--seed", 3)
    one, two = cli(*args), cli(*args)
    assert one.returncode == 0 and one.stdout == two.stdout
    assert games(one.stdout)[0][3][0] == (1, 1)
    # game i of --count is seed SEED + i
    pair = cli("gopher", "generate", "--no-guess", "--rows", 9, "--cols", 9, "--holes", 10,
               "--first", 1, 1, "--seed", 2, "--count", 2)
    assert pair.stdout.endswith(b"\n" + one.stdout)


def test_stuck_games_show_the_board_and_the_unknown(cli):
    field = b"2 2\n1\n1 1\n2 2\n\n1 3\n1\n1 2\n1 1\n"
    p = cli("gopher", "solve", input=field)
    assert p.returncode == 0 and p.stderr == b""
    assert p.stdout == (b"game 1: stuck after 1 pick, 3 patches not inspected\n"
                        b"+--+\n|##|\n|#1|\n+--+\nunknown: 1 1, 1 2, 2 1\n"
                        b"game 2: cleared, 2 picks\n")
    p = cli("gopher", "solve", "--judge", "--first", 1, 3, input=b"1 3\n1\n1 2\n")
    assert p.stdout == b"1 3\n1\n1 2\n1 3\n1 1\n"


def test_the_budget_gives_one_line_and_exit_1(cli):
    p = cli("gopher", "generate", "--no-guess", "--rows", 9, "--cols", 9, "--holes", 12,
            "--count", 2, "--budget", 1, "--seed", 8)
    # game 1 (seed 8) needs no move; game 2 (seed 9) needs 40
    assert_refused(p, p.stdout, b"gridgames gopher: game 2: no 9x9 field with 12 holes cleared "
                                b"without guessing within the budget of 1 hole moves")
    assert len(games(p.stdout)) == 1


@pytest.mark.parametrize("args, words", [
    (("--holes", 3), b"argument --holes: only with --no-guess"),
    (("--no-guess",), b"--no-guess needs --holes H"),
    (("--no-guess", "--holes", 3, "--density", 0.1), b"argument --density: not allowed with argument --no-guess"),
])
def test_usage_errors(cli, args, words):
    p = cli("gopher", "generate", *args)
    assert p.returncode == 2 and words in p.stderr and b"Traceback" not in p.stderr


def test_impossible_requests(cli):
    p = cli("gopher", "generate", "--no-guess", "--rows", 3, "--cols", 3, "--holes", 1)
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.endswith(b"\ngridgames gopher generate: error: 1 holes do not fit: a 3x3 field has "
                             b"room for 0..0 outside the first pick's neighbourhood\n")
    p = cli("gopher", "generate", "--no-guess", "--rows", 3, "--cols", 3, "--holes", 0,
            "--first", 4, 1)
    assert p.returncode == 2 and b"the first pick (4, 1) is outside the 3x3 field" in p.stderr


def test_solve_refuses_bad_input_after_the_good_games(cli):
    good = b"2 2\n0\n1 1\n\n"
    p = cli("gopher", "solve", input=good + b"3 x\n")
    assert_refused(p, b"game 1: cleared, 1 pick\n", b"gridgames gopher: <stdin>:5:3: game 2:",
                   [b"NCOLUMNS", b"'x'"])
    p = cli("gopher", "solve", input=good + b"3 3\n1\n4 4\n")
    assert_refused(p, b"game 1: cleared, 1 pick\n", b"gridgames gopher: <stdin>:7:1: game 2, hole 1")
    p = cli("gopher", "solve", "no-such-file")
    assert p.returncode == 2 and p.stderr.count(b"\n") == 1


@pytest.mark.parametrize("first, game, size", [((99, 99), 1, (2, 2)), ((3, 3), 2, (2, 5))])
def test_solve_first_outside_a_field_is_a_usage_error(cli, first, game, size):
    """--first outside the field of any game: exit 2 before any output, the
    message names the game and its field's size."""
    data = b"5 5\n0\n1 1\n\n2 5\n1\n1 1\n" if game == 2 else b"2 2\n0\n1 1\n\n"
    p = cli("gopher", "solve", "--first", *first, input=data)
    rows, cols = size
    assert (p.returncode, p.stdout) == (2, b"") and p.stderr.startswith(b"usage: gridgames gopher solve ")
    assert p.stderr.decode().splitlines()[-1] == (
        f"gridgames gopher solve: error: --first {first[0]} {first[1]} is outside the field of game {game}: "
        f"{rows}x{cols} (rows 1..{rows}, columns 1..{cols})")


def test_env_no_guess(backend):
    gym = pytest.importorskip("gymnasium", reason="the environments need gymnasium")
    from gymnasium.utils.env_checker import check_env

    import gridgames.envs  # noqa: F401  (registers the environments)
    from gridgames.gopher import solve
    env = gym.make("gridgames/Gopher-v0", rows=8, cols=9, holes=12, no_guess=True, backend=backend)
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=4)
    assert obs[3, 4] == 0  # the middle patch is picked at reset: blank, flooded
    field = env.unwrapped.field
    assert len(field.holes) == 12
    assert solve(8, 9, field.holes, backend=backend).status == "cleared"
    with pytest.raises(ValueError, match="no_guess draws the holes"):
        gym.make("gridgames/Gopher-v0", hole_at=[(1, 1)], no_guess=True)


def test_solve_never_crashes_on_mangled_input(tmp_path, capfd):
    from gridgames.cli import main
    from gridgames.gopher import no_guess
    made = no_guess(6, 8, 7, seed=1)
    good = "6 8\n7\n" + "".join(f"{r} {c}\n" for r, c in made.holes + made.picks[:6])
    rng = random.Random(3)
    path = tmp_path / "field.in"
    statuses = set()
    for _ in range(60):
        data = bytearray((good + "\n" + good).encode())
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.choice(b"0123456789 \n\r\t-x#")
        path.write_bytes(bytes(data))
        status = main(["gopher", "solve", str(path)])
        out, err = capfd.readouterr()
        statuses.add(status)
        assert status in (0, 1) and "Traceback" not in err
        assert err.count("\n") == status, err  # one line when refused, none otherwise
    assert statuses == {0, 1}
