"""The plot of docs/results/samegame.md: SameGame score against CPU time per board,
from the JSON lines of benchmarks/samegame_strength.py.

    python benchmarks/samegame_plot.py RESULTS.jsonl [MORE.jsonl ...] OUT.png

Left: our strongest search, one thin line per board across the CPU budgets
it was measured at, and the mean of the boards measured at every budget.  Middle: standard board 1, each run's
score against its CPU seconds, ours and the C++ engine's, and the medians.  Right (when the
lines of `samegame_strength.py searches` are given): every search tried, the mean score of the
boards it was measured on against the mean CPU seconds, one line per search.

Only the standard boards' lines are drawn (lines written with `--set research` are left
out, and counted on stderr): the panels are per standard board, against the record.
"""
import json
import statistics
import sys
from collections import defaultdict

import matplotlib
from samegame_ablation import of_set

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows = []
    for path in sys.argv[1:-1]:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    standard = of_set(rows, "standard")
    if len(standard) < len(rows):
        print(f"left out: {len(rows) - len(standard)} lines of other sets than the standard boards", file=sys.stderr)
    rows = standard
    # searches from best_known()'s games start from far more CPU than they count: not on a curve
    tried = [r for r in rows if r.get("kind") == "search" and not r["options"].get("improve")]
    fig, axes = plt.subplots(1, 3 if tried else 2, figsize=(16.5 if tried else 11, 4.2))
    left, right = axes[0], axes[1]
    curve: dict[int, dict[float, int]] = defaultdict(dict)  # board -> budget -> score
    for r in rows:
        if r["engine"] == "gridgames" and r.get("kind") == "curve":
            curve[r["board"]][r["budget"]] = r["score"]
    budgets = sorted({b for scores in curve.values() for b in scores})
    for scores in curve.values():
        xs = sorted(scores)
        left.plot(xs, [scores[x] for x in xs], "-", c="tab:blue", alpha=0.25, lw=0.8)
    common = [b for b in curve if set(curve[b]) == set(budgets)]
    if common:
        means = [statistics.mean(curve[b][x] for b in common) for x in budgets]
        left.plot(budgets, means, "o-", c="tab:blue", lw=2.5,
                  label=f"mean of the {len(common)} boards measured at every budget")
        for x, m in zip(budgets, means):
            left.annotate(f"{m:,.0f}", (x, m), textcoords="offset points", xytext=(4, -12), fontsize=8)
    left.axhline(80030 / 20, ls=":", c="grey", label="NRPA, published (80,030 / 20)")
    left.axhline(83050 / 20, ls="--", c="grey", label="record (83,050 / 20)")
    left.set_xscale("log", base=2)
    left.set_xlabel("CPU seconds per board")
    left.set_ylabel("score per standard board")
    left.set_title("gridgames strongest(), thin: one board", fontsize=9)
    left.legend(fontsize=8, loc="lower right")
    for engine, marker in (("gridgames", "o"), ("bnegreve/nrpa", "s")):
        for lo, hi in ((0, 20), (20, 1e9)):  # small budgets (the C++ level 2), big (level 3)
            pts = [(r["cpu"], r["score"]) for r in rows if r["engine"] == engine and r["board"] == 1
                   and r.get("kind") == "side" and lo <= r["cpu"] < hi]
            if pts:
                right.scatter(*zip(*pts), marker=marker, label=f"{engine}, {len(pts)} seeds: median "
                              f"{statistics.median(p[1] for p in pts):,.0f}")
    right.set_xscale("log")
    right.set_xlabel("CPU seconds")
    right.set_ylabel("score, standard board 1")
    right.set_title("equal CPU, one run per seed", fontsize=9)
    if right.collections:  # no C++ side-by-side lines given: no legend to draw
        right.legend(fontsize=8)
    if tried:
        searches(axes[2], tried)
    fig.tight_layout()
    fig.savefig(sys.argv[-1], dpi=90)


def searches(ax, rows: list) -> None:
    """One line per search label: the mean over its boards at each budget."""
    by: dict[str, dict[tuple, list]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        by[r["label"]][r["budget"], json.dumps(r["options"], sort_keys=True)].append(r)  # beam: one point a width
    boards = sorted({r["board"] for r in rows})
    for label, budgets in sorted(by.items()):
        xs, ys = [], []
        for _, runs in sorted(budgets.items(), key=lambda item: statistics.mean(r["cpu"] for r in item[1])):
            xs.append(statistics.mean(r["cpu"] for r in runs))
            ys.append(statistics.mean(r["score"] for r in runs))
        ax.plot(xs, ys, "o-", label=f"{label} ({len(next(iter(budgets.values())))} boards)")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("CPU seconds per board")
    ax.set_ylabel("mean score")
    ax.set_title(f"every search tried, boards {', '.join(map(str, boards))}, board k: seed k-1", fontsize=9)
    ax.legend(fontsize=7)


if __name__ == "__main__":
    main()
