"""A judge starts fast: ``import gridgames`` loads no
kernel, and the judge path imports only what it needs.  The time itself is
measured by benchmarks/startup_table.py (start-up vs ``python -c pass``), never here."""
import json
import os
import subprocess
import sys

import pytest

from helpers import DATA, GAMES

SAMPLES = {"samegame": "sample.in", "tilematch": "sample1.in", "gopher": "sample.in"}
# Heavy modules the judge path never needs (threads pools, logging, temporary files,
# resources, paths, JSON, random numbers, the Kattis packaging).
NEVER = {"concurrent.futures", "logging", "tempfile", "importlib.resources", "pathlib", "json",
         "random", "inspect", "uuid", "typing_extensions", "gridgames.kattis",
         "gridgames.samegame._single", "gridgames.samegame.research._search"}


def modules_after(code):
    p = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sys.modules), file=sys.stderr)"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return set(p.stderr.splitlines()[-1].split())


def test_import_gridgames_loads_nothing_else():
    found = modules_after("import gridgames")
    assert {m for m in found if m.startswith("gridgames")} == {"gridgames"}
    assert not found & (NEVER | {"argparse", "re"})


def test_the_lazy_names_still_work():
    code = ("import gridgames\nprint(gridgames.BACKEND, sorted(gridgames.BACKENDS), "
            "gridgames.JudgeResult.__name__, 'JudgeError' in dir(gridgames))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert p.stdout.split()[1:] == ["['gopher',", "'numberlink',", "'samegame',", "'tilematch']",
                                    "JudgeResult", "True"]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        import gridgames
        gridgames.nothing  # noqa: B018


@pytest.mark.parametrize("game", SAMPLES)
def test_the_judge_path_imports_only_its_game(game):
    path = DATA / game / SAMPLES[game]
    found = modules_after(f"from gridgames.cli import main\nmain([{game!r}, {str(path)!r}, '-o', '/dev/null'])")
    assert f"gridgames.{game}._kernel" in found
    others = {f"gridgames.{g}" for g in GAMES if g != game}
    assert not {m for m in found if m.split(".")[0:2] and ".".join(m.split(".")[:2]) in others}
    assert not {m for m in found if m.endswith("_pure")}  # the twins' code is not loaded
    assert not found & NEVER, found & NEVER
    assert not found & {"argparse", "typing", "re"}  # the fast path (cli.judge_command): no parser, annotations only


def test_version_loads_no_game_and_no_parser():
    """``gridgames --version`` answers before argparse and the games: it looks
    for each kernel without loading it (about a judge's start-up, where loading
    every game and the whole parser took ten)."""
    found = modules_after("from gridgames.cli import main\nmain(['--version'])")
    assert not {m for m in found if m.split(".")[:2] in [["gridgames", g] for g in GAMES]}
    assert not found & (NEVER | {"argparse", "gridgames.cli._parser"})


# What the judge path may import beyond a bare interpreter (besides the
# game's own gridgames modules, listed below per game).
ALLOWED = {"_operator", "cython_runtime"}
GRIDGAMES = {"gridgames", "gridgames._registry", "gridgames.cli", "gridgames.cli._io", "gridgames._runtime",
             *(f"gridgames._runtime.{name}" for name in ("backend", "safe_files", "game_table", "judge",
                                                        "kernel_constants", "state_wrapper"))}
PER_GAME = {
    "samegame": {"gridgames.samegame._check", "gridgames.samegame._game", "gridgames.samegame._text"},
    "tilematch": {"gridgames.tilematch._check", "gridgames.tilematch._game"},
    "gopher": {"gridgames.gopher._check", "gridgames.gopher._game"},
}
NEVER_ON_START = {"__future__", "collections", "contextlib", "importlib", "functools", "typing", "argparse", "re",
         "types", "pathlib", "shutil", "tempfile", "numpy"}

def compiled():
    try:
        for game in SAMPLES:
            __import__(f"gridgames.{game}._kernel")
    except ImportError:
        return False
    return True


SCRIPT = """
import sys
before = set(sys.modules)
sys.argv = ["gridgames", GAME, PATH] + OUTPUT
from gridgames.cli import main
status = main()
added = sorted(set(sys.modules) - before)
import json  # only now: json imports re, collections, ...
sys.stdout.flush()
sys.stderr.write(json.dumps([status, added]))
"""


@pytest.mark.skipif(not compiled(), reason="the kernels are not compiled")
@pytest.mark.parametrize("to_file", [False, True], ids=["stdout", "-o FILE"])
@pytest.mark.parametrize("game", SAMPLES)
def test_the_judge_path_imports_only_what_it_needs(game, to_file, tmp_path):
    """An allow-list: a one-case judge run to standard output adds
    to a bare interpreter's modules only these; collections, contextlib,
    importlib, functools and types cost it a third of its start-up, and
    operator, warnings and __future__ (the judge path's modules quote the
    annotations that need it instead) another 0.06x of ``python -c pass``."""
    path = DATA / game / SAMPLES[game]
    output = ["-o", str(tmp_path / "out")] if to_file else []
    code = SCRIPT.replace("GAME", repr(game)).replace("PATH", repr(str(path))).replace("OUTPUT", repr(output))
    env = {k: v for k, v in os.environ.items() if k != "GRIDGAMES_PURE_PYTHON"}  # the compiled path
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    status, added = json.loads(run.stderr.splitlines()[-1])
    assert status == 0
    assert (tmp_path / "out").read_bytes() if to_file else run.stdout  # it judged the file
    added = {name for name in added if not name.startswith("_cython_")}  # Cython's shared module, by version
    kernels = {f"gridgames.{game}._kernel"}
    assert added & (NEVER | NEVER_ON_START) == set()
    expected = ALLOWED | GRIDGAMES | PER_GAME[game] | {f"gridgames.{game}", f"gridgames.cli.{game}"} | kernels
    if to_file:  # a temporary file is made, signals held meanwhile; never for standard output
        expected.add("gridgames._runtime.held_signals")
    assert added - expected == set()


def test_the_other_commands_are_still_complete():
    p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", "--help"], capture_output=True,
                       text=True, check=True)
    for command in ("judge", "solve", "replay", "generate", "validate", "check"):
        assert command in p.stdout
    p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", "solve", "--help"],
                       capture_output=True, text=True, check=True)
    assert "--algo" in p.stdout


def test_main_called_again_in_one_process_builds_what_it_needs(capsys):
    from gridgames.cli import main
    for argv, words in ((["samegame", "generate", "--help"], ["--count"]),
                        (["samegame", "--help"], ["solve", "replay", "generate", "validate", "check"]),
                        (["-h", "samegame"], ["tilematch", "gopher", "numberlink", "package"])):
        with pytest.raises(SystemExit):
            main(argv)
        out = capsys.readouterr().out
        assert all(word in out for word in words), (argv, out)


@pytest.mark.parametrize("argv", [
    [], ["samegame", "solve"], ["samegame", "data"], ["samegame", "-h"], ["samegame", "x.in", "--help"],
    ["samegame", "x.in", "--out", "y"], ["samegame", "x.in", "--output=y"], ["samegame", "a.in", "b.in"],
    ["samegame", "x.in", "-o"], ["samegame", "x.in", "-o", "-y"], ["samegame", "x.in", "-o", "a", "-o", "b"],
    ["samegame", "-o", "y", "x.in"], ["samegame", "--", "x.in"], ["samegame", "x.in", "--outdir", "d"],
    ["tilematch", "x.in", "--team", "A"], ["gopher", "x.in", "--team", ""], ["gopher", "x.in", "--program", "x"],
    ["numberlink", "x.in"], ["--version"], ["-h", "samegame"], ["package", "samegame", "d"]])
def test_anything_but_a_plain_judge_form_goes_to_argparse(argv):
    from gridgames.cli import judge_command
    assert judge_command(argv) is None


@pytest.mark.parametrize("argv", [
    ["samegame"], ["samegame", "-"], ["samegame", "judge"], ["samegame", "judge", "solve"], ["tilematch", "./x"],
    ["samegame", "x.in", "-o", "-"], ["samegame", "judge", "x.in", "--output", "y"],
    ["gopher", "x.in", "--team", "A B", "--program", "3", "-o", "y"], ["gopher", "-o", "y", "--team", "-"]])
def test_the_plain_judge_forms_take_the_fast_path(argv):
    from gridgames.cli import judge_command
    assert judge_command(argv) is not None


@pytest.mark.parametrize("game", SAMPLES)
def test_the_fast_path_and_argparse_write_the_same(game, tmp_path):
    path = str(DATA / game / SAMPLES[game])
    extra = ["--team", "T 1", "--program", "3"] if game == "gopher" else []
    fast = [game, path, "-o", str(tmp_path / "fast"), *extra]
    slow = [game, "judge", path, f"--output={tmp_path / 'slow'}",  # --x=y: not the fast path's shape
            *(f"{a}={b}" for a, b in zip(extra[::2], extra[1::2]))]
    runs = [subprocess.run([sys.executable, "-m", "gridgames", *argv], capture_output=True, timeout=120)
            for argv in (fast, slow)]
    assert [(p.returncode, p.stdout, p.stderr) for p in runs] == [(0, b"", runs[0].stderr)] * 2
    assert (tmp_path / "fast").read_bytes() == (tmp_path / "slow").read_bytes() != b""


# The program ends a plain judge run without the interpreter's teardown
# (cli.end_now): its output must still be whole, its status kept.
@pytest.mark.parametrize("game, sample", [("samegame", "sample"), ("tilematch", "sample1"), ("gopher", "sample")])
def test_a_judge_run_that_ends_at_once_writes_all_its_output(game, sample, tmp_path):
    expected = (DATA / game / f"{sample}.out").read_bytes()
    path = str(DATA / game / f"{sample}.in")
    p = subprocess.run([sys.executable, "-m", "gridgames", game, path], capture_output=True, timeout=120)
    assert (p.returncode, p.stdout, p.stderr) == (0, expected, b"")
    out = tmp_path / "out"
    p = subprocess.run([sys.executable, "-m", "gridgames", game, path, "-o", str(out)], capture_output=True,
                       timeout=120)
    assert (p.returncode, out.read_bytes()) == (0, expected)


def test_bad_input_keeps_its_status_and_message_when_the_run_ends_at_once():
    good = (DATA / "samegame" / "sample.in").read_bytes()
    assert good.endswith(b"\n0 0\n")  # its closing line, replaced by a bad one
    p = subprocess.run([sys.executable, "-m", "gridgames", "samegame", "-"], input=good[:-4] + b"1 x\n",
                       capture_output=True, timeout=120)
    assert p.returncode == 1 and p.stdout == (DATA / "samegame" / "sample.out").read_bytes()
    assert p.stderr.count(b"\n") == 1 and b"expected" in p.stderr


END_NOW = """
import atexit, sys, threading
from gridgames.cli import end_now
sys.stdout.write("written;")
if WHAT == "atexit":
    atexit.register(lambda: sys.stdout.write("atexit ran;"))
elif WHAT == "thread":
    done = threading.Event()
    threading.Thread(target=done.wait).start()
    threading.Timer(0.5, done.set).start()
end_now(3)
sys.stdout.write("went on;")
"""


@pytest.mark.parametrize("what, expected", [("nothing", (3, "written;")),
                                            ("atexit", (0, "written;went on;atexit ran;")),
                                            ("thread", (0, "written;went on;"))])
def test_end_now_ends_only_when_nothing_is_left_to_do(what, expected):
    p = subprocess.run([sys.executable, "-c", END_NOW.replace("WHAT", repr(what))], capture_output=True,
                       text=True, timeout=120)
    assert (p.returncode, p.stdout) == expected, p.stderr
