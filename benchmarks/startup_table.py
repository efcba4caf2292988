"""Start-up of the judges: each on a one-case file against ``python -c pass``
(same interpreter; CPU time of the child, user + system, and wall time,
medians of interleaved rounds, so both sides see the same machine load).

``start-up: GAME`` runs ``python -m gridgames``; ``start-up: --version`` its
``--version`` (each kernel looked for, none loaded), printed also against the
SameGame judge's start-up; ``start-up (script): GAME``
the installed ``gridgames`` launcher, when there is one (pip before 25.2
wrote launchers that import re, ~0.3x more).  ``--against SRC`` runs each
of them again, interleaved, with another gridgames first on the path (e.g.
the src/ of a worktree of an earlier commit, its kernels built): rows
``... [against]``.

    python benchmarks/startup_table.py [--rounds 20] [--against OTHER/src]
"""
import argparse
import os
import statistics
import sys
import tempfile

from _harness import child_times

ONE_CASE = {"samegame": b"2 3\n1 1 2\n1 2 2\n1 1\n0 0\n0\n",
            "tilematch": b"1\n1 1\n2\n1\n1\n0\n",
            "gopher": b"1 1\n0\n1 1\n"}


def installed_script():
    """The ``gridgames`` launcher pip installed beside this interpreter, or
    None (a source checkout run with PYTHONPATH)."""
    path = os.path.join(os.path.dirname(sys.executable), "gridgames")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def startup_ratios(rounds=20, against=None):
    """name -> (CPU ratio, wall ratio) against ``python -c pass``."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: byte code cached
    other = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [against, os.environ.get("PYTHONPATH")])))
    with tempfile.TemporaryDirectory() as tmp:
        cmds = {"pass": ([sys.executable, "-c", "pass"], None),
                "start-up: --version": ([sys.executable, "-m", "gridgames", "--version"], None)}
        for game, data in ONE_CASE.items():
            path = os.path.join(tmp, f"{game}.in")
            with open(path, "wb") as f:
                f.write(data)
            runs = {f"start-up: {game}": [sys.executable, "-m", "gridgames", game, path]}
            if installed_script():
                runs[f"start-up (script): {game}"] = [installed_script(), game, path]
            for name, cmd in runs.items():
                cmds[name] = (cmd, None)
                if against:
                    cmds[f"{name} [against]"] = (cmd, other)
        for cmd, env in cmds.values():  # warm up: byte code written, files cached
            child_times(cmd, os.devnull, env)
        times = {name: [] for name in cmds}
        for _ in range(rounds):
            for name, (cmd, env) in cmds.items():
                times[name].append(child_times(cmd, os.devnull, env))
    base = [statistics.median(t[i] for t in times["pass"]) for i in (0, 1)]
    return {name: tuple(statistics.median(t[i] for t in times[name]) / base[i] for i in (0, 1))
            for name in cmds if name != "pass"}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="interleaved rounds (default 20)")
    parser.add_argument("--against", metavar="SRC", help="also run each with this gridgames first on the path")
    args = parser.parse_args(argv)
    ratios = startup_ratios(args.rounds, args.against)
    print("   CPU   wall  (ratio to python -c pass)")
    for name, (cpu, wall) in sorted(ratios.items()):
        print(f"{cpu:6.2f} {wall:6.2f}  {name}")
    version, judge = ratios["start-up: --version"], ratios["start-up: samegame"]
    print(f"{version[0] / judge[0]:6.2f} {version[1] / judge[1]:6.2f}  --version against the samegame judge's start-up")


if __name__ == "__main__":
    main()
