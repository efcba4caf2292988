"""Nothing a user gave us is lost and many files are
judged in one process: an OUTPUT that is an input is refused
before anything is touched, files are replaced whole, ``package`` refuses a
non-empty directory unless --force, ``judge FILE... --outdir``."""
import os
import select
import signal
import subprocess
import sys
import threading

import pytest

from gridgames._runtime.safe_files import CannotWrite, SameFile, new_directory, replacing
from helpers import DATA

SAMPLE = (DATA / "samegame" / "sample.in").read_bytes()
ANSWER = (DATA / "samegame" / "sample.out").read_bytes()
BAD = b"2 2\n1 1\n1 1\n1 1\n0 0\n2 2\n1 x\n"  # one good grid, then a bad token
SAMPLES = {"samegame": "sample.in", "tilematch": "sample1.in", "gopher": "sample.in"}


def one_line(p, status, start):
    lines = p.stderr.splitlines()
    assert p.returncode == status, p.stderr
    assert len(lines) == 1 and b"Traceback" not in p.stderr, p.stderr
    assert lines[0].startswith(start), lines[0]


@pytest.mark.parametrize("argv", [
    ["samegame", "{f}", "-o", "{f}"],
    ["samegame", "judge", "{f}", "-o", "{link}"],
    ["samegame", "judge", "{link}", "-o", "{hard}"],
    ["numberlink", "solve", "{f}", "-o", "{f}"],
])
def test_an_output_that_is_the_input_is_refused_untouched(cli, tmp_path, argv):
    f = tmp_path / "same.in"
    f.write_bytes(SAMPLE)
    os.symlink(f, tmp_path / "link")
    os.link(f, tmp_path / "hard")
    names = {"f": f, "link": tmp_path / "link", "hard": tmp_path / "hard"}
    p = cli(*[a.format(**names) for a in argv])
    one_line(p, 2, b"gridgames ")
    assert b"refusing to write" in p.stderr and b"it is the input" in p.stderr
    assert f.read_bytes() == SAMPLE
    assert sorted(os.listdir(tmp_path)) == ["hard", "link", "same.in"]  # no temporary file left


def test_standard_input_and_output_are_compared_too(backend, tmp_path):
    f = tmp_path / "same.in"
    f.write_bytes(SAMPLE)
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    with open(f, "rb") as stdin:  # gridgames samegame -o same.in < same.in
        p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", "-o", str(f)],
                           stdin=stdin, capture_output=True, env=env)
    one_line(p, 2, b"gridgames samegame: refusing to write")
    with open(f, "ab") as stdout:  # gridgames samegame same.in >> same.in: it would read its own output
        p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", str(f)],
                           stdout=stdout, stderr=subprocess.PIPE, env=env)
    assert p.returncode == 2 and b"<stdout>" in p.stderr and b"it is the input" in p.stderr
    assert f.read_bytes() == SAMPLE


def test_bad_input_keeps_the_results_before_it_and_replaces_the_old_output(cli, tmp_path):
    (tmp_path / "bad.in").write_bytes(BAD)
    out = tmp_path / "out.txt"
    out.write_bytes(b"an older, longer result\n" * 100)
    os.chmod(out, 0o640)
    p = cli("samegame", tmp_path / "bad.in", "-o", out)
    one_line(p, 1, b"gridgames samegame: ")
    assert out.read_bytes() == b"Grid 1.\n    Game Won\n\n"
    assert os.stat(out).st_mode & 0o777 == 0o640  # the permissions of the file it replaced
    assert sorted(os.listdir(tmp_path)) == ["bad.in", "out.txt"]


def test_a_failure_leaves_the_old_file_whole(tmp_path):
    out = tmp_path / "out.txt"
    out.write_bytes(b"kept\n")
    with pytest.raises(RuntimeError):
        with replacing(str(out)) as fd:
            os.write(fd, b"half a res")
            raise RuntimeError("the disk is full")
    assert out.read_bytes() == b"kept\n" and os.listdir(tmp_path) == ["out.txt"]
    with replacing(str(out)) as fd:  # a reader sees the old file until the new one is complete
        os.write(fd, b"new\n")
        assert out.read_bytes() == b"kept\n"
    assert out.read_bytes() == b"new\n"


def test_a_signal_while_the_temporary_file_is_made_leaves_nothing(tmp_path, monkeypatch):
    # SIGTERM/SIGHUP/Ctrl-C arrive as a KeyboardInterrupt wherever the command is: here after the
    # temporary file exists and before the with-block starts (a checkpoint written every second hit it)
    out = tmp_path / "out.txt"
    out.write_bytes(b"old")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "chmod", interrupted)
    with pytest.raises(KeyboardInterrupt):
        with replacing(str(out)):
            pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"] and out.read_bytes() == b"old"


@pytest.mark.parametrize("call", ["fsync", "close", "replace"])
@pytest.mark.parametrize("when", ["before", "after"])
def test_a_signal_while_the_file_is_put_in_place_leaves_one_whole_file(tmp_path, monkeypatch, call, when):
    # the same KeyboardInterrupt just before or just after each system call that finishes the file
    # (one just after the close once made the cleanup close the descriptor again: EBADF, a traceback)
    out = tmp_path / "out.txt"
    out.write_bytes(b"old")
    real = getattr(os, call)

    def interrupted(*args):
        monkeypatch.setattr(os, call, real)  # once
        if when == "after":
            real(*args)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        with replacing(str(out)) as fd:
            os.write(fd, b"new")
            monkeypatch.setattr(os, call, interrupted)
    replaced = call == "replace" and when == "after"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    assert out.read_bytes() == (b"new" if replaced else b"old")


@pytest.mark.parametrize("to", ["main thread", "other thread"])
@pytest.mark.parametrize("make", ["open", "mkdir"])
def test_a_real_signal_just_after_the_temporary_is_made_leaves_nothing(tmp_path, monkeypatch, make, to):
    # Python runs a signal's handler right after the call during which it came: a Ctrl-C coming
    # during the call that makes the temporary file or directory must still find it named and remove
    # it.  A process's signal may reach any of its threads (a search's): the main thread runs the handler.
    (tmp_path / "out").write_bytes(b"old")
    done = threading.Event()
    other = threading.Thread(target=done.wait, daemon=True)
    other.start()
    target = threading.get_ident() if to == "main thread" else other.ident
    real = getattr(os, make)

    taken, wakeup = os.pipe()  # Python's C handler writes a byte there, in the thread that takes the signal
    os.set_blocking(wakeup, False)

    def made_then_signalled(*args):
        monkeypatch.setattr(os, make, real)  # once
        result = real(*args)
        signal.pthread_kill(target, signal.SIGINT)
        if to == "other thread":
            select.select([taken], [], [], 60)  # until it has taken it
        return result

    monkeypatch.setattr(os, make, made_then_signalled)
    before = signal.set_wakeup_fd(wakeup)
    try:
        with pytest.raises(KeyboardInterrupt):
            if make == "open":
                with replacing(str(tmp_path / "out")):
                    pass
            else:
                with new_directory(str(tmp_path / "dir")):
                    pass
    finally:
        signal.set_wakeup_fd(before)
        done.set()
        os.close(taken)
        os.close(wakeup)
    assert os.listdir(tmp_path) == ["out"] and (tmp_path / "out").read_bytes() == b"old"


def test_a_link_stays_a_link_and_devices_are_written_in_place(tmp_path):
    target = tmp_path / "target"
    target.write_bytes(b"old\n")
    os.symlink(target, tmp_path / "link")
    with replacing(str(tmp_path / "link")) as fd:
        os.write(fd, b"new\n")
    assert os.path.islink(tmp_path / "link") and target.read_bytes() == b"new\n"
    with replacing(os.devnull) as fd:
        os.write(fd, b"nothing\n")
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)
    with pytest.raises(SameFile):
        with replacing(str(tmp_path / "link"), [str(target)]):
            pass


@pytest.mark.slow
def test_package_refuses_a_directory_that_is_not_empty(cli, tmp_path):
    pkg = tmp_path / "pkg"
    assert cli("package", "samegame", pkg, "--secret", "5").returncode == 0
    secret = sorted(os.listdir(pkg / "data" / "secret"))
    p = cli("package", "samegame", pkg, "--secret", "2")
    one_line(p, 2, b"gridgames package: refusing to write into")
    assert sorted(os.listdir(pkg / "data" / "secret")) == secret  # untouched
    p = cli("package", "gopher", pkg, "--secret", "2", "--force")
    assert (p.returncode, p.stderr) == (0, b"")
    assert len([n for n in os.listdir(pkg / "data" / "secret") if n.endswith("-random.in")]) == 2
    assert os.listdir(pkg / "submissions" / "wrong_answer") == ["flood_from_numbers.py"]
    assert sorted(os.listdir(tmp_path)) == ["pkg"]  # no temporary or old directory left


def test_new_directory_failure_keeps_the_old_one(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "keep").write_bytes(b"1")
    with pytest.raises(RuntimeError):
        with new_directory(str(tmp_path / "d"), force=True) as build:
            (tmp_path / build / "half").write_bytes(b"")
            raise RuntimeError
    assert os.listdir(tmp_path) == ["d"] and os.listdir(tmp_path / "d") == ["keep"]
    (tmp_path / "f").write_bytes(b"")
    with pytest.raises(CannotWrite, match="not a directory"):
        with new_directory(str(tmp_path / "f"), force=True):
            pass


@pytest.mark.parametrize("at", range(4))
def test_a_signal_while_the_new_directory_is_put_in_place_leaves_one_whole_directory(tmp_path, monkeypatch, at):
    # a KeyboardInterrupt before or after each of the two renames: DIR is the old one or the new
    # one, whole, and nothing else is left beside it
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "old").write_bytes(b"")
    real, calls = os.rename, []

    def rename(*args):
        calls.append(args)
        if len(calls) == at // 2 + 1:
            monkeypatch.setattr(os, "rename", real)
            if at % 2:
                real(*args)
            raise KeyboardInterrupt
        real(*args)

    with pytest.raises(KeyboardInterrupt):
        with new_directory(str(tmp_path / "d"), force=True) as build:
            (tmp_path / build / "new").write_bytes(b"")
            monkeypatch.setattr(os, "rename", rename)
    assert os.listdir(tmp_path) == ["d"]
    assert os.listdir(tmp_path / "d") == (["new"] if at == 3 else ["old"])


@pytest.mark.parametrize("game", SAMPLES)
def test_a_batch_is_byte_identical_to_one_by_one(cli, tmp_path, game):
    sample = (DATA / game / SAMPLES[game]).read_bytes()
    inputs = {"a.in": sample, "b.in": sample[:len(sample) * 2 // 3] + b" x\n", "c.dat": sample,
              "missing.in": None}
    for name, data in inputs.items():
        if data is not None:
            (tmp_path / name).write_bytes(data)
    paths = [tmp_path / name for name in inputs]
    p = cli(game, "judge", *paths, "--outdir", tmp_path / "out", "--suffix", ".ans")
    assert p.returncode == 2  # the worst: a file that cannot be read
    alone = {path.name: cli(game, path) for path in paths}
    assert p.stderr.splitlines() == [line for r in alone.values() for line in r.stderr.splitlines()]
    assert sorted(os.listdir(tmp_path / "out")) == ["a.ans", "b.ans", "c.ans"]
    for name in ("a", "b", "c"):
        ext = ".dat" if name == "c" else ".in"
        assert (tmp_path / "out" / f"{name}.ans").read_bytes() == alone[name + ext].stdout
    assert alone["b.in"].returncode == 1 and alone["a.in"].returncode == 0


@pytest.mark.slow
def test_batch_usage_errors(cli, tmp_path):
    (tmp_path / "a.in").write_bytes(SAMPLE)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.in").write_bytes(SAMPLE)
    for argv, words in [
        (["samegame", tmp_path / "a.in", tmp_path / "a.in"], b"need --outdir"),
        (["samegame", tmp_path / "a.in", tmp_path / "sub" / "a.in", "--outdir", tmp_path / "o"],
         b"both be written"),
        (["samegame", tmp_path / "a.in", "-o", "x", "--outdir", tmp_path / "o"],
         b"argument --outdir: not allowed with argument -o"),
        (["samegame", "-", "--outdir", tmp_path / "o"], b"not standard input"),
    ]:
        p = cli(*argv)
        assert p.returncode == 2 and words in p.stderr, p.stderr
    p = cli("samegame", tmp_path / "a.in", "--outdir", tmp_path, "--suffix", ".in")
    one_line(p, 2, b"gridgames samegame: refusing to write")
    assert (tmp_path / "a.in").read_bytes() == SAMPLE
    assert not (tmp_path / "o").exists()


def test_an_input_the_shell_emptied_is_said_to_be_emptied(backend, tmp_path):
    """`gridgames samegame f.in > f.in`: the shell truncates f.in before
    gridgames starts; the refusal must not read as if f.in were safe."""
    f = tmp_path / "same.in"
    f.write_bytes(SAMPLE)
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    with open(f, "wb") as stdout:  # what `> same.in` does first
        p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", str(f)],
                           stdout=stdout, stderr=subprocess.PIPE, env=env)
    one_line(p, 2, b"gridgames samegame: refusing to write <stdout>")
    assert b"the shell emptied" in p.stderr and b"write elsewhere, then rename" not in p.stderr
    assert f.read_bytes() == b""
