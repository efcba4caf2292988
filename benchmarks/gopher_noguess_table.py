"""Print the no-guess generator's table: CPU time and success by size and
hole density, with two baselines side by side in the same run.

For each case and each seed 0..SEEDS-1, ``gopher.no_guess(rows, cols,
holes, seed=seed)`` runs on the compiled kernel (default budget: 4 hole
moves per patch); times are CPU seconds (time.process_time) of one run,
reported as median and max over the seeds, with the share of seeds that
found a field and the median number of hole moves.  Baselines, interleaved
with it seed by seed: the pure-Python twin (same fields, checked
identical) on the cases up to --pure-max patches, and rejection sampling
(draw random fields, the first pick's neighbourhood kept free, until the
solver clears one; at most --draws draws) on every case.

Run: python benchmarks/gopher_noguess_table.py [--seeds 20] [--quick] [--case R C H ...]
"""
import argparse
import statistics
import time

from gridgames._runtime.backend import kernel
from gridgames._runtime.kernel_constants import constants
from gridgames._runtime.random_source_pure import SplitMix64
from gridgames.gopher import NoGuessFailed, no_guess
from gridgames.gopher._noguess import NODES

CLEARED = constants("gopher/_solve.pxd").CLEARED

CASES = [(16, 30, h) for h in (40, 60, 80, 99, 120, 140, 160, 180)] + \
        [(100, 100, p * 100) for p in (10, 15, 20, 25, 30, 35)]


def cpu(fn, *args, **kw):
    start = time.process_time()
    try:
        result = fn(*args, **kw)
    except NoGuessFailed:
        result = None
    return time.process_time() - start, result


def rejection(rows, cols, holes, seed, draws):
    """Draw fields until the solver clears one: the number of draws, or None."""
    solver_class = kernel("gopher", "compiled", part="solve").Solver
    fr, fc = (rows + 1) // 2, (cols + 1) // 2
    room = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
            if max(abs(r - fr), abs(c - fc)) > 1]
    rng = SplitMix64(seed)
    for k in range(1, draws + 1):
        for t in range(holes):
            s = t + rng.uniform(len(room) - t)
            room[t], room[s] = room[s], room[t]
        solver = solver_class(rows, cols, sorted(room[:holes]))
        solver.start(fr, fc)
        if solver.run(NODES) == CLEARED:
            return k
    return None


def ms(values):
    return f"{statistics.median(values) * 1000:.1f} / {max(values) * 1000:.0f}" if values else "-"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--big-seeds", type=int, default=6, help="seeds of the 100x100 cases")
    ap.add_argument("--pure-max", type=int, default=480, help="largest field (patches) run on the twin")
    ap.add_argument("--draws", type=int, default=200, help="rejection sampling: most draws")
    ap.add_argument("--big-draws", type=int, default=20, help="... on the 100x100 cases")
    ap.add_argument("--quick", action="store_true", help="the two target cases only")
    ap.add_argument("--case", nargs=3, type=int, action="append", metavar=("ROWS", "COLS", "HOLES"),
                    help="run this case (repeatable) instead of the table's")
    args = ap.parse_args(argv)
    cases = args.case or ([(16, 30, 99), (100, 100, 1500)] if args.quick else CASES)
    print("| field | holes | found | compiled ms median / max | moves (median) "
          "| pure / compiled | rejection: found, draws (median), ms median |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for rows, cols, holes in cases:
        seeds = args.seeds if rows * cols <= 1000 else args.big_seeds
        found, moves, ratios, rej_found, rej_draws = [], [], [], 0, []
        times, rej_times = [], []
        for seed in range(seeds):
            t, made = cpu(no_guess, rows, cols, holes, seed=seed, backend="compiled")
            if made is not None:
                found.append(t)
                moves.append(made.moves)
            times.append(t)
            if rows * cols <= args.pure_max:
                tp, twin = cpu(no_guess, rows, cols, holes, seed=seed, backend="pure")
                assert twin == made, (rows, cols, holes, seed)
                ratios.append(tp / max(t, 1e-9))
            tr, draws = cpu(rejection, rows, cols, holes, seed,
                            args.draws if rows * cols <= 1000 else args.big_draws)
            rej_times.append(tr)
            if draws is not None:
                rej_found += 1
                rej_draws.append(draws)
        pure = f"{statistics.median(ratios):.0f}x" if ratios else "-"
        rej = (f"{rej_found}/{seeds}, {statistics.median(rej_draws) if rej_draws else '-'}, "
               f"{statistics.median(rej_times) * 1000:.0f}")
        print(f"| {cols}x{rows} | {holes} ({100 * holes / (rows * cols):.0f}%) | {len(found)}/{seeds} "
              f"| {ms(times)} | {statistics.median(moves) if moves else '-'} | {pure} | {rej} |",
              flush=True)


if __name__ == "__main__":
    main()
