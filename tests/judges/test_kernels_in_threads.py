"""Many threads at once: every game's kernel, on both backends, run from 8
threads simultaneously gives exactly the serial results.  This backs the
kernels' ``freethreading_compatible`` claim on free-threaded Python (3.14t,
where the threads really run in parallel: CI runs this file there), and
runs on normal CPython too.  Each thread uses its own objects: one Board
shared by threads that change it is not supported (see ``Wrapper``)."""
import os
import random
import subprocess
import sys
import sysconfig
import threading

import pytest

from gridgames import gopher, numberlink, samegame, tilematch
from helpers import DATA

THREADS = 8
ROUNDS = 5


def judge_files(backend):
    """Each game's judge on its test data (bytes out, error, warnings)."""
    runs = [(samegame.judge, DATA / "samegame" / "sample.in"),
            (tilematch.judge, DATA / "tilematch" / "rowan2019.in"),
            (gopher.judge, DATA / "gopher" / "sample2.in")]
    results = []
    for judge, path in runs:
        out, err, warnings = judge(path.read_bytes(), backend=backend)
        results.append((out, str(err), [str(w) for w in warnings]))
    return results


def boards(backend, seed):
    """A seeded sequence of moves on each game's objects, and what it gave."""
    rng = random.Random(seed)
    sg = samegame.Board(["".join(rng.choices("123", k=20)) for _ in range(10)], backend=backend)
    tm = tilematch.Board(["".join(rng.choices("0123", k=8)) for _ in range(10)], k=3, backend=backend)
    field = gopher.Field(30, 30, [(rng.randint(1, 30), rng.randint(1, 30)) for _ in range(60)],
                         backend=backend)
    trace = []
    for _ in range(40):
        trace.append(sg.select(rng.randint(1, 10), rng.randint(1, 20)))
        trace.append(tm.move(rng.randrange(8), rng.randrange(10), rng.randrange(8), rng.randrange(10)))
        trace.append([tuple(p) for p in tm.settle()])
        trace.append(tuple(field.pick(rng.randint(1, 30), rng.randint(1, 30))))
    trace += [sg.render(), tm.render(), field.render(), sg.moves()]
    puzzle, solution = numberlink.generate(40, 40, seed, backend=backend)
    trace += [puzzle.render(), numberlink.check(puzzle, solution, backend=backend).valid]
    return trace


def work(backend, seed):
    return [judge_files(backend), boards(backend, seed)]


@pytest.mark.slow
def test_threads_give_the_serial_results(backend):
    expected = {seed: work(backend, seed) for seed in range(THREADS)}
    results, errors = {}, []
    start = threading.Barrier(THREADS)

    def run(seed):
        try:
            start.wait()  # all at once
            results[seed] = [work(backend, seed) for _ in range(ROUNDS)]
        except BaseException as exc:  # reported below, in the main thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(seed,)) for seed in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for seed in range(THREADS):
        assert results[seed] == [expected[seed]] * ROUNDS, seed


@pytest.mark.skipif(not sysconfig.get_config_var("Py_GIL_DISABLED"),
                    reason="only a free-threaded Python runs without the GIL")
def test_the_kernels_keep_the_gil_disabled():
    # An extension module not declared free-threading compatible turns the
    # GIL back on when it is imported (with a RuntimeWarning).
    code = ("import sys, gridgames, gridgames.cli\n"
            "from gridgames._runtime.backend import GAMES, kernel, parts\n"
            "mods = [kernel(g, 'compiled', p) for g in GAMES for p in parts(g)]\n"
            "print(sys._is_gil_enabled())\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_GIL"}
    p = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True,
                       env=env, check=True)
    assert p.stdout == "False\n", p.stderr
