"""The HTML pages in a real browser (headless Debian chromium through
selenium): every step of every kind of page is clicked through and what the
page shows (step, score or what is left, the board's state, the outlined
squares, the colours) is compared with the engine's own replay; the keys and
buttons move as they say, the console stays clean, and the screenshot is a
picture.  One browser for the module.  Needs the [browser] extra and the apt
packages chromium and chromium-driver; without them the tests skip, saying so.

GRIDGAMES_SCREENSHOTS=DIR keeps the screenshots there, to look at."""
import io
import os
import re
import shutil
import time

import pytest

from gridgames import gopher, pictures, samegame, tilematch

selenium = pytest.importorskip("selenium", reason="selenium is not installed: pip install '.[browser]'")
Image = pytest.importorskip("PIL.Image", reason="pillow is not installed: pip install '.[browser]'")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("chromium or chromedriver is not installed (Debian: apt-get install chromium chromium-driver)",
                allow_module_level=True)

from selenium import webdriver  # noqa: E402  (after the skips)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

pytestmark = pytest.mark.slow  # a real browser

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1200,900"]

# What the page shows now: one round trip per step.
READ = """
const svg = document.querySelector('#board svg');
const squares = {};
for (const p of document.querySelectorAll('#board path')) {
  const m = /\\bc(\\d)\\b/.exec(p.getAttribute('class') || '');
  if (m) squares[m[1]] = (squares[m[1]] || 0) + (p.getAttribute('d').match(/M/g) || []).length;
}
return {step: document.getElementById('step').textContent,
        desc: svg.querySelector('desc').textContent,
        outlined: svg.querySelectorAll('rect.hl').length,
        squares: squares,
        out: document.getElementById('out').textContent,
        next: document.getElementById('next').disabled,
        back: document.getElementById('back').disabled};
"""


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield browser
    browser.quit()


def samegame_steps(rows, moves, backend):
    """(status, rows shown, outlined squares, colours) before each move, then at the end."""
    board = samegame.Board(rows, backend=backend)
    steps = []

    def state(outlined):
        shown = ["".join("." if v is None else str(v) for v in row) for row in board.grid()]
        counts = {}
        for row in board.grid():
            for v in row:
                if v is not None:
                    counts[str(v)] = counts.get(str(v), 0) + 1
        steps.append((str(board.score), shown, outlined, counts))
    for r, c in moves:
        region = board.region(r, c) if 1 <= r <= board.rows and 1 <= c <= board.cols else []
        state(len(region) if len(region) > 1 else 0)
        board.select(r, c)
    state(0)
    return steps


def walk(driver, path, expected, name):
    """Open the page, check every step against ``expected`` (status, rows,
    outlined or None, colour counts or None) while clicking Next; then the
    other buttons and keys, the console and a screenshot."""
    driver.get(path.as_uri())
    driver.get_log("browser")  # only this page's messages from here
    total = len(expected)
    for k, (status, rows, outlined, counts) in enumerate(expected):
        got = driver.execute_script(READ)
        assert got["step"] == f"step {k + 1} of {total}"
        assert driver.find_element(By.ID, "status").text == status, k
        assert got["desc"] == "rows top first: " + " ".join(rows), k
        if outlined is not None:
            assert got["outlined"] == outlined, k
        if counts is not None:
            assert got["squares"] == counts, k
        assert got["back"] == (k == 0) and got["next"] == (k == total - 1)
        if k < total - 1:
            driver.find_element(By.ID, "next").click()
    body = driver.find_element(By.TAG_NAME, "body")
    moves = [(Keys.HOME, 1), (Keys.ARROW_RIGHT, 2), (Keys.END, total), (Keys.ARROW_LEFT, total - 1)]
    for key, step in moves:
        body.send_keys(key)
        assert driver.find_element(By.ID, "step").text == f"step {step} of {total}"
    for button, step in (("first", 1), ("last", total), ("back", total - 1)):
        driver.find_element(By.ID, button).click()
        assert driver.find_element(By.ID, "step").text == f"step {step} of {total}"
    driver.find_element(By.ID, "first").click()
    shot = driver.get_screenshot_as_png()
    if os.environ.get("GRIDGAMES_SCREENSHOTS"):
        with open(os.path.join(os.environ["GRIDGAMES_SCREENSHOTS"], f"{name}.png"), "wb") as f:
            f.write(shot)
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    assert image.size[0] > 600
    found = image.getcolors(maxcolors=1 << 20)
    assert found is not None and len(found) > 50  # a board, text and buttons: many colours, not a blank page
    assert max(count for count, _ in found) < 0.9 * image.size[0] * image.size[1]
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []
    return driver


def test_samegame_replay(driver, tmp_path, backend):
    games = [(["13522", "22351", "12355"], [(2, 2), (1, 2), (1, 4)]),
             (["112", "122"], [(1, 1), (1, 1)])]
    boards = [samegame.Board(rows, backend=backend) for rows, _ in games]
    path = tmp_path / "replay.html"
    path.write_text(pictures.replay_html(boards, [(k, moves) for k, (_, moves) in enumerate(games, 1)]))
    expected = [step for rows, moves in games for step in samegame_steps(rows, moves, backend)]
    walk(driver, path, expected, f"samegame-replay-{backend}")
    assert driver.find_element(By.ID, "output").is_displayed() is False  # no judge output in a replay
    if backend == "pure":
        return  # the page's script does not depend on the backend: once is enough
    # Play runs through the steps by itself; a second press pauses.
    driver.find_element(By.ID, "play").click()
    WebDriverWait(driver, 10).until(lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-step")) >= 2)
    driver.find_element(By.ID, "play").click()
    paused = driver.find_element(By.TAG_NAME, "body").get_attribute("data-step")
    time.sleep(1.0)
    assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-step") == paused
    # the menu jumps to a board's first step
    Select(driver.find_element(By.ID, "case")).select_by_visible_text("Board 2")
    assert driver.find_element(By.ID, "step").text == f"step 5 of {len(expected)}"


def judge_grids(data):
    """The grids of a SameGame judge file: (rows top first, selections)."""
    words, grids = [int(w) for w in data.split()], []
    while words[0]:
        m, n = words[:2]
        cells, words = words[2:2 + m * n], words[2 + m * n:]
        moves = []
        while words[:2] != [0, 0]:
            moves.append((words[0], words[1]))
            words = words[2:]
        words = words[2:]
        grids.append(([cells[r * n:(r + 1) * n] for r in reversed(range(m))], moves))
    return grids


def test_samegame_show(driver, tmp_path, backend):
    data = open(os.path.join(DATA, "samegame", "sample.in"), "rb").read()
    path = tmp_path / "show.html"
    path.write_text(pictures.show_html("samegame", data, "sample.in", backend=backend)[0])
    expected = [step for rows, moves in judge_grids(data) for step in samegame_steps(rows, moves, backend)]
    walk(driver, path, expected, f"samegame-show-{backend}")
    Select(driver.find_element(By.ID, "case")).select_by_visible_text("Grid 3")
    out = driver.find_element(By.ID, "out").text
    assert out == samegame.judge(data, backend=backend).output.decode().split("\n\n")[2].strip("\n")


def test_gopher_show(driver, tmp_path, backend):
    data = open(os.path.join(DATA, "gopher", "sample.in"), "rb").read()
    path = tmp_path / "show.html"
    path.write_text(pictures.show_html("gopher", data, "sample.in", backend=backend)[0])
    games = [(10, 10, [(1, 1), (1, 3), (2, 1)], [(5, 5)]),
             (10, 10, [(2, 1), (1, 2)], [(5, 5), (1, 1), (2, 1)])]
    expected = []
    for rows, cols, holes, picks in games:
        field = gopher.Field(rows, cols, holes, backend=backend)
        for pick in [None, *picks]:
            if pick:
                field.pick(*pick)
            expected.append((str(field.safe_left), [r.replace(" ", "_") for r in field.grid()], 0, None))
    walk(driver, path, expected, f"gopher-show-{backend}")
    driver.find_element(By.ID, "last").click()
    assert re.fullmatch(r"\+-{10}\+\n(\|.{10}\|\n){10}\+-{10}\+", driver.find_element(By.ID, "out").text)


def test_tilematch_show(driver, tmp_path, backend):
    data = open(os.path.join(DATA, "tilematch", "sample2.in"), "rb").read()
    path = tmp_path / "show.html"
    path.write_text(pictures.show_html("tilematch", data, "sample2.in", backend=backend)[0])
    board = tilematch.Board(["02110", "01220"], k=3, backend=backend)
    expected = []

    def state():
        rows = ["".join(str(v) if v else "." for v in row) for row in board.grid(hidden=True)]
        counts = {}
        for row in rows:
            for ch in row.replace(".", ""):
                counts[ch] = counts.get(ch, 0) + 1
        expected.append((str(board.tiles), rows, None, counts))
    state()
    for _ in board.settle():
        state()
    assert board.move(1, 0, 1, 1)
    state()
    for _ in board.settle():
        state()
    state()  # the second move is skipped: the board is cleared
    walk(driver, path, expected, f"tilematch-show-{backend}")


# The Content-Security-Policy of every page: nothing fetched, only the page's own script and
# style sheet, by hash.  A string given by a user (a file name, a title, a label, a token of the input)
# that closes an element, opens a script or loads an image is shown as text.
HOSTILE = """</title></style><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'"&amp;<!--"""
TOKEN = "<svg/onload=pwned=3>"  # one token of a judge file (no space, short enough to be quoted whole)

SHOWN = """
const text = (css) => Array.from(document.querySelectorAll(css), (e) => e.textContent);
return {title: document.title, h1: text('h1'), sub: text('.sub'), error: text('#error'), notes: text('.note'),
        policy: Array.from(document.querySelectorAll('meta[http-equiv]'),
                           (m) => [m.getAttribute('http-equiv'), m.getAttribute('content')]),
        scripts: Array.from(document.scripts, (s) => [s.type, s.textContent]),
        styles: text('style'),
        svgText: text('svg title, svg text'),
        foreign: document.querySelectorAll('img, iframe, object, embed, link, base, form').length,
        pwned: window.pwned === undefined ? null : window.pwned};
"""


def sha256(text):
    import base64
    import hashlib
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def open_page(driver, path, html):
    """Load ``html`` from ``path``: what it shows, and the console's warnings and errors."""
    path.write_text(html, encoding="utf-8")
    driver.get(path.as_uri())
    shown = driver.execute_script(SHOWN)
    return shown, [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def check_policy(shown, script):
    """The one policy, first in the head: nothing fetched, the page's own style (and script) by hash."""
    [(name, content)] = shown["policy"]
    [style] = shown["styles"]
    rules = dict(rule.strip().split(" ", 1) for rule in content.split(";"))
    expected = {"default-src": "'none'", "style-src": sha256(style), "base-uri": "'none'", "form-action": "'none'"}
    if script:
        code = [text for kind, text in shown["scripts"] if kind == ""]
        assert len(code) == 1 and [kind for kind, _ in shown["scripts"]] == ["application/json", ""]
        expected["script-src"] = sha256(code[0])
    else:
        assert shown["scripts"] == []
    assert (name, rules) == ("Content-Security-Policy", expected)
    assert shown["foreign"] == 0 and shown["pwned"] is None


def test_show_page_policy_and_hostile_names(driver, tmp_path):
    data = open(os.path.join(DATA, "samegame", "sample.in"), "rb").read()
    data = data.rstrip()[:-1] + TOKEN.encode() + b"\n"  # the closing 0 replaced: the grids before are shown
    page, err = pictures.show_html("samegame", data, HOSTILE)
    assert err is not None and TOKEN in str(err)
    shown, console = open_page(driver, tmp_path / "show.html", page)
    assert console == []
    check_policy(shown, script=True)
    assert shown["title"] == f"samegame: {HOSTILE}" and shown["h1"] == [shown["title"]]
    assert shown["sub"][0].startswith(f"{HOSTILE}, each step beside the judge's output: 3 grids")
    assert shown["error"] == [f"The judge stopped at {HOSTILE}:{err}"]
    assert driver.find_element(By.ID, "step").text.startswith("step 1 of ")  # the script runs under the policy


def test_replay_page_policy_and_a_hostile_subtitle(driver, tmp_path):
    page = pictures.replay_html([samegame.Board(["112", "122"])], [(1, [(1, 1)])], HOSTILE)
    shown, console = open_page(driver, tmp_path / "replay.html", page)
    assert console == []
    check_policy(shown, script=True)
    assert shown["sub"] == [f"{HOSTILE}: 1 board, 1 move (2 steps with the final position)"]
    assert driver.find_element(By.ID, "step").text == "step 1 of 2"


def test_sheet_policy_and_hostile_title_labels_note(driver, tmp_path):
    from gridgames import numberlink
    puzzle = numberlink.Puzzle(3, 3, [1, 0, 2, 0, 0, 0, 1, 0, 2])
    pages = pictures.sheet_pages(HOSTILE, [(HOSTILE, puzzle)], [(HOSTILE + " 2", None)])
    shown, console = open_page(driver, tmp_path / "sheet.html", pictures.sheet_html(HOSTILE, pages, HOSTILE))
    assert console == []
    check_policy(shown, script=False)
    assert shown["title"] == HOSTILE and shown["notes"] == [HOSTILE]
    assert f"{HOSTILE}: puzzles, page 1 of 2" in shown["svgText"] and HOSTILE in shown["svgText"]
    assert HOSTILE + " 2" in shown["svgText"]
    sizes = driver.execute_script("return Array.from(document.querySelectorAll('svg text'), "
                                  "(t) => getComputedStyle(t).fontSize);")
    assert "50px" in sizes  # the heads' sizes apply (presentation attributes, not inline style)


def test_a_page_whose_script_was_changed_does_not_run(driver, tmp_path):
    # the policy is enforced, and the console check above would see a violation
    page, _ = pictures.show_html("samegame", open(os.path.join(DATA, "samegame", "sample.in"), "rb").read(), "x")
    assert page.count('"use strict";') == 1
    shown, console = open_page(driver, tmp_path / "changed.html", page.replace('"use strict";', '"use strict"; '))
    assert driver.find_element(By.ID, "step").text == ""
    assert any("Content Security Policy" in e["message"] for e in console), console
