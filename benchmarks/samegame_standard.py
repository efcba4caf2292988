"""The SameGame research table of the README: playout speed on standard
board 1 (kernel, pure twin, tight C loop) and searches on all 20 standard
boards at seed 0, with CPU and wall times, one thread and --threads N.

    python benchmarks/samegame_standard.py [--threads 2] [--quick]
    python benchmarks/samegame_standard.py --set research --boards 50 [--quick]

--quick leaves out NMCS level 2 (about 4 CPU minutes).  --set research runs
the searches on the first --boards boards of research_boards() instead (the
set where defaults are chosen), and the heading of the searches table says
so; the README's table is the default, the 20 standard boards.  Every
sequence is replayed before its score is counted.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from samegame_ablation import boards_of

from gridgames.samegame import standard_boards
from gridgames.samegame._game import RESEARCH_SEED

HERE = os.path.dirname(os.path.abspath(__file__))
STANDARD = os.path.join(HERE, "..", "src", "gridgames", "samegame", "standard20.txt")

SEARCHES = [
    ("random, best of 1000 tabu playouts", "random", dict(iterations=1000)),
    ("NMCS level 1", "nmcs", dict(level=1)),
    ("NMCS level 2", "nmcs", dict(level=2)),
    ("NRPA level 1, 100 iterations", "nrpa", dict(level=1, iterations=100)),
    ("NRPA level 2, 100 iterations per level", "nrpa", dict(level=2, iterations=100)),
    ("beam, width 10 (children rated by a playout)", "beam", dict(width=10)),
]


def playout_rates(n: int):
    rows = []
    for backend, count in (("compiled", n), ("pure", max(n // 200, 10))):
        board = standard_boards(backend=backend)[0]
        t = time.process_time()
        scores = board.playouts(count, seed=1)
        dt = time.process_time() - t
        name = "compiled kernel" if backend == "compiled" else "pure-Python twin"
        rows.append((name, count / dt, sum(scores) / count))
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc:
        with tempfile.TemporaryDirectory() as tmp:
            exe = os.path.join(tmp, "playout")
            subprocess.run([cc, "-O2", "-o", exe, os.path.join(HERE, "baseline", "samegame_playout.c")],
                           check=True)
            out = subprocess.run([exe, STANDARD, "1", str(n), "1"], capture_output=True,
                                 check=True, text=True).stdout
            mean, rate = re.search(r"mean ([0-9.]+), ([0-9]+) per second", out).groups()
            rows.append(("tight C loop (gcc -O2)", float(rate), float(mean)))
    return rows


def run_search(algo: str, options: dict, threads: int, boards: list = None):
    """(total score, CPU s, wall s) of the search on the boards (default the 20 standard boards)."""
    boards = standard_boards() if boards is None else boards
    cpu, wall = time.process_time(), time.monotonic()
    # board k: seed k-1, as the tables say (solve() derives its seeds from (seed, board, run))
    with ThreadPoolExecutor(threads) as pool:
        solutions = list(pool.map(lambda k: boards[k].search(algo, seed=k, **options), range(len(boards))))
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    for board, s in zip(boards, solutions):
        assert board.copy().replay(s.moves) == s.score, "a sequence does not replay"
    return sum(s.score for s in solutions), cpu, wall


def heading(board_set: str, n: int) -> str:
    """The searches table's heading: which boards."""
    if board_set == "standard":
        which = "the 20 standard boards" if n == 20 else f"the first {n} standard boards"
    else:
        which = f"the first {n} research boards (research_boards(), seed {RESEARCH_SEED})"
    return f"Searches on {which}, seed 0 (board k: seed k-1), every sequence replayed:"


def main(argv: list = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=2, help="the threaded runs (default 2)")
    parser.add_argument("--quick", action="store_true", help="leave out NMCS level 2")
    parser.add_argument("--playouts", type=int, default=20000, help="playouts timed (default 20000)")
    parser.add_argument("--set", choices=("standard", "research"), default="standard",
                        help="the searches' boards: the 20 standard boards (default, the README's table) "
                             "or research_boards(), where defaults are chosen")
    parser.add_argument("--boards", type=int, default=None,
                        help="the first N boards of the set (default: all 20 standard boards; 20 research ones)")
    args = parser.parse_args(argv)
    boards = boards_of(args.set)
    n_boards = 20 if args.boards is None else args.boards
    if not 1 <= n_boards <= len(boards):
        parser.error(f"--boards is 1..{len(boards)} for the {args.set} set")
    boards = boards[:n_boards]

    print(f"Uniform random playouts on standard board 1, seed 1 ({os.cpu_count()} CPUs):\n")
    print("| implementation | playouts per CPU second | mean score |")
    print("|---|---:|---:|")
    for name, rate, mean in playout_rates(args.playouts):
        print(f"| {name} | {rate:,.0f} | {mean:.2f} |")
    sys.stdout.flush()

    print(f"\n{heading(args.set, len(boards))}\n")
    n = args.threads
    print(f"| search | total score | 1 thread: CPU s | wall s | {n} threads: CPU s | wall s |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, algo, options in SEARCHES:
        if args.quick and algo == "nmcs" and options.get("level") == 2:
            continue
        total, cpu, wall = run_search(algo, options, 1, boards)
        total_t, cpu_t, wall_t = run_search(algo, options, n, boards)
        assert total_t == total, "threads changed a result"
        print(f"| {name} | {total:,} | {cpu:.1f} | {wall:.1f} | {cpu_t:.1f} | {wall_t:.1f} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
