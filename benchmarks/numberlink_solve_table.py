"""Print the README table: Number Link solve and count (limit 2) times on
generated puzzles, compiled vs pure vs the SAT baseline, side by side.

For each size and each seed 0..SEEDS-1, the puzzle generate(size, size, seed)
is solved by every method in turn (interleaved, so a busy machine slows
them alike); times are CPU seconds (time.process_time) of one run each,
reported as median and max over the seeds.  The SAT time includes building
the encoding (python-sat, see baseline/numberlink_sat.py).

Run: python benchmarks/numberlink_solve_table.py [--seeds 20] [--sizes 10 20 40]
     [--pure-max 20] [--sat-max 40]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "baseline"))

from gridgames._backend import kernel  # noqa: E402
from gridgames.numberlink import generate  # noqa: E402


def cpu(fn, *args):
    start = time.process_time()
    result = fn(*args)
    return time.process_time() - start, result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 40])
    ap.add_argument("--pure-max", type=int, default=20, help="largest size run on the pure twin")
    ap.add_argument("--sat-max", type=int, default=40, help="largest size run on SAT")
    args = ap.parse_args(argv)
    import numberlink_sat
    compiled = kernel("numberlink", "compiled", part="solve").solve
    pure = kernel("numberlink", "pure", part="solve").solve
    rows = []
    for size in args.sizes:
        times = {}
        counts = []
        for seed in range(args.seeds):
            cells = generate(size, size, seed).puzzle.cells
            methods = [("compiled solve", compiled, 1), ("compiled count", compiled, 2)]
            if size <= args.pure_max:
                methods += [("pure solve", pure, 1), ("pure count", pure, 2)]
            results = {}
            for name, fn, limit in methods:
                t, (count, _, nodes, _) = cpu(fn, size, size, cells, limit)
                times.setdefault(name, []).append(t)
                results[name] = count
            if size <= args.sat_max:
                t, (count, _, calls) = cpu(numberlink_sat.count, size, size, cells, 2)
                times.setdefault("SAT count", []).append(t)
                assert count == results["compiled count"], (size, seed, count, results)
            counts.append(results["compiled count"])
            print(f"# {size}x{size} seed {seed}: " + ", ".join(
                f"{name} {ts[-1]:.4f}" for name, ts in times.items()), file=sys.stderr, flush=True)
        several = sum(c == 2 for c in counts)
        for name, ts in times.items():
            rows.append((f"{size}x{size}", name, statistics.median(ts), max(ts),
                         f"{several} of {len(counts)} have several"))
    print("| board | method | median CPU s | max CPU s | puzzles |")
    print("|---|---|---:|---:|---|")
    for board, name, med, top, note in rows:
        print(f"| {board} | {name} | {med:.4f} | {top:.4f} | {note} |")


if __name__ == "__main__":
    main()
