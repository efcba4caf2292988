"""The documentation site (docs/conf.py): it builds as the README says, warnings as
errors and every reference resolved; every name of each public package's
``__all__`` is in its inventory; in a real browser, the index, an API page and
the search work.  Needs the docs group (``pip install . --group docs``) and,
for the browser, the [browser] extra and Debian's chromium and chromium-driver;
without them the tests skip, saying so."""
import functools
import http.server
import importlib
import pkgutil
import shutil
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

import gridgames

pytestmark = pytest.mark.slow  # a whole Sphinx build (about 10 s), a browser

ROOT = Path(__file__).resolve().parents[2]
DOCS_GROUP = "the docs group is not installed: pip install . --group docs"


def public_packages():
    """Every module of gridgames with an ``__all__`` and no ``_`` in its path (cli: none)."""
    names = ["gridgames"] + [m.name for m in pkgutil.walk_packages(gridgames.__path__, "gridgames.")
                             if not any(part.startswith("_") for part in m.name.split("."))]
    found = {}
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:  # an extra's environments without the extra
            pytest.skip(f"{name} does not import here ({exc}): install the [gym] extra")
        if hasattr(module, "__all__"):
            found[name] = list(module.__all__)
    return found


def inventory(path):
    """{full name: role} of a Sphinx objects.inv (version 2: four header lines, then zlib)."""
    data = path.read_bytes()
    header_end = 0
    for _ in range(4):
        header_end = data.index(b"\n", header_end) + 1
    names = {}
    for line in zlib.decompress(data[header_end:]).decode().splitlines():
        name, role = line.split(" ", 2)[:2]
        names[name] = role
    return names


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("sphinx", reason=DOCS_GROUP)
    pytest.importorskip("myst_parser", reason=DOCS_GROUP)
    out = tmp_path_factory.mktemp("site")
    # the README's docs build command, less the install (the tests run against this checkout)
    run = subprocess.run([sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q",
                          "-d", str(out / ".doctrees"), str(ROOT / "docs"), str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stderr == "", run.stderr  # -q: any line here is a warning
    return out


def test_every_public_name_is_in_the_inventory(site):
    names = inventory(site / "objects.inv")
    packages = public_packages()
    assert {"gridgames", "gridgames.samegame", "gridgames.envs.vector"} <= set(packages)
    missing = [f"{package}.{name}" for package, public in packages.items() for name in public
               if f"{package}.{name}" not in names]
    assert missing == []
    assert [p for p in packages if names.get(p) != "py:module"] == []
    # a re-exported class is described once and pointed to from the others
    assert names["gridgames.samegame.JudgeError"] == "py:exception"
    page = (site / "api" / "gridgames.samegame.html").read_text()
    assert 'href="gridgames.html#gridgames.JudgeError"' in page


def test_the_guides_the_cli_and_the_changelog_are_pages(site):
    for page in ("judges", "research", "samegame-campaigns", "samegame-checkpoints", "rl", "pictures", "puzzles",
                 "adding-a-game", "development", "fuzzing", "python-versions", "gopher-noguess", "releasing",
                 "changelog", "cli", "tutorials/first-steps", "reference/command-line", "reference/python-api",
                 "reference/samegame-search", "explanation/architecture", "explanation/samegame-search",
                 "results/index", "results/judges", "results/samegame", "results/samegame-ablation",
                 "results/samegame-deep", "results/puzzles", "results/rl", "results/tests"):
        assert (site / f"{page}.html").is_file(), page
    cli = (site / "cli.html").read_text()
    # each command has a section, with the options --help lists
    assert 'id="cli-gridgames-samegame-solve"' in cli and "--root-parallel" in cli
    assert "0.1.0" in (site / "changelog.html").read_text()


@pytest.fixture(scope="module")
def served(site):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    pytest.importorskip("selenium", reason="selenium is not installed: pip install '.[browser]'")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not (chromium and driver):
        pytest.skip("chromium or chromedriver is not installed (Debian: apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--window-size=1400,1000",  # wide: Furo shows its sidebar (and its search box) from about 63em
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(service=Service(driver), options=options)
    yield chrome
    chrome.quit()


def test_the_site_in_a_browser(served, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(served + "/index.html")
    assert browser.title.startswith("gridgames")
    links = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "article[role=main] a.reference.internal")]
    assert "API reference" in links and "Command-line reference" in links

    browser.get(served + "/api/gridgames.samegame.html")
    board = browser.find_element(By.ID, "gridgames.samegame.Board")
    assert "class" in board.text and "Board" in board.text

    box = browser.find_element(By.CSS_SELECTOR, "input[name=q]")
    box.send_keys("search_boards", Keys.ENTER)
    WebDriverWait(browser, 20).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#search-results ul.search li"))
    hits = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#search-results ul.search li")]
    assert any("search_boards" in hit for hit in hits), hits
