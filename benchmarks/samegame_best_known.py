"""Fold search results into the best games known on the 20 standard boards,
src/gridgames/samegame/research/best_known.json (what `samegame.best_known()` reads).
It is for the standard boards (records) by design: the records kept are those
of the 20 boards the literature compares, to set against its published scores.

    python benchmarks/samegame_best_known.py RESULTS.jsonl ...   # fold, print what changed
    python benchmarks/samegame_best_known.py --table             # the table of docs/results/samegame.md

RESULTS are JSON lines of `gridgames samegame solve --standard -o FILE` (or
`--json`): campaign lines, whose "digest" must be the standard board's, and
the older `{"board": k, "score": s, "moves": [...]}` lines, where board k is
standard board k (solve numbers the boards it was given from 1).  Each game
is replayed on its board; it is kept only when it reaches its claimed score
and beats the stored one.  The data file is replaced whole (a temporary
file, fsync, rename), never left half-written.
"""
import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from gridgames.samegame import standard_boards
from gridgames.samegame.research._jobs import board_rows, digest, stored_params

DATA = Path(__file__).resolve().parent.parent / "src" / "gridgames" / "samegame" / "research" / "best_known.json"
ABOUT = ("The best games known on the 20 standard SameGame boards (standard_boards()), moves as judge "
         "selections [r, c]; folded in by benchmarks/samegame_best_known.py, every one replayed.")
# Sources: T. Cazenave, "Nested Rollout Policy Adaptation with Selective Policies", Computer Games Workshop
# 2016 (CCIS 705, 2017): selective NRPA, and its Table 4, the best score per board listed on js-games.de.
PUBLISHED = [("NMCS level 3 (Cazenave 2009)", 77_934), ("selective NRPA (Cazenave 2016)", 80_030),
             ("the record for a published algorithm, distributed NRPA (Negrevergne and Cazenave 2017)", 83_050),
             ("the sum of the best score per board listed on js-games.de, no moves published "
              "(Cazenave 2016, Table 4)", 87_858)]
# The best score per board listed on js-games.de (Cazenave 2016, Table 4; no moves published): the next mark.
WEB_BEST = [3413, 4023, 4019, 4215, 4379, 4869, 3435, 4771, 5041, 3937,
            3783, 3921, 3821, 3263, 4161, 5517, 5227, 5503, 5343, 5217]


def read(path):
    if not path.exists():
        return [{"board": k, "score": 0, "source": "", "moves": []} for k in range(1, 21)]
    return json.loads(path.read_text("utf-8"))["boards"]


def write(path, entries):
    lines = [json.dumps(e, separators=(", ", ": ")) for e in entries]
    text = '{"about": ' + json.dumps(ABOUT) + ',\n "boards": [\n  ' + ",\n  ".join(lines) + "\n]}\n"
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(f.name, path)


def source(obj, name, number, told):
    if "algo" not in obj:
        return f"{told}, {name}:{number}" if told else f"solve --json, {name}:{number}"
    params = " ".join(f"{k}={v}" for k, v in stored_params(obj["params"]).items())
    return f"{obj['algo']} {params}, seed {obj['seed']}, gridgames {obj['version']}"


def fold(entries, paths, told=None):
    """Fold the games of ``paths`` into ``entries``; the messages."""
    boards = standard_boards()
    digests = [digest(board_rows(b)) for b in boards]
    said = []
    for path in paths:
        for number, line in enumerate(Path(path).read_text("utf-8").splitlines(), 1):
            where = f"{path}:{number}"
            try:
                obj = json.loads(line)
                k, claimed, moves = int(obj["board"]), int(obj["score"]), [(r, c) for r, c in obj["moves"]]
            except (ValueError, KeyError, TypeError):
                if line.strip():
                    said.append(f"{where}: not a result line, skipped")
                continue
            if not 1 <= k <= 20 or obj.get("digest", digests[k - 1]) != digests[k - 1]:
                said.append(f"{where}: not a standard board, skipped")
                continue
            if claimed <= entries[k - 1]["score"]:
                continue
            try:
                score = boards[k - 1].copy().replay(moves)
            except ValueError as exc:
                said.append(f"{where}: board {k}: {exc}, skipped")
                continue
            if score != claimed:
                said.append(f"{where}: board {k}: the moves score {score}, not {claimed}, skipped")
                continue
            said.append(f"board {k}: {entries[k - 1]['score']} -> {score} ({where})")
            entries[k - 1] = {"board": k, "score": score, "source": source(obj, Path(path).name, number, told),
                              "moves": [list(m) for m in moves]}
    return said


def table(entries):
    """The table of docs/results/samegame.md: each board's best, the total, the published totals."""
    out = []
    for first in (0, 10):
        row = entries[first:first + 10]
        out += ["| board | " + " | ".join(str(e["board"]) for e in row) + " |",
                "|---|" + "---:|" * len(row),
                "| best known | " + " | ".join(f"{e['score']:,}" for e in row) + " |",
                "| web best | " + " | ".join(f"{WEB_BEST[e['board'] - 1]:,}" for e in row) + " |",
                "| ours - web | " + " | ".join(f"{e['score'] - WEB_BEST[e['board'] - 1]:+,}" for e in row) + " |", ""]
    total = sum(e["score"] for e in entries)
    out.append(f"Total **{total:,}**; published totals on these boards: "
               + "; ".join(f"{name} {score:,}" for name, score in PUBLISHED) + ".")
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="*", help="JSON-lines files of `samegame solve`")
    parser.add_argument("--data", type=Path, default=DATA, help=f"the data file (default {DATA})")
    parser.add_argument("--source", help="how the older lines (no algo in them) were found")
    parser.add_argument("--table", action="store_true", help="print the table of docs/results/samegame.md")
    args = parser.parse_args(argv)
    entries = read(args.data)
    before = sum(e["score"] for e in entries)
    said = fold(entries, args.results, args.source)
    for message in said:
        print(message)
    after = sum(e["score"] for e in entries)
    if after != before or not args.data.exists():
        write(args.data, entries)
    if args.results:
        print(f"total {before} -> {after}")
    if args.table:
        print(table(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
