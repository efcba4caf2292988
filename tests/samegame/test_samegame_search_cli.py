"""`gridgames samegame solve|replay`: output forms, round trips, errors."""
import json

import pytest

from gridgames.samegame import Board, Result, standard_boards
from gridgames.samegame.research._jobs import board_rows, digest

BOARDS = b"1 1 2 2\n1 1 2 2\n\n3 3\n3 4\n"   # board 1: 4 + 1004; board 2: 1 (one 4 left)


def one_error_line(p, status, *words):
    assert p.returncode == status, p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and b"Traceback" not in p.stderr, p.stderr
    assert lines[0].startswith(b"gridgames samegame: "), lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_solve_json_lines_and_replay(cli, tmp_path):
    p = cli("samegame", "solve", "-", "--algo", "nmcs", "--json", input=BOARDS)
    assert p.returncode == 0 and p.stderr == b""
    objs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [(o["board"], o["run"], o["score"], o["stopped"], o["algo"]) for o in objs] == \
        [(1, 1, 1008, None, "nmcs"), (2, 1, 1, None, "nmcs")]
    assert objs[1]["moves"] == [[1, 1]] and objs[0]["params"] == {"level": 1, "iterations": 1, "tabu": True}
    (tmp_path / "b.txt").write_bytes(BOARDS)
    (tmp_path / "m.txt").write_bytes(p.stdout)
    p = cli("samegame", "replay", tmp_path / "b.txt", tmp_path / "m.txt")
    assert p.returncode == 0
    assert p.stdout == b"board 1: score 1008\nboard 2: score 1\ntotal 1009 (2 boards)\n"


@pytest.mark.slow
def test_solve_text_form_replays(cli, tmp_path):
    p = cli("samegame", "solve", "--standard", "--algo", "random", "--iterations", "2")
    assert p.returncode == 0
    lines = p.stdout.decode().splitlines()
    assert len(lines) == 21 and lines[-1].startswith("total ")
    first = lines[0]
    assert first.startswith("board 1: score ")
    score = int(first.split()[3].rstrip(","))
    moves = [tuple(map(int, m.split(","))) for m in first.split("moves:")[1].split()]
    assert standard_boards()[0].replay(moves) == score   # checked in-process too
    (tmp_path / "m.txt").write_bytes(p.stdout)
    q = cli("samegame", "replay", "--standard", tmp_path / "m.txt")
    assert q.returncode == 0 and q.stdout.splitlines()[-1] == lines[-1].encode()


@pytest.mark.slow
def test_solve_same_seed_same_result_any_threads(cli):
    args = ("samegame", "solve", "--standard", "--iterations", "3", "--json", "--seed", "5")
    one = cli(*args)
    two = cli(*args, "--threads", "2")
    assert one.returncode == two.returncode == 0

    def searches(p):  # as they finish: in any order; CPU times differ
        return sorted((o["board"], o["seed"], o["score"], o["moves"])
                      for o in map(json.loads, p.stdout.splitlines()))
    assert searches(one) == searches(two) and len(searches(one)) == 20


def test_solve_of_one_board_says_one_board(cli):
    p = cli("samegame", "solve", "-", "--algo", "nmcs", input=BOARDS.split(b"\n\n")[1])
    assert p.returncode == 0 and p.stdout.splitlines()[-1] == b"total 1 (1 board)"  # not "1 boards"


@pytest.mark.slow
def test_replay_plain_moves(cli, tmp_path):
    (tmp_path / "b.txt").write_bytes(BOARDS)
    p = cli("samegame", "replay", tmp_path / "b.txt", "-", input=b"1,1 1,1\n\n1,1\n")
    assert p.returncode == 0
    assert p.stdout == b"board 1: score 1008\nboard 2: score 1\ntotal 1009 (2 boards)\n"
    p = cli("samegame", "replay", "--standard", "-", input=b"")
    assert p.returncode == 0 and p.stdout == b"total 0 (0 boards)\n"
    p = cli("samegame", "replay", "-", "-")
    assert p.returncode == 2 and b"standard input" in p.stderr


@pytest.mark.slow
def test_replay_errors(cli, tmp_path):
    (tmp_path / "b.txt").write_bytes(BOARDS)
    b = tmp_path / "b.txt"

    def replay(text):
        (tmp_path / "m.txt").write_bytes(text)
        return cli("samegame", "replay", b, tmp_path / "m.txt")

    one_error_line(replay(b"1,1 2,4 1,1\n"), 1, b"m.txt:1: board 1: move 2 (2, 4) is illegal")
    one_error_line(replay(b'{"board": 1, "score": 9, "moves": [[1, 1], [1, 1]]}\n'), 1,
                   b"the moves score 1008, not the claimed 9")
    one_error_line(replay(b"1,1 x\n"), 1, b"m.txt:1:5: expected a move 'r,c', found 'x'")
    one_error_line(replay(b'{"board": 1}\n'), 1, b"m.txt:1:1: expected a JSON object")
    one_error_line(replay(b"\n\n1,1\n1,1\n1,1\n"), 1, b"m.txt:5: board 3: there are 2 boards")
    p = replay(b"board 2: score 1, 1 moves: 1,1\n")
    assert p.returncode == 0 and p.stdout == b"board 2: score 1\ntotal 1 (1 board)\n"  # not "1 boards"


@pytest.mark.slow
def test_solve_errors(cli, tmp_path):
    one_error_line(cli("samegame", "solve", "-", input=b"1 2\n3\n"), 1,
                   b"<stdin>:2:1: board 1: row of 1 colours")
    one_error_line(cli("samegame", "solve", tmp_path / "none.txt"), 2, b"cannot read")
    p = cli("samegame", "solve")
    assert p.returncode == 2 and b"BOARDS, --standard or --research N" in p.stderr
    p = cli("samegame", "solve", "--standard", "--algo", "nrpa", "--level", "0")
    assert p.returncode == 2 and b"argument --level: nrpa's L must be in 1..10, not 0" in p.stderr
    assert b"Traceback" not in p.stderr
    p = cli("samegame", "solve", "--standard", "--bogus")
    assert p.returncode == 2 and b"unrecognized arguments: --bogus" in p.stderr


def test_judge_is_still_the_default(cli):
    p = cli("samegame", input=b"2 2 1 1 1 1 1 1 0 0\n")
    assert p.returncode == 0 and p.stdout == b"Grid 1.\n    Game Won\n\n"
    assert Board(["22", "11"]).moves() == [(1, 1, 2), (2, 1, 2)]


@pytest.mark.slow
def test_solve_time_without_algo_runs_the_strongest_search(cli):
    from gridgames.samegame import _single as _solve
    algo, options = _solve.strongest()
    assert algo == "nrpa" and options["restarts"] is None   # restarts until the time is up
    p = cli("samegame", "solve", "-", "--time", "0.3", "--cpu-time", "--json", input=BOARDS)
    assert p.returncode == 0, p.stderr
    objs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [o["score"] for o in objs] == [1008, 1]   # the best games of these boards


@pytest.mark.slow
def test_solve_nrpa_flags(cli):
    p = cli("samegame", "solve", "-", "--stab", "2", "--restarts", "1", "--tabu-bias", "3",
            "--size-bias", "0.5", "--iterations", "3", "--level", "2", "--json", input=BOARDS)
    assert p.returncode == 0, p.stderr
    rows = [[1, 1, 2, 2], [1, 1, 2, 2]]
    want = Board(rows).search("nrpa", level=2, iterations=3, stab=2, restarts=1, tabu_bias=3.0,
                              size_bias=0.5, seed=0)
    assert json.loads(p.stdout.splitlines()[0])["moves"] == [list(m) for m in want.moves]
    p = cli("samegame", "solve", "-", "--stab", "0", input=BOARDS)
    assert p.returncode == 2 and b"argument --stab: P must be an integer in 1..2147483647, not '0'" in p.stderr
    help_text = cli("samegame", "solve", "--help").stdout
    for flag in (b"--stab", b"--restarts", b"--tabu-bias", b"--size-bias", b"--cpu-time"):
        assert flag in help_text


def test_solve_colour_bias(cli):
    rows = ["120120121", "201122010", "112002211", "020111202", "211020120", "102201012", "221011201"]
    text = "\n".join(" ".join(row) for row in rows).encode() + b"\n"
    args = ("samegame", "solve", "-", "--level", "2", "--iterations", "3", "--seed", "4", "--json")
    p = cli(*args, "--colour-bias", "1", input=text)
    assert p.returncode == 0, p.stderr
    obj = json.loads(p.stdout)  # its seed: the search's, from --seed, the board and the run
    want = Board(rows).search("nrpa", level=2, iterations=3, seed=obj["seed"], colour_bias=1.0)
    assert obj["moves"] == [list(m) for m in want.moves] and obj["params"]["colour_bias"] == 1.0
    assert want != Board(rows).search("nrpa", level=2, iterations=3, seed=obj["seed"])
    for bad in ("nan", "inf"):  # argparse's usage, then its one-line error
        p = cli(*args, "--colour-bias", bad, input=text)
        assert p.returncode == 2 and p.stdout == b"" and p.stderr.splitlines()[-1] == \
            f"gridgames samegame solve: error: argument --colour-bias: B must be a finite number, not '{bad}'".encode()
    p = cli("samegame", "solve", "-", "--algo", "beam", "--colour-bias", "1", input=text)
    assert p.returncode == 2 and b"argument --colour-bias" in p.stderr.splitlines()[-1], p.stderr
    assert b"--colour-bias B" in cli("samegame", "solve", "--help").stdout


def test_solve_improve_adapts(cli, tmp_path):
    rows = ["120120121", "201122010", "112002211", "020111202", "211020120", "102201012", "221011201"]
    text = "\n".join(" ".join(row) for row in rows).encode() + b"\n"
    boards = tmp_path / "b.txt"
    boards.write_bytes(text)
    start = Board(rows).search("random", iterations=1, seed=1)
    first = tmp_path / "1.jsonl"
    first.write_text(Result(1, 1, 1, "random", {}, start.score, start.moves, None, 1, 0.1, "0",
                            digest(board_rows(Board(rows)))).line() + "\n")
    args = ("samegame", "solve", boards, "--level", "2", "--iterations", "3", "--seed", "4", "--json")
    p = cli(*args, "--improve", first, "--improve-adapts", "2")
    assert p.returncode == 0, p.stderr
    obj = json.loads(p.stdout)
    want = Board(rows).search("nrpa", level=2, iterations=3, seed=obj["seed"], improve=start.moves,
                              improve_adapts=2)
    assert obj["moves"] == [list(m) for m in want.moves] and obj["params"]["improve_adapts"] == 2
    assert want != Board(rows).search("nrpa", level=2, iterations=3, seed=obj["seed"], improve=start.moves)
    p = cli(*args, "--improve-adapts", "2")
    assert p.returncode == 2 and p.stdout == b"" and p.stderr.splitlines()[-1] == \
        b"gridgames samegame solve: error: argument --improve-adapts: only with --improve and --algo nrpa"
    for bad in ("0", "x"):
        p = cli(*args, "--improve", first, "--improve-adapts", bad)
        assert p.returncode == 2 and b"argument --improve-adapts" in p.stderr.splitlines()[-1], p.stderr
    p = cli("samegame", "solve", boards, "--algo", "beam", "--improve", first, "--improve-adapts", "1")
    assert p.returncode == 2 and b"argument --improve-adapts: only with --improve and --algo nrpa" in \
        p.stderr.splitlines()[-1]
    assert b"--improve-adapts K" in cli("samegame", "solve", "--help").stdout
