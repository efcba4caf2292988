"""The benchmark gate: ratios that CI keeps from getting worse.

Absolute times differ from machine to machine; ratios measured side by side
do not (much).  Every ratio here is "gridgames time / reference time" (lower
is better):

- ``compiled/pure: GROUP``: the compiled kernels against the pure twins, for
  each pytest-benchmark group with both backends;
- ``CLI/C: GROUP``: the whole ``gridgames`` process against the tight C
  judge of benchmarks/baseline on the same file;
- ``playouts/C: GROUP``: the SameGame playouts of the compiled kernel
  against the tight C playout program, per playout;
- ``start-up: GAME``: a judge on a one-case file against ``python -c pass``
  (same interpreter; CPU time of the child, user + system, median of 20
  rounds run interleaved, so both sides see the same machine load), run as
  ``python -m gridgames``.  The wall-time ratios are shown too, and so are
  those of the installed ``gridgames`` script when there is one; neither is
  gated.

The benchmark figures are the medians of pytest-benchmark's JSON
(``pytest benchmarks --benchmark-json=FILE``; .ci/run writes
.benchmarks/ci.json).

    python benchmarks/gate.py write .benchmarks/ci.json    # regenerate benchmarks/gate.json
    python benchmarks/gate.py write --worst a.json b.json  # each ratio's worst of several runs
    python benchmarks/gate.py check .benchmarks/ci.json    # exit 1: a ratio regressed > 15 %
    python benchmarks/gate.py startup                      # only the start-up ratios

``check`` with several JSON files takes each ratio's best: CI runs the
benchmarks a second time only when the first check fails, so a noisy round
on a loaded machine does not fail it, and a real regression still does.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "gate.json")
TOLERANCE = 1.15  # a ratio may grow by 15 % before the gate fails
ONE_CASE = {"samegame": b"2 3\n1 1 2\n1 2 2\n1 1\n0 0\n0\n",
            "tilematch": b"1\n1 1\n2\n1\n1\n0\n",
            "gopher": b"1 1\n0\n1 1\n"}


def bench_ratios(path):
    """The ratios of one pytest-benchmark JSON file: name -> ratio."""
    with open(path) as f:
        benchmarks = json.load(f)["benchmarks"]
    groups = {}
    for b in benchmarks:
        params = b.get("params") or {}
        per = b["stats"]["median"] / (b.get("extra_info") or {}).get("n", 1)  # per playout if n is given
        if params.get("backend") in ("compiled", "pure"):
            groups.setdefault(("compiled/pure", b["group"]), {})[params["backend"]] = per
        side = params.get("judge_cmd") or ("c" if b["name"].endswith(("c_baseline", "tight_c")) else
                                           "compiled" if b["name"].endswith("cli_compiled") else None)
        if side is not None:
            groups.setdefault(("CLI/C", b["group"]), {})[side] = per
    # the playouts: the compiled kernel against the tight C loop of the same group
    for b in benchmarks:
        if b["name"].endswith("tight_c"):
            for other in benchmarks:
                if other["group"] == b["group"] and (other.get("params") or {}).get("backend") == "compiled":
                    sides = groups.pop(("CLI/C", b["group"]), {})
                    sides["compiled"] = other["stats"]["median"] / other["extra_info"]["n"]
                    groups[("playouts/C", b["group"])] = sides
    ratios = {}
    for (kind, group), sides in groups.items():
        reference = "pure" if kind == "compiled/pure" else "c"
        if "compiled" in sides and reference in sides:
            ratios[f"{kind}: {group}"] = sides["compiled"] / sides[reference]
    return ratios


def timed_run(*args, **kwargs):
    """``subprocess.run(*args, **kwargs)`` and (its CPU seconds, user +
    system of the process and its children, its wall seconds, its result);
    the one place the benchmark scripts time a whole child process."""
    import time
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(*args, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall, result


def child_times(cmd, stdin_path):
    """(CPU seconds, wall seconds) of one run of ``cmd``."""
    with open(stdin_path, "rb") as stdin:
        cpu, wall, _ = timed_run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
    return cpu, wall


def installed_script():
    """The ``gridgames`` launcher pip installed beside this interpreter, or
    None (a source checkout run with PYTHONPATH)."""
    path = os.path.join(os.path.dirname(sys.executable), "gridgames")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def startup_ratios(rounds=20):
    """name -> (CPU ratio, wall ratio) of each judge on a one-case file
    against ``python -c pass``, interleaved rounds, medians: ``start-up:
    GAME`` runs ``python -m gridgames`` (gated: always there), ``start-up
    (script): GAME`` the installed launcher, when there is one (shown only:
    pip before 25.2 wrote launchers that import re, ~0.3x more)."""
    env_keep = os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: byte code cached
    try:
        with tempfile.TemporaryDirectory() as tmp:
            cmds = {"pass": [sys.executable, "-c", "pass"]}
            for game, data in ONE_CASE.items():
                path = os.path.join(tmp, f"{game}.in")
                with open(path, "wb") as f:
                    f.write(data)
                cmds[f"start-up: {game}"] = [sys.executable, "-m", "gridgames", game, path]
                if installed_script():
                    cmds[f"start-up (script): {game}"] = [installed_script(), game, path]
            for cmd in cmds.values():  # warm up: byte code written, files cached
                child_times(cmd, os.devnull)
            times = {name: [] for name in cmds}
            for _ in range(rounds):
                for name, cmd in cmds.items():
                    times[name].append(child_times(cmd, os.devnull))
    finally:
        if env_keep is not None:
            os.environ["PYTHONDONTWRITEBYTECODE"] = env_keep
    base = [statistics.median(t[i] for t in times["pass"]) for i in (0, 1)]
    return {name: tuple(statistics.median(t[i] for t in times[name]) / base[i] for i in (0, 1))
            for name in cmds if name != "pass"}


def measure(json_files, rounds, pick=min):
    """name -> best ratio over ``json_files`` (``pick=max``: the worst),
    plus the gated start-up ratios (CPU); and the start-up ratios for
    information: name -> (CPU, wall)."""
    ratios = {}
    for path in json_files:
        for name, value in bench_ratios(path).items():
            ratios[name] = pick(value, ratios.get(name, value))
    startup = startup_ratios(rounds)
    ratios.update({name: cpu for name, (cpu, _) in startup.items() if "(script)" not in name})
    return ratios, startup


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("write", "check", "startup"))
    parser.add_argument("json", nargs="*", help="pytest-benchmark JSON files (the best of each ratio)")
    parser.add_argument("--rounds", type=int, default=20, help="start-up rounds (default 20)")
    parser.add_argument("--table", default=TABLE, help="the committed table (default benchmarks/gate.json)")
    parser.add_argument("--worst", action="store_true",
                        help="write: each ratio's worst over the JSON files, so that the table allows "
                             "the run-to-run noise they show (wall-time medians swing > 15 %%)")
    args = parser.parse_intermixed_args(argv)  # write --worst a.json b.json
    ratios, startup = measure(args.json if args.action != "startup" else [], args.rounds,
                              max if args.worst and args.action == "write" else min)
    for name, value in sorted(ratios.items()):
        extra = f"   (wall {startup[name][1]:.2f})" if name in startup else ""
        print(f"{value:9.4f}  {name}{extra}")
    for name, (cpu, wall_ratio) in sorted(startup.items()):
        if name not in ratios:
            print(f"{cpu:9.4f}  {name}   (wall {wall_ratio:.2f}; not gated)")
    if args.action == "write":
        with open(args.table, "w") as f:
            json.dump({name: round(value, 4) for name, value in sorted(ratios.items())}, f, indent=1)
            f.write("\n")
        print(f"written: {args.table}")
        return 0
    if args.action == "startup":
        return 0
    with open(args.table) as f:
        table = json.load(f)
    worse = []
    for name, committed in table.items():
        if name not in ratios:
            worse.append(f"{name}: not measured (a benchmark renamed? regenerate: "
                         "python benchmarks/gate.py write .benchmarks/ci.json)")
        elif ratios[name] > committed * TOLERANCE:
            worse.append(f"{name}: {ratios[name]:.4f}, committed {committed:.4f} "
                         f"(+{100 * (ratios[name] / committed - 1):.0f} %)")
    for line in worse:
        print(f"gate: worse: {line}", file=sys.stderr)
    print(f"gate: {len(table) - len(worse)} of {len(table)} ratios within {100 * (TOLERANCE - 1):.0f} % "
          "of benchmarks/gate.json", file=sys.stderr)
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
