"""SameGame search strength against CPU time, and side by side with the
public C++ NRPA engine (github.com/bnegreve/nrpa) at equal CPU.

    python benchmarks/samegame_strength.py curves --budgets 1 4 16 [--boards 20] -o curves.jsonl
    python benchmarks/samegame_strength.py curves --set research --budgets 1 4 --boards 50 -o research.jsonl
    python benchmarks/samegame_strength.py cpp --cpp ~/nrpa [--board 1] [--seeds 1 2 3] -o cpp.jsonl
    python benchmarks/samegame_strength.py searches --budgets 4 16 --boards 1 2 3 11 12 \
        --search 'gnrpa-lr R=3={"algo": "nrpa", "level": 3, "restarts": 4611686018427387904, "repeats": 3}'
    python benchmarks/samegame_plot.py curves.jsonl cpp.jsonl docs/samegame_strength.png

--set picks the boards that --boards (and --first, --board) number from 1:
"standard" (the default: the 20 standard boards, where the published curves
and records are) or "research" (research_boards(), the 250 boards where
defaults are chosen).  Every line records its "set", and the "digest" of its
board (samegame.research._jobs.digest of its rows, as campaign lines have).

curves: our strongest search (samegame._single.strongest()) on the first
--boards boards of the set with a budget of B CPU seconds per board (the
kernel's cpu_time clock, so other load on the machine does not count),
one line per (budget, board): score, CPU seconds, seed (board k: seed k-1).

cpp: the C++ engine's NRPA (level --level, --iterations per level; its
-a SEED) on board --board of the set, timed as CPU of the child process
(user + system); then ours on the same board given that same CPU time, for
each seed.  The engine reads 20 boards from its problems.txt: there, the
20 standard boards, or the research board 20 times (it is told board 0).
The engine is not shipped: fetch it with
``git clone https://github.com/bnegreve/nrpa ~/nrpa`` and pass --cpp ~/nrpa.
It is built here in a temporary directory with g++ -O2 after one fix
(Rollout::setScore returns nothing although declared int, undefined
behaviour that crashes g++ 12 builds); it needs a large stack (ulimit -s
unlimited, set for the child).

searches: other searches on the same footing as curves (board k: seed
k-1, budget B CPU seconds each, the kernel's cpu_time clock), one line per
(search, budget, board) with the search's LABEL; a search with no time
limit of its own (beam) runs whole, its CPU seconds recorded (--budgets
does not apply: one run per board).  "improve": true in a search's options
starts it from best_known()'s game of the board (standard boards only:
best_known() holds the standard boards' records).

Every sequence of ours is replayed before its score is counted.
"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from _harness import timed_run
from samegame_ablation import boards_of

from gridgames.samegame import best_known, standard_boards, write_boards
from gridgames.samegame._single import strongest
from gridgames.samegame.research._jobs import board_rows, digest

SETS = ("standard", "research")


def ours(boards: list, board_set: str, board_index: int, seconds: float, seed: int, kind: str,
         search: tuple = None) -> dict:
    """One search of ours on board board_index (0-based) of ``boards``, the
    set ``board_set`` (improve: the standard boards only, main() refuses it elsewhere)."""
    board = boards[board_index]
    algo, options = search[1:] if search else strongest()
    extra = dict(options)
    if extra.pop("improve", False):
        extra["improve"] = best_known()[board_index].moves
    timed = dict(time=seconds, cpu_time=True) if seconds else {}
    t = time.process_time()
    s = board.search(algo, seed=seed, **timed, **extra)
    cpu = time.process_time() - t
    assert board.copy().replay(s.moves) == s.score, "a sequence does not replay"
    row = dict(engine="gridgames", kind=kind, algo=algo, options=options, set=board_set, board=board_index + 1,
               digest=digest(board_rows(board)), seed=seed, budget=seconds, score=s.score, cpu=round(cpu, 2),
               playouts=s.playouts)
    if search:
        row["label"] = search[0]
    return row


def parse_search(text: str) -> tuple:
    """LABEL=JSON options with "algo": (label, algo, options)."""
    label, _, options = text.partition("={")  # a label may hold "="
    options = json.loads("{" + options)
    return label, options.pop("algo"), options


def engine_boards(board_set: str, board_index: int) -> tuple:
    """(the 20 boards of the engine's problems.txt, the 0-based index it is
    given) for board board_index (0-based) of the set: the engine reads 20
    boards, so a research board is written 20 times and is board 0."""
    if board_set == "standard":
        return standard_boards(), board_index
    return [boards_of(board_set)[board_index]] * 20, 0


def build_cpp(src: str, tmp: str, boards: list) -> str:
    """The engine built in tmp from the checkout src (its src/ folder or
    itself), and tmp/problems.txt, the 20 boards it reads."""
    if os.path.isdir(os.path.join(src, "src")):
        src = os.path.join(src, "src")
    build = os.path.join(tmp, "build")
    shutil.copytree(src, build)
    rollout = os.path.join(build, "rollout.hpp")
    with open(rollout) as f:
        text = f.read()
    with open(rollout, "w") as f:
        f.write(text.replace("inline int setScore(int score)", "inline void setScore(int score)"))
    exe = os.path.join(tmp, "same")
    subprocess.run(["g++", "-O2", "-w", "-std=c++11", "-DNDEBUG", "-o", exe,
                    os.path.join(build, "same.cpp"), os.path.join(build, "nrpa.cpp"), "-lpthread"],
                   check=True)
    with open(os.path.join(tmp, "problems.txt"), "w") as f:  # the layout of the standard boards' file
        f.write(write_boards(boards))
    return exe


def cpp(exe: str, workdir: str, board_index: int, level: int, iterations: int, seed: int) -> dict:
    """One run of the engine on board board_index (0-based) of its problems.txt."""
    def big_stack() -> None:
        resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    cpu, _, done = timed_run([exe, "-r", "1", "-l", str(level), "-n", str(iterations), "-a", str(seed),
                              "-x", "1", str(board_index)], cwd=workdir, capture_output=True, text=True,
                             preexec_fn=big_stack, check=True)
    out = done.stdout
    score = int(float(re.search(r"Bestscore-overall: ([0-9.]+)", out).group(1)))
    return dict(engine="bnegreve/nrpa", kind="side", algo="nrpa", options=dict(level=level, iterations=iterations),
                board=board_index + 1, seed=seed, score=score, cpu=round(cpu, 2))


def emit(row: dict, out) -> None:
    line = json.dumps(row)
    print(line)
    sys.stdout.flush()
    if out:
        out.write(line + "\n")
        out.flush()


def main(argv: list = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    c = sub.add_parser("curves", help="our strongest search at CPU budgets per board")
    c.add_argument("--budgets", type=float, nargs="+", default=[1, 4, 16])
    c.add_argument("--boards", type=int, default=20, help="N boards of the set (20)...")
    c.add_argument("--first", type=int, default=1, help="...from this one (1)")
    c.add_argument("--seed", type=int, default=0, help="board k uses seed + k - 1 (0)")
    s = sub.add_parser("searches", help="other searches at CPU budgets per board, as curves")
    s.add_argument("--search", type=parse_search, action="append", required=True,
                   help='LABEL={"algo": ..., options of Board.search} (repeatable)')
    s.add_argument("--budgets", type=float, nargs="+", default=[4, 16])
    s.add_argument("--boards", type=int, nargs="+", default=[1, 2, 3, 11, 12], help="board numbers in the set")
    p = sub.add_parser("cpp", help="side by side with the C++ engine at equal CPU")
    p.add_argument("--cpp", required=True, help="a checkout of github.com/bnegreve/nrpa")
    p.add_argument("--board", type=int, default=1, help="board number in the set (1-based, default 1)")
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    p.add_argument("--level", type=int, default=3)
    p.add_argument("--iterations", type=int, default=100)
    for q in (c, p, s):
        q.add_argument("--set", choices=SETS, default="standard",
                       help="the boards: the 20 standard boards (default: the published curves, records) or "
                            "the research set (research_boards(), where defaults are chosen)")
        q.add_argument("-o", "--output", help="also append the JSON lines to this file")
    args = parser.parse_args(argv)
    boards = boards_of(args.set)
    numbers = args.boards if args.what == "searches" else [args.first if args.what == "curves" else args.board]
    if any(not 1 <= k <= len(boards) for k in numbers):
        parser.error(f"boards are {args.set} boards 1..{len(boards)}")
    if args.what == "searches" and args.set != "standard" and any(o.get("improve") for _, _, o in args.search):
        parser.error("improve starts from best_known(), the standard boards' records: not with --set research")
    out = open(args.output, "a") if args.output else None
    if args.what == "curves":
        for budget in args.budgets:
            for k in range(args.first - 1, min(args.first - 1 + args.boards, len(boards))):
                emit(ours(boards, args.set, k, budget, args.seed + k, "curve"), out)
        return
    if args.what == "searches":
        for label, algo, options in args.search:
            untimed = algo == "beam"
            for budget in [0] if untimed else args.budgets:
                for k in args.boards:
                    emit(ours(boards, args.set, k - 1, budget, k - 1, "search", (label, algo, options)), out)
        return
    if not os.path.isdir(args.cpp):
        sys.exit(f"no C++ engine at {args.cpp}: git clone https://github.com/bnegreve/nrpa {args.cpp}")
    problems, index = engine_boards(args.set, args.board - 1)
    same = dict(set=args.set, board=args.board, digest=digest(board_rows(boards[args.board - 1])))
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_cpp(args.cpp, tmp, problems)
        theirs, mine = [], []
        for seed in args.seeds:
            row = cpp(exe, tmp, index, args.level, args.iterations, seed)
            row.update(same)
            emit(row, out)
            theirs.append(row["score"])
            row = ours(boards, args.set, args.board - 1, row["cpu"], seed, "side")
            emit(row, out)
            mine.append(row["score"])
    print(f"{args.set} board {args.board}, seeds {args.seeds}: C++ median {statistics.median(theirs)}, "
          f"gridgames median {statistics.median(mine)} at the same CPU per seed")


if __name__ == "__main__":
    main()
