"""Coverage-guided, differential fuzzing of the kernels with atheris (libFuzzer):

    python tools/fuzz.py TARGET [--seconds S] [--runs N] [-- LIBFUZZER OPTIONS]
    python tools/fuzz.py all --seconds 20            every target in turn
    python tools/fuzz.py TARGET --replay FILE...     run inputs once (no atheris needed)
    tools/sanitize.sh --run python tools/fuzz.py TARGET ...   over the sanitizer build

TARGET is one of samegame, tilematch, gopher (the judges), numberlink_reader,
numberlink_checker, research_reader, api, validators, checkers (INPUT and
ANSWER), moves_reader (replay's MOVES, solve's result lines)
(tools/fuzz_targets.py says what each
checks: compiled against pure, byte for byte, errors and warnings included; a
judge's input read in random pieces against all of it).  Coverage is Python's:
the pure twins and the Python layers are instrumented (atheris.instrument_imports);
the compiled kernels are not (gcc has no libFuzzer coverage), so the oracle that
guards them is the differential one, and the sanitizer build catches their memory
errors (docs/fuzzing.md).

The fuzzer's own corpus is kept in $GRIDGAMES_FUZZ_DIR/TARGET (default
${TMPDIR:-/tmp}/gridgames-fuzz), seeded from tests/data/fuzz/corpus/TARGET.  A
finding (a divergence, an unexpected exception, a crash, a timeout) is written
to tests/data/fuzz/TARGET-SHA.bin, which tests/judges/test_fuzz_reproducers.py replays.
Ends with one line per target: ``TARGET: N executions, K findings``; exit
status 1 when there is a finding.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
# Under tools/sanitize.sh this file runs from a copy of the checkout: reproducers go to the checkout.
REPO = Path(os.environ.get("GRIDGAMES_CHECKOUT", TOOLS.parent))
SEEDS = TOOLS.parent / "tests" / "data" / "fuzz" / "corpus"
REPRO = REPO / "tests" / "data" / "fuzz"
NAMES = ("samegame", "tilematch", "gopher", "numberlink_reader", "numberlink_checker", "research_reader", "api",
         "validators", "checkers", "moves_reader")
MAX_LEN = 512  # bytes: several judge cases; longer inputs only slow the pure twins down
PER_KIND = 3  # reproducers written per kind of finding and run


def work_dir(target: str) -> Path:
    base = Path(os.environ.get("GRIDGAMES_FUZZ_DIR", Path(tempfile.gettempdir()) / "gridgames-fuzz"))
    path = base / target
    (path / "corpus").mkdir(parents=True, exist_ok=True)
    return path


def save_reproducer(target: str, data: bytes) -> Path:
    REPRO.mkdir(parents=True, exist_ok=True)
    path = REPRO / f"{target}-{hashlib.sha1(data).hexdigest()[:12]}.bin"
    if not path.exists():
        path.write_bytes(data)
    return path


# --- the worker: one libFuzzer run in this process ----------------------------

def worker(target: str, findings: Path, libfuzzer_args: list[str]) -> None:
    import atheris
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        # gcc's ASan runtime defines libFuzzer's coverage hooks itself: no coverage would reach it.
        sys.stderr.write("tools/fuzz.py: gcc's ASan runtime is preloaded: libFuzzer would see no coverage. "
                         "Fuzz on the normal build, then replay the corpus under tools/sanitize.sh "
                         "(python tools/fuzz.py TARGET --replay).\n")
        sys.exit(2)
    sys.path.insert(0, str(TOOLS))
    with atheris.instrument_imports(include=["gridgames"]):
        from gridgames._runtime import game_table
        for game, row in game_table.GAMES.items():
            for module in row.parts.values():
                importlib.import_module(f"gridgames.{game}.{module}_pure")
        import gridgames.numberlink._text  # noqa: F401
        import gridgames.samegame._single  # noqa: F401
        import gridgames.samegame._text  # noqa: F401
        for module in ("_runtime.compare", "_runtime.strict_reader", "samegame.research._moves",
                       "samegame.research._jobs", "samegame._validate", "tilematch._validate", "gopher._validate"):
            importlib.import_module(f"gridgames.{module}")
    import fuzz_targets
    check = fuzz_targets.TARGETS[target]
    kinds: dict[str, int] = {}

    def one(data: bytes) -> None:
        try:
            check(data)
        except Exception as exc:  # a Finding, or anything the target did not expect
            message = f"{type(exc).__name__}: {exc}".replace("\n", " ")
            kind = re.split(r"[:(]", message, maxsplit=2)[:2]
            key = ":".join(kind)
            kinds[key] = kinds.get(key, 0) + 1
            path = save_reproducer(target, data) if kinds[key] <= PER_KIND else None
            with open(findings, "a") as f:
                f.write(f"{hashlib.sha1(data).hexdigest()[:12]}\t{path or '-'}\t{message[:500]}\n")
            if kinds[key] <= PER_KIND:
                print(f"FINDING {target}: {message[:500]} ({path})", file=sys.stderr, flush=True)

    atheris.Setup([sys.argv[0], *libfuzzer_args], one)
    atheris.Fuzz()


# --- the driver: runs workers until the budget is spent, counts ------------------

SHOWN = ("FINDING", "==", "tools/fuzz.py:")  # lines -q shows, with libFuzzer's pulses and its last
STAT = re.compile(r"^#(\d+)\s+\w+.*?cov: (\d+) ft: (\d+)")
DONE = re.compile(r"^Done (\d+) runs")


def drive(target: str, seconds: float | None, runs: int | None, extra: list[str], quiet: bool) -> int:
    work = work_dir(target)
    findings = work / f"findings-{os.getpid()}.tsv"
    findings.unlink(missing_ok=True)
    execs, cov, ft, crashes, restarts = 0, 0, 0, 0, 0
    start = time.monotonic()
    while True:
        args = [str(work / "corpus"), str(SEEDS / target), f"-max_len={MAX_LEN}",
                "-timeout=60", "-rss_limit_mb=4096", f"-artifact_prefix={work}/", "-print_final_stats=1"]
        if seconds is not None:
            args.append(f"-max_total_time={max(1, int(seconds - (time.monotonic() - start)))}")
        if runs is not None:
            args.append(f"-runs={runs - execs}")
        before = set(work.glob("*-*"))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", target, "--findings", str(findings),
               "--", *args, *extra]
        done = 0
        with subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, errors="replace") as p:
            assert p.stderr is not None
            for line in p.stderr:
                if not quiet or line.startswith(SHOWN) or re.search(r"\s(DONE|pulse)\s", line):
                    sys.stderr.write(line)
                if m := STAT.match(line):
                    done, cov, ft = max(done, int(m[1])), int(m[2]), int(m[3])
                elif m := DONE.match(line):
                    done = int(m[1])
        execs += done
        if p.returncode == 0:
            break
        # a native crash, a timeout, out of memory: libFuzzer wrote the input
        artifacts = [a for a in sorted(set(work.glob("*-*")) - before)
                     if a.is_file() and a.name.split("-")[0] in ("crash", "timeout", "oom", "leak")]
        if not artifacts and done == 0:
            raise SystemExit(f"tools/fuzz.py: {target}: the fuzzer did not start (exit {p.returncode}; "
                             "run without -q to see why)")
        crashes += 1
        for artifact in artifacts:
            saved = save_reproducer(target, artifact.read_bytes())
            print(f"FINDING {target}: {artifact.name.split('-')[0]} (exit {p.returncode}) ({saved})",
                  file=sys.stderr)
        if not artifacts:
            print(f"FINDING {target}: the worker died (exit {p.returncode}) without an input saved",
                  file=sys.stderr)
        restarts += 1
        out_of_time = seconds is not None and time.monotonic() - start >= seconds - 1
        if restarts > 5 or out_of_time or (runs is not None and execs >= runs):
            break
    found = crashes + (sum(1 for _ in open(findings)) if findings.exists() else 0)
    print(f"{target} coverage: cov {cov} ft {ft} (libFuzzer's edges and features), "
          f"{time.monotonic() - start:.0f} s", file=sys.stderr)
    print(f"{target}: {execs} executions, {found} findings", flush=True)
    return found


def corpus_files(target: str) -> list[Path]:
    """The seeds, the fuzzer's corpus so far and the reproducers of ``target``."""
    return [*sorted((SEEDS / target).glob("*")), *sorted((work_dir(target) / "corpus").glob("*")),
            *sorted(REPRO.glob(f"{target}-*.bin"))]


def replay(target: str, files: list[str]) -> int:
    sys.path.insert(0, str(TOOLS))
    import fuzz_targets
    bad = 0
    for name in files:
        try:
            fuzz_targets.TARGETS[target](Path(name).read_bytes())
        except Exception as exc:
            bad += 1
            print(f"{name}: {type(exc).__name__}: {exc}")
    print(f"{target}: {len(files)} executions, {bad} findings")
    return bad


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    ap = argparse.ArgumentParser(prog="tools/fuzz.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("target", choices=[*NAMES, "all"])
    ap.add_argument("--seconds", type=float, help="stop after this many seconds (default 20 without --runs)")
    ap.add_argument("--runs", type=int, help="stop after this many executions")
    ap.add_argument("--quiet", "-q", action="store_true",
                    help="only findings, libFuzzer's pulses (at each power of 2) and the final lines")
    ap.add_argument("--replay", nargs="*", metavar="FILE",
                    help="run these inputs once and report (none given: the seeds, the fuzzer's corpus "
                         "and the reproducers of TARGET)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--findings", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.target, args.findings, extra)
        return 0
    if args.replay is not None:
        bad = 0
        for target in NAMES if args.target == "all" else [args.target]:
            files = args.replay or corpus_files(target)
            bad += replay(target, [str(f) for f in files])
        return 1 if bad else 0
    if importlib.util.find_spec("atheris") is None:
        print("tools/fuzz.py: atheris is not installed: pip install . --group fuzz", file=sys.stderr)
        return 2
    if args.seconds is None and args.runs is None:
        args.seconds = 20.0
    total = 0
    for target in NAMES if args.target == "all" else [args.target]:
        total += drive(target, args.seconds, args.runs, extra, args.quiet)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
