"""How much CPU a SameGame total would take: the best-of-k curve of
campaigns of independent runs, and two extrapolations of it.  It is for
the standard boards (records) by design: its targets are the published
totals on the 20 standard boards, which only those boards can be held to.

    python benchmarks/samegame_estimate.py benchmarks/results/samegame_campaign_seed[2-6].jsonl

Each FILE is one whole campaign (20 standard boards, one search each, all
with the same CPU budget).  For k = 1..n campaigns, the total of each
board's best over k of them, averaged over every k-subset, is the score
of k x BUDGET CPU seconds per board.  Then, for each target total:

- log-linear: the total grows by the same number of points each time the
  CPU doubles (least squares of total against log2 k): the optimistic model;
- saturating: each doubling gains r times the points of the one before
  (r from the gains 1 -> 2 and 2 -> 4 runs), so the total tends to a limit;
  a target above it is out of reach of such runs at any CPU.
"""
import itertools
import json
import math
import statistics
import sys

TARGETS = [("the record (Negrevergne and Cazenave 2017)", 83_050), ("Cazenave's 'web' column", 87_858)]


def campaigns(paths: list[str]) -> tuple[list[dict[int, int]], float]:
    runs, cpus = [], []
    for path in paths:
        best: dict[int, int] = {}
        with open(path) as f:
            for line in f:
                o = json.loads(line)
                if o["stopped"] != "interrupt":
                    best[o["board"]] = max(best.get(o["board"], 0), o["score"])
                    cpus.append(o["cpu"])
        if len(best) != 20:
            sys.exit(f"{path}: {len(best)} boards, not the 20 standard ones")
        runs.append(best)
    return runs, statistics.mean(cpus)


def main() -> None:
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    runs, budget = campaigns(sys.argv[1:])
    n = len(runs)
    curve = {k: statistics.mean(sum(max(r[b] for r in sub) for b in range(1, 21))
                                for sub in itertools.combinations(runs, k)) for k in range(1, n + 1)}
    print(f"{n} campaigns, {budget:.0f} CPU s per search (mean)")
    print("runs  CPU s/board  total (mean of every subset)")
    for k, total in curve.items():
        print(f"{k:>4} {k * budget:>12,.0f}  {total:,.0f}")
    xs = [math.log2(k) for k in curve]
    slope, intercept = statistics.linear_regression(xs, list(curve.values()))
    g1, g2 = curve[2] - curve[1], curve[4] - curve[2]
    r = g2 / g1
    limit = curve[4] + g2 * r / (1 - r) if r < 1 else math.inf
    print(f"log-linear: {slope:,.0f} points per doubling; saturating: r = {r:.2f}, limit {limit:,.0f}")
    for name, target in TARGETS:
        k = 2 ** ((target - intercept) / slope)
        hours = k * budget * 20 / 3600
        line = f"{name} {target:,}: log-linear {k:,.0f} runs per board, {hours:,.0f} CPU hours"
        if target < limit:
            k2 = 4 * 2 ** math.log(1 - (target - curve[4]) * (1 - r) / (g2 * r), r)
            line += f"; saturating {k2:,.0f} runs, {k2 * budget * 20 / 3600:,.0f} CPU hours"
        else:
            line += "; saturating: above the limit, out of reach of such runs"
        print(line)


if __name__ == "__main__":
    main()
