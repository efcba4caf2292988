"""Regenerate the pictures in docs/img/ (used by README.md and docs/pictures.md).

tests/docs/test_docs_pictures.py checks that the committed pictures are what this script writes.

    python docs/make_pictures.py          # from a checkout, gridgames importable

The SVG files come from gridgames.pictures alone; the PNG screenshots of the
HTML pages need the [browser] extra (selenium) and Debian's chromium and
chromium-driver, run headless.  Every input is seeded: the same pictures
each time (fonts aside)."""
import os
import shutil
import sys
import tempfile
from pathlib import Path

from gridgames import numberlink, pictures, samegame

IMG = Path(__file__).parent / "img"
DATA = Path(__file__).parent.parent / "tests" / "data"


def sheet(img: Path = IMG) -> None:
    """Six unique 8x8 Number Link puzzles, seeds from 1: the puzzles' page and the solutions' page."""
    made, seed = [], 1
    while len(made) < 6:
        puzzle, solution = numberlink.generate(8, 8, seed)
        if numberlink.count_solutions(puzzle) == 1:
            made.append((seed, puzzle, solution))
        seed += 1
    pages = pictures.sheet_pages("Number Link", [(f"Puzzle {i} (seed {s})", p) for i, (s, p, _) in enumerate(made, 1)],
                                 [(f"Solution {i}", q) for i, (_, _, q) in enumerate(made, 1)])
    pictures.write(str(img / "numberlink-sheet.svg"), pages[0])
    pictures.write(str(img / "numberlink-solutions.svg"), pages[1])


def pages(folder: Path) -> dict[str, tuple[Path, int]]:
    """The HTML pages to photograph, and the step to show."""
    board = samegame.standard_boards()[0]
    best = board.search("beam", width=4, seed=0)
    replay = folder / "replay.html"
    replay.write_text(pictures.replay_html([board], [(1, best.moves)],
                                           f"standard board 1: beam search, width 4, score {best.score}"))
    gopher = folder / "gopher.html"
    gopher.write_text(pictures.show_html("gopher", (DATA / "gopher" / "sample.in").read_bytes(),
                                         "sample.in")[0])
    tiles = folder / "tilematch.html"
    tiles.write_text(pictures.show_html("tilematch", (DATA / "tilematch" / "sample1.in").read_bytes(),
                                        "sample1.in")[0])
    return {"samegame-replay": (replay, 12), "gopher-show": (gopher, 1), "tilematch-show": (tiles, 4)}


def screenshots(img: Path = IMG) -> None:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
    except ImportError:
        sys.exit("the screenshots need selenium: pip install '.[browser]'")
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver_path):
        sys.exit("the screenshots need chromium and chromedriver (apt-get install chromium chromium-driver)")
    with tempfile.TemporaryDirectory() as tmp:
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--hide-scrollbars", "--window-size=1100,720", f"--user-data-dir={tmp}/profile"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            for name, (page, step) in pages(Path(tmp)).items():
                driver.get(page.as_uri())
                for _ in range(step):
                    driver.find_element(By.ID, "next").click()
                png = driver.get_screenshot_as_png()
                with tempfile.NamedTemporaryFile(dir=img, delete=False) as f:
                    f.write(png)
                os.chmod(f.name, 0o644)
                os.replace(f.name, img / f"{name}.png")
        finally:
            driver.quit()


if __name__ == "__main__":
    IMG.mkdir(exist_ok=True)
    sheet()
    screenshots()
    print("\n".join(sorted(str(p.relative_to(IMG.parent.parent)) for p in IMG.iterdir())))
