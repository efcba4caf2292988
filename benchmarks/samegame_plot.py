"""The plot of docs/research.md: SameGame score against CPU time per board,
from the JSON lines of benchmarks/samegame_strength.py.

    python benchmarks/samegame_plot.py RESULTS.jsonl [MORE.jsonl ...] OUT.png

Left: our strongest search, mean score per board at each CPU budget (over
the boards measured at that budget).  Right: standard board 1, each run's
score against its CPU seconds, ours and the C++ engine's, and the medians.
"""
import json
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows = []
    for path in sys.argv[1:-1]:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    curve = defaultdict(list)
    for r in rows:
        if r["engine"] == "gridgames" and r.get("kind", "curve") == "curve" and "budget" in r:
            curve[r["budget"]].append(r["score"])
    budgets = sorted(curve)
    means = [statistics.mean(curve[b]) for b in budgets]
    left.plot(budgets, means, "o-", label="gridgames, strongest()")
    for b, m in zip(budgets, means):
        left.annotate(f"{m:,.0f} ({len(curve[b])} boards)", (b, m), textcoords="offset points",
                      xytext=(4, -12), fontsize=8)
    left.axhline(80030 / 20, ls=":", c="grey", label="NRPA, published (80,030 / 20)")
    left.axhline(83050 / 20, ls="--", c="grey", label="record (83,050 / 20)")
    left.set_xscale("log", base=2)
    left.set_xlabel("CPU seconds per board")
    left.set_ylabel("mean score per standard board")
    left.legend(fontsize=8, loc="lower right")
    for engine, marker in (("gridgames", "o"), ("bnegreve/nrpa", "s")):
        pts = [(r["cpu"], r["score"]) for r in rows if r["engine"] == engine and r["board"] == 1
               and r.get("kind") == "side"]
        if pts:
            right.scatter(*zip(*pts), marker=marker, label=f"{engine}: median "
                          f"{statistics.median(p[1] for p in pts):,.0f}")
    right.set_xlabel("CPU seconds")
    right.set_ylabel("score, standard board 1")
    right.set_title("equal CPU, one run per seed", fontsize=9)
    right.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[-1], dpi=90)


if __name__ == "__main__":
    main()
