"""Ctrl-C (or SIGTERM) during a root-parallel search gives its best game so
far, marked interrupted, as a serial search does: printed, written to -o,
counted in the total."""
import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from gridgames.samegame import Board
from gridgames.samegame.research._rootpar import root_parallel

ROWS = ["01201201", "12012012", "20120120", "01122001", "22001122", "10210210", "02102102"]


class Cut:
    """A round's first future, whose first read raises KeyboardInterrupt once
    every worker of the round searches (``started``), as Ctrl-C does in the
    main thread while it waits."""

    def __init__(self, real, started):
        self.real, self.started, self.raised = real, started, False

    def result(self, timeout=None):
        if not self.raised:
            self.raised = True
            self.started.wait(timeout=60)
            raise KeyboardInterrupt
        return self.real.result(timeout)

    def __getattr__(self, name):
        return getattr(self.real, name)


class InterruptedInRound(ThreadPoolExecutor):
    """Threads whose ``round``-th round (0-based) is cut short once all its
    workers search, each with a budget far longer than the test (60 s: a
    guard; only a stop ends them sooner)."""

    def __init__(self, workers, round_):
        super().__init__(workers)
        self.workers, self.round, self.submitted = workers, round_, 0
        self.started = threading.Barrier(workers + 1)

    def submit(self, fn, *args):
        round_, self.submitted = self.submitted // self.workers, self.submitted + 1
        if round_ != self.round:
            return super().submit(fn, *args)

        def long(rows, backend, level, iterations, seed, tabu, seconds, policy, options):
            self.started.wait(timeout=60)
            return fn(rows, backend, level, 2**31 - 1, seed, tabu, 60.0, policy, options)
        real = super().submit(long, *args)
        return Cut(real, self.started) if self.submitted % self.workers == 1 else real


def searched(board, pool):
    try:
        return root_parallel(board, level=2, iterations=3, seed=4, workers=2, executor=pool)
    except KeyboardInterrupt:  # (raised out of a test, it would stop pytest itself)
        pytest.fail("the interrupt was raised: the search's best game is lost")


def test_an_interrupt_between_rounds_keeps_the_best_so_far(backend):
    board = Board(ROWS, backend=backend)
    whole = root_parallel(board, level=2, iterations=3, seed=4, workers=2, executor=ThreadPoolExecutor(2))
    with InterruptedInRound(2, 2) as pool:
        found = searched(board, pool)
    assert found.stopped == "interrupt"
    assert found.moves and Board(ROWS).replay(found.moves) == found.score
    assert found.playouts > 0 and whole.stopped is None


def test_an_interrupt_stops_the_workers_for_their_best(backend):
    """Cut short in its first round, whose workers would never end alone."""
    board = Board(ROWS, backend=backend)
    with InterruptedInRound(2, 0) as pool:
        found = searched(board, pool)
    assert found.stopped == "interrupt" and found.playouts > 0
    assert found.moves and Board(ROWS).replay(found.moves) == found.score


@pytest.mark.slow
@pytest.mark.parametrize("number, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_solve_root_parallel_prints_and_writes_its_best_when_stopped(backend, tmp_path, number, status):
    (tmp_path / "b.txt").write_text("\n".join(" ".join(row) for row in ROWS) + "\n")
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    endless = ["--level", "2", "--iterations", "5", "--restarts", str(2**62)]  # short rounds, never done
    p = subprocess.Popen([sys.executable, "-m", "gridgames", "samegame", "solve", "b.txt", "--root-parallel", "2",
                          *endless, "-o", "r.jsonl", "--checkpoint", "ck", "--checkpoint-every", "0"],
                         cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGTERM)])
    deadline = time.monotonic() + 120  # (a guard: a round written, its checkpoint, then the signal)
    while not (tmp_path / "ck" / "board-1-run-1.ckpt").exists():
        assert p.poll() is None, p.communicate()
        assert time.monotonic() < deadline, "no checkpoint after 120 s"
        time.sleep(0.01)
    p.send_signal(number)
    out, err = p.communicate(timeout=120)
    assert p.returncode == status, err
    assert b"Traceback" not in err
    first, total = out.decode().splitlines()
    assert first.startswith("board 1: score ") and "(interrupted)" in first
    score = int(first.split()[3])
    assert score > 0 and total == f"total {score} (1 board)"
    [line] = (tmp_path / "r.jsonl").read_text().splitlines()
    result = json.loads(line)
    assert result["stopped"] == "interrupt" and result["score"] == score
    assert Board(ROWS).replay([tuple(m) for m in result["moves"]]) == score
