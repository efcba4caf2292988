"""NRPA searches that stop and go on: at every checkpoint point,
through the state of either twin, through a file, across killed processes,
always to the result of one search that never stopped."""
import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from gridgames._runtime.backend import kernel
from gridgames.samegame import Board
from gridgames.samegame.research import _checkpoint
from gridgames.samegame.research._jobs import search_seed
from gridgames.samegame.research._rootpar import root_parallel


def _rows(seed, colours=3, rows=6, cols=7):
    rng = random.Random(seed)
    return ["".join(str(rng.randrange(colours)) for _ in range(cols)) for _ in range(rows)]


def _twin(backend):
    return kernel("samegame", backend, part="search")


OPTIONS = [
    dict(level=3, iterations=3, restarts=1),
    dict(level=2, iterations=4, stab=2, repeats=2, restarts=2),
    dict(level=3, iterations=2, tabu_bias=1.5, size_bias=0.25),
    dict(level=1, iterations=12, restarts=1),
    dict(level=2, iterations=3, tabu_bias=0.5, size_bias=0.25, colour_bias=1.0),
]


def _new_run(board, seed, improve=None, level=1, iterations=3, stab=1, repeats=0, restarts=0, tabu_bias=-1.0,
             size_bias=0.0, colour_bias=0.0, improve_adapts=None):
    return _twin(board.backend).NrpaRun(board._state, level, iterations, seed, True, stab, repeats, restarts,
                                        tabu_bias, size_bias, None, improve, colour_bias=colour_bias,
                                        improve_adapts=improve_adapts)


@pytest.mark.parametrize("options", OPTIONS)
def test_every_checkpoint_point_goes_on_to_the_same_result(backend, options):
    # stop at every checkpoint point, start a new search from the state each time (on the other twin
    # every other time): the result, playouts included, is that of one search that never stopped
    rows = _rows(5)
    boards = {b: Board(rows, backend=b) for b in ("compiled", "pure")}
    other = "pure" if backend == "compiled" else "compiled"
    expected = boards[backend].search("nrpa", seed=9, **options)
    run, stops = _new_run(boards[backend], 9, **options), 0
    while run.run(0.0, None, False, False, 0.0):
        state = run.state()
        stops += 1
        run = _new_run(boards[(backend, other)[stops % 2]], 9, **options)
        run.load(state)
    score, moves, stopped, playouts = run.result()
    assert (score, [tuple(m) for m in moves], playouts) == (expected.score, expected.moves, expected.playouts)
    assert stopped == 0 and run.done and stops >= options["iterations"]


def test_the_twins_reach_each_checkpoint_in_the_same_state():
    rows = _rows(8, colours=4, rows=7, cols=7)
    runs = [_new_run(Board(rows, backend=b), 3, level=3, iterations=3, stab=2) for b in ("compiled", "pure")]
    seen = 0
    while True:
        paused = [r.run(0.0, None, False, False, 0.0) for r in runs]
        assert paused[0] == paused[1]
        states = [r.state() for r in runs]
        assert states[0] == states[1]
        seen += 1
        if not paused[0]:
            break
    assert seen > 9 and states[0]["done"] and states[0]["levels"] == []


def test_improve_goes_on_from_its_checkpoints(backend, tmp_path):
    board = Board(_rows(2), backend=backend)
    start = board.search("nrpa", level=1, iterations=3, seed=1).moves
    expected = board.search("nrpa", level=2, iterations=4, seed=4, restarts=2, improve=start)
    path = str(tmp_path / "c.ckpt")
    done = _checkpoint.run(board, path, 0.0, level=2, iterations=4, seed=4, restarts=2, improve=start)
    assert done.result == expected and done.resumed is None
    again = _checkpoint.run(board, path, 0.0, level=2, iterations=4, seed=4, restarts=2, improve=start)
    assert again.result == expected and again.resumed["done"] is True


@pytest.mark.parametrize("adapts", [None, 1, 3])
def test_improve_adapts_goes_on_from_every_checkpoint_point(backend, adapts):
    # a weak start game, so that later runs start from better ones: the run's start game (apart from
    # the top level's best) is part of the state, and either twin goes on from the other's
    rows = _rows(6, colours=4, rows=7, cols=7)
    boards = {b: Board(rows, backend=b) for b in ("compiled", "pure")}
    other = "pure" if backend == "compiled" else "compiled"
    start = boards[backend].search("random", iterations=1, seed=2).moves
    options = dict(level=2, iterations=3, restarts=3, improve_adapts=adapts)
    expected = boards[backend].search("nrpa", seed=5, improve=start, **options)
    run, stops, starts = _new_run(boards[backend], 5, start, **options), 0, set()
    while run.run(0.0, None, False, False, 0.0):
        state = run.state()
        starts.add(json.dumps(state["known"]))
        stops += 1
        run = _new_run(boards[(backend, other)[stops % 2]], 5, start, **options)
        run.load(state)
    score, moves, _, playouts = run.result()
    assert (score, [tuple(m) for m in moves], playouts) == (expected.score, expected.moves, expected.playouts)
    assert len(starts) >= (2 if adapts else 1) and (adapts is not None or starts == {"null"})


def test_improve_adapts_is_part_of_a_checkpoint(backend, tmp_path):
    board = Board(_rows(3), backend=backend)
    start = board.search("random", iterations=1, seed=2).moves
    path = str(tmp_path / "c.ckpt")
    first = _file_run(board, path, improve=start, improve_adapts=2, restarts=1, stop=_stopped(board))
    assert first.result.stopped == "stop" and _checkpoint.peek(path)["params"]["improve_adapts"] == 2
    with pytest.raises(_checkpoint.Mismatch, match="improve_adapts 2, not None"):
        _file_run(board, path, improve=start, restarts=1)
    again = _file_run(board, path, improve=start, improve_adapts=2, restarts=1)
    assert again.resumed is not None
    assert again.result == board.search("nrpa", level=3, iterations=3, seed=7, improve=start, improve_adapts=2,
                                        restarts=1)
    with pytest.raises(ValueError, match="improve_adapts needs improve"):
        _file_run(board, str(tmp_path / "d.ckpt"), improve_adapts=2)


def _file_run(board, path, **more):
    options = dict(level=3, iterations=3, seed=7)
    options.update(more)
    return _checkpoint.run(board, path, 0.0, **options)


def test_a_checkpoint_of_another_search_is_refused_and_kept(backend, tmp_path):
    board = Board(_rows(3), backend=backend)
    path = str(tmp_path / "c.ckpt")
    _file_run(board, path)
    before = open(path, "rb").read()
    for what, more in [("seed", dict(seed=8)), ("level", dict(level=2)), ("iterations", dict(iterations=4)),
                       ("restarts", dict(restarts=1)), ("improve", dict(improve=_file_run(board, path).result.moves))]:
        with pytest.raises(_checkpoint.Mismatch, match=f"{what} "):
            _file_run(board, path, **more)
    with pytest.raises(_checkpoint.Mismatch, match="another search [(]board "):
        _file_run(Board(_rows(4), backend=backend), path)
    header = json.loads(before.split(b"\n")[1])
    header["version"] = "0.0.1"
    (tmp_path / "old.ckpt").write_bytes(b"\n".join([before.split(b"\n")[0], json.dumps(header).encode(),
                                                    before.split(b"\n", 2)[2]]))
    with pytest.raises(_checkpoint.Mismatch, match="version 0.0.1, not"):
        _file_run(board, str(tmp_path / "old.ckpt"))
    assert open(path, "rb").read() == before


def test_colour_bias_is_part_of_a_checkpoint(backend, tmp_path):
    board = Board(_rows(3), backend=backend)
    path = str(tmp_path / "c.ckpt")
    first = _file_run(board, path, colour_bias=1.0, stop=_stopped(board))
    assert first.result.stopped == "stop" and _checkpoint.peek(path)["params"]["colour_bias"] == 1.0
    with pytest.raises(_checkpoint.Mismatch, match="colour_bias 1.0, not 0.0"):
        _file_run(board, path)
    again = _file_run(board, path, colour_bias=1.0)
    assert again.resumed is not None
    assert again.result == board.search("nrpa", level=3, iterations=3, seed=7, colour_bias=1.0)


def test_a_checkpoint_from_before_colour_bias_and_improve_adapts_goes_on_with_none(tmp_path):
    board = Board(_rows(3))
    path = tmp_path / "c.ckpt"
    _file_run(board, str(path), stop=_stopped(board))
    magic, line, body = path.read_bytes().split(b"\n", 2)
    header = json.loads(line)
    del header["params"]["colour_bias"]  # as written before the option
    del header["params"]["improve_adapts"]  # likewise
    path.write_bytes(b"\n".join([magic, json.dumps(header).encode(), body]))
    assert _checkpoint.peek(str(path))["params"]["colour_bias"] == 0.0
    assert _checkpoint.peek(str(path))["params"]["improve_adapts"] is None
    with pytest.raises(_checkpoint.Mismatch, match="colour_bias 0.0, not 1.0"):
        _file_run(board, str(path), colour_bias=1.0)
    again = _file_run(board, str(path))
    assert again.resumed is not None and again.result == board.search("nrpa", level=3, iterations=3, seed=7)


def test_a_damaged_checkpoint_is_refused(tmp_path):
    board = Board(_rows(3))
    path = tmp_path / "c.ckpt"
    _checkpoint.run(board, str(path), 1e9, level=3, iterations=3, seed=7, stop=_stopped(board))
    data = path.read_bytes()
    header = _checkpoint.peek(str(path))
    state = _checkpoint.read(str(path), {k: header[k] for k in _checkpoint.WHAT})[1]
    state["levels"][0]["game"]["codes"][0] = 1 << 40  # reads back, but is no policy index
    _checkpoint.write(str(path), header, state)
    with pytest.raises(_checkpoint.Mismatch, match="damaged"):
        _file_run(board, str(path))
    path.write_bytes(data[:-7])
    with pytest.raises(_checkpoint.Mismatch, match="damaged"):
        _file_run(board, str(path))
    path.write_bytes(b"not a checkpoint\n{}\n")
    with pytest.raises(_checkpoint.Mismatch, match="not a gridgames NRPA checkpoint"):
        _file_run(board, str(path))


def _stopped(board):
    stop = board.stop_flag()
    stop.set()
    return stop


def test_a_stop_waits_for_a_checkpoint_point_and_the_search_goes_on(backend, tmp_path):
    # stopped at once (after its first game): the state is written, and the search goes on from it
    board = Board(_rows(6), backend=backend)
    expected = board.search("nrpa", level=3, iterations=3, seed=7)
    path = str(tmp_path / "c.ckpt")
    first = _checkpoint.run(board, path, 1e9, level=3, iterations=3, seed=7, stop=_stopped(board))
    assert first.result.stopped == "stop" and 0 < first.result.playouts < expected.playouts
    header = _checkpoint.peek(path)
    assert header["done"] is False and header["playouts"] == first.result.playouts
    assert _file_run(board, path).result == expected


def test_a_failed_write_leaves_the_last_checkpoint_whole(tmp_path, monkeypatch):
    board = Board(_rows(3))
    path = str(tmp_path / "c.ckpt")
    _checkpoint.run(board, path, 1e9, level=3, iterations=3, seed=7, stop=_stopped(board))
    before = open(path, "rb").read()

    def half(fd, data):
        os.write(fd, data[:len(data) // 2])
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(_checkpoint, "write_all", half)
    with pytest.raises(_checkpoint.CannotWrite, match="No space left"):
        _file_run(board, path)
    assert open(path, "rb").read() == before and os.listdir(tmp_path) == ["c.ckpt"]


def test_a_time_budget_counts_every_piece(backend, tmp_path):
    board = Board(_rows(6, rows=8, cols=8), backend=backend)
    path = str(tmp_path / "c.ckpt")
    options = dict(level=3, iterations=16 if backend == "compiled" else 5, seed=2, cpu_time=True)
    first = _checkpoint.run(board, path, 1e9, time=0.02, **options)
    assert first.result.stopped == "time" and first.cpu >= 0.02
    spent = _checkpoint.peek(path)["cpu"]
    again = _checkpoint.run(board, path, 1e9, time=0.02, **options)  # nothing left to spend
    assert again.result == first.result and _checkpoint.peek(path)["cpu"] == spent
    last = _checkpoint.run(board, path, 1e9, **options)  # no budget: to the end
    assert last.result == board.search("nrpa", **{k: options[k] for k in ("level", "iterations", "seed")})
    assert last.cpu >= spent


BOARD = "1 2 1 2 3 3 1\n2 2 3 1 1 3 2\n3 1 1 2 3 2 1\n1 3 2 2 1 1 3\n2 1 3 3 2 1 1\n3 3 1 2 2 3 2\n"


@pytest.mark.slow
def test_cli_goes_on_says_so_and_keeps_a_finished_result(cli, tmp_path, backend):
    (tmp_path / "b.txt").write_text(BOARD)
    args = ("samegame", "solve", tmp_path / "b.txt", "--algo", "nrpa", "--level", "2", "--iterations", "4",
            "--seed", "5", "--json")
    plain = cli(*args)
    first = cli(*args, "--checkpoint", tmp_path / "ck")
    assert first.returncode == plain.returncode == 0 and first.stderr == b""
    assert os.listdir(tmp_path / "ck") == ["board-1-run-1.ckpt"]
    again = cli(*args, "--checkpoint", tmp_path / "ck", "--checkpoint-every", "0")
    assert again.returncode == 0
    assert again.stderr.startswith(b"gridgames samegame: board 1 run 1: going on from ") and b"(done" in again.stderr

    def found(p):
        obj = json.loads(p.stdout)
        return obj["score"], obj["moves"], obj["playouts"], obj["seed"]
    assert found(plain) == found(first) == found(again)
    other = cli(*args[:-3], "--seed", "6", "--checkpoint", tmp_path / "ck")
    before = (tmp_path / "ck" / "board-1-run-1.ckpt").read_bytes()
    assert other.returncode == 2 and len(other.stderr.splitlines()) == 1
    assert b"another search (--seed 5, not --seed 6)" in other.stderr
    assert (tmp_path / "ck" / "board-1-run-1.ckpt").read_bytes() == before and other.stdout == b""
    for bad in (["--algo", "nmcs"], ["--allocate", "2"]):
        p = cli("samegame", "solve", tmp_path / "b.txt", *bad, "--checkpoint", tmp_path / "ck")
        assert p.returncode == 2 and b"argument --checkpoint" in p.stderr


def test_cli_names_a_negative_seed_as_it_was_given(cli, tmp_path):
    # a negative --seed reaches the search as its 64-bit two's complement: the message said
    # "--seed 18446744073709551611" for --seed -5
    (tmp_path / "b.txt").write_text(BOARD)
    args = ("samegame", "solve", tmp_path / "b.txt", "--algo", "nrpa", "--level", "2", "--iterations", "2",
            "--checkpoint", tmp_path / "ck")
    assert cli(*args, "--seed", "-5").returncode == 0
    for other, said in (("6", b"(--seed -5, not --seed 6)"), ("-7", b"(--seed -5, not --seed -7)")):
        p = cli(*args, "--seed", other)
        assert p.returncode == 2 and b"the checkpoint of another search " + said in p.stderr, p.stderr
    assert cli(*args, "--seed", "-5").returncode == 0  # the same search: it goes on


def test_cli_threads_and_checkpoints_give_the_plain_results(cli, tmp_path):
    (tmp_path / "b.txt").write_text(BOARD + "\n" + BOARD.replace("1", "4"))
    args = ("samegame", "solve", tmp_path / "b.txt", "--algo", "nrpa", "--level", "2", "--iterations", "3",
            "--json", "--runs", "2")
    plain = cli(*args)
    threads = cli(*args, "--threads", "2", "--checkpoint", tmp_path / "ck", "--checkpoint-every", "0")

    def found(p):
        return sorted((o["board"], o["run"], o["score"], o["moves"], o["playouts"])
                      for o in map(json.loads, p.stdout.splitlines()))
    assert plain.returncode == threads.returncode == 0 and found(plain) == found(threads)
    assert sorted(os.listdir(tmp_path / "ck")) == [f"board-{k}-run-{r}.ckpt" for k in (1, 2) for r in (1, 2)]


class StopsAfter:
    """An executor whose tasks report a stop from the ``rounds``-th round on (as a time limit would)."""

    def __init__(self, pool, workers, rounds):
        self.pool, self.left = pool, workers * rounds

    def submit(self, fn, *args):
        self.left -= 1
        future = self.pool.submit(fn, *args)
        if self.left >= 0:
            return future
        stopped = Future()
        stopped.set_result((*future.result()[:2], "time", *future.result()[3:]))
        return stopped


def test_root_parallel_goes_on_from_its_last_round(backend, tmp_path):
    board = Board(_rows(3, rows=8, cols=9), backend=backend)
    options = dict(level=3, iterations=4 if backend == "compiled" else 3, seed=4, workers=2)
    path = str(tmp_path / "c.ckpt")
    with ThreadPoolExecutor(2) as pool:
        expected = root_parallel(board, executor=pool, **options)
        cut = root_parallel(board, executor=StopsAfter(pool, 2, 2), checkpoint=(path, 0.0), **options)
        header = _checkpoint.peek(path)
        assert cut.stopped == "time" and header["done"] is False and 0 < header["playouts"] < expected.playouts
        assert root_parallel(board, executor=pool, checkpoint=(path, 0.0), **options) == expected
        assert _checkpoint.peek(path)["done"] is True
        assert root_parallel(board, executor=pool, checkpoint=(path, 0.0), **options) == expected
        with pytest.raises(_checkpoint.Mismatch, match="root_parallel 2, not 3"):
            root_parallel(board, executor=pool, checkpoint=(path, 0.0), **dict(options, workers=3))


@pytest.mark.slow
def test_killed_again_and_again_a_search_goes_on_to_the_same_result(backend, tmp_path):
    # a level-3 search killed (SIGKILL) at random moments, each after some progress, then run to its
    # end: the same score, moves and playouts as one search that was never stopped.  Each kill is
    # decided on a stopped process (SIGSTOP): one whose final checkpoint is written already is let
    # finish, not counted (under load a kill once landed after it, and the test failed)
    (tmp_path / "b.txt").write_text(BOARD)
    iterations = 8 if backend == "compiled" else 5
    expected = Board(BOARD.replace(" ", "").splitlines(), backend=backend).search(
        "nrpa", level=3, iterations=iterations, seed=search_seed(11, 1, 1))
    path = tmp_path / "ck" / "board-1-run-1.ckpt"
    command = [sys.executable, "-m", "gridgames", "samegame", "solve", str(tmp_path / "b.txt"), "--algo", "nrpa",
               "--level", "3", "--iterations", str(iterations), "--seed", "11", "--json",
               "--checkpoint", str(tmp_path / "ck"), "--checkpoint-every", "0"]
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    rng = random.Random(40)
    kills, seen = 0, -1
    while kills < 4:
        p = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while p.poll() is None and time.monotonic() < deadline:  # wait for progress past the last kill
            header = _checkpoint.peek(str(path)) if path.exists() else None
            if header is not None and header["playouts"] > seen and not header["done"]:
                break
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.03))
        if p.poll() is not None:
            break  # it finished first: the kills so far must do
        p.send_signal(signal.SIGSTOP)
        if _checkpoint.peek(str(path))["done"]:  # too late: its work is on disk whole
            p.send_signal(signal.SIGCONT)
            p.communicate(timeout=120)
            break
        p.send_signal(signal.SIGKILL)
        p.wait()
        kills += 1
        seen = _checkpoint.peek(str(path))["playouts"]
    last = subprocess.run(command, env=env, capture_output=True, timeout=120)
    obj = json.loads(last.stdout)
    assert last.returncode == 0 and b"going on from" in last.stderr
    assert (obj["score"], [tuple(m) for m in obj["moves"]], obj["playouts"]) == \
        (expected.score, expected.moves, expected.playouts)
    assert kills >= 2 and 0 < seen < expected.playouts
    assert os.listdir(path.parent) == [path.name]  # a temporary file a kill left is swept
