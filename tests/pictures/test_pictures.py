"""The pictures API: valid SVG 1.1 for the four games (on both backends),
what each picture shows checked against the engine, the sheets, the pages'
escaping and the atomic writer."""
import html
import json
import os
import re
import xml.etree.ElementTree as ET

import pytest

from gridgames import gopher, numberlink, pictures, samegame, tilematch
from gridgames.pictures import _html

NS = "{http://www.w3.org/2000/svg}"
# The SVG 1.1 elements and attributes the pictures may use, per element.
ALLOWED = {
    "svg": {"version", "viewBox", "width", "height"},
    "title": set(), "desc": set(), "style": {"type"},
    "g": {"transform"},
    "rect": {"x", "y", "width", "height", "rx", "class"},
    "circle": {"cx", "cy", "r", "class"},
    "line": {"x1", "y1", "x2", "y2", "class"},
    "path": {"d", "class"},
    "text": {"x", "y", "class", "font-size", "text-anchor"},  # no style='...': the pages' policy allows none
}
NUMBER = r"-?\d+(\.\d+)?"


def parse_svg(text):
    """The root of a stand-alone SVG 1.1 document, its structure checked."""
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    root = ET.fromstring(text)
    assert root.tag == NS + "svg" and root.get("version") == "1.1"
    box = root.get("viewBox").split()
    assert len(box) == 4 and box[:2] == ["0", "0"] and all(float(v) > 0 for v in box[2:])
    assert root[0].tag == NS + "title" and root[0].text
    for el in root.iter():
        assert el.tag.startswith(NS), el.tag  # no foreign element
        name = el.tag[len(NS):]
        assert name in ALLOWED, name
        assert set(el.attrib) <= ALLOWED[name], (name, el.attrib)
        for key in ("x", "y", "width", "height", "r", "cx", "cy", "font-size"):
            if key in el.attrib and name != "svg":
                assert re.fullmatch(rf"{NUMBER}( {NUMBER})*", el.get(key)), (name, key, el.get(key))
        if name == "path":
            assert re.fullmatch(r"(M[-\d. ]+((L|h|v|h-)[-\d. ]+)*z?)+", el.get("d").replace(" L", "L")), el.get("d")
    styles = root.findall(NS + "style")
    assert len(styles) == 1 and ".c0{" in styles[0].text
    return root


def titles(root):
    return [t.text for t in root.iter(NS + "title")][1:]  # the document's own title first


def test_samegame_board(backend):
    board = samegame.Board(["1122", "3412", "3412"], backend=backend)
    board.select(3, 4)  # the 2s on the right: 4 cells
    root = parse_svg(board.render(format="svg"))
    expected = []
    for i, row in enumerate(board.grid()):
        for j, v in enumerate(row):
            where = f"({board.rows - i}, {j + 1})"
            expected.append(f"{where} empty" if v is None else f"{where} colour {v}")
    assert titles(root) == expected
    # every cell's colour is also written on it, and the colour's class is the fill
    labels = "".join(t.text for t in root.iter(NS + "text") if "lab" in t.get("class"))
    assert sorted(labels) == sorted(str(v) for row in board.grid() for v in row if v is not None)
    assert "score 4" in root[0].text


def test_render_formats(backend):
    board = samegame.Board(["12", "11"], backend=backend)
    assert board.render() == board.render(format="text") == str(board)
    with pytest.raises(ValueError, match="format must be one of text, svg, not 'png'"):
        board.render(format="png")
    with pytest.raises(TypeError, match="no picture for int"):
        pictures.svg(3)


def test_a_subclass_defined_elsewhere_draws_as_its_game(backend):
    class MyBoard(samegame.Board):  # its module is this test's, not gridgames.samegame
        pass
    rows = ["12", "11"]
    mine = MyBoard(rows, backend=backend)
    assert pictures.svg(mine) == mine.render(format="svg") == samegame.Board(rows, backend=backend).render(format="svg")


def test_tilematch_board_shows_hidden_rows(backend):
    board = tilematch.Board(["00300", "00100", "01100", "12321"], k=3, height=3, backend=backend)
    root = parse_svg(board.render(format="svg"))
    shown = titles(root)
    assert shown[2] == "(2, 3) hidden tile 3"  # the hidden row is row 3, above the 3 visible ones
    assert shown[5:10] == ["(0, 2) empty", "(1, 2) empty", "(2, 2) tile 1", "(3, 2) empty", "(4, 2) empty"]
    assert len([t for t in shown if "tile" in t]) == board.tiles == 9
    assert len([el for el in root.iter(NS + "line") if el.get("class") == "split"]) == 1


def test_gopher_field_counts_holes_and_fall(backend):
    field = gopher.Field(4, 5, [(1, 1), (3, 3)], backend=backend)
    field.pick(4, 5)  # a flood from the corner
    grid = field.grid()
    root = parse_svg(field.render(format="svg"))
    seen = [t for t in titles(root) if "inspected" in t]
    assert len(seen) == sum(ch != "#" for row in grid for ch in row)
    for t in seen:
        r, c = map(int, re.match(r"\((\d+), (\d+)\)", t).groups())
        assert t.endswith(f"{int(grid[r - 1][c - 1].strip() or 0)} holes around")
    field.pick(1, 1)
    root = parse_svg(field.render(format="svg"))
    assert [el.get("class") for el in root.iter(NS + "circle")] == ["fell", "hole"]
    assert "(1, 1) fell in this hole" in titles(root) and "(3, 3) a hole" in titles(root)


def test_numberlink_puzzle_and_solution(backend):
    puzzle, solution = numberlink.generate(6, 7, seed=5, backend=backend)
    root = parse_svg(puzzle.render(format="svg"))
    ends = [el for el in root.iter(NS + "circle")]
    assert len(ends) == 2 * puzzle.pairs
    solids = [t for t in titles(root) if t.endswith("solid")]
    assert len(solids) == puzzle.cells.count(numberlink.SOLID)
    root = parse_svg(solution.render(format="svg"))
    paths = {el.get("class"): el.get("d") for el in root.iter(NS + "path")}
    # one polyline per path number, through every square of the path: len - 1 segments
    lengths = {v: solution.cells.count(v) for v in range(1, puzzle.pairs + 1)}
    segments = {}
    for v, n in lengths.items():
        segments[f"p{(v - 1) % 10}"] = segments.get(f"p{(v - 1) % 10}", 0) + n - 1
    assert {k: d.count("M") for k, d in paths.items() if d} == {k: n for k, n in segments.items() if n}
    assert len(list(root.iter(NS + "circle"))) == 2 * puzzle.pairs  # the endpoints, found from the paths


def test_sheet_pages(backend):
    made = [numberlink.generate(8, 8, seed=s, backend=backend) for s in range(7)]
    pages = pictures.sheet_pages("Sheet", [(f"Puzzle {i + 1}", p) for i, (p, _) in enumerate(made)],
                                 [(f"Solution {i + 1}", s) for i, (_, s) in enumerate(made)])
    assert len(pages) == 4  # 6 puzzles of 8x8 per page: 2 pages of puzzles, 2 of solutions
    for k, page in enumerate(pages, 1):
        root = parse_svg(page)
        assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
        text = [t.text for t in root.iter(NS + "text")]
        assert f"page {k} of 4" in text
    assert "Puzzle 7" in pages[1] and "Puzzle 6" not in pages[1] and "Solution 1" in pages[2]
    assert pictures._sheet.layout([numberlink.generate(30, 30, seed=0)[0]]) == (1, 1)
    sheet = pictures.sheet_html("Sheet", pages)
    assert sheet.count('<div class="page"><svg') == 4 and "<?xml" not in sheet


def test_page_data_cannot_break_out_of_its_script():
    text = _html.script_json({"caption": "</script><script>alert(1)</script><!-- & "})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"caption": "</script><script>alert(1)</script><!-- & "}


def test_show_escapes_the_file_name(backend):
    data = b"2 2\n1 1\n2 2\n1 1 0 0\n0 0\n"
    page, error = pictures.show_html("samegame", data, name='<b>"x"&y</b>.in', backend=backend)
    assert error is None
    assert '<b>"x"' not in page and "&lt;b&gt;&quot;x&quot;&amp;y&lt;/b&gt;.in" in page


def frames(page):
    return json.loads(re.search(r'<script type="application/json" id="frames">(.*?)</script>', page).group(1))


def desc(svg):
    return re.search(r"<desc>rows top first: (.*?)</desc>", svg).group(1).split()


def test_samegame_show_matches_the_engine(backend):
    data = open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data/samegame/sample.in"), "rb").read()
    page, error = pictures.show_html("samegame", data, backend=backend)
    shown = frames(page)
    assert error is None and [c["name"] for c in shown["cases"]] == ["Grid 1", "Grid 2", "Grid 3"]
    # grid 2 of the sample: 3x5, selections 2,2 1,2 1,4 1,2 then 99,99 (outside)
    board = samegame.Board.from_text("3 5 1 2 3 5 5 2 2 3 5 1 1 3 5 2 2", backend=backend)
    start = shown["cases"][1]["start"]
    out = samegame.judge(data, backend=backend).output.decode().split("\n\n")[1] + "\n\n"
    for k, move in enumerate([(2, 2), (1, 2), (1, 4), (1, 2), (99, 99), None]):
        f = shown["frames"][start + k]
        assert f["status"] == str(board.score) and f["out"] == out
        assert desc(f["svg"]) == ["".join("." if v is None else str(v) for v in row) for row in board.grid()]
        if move is None:
            assert f["caption"].startswith("final position after 5 moves")
            break
        region = board.region(*move) if move[0] < 50 else []
        assert f["svg"].count("class='hl'") == (len(region) if len(region) > 1 else 0)
        board.select(*move)
    assert shown["frames"][start + 6]["case"] == 2


def test_gopher_show_matches_the_engine(backend):
    data = open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data/gopher/sample.in"), "rb").read()
    shown = frames(pictures.show_html("gopher", data, backend=backend)[0])
    boards = re.findall(r"\+-+\+\n(?:\|.*\|\n)+\+-+\+\n", open(os.path.join(
        os.path.dirname(os.path.dirname(__file__)), "data/gopher/sample.out")).read())
    games = [(10, 10, [(1, 1), (1, 3), (2, 1)], [(5, 5)]),
             (10, 10, [(2, 1), (1, 2)], [(5, 5), (1, 1), (2, 1)])]
    at = 0
    for rows, cols, holes, picks in games:
        field = gopher.Field(rows, cols, holes, backend=backend)
        assert shown["frames"][at]["out"] == "" and "no pick yet" in shown["frames"][at]["caption"]
        at += 1
        for r, c in picks:
            field.pick(r, c)
            f = shown["frames"][at]
            assert f["out"] == field.render() == boards.pop(0)
            assert f["status"] == str(field.safe_left)
            assert desc(f["svg"]) == [line.replace(" ", "_") for line in field.grid()]
            at += 1
    assert at == len(shown["frames"]) and not boards


def test_tilematch_show_matches_the_engine(backend):
    data = open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data/tilematch/sample2.in"), "rb").read()
    shown = frames(pictures.show_html("tilematch", data, backend=backend)[0])["frames"]
    board = tilematch.Board(["02110", "01220"], k=3, backend=backend)
    captions = [f["caption"] for f in shown]
    assert captions == ["data set 1: the board as read", "no drops", "no eliminations",
                        "move 1: (1, 0) to (1, 1): the two tiles swapped", "no drops",
                        "eliminations: 6 tiles removed: the board is cleared",
                        "the board is cleared: moves 2..2 are skipped"]
    assert desc(shown[0]["svg"]) == ["".join(str(v) if v else "." for v in row) for row in board.grid()]
    assert board.move(1, 0, 1, 1)
    assert desc(shown[3]["svg"]) == ["".join(str(v) if v else "." for v in row) for row in board.grid()]
    assert shown[3]["out"].startswith("After move 1:\n") and shown[1]["out"].startswith("After move 0:\n")
    assert shown[5]["svg"].count("class='hl'") == 6 and shown[5]["status"] == "0"


def test_show_stops_at_the_judges_error(backend):
    data = b"2 2\n1 1\n2 2\n1 1 0 0\n2 2\n1 x\n"
    page, error = pictures.show_html("samegame", data, name="bad.in", backend=backend)
    assert error is not None and (error.line, error.column) == (6, 3)
    shown = frames(page)
    assert [c["name"] for c in shown["cases"]] == ["Grid 1"] and len(shown["frames"]) == 2
    assert html.escape(f"The judge stopped at bad.in:{error}") in page
    with pytest.raises(ValueError, match="there is no case 2: bad.in has 1 complete cases"):
        pictures.show_html("samegame", data, name="bad.in", case=2, backend=backend)


def test_write_is_atomic_and_never_over_an_input(tmp_path):
    target = tmp_path / "page.html"
    target.write_text("old")
    pictures.write(str(target), "new")
    assert target.read_text() == "new"
    with pytest.raises(pictures.SameFile):
        pictures.write(str(tmp_path / "." / "page.html"), "x", [str(target)])
    assert target.read_text() == "new"
    with pytest.raises(pictures.CannotWrite, match=f"cannot write {tmp_path}: "):
        pictures.write(str(tmp_path), "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"]  # no temporary file left


def test_docstring_example():
    import doctest
    failed, attempted = doctest.testmod(pictures)
    assert (failed, attempted > 0) == (0, True)


def mutations(path, count, seed):
    """``count`` damaged copies of a sample: bytes inserted, deleted, replaced."""
    import random
    rng, pieces = random.Random(seed), [b" ", b"\n", b"\n\n", b"0", b"1", b"9", b"-1", b"x", b"\r\n", b"\t", b"100"]
    data = open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", path), "rb").read()
    for _ in range(count):
        d = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            i = rng.randint(0, len(d))
            d[i:i + rng.choice((0, 1, 2))] = rng.choice(pieces) if rng.random() < 0.7 else b""
        yield bytes(d)


@pytest.mark.parametrize("game, sample", [("gopher", "gopher/sample.in"), ("samegame", "samegame/sample.in"),
                                          ("tilematch", "tilematch/sample2.in")])
def test_show_follows_the_judge_on_damaged_input(backend, game, sample):
    """Whatever the judge makes of the input, the page shows it: no exception,
    and each gopher board / each SameGame grid's final position is the one
    the judge printed beside it."""
    for data in mutations(sample, 60, 1):
        page, error = pictures.show_html(game, data, backend=backend)
        shown = frames(page)
        starts = [c["start"] for c in shown["cases"]] + [len(shown["frames"])]
        for a, b in zip(starts, starts[1:]):
            for f in shown["frames"][a:b]:
                if game == "gopher" and f["out"]:
                    inner = [line[1:-1].replace(" ", "_") for line in f["out"].splitlines()[1:-1]]
                    assert desc(f["svg"]) == inner, data
            if game == "samegame":
                final = desc(shown["frames"][b - 1]["svg"])
                lines = shown["frames"][b - 1]["out"].rstrip("\n").split("\n")[1:]
                judged = [len(final[0]) * "."] * len(final) if lines == ["    Game Won"] else \
                    ["".join(line[4 + 2 * j].replace(" ", ".") for j in range(len(final[0]))) for line in lines]
                assert final == judged, data


def test_page_stops_at_its_size_limit(monkeypatch, backend):
    board = samegame.standard_boards(backend=backend)[0]
    moves = board.search("random", iterations=1, seed=0).moves  # one playout: many moves, cheaply
    one = len(frames(pictures.replay_html([board], [(1, moves[:1])]))["frames"][0]["svg"])
    monkeypatch.setattr(_html, "MAX_BYTES", 10 * one)
    page = pictures.replay_html([board], [(1, moves)])
    shown = frames(page)
    assert 8 <= len(shown["frames"]) < 11 < len(moves)
    assert f"This page stops after {len(shown['frames'])} steps" in page
