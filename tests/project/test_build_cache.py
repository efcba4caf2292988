"""setup.py's build cache: a second build of the same sources compiles
nothing (pip builds in a fresh environment each time, whose Cython would
make everything again), and any change to a kernel's sources (its .pyx, a
.pxd it cimports) builds it again; GRIDGAMES_BUILD_CACHE=off is no cache."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KERNEL = "gridgames/samegame/_kernel"
BUILDING = "building 'gridgames.samegame._kernel' extension"

pytest.importorskip("Cython", reason="Cython is not installed: pip install . --group test")


def copy(dest):
    """The checkout's setup.py and sources, with one kernel to build."""
    shutil.copytree(ROOT / "src", dest / "src", ignore=lambda folder, names: [
        n for n in names if n.endswith((".so", ".pyd", ".c", ".html")) or n == "__pycache__"
        or (n.endswith(".pyx") and os.path.relpath(Path(folder) / n, ROOT / "src") != KERNEL + ".pyx")])
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, dest / name)


def build(dest, cache):
    """Build in place as a fresh environment would (no build/ folder left); its log."""
    shutil.rmtree(dest / "build", ignore_errors=True)
    for so in (dest / "src").rglob("*.so"):
        so.unlink()
    env = dict(os.environ, GRIDGAMES_REQUIRE_EXTENSION="1", GRIDGAMES_BUILD_CACHE=str(cache))
    p = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=dest, env=env,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    assert list((dest / "src" / "gridgames" / "samegame").glob("_kernel.*so"))
    return p.stdout + p.stderr


@pytest.mark.slow
def test_the_same_sources_are_built_once_and_a_change_builds_again(tmp_path):
    dest, cache = tmp_path / "tree", tmp_path / "cache"
    copy(dest)
    assert BUILDING in build(dest, cache)
    assert BUILDING not in build(dest, cache)  # from the cache
    pyx = dest / "src" / (KERNEL + ".pyx")
    pyx.write_text(pyx.read_text() + "\n\ndef _changed():\n    return 1\n")
    assert BUILDING in build(dest, cache)
    assert BUILDING not in build(dest, cache)
    pxd = dest / "src" / "gridgames" / "samegame" / "_board.pxd"
    pxd.write_text(pxd.read_text().replace("#else", "#else  /* changed */"))  # (its C is in the kernel's)
    assert BUILDING in build(dest, cache)
    assert BUILDING in build(dest, "off")  # no cache


def marker(dest):
    """What the built kernel's ``_marker()`` returns (None: it has none), read in a fresh process."""
    code = ("import sys; sys.path.insert(0, 'src'); import gridgames.samegame._kernel as k; "
            "print(k._marker() if hasattr(k, '_marker') else None)")
    p = subprocess.run([sys.executable, "-c", code], cwd=dest, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


@pytest.mark.slow
def test_switching_sources_back_and_forth_in_place_builds_each_one(tmp_path):
    # A developer's loop: edit, build in place over the last module, undo, build
    # again.  Modules come back from the cache as new files: with their old times,
    # build_ext --inplace kept the newer module already in the tree (a stale kernel).
    dest, cache = tmp_path / "tree", tmp_path / "cache"
    copy(dest)
    pyx = dest / "src" / (KERNEL + ".pyx")
    original = pyx.read_text()
    env = dict(os.environ, GRIDGAMES_REQUIRE_EXTENSION="1", GRIDGAMES_BUILD_CACHE=str(cache))
    seen = []
    for value in ("1", "2", "1", "2", "1"):
        pyx.write_text(original + f"\n\ndef _marker():\n    return {value}\n")
        p = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=dest, env=env,
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stdout + p.stderr
        seen.append(marker(dest))
    assert seen == ["1", "2", "1", "2", "1"]
