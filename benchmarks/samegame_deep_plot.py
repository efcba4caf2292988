"""The deep-search plot of docs/results/samegame-deep.md (docs/img/samegame-deep.png) and
the estimate of the CPU still needed to pass the record, from the curves of
benchmarks/samegame_deep.py.

    python benchmarks/samegame_deep_plot.py [OUT.png]

Reads benchmarks/results/deep/{plain,improve}/curve.jsonl (one line per
checkpoint of each search: board, cpu_s, score), benchmarks/results/16core/
(repeated short --improve searches) and best_known.json from git history
(the start of each comparison).  Left: the level-4 searches from nothing on
boards 1, 4 and 11, score against CPU seconds (log axis), each board's
best_known() before the deep run dashed.  Right: the level-4 --improve
searches, gain over their start game against CPU seconds, per board, beside
the cumulative gain of the short searches on the same boards.

Printed: per-board fits of score against log2(CPU) (least squares on a grid
of half doublings, so that the dense early checkpoints do not weigh more),
and two extrapolations to 83,050 (see docs/results/samegame-deep.md).
"""
import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

RESULTS = Path(__file__).parent / "results"
RECORD = 83_050
BEFORE_SHORT = "1d49f51"  # best_known() = 81,458, before the 16-core campaigns
BEFORE_DEEP = "1286d56"  # best_known() = 81,636, before the deep run
SWITCH_CPU_S = 170  # the plain searches moved from the 2-core machine to the 16-core one here
SHORT_FILES = ["improve_seed11_16threads.jsonl", "improve_seed12_16threads.jsonl"]


def best_known_at(commit: str) -> dict[int, int]:
    text = subprocess.check_output(
        ["git", "show", f"{commit}:src/gridgames/samegame/research/best_known.json"], text=True)
    return {b["board"]: b["score"] for b in json.loads(text)["boards"]}


def curves(path: Path) -> dict[int, list[tuple[float, int]]]:
    """board -> [(cpu_s, best score so far)] in CPU order."""
    out: dict[int, list[tuple[float, int]]] = {}
    with open(path) as f:
        for line in f:
            o = json.loads(line)
            out.setdefault(o["board"], []).append((o["cpu_s"], o["score"]))
    return {b: sorted(pts) for b, pts in out.items()}


def short_curves(start: dict[int, int]) -> dict[int, list[tuple[float, int]]]:
    """board -> [(cumulative CPU budget, best so far - start)] of the 16-core short searches."""
    cpu: dict[int, float] = {}
    best = dict(start)
    out: dict[int, list[tuple[float, int]]] = {b: [(0.0, 0)] for b in start}
    for name in SHORT_FILES:
        with open(RESULTS / "16core" / name) as f:
            for line in f:
                o = json.loads(line)
                b = o["board"]
                cpu[b] = cpu.get(b, 0.0) + o["params"]["time"]
                best[b] = max(best[b], o["score"])
                out[b].append((cpu[b], best[b] - start[b]))
    return out


def at(pts: list[tuple[float, int]], t: float) -> int:
    return max(s for c, s in pts if c <= t)


def log_fit(pts: list[tuple[float, int]], lo: float) -> tuple[float, float]:
    """(slope per doubling, intercept) of score against log2 CPU on half doublings from lo."""
    grid = [lo * 2 ** (k / 2) for k in range(40) if lo * 2 ** (k / 2) <= pts[-1][0]]
    fit = statistics.linear_regression([math.log2(t) for t in grid], [at(pts, t) for t in grid])
    return fit.slope, fit.intercept


def estimate(plain, improve, now: dict[int, int]) -> None:
    need = (RECORD - sum(now.values())) / 20
    print(f"best_known() {sum(now.values()):,}; {RECORD:,} needs +{need:.1f} per board on average")
    print("A. one level-4 search from nothing per board (score = a + b log2 CPU, fitted from 40 s):")
    slopes, short = [], []
    for b, pts in sorted(plain.items()):
        slope, _ = log_fit(pts, 40)
        t1, s1 = pts[-1][0], pts[-1][1]
        slopes.append(slope)
        short.append(now[b] - s1)
        print(f"  board {b}: {slope:5.1f} points per doubling; at {t1:.0f} CPU s {s1} ({s1 - now[b]:+d} on today)")
    t1 = min(p[-1][0] for p in plain.values())
    behind = statistics.mean(short)
    for label, b in [("mean", statistics.mean(slopes)), ("lowest", min(slopes)), ("highest", max(slopes))]:
        t = t1 * 2 ** ((need + behind) / b)
        print(f"  {label} slope {b:.1f}: {t:,.0f} CPU s per board, {20 * t / 3600:,.1f} CPU hours for 20 boards")
    print("B. the level-4 --improve searches (mean gain over their 13 boards, at half doublings of CPU):")
    mean_gain = [(t, statistics.mean(at(pts, t) - pts[0][1] for pts in improve.values()))
                 for t in [60 * 2 ** (k / 2) for k in range(7)]]
    print("  " + ", ".join(f"{t:.0f} s: {g:+.1f}" for t, g in mean_gain))
    (t0, g0), (t1, g1) = mean_gain[-3], mean_gain[-1]  # 240 s and 480 s: the last doubling
    slope = (g1 - g0) / math.log2(t1 / t0)
    t = t1 * 2 ** ((need - g1) / slope)
    print(f"  the same gain at every doubling as 240 -> 480 s ({slope:.1f} points per board): +{need:.1f} at"
          f" {t:,.0f} CPU s per board, {20 * t / 3600:,.0f} CPU hours for 20 boards")
    t = t1 * need / g1
    print(f"  the same gain at every CPU second as 0 -> 480 s ({g1 / t1 * 3600:.0f} points per board-hour):"
          f" {t:,.0f} CPU s per board, {20 * t / 3600:,.0f} CPU hours for 20 boards")


def playout_rates(path: Path) -> None:
    """Playouts per CPU second of the plain searches before and after they moved machines."""
    first: dict[int, tuple[float, int]] = {}
    last: dict[int, tuple[float, int]] = {}
    with open(path) as f:
        for line in f:
            o = json.loads(line)
            if o["cpu_s"] <= SWITCH_CPU_S + 5:
                first[o["board"]] = (o["cpu_s"], o["playouts"])
            last[o["board"]] = (o["cpu_s"], o["playouts"])
    for b in sorted(first):
        (c0, p0), (c1, p1) = first[b], last[b]
        print(f"board {b}: {p0 / c0:,.0f} playouts per CPU s on the 2-core machine,"
              f" {(p1 - p0) / (c1 - c0):,.0f} on the 16-core one")


def plot(plain, improve, short, before: dict[int, int], short_start: dict[int, int], out: str) -> None:
    fig, (left, right) = plt.subplots(1, 2, figsize=(14.5, 5.2))
    colours = {1: "tab:blue", 4: "tab:orange", 11: "tab:green"}
    for b, pts in sorted(plain.items()):
        xs = [c for c, _ in pts]
        left.step(xs, [s for _, s in pts], where="post", c=colours[b],
                  label=f"board {b} (dashed: its best_known() before, {before[b]:,})")
        left.axhline(before[b], ls="--", lw=1, c=colours[b])
    left.axvspan(1, SWITCH_CPU_S, color="0.93", zorder=0)
    left.text(12, 2915, "2-core machine, nice 19", fontsize=8, c="0.35")
    left.text(SWITCH_CPU_S * 1.08, 2915,
              "16-core machine (H200 host, 16 threads),\nthen the 2-core one again from ~660 s", fontsize=8, c="0.35")
    longest = max(c for b in plain for c, _ in plain[b])
    left.set(xscale="log", xlim=(10, max(700, 1.3 * longest)), ylim=(2900, 4050),
             xlabel="CPU seconds of the search (log scale)", ylabel="best score so far",
             title="NRPA level 4 from nothing (seed 1, 100 iterations)")
    ticks = [t for t in (10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if t <= 1.3 * longest]
    left.set_xticks(ticks, [str(t) for t in ticks])
    left.legend(fontsize=8, loc="center", bbox_to_anchor=(0.5, 0.6))
    gained = [b for b in improve if improve[b][-1][1] > improve[b][0][1] or short[b][-1][1] > 0]
    palette = iter(["tab:red", "tab:purple", "tab:brown", "tab:pink", "tab:olive", "tab:cyan", "tab:blue",
                    "tab:orange", "tab:green", "gold", "navy", "teal", "maroon"])  # one per board that gained
    for b in sorted(improve):
        pts = improve[b]
        xs = [0.0] + [c for c, _ in pts]
        ys = [0] + [s - pts[0][1] for _, s in pts]
        c = next(palette) if b in gained else "0.6"
        right.step(xs, ys, where="post", c=c, lw=2 if b in gained else 1,
                   label=f"board {b}: from {pts[0][1]:,} / {short_start[b]:,}" if b in gained else None)
        sx, sy = zip(*short[b])
        right.step(sx, sy, where="post", c=c, ls=":", lw=1.5, marker="." if b in gained else None, ms=4)
    still = ", ".join(str(b) for b in sorted(improve) if b not in gained)
    right.plot([], [], c="0.6", label=f"boards {still}:\nno gain in either")
    right.plot([], [], c="k", lw=2, label="solid: one level-4 search")
    right.plot([], [], c="k", ls=":", marker=".", label="dotted: 90/80-s level-3\nsearches, one after another")
    right.set(xlabel="CPU seconds spent on the board", ylabel="points gained over the start game",
              title="NRPA --improve from best_known(): 16-core machine, 2-core from ~490 s")
    right.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), title="start: level 4 / short",
                 title_fontsize=8)
    fig.text(0.5, 0.005, "Left: y axis from 2,900 (board 1 starts lower); before 170 CPU s the 2-core machine did "
             "~1.75 times the playouts per CPU s of the 16-core one (benchmarks/results/deep/plain/).\n"
             "Right: solid, one checkpointed NRPA level-4 search per board (benchmarks/results/deep/improve/); dotted, "
             "2 x 90 s then 3 x 80 s NRPA level-3 --improve searches per board, cumulative budget\n"
             "(benchmarks/results/16core/). The short searches started from best_known() at 81,458; the level-4 ones "
             "from 81,636, after the short searches' gains.",
             ha="center", va="bottom", fontsize=7.5)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "docs/img/samegame-deep.png"
    plain = curves(RESULTS / "deep" / "plain" / "curve.jsonl")
    improve = curves(RESULTS / "deep" / "improve" / "curve.jsonl")
    before = best_known_at(BEFORE_DEEP)
    # an improve search's first checkpoint is its start game (no gain before 60 s on any board)
    if any(improve[b][0][1] != before[b] for b in improve):
        sys.exit("improve curves do not start at best_known() of " + BEFORE_DEEP)
    short_start = best_known_at(BEFORE_SHORT)
    short = short_curves(short_start)
    playout_rates(RESULTS / "deep" / "plain" / "curve.jsonl")
    estimate(plain, improve, best_known_at("HEAD"))
    plot(plain, improve, short, before, short_start, out)


if __name__ == "__main__":
    main()
