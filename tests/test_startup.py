"""A judge starts fast (issue 17, point 2): ``import gridgames`` loads no
kernel, and the judge path imports only what it needs.  The time itself is
measured by benchmarks/gate.py (start-up vs ``python -c pass``), never here."""
import subprocess
import sys

import pytest

from helpers import DATA

SAMPLES = {"samegame": "sample.in", "tilematch": "sample1.in", "gopher": "sample.in"}
# Heavy modules the judge path never needs (threads pools, logging, temporary files,
# resources, paths, JSON, random numbers, the Kattis packaging).
NEVER = {"concurrent.futures", "logging", "tempfile", "importlib.resources", "pathlib", "json",
         "random", "inspect", "uuid", "typing_extensions", "gridgames.kattis",
         "gridgames.samegame._solve", "gridgames.samegame._search"}


def modules_after(code):
    p = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sys.modules), file=sys.stderr)"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return set(p.stderr.splitlines()[-1].split())


def test_import_gridgames_loads_nothing_else():
    found = modules_after("import gridgames")
    assert {m for m in found if m.startswith("gridgames")} == {"gridgames", "gridgames._version"}
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
    others = {f"gridgames.{g}" for g in ("samegame", "tilematch", "gopher", "numberlink") if g != game}
    assert not {m for m in found if m.split(".")[0:2] and ".".join(m.split(".")[:2]) in others}
    assert not {m for m in found if m.endswith("_pure")}  # the twins' code is not loaded
    assert not found & NEVER, found & NEVER


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
