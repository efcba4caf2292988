"""CPU time of `gridgames numberlink generate SIZE --unique --seed S`, the
whole command (start-up included), per size and seed, with the median and the
worst per size: the targets are a 60x60 median under 1 s, no seed over
10 s, and 100x100 finishing.

    python benchmarks/numberlink_generate_table.py                 # 60: seeds 0-9, 100: seeds 0-2
    python benchmarks/numberlink_generate_table.py --sizes 40 60 --seeds 20
"""
import argparse
import statistics
import subprocess
import sys

from _harness import timed_run


def cpu_of(cmd):
    """CPU seconds (user + system) of one run of ``cmd``; its output is
    dropped, its status checked."""
    return timed_run(cmd, stdout=subprocess.DEVNULL, check=True)[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[60, 100])
    ap.add_argument("--seeds", type=int, help="seeds 0..N-1 per size (default 10 for 60, 3 above)")
    args = ap.parse_args()
    print("| board | seeds | CPU s per seed | median | worst |\n|---|---:|---|---:|---:|")
    for size in args.sizes:
        seeds = args.seeds or (10 if size <= 60 else 3)
        times = [cpu_of([sys.executable, "-m", "gridgames", "numberlink", "generate", str(size), "--unique",
                         "--seed", str(s)]) for s in range(seeds)]
        print(f"| {size}x{size} | 0-{seeds - 1} | {', '.join(f'{t:.2f}' for t in times)} | "
              f"{statistics.median(times):.2f} | {max(times):.2f} |", flush=True)


if __name__ == "__main__":
    main()
