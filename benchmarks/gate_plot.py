"""Draw the gate's history: one PNG per workload, its instruction count run
after run, so that a slow drift shows even when no change crossed the
gate's threshold (matplotlib: the [bench] extra).

    python benchmarks/gate_plot.py benchmarks/results/gate_history.jsonl OUTDIR
"""
import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def file_name(workload):
    return re.sub(r"[^a-z0-9]+", "-", workload.lower()).strip("-")[:60]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("history", type=Path, help="JSON lines of gate.py --history")
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    runs = defaultdict(list)  # workload -> [(date, commit, count)] in file order
    for line in args.history.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            runs[row["workload"]].append((row["date"], row["commit"] or "?", row["count"]))
    args.outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for workload, points in runs.items():
        first = points[0][2]
        fig, ax = plt.subplots(figsize=(8, 3.5))
        ax.plot(range(len(points)), [100 * (count / first - 1) for _, _, count in points], marker="o")
        shown = range(0, len(points), max(1, len(points) // 12))  # at most ~12 labels
        ax.set_xticks(list(shown), [f"{points[i][1][:7]}\n{points[i][0][:10]}" for i in shown], fontsize=7)
        ax.set_ylabel(f"% vs the first run ({first:,})")
        ax.set_title(workload, fontsize=9)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        path = args.outdir / f"{file_name(workload)}.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)
    print(f"{len(written)} pictures in {args.outdir}")
    return written


if __name__ == "__main__":
    main()
