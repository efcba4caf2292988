"""The plot of the deep searches that keep a chosen colour:
docs/img/samegame-deep-colour.png, and the gain per CPU hour it shows.

    python benchmarks/samegame_deep_colour_plot.py [OUT.png]

Reads benchmarks/results/deep/colour/curve.jsonl (one line per checkpoint
of each search: board, seed, improve, tabu_colour, cpu_s, score, written)
and best_known.json as it was before these searches (git history).  Left:
each level-4 search, best score against its CPU seconds (log axis), each
board's best_known() before them dashed.  Right: best_known()'s total had
only these searches' games been folded in, against the CPU they had spent
together (every search's CPU counted, gaining or not), beside the record.
"""
import json
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CURVE = Path(__file__).parent / "results" / "deep" / "colour" / "curve.jsonl"
BEFORE = "7465d0a"  # best_known() = 82,038, before the searches keeping a chosen colour
RECORD = 83_050


def best_known_at(commit: str) -> dict[int, int]:
    text = subprocess.check_output(
        ["git", "show", f"{commit}:src/gridgames/samegame/research/best_known.json"], text=True)
    return {b["board"]: b["score"] for b in json.loads(text)["boards"]}


def lines() -> list[dict]:
    with open(CURVE) as f:
        return sorted((json.loads(line) for line in f), key=lambda o: (o["written"], o["board"], o["seed"]))


def search_of(o: dict) -> tuple[int, int, bool, int]:
    return o["board"], o["seed"], o["improve"], o["tabu_colour"]


def total_against_cpu(rows: list[dict], before: dict[int, int]) -> list[tuple[float, int]]:
    """[(CPU hours of all the searches so far, best_known() total with their games)] in time order."""
    spent: dict[tuple, float] = {}
    best = dict(before)
    out = [(0.0, sum(best.values()))]
    for o in rows:
        spent[search_of(o)] = o["cpu_s"]
        if o["score"] is not None:
            best[o["board"]] = max(best[o["board"]], o["score"])
        out.append((sum(spent.values()) / 3600, sum(best.values())))
    return out


def plot(rows: list[dict], before: dict[int, int], out: str) -> None:
    fig, (left, right) = plt.subplots(1, 2, figsize=(14.5, 5.2))
    curves: dict[tuple, list[tuple[float, int]]] = {}
    for o in rows:
        if o["score"] is not None:
            curves.setdefault(search_of(o), []).append((o["cpu_s"], o["score"]))
    colours = dict(zip(sorted({k[0] for k in curves}), plt.get_cmap("tab10").colors))
    for (board, seed, improve, colour), pts in sorted(curves.items()):
        pts.sort()
        left.step([c for c, _ in pts], [s for _, s in pts], where="post", c=colours[board],
                  ls=":" if improve else "-", lw=1.2 if improve else 1.8,
                  label=None if improve or seed > 1
                  else f"board {board}, colour {colour} kept (before: {before[board]:,})")
    for board, c in colours.items():
        left.axhline(before[board], ls="--", lw=0.8, c=c)
    left.plot([], [], c="k", lw=1.8, label="solid: from nothing (seeds 1, 2)")
    left.plot([], [], c="k", ls=":", label="dotted: from the best known game (--improve)")
    left.set(xscale="log", xlim=(1, 3000), ylim=(2800, 4450), xlabel="CPU seconds of the search (log scale)",
             ylabel="best score so far", title="NRPA level 4 keeping the measured colour (dashed: best_known() before)")
    left.legend(fontsize=7.5, loc="upper left", ncol=2)
    totals = total_against_cpu(rows, before)
    right.step([h for h, _ in totals], [t for _, t in totals], where="post", c="tab:red", lw=2,
               label="best_known() total with these searches' games")
    right.axhline(RECORD, ls="--", c="k", lw=1, label=f"the record, {RECORD:,} (Negrevergne and Cazenave 2017)")
    right.set(xlabel="CPU hours of all these searches together", ylabel="total over the 20 boards",
              title=f"From {totals[0][1]:,} to {totals[-1][1]:,} in {totals[-1][0]:.2f} CPU hours")
    right.legend(fontsize=8, loc="lower right")
    fig.text(0.5, 0.005, "benchmarks/results/deep/colour/: level-4 NRPA, 100 iterations, tabu colour kept as measured "
             "(samegame._tabu.BEST; board 1: colour 4), checkpointed every 60 s; a shared 2-core machine at nice 19, "
             "CPU seconds of each search's thread.", ha="center", va="bottom", fontsize=7.5)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "docs/img/samegame-deep-colour.png"
    rows = lines()
    before = best_known_at(BEFORE)
    totals = total_against_cpu(rows, before)
    (_, t0), (h1, t1) = totals[0], totals[-1]
    print(f"best_known() {t0:,} -> {t1:,} (+{t1 - t0:,}) in {h1:.2f} CPU hours: "
          f"{(t1 - t0) / h1:,.0f} points per CPU hour")
    plot(rows, before, out)


if __name__ == "__main__":
    main()
