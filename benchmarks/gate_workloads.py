"""The workloads of the instruction-count gate (benchmarks/gate.py): one
entry each, compiled kernels only, sized for Valgrind (tens of millions of
instructions: seconds under callgrind).

An entry is a function decorated with ``@workload(name, data=...)``:
``data`` (optional) makes the input bytes, in the gate's own process (not
under Valgrind; the suites' generators, so the gate runs what the
benchmarks time); the function receives them in the measured process,
does any set-up there (not counted) and returns the job, a function of no
arguments: only its instructions are counted.  Adding a workload is adding
one such entry; ``python benchmarks/gate.py write`` then records its count.

Run by gate.py as ``python gate_workloads.py NAME DATA_FILE TRAMPOLINE.so``
under ``valgrind --tool=callgrind --collect-atstart=no``: the trampoline
(gate.py builds it) switches collection on around the job with callgrind's
client requests, on the job's second run (the first does the lazy imports
and fills the caches) after a ``gc.collect()``, so the count does not
depend on what the start-up left for the collector.
"""
import ctypes
import gc
import importlib.util
import random
import sys
from pathlib import Path

SUITES = Path(__file__).parent / "suites"
WORKLOADS = {}  # name -> (data or None, set-up)


def workload(name, data=None):
    def register(setup):
        WORKLOADS[name] = (data, setup)
        return setup
    return register


def suite(name, folder=SUITES):
    """benchmarks/suites/NAME.py (or FOLDER/NAME.py) as a module (for its input generators)."""
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the judges, in-process, each on the file its suite benchmarks ---------

@workload("samegame judge: 200 grids 10x40, 150 picks",
          data=lambda: suite("bench_samegame").judge_file(200))
def samegame_judge(data):
    from gridgames.samegame import judge
    return lambda: judge(data, backend="compiled")


@workload("tilematch judge: 100 contest data sets, 10 moves",
          data=lambda: suite("bench_tilematch").judge_file(100))
def tilematch_judge(data):
    from gridgames.tilematch import judge
    return lambda: judge(data, backend="compiled")


@workload("gopher judge: 20 games 100x100, 4% holes, 10 picks",
          data=lambda: suite("bench_gopher").judge_file(20, 0.04, 10))
def gopher_judge(data):
    from gridgames.gopher import judge
    return lambda: judge(data, backend="compiled")


@workload("gopher judge, picks-heavy: 12 fields up to 100x100, 250..600 picks (judge_scale's big output)",
          data=lambda: suite("judge_scale", SUITES.parent).gopher_picks_games(random.Random(2028), 12))
def gopher_judge_picks(data):
    from gridgames.gopher import judge
    return lambda: judge(data, backend="compiled")


@workload("judge start-up: the judge path's gridgames modules imported, 3 games")
def judge_startup(_):
    """What ``gridgames GAME FILE`` imports before it reads a byte (the
    fast path's command recognised, the game's judge loaded), each
    pure-Python gridgames module executed afresh; the compiled kernels (not
    re-importable) stay loaded.  tests/judges/test_startup.py pins the
    standard library's side."""
    def job():
        for name in [name for name, module in sys.modules.items()
                     if name.startswith("gridgames") and str(getattr(module, "__file__", "")).endswith(".py")]:
            del sys.modules[name]
        from gridgames.cli import judge_command
        for game in ("samegame", "tilematch", "gopher"):
            assert judge_command([game, "x.in"]) is not None
    return job


# --- the Python API over the kernels ----------------------------------------

@workload("samegame Board.select: 20 fresh 10x40 boards x 150 picks")
def samegame_select(_):
    from gridgames.samegame import Board
    rng = random.Random(7)
    rows = ["".join(rng.choices("1234", k=40)) for _ in range(10)]
    picks = [(rng.randint(1, 10), rng.randint(1, 40)) for _ in range(150)]

    def job():
        for _ in range(20):
            board = Board(rows, backend="compiled")
            for r, c in picks:
                board.select(r, c)
    return job


@workload("samegame playouts: 200 on standard board 1, seed 1")
def samegame_playouts(_):
    from gridgames.samegame import standard_boards
    board = standard_boards(backend="compiled")[0]
    return lambda: board.playouts(200, seed=1)


@workload("samegame NRPA: level 1, 30 iterations, standard board 1, seed 0")
def samegame_nrpa(_):
    from gridgames.samegame import standard_boards
    board = standard_boards(backend="compiled")[0]
    return lambda: board.search("nrpa", level=1, iterations=30, seed=0)


@workload("samegame NRPA with the round-0 prior: level 1, 30 iterations, standard board 1, seed 0")
def samegame_nrpa_prior(_):
    # the prior's cost: its instructions per playout against the workload above (30 playouts each);
    # the weights of benchmarks/results/prior/prior-round0.json, rounded (this file runs on its own)
    from gridgames.samegame import standard_boards
    from gridgames.samegame._prior import FEATURES
    board = standard_boards(backend="compiled")[0]
    prior = dict(zip(FEATURES, (0.026, -0.00018, 1.33, 0.83, -0.89, -0.051, 0.015, -0.016, -0.062)))
    return lambda: board.search("nrpa", level=1, iterations=30, seed=0, prior=prior)


@workload("numberlink generate: 100x100, seed 20261122")
def numberlink_generate(_):
    from gridgames._runtime.backend import kernel
    generate = kernel("numberlink", "compiled").generate
    return lambda: generate(100, 100, 20261122)


@workload("numberlink solve: generated 40x40, seed 0, count to 2")
def numberlink_solve(_):
    from gridgames._runtime.backend import kernel
    from gridgames.numberlink import generate
    cells = generate(40, 40, 0, backend="compiled").puzzle.cells
    solve = kernel("numberlink", "compiled", part="solve").solve
    return lambda: solve(40, 40, cells, 2)


@workload("gopher solve: a no-guess 30x16 field, 99 holes (seed 2)")
def gopher_solve(_):
    from gridgames.gopher import no_guess, solve
    holes = no_guess(16, 30, 99, seed=2, backend="compiled").holes
    return lambda: solve(16, 30, holes, backend="compiled")


@workload("gopher no-guess generate: 30x16, 99 holes, seed 2")
def gopher_no_guess(_):
    from gridgames.gopher import no_guess
    return lambda: no_guess(16, 30, 99, seed=2, backend="compiled")


# --- the batched environments (gridgames.envs.vector) ------------------------

@workload("envs batched SameGame step: 256 boards 15x15, 20 rounds of a random agent in the kernel")
def envs_batched_samegame(_):
    from gridgames.envs.vector import SameGameVectorEnv
    envs = SameGameVectorEnv(256, rows=15, cols=15, backend="compiled", copy=False)
    envs.reset(seed=0)
    return lambda: envs.play_random(20, seed=1)


def main(name, data_file, trampoline):
    _, setup = WORKLOADS[name]
    job = setup(Path(data_file).read_bytes() if data_file != "-" else None)
    run = ctypes.CDLL(trampoline).gridgames_gate_run
    result = []
    callback = ctypes.CFUNCTYPE(None)(lambda: result.append(job()))
    job()  # once before counting: lazy imports and caches are then done, as in a long run
    gc.collect()
    run(callback)


if __name__ == "__main__":
    main(*sys.argv[1:])
