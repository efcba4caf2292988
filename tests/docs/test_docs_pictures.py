"""The committed pictures of docs/img/ are what docs/make_pictures.py writes.

The SVG pictures (a Number Link sheet and its solutions) come from gridgames
alone and must be the same bytes.  The PNG screenshots of the HTML pages need
selenium and a headless chromium; fonts and anti-aliasing differ a little
between machines, so they must be the same size and differ in at most 2 % of
their pixels (a stale picture differs in far more).  Regenerate them all with
``python docs/make_pictures.py``."""
import shutil
from pathlib import Path

import pytest

from helpers import script

ROOT = Path(__file__).resolve().parents[2]
IMG = ROOT / "docs" / "img"
SVGS = ("numberlink-sheet.svg", "numberlink-solutions.svg")
PNGS = ("samegame-replay.png", "gopher-show.png", "tilematch-show.png")
REGENERATE = "regenerate the pictures: python docs/make_pictures.py"


def make_pictures():
    return script("docs/make_pictures.py")


def test_the_committed_svg_pictures_are_what_make_pictures_writes(tmp_path):
    make_pictures().sheet(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(SVGS)
    stale = [name for name in SVGS if (tmp_path / name).read_bytes() != (IMG / name).read_bytes()]
    assert stale == [], f"docs/img/{stale} differ from what make_pictures.py writes: {REGENERATE}"


def test_every_picture_make_pictures_writes_is_committed(tmp_path):
    # the HTML pages it photographs (no browser needed to write them)
    assert sorted(f"{name}.png" for name in make_pictures().pages(tmp_path)) == sorted(PNGS)
    assert [name for name in (*SVGS, *PNGS) if not (IMG / name).is_file()] == []


@pytest.mark.slow  # a headless chromium, three pages
def test_the_committed_png_pictures_are_what_make_pictures_writes(tmp_path):
    pytest.importorskip("selenium", reason="the screenshots need selenium: pip install '.[browser]'")
    image = pytest.importorskip("PIL.Image",
                                reason="comparing the screenshots needs Pillow: pip install . --group test")
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        pytest.skip("the screenshots need chromium and chromedriver: apt-get install chromium chromium-driver")
    make_pictures().screenshots(tmp_path)
    for name in PNGS:
        new, old = image.open(tmp_path / name).convert("RGB"), image.open(IMG / name).convert("RGB")
        assert new.size == old.size, f"docs/img/{name}: {old.size}, make_pictures.py writes {new.size}: {REGENERATE}"
        changed = sum(a != b for a, b in zip(new.getdata(), old.getdata()))
        share = changed / (new.size[0] * new.size[1])
        assert share <= 0.02, f"docs/img/{name}: {share:.1%} of its pixels differ from make_pictures.py's: {REGENERATE}"
