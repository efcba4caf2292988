"""Print the README table: Number Link solution counting (limit 2) on a mixed
set of puzzles, gridgames (compiled search, SAT fallback as installed) vs
the CaDiCaL SAT count of baseline/numberlink_sat.py, side by side.

The set, per size N (each kind with SEEDS seeds):
* gen:     generate(N, N, seed);
* random:  1..10 pairs (seed % 10 + 1) of endpoints on random squares;
* single:  one pair on random squares;
* hamcut:  a random Hamiltonian path of the N x N board (backbite moves from
           a snake), cut into 2..6 pieces: the pieces' ends are the endpoints.
Each puzzle is counted by both methods in turn (interleaved, so a busy
machine slows them alike); times are CPU seconds (time.process_time) of one
run, the SAT time including its encoding.  The counts must agree.

Run: python benchmarks/numberlink_solve_table.py         (short: sizes 5 and 10, 4 seeds: seconds)
     python benchmarks/numberlink_solve_table.py --full  (sizes 5..40, 10 seeds: over half an
     hour, most of it in SAT counts of hamcut and random boards; the README's table is
     --sizes 5 10 20 --seeds 10, about 10 CPU minutes, hamcut 20x20 stopped after 3 puzzles)
"""
import argparse
import random
import statistics
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="sizes 5..40, 10 seeds (over half an hour)")
    ap.add_argument("--seeds", type=int, default=None, help="puzzles per kind and size")
    ap.add_argument("--sizes", type=int, nargs="+", default=None)
    ap.add_argument("--kinds", nargs="+", default=["gen", "random", "single", "hamcut"])
    args = ap.parse_args(argv)
    import numberlink_sat
    sizes = args.sizes or ([5, 10, 20, 40] if args.full else [5, 10])
    seeds = args.seeds or (10 if args.full else 4)
    rows = []
    for kind in args.kinds:
        for n in sizes:
            ours, sat, ratios, methods = [], [], [], 0
            for cells in puzzles(kind, n, seeds):
                puzzle = Puzzle(n, n, cells)
                t1, found = cpu(answer, puzzle, 2)
                t2, (count, _, _) = cpu(numberlink_sat.count, n, n, cells, 2)
                assert found.solutions == count, (kind, n, cells, found, count)
                ours.append(t1)
                sat.append(t2)
                ratios.append(t1 / max(t2, 1e-6))
                methods += found.method == "sat"
                print(f"# {kind} {n}x{n}: count {count}, gridgames {t1:.4f} s ({found.method}, "
                      f"{found.nodes} nodes), SAT {t2:.4f} s", file=sys.stderr, flush=True)
            rows.append((kind, f"{n}x{n}", len(ours), statistics.median(ours), max(ours),
                         statistics.median(sat), max(sat), statistics.median(ratios), max(ratios),
                         methods))
    print("| puzzles | board | n | gridgames median (worst) | SAT median (worst) "
          "| time ratio median (worst) | SAT fallback used |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for kind, board, count, om, ow, sm, sw, rm, rw, m in rows:
        print(f"| {kind} | {board} | {count} | {om:.4f} ({ow:.4f}) | {sm:.4f} ({sw:.4f}) "
              f"| {rm:.3f} ({rw:.3f}) | {m} |")


if __name__ == "__main__":
    main()
