"""The picture options of the CLI, on both backends: numberlink --svg sheets,
samegame replay --html, GAME show --html; exit statuses, one-line errors,
files written whole and never over an input."""
import json
import re
import shutil
from pathlib import Path

import pytest

from gridgames import samegame

DATA = Path(__file__).parents[1] / "data"


def frames(path):
    page = Path(path).read_text()
    return json.loads(re.search(r'<script type="application/json" id="frames">(.*?)</script>', page).group(1))


def one_line_error(p, status, *words):
    assert p.returncode == status, p.stderr
    lines = p.stderr.decode().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr.decode(), p.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.mark.slow
def test_generate_sheet(cli, tmp_path):
    plain = cli("numberlink", "generate", "6", "--count", "3", "--seed", "4")
    p = cli("numberlink", "generate", "6", "--count", "3", "--seed", "4", "--svg", tmp_path / "s.html")
    assert p.returncode == 0 and p.stdout == plain.stdout  # the text output is unchanged
    page = (tmp_path / "s.html").read_text()
    assert page.count('<div class="page">') == 2  # the puzzles' page, the solutions' page
    assert all(f"Puzzle {i} (seed {3 + i})" in page for i in (1, 2, 3)) and "Solution 3" in page
    p = cli("numberlink", "generate", "6", "--count", "3", "--seed", "4", "--svg", tmp_path / "s.svg",
            "-o", tmp_path / "p.txt")
    assert p.returncode == 0 and (tmp_path / "p.txt").read_bytes() == plain.stdout
    assert sorted(f.name for f in tmp_path.iterdir()) == ["p.txt", "s-1.svg", "s-2.svg", "s.html"]
    assert "page 2 of 2" in (tmp_path / "s-2.svg").read_text()


def test_sheet_refuses_a_stale_page(cli, tmp_path):
    (tmp_path / "s-3.svg").write_text("an older sheet's page")
    p = cli("numberlink", "generate", "5", "--svg", tmp_path / "s.svg")
    one_line_error(p, 2, "s-3.svg is a page of an earlier, longer sheet")
    assert sorted(f.name for f in tmp_path.iterdir()) == ["s-3.svg"]


@pytest.mark.parametrize("pages, existing", [("several", False), ("several", True), ("one", True)])
def test_a_directory_is_refused_as_the_sheet(cli, tmp_path, pages, existing):
    """One rule whatever the page count: --svg names a file, and a directory
    (there, or a name ending in '/') is refused; nothing written."""
    puzzles = tmp_path / "p.txt"
    puzzles.write_bytes(cli("numberlink", "generate", "4", "--count", "3").stdout)
    if existing:
        (tmp_path / "adir.svg").mkdir()
    target = str(tmp_path / "adir.svg") + ("" if existing else "/")
    more = ["--count"] if pages == "one" else []  # --count: the puzzles' page alone
    p = cli("numberlink", "solve", puzzles, *more, "--svg", target, "-o", tmp_path / "out.txt")
    if existing:
        one_line_error(p, 2, f"{target} is a directory: --svg takes a file name")
    else:  # not a name ending in .svg: a usage error
        last = p.stderr.decode().splitlines()[-1]
        assert p.returncode == 2 and last.endswith(f"must end in .svg (one file per page) or .html (one file), "
                                                   f"not '{target}'")
    assert sorted(f.name for f in tmp_path.rglob("*")) == ["adir.svg", "p.txt"][not existing:]


@pytest.mark.slow
def test_solve_sheet_never_over_its_input(cli, tmp_path):
    puzzle = tmp_path / "p.svg"  # (an input named like a sheet: --svg takes only such names)
    shutil.copy(DATA / "numberlink" / "example.puzzle", puzzle)
    before = puzzle.read_bytes()
    p = cli("numberlink", "solve", puzzle, "--count", "--svg", puzzle)  # one page: the file itself
    one_line_error(p, 2, "p.svg: it is the input")  # checked with every output before the first is written
    assert puzzle.read_bytes() == before
    p = cli("numberlink", "solve", puzzle, "--svg", tmp_path / "sheet.svg")
    assert p.returncode == 0
    assert "Solution 1" in (tmp_path / "sheet-2.svg").read_text()


@pytest.mark.slow
def test_replay_html(cli, tmp_path):
    (tmp_path / "b.txt").write_text("1 3 5 2 2\n2 2 3 5 1\n1 2 3 5 5\n\n1 1 2\n1 2 2\n")
    (tmp_path / "m.txt").write_text("2,2 1,2 1,4\n1,1 1,1\n")
    games = [(["13522", "22351", "12355"], [(2, 2), (1, 2), (1, 4)]), (["112", "122"], [(1, 1), (1, 1)])]
    expected = []
    for rows, moves in games:  # the score before each move, then the final one
        board = samegame.Board(rows)
        for move in moves:
            expected.append(str(board.score))
            assert board.select(*move)
        expected.append(str(board.score))
    before = (tmp_path / "m.txt").read_bytes()
    p = cli("samegame", "replay", tmp_path / "b.txt", tmp_path / "m.txt", "--html", tmp_path / "r.html")
    assert p.returncode == 0 and p.stdout.endswith(f"total {int(expected[3]) + int(expected[6])} (2 boards)\n".encode())
    shown = frames(tmp_path / "r.html")
    assert [c["start"] for c in shown["cases"]] == [0, 4]
    assert [f["status"] for f in shown["frames"]] == expected and expected[-1] == "1002"
    p = cli("samegame", "replay", tmp_path / "b.txt", tmp_path / "m.txt", "--html", tmp_path / "m.txt")
    one_line_error(p, 2, "m.txt: it is the input")
    assert p.stdout == b""  # the page is checked before any score is printed
    assert (tmp_path / "m.txt").read_bytes() == before


@pytest.mark.parametrize("game, sample, steps", [
    ("samegame", "samegame/sample.in", 17), ("tilematch", "tilematch/sample1.in", 6),
    ("gopher", "gopher/sample2.in", None)])
def test_show(cli, tmp_path, game, sample, steps):
    p = cli(game, "show", DATA / sample, "--html", tmp_path / "v.html")
    assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")
    shown = frames(tmp_path / "v.html")
    assert shown["frames"] and (steps is None or len(shown["frames"]) == steps)
    judged = cli(game, DATA / sample).stdout.decode()
    outs = [f["out"] for f in shown["frames"]]
    assert all(out in judged for out in outs)  # the judge's own lines, beside each step
    assert list(tmp_path.iterdir()) == [tmp_path / "v.html"]


@pytest.mark.slow
def test_show_one_case_and_bad_input(cli, tmp_path):
    p = cli("samegame", "show", DATA / "samegame/sample.in", "--case", "2", "--html", tmp_path / "v.html")
    assert p.returncode == 0
    assert [c["name"] for c in frames(tmp_path / "v.html")["cases"]] == ["Grid 2"]
    p = cli("samegame", "show", "-", "--html", tmp_path / "bad.html", input=b"2 2\n1 1\n2 2\n1 1 0 0\n2 2\n1 x\n")
    one_line_error(p, 1, "gridgames samegame: <stdin>:6:3: grid 2: expected a cell value 0..9, found 'x'")
    assert len(frames(tmp_path / "bad.html")["frames"]) == 2  # grid 1, written all the same
    p = cli("samegame", "show", tmp_path / "v.html", "--html", tmp_path / "v.html")
    one_line_error(p, 2, "v.html: it is the input")
    assert len(frames(tmp_path / "v.html")["frames"]) == 6  # grid 2's page (5 selections), untouched
    p = cli("samegame", "show", DATA / "samegame/sample.in", "--html", "-")
    assert p.returncode == 2 and p.stderr.decode().splitlines()[-1] == (
        "gridgames samegame show: error: argument --html: a page or sheet needs a file name, not '-'")
    p = cli("gopher", "show", DATA / "gopher/sample.in")
    assert p.returncode == 2 and b"the following arguments are required: --html" in p.stderr
    p = cli("tilematch", "show", tmp_path / "none.in", "--html", tmp_path / "x.html")
    one_line_error(p, 2, "cannot read")
