"""The judges at scale: peak memory, linear time, and CPU time against tight C judges.

    python benchmarks/judge_scale.py [--mb 64] [--big-mb 1024] [--runs 3] [--dir /tmp/judge_scale]
                                     [--only memory|linear|ratio] [--game GAME]

Generates the input files (valid, seeded), then prints three tables:

* memory: peak RSS of the whole ``gridgames`` process on a --big-mb SameGame
  file, a --big-mb gopher file where every pick draws a warning, and one
  tile-match data set of --big-mb (from the file, and from a pipe) (the
  README's bound: under 64 MB);
* linear time: CPU time on an input of each kind and on one twice as large
  (a ratio near 2.0 is linear);
* C ratio: CPU time (user + sys, whole process, from wait4) of ``gridgames GAME
  FILE -o /dev/null`` (the installed script, as users run it) against ``baseline/GAME.c`` (gcc -O3, the kernels' own
  level; tight: the board's rendered text kept between moves and
  only its changed cells rewritten, each board one memcpy into one bounded
  output buffer written with write(), large read() calls, integers parsed by
  hand, no stdio: ``baseline/judge_io.h``) on the same file,
  run in turn A B A B ...; the median of the pairwise ratios.  The outputs are
  compared first: the C judges are a third opinion.  ``gopher-picks`` is a
  fixed shape besides (the big output): 15,000 fields up to 100x100 with 250..600
  picks each (42 MB in, 3.9 GB out), whatever --mb says;
* start-up: wall time of the installed ``gridgames`` script on a one-case
  file of each judge game (output to /dev/null) against ``python -c pass``,
  median of --startup-runs (20) interleaved runs each.

``--only`` prints one table (and writes only the inputs it needs: ``ratio``
takes a minute, not the whole run's 15-25); ``--game`` limits the linear and
C-ratio tables to one judge.

The gridgames processes keep their bytecode in ``DIR/pycache`` (compiled on
the first run, as an installed package has it).

Quote medians from a quiet machine; on a shared one the ratios (paired) hold
better than the absolute times.
"""
import argparse
import hashlib
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
GAMES = ("samegame", "tilematch", "gopher")
RATIO_KINDS = GAMES + ("gopher-picks",)   # gopher-picks: 15,000 games, hundreds of picks each


# --- input files (a random block, repeated: every block is valid on its own) ---

def samegame_block(rng, grids=2000):
    out = []
    for _ in range(grids):
        m, n = rng.randint(5, 10), rng.randint(10, 40)
        rows = "\n".join(" ".join(rng.choice("123") for _ in range(n)) for _ in range(m))
        sel = " ".join(f"{rng.randint(1, m)} {rng.randint(1, n)}" for _ in range(rng.randint(5, 30)))
        out.append(f"{m} {n}\n{rows}\n{sel} 0 0\n")
    return "".join(out).encode()


def tilematch_sets(rng, sets):
    out = []
    for _ in range(sets):
        w, h = rng.randint(5, 20), rng.randint(5, 20)
        given = rng.randint(h // 2, h + 5)
        rows = "\n".join(" ".join(rng.choice("0123456") for _ in range(w)) for _ in range(given))
        moves = []
        for _ in range(rng.randint(5, 40)):
            c, r = rng.randrange(w), rng.randrange(h)
            dc, dr = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
            moves.append(f"{c} {r} {c + dc} {r + dr}")
        out.append(f"{w} {h}\n3\n{given}\n{rows}\n{len(moves)}\n" + "\n".join(moves) + "\n")
    return out


def gopher_block(rng, games=200, sides=(5, 40), cells_per_hole=12, picks=(5, 30)):
    """``games`` random fields (sides in ``sides``, one hole draw per
    ``cells_per_hole`` patches), each with a number of picks in ``picks``."""
    out = []
    for _ in range(games):
        rows, cols = rng.randint(*sides), rng.randint(*sides)
        holes = {(rng.randint(1, rows), rng.randint(1, cols)) for _ in range(rows * cols // cells_per_hole)}
        moves = [f"{rng.randint(1, rows)} {rng.randint(1, cols)}" for _ in range(rng.randint(*picks))]
        out.append(f"{rows} {cols}\n{len(holes)}\n" + "".join(f"{r} {c}\n" for r, c in holes)
                   + "\n".join(moves) + "\n\n")
    return "".join(out).encode()


def gopher_picks_games(rng, games=15_000):
    """The big-output shape: 15,000 fields up to 100x100 (sides
    25..100, 1.7 % holes) with 250..600 picks each (42 MB; each pick before
    the fall prints its field: 3.9 GB out)."""
    return gopher_block(rng, games, (25, 100), 60, (250, 600))


def write_repeated(path, block, size, head=b""):
    with open(path, "wb") as f:
        f.write(head)
        for _ in range(max(1, size // len(block))):
            f.write(block)


def make_inputs(folder: Path, mb: int, big_mb: int, big=True):
    rng = random.Random(2026)
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    blocks = {"samegame": samegame_block(rng), "gopher": gopher_block(rng)}
    sets = tilematch_sets(rng, 3000)
    for scale in (1, 2):
        size = mb << 20 if scale == 1 else (2 * mb) << 20
        for game in ("samegame", "gopher"):
            path = folder / f"{game}-{scale}x.in"
            if not path.exists():
                gsize = size // 2 if game == "gopher" else size   # gopher prints ~80x its input
                write_repeated(path, blocks[game], gsize)
            files[game, scale] = path
        path = folder / f"tilematch-{scale}x.in"
        if not path.exists():
            block = "".join(sets).encode()
            reps = max(1, size // len(block))
            write_repeated(path, block, reps * len(block), f"{reps * len(sets)}\n".encode())
        files["tilematch", scale] = path
        # one data set, many moves: memory must follow its input, not its output
        path = folder / f"tilematch-moves-{scale}x.in"
        if not path.exists():
            moves = 250_000 * scale * max(1, mb // 64)
            rows = (b"1 2 1 2 1 2 1 2 1 2\n" + b"2 1 2 1 2 1 2 1 2 1\n") * 5
            write_repeated(path, b"0 0 0 1\n", moves * 8, b"1\n10 10\n3\n10\n" + rows + b"%d\n" % moves)
        files["tilematch-moves", scale] = path
        path = folder / f"gopher-warnings-{scale}x.in"
        if not path.exists():
            write_repeated(path, b"0 0\n" * 4096, size // 4, b"1 1\n0\n")
        files["gopher-warnings", scale] = path
    path = folder / "gopher-picks.in"   # a fixed shape, whatever --mb says
    if not path.exists():
        path.write_bytes(gopher_picks_games(random.Random(2028)))
    files["gopher-picks", 1] = path
    if not big:
        return files, {}
    big = {"samegame": folder / "samegame-big.in", "gopher-warnings": folder / "gopher-warnings-big.in",
           "tilematch-moves": folder / f"tilematch-one-set-{big_mb}mb.in"}
    if not big["samegame"].exists():
        write_repeated(big["samegame"], blocks["samegame"], big_mb << 20)
    if not big["gopher-warnings"].exists():
        write_repeated(big["gopher-warnings"], b"0 0\n" * 4096, big_mb << 20, b"1 1\n0\n")
    if not big["tilematch-moves"].exists():
        rows = (b"1 2 1 2 1 2 1 2 1 2\n" + b"2 1 2 1 2 1 2 1 2 1\n") * 5
        moves = (big_mb << 20) // 16 * 2   # half of them invalid, half print a board
        write_repeated(big["tilematch-moves"], b"0 0 0 1\n9 9 9 9\n", moves * 8,
                       b"1\n10 10\n3\n10\n" + rows + b"%d\n" % moves)
    return files, big


# --- measuring ---------------------------------------------------------------

def run(cmd, stdin_path=None, out=os.devnull, pipe=False):
    """(cpu seconds, peak RSS MB) of one whole process, from wait4; ``pipe``:
    its standard input is a pipe that ``cat stdin_path`` writes."""
    with open(stdin_path or os.devnull, "rb") as fin, open(out, "wb") as fout, \
            open(os.devnull, "wb") as ferr:
        cat = subprocess.Popen(["cat"], stdin=fin, stdout=subprocess.PIPE) if pipe else None
        p = subprocess.Popen(cmd, stdin=cat.stdout if cat else fin, stdout=fout, stderr=ferr)
        if cat:
            cat.stdout.close()
        _, status, ru = os.wait4(p.pid, 0)
        if cat:
            cat.wait()
    if os.waitstatus_to_exitcode(status) not in (0,):
        raise SystemExit(f"{cmd} failed: {status}")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def launcher():
    """How users run it: the ``gridgames`` script installed beside this
    interpreter, else (a source checkout) ``python -m gridgames``."""
    script = Path(sys.executable).with_name("gridgames")
    return [str(script)] if script.is_file() and os.access(script, os.X_OK) else [sys.executable, "-m", "gridgames"]


def gridgames(game, path):
    env_game = game.split("-")[0]
    return [*launcher(), env_game, str(path), "-o", os.devnull]


def build_c(folder: Path):
    """Each C judge built twice: ``gcc -O3``, and with the kernels' loop
    alignment besides (``-falign-loops=64``, setup.py), which makes some of
    them faster and some slower: c_ratio times both and holds the faster."""
    exe = {}
    for game in GAMES:
        for name, flags in C_BUILDS.items():
            exe[game, name] = folder / f"c-{game}-{name}"
            subprocess.run(["gcc", *flags, "-o", str(exe[game, name]), str(HERE / "baseline" / f"{game}.c")],
                           check=True)
    return exe


C_BUILDS = {"O3": ["-O3"], "O3-align64": ["-O3", "-falign-loops=64"]}


def digest(cmd, stdin_path):
    """SHA-256 of what ``cmd`` writes to standard output (read in pieces:
    gopher-picks writes 3.9 GB)."""
    sha = hashlib.sha256()
    with open(stdin_path, "rb") as fin:
        p = subprocess.Popen(cmd, stdin=fin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        for piece in iter(lambda: p.stdout.read(1 << 20), b""):
            sha.update(piece)
        p.wait()
    return sha.hexdigest()


def same_outputs(game, path, exe):
    """Whether gridgames and every C build write the same bytes."""
    ours = digest([*launcher(), game, str(path)], os.devnull)
    return all(digest([str(exe[game, name])], path) == ours for name in C_BUILDS)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=int, default=64, help="size of the timing inputs (MB)")
    ap.add_argument("--big-mb", type=int, default=1024, help="size of the memory inputs (MB)")
    ap.add_argument("--runs", type=int, default=3, help="paired runs per ratio")
    ap.add_argument("--dir", type=Path, default=Path("/tmp/judge_scale"))
    ap.add_argument("--startup-runs", type=int, default=20, help="runs per start-up median")
    ap.add_argument("--only", choices=("memory", "linear", "ratio", "startup"), help="print this table alone")
    ap.add_argument("--game", choices=GAMES, help="the linear and C-ratio tables of this judge alone")
    args = ap.parse_args()
    # Bytecode compiled once, as pip does at install (with PYTHONDONTWRITEBYTECODE,
    # a checkout compiles every module it imports at each start: ~20 ms of CPU).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(args.dir / "pycache")
    files, big = ({}, {}) if args.only == "startup" else \
        make_inputs(args.dir, args.mb, args.big_mb, big=args.only in (None, "memory"))
    if args.only in (None, "memory"):
        memory(big)
    if args.only in (None, "linear"):
        linear(files, args)
    if args.only in (None, "ratio"):
        c_ratio(files, args)
    if args.only in (None, "startup"):
        startup(args)


def memory(big):
    print("memory (peak RSS of the whole gridgames process)")
    for kind, path in big.items():
        cpu, rss = run(gridgames(kind, path))
        print(f"  {kind:17} {path.stat().st_size / 2**20:8.0f} MB in  {rss:6.1f} MB peak  {cpu:7.2f} s cpu")
    path = big["tilematch-moves"]
    cpu, rss = run(gridgames("tilematch", "-"), path, pipe=True)
    print(f"  {'(from a pipe)':17} {path.stat().st_size / 2**20:8.0f} MB in  {rss:6.1f} MB peak  {cpu:7.2f} s cpu")


def linear(files, args):
    empty = args.dir / "empty.in"
    empty.write_bytes(b"")
    t0 = min(run(gridgames("samegame", empty))[0] for _ in range(args.runs))
    print(f"linear time (CPU seconds, input and twice the input; start-up alone {t0:.2f} s)")
    for kind in ("samegame", "tilematch", "tilematch-moves", "gopher", "gopher-warnings"):
        if args.game and kind.split("-")[0] != args.game:
            continue
        t1 = min(run(gridgames(kind, files[kind, 1]))[0] for _ in range(args.runs))
        t2 = min(run(gridgames(kind, files[kind, 2]))[0] for _ in range(args.runs))
        print(f"  {kind:17} {t1:7.2f} s  {t2:7.2f} s  ratio {t2 / t1:.2f}"
              f"  (without start-up {(t2 - t0) / (t1 - t0):.2f})")


def c_ratio(files, args):
    exe = build_c(args.dir)
    print("C ratio (CPU time user+sys, whole process; gridgames / C, paired runs, against the faster C build;\n"
          "  'kernel': gridgames less its CPU on a one-case file (interpreter start-up, imports), same rounds)")
    for kind in RATIO_KINDS:
        game = kind.split("-")[0]
        if args.game and game != args.game:
            continue
        path = files[kind, 1]
        one = args.dir / f"one-{game}.in"
        one.write_bytes(ONE_CASE[game])
        agree = same_outputs(game, path, exe)
        ours, fixed = [], []
        theirs = {name: [] for name in C_BUILDS}
        for _ in range(args.runs):
            ours.append(run(gridgames(game, path))[0])
            for name in C_BUILDS:
                theirs[name].append(run([str(exe[game, name])], path)[0])
            fixed.append(run(gridgames(game, one))[0])
        best = min(C_BUILDS, key=lambda name: statistics.median(theirs[name]))
        ratios = [a / b for a, b in zip(ours, theirs[best])]
        c, start = statistics.median(theirs[best]), statistics.median(fixed)
        print(f"  {kind:12} {path.stat().st_size / 2**20:6.0f} MB  gridgames {statistics.median(ours):6.2f} s"
              f"  C {c:6.2f} s ({best})  ratio {statistics.median(ratios):.2f}"
              f"  (min {min(ratios):.2f}, max {max(ratios):.2f}){'' if agree else '  OUTPUTS DIFFER'}"
              f"  kernel {(statistics.median(ours) - start) / c:.2f} (start-up {start * 1e3:.0f} ms)")


ONE_CASE = {"samegame": b"2 2\n1 1\n2 2\n1 1 0 0\n", "tilematch": b"1\n2 2\n2\n2\n1 1\n2 2\n1\n0 0 1 0\n",
            "gopher": b"3 3\n1\n2 2\n1 1\n"}


def wall(cmd):
    with open(os.devnull, "wb") as null:
        start = time.perf_counter()
        subprocess.run(cmd, stdout=null, check=True)
        return time.perf_counter() - start


def startup(args):
    """Wall time of the installed script on a one-case file against ``python -c pass``."""
    args.dir.mkdir(parents=True, exist_ok=True)
    print(f"start-up (wall, median of {args.startup_runs}; {' '.join(launcher())} GAME ONE-CASE-FILE > /dev/null)")
    for game in GAMES:
        if args.game and game != args.game:
            continue
        path = args.dir / f"one-{game}.in"
        path.write_bytes(ONE_CASE[game])
        cmd = [*launcher(), game, str(path)]
        wall(cmd)  # the bytecode is written once, as pip does
        bare, ours = [], []
        for _ in range(args.startup_runs):
            bare.append(wall([sys.executable, "-c", "pass"]))
            ours.append(wall(cmd))
        a, b = statistics.median(ours), statistics.median(bare)
        print(f"  {game:12} gridgames {a * 1e3:6.1f} ms  python -c pass {b * 1e3:6.1f} ms  ratio {a / b:.2f}")


if __name__ == "__main__":
    main()
