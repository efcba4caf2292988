"""A deliberately slower build, to prove the gate (tests/project/test_benchmark_gate.py) and
to say what its slowdown costs in time.

``build(dest, "samegame/_kernel", slowdown=N)`` copies the package sources
to ``dest`` with that one kernel, built by setup.py with
``-DGRIDGAMES_SLOWDOWN=N`` (N empty loop turns per flood fill, samegame's
_board.pxd; no N: the unchanged kernel), and the other kernels of the
installed package; ``dest`` then goes first on a workload's path
(``gate.py check --pythonpath dest``).

    python benchmarks/gate_slowdown.py samegame/_kernel N [--rounds 21] [--repeat 40]

times the SameGame judge of the gate's workload in the slow build against
the unchanged build of the same copy, interleaved (CPU seconds of the judge
call, in-process; the median of the paired ratios), so that a slowdown's
size can be quoted in time as well as in instructions (samegame/research/_search:
the playouts workload).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(dest, extension, slowdown=None):
    """``dest``/src: the package with ``extension`` ("samegame/_kernel")
    compiled from this checkout, the others from the installed package;
    returns the folder to put on the path."""
    import gridgames
    dest = Path(dest)
    src = dest / "src"
    # The extension's C, where an in-place build left it, is copied too (its time kept): Cython then
    # sees it up to date and does not translate the .pyx again (the slowdown is a C macro, the C the same).
    keep = {f"{extension}.pyx", f"{extension}.c"}
    shutil.copytree(ROOT / "src", src, ignore=lambda folder, names: [
        n for n in names if (n.endswith((".so", ".pyd", ".c", ".html")) or n == "__pycache__"
                             or n.endswith(".pyx"))
        and os.path.relpath(Path(folder) / n, ROOT / "src" / "gridgames") not in keep])
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, dest / name)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    installed = Path(gridgames.__file__).parent
    for so in installed.rglob(f"*{suffix}"):
        if so.relative_to(installed).as_posix() != extension + suffix:
            shutil.copy(so, src / "gridgames" / so.relative_to(installed))
    env = dict(os.environ, GRIDGAMES_REQUIRE_EXTENSION="1")
    if slowdown is not None:
        # CPPFLAGS: added to Python's flags (CFLAGS would replace its -O3)
        env["CPPFLAGS"] = f"{env.get('CPPFLAGS', '')} -DGRIDGAMES_SLOWDOWN={int(slowdown)}".strip()
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=dest, env=env,
                   check=True, stdout=subprocess.DEVNULL)
    assert (src / "gridgames" / (extension + suffix)).exists()
    return src


TIMER = """
import sys, time
sys.path.insert(0, sys.argv[1])
sys.path.insert(1, sys.argv[2])
from gate_workloads import WORKLOADS
name = sys.argv[3]
data, setup = WORKLOADS[name]
job = setup(open(sys.argv[4], "rb").read() if sys.argv[4] != "-" else None)
job()
repeat = int(sys.argv[5])
for line in sys.stdin:
    t = time.process_time()
    for _ in range(repeat):
        job()
    print(time.process_time() - t, flush=True)
"""


def time_ratio(slow, fast, name, rounds, folder, repeat):
    """The median of paired CPU-time ratios slow / fast of one workload."""
    data, _ = __import__("gate_workloads").WORKLOADS[name]
    data_file = "-"
    if data is not None:
        data_file = Path(folder) / "workload.in"
        data_file.write_bytes(data())
    procs = [subprocess.Popen([sys.executable, "-c", TIMER, str(path), str(Path(__file__).parent), name,
                               str(data_file), str(repeat)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for path in (slow, fast)]
    ratios = []
    for _ in range(rounds):
        times = []
        for p in procs:
            p.stdin.write("\n")
            p.stdin.flush()
            times.append(float(p.stdout.readline()))
        ratios.append(times[0] / times[1])
    for p in procs:
        p.stdin.close()
        p.wait()
    return statistics.median(ratios), ratios


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("extension", choices=("samegame/_kernel", "samegame/research/_search"))
    parser.add_argument("slowdown", type=int, help="empty loop turns per flood fill")
    parser.add_argument("--rounds", type=int, default=21, help="paired samples (default 21)")
    parser.add_argument("--repeat", type=int, default=40, help="workload runs per sample (default 40)")
    parser.add_argument("--dir", type=Path, help="keep the builds here (default: a temporary folder)")
    args = parser.parse_args(argv)
    import tempfile
    sys.path.insert(0, str(Path(__file__).parent))
    from gate_workloads import WORKLOADS
    name = next(n for n in WORKLOADS if n.startswith(
        "samegame judge" if args.extension == "samegame/_kernel" else "samegame playouts"))
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.dir or Path(tmp)
        slow, fast = folder / "slow" / "src", folder / "unchanged" / "src"
        if not slow.exists():  # --dir keeps the builds: a second run times them again
            slow = build(folder / "slow", args.extension, args.slowdown)
            fast = build(folder / "unchanged", args.extension)
        median, ratios = time_ratio(slow, fast, name, args.rounds, folder, args.repeat)
    print(f"{name}: slowdown {args.slowdown}: CPU time x{median:.4f} (median of {args.rounds} paired "
          f"ratios, min {min(ratios):.4f}, max {max(ratios):.4f})")


if __name__ == "__main__":
    main()
