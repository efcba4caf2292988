"""The front page's figures and the SameGame results page's headline table, each
worked out from the committed result file its benchmark wrote
(benchmarks/results/, the package's best games); tests/docs/test_figures.py
checks the pages say exactly this:

    python benchmarks/figures.py           # the README's figures, then the headline table

A figure whose script prints several lines names the line it takes.
"""
import json
import re
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
sys.path.insert(0, str(HERE))

import env_snippet  # noqa: E402
import samegame_ablation as ablation  # noqa: E402


def lines(name):
    return [json.loads(line) for line in (RESULTS / name).read_text().splitlines() if line.strip()]


def judge_runs(*runs):
    """{section: [ratios]} of judge_scale.py's runs in judge_scale_tightest_c.txt ("## run N" sections):
    "C ratio" (each judge's median ratio) and "start-up" (each judge's)."""
    text = (RESULTS / "judge_scale_tightest_c.txt").read_text()
    found = {"C ratio": [], "start-up": []}
    for run in runs:
        section = re.split(r"^## run ", text, flags=re.M)[run].split("\n## ", 1)[0]
        part = None
        for line in section.splitlines():
            part = next((k for k in found if line.startswith(k)), part)
            m = re.search(r"\bratio (\d+\.\d+)", line)
            if part and m and line.startswith("  "):
                found[part].append(float(m[1]))
    return found


C_LINE = re.compile(r"^  (\S+) .*?\bratio (\d+\.\d+)  \(min (\d+\.\d+), max (\d+\.\d+)\)(?:  kernel (\d+\.\d+))?")
JUDGES = [("samegame", "SameGame", "63 MB of grids up to 10x40"),
          ("tilematch", "tile-match", "64 MB of data sets up to 20x20"),
          ("gopher", "gopher", "32 MB of fields up to 40x40"),
          ("gopher-picks", "gopher", "40 MB: 15,000 fields up to 100x100, 250-600 picks each (3.9 GB out)")]


def judges_table(*runs):
    """docs/results/judges.md's table against the tightest C: each judge's median ratio
    (min-max of the pairs) in each run, and the kernel's range, from the runs' "C ratio" lines."""
    text = (RESULTS / "judge_scale_tightest_c.txt").read_text()
    found = {}
    for run in runs:
        section = re.split(r"^## run ", text, flags=re.M)[run].split("\n## ", 1)[0]
        for m in map(C_LINE.match, section.splitlines()):
            if m:
                found.setdefault(m[1], []).append(m.groups()[1:])
    out = ["| judge | input | gridgames / C, CPU (min-max of the pairs) | kernel / C |", "|---|---|---|---|"]
    for key, name, data in JUDGES:
        ratios = ", ".join(f"{r} ({lo}-{hi})" for r, lo, hi, _ in found[key])
        kernels = sorted({k for *_, k in found[key]})
        out.append(f"| {name} | {data} | {ratios} | {'-'.join([kernels[0], kernels[-1]][:len(kernels)])} |")
    return "\n".join(out)


def numberlink_sentence():
    """docs/results/puzzles.md's sentence on counting against SAT, from numberlink_solve_full.log."""
    rows = re.findall(r"^# \S+ \d+x\d+: count \d+, gridgames ([\d.]+) s .*?, SAT ([\d.]+) s.*?, SAT\+2x2 ([\d.]+) s",
                      (RESULTS / "numberlink_solve_full.log").read_text(), re.M)
    sat = [float(g) / float(s) for g, s, _ in rows]
    sat2 = [float(g) / float(s) for g, _, s in rows]
    return (f"Over the {len(rows)} puzzles gridgames takes {statistics.median(sat):.3f}x the usual SAT count's time at "
            f"the median ({1 / statistics.median(sat):.0f}x faster) and {max(sat):.2f}x at worst; against SAT+2x2, "
            f"{statistics.median(sat2):.3f}x and {max(sat2):.2f}x.")


def spread(values, suffix="x"):
    return f"{min(values):.2f}-{max(values):.2f}{suffix}"


def best_known_total():
    from gridgames.samegame import best_known
    return sum(b.score for b in best_known())


def fresh_mean():
    """`solve --time 30 --cpu-time` of today's tree on the 10 fresh boards, seeds 1 and 2: mean per board."""
    new = [r for r in lines("research/against-b8ac533-30s.jsonl") if r["tree"] == "new"]
    return sum(sum(r["scores"].values()) for r in new) / sum(len(r["scores"]) for r in new)


def race():
    """(mean, standard error) per search of the raced colour and of the six-board table, against today's rule."""
    rows = ablation.of_set(ablation.load(str(RESULTS / "research" / "race-standard-10s.jsonl")), "standard")
    return [ablation.summary(ablation.paired(rows, config))[:2] for config in ("race", "tabu-best")]


def numberlink_against_sat():
    """Median of gridgames / SAT count time over the puzzles of numberlink_solve_full.log."""
    ratios = [float(m[1]) / float(m[2]) for m in re.finditer(
        r"^# \S+ \d+x\d+: count \d+, gridgames ([\d.]+) s .*?, SAT ([\d.]+) s",
        (RESULTS / "numberlink_solve_full.log").read_text(), re.M)]
    assert len(ratios) == 160, len(ratios)
    return statistics.median(ratios)


def readme_figures():
    """{what: the README's text for it}."""
    runs = judge_runs(4, 5)
    (race_mean, race_se), (table_mean, table_se) = race()
    return {
        "judges against C": f"[{spread(runs['C ratio'])}]",
        "start-up": f"[{spread(runs['start-up'])}]",
        "best known": f"[{best_known_total():,}]",
        "fresh boards": f"[{fresh_mean():,.0f}]",
        "race": f"[{race_mean:+,.0f} ± {race_se:,.0f} per search (the table: {table_mean:+,.0f} ± {table_se:,.0f})]",
        "numberlink": f"[{numberlink_against_sat():.3f}x]",
        "env snippet": env_snippet.readme_figure(json.loads((RESULTS / "env_snippet.json").read_text())),
    }


def against_table():
    """{seed: (old total, new total)} of samegame_against_10s.jsonl (the six-board table against 7465d0a)."""
    totals = {}
    for r in lines("samegame_against_10s.jsonl"):
        totals.setdefault(r["seed"], {})[r["tree"]] = sum(r["scores"].values())
    return {seed: (t["old"], t["new"]) for seed, t in sorted(totals.items())}


def curve_total(budget):
    name = "samegame_strength_1s.jsonl" if budget == 1 else "samegame_strength.jsonl"
    rows = [r for r in lines(name) if r.get("kind", "curve") == "curve" and r["budget"] == budget]
    assert sorted(r["board"] for r in rows) == list(range(1, 21)), (name, budget)
    return sum(r["score"] for r in rows)


def page_row(page, name):
    """The cells of the row ``name`` of a table of the page (a markdown string)."""
    m = re.search(rf"^\| {re.escape(name)} \| (.+) \|$", page, re.M)
    return [c.strip() for c in m[1].split("|")]


def page_searches(page):
    """{row: (score, CPU)} of docs/results/samegame.md's own search tables (samegame_standard.py's
    output; the totals are exact, tests/samegame/test_research_table.py reruns the cheap rows)."""
    page = page.split("\n## Searches on the standard boards\n", 1)[1].split("\n## ", 1)[0]
    rate, mean = page_row(page, "compiled kernel, `Board.playouts`")
    found = {"playouts": (f"{mean} (the mean playout, board 1)", f"{rate} playouts per s")}
    for key, name in (("nrpa2", "NRPA level 2, 100 iterations per level"), ("nmcs2", "NMCS level 2"),
                      ("beam", "beam, width 10 (children rated by a playout)")):
        total, cpu, _ = page_row(page, name)
        found[key] = (total, f"{float(cpu.replace(',', '')):g} s")
    return found


def samegame_headline(page):
    """The headline table of docs/results/samegame.md (``page``: its text, for its search tables)."""
    searches = page_searches(page)
    against = against_table()
    old, new = [o for o, _ in against.values()], [n for _, n in against.values()]
    gain = 100 * (sum(new) - sum(old)) / sum(old)
    seeds = f"{min(against)}-{max(against)}"
    rows = [("uniform random playouts, board 1", *searches["playouts"], "search table"),
            ("NRPA level 2, 100 iterations per level", *searches["nrpa2"], "search table"),
            ("NMCS level 2 (memorised)", *searches["nmcs2"], "search table"),
            ("beam search, width 10", *searches["beam"], "search table"),
            ("strongest search, 1 CPU s per board", f"{curve_total(1.0):,}", "20 s", "curves"),
            ("strongest search, 4 CPU s per board", f"{curve_total(4.0):,}", "80 s", "curves"),
            (f"`solve --time 10 --cpu-time --tabu-colour best` (the six-board table), seeds {seeds}",
             f"{min(new):,}-{max(new):,} (before the table: {min(old):,}-{max(old):,}; {gain:+.2f} %, on the "
             "boards it was chosen on)", "200 s per seed", "solve"),
            ("best games known, `best_known()`", f"**{best_known_total():,}**",
             "deep searches keeping a colour, on top of the campaigns", "best"),
            ]
    where = {"search table": "[the search table](#searches-on-the-standard-boards)",
             "curves": "[score against CPU time](#score-against-cpu-time)",
             "solve": "[What `solve --time` runs](#what-solve---time-runs)",
             "best": "[the best games known](#the-best-games-known)"}
    out = ["| search | score (20 boards, unless said) | CPU | where |", "|---|---:|---:|---|"]
    out += [f"| {what} | {score} | {cpu} | {where[w]} |" for what, score, cpu, w in rows]
    return "\n".join(out)


INGREDIENTS = [("race", "the raced colour (`--tabu-colour race`)"), ("tabu48", "Tabu48"),
               ("tabu-free-0", "tabu pairs from the first move"), ("tabu-free-20", "tabu pairs after move 20"),
               ("level-2", "NRPA level 2"), ("iterations-50", "50 iterations per level"),
               ("tabu-bias-3", "soft tabu"), ("size-bias-0.1", "size bias"), ("colour-bias-1", "colour bias"),
               ("stab-3", "stabilized playouts"), ("repeats-3", "limited repetitions"),
               ("beam-eval", "the beam with a position evaluation")]


def ingredients_table():
    """Each ingredient against the default search on the research set, paired, at 10 and 60 CPU s:
    mean difference per board ± its standard error (boards), from ablation-10s and -60s.jsonl."""
    cells = {}
    for budget in (10, 60):
        rows = ablation.of_set(ablation.load(str(RESULTS / "research" / f"ablation-{budget}s.jsonl")), "research")
        base = [r["score"] for r in rows if r["config"] == ablation.BASELINE]
        for config, _ in INGREDIENTS:
            mean, se, n = ablation.summary(ablation.paired(rows, config))
            share = f", {100 * mean / (sum(base) / len(base)):+.0f} %" if config == "beam-eval" else ""
            cells[config, budget] = f"{mean:+,.0f} ± {se:,.0f} ({n}{share})"
    out = ["| against the default search | 10 CPU s (boards) | 60 CPU s (boards) |", "|---|---:|---:|"]
    out += [f"| {name} | {cells[config, 10]} | {cells[config, 60]} |" for config, name in INGREDIENTS]
    return "\n".join(out)


def main():
    for what, text in readme_figures().items():
        print(f"{what}: {text}")
    print()
    print(judges_table(4, 5))
    print()
    print(numberlink_sentence())
    print()
    print(samegame_headline((HERE.parent / "docs" / "results" / "samegame.md").read_text(encoding="utf-8")))
    print()
    print(ingredients_table())


if __name__ == "__main__":
    main()
