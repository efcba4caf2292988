"""Root-parallel NRPA (_rootpar): the result depends on (seed, workers) only,
not on the executor; the twins agree; the best game replays to its score."""
import random
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from gridgames.samegame import Board
from gridgames.samegame.research._rootpar import root_parallel, task_seed


class Serial:
    """An executor that runs each task at once, in the caller."""

    def submit(self, fn, *args):
        f = Future()
        f.set_result(fn(*args))
        return f


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
    (dict(level=1), ValueError), (dict(workers=0), ValueError), (dict(restarts=2), TypeError)])
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
