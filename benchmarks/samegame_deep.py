"""Deep NRPA searches on the standard SameGame boards that go on across
sessions and machines: one checkpointed search per (board, seed),
its state in DIR, continued from there whenever this is run again.
It is for the standard boards (records) by design: its best games fold
into best_known(), the records of the 20 boards the literature compares;
defaults are chosen on the research set (samegame_ablation.py).

    nice -n 19 python benchmarks/samegame_deep.py --dir /work/deep --boards 1 4 11 --level 4 --seeds 1
    python benchmarks/samegame_deep.py --dir DIR --boards 1 4 11 --level 4 --seeds 1 2 3 4 5 --workers 16 --minutes 9

Each search writes DIR/board-B-level-L-seed-S.ckpt every --every seconds
(and when it stops), and appends one line to DIR/curve.jsonl each time:
{"board", "level", "seed", "improve", "cpu_s" (all its pieces), "score",
"playouts", "done", "written"}, the score-vs-CPU curve; and when its best
score changed, the same line with "moves" and "digest" to DIR/best.jsonl,
whose lines fold into best_known() as they are
(`python benchmarks/samegame_best_known.py DIR/best.jsonl --source "..."`).
--minutes M stops every search after M minutes of wall time (at its next
checkpoint point, a few playouts later: nothing is lost); without it they
run until done or Ctrl-C (the same).  --workers N runs N searches at once,
as threads (the kernel releases the GIL: N cores); searches not started
when the time is up wait for the next run.  The search of a (board, level,
seed) is the same whatever machine, worker count or number of stops: a
16-core machine given DIR continues the same searches.
"""
import argparse
import json
import os
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from gridgames.samegame import best_known, standard_boards
from gridgames.samegame._tabu import BEST
from gridgames.samegame.research._checkpoint import Mismatch, run
from gridgames.samegame.research._jobs import board_rows, digest

LOCK = threading.Lock()


def one(board_no, board, args, seed, stop):
    # "best" is resolved here to the board's colour (a checkpoint names a colour, not a table that may change)
    colour = BEST.get(board_no, "auto") if args.tabu_colour == "best" else args.tabu_colour
    colour = None if colour == "auto" else colour
    tag = ("-improve" if args.improve else "") + (f"-tabu-{colour}" if colour is not None else "")
    path = os.path.join(args.dir, f"board-{board_no}-level-{args.level}-seed-{seed}{tag}.ckpt")
    start = best_known()[board_no - 1].moves if args.improve else None
    key = digest(board_rows(board))

    last = [None]  # the best score of the last line of best.jsonl written by this run

    def on_write(header, moves):
        point = dict(board=board_no, level=args.level, seed=seed, improve=args.improve,
                     **({"tabu_colour": colour} if colour is not None else {}), cpu_s=header["cpu"],
                     score=header["best_score"], playouts=header["playouts"], done=header["done"],
                     written=header["written"])
        lines = [("curve.jsonl", point)]
        if header["best_score"] is not None and header["best_score"] != last[0]:
            last[0] = header["best_score"]
            lines.append(("best.jsonl", dict(point, moves=moves, digest=key)))
        with LOCK:
            for name, line in lines:
                with open(os.path.join(args.dir, name), "a", encoding="utf-8") as f:
                    f.write(json.dumps(line, separators=(",", ":")) + "\n")
                    f.flush()
                    os.fsync(f.fileno())
    if stop.is_set:
        return None
    done = run(board, path, args.every, level=args.level, iterations=args.iterations, seed=seed,
               stop=stop, on_write=on_write, improve=start, tabu_colour=colour)
    how = "started" if done.resumed is None else f"went on from {done.resumed['cpu']:.0f} CPU s"
    with LOCK:
        print(f"board {board_no} level {args.level} seed {seed}: {how}; score {done.result.score} after "
              f"{done.cpu:.0f} CPU s{' (done)' if done.result.stopped is None else ''}", flush=True)
    return done


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, help="the checkpoints and curve.jsonl (made if missing)")
    parser.add_argument("--boards", type=int, nargs="+", required=True, help="standard boards, 1..20")
    parser.add_argument("--level", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--workers", type=int, default=1, help="searches at once (threads)")
    parser.add_argument("--minutes", type=float, default=None, help="stop every search after this long (wall)")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between checkpoints (default 60)")
    parser.add_argument("--improve", action="store_true",
                        help="start each search from best_known()'s game for its board (files named -improve)")
    parser.add_argument("--tabu-colour", default=None, type=lambda v: v if v in ("auto", "best") else int(v),
                        metavar="K|auto|best",
                        help="the colour the tabu rule keeps (solve --tabu-colour; files named -tabu-K; best: the "
                             "board's colour of samegame._tabu.BEST; default: today's rule)")
    parser.add_argument("--backend", default=None, help="compiled or pure (default: compiled if built)")
    args = parser.parse_args(argv)
    if not all(1 <= b <= 20 for b in args.boards):
        parser.error("boards are 1..20")
    os.makedirs(args.dir, exist_ok=True)
    boards = standard_boards(backend=args.backend) if args.backend else standard_boards()
    stop = boards[0].stop_flag()
    if args.minutes is not None:
        timer = threading.Timer(60 * args.minutes, stop.set)
        timer.daemon = True
        timer.start()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())  # a polite kill: stop at the next checkpoint point
    jobs = [(b, s) for s in args.seeds for b in args.boards]
    with ThreadPoolExecutor(args.workers) as pool:
        futures = [pool.submit(one, b, boards[b - 1].copy(), args, s, stop) for b, s in jobs]
        try:
            while not all(f.done() for f in futures):
                time.sleep(0.5)  # the main thread stays free for Ctrl-C
        except KeyboardInterrupt:
            stop.set()
        for f in futures:
            try:
                f.result()
            except Mismatch as exc:
                print(f"samegame_deep: {exc}", file=sys.stderr)
                return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
