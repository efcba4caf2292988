"""The Kattis problem packages: complete, self-contained (validators and
submissions run on the standard library alone), the accepted submission
right on every case, every wrong-answer submission caught; and, where
problemtools is installed, verifyproblem's verdict: 0 errors, 0 warnings."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gridgames import _registry
from gridgames.kattis import MISTAKES, write_package
from helpers import JUDGE_GAMES, optional

GAMES = optional("kattis", JUDGE_GAMES)  # (each declares a Kattis package, or is skipped saying why)
SAMPLES = {"samegame": ["sample"], "tilematch": ["sample1", "sample2", "sample3"],
           "gopher": ["sample", "sample2"]}
DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    root = tmp_path_factory.mktemp("kattis")
    return {game.values[0]: write_package(game.values[0], root / game.values[0], secret=8, seed=1)
            for game in GAMES if not game.marks}


def alone(program, *args, input=b"", cwd=None):
    """Run a package's Python program with the standard library only: isolated
    mode, no site-packages (so no gridgames), from a scratch directory."""
    return subprocess.run([sys.executable, "-I", "-S", str(program), *map(str, args)],
                          input=input, capture_output=True, cwd=cwd, timeout=120)


def cases(package):
    return sorted((package / "data").glob("*/*.in"))


@pytest.mark.parametrize("game", GAMES)
def test_the_package_is_complete(game, packages):
    p = packages[game]
    for path in ["problem.yaml", "problem_statement/problem.en.tex", "input_validators/validate.py",
                 "submissions/accepted/solution.py"]:
        assert (p / path).is_file(), path
    assert sorted(f.stem for f in (p / "data/sample").glob("*.in")) == SAMPLES[game]
    for name in SAMPLES[game]:  # the public samples, byte for byte
        assert (p / "data/sample" / f"{name}.in").read_bytes() == (DATA / game / f"{name}.in").read_bytes()
        assert (p / "data/sample" / f"{name}.ans").read_bytes() == (DATA / game / f"{name}.out").read_bytes()
    assert len(list((p / "data/secret").glob("*-random.in"))) == 8
    assert all(f.with_suffix(".ans").is_file() for f in cases(p))
    assert sorted(f.stem for f in (p / "submissions/wrong_answer").iterdir()) == sorted(MISTAKES[game])
    assert (p / "output_validators/tilecheck.py").is_file() == (game == "tilematch")
    assert ("validation: custom" in (p / "problem.yaml").read_text()) == (game == "tilematch")
    for program in p.glob("*/**/*.py"):
        imports = [line for line in program.read_text().splitlines()
                   if line.lstrip().startswith(("import ", "from "))]
        assert imports and not any("gridgames" in line or " ." in line for line in imports), program


def test_a_seed_names_one_package(tmp_path):
    a, b = write_package("gopher", tmp_path / "a", 3, 5), write_package("gopher", tmp_path / "b", 3, 5)
    assert [f.read_bytes() for f in sorted(a.rglob("*.*"))] == [f.read_bytes() for f in sorted(b.rglob("*.*"))]


@pytest.mark.parametrize("game", GAMES)
def test_the_input_validator_stands_alone(game, packages, tmp_path):
    validator = packages[game] / "input_validators/validate.py"
    for case in cases(packages[game]):
        p = alone(validator, input=case.read_bytes(), cwd=tmp_path)
        assert p.returncode == 42, (case, p.stderr)
    p = alone(validator, input=cases(packages[game])[0].read_bytes() + b"junk\n", cwd=tmp_path)
    assert p.returncode == 43 and p.stderr.startswith(b"line "), p.stderr


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_the_submissions_stand_alone(game, packages, tmp_path):
    """The accepted one is right everywhere; each wrong answer is caught on
    some case (by the same judgement as ``gridgames GAME check``) and never
    crashes (a crash would be a run-time error, not a wrong answer)."""
    p = packages[game]
    caught = {mistake: [] for mistake in MISTAKES[game]}
    for case in cases(p):
        data, answer = case.read_bytes(), case.with_suffix(".ans").read_bytes()
        run = alone(p / "submissions/accepted/solution.py", input=data, cwd=tmp_path)
        assert run.returncode == 0 and run.stdout == answer, (case, run.stderr[-300:])
        for mistake in caught:
            run = alone(p / f"submissions/wrong_answer/{mistake}.py", input=data, cwd=tmp_path)
            assert run.returncode == 0, (mistake, case, run.stderr[-300:])
            if _registry.check(game, data, run.stdout) is not None:
                caught[mistake].append(case.name)
    # generated data alone catches each mistake, on most files
    for mistake, where in caught.items():
        assert len([c for c in where if "random" in c]) >= 3, (mistake, where)


def test_the_output_validator_stands_alone(packages, tmp_path):
    p = packages["tilematch"]
    validator = p / "output_validators/tilecheck.py"
    case = p / "data/sample/sample3.in"
    answer = case.with_suffix(".ans").read_bytes()
    ok = alone(validator, case, case.with_suffix(".ans"), tmp_path, input=answer.lower(), cwd=tmp_path)
    assert ok.returncode == 42, ok.stderr
    wrong = answer.replace(b"  2   3   4", b"  2   3   5", 1)
    bad = alone(validator, case, case.with_suffix(".ans"), tmp_path, input=wrong, cwd=tmp_path)
    assert bad.returncode == 43, bad.stderr
    assert (tmp_path / "judgemessage.txt").read_text().startswith("line 4: expected '  2   3   4")


def test_package_cli(cli, tmp_path):
    p = cli("package", "tilematch", tmp_path / "pkg", "--secret", "2", "--seed", "3")
    assert (p.returncode, p.stderr) == (0, b"")
    assert len(list((tmp_path / "pkg/data/secret").glob("*.in"))) == 3  # 2 + the contest's file
    p = cli("package", "numberlink", tmp_path / "x")
    assert p.returncode == 2 and b"invalid choice" in p.stderr
    (tmp_path / "file").write_bytes(b"")
    p = cli("package", "gopher", tmp_path / "file" / "x")
    assert p.returncode == 2 and p.stderr.startswith(b"gridgames package: cannot write"), p.stderr


@pytest.mark.parametrize("name", ["pk-tilematch", "Pkg", "pkg_1", "pkg.d", "ü"])
def test_package_refuses_a_directory_verifyproblem_would_refuse(cli, tmp_path, name):
    """The directory's name is the problem's short name: verifyproblem says
    "Invalid shortname ... (must be [a-z0-9]+)"; package says so first, and writes nothing."""
    p = cli("package", "tilematch", str(tmp_path / name) + "/")
    assert p.returncode == 2 and p.stderr.count(b"\n") == 1, p.stderr
    assert p.stderr.startswith(b"gridgames package: ") and b"[a-z0-9]+" in p.stderr
    assert list(tmp_path.iterdir()) == []


VERIFY = shutil.which("verifyproblem")
STATEMENT_TOOLS = all(shutil.which(tool) for tool in ("lualatex", "tidy"))


@pytest.mark.slow  # problemtools runs every submission on every case
@pytest.mark.skipif(VERIFY is None, reason="problemtools is not installed (pip install "
                    "'gridgames[judge]', and pypy3 for the Python submissions)")
@pytest.mark.parametrize("game", GAMES)
def test_verifyproblem(game, packages):
    """problemtools' referee: 0 errors, 0 warnings, each wrong answer rejected
    as a wrong answer.  Without LaTeX (lualatex) and tidy the statement part
    is left out; run 'verifyproblem DIR' on a machine with them for all of it."""
    assert shutil.which("pypy3"), "problemtools runs Python submissions with pypy3: install it"
    parts = [] if STATEMENT_TOOLS else ["-p", "config", "data", "submissions", "validators"]
    run = subprocess.run([VERIFY, *parts, str(packages[game])], capture_output=True, text=True,
                         timeout=600, env=dict(os.environ, LC_ALL="C.UTF-8"))
    log = run.stdout + run.stderr
    assert f"{game} tested: 0 errors, 0 warnings" in log, log[-3000:]
    for mistake in MISTAKES[game]:
        assert f"wrong_answer/{mistake}.py (Python 3 (w/PyPy3)) OK: WA" in log, log[-3000:]
