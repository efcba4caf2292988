"""Every command that takes a path, given each kind of file a user may hand
it by mistake (or a contest harness on purpose), and every writing command
given each output that is not a regular file, on both backends:

- inputs: /dev/zero, a FIFO fed without end, a directory, a file that grows
  while it is read, a symbolic link loop, a path with a newline in it, a file
  without read permission (run as nobody when the tests run as root);
- outputs (-o and --html): /dev/null, /dev/full, /dev/stdout into a pipe.

The commands and their path arguments come from the parser (every argument
that takes a free string, the option-pairs test's way), so a command added
later is walked too.  Each case runs in a child forked from one process per
backend that has gridgames loaded (a fresh interpreter per case would take
minutes), under an address-space limit (RLIMIT_AS) and a timeout: an endless
valid input may run to the timeout, but nothing may print a traceback, die
of a signal, take memory without bound or end with an undocumented status,
and every message is one line per error, its file named as it was given."""
import argparse
import json
import os
import subprocess
import sys

from helpers import BASE, inputs, key

KINDS = ["zero", "fifo", "directory", "growing", "loop", "newline", "unreadable"]
OUTPUTS = ["/dev/null", "/dev/full", "/dev/stdout"]
ENDLESS = {"fifo", "growing"}  # may run to the timeout (a FIFO output also waits for a reader)
DOCUMENTED = {0, 1, 2, 3, 42, 43}
NOT_PATHS = {"--suffix", "--ray"}  # free strings that name no file (--ray: a cluster's address)
# small budgets, so that a valid run takes a moment
QUICK = {"samegame solve": ["--iterations", "2"], "gopher solve": ["--budget", "1000"]}
TIMEOUT = 1.5  # seconds a case may run
HEADROOM = 512 << 20  # bytes of address space a case may add to the loaded interpreter's
GROWTH = 128 << 20  # bytes of memory a case that ran to the timeout may have added (it reads on)
# Under AddressSanitizer (tools/sanitize.sh preloads it) freed memory waits in ASan's quarantine: growth
# there is ASan's, not the command's, so only this bound is left out (every other fault is still one).
SANITIZED = "asan" in os.environ.get("LD_PRELOAD", "")


def path_actions(parser):
    """The arguments of ``parser`` that take a path: a free string (no type, no choices)."""
    return [a for a in parser._actions
            if a.help != argparse.SUPPRESS and not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))
            and a.nargs != 0 and not a.choices and a.type in (None, str)
            and not set(a.option_strings) & NOT_PATHS]


def line_with(prefix, parser, action, value):
    """The command's valid line (BASE, QUICK) with ``action`` given ``value``."""
    game, command = prefix[0], prefix[1] if len(prefix) > 1 else None
    base = list(key(game, command, BASE)) + list(QUICK.get(" ".join(prefix), []))
    positionals = [a for a in parser._actions if not a.option_strings and not isinstance(a, argparse._SubParsersAction)]
    if not action.option_strings:
        base[positionals.index(action)] = value
    elif action.option_strings[0] in base or (len(action.option_strings) > 1 and action.option_strings[1] in base):
        at = next(i for i, word in enumerate(base) if word in action.option_strings)
        base[at + 1] = value
    else:
        base += [action.option_strings[0], value]
    return prefix + base


def all_commands():
    """Every command of gridgames' own games and tools: a game installed from elsewhere (OUTSIDE, such as
    examples/lightsout) reads its files with its own code, which its author bounds, not this suite."""
    from helpers import OUTSIDE, commands  # (its parser is built here, not at import: the child builds its own)
    return [(prefix, parser) for game, _, prefix, parser in commands() if game not in OUTSIDE]


def cases():
    """(name, kind, argv, feed) of every input case and every output case."""
    found = []
    for prefix, parser in all_commands():
        for action in path_actions(parser):
            for kind in KINDS:
                path = {"zero": "/dev/zero", "fifo": "fifo", "directory": "directory", "growing": "growing",
                        "loop": "loop", "newline": "new\nline", "unreadable": "unreadable"}[kind]
                name = f"{' '.join(prefix)} {(action.option_strings or [action.metavar])[0]}={kind}"
                found.append((name, kind, line_with(prefix, parser, action, path)))
        for action in path_actions(parser):
            if action.dest in ("output", "html"):
                for output in OUTPUTS:
                    found.append((f"{' '.join(prefix)} {action.option_strings[0]} {output}", output,
                                  line_with(prefix, parser, action, output)))
    return found


def prepare(where, game):
    """A directory with the valid files of ``game`` and the special ones of KINDS."""
    where.mkdir()
    for name, data in inputs(game).items():
        (where / name).write_bytes(data)
    (where / "directory").mkdir()
    (where / "directory" / "a-file").write_bytes(b"")  # not empty: package refuses it
    os.symlink("loop", where / "loop")
    (where / "new\nline").write_bytes(b"\x1b[2J not a judge file\n")
    (where / "unreadable").write_bytes(b"1 1\n")
    (where / "unreadable").chmod(0)
    where.chmod(0o777)  # root runs the unreadable cases as nobody (root reads any file): its files, its outputs
    os.mkfifo(where / "fifo")


def run_all(tmp_path, backend):
    """Every case, its result: (name, kind, argv, result)."""
    todo = []
    for n, (name, kind, argv) in enumerate(cases()):
        where = tmp_path / str(n)
        prepare(where, argv[0] if argv[0] in ("samegame", "tilematch", "gopher", "numberlink") else "samegame")
        todo.append({"name": name, "kind": kind, "argv": argv, "cwd": str(where)})
    env = dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")
    p = subprocess.run([sys.executable, "-c", "import sys; sys.path[:0] = sys.argv[1:2]; import special_files_child; "
                        "special_files_child.serve()", os.path.dirname(__file__)],
                       input=json.dumps({"cases": todo, "timeout": TIMEOUT, "headroom": HEADROOM}).encode(),
                       capture_output=True, env=env, timeout=600)
    assert p.returncode == 0, p.stderr.decode()
    return json.loads(p.stdout)


def faults(case):
    """What is wrong with a case's result (empty: nothing)."""
    kind, rc, err, out = case["kind"], case["rc"], case["err"], case["out"]
    found = []
    if rc is None:
        if kind not in ENDLESS:
            found.append(f"ran past {TIMEOUT} s")
        elif case["grown"] > GROWTH and not SANITIZED:
            found.append(f"{case['grown'] >> 20} MB more memory at the timeout")
    elif rc not in DOCUMENTED:
        found.append(f"exit status {rc}")
    for word in ("Traceback", "MemoryError", "Exception ignored"):
        if word in err:
            found.append(word)
    lines = err.splitlines()
    stray = [t for t in lines if not t.startswith(("gridgames", "usage: ", " "))]
    if stray:
        found.append(f"a line that is not a message: {stray[0][:80]!r}")
    full = "cannot write /dev/full: No space left on device"
    if kind == "/dev/full" and (rc != 2 or not lines or not lines[-1].endswith(full)):
        found.append("/dev/full is not 'cannot write /dev/full: No space left on device', exit 2")
    if kind in ("/dev/null", "/dev/stdout") and rc != 0:
        found.append(f"{kind}: exit {rc}")
    if kind == "/dev/stdout" and rc == 0 and not out:
        found.append("nothing came through the pipe")
    # an error of a file that holds no valid data names it (a FIFO's or a growing file's "7" lines may be judged)
    if rc in (1, 2, 3) and kind in set(KINDS) - ENDLESS and not any(t.startswith("usage: ") for t in lines):
        path = {"newline": "new\\nline", "zero": "/dev/zero"}.get(kind, kind)
        if path not in lines[-1]:
            found.append(f"the error does not name {path}: {lines[-1][:120]!r}")
    return found


def test_every_path_argument_and_output(backend, tmp_path):
    results = run_all(tmp_path, backend)
    bad = [f"{c['name']!r}: {', '.join(f)} (exit {c['rc']}, stderr {c['err'][-300:]!r})"
           for c in results if (f := faults(c))]
    assert not bad, f"{len(bad)} of {len(results)} cases:\n" + "\n".join(bad)


def test_a_results_file_is_read_back_only_when_it_is_a_regular_file(tmp_path):
    """solve --resume reads FILE back; a FIFO (or /dev/stdout into a pipe) is
    never read: without a writer the old read waited for ever, with one it
    read without end."""
    import signal

    from gridgames.samegame.research import _results
    def waited(*_):
        raise TimeoutError("load waited on the FIFO")
    os.mkfifo(tmp_path / "fifo")
    before = signal.signal(signal.SIGALRM, waited)
    signal.alarm(5)  # a read would wait here: fail, not hang
    try:
        assert _results.load(str(tmp_path / "fifo")) == []
        assert _results.load("/dev/zero") == []
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
