#!/usr/bin/env python3
"""Golden outputs: the same bytes from every command on every platform and backend.

tests/data/golden/golden.txt lists commands and the sha256 of each one's standard output
and its exit status.  ``check`` runs them with the installed gridgames (in a temporary
directory, standard input empty) and prints one line per mismatch, exit 1 on any;
``write`` runs them on both backends, refuses when the backends differ, and rewrites
the digests (only for a deliberate change of an output).

A line: ``NAME TAGS EXIT SHA256 COMMAND...``.  COMMAND is ``gridgames ARGS`` (run as
``python -m gridgames``) or ``probe ARGS`` (this file's probes, below: what has no
command).  ``{NAME}`` in ARGS is the file holding the output of the earlier line
NAME, ``{repo}`` this checkout.  TAGS (comma-separated, ``-`` for none): ``quick`` for
the ``--quick`` subset (for emulated platforms), ``envs`` for what needs gymnasium
(``--skip-envs`` leaves those out, and says so), ``text`` for what gridgames writes through
Python's text standard output (the searches' reports, replay, numberlink check): on Windows its
line ends are CRLF, compared as LF (``--imitate-windows`` does the same here, to check that only
those lines are affected).  Observations are hashed as values (little-endian whatever the
machine), never as its native bytes.

    python tools/golden.py check [--backend compiled|pure] [--quick] [--skip-envs] [--out DIR]
                                 [--imitate-windows]
    python tools/golden.py write
(--list FILE: another list than tests/data/golden/golden.txt.)
"""
import argparse
import hashlib
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LIST = REPO / "tests" / "data" / "golden" / "golden.txt"
TIMEOUT = 900  # per command: emulated platforms are 10-30x slower


class Line:
    def __init__(self, text):
        name, tags, status, digest, command = text.split(maxsplit=4)
        self.name, self.status, self.digest, self.command = name, status, digest, command
        self.tags = set() if tags == "-" else set(tags.split(","))

    def text(self):
        tags = ",".join(sorted(self.tags)) or "-"
        return f"{self.name} {tags} {self.status} {self.digest} {self.command}"


def read(path=LIST):
    """Every row of the list (comments and blank rows as text, kept by write) and its lines."""
    rows = [text if text.startswith("#") or not text.strip() else Line(text)
            for text in path.read_text("ascii").splitlines()]
    return rows, [row for row in rows if isinstance(row, Line)]


# Python's standard output as on Windows: text written through it ends its lines with CRLF.
WINDOWS_STDOUT = ("import io, runpy, sys; sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding='utf-8', "
                  "newline='\\r\\n'); sys.argv[0] = 'gridgames'; runpy.run_module('gridgames', run_name='__main__')")


def argv(line, outputs, windows=False):
    words = [w.replace("{repo}", str(REPO)) for w in shlex.split(line.command)]
    for i, word in enumerate(words):
        for name, path in outputs.items():
            word = word.replace("{" + name + "}", str(path))
        words[i] = word
    missing = [word for word in words if re.search(r"\{[^}]*\}", word)]
    if missing:
        raise SystemExit(f"golden: {line.name}: no earlier output for {missing[0]} (with --quick: one not quick?)")
    tool, *rest = words
    if tool == "gridgames":
        return [sys.executable, *(["-c", WINDOWS_STDOUT] if windows else ["-m", "gridgames"]), *rest]
    if tool == "probe":
        return [sys.executable, str(Path(__file__).resolve()), "probe", *rest]
    raise SystemExit(f"golden: {line.name}: a command is 'gridgames ...' or 'probe ...', not {tool!r}")


def environment(backend):
    return dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0", LC_ALL="C.UTF-8")


def compiled_in_use(env):
    """A compiled check on an install without its kernels would silently test the twins."""
    out = subprocess.run([sys.executable, "-m", "gridgames", "--version"], env=env, capture_output=True,
                         text=True, stdin=subprocess.DEVNULL, timeout=TIMEOUT).stdout
    return "(compiled)" in out


def run_all(lines, backend, keep=None, windows=os.name == "nt"):
    """{name: (status, sha256, last stderr line)} for ``lines`` run in order (``windows``: with
    Windows' text standard output, CRLF read as LF in the lines tagged text)."""
    env = environment(backend)
    results = {}
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        where = Path(keep).resolve() if keep else Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        outputs = {}
        for line in lines:
            done = subprocess.run(argv(line, outputs, windows and os.name != "nt"), cwd=where, env=env,
                                  capture_output=True, stdin=subprocess.DEVNULL, timeout=TIMEOUT)
            outputs[line.name] = where / line.name
            outputs[line.name].write_bytes(done.stdout)
            output = done.stdout.replace(b"\r\n", b"\n") if windows and "text" in line.tags else done.stdout
            error = done.stderr.decode("utf-8", "replace").strip().splitlines()
            results[line.name] = (str(done.returncode), hashlib.sha256(output).hexdigest(),
                                  error[-1] if error else "")
    return results


def chosen(lines, quick, skip_envs):
    picked = [line for line in lines if not quick or "quick" in line.tags]
    skipped = [line for line in picked if skip_envs and "envs" in line.tags]
    return [line for line in picked if line not in skipped], skipped


def check(args):
    _, lines = read(args.list)
    env = environment(args.backend)
    if args.backend == "compiled" and not compiled_in_use(env):
        print("golden: the compiled kernels are not in use ('gridgames --version'): nothing checked")
        return 1
    run, skipped = chosen(lines, args.quick, args.skip_envs)
    start = time.monotonic()
    results = run_all(run, args.backend, args.out, args.imitate_windows or os.name == "nt")
    bad = 0
    for line in run:
        status, digest, error = results[line.name]
        if (status, digest) != (line.status, line.digest):
            bad += 1
            said = f" ({error})" if error and status != line.status else ""
            print(f"golden: {line.name}: exit {status} sha256 {digest[:16]}, expected exit {line.status} "
                  f"sha256 {line.digest[:16]}{said}: {line.command}")
    if skipped:
        print(f"golden: {len(skipped)} skipped (--skip-envs): {' '.join(line.name for line in skipped)}")
    said = "".join(f", {flag}" for flag, on in (("--quick", args.quick), ("--imitate-windows", args.imitate_windows))
                   if on)
    print(f"golden: {len(run) - bad} of {len(run)} identical, {bad} differ, {len(skipped)} skipped "
          f"({args.backend} backend{said}; {time.monotonic() - start:.1f} s)")
    return 1 if bad else 0


def write(args):
    rows, lines = read(args.list)
    if not compiled_in_use(environment("compiled")):
        print("golden: write needs the compiled kernels (both backends are compared)")
        return 1
    results = {backend: run_all(lines, backend) for backend in ("compiled", "pure")}
    differ = [line.name for line in lines if results["compiled"][line.name][:2] != results["pure"][line.name][:2]]
    if differ:
        print(f"golden: the backends differ (a bug; nothing written): {' '.join(differ)}")
        return 1
    for line in lines:
        line.status, line.digest, _ = results["compiled"][line.name]
    args.list.write_text("".join((row if isinstance(row, str) else row.text()) + "\n" for row in rows), "ascii")
    print(f"golden: {len(lines)} digests written to {args.list}")
    return 0


# The probes: outputs that no command prints.

def probe_boards(count, rows=15, cols=15):
    """The research set's first ``count`` boards as research text, or their top left
    ``rows`` x ``cols`` corners (small boards: searches the pure twins finish quickly)."""
    from gridgames.samegame import research_boards
    from gridgames.samegame._text import format_boards
    grids = [board.grid() for board in research_boards(int(count))]
    sys.stdout.write(format_boards([row[:int(cols)] for row in grid[:int(rows)]] for grid in grids))


def values(array):
    """An array's dtype, shape and values, little-endian whatever this machine's order."""
    import numpy as np
    array = np.asarray(array)
    fixed = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return f"{fixed.dtype.str}{list(array.shape)}:{hashlib.sha256(fixed.tobytes()).hexdigest()[:16]}"


def pick(mask, step):
    """A legal action, the same on every platform (no random generator of numpy's)."""
    legal = [i for i, ok in enumerate(mask.tolist()) if ok]
    return legal[(step * 2654435761) % len(legal)] if legal else 0


def probe_rollout(env_id, seed, steps):
    """A rollout of ``steps`` steps from reset(seed): each step's observation, reward, end and mask."""
    import gymnasium

    import gridgames.envs
    gymnasium.register_envs(gridgames.envs)
    env = gymnasium.make(env_id, render_mode="ansi")
    obs, info = env.reset(seed=int(seed))
    print("reset", values(obs), values(info["action_mask"]))
    for step in range(int(steps)):
        obs, reward, terminated, truncated, info = env.step(pick(info["action_mask"], step))
        print(step, values(obs), repr(float(reward)), terminated, truncated, values(info["action_mask"]))
        if terminated or truncated:
            obs, info = env.reset(seed=int(seed) + step + 1)
            print("reset", values(obs))
    print(env.render())


def probe_vector(env_id, seed, count, steps):
    """The batched environment (gymnasium.make_vec): ``count`` envs, ``steps`` steps."""
    import gymnasium

    import gridgames.envs
    gymnasium.register_envs(gridgames.envs)
    env = gymnasium.make_vec(env_id, num_envs=int(count))
    obs, _ = env.reset(seed=int(seed))
    print("reset", values(obs), values(env.action_masks()))
    for step in range(int(steps)):
        actions = [pick(mask, step + k) for k, mask in enumerate(env.action_masks())]
        obs, reward, terminated, truncated, _ = env.step(actions)  # (ended envs reset themselves)
        print(step, values(obs), values(reward.astype("f8")), values(terminated), values(truncated),
              values(env.action_masks()))


PROBES = {"boards": probe_boards, "rollout": probe_rollout, "vector": probe_vector}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["probe"]:
        sys.stdout.reconfigure(newline="\n")  # (LF on Windows too)
        PROBES[argv[1]](*argv[2:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("check", help="run the commands and compare their outputs with the list")
    c.add_argument("--backend", choices=("compiled", "pure"),
                   default="pure" if os.environ.get("GRIDGAMES_PURE_PYTHON", "") not in ("", "0") else "compiled")
    c.add_argument("--quick", action="store_true", help="only the lines tagged quick (emulated platforms)")
    c.add_argument("--skip-envs", action="store_true", help="leave out what needs gymnasium (reported)")
    c.add_argument("--out", metavar="DIR", help="keep each output in DIR (to compare platforms)")
    c.add_argument("--imitate-windows", action="store_true",
                   help="gridgames' text standard output with CRLF line ends, as on Windows")
    w = commands.add_parser("write", help="rewrite the digests from this build (both backends must agree)")
    for p in (c, w):
        p.add_argument("--list", type=Path, default=LIST, help=f"the list (default {LIST.relative_to(REPO)})")
    args = parser.parse_args(argv)
    return check(args) if args.command == "check" else write(args)


if __name__ == "__main__":
    sys.exit(main())
