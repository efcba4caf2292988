"""Root-parallel NRPA (_rootpar): the result depends on (seed, workers) only,
not on the executor; the twins agree; the best game replays to its score."""
import inspect
import random
import threading
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from gridgames.samegame import Board, _single
from gridgames.samegame.research._rootpar import NOT_HERE, root_parallel, task_seed
from helpers import Serial


def _rows(seed):
    rng = random.Random(seed)
    return ["".join(str(rng.randrange(3)) for _ in range(8)) for _ in range(7)]


@pytest.mark.parametrize("seed", [1, 2])
def test_threads_equal_serial_on_both_backends(backend, seed):
    rows = _rows(seed)
    options = dict(level=2, iterations=3, seed=seed, workers=3, size_bias=0.2)
    serial = root_parallel(Board(rows, backend=backend), executor=Serial(), **options)
    with ThreadPoolExecutor(2) as pool:
        threaded = root_parallel(Board(rows, backend=backend), executor=pool, **options)
    assert threaded == serial
    assert Board(rows).replay(serial.moves) == serial.score
    assert serial.playouts == 3 * 3 * 3 and serial.stopped is None


def test_colour_bias_reaches_the_workers_and_the_top_level(backend, monkeypatch):
    from gridgames.samegame.research import _rootpar
    rows, tasks, adapts = _rows(4), [], []

    class Spy(Serial):
        def submit(self, fn, *args):
            tasks.append(args[-1]["colour_bias"])  # level_search's options
            return super().submit(fn, *args)

    def adapt(*args):
        adapts.append(args[-1])
        return _single.adapt_policy(*args)
    monkeypatch.setattr(_rootpar, "adapt_policy", adapt)
    options = dict(level=2, iterations=3, seed=1, workers=2, executor=Spy())
    plain = root_parallel(Board(rows, backend=backend), **options)
    assert set(tasks) == set(adapts) == {0.0}
    tasks.clear(), adapts.clear()
    biased = root_parallel(Board(rows, backend=backend), colour_bias=1.0, **options)
    assert tasks == [1.0] * 6 and adapts == [1.0] * 2 and biased != plain
    other = "pure" if backend == "compiled" else "compiled"
    assert root_parallel(Board(rows, backend=other), colour_bias=1.0, **options) == biased


def test_twins_equal_and_workers_matter():
    rows = _rows(3)
    runs = {b: root_parallel(Board(rows, backend=b), level=2, iterations=3, seed=7, workers=2,
                             executor=Serial(), stab=2) for b in ("compiled", "pure")}
    assert runs["compiled"] == runs["pure"]
    one = root_parallel(Board(rows), level=2, iterations=3, seed=7, workers=1, executor=Serial(), stab=2)
    assert one.playouts == 3 * 3 * 2 and runs["pure"].playouts == 2 * one.playouts


def test_task_seeds_differ():
    seeds = {task_seed(5, r, w) for r in range(4) for w in range(4)}
    assert len(seeds) == 16 and task_seed(5, 1, 2) == task_seed(5, 1, 2)


@pytest.mark.parametrize("options, error", [
    (dict(level=1), ValueError), (dict(workers=0), ValueError), (dict(width=3), TypeError),
    (dict(restarts=None), ValueError)])
def test_bad_arguments(options, error):
    args = dict(level=2, iterations=2, seed=0, workers=2, executor=Serial())
    args.update(options)
    with pytest.raises(error):
        root_parallel(Board(_rows(1)), **args)
    board = Board(_rows(1))
    board.select(*board.moves()[0][:2])
    with pytest.raises(ValueError, match="no empty cell"):
        root_parallel(board, level=2, iterations=2, seed=0, workers=1, executor=Serial())


def test_limited_repetitions_end_every_level_early():
    rows = _rows(4)
    options = dict(level=2, iterations=20, seed=3, workers=2, repeats=1)
    runs = {b: root_parallel(Board(rows, backend=b), executor=Serial(), **options) for b in ("compiled", "pure")}
    assert runs["compiled"] == runs["pure"] and runs["pure"].playouts < 20 * 20 * 2
    assert Board(rows).replay(runs["pure"].moves) == runs["pure"].score


class Recording(Serial):
    """Serial, remembering each task's time share and options."""

    def __init__(self):
        self.calls = []

    def submit(self, fn, *args):
        self.calls.append((args[6], args[8]))
        return super().submit(fn, *args)


def _a_game(rows):
    board = Board(rows)
    moves = []
    while not board.over:
        r, c = board.moves()[0][:2]
        moves.append((r, c))
        board.select(r, c)
    return moves


def test_it_takes_every_option_of_a_serial_nrpa_search(backend):
    """Each keyword of a serial search (_single.run) is taken, or
    named in NOT_HERE with why: a new option must be one or the other."""
    rows = _rows(5)
    values = dict(level=2, iterations=2, seed=3, tabu=False, time=30.0, cpu_time=True, stab=2, restarts=1,
                  tabu_bias=0.5, size_bias=0.1, repeats=1, improve=_a_game(rows), tabu_colour="auto",
                  colour_bias=0.5, improve_adapts=2)
    serial = [p.name for p in inspect.signature(_single.run).parameters.values() if p.kind is p.KEYWORD_ONLY]
    assert set(values) == set(serial) - set(NOT_HERE), "a serial search's option root-parallel does not take"
    found = root_parallel(Board(rows, backend=backend), workers=2, executor=Serial(), **values)
    assert Board(rows).replay(found.moves) == found.score >= Board(rows).replay(values["improve"])
    algo, strongest = _single.strongest()
    assert algo == "nrpa"
    found = root_parallel(Board(rows, backend=backend), workers=2, executor=Serial(), seed=1,
                          **dict(strongest, iterations=2, time=0.05))  # restarts until the time is up
    assert found.stopped == "time" and Board(rows).replay(found.moves) == found.score


def test_restarts_run_the_top_level_again_from_a_fresh_policy(backend):
    rows = _rows(6)
    options = dict(level=2, iterations=3, seed=2, workers=2)
    once = root_parallel(Board(rows, backend=backend), executor=Serial(), **options)
    again = {b: root_parallel(Board(rows, backend=b), executor=Serial(), restarts=2, **options)
             for b in ("compiled", "pure")}
    with ThreadPoolExecutor(2) as pool:
        threaded = root_parallel(Board(rows, backend=backend), executor=pool, restarts=2, **options)
    assert again["compiled"] == again["pure"] == threaded
    assert threaded.playouts == 3 * once.playouts and threaded.score >= once.score  # run 0 is the search of before
    assert Board(rows).replay(threaded.moves) == threaded.score


def test_a_cpu_budget_is_shared_by_the_workers(backend):
    rows = _rows(7)
    pool = Recording()
    found = root_parallel(Board(rows, backend=backend), level=2, iterations=10**6, seed=1, workers=4,
                          executor=pool, time=0.2, cpu_time=True)
    assert found.stopped == "time" and Board(rows).replay(found.moves) == found.score
    assert all(options["cpu_time"] is True and 0 < share <= 0.2 / 4 for share, options in pool.calls)


class StopsAfter:
    """An executor whose tasks report a stop from task ``tasks`` + 1 on (as a time limit would)."""

    def __init__(self, tasks):
        self.left = tasks

    def submit(self, fn, *args):
        self.left -= 1
        result = fn(*args)
        f = Future()
        f.set_result(result if self.left >= 0 else (*result[:2], "time", *result[3:]))
        return f


def test_a_checkpoint_goes_on_inside_a_restart(backend, tmp_path):
    rows, path = _rows(8), str(tmp_path / "c.ckpt")
    options = dict(level=2, iterations=3, seed=5, workers=2, restarts=2)
    expected = root_parallel(Board(rows, backend=backend), executor=Serial(), **options)
    cut = root_parallel(Board(rows, backend=backend), executor=StopsAfter(2 * 4), checkpoint=(path, 0.0), **options)
    assert cut.stopped == "time"
    with open(path, "rb") as f:
        f.readline()
        assert '"cpu": null' not in f.readline().decode()  # the workers' CPU seconds, a number
    assert root_parallel(Board(rows, backend=backend), executor=Serial(), checkpoint=(path, 0.0), **options) == expected


def test_a_campaign_says_how_far_a_root_parallel_checkpoint_got(backend, tmp_path):
    from gridgames.samegame.research._campaign import going_on
    from gridgames.samegame.research._checkpoint import path_of
    from gridgames.samegame.research._jobs import search_seed
    board, options = Board(_rows(9), backend=backend), dict(level=2, iterations=3)
    root_parallel(board, executor=StopsAfter(2 * 2), checkpoint=(path_of(str(tmp_path), 1, 1), 0.0),
                  seed=search_seed(0, 1, 1), workers=2, **options)
    [line] = going_on(str(tmp_path), [board], 0, 1, (), None, options, root_parallel=2)
    assert " CPU s so far, best " in line  # (a TypeError before: the header's cpu was null)


def test_solve_runs_its_root_parallel_workers_at_once(tmp_path, monkeypatch, capsys):
    """W workers, whatever --threads says (default 1):
    each round's W tasks meet at a barrier, which only W threads can pass."""
    from gridgames.cli import main
    from gridgames.samegame.research import _rootpar
    workers, search = 3, _rootpar.level_search
    barrier, threads = threading.Barrier(workers), set()

    def level_search(*args):
        threads.add(threading.get_ident())
        barrier.wait(timeout=60)  # (a deadlock guard: with fewer threads the test fails, it never hangs)
        return search(*args)
    monkeypatch.setattr(_rootpar, "level_search", level_search)
    (tmp_path / "b.txt").write_text("\n".join(" ".join(row) for row in _rows(10)) + "\n")
    assert main(["samegame", "solve", str(tmp_path / "b.txt"), "--root-parallel", str(workers), "--level", "2",
                 "--iterations", "2"]) == 0
    assert len(threads) == workers and capsys.readouterr().out.startswith("board 1: score ")
