"""The golden outputs (tools/golden.py, tests/data/golden/golden.txt): every listed command gives
the same bytes on this build, on both backends, as on every platform where the list was checked;
and the checker itself reports a changed output, a skipped part and observations by value."""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "golden.py"
EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"  # sha256 of nothing


def golden(*args):
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True, text=True,
                          timeout=900)


def test_the_quick_outputs_are_golden(backend):
    done = golden("check", "--backend", backend, "--quick")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 differ, 0 skipped" in done.stdout


@pytest.mark.slow
def test_every_output_is_golden(backend):
    done = golden("check", "--backend", backend)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 differ, 0 skipped" in done.stdout


def test_a_changed_output_is_named_and_fails(tmp_path):
    listed = tmp_path / "list.txt"
    listed.write_text(f"# a list\nin - 0 {EMPTY} gridgames samegame generate --seed 11 --count 1\n"
                      f"valid quick 0 {EMPTY} gridgames samegame validate {{in}}\n")
    done = golden("check", "--list", listed)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.startswith("golden: in: exit 0 sha256 ") and "expected exit 0 sha256 e3b0c44298fc1c14" \
        in done.stdout.splitlines()[0]
    assert "1 of 2 identical, 1 differ" in done.stdout
    done = golden("check", "--list", listed, "--quick")  # (the generator is not in --quick: nothing to read)
    assert done.returncode == 1 and "golden: valid: no earlier output for {in}" in done.stderr


def test_skipped_environments_are_said(tmp_path):
    listed = tmp_path / "list.txt"
    listed.write_text(f"a envs 0 {EMPTY} probe rollout gridgames/SameGame-v0 1 2\n")
    done = golden("check", "--list", listed, "--skip-envs")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == ["golden: 1 skipped (--skip-envs): a",
                                        done.stdout.splitlines()[1]]
    assert "0 of 0 identical, 0 differ, 1 skipped" in done.stdout


def test_observations_are_hashed_as_values_whatever_the_byte_order():
    np = pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location("golden", TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    little = np.arange(12, dtype="<i4").reshape(3, 4)
    big = little.astype(">i4")
    assert big.tobytes() != little.tobytes()
    assert tool.values(big) == tool.values(little) == tool.values(little.astype("=i4"))
    assert tool.values(little) != tool.values(little.reshape(4, 3)) != tool.values(little.astype("<i8"))


def test_text_output_is_compared_by_lines_as_on_windows(tmp_path):
    # gridgames' searches write through Python's text standard output: CRLF on Windows.  Imitated
    # here, a line not tagged text differs; tagged, it is compared as LF and matches.
    listed = {line.split()[0]: line for line in (ROOT / "tests/data/golden/golden.txt").read_text().splitlines()
              if line and not line.startswith("#")}
    boards, search = listed["boards.small"], listed["sg.random"]
    assert search.split()[1] == "quick,text"
    for tags, status in (("quick,text", 0), ("quick", 1)):
        (tmp_path / "list.txt").write_text(f"{boards}\n{search.replace('quick,text', tags, 1)}\n")
        done = golden("check", "--list", tmp_path / "list.txt", "--imitate-windows")
        assert done.returncode == status, done.stdout + done.stderr
        done = golden("check", "--list", tmp_path / "list.txt")
        assert done.returncode == 0, done.stdout + done.stderr
