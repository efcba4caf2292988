"""Print the README table: Number Link solution counting (limit 2) on a mixed
set of puzzles, gridgames (compiled search, SAT fallback as installed) vs
the CaDiCaL SAT count of baseline/numberlink_sat.py, side by side: "SAT" is
the usual encoding, "SAT+2x2" the same with gridgames' extra clauses (no 2x2
block on one path), so the second shows what the search itself adds.

The set, per size N (each kind with SEEDS seeds):
* gen:     generate(N, N, seed);
* random:  1..10 pairs (seed % 10 + 1) of endpoints on random squares;
* single:  one pair on random squares;
* hamcut:  a random Hamiltonian path of the N x N board (backbite moves from
           a snake), cut into 2..6 pieces: the pieces' ends are the endpoints.
Each puzzle is counted by the three in turn (interleaved, so a busy machine
slows them alike); times are CPU seconds of one run, the SAT times (in a
child process, stopped after --cap CPU seconds: then shown as '>cap', and a
ratio against it as '<') including the encoding.  The counts must agree.

Run: python benchmarks/numberlink_solve_table.py         (short: sizes 5 and 10, 4 seeds: seconds)
     python benchmarks/numberlink_solve_table.py --full 2> run.log  (the README's table: sizes
     5..40, 10 seeds; about an hour of CPU, most of it in the SAT counts of 40x40 boards)
     python benchmarks/numberlink_solve_table.py --from-log run.log  (its tables again)
"""
import argparse
import multiprocessing
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "baseline"))

from gridgames.numberlink import Puzzle, answer, generate  # noqa: E402


def cpu(fn, *args):
    start = time.process_time()
    result = fn(*args)
    return time.process_time() - start, result


def random_pairs(n, pairs, rng):
    cells = [0] * (n * n)
    squares = rng.sample(range(n * n), 2 * pairs)
    for v in range(pairs):
        cells[squares[2 * v]] = cells[squares[2 * v + 1]] = v + 1
    return cells


def hamiltonian_cut(n, pieces, rng):
    """A random Hamiltonian path (backbite moves from a snake), cut in pieces."""
    path = [r * n + (c if r % 2 == 0 else n - 1 - c) for r in range(n) for c in range(n)]
    for _ in range(10 * n * n):
        if rng.random() < 0.5:
            path.reverse()
        end = path[-1]
        r, c = divmod(end, n)
        near = [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < n and 0 <= c + dc < n]
        y = rng.choice(near)
        i = path.index(y)
        if i != len(path) - 2:
            path[i + 1:] = path[i + 1:][::-1]
    cuts = sorted(rng.sample(range(2, n * n - 1), pieces - 1)) if n * n > pieces * 2 else []
    cells = [0] * (n * n)
    bounds = [0] + cuts + [n * n]
    label = 0
    for a, b in zip(bounds, bounds[1:]):
        if b - a >= 2:
            label += 1
            cells[path[a]] = cells[path[b - 1]] = label
    return cells


def puzzles(kind, n, seeds):
    for seed in range(seeds):
        rng = random.Random(f"{kind} {n} {seed}")
        if kind == "gen":
            yield generate(n, n, seed).puzzle.cells
        elif kind == "random":
            yield random_pairs(n, min(seed % 10 + 1, n * n // 2), rng)
        elif kind == "single":
            yield random_pairs(n, 1, rng)
        else:
            yield hamiltonian_cut(n, 2 + seed % 5, rng)


def _child(conn, n, cells, blocks, cap):
    import resource

    import numberlink_sat
    resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 1))  # SIGXCPU past cap CPU seconds
    conn.send(cpu(numberlink_sat.count, n, n, cells, 2, blocks))


def sat_count(n, cells, blocks, cap):
    """(CPU seconds, count) of the baseline SAT count in a child process, or
    (cap, None) when it ran past cap CPU seconds."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(send, n, cells, blocks, cap))
    child.start()
    send.close()
    try:
        t, (count, _, _) = receive.recv()
        return t, count
    except EOFError:
        return cap, None
    finally:
        child.join()


def median_worst(pairs):
    """((median, bounded), (worst, bounded)) of (value, bounded) pairs: an
    even count's median is the mean of the middle two, bounded if either is."""
    pairs = sorted(pairs)
    half = len(pairs) // 2
    if len(pairs) % 2:
        median = pairs[half]
    else:
        (a, x), (b, y) = pairs[half - 1], pairs[half]
        median = ((a + b) / 2, x or y)
    return median, pairs[-1]


class Times:
    """Times of one method on a row's puzzles; a time at the cap is a lower
    bound, shown with '>' (and ratios against it with '<')."""

    def __init__(self):
        self.values, self.capped = [], []

    def add(self, t, capped=False):
        self.values.append(t)
        self.capped.append(capped)

    def cell(self):
        (m, mb), (w, wb) = median_worst(zip(self.values, self.capped))
        return f"{'>' * mb}{m:.4f} ({'>' * wb}{w:.4f})"


def ratio(x):
    return f"{x:.3f}" if x >= 0.001 else f"{x:.1e}"


def ratio_cell(ours, base):
    """Median (worst) of ours / base per puzzle; '<' where base was capped."""
    (m, mb), (w, wb) = median_worst((o / max(b, 1e-6), c)
                                    for o, b, c in zip(ours.values, base.values, base.capped))
    return f"{'<' * mb}{ratio(m)} ({'<' * wb}{ratio(w)})"


LINE = re.compile(r"# (\w+) (\d+)x\d+: count (\d+), gridgames ([\d.]+) s \((\w+), \d+ nodes\), "
                  r"SAT ([\d.]+) s( \(capped\))?, SAT\+2x2 ([\d.]+) s( \(capped\))?$")


def measure(kinds, sizes, seeds, cap):
    """Count every puzzle three ways; yield one log line each (LINE)."""
    import numberlink_sat  # warm up: imports and first calls outside the timings
    numberlink_sat.count(2, 2, [1, 1, 2, 2], 2, True)
    answer(Puzzle(3, 3, [1, 0, 1, 0, 0, 0, 2, 0, 2]), 2)
    for kind in kinds:
        for n in sizes:
            for cells in puzzles(kind, n, seeds):
                t1, found = cpu(answer, Puzzle(n, n, cells), 2)
                t2, c2 = sat_count(n, cells, False, cap)
                t3, c3 = sat_count(n, cells, True, cap)
                for c in (c2, c3):
                    assert c is None or found.solutions == c, (kind, n, cells, found, c)
                yield (f"# {kind} {n}x{n}: count {found.solutions}, gridgames {t1:.6f} s "
                       f"({found.method}, {found.nodes} nodes), SAT {t2:.6f} s"
                       f"{' (capped)' if c2 is None else ''}, SAT+2x2 {t3:.6f} s"
                       f"{' (capped)' if c3 is None else ''}")


def report(lines):
    """The tables of the log lines: per kind and size, then per size."""
    groups, used = {}, {}  # (kind, n), n and "all" -> the three Times; (kind, n) -> SAT fallbacks
    for line in lines:
        m = LINE.match(line.strip())
        if not m:
            continue
        kind, n = m[1], int(m[2])
        for key in ((kind, n), n, "all"):
            ours, sat, sat4 = groups.setdefault(key, (Times(), Times(), Times()))
            ours.add(float(m[4]))
            sat.add(float(m[6]), m[7] is not None)
            sat4.add(float(m[8]), m[9] is not None)
        used[kind, n] = used.get((kind, n), 0) + (m[5] == "sat")
    print("| puzzles | board | n | gridgames median (worst) | SAT median (worst) "
          "| SAT+2x2 median (worst) | ratio to SAT | ratio to SAT+2x2 | SAT fallback used |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for (kind, n), count in used.items():
        ours, sat, sat4 = groups[kind, n]
        print(f"| {kind} | {n}x{n} | {len(ours.values)} | {ours.cell()} | {sat.cell()} "
              f"| {sat4.cell()} | {ratio_cell(ours, sat)} | {ratio_cell(ours, sat4)} | {count} |")
    print()
    print("| board | n | ratio to SAT median (worst) | ratio to SAT+2x2 median (worst) |")
    print("|---|---:|---:|---:|")
    for key in [k for k in groups if isinstance(k, int)] + ["all"]:
        ours, sat, sat4 = groups[key]
        board = key if key == "all" else f"{key}x{key}"
        print(f"| {board} | {len(ours.values)} | {ratio_cell(ours, sat)} | {ratio_cell(ours, sat4)} |")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="sizes 5..40, 10 seeds (about an hour)")
    ap.add_argument("--seeds", type=int, default=None, help="puzzles per kind and size")
    ap.add_argument("--sizes", type=int, nargs="+", default=None)
    ap.add_argument("--kinds", nargs="+", default=["gen", "random", "single", "hamcut"])
    ap.add_argument("--cap", type=int, default=60,
                    help="CPU seconds after which a SAT count is stopped (default 60)")
    ap.add_argument("--from-log", metavar="FILE",
                    help="print the tables of an earlier run's log (its standard error) instead")
    args = ap.parse_args(argv)
    if args.from_log:
        with open(args.from_log) as f:
            return report(f)
    sizes = args.sizes or ([5, 10, 20, 40] if args.full else [5, 10])
    seeds = args.seeds or (10 if args.full else 4)
    lines = []
    for line in measure(args.kinds, sizes, seeds, args.cap):
        print(line, file=sys.stderr, flush=True)
        lines.append(line)
    report(lines)


if __name__ == "__main__":
    main()
