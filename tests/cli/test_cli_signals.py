"""SIGTERM and SIGHUP stop every command that writes as Ctrl-C does (issue
48, item 2): no temporary file or directory is left, an output that was
there stays whole, and the exit status is 128 + the signal's number (130
for Ctrl-C).  Each command is caught mid-write: its input comes from a pipe
that stays open (the command waits for more), or its temporary output is
polled for before the signal is sent."""
import array
import fcntl
import os
import signal
import subprocess
import sys
import termios
import time

import pytest

from gridgames.samegame.research import _checkpoint
from helpers import DATA

SIGNALS = {"INT": (signal.SIGINT, 130), "TERM": (signal.SIGTERM, 143), "HUP": (signal.SIGHUP, 129)}
SAMPLE = (DATA / "samegame" / "sample.in").read_bytes()
CASES = SAMPLE[:SAMPLE.rindex(b"0 0")]  # its cases without the end: more may follow
BOARD = b"0 1 0 1 2\n1 0 1 2 2\n0 1 2 1 0\n2 2 0 1 1\n"


def temporaries(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.name.endswith((".tmp", ".old")))


def until(condition, process, what):
    """Poll ``condition`` (never a fixed sleep); a guard ends a test that waits far too long."""
    deadline = time.monotonic() + 120
    while not condition():
        assert process.poll() is None, (what, process.communicate())
        assert time.monotonic() < deadline, f"waited 120 s for {what}"
        time.sleep(0.01)


def start(args, tmp_path, stdin=None):
    env = {k: v for k, v in os.environ.items() if k != "GRIDGAMES_PURE_PYTHON"}
    if env.get("PYTHONPATH"):  # (made absolute: the command runs in tmp_path)
        env["PYTHONPATH"] = os.pathsep.join(map(os.path.abspath, env["PYTHONPATH"].split(os.pathsep)))
    return subprocess.Popen([sys.executable, "-m", "gridgames", *map(str, args)], cwd=tmp_path, env=env,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL) for s, _ in SIGNALS.values()])


def judge_to_file(tmp_path):
    """-o FILE, from a pipe: stopped while the temporary file fills."""
    (tmp_path / "out.txt").write_bytes(b"the old output\n")
    p = start(["samegame", "-", "-o", "out.txt"], tmp_path, stdin=subprocess.PIPE)
    p.stdin.write(CASES * 60000)  # (about 10 MB: the judge writes its output in large pieces)
    p.stdin.flush()
    until(lambda: any(f.stat().st_size for f in tmp_path.glob(".out.txt.*.tmp")), p, "the temporary output")
    return p, {"out.txt": b"the old output\n"}


def judge_outdir(tmp_path):
    """--outdir DIR, reading a FIFO: stopped while DIR/NAME's temporary file fills."""
    os.mkfifo(tmp_path / "in.txt")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "in.out").write_bytes(b"old\n")
    p = start(["samegame", "in.txt", "--outdir", "d"], tmp_path)
    fifo = open(tmp_path / "in.txt", "wb")  # noqa: SIM115  (open while the command waits for more)
    fifo.write(CASES * 60000)  # (about 10 MB: the judge writes its output in large pieces)
    fifo.flush()
    until(lambda: any(f.stat().st_size for f in (tmp_path / "d").glob(".in.out.*.tmp")), p, "the temporary output")
    p.fifo = fifo
    return p, {"d/in.out": b"old\n"}


def package(tmp_path):
    """package --force: stopped while the new package is built beside the old one."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "old.txt").write_bytes(b"the old package\n")
    p = start(["package", "gopher", "pkg", "--force", "--secret", "999"], tmp_path)
    until(lambda: list(tmp_path.glob(".pkg.*.tmp/data/secret/*.ans")), p, "the package's files")
    return p, {"pkg/old.txt": b"the old package\n"}


def page(tmp_path):
    """show --html, reading a pipe: stopped before the page is written."""
    (tmp_path / "page.html").write_bytes(b"the old page\n")
    p = start(["samegame", "show", "-", "--html", "page.html"], tmp_path, stdin=subprocess.PIPE)
    p.stdin.write(CASES)
    p.stdin.flush()
    until(lambda: unread(p.stdin) == 0, p, "the command to read its input")  # it waits for more
    return p, {"page.html": b"the old page\n"}


def unread(pipe):
    """The bytes in ``pipe`` not read yet (Linux: FIONREAD on its write end)."""
    count = array.array("i", [0])
    fcntl.ioctl(pipe.fileno(), termios.FIONREAD, count)
    return count[0]


def campaign(tmp_path):
    """solve -o FILE --checkpoint DIR: stopped while its checkpoints are written."""
    (tmp_path / "b.txt").write_bytes(BOARD)
    p = start(["samegame", "solve", "b.txt", "--level", "3", "--iterations", "1000", "-o", "runs.jsonl",
               "--checkpoint", "ck", "--checkpoint-every", "0"], tmp_path)
    until(lambda: (tmp_path / "ck" / "board-1-run-1.ckpt").exists(), p, "a checkpoint")
    return p, {}


WRITERS = [judge_to_file, judge_outdir, package, page, campaign]


@pytest.mark.slow
@pytest.mark.parametrize("name", SIGNALS)
@pytest.mark.parametrize("writer", WRITERS, ids=[w.__name__ for w in WRITERS])
def test_a_signal_mid_write_leaves_nothing_behind(writer, name, tmp_path):
    number, status = SIGNALS[name]
    p, kept = writer(tmp_path)
    p.send_signal(number)
    out, err = p.communicate(timeout=120)
    if hasattr(p, "fifo"):
        p.fifo.close()
    assert p.returncode == status, err
    assert b"Traceback" not in err and len(err.splitlines()) == 1, err
    assert temporaries(tmp_path) == []
    for path, data in kept.items():
        assert (tmp_path / path).read_bytes() == data
    if writer is campaign:  # its checkpoint whole, to go on from
        assert err.startswith(b"gridgames samegame: interrupted after 0 of 1 searches"), err
        assert _checkpoint.peek(str(tmp_path / "ck" / "board-1-run-1.ckpt"))["done"] is False
    else:
        assert err == (b"gridgames: interrupted\n" if name == "INT" else f"gridgames: stopped by signal {number}\n"
                       .encode()), err
