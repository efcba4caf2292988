"""The benchmark gate: instruction counts of the compiled workloads.

Seconds on a shared machine swing by more than the regressions worth
catching; the number of instructions a workload executes does not: under
Valgrind (callgrind), with ``PYTHONHASHSEED=0``, it is the same run after
run, whatever the load.  Each workload of benchmarks/gate_workloads.py (a
judge loop on a fixed file (gopher's also on judge_scale.py's picks-heavy shape), the judges'
start-up import, ``Board.select``, playouts, an NRPA search,
Number Link generate and solve, gopher solve and no-guess generate) runs in
its own process; only the workload is counted (collection is switched on
around it, not during start-up, imports or set-up).  Its count is compared
with the committed table, benchmarks/gate.json: more than THRESHOLD above
it fails.  For a failing workload, the functions whose own counts grew most
(against benchmarks/gate_profile.json) are listed.  Run ``--help`` for the
workloads' names.

    python benchmarks/gate.py check     # measure and compare; exit 1 on a regression
    python benchmarks/gate.py write     # regenerate the table after a deliberate change
    python benchmarks/gate.py write --only WORKLOAD   # that one entry (e.g. a new workload)
    python benchmarks/gate.py measure   # counts only (another toolchain: not comparable)

``--history FILE`` appends one JSON line per workload (commit, date,
workload, count) to FILE; benchmarks/gate_plot.py draws it.  Counts depend
on the toolchain (Python, compiler, Cython, Valgrind): the table records
the environment it was written in, and ``check`` says when this one
differs.  Time is still measured (pytest benchmarks/suites, the table
scripts), reported against C, never gated.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gate_workloads import WORKLOADS

HERE = Path(__file__).parent
TABLE = HERE / "gate.json"
THRESHOLD = 0.01   # a count repeats within 0.01 % (0.1 % from a checkout elsewhere): 1 % is no noise
GREW = 5           # functions listed for a failing workload
KEEP = 0.0005      # the profile keeps functions above this share of a workload

# Collection on around the job only (callgrind client requests, valgrind/callgrind.h).
TRAMPOLINE = r"""
#include <valgrind/callgrind.h>
void gridgames_gate_run(void (*job)(void)) {
    CALLGRIND_TOGGLE_COLLECT;
    job();
    CALLGRIND_TOGGLE_COLLECT;
}
"""


def build_trampoline(folder):
    cc = os.environ.get("CC") or shutil.which("gcc") or shutil.which("cc")
    if not cc or not shutil.which("valgrind"):
        raise SystemExit("gate: needs valgrind and a C compiler (apt-get install valgrind gcc)")
    (folder / "trampoline.c").write_text(TRAMPOLINE)
    subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", str(folder / "trampoline.so"),
                    str(folder / "trampoline.c")], check=True)


def parse_callgrind(path):
    """(total instructions, {function: its own instructions}) of a callgrind
    output written with --compress-strings=no --compress-pos=no."""
    own, obj, fn, skip, total = {}, "", None, False, None
    for line in Path(path).read_text(errors="replace").splitlines():
        if line.startswith("ob="):
            obj = short_object(line[3:])
        elif line.startswith("fn="):
            fn = f"{line[3:]} [{obj}]"
        elif line.startswith("calls="):
            skip = True  # the next cost line is the call's inclusive cost
        elif line[:1].isdigit() or line[:1] in "+-*":
            if skip:
                skip = False
                continue
            parts = line.split()
            if len(parts) > 1 and fn is not None:
                own[fn] = own.get(fn, 0) + int(parts[1])
        elif line.startswith("totals:") or line.startswith("summary:"):
            total = int(line.split()[1])
    return (total if total is not None else sum(own.values())), own


def short_object(path):
    """'samegame/research/_search' for a gridgames extension, else the file name."""
    parts = Path(path.strip()).parts
    if not parts:
        return path
    inside = [i for i, part in enumerate(parts[:-1]) if part == "gridgames"]
    if not inside:
        return parts[-1]
    return "/".join(parts[inside[-1] + 1:-1] + (parts[-1].split(".")[0],))


def run_workload(name, folder, pythonpath):
    """(count, profile) of one workload, from its own process under callgrind.
    The process sees the same arguments, path and environment every time
    (relative file names in its own folder, a fixed environment): strings it
    holds do not move its count."""
    work = folder / re.sub(r"[^a-z0-9]+", "-", name.lower())[:40]
    work.mkdir()
    shutil.copy(HERE / "gate_workloads.py", work)
    shutil.copy(folder / "trampoline.so", work)
    data, _ = WORKLOADS[name]
    if data is not None:
        (work / "workload.in").write_bytes(data())
    env = child_env(pythonpath)
    cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--compress-strings=no",
           "--compress-pos=no", "--callgrind-out-file=callgrind.out", sys.executable, "-c",
           "import sys; from gate_workloads import main; main(*sys.argv[1:])",
           name, "workload.in" if data is not None else "-", "./trampoline.so"]
    done = subprocess.run(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"gate: {name}: the workload failed:\n{done.stderr[-2000:]}")
    return parse_callgrind(work / "callgrind.out")


def child_env(pythonpath):
    """The workloads' environment: the same every time, nothing of the caller's."""
    env = {"PYTHONHASHSEED": "0", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8"}
    if pythonpath:
        env["PYTHONPATH"] = str(pythonpath)
    return env


def measure(names, pythonpath=None, jobs=None):
    """name -> (count, profile), the workloads run ``jobs`` at a time.  The
    package's byte code is compiled first, here: a workload that compiled
    it under Valgrind left its memory otherwise and counted up to 2 % more."""
    subprocess.run([sys.executable, "-c", "import compileall, os, gridgames; "
                    "compileall.compile_dir(os.path.dirname(gridgames.__file__), quiet=1)"],
                   env=child_env(pythonpath), check=True)
    with tempfile.TemporaryDirectory(prefix="gate-") as tmp:
        folder = Path(tmp)
        build_trampoline(folder)
        with ThreadPoolExecutor(jobs or os.cpu_count() or 2) as pool:
            results = pool.map(lambda n: run_workload(n, folder, pythonpath), names)
            return dict(zip(names, results))


def environment():
    """What the counts depend on besides the code."""
    def first_line(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.split("\n")[0].strip()
        except OSError:
            return None
    cc = os.environ.get("CC") or "cc"
    return {"python": f"{platform.python_implementation()} {platform.python_version()}",
            "machine": platform.machine(), "cc": first_line([cc, "--version"]),
            "valgrind": first_line(["valgrind", "--version"])}


def grown(profile, committed):
    """The GREW functions whose own counts grew most: (growth, name, before, after)."""
    growth = [(after - committed.get(fn, 0), fn, committed.get(fn, 0), after) for fn, after in profile.items()]
    return sorted((g for g in growth if g[0] > 0), reverse=True)[:GREW]


def compare(counts, table, profiles):
    """The lines of the verdict and whether it passes."""
    lines, ok = [], True
    for name, (count, profile) in counts.items():
        committed = table["instructions"].get(name)
        if committed is None:
            lines.append(f"FAIL  {name}: {count:,} instructions, not in benchmarks/gate.json "
                         "(a new workload: python benchmarks/gate.py write)")
            ok = False
            continue
        change = count / committed - 1
        bad = count - committed > THRESHOLD * committed  # not change > THRESHOLD: 1.01 - 1 > 0.01
        ok &= not bad
        note = "   (fewer: write the table to keep the gain)" if change < -THRESHOLD else ""
        lines.append(f"{'FAIL' if bad else 'ok  '}  {name}: {count:,} instructions, table {committed:,},"
                     f" {100 * change:+.2f} %{note}")
        if bad:
            for growth, fn, before, after in grown(profile, profiles.get(name, {})):
                lines.append(f"        +{growth:,}  {fn}  ({before:,} -> {after:,})")
    return lines, ok


def append_history(path, counts):
    """One JSON line per workload: commit, date, workload, count."""
    commit = os.environ.get("GITHUB_SHA") or subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=HERE, capture_output=True, text=True).stdout.strip() or None
    date = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    with open(path, "a") as f:
        for name, (count, _) in counts.items():
            f.write(json.dumps({"commit": commit, "date": date, "workload": name, "count": count}) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("action", choices=("check", "write", "measure"))
    parser.add_argument("--only", action="append", choices=sorted(WORKLOADS), metavar="WORKLOAD",
                        help="this workload alone (repeatable; default: all)")
    parser.add_argument("--history", type=Path, help="append the counts to this JSON lines file")
    parser.add_argument("--pythonpath", type=Path,
                        help="put this folder first on the workloads' path (the gate's tests: another build)")
    parser.add_argument("--jobs", type=int, help="workloads at a time (default: the number of cores)")
    parser.add_argument("--table", type=Path, default=TABLE,
                        help="the table (default benchmarks/gate.json; its profile beside it, *_profile.json)")
    args = parser.parse_args(argv)
    if args.action == "measure" and args.table != TABLE:
        parser.error("measure compares nothing: --table does not apply")
    names = args.only or list(WORKLOADS)
    profile_path = args.table.with_name(f"{args.table.stem}_profile.json")
    counts = measure(names, args.pythonpath, args.jobs)
    if args.history:
        append_history(args.history, counts)
    if args.action == "measure":
        for name, (count, _) in counts.items():
            print(f"{count:15,}  {name}")
        return 0
    if args.action == "write":  # --only: those workloads' entries, the others kept
        table, profiles = ({"instructions": {}}, {}) if not args.only or not args.table.exists() else (
            json.loads(args.table.read_text()), json.loads(profile_path.read_text()))
        table["environment"] = environment()
        for name, (count, profile) in counts.items():
            table["instructions"][name] = count
            profiles[name] = {fn: v for fn, v in sorted(profile.items(), key=lambda kv: -kv[1]) if v >= KEEP * count}
        order = [n for n in WORKLOADS if n in table["instructions"]]
        table = {"environment": table["environment"], "instructions": {n: table["instructions"][n] for n in order}}
        args.table.write_text(json.dumps(table, indent=1) + "\n")
        profile_path.write_text(json.dumps({n: profiles[n] for n in order}, indent=0) + "\n")
        print(f"written: {args.table} and {profile_path.name}, {len(counts)} workloads measured")
        return 0
    table = json.loads(args.table.read_text())
    lines, ok = compare(counts, table, json.loads(profile_path.read_text()))
    here = environment()
    if here != table["environment"]:
        lines.append(f"note: the table was written with {table['environment']}, this is {here}: "
                     "counts of another toolchain differ")
    print("\n".join(lines))
    print(f"gate: {'passed' if ok else 'FAILED'}: {len(counts)} workloads, threshold +{100 * THRESHOLD:g} % "
          "of benchmarks/gate.json", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
