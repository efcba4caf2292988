"""The guarantees of SECURITY.md that other files do not test already: a
command writes nothing but the paths it was given (nothing in the working
directory, the home directory or the temporary directory), `package --force`
never follows a symbolic link out of DIR, and JSON nested too deep for the
parser (campaign results, replay moves) is a located error, not a traceback."""
import hashlib
import os
import shutil

import pytest

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")


def snapshot(root):
    """Every file, link and directory under root: its kind and content."""
    found = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            if os.path.islink(path):
                found[rel] = ("link", os.readlink(path))
            elif os.path.isdir(path):
                found[rel] = ("dir", None)
            else:
                with open(path, "rb") as f:
                    found[rel] = ("file", hashlib.sha256(f.read()).hexdigest())
    return found


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """in/ (the inputs), out/ (where outputs are asked for), cwd/, home/ and tmp/,
    with HOME and TMPDIR pointing there; the commands run in cwd/."""
    for name in ("in", "out", "cwd", "home", "tmp"):
        (tmp_path / name).mkdir()
    shutil.copy(os.path.join(DATA, "samegame", "sample.in"), tmp_path / "in" / "samegame.in")
    shutil.copy(os.path.join(DATA, "gopher", "sample.in"), tmp_path / "in" / "gopher.in")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    return tmp_path


@pytest.mark.parametrize("args, outputs", [
    (["samegame", "in/samegame.in", "-o", "out/judged"], {"judged"}),
    (["gopher", "show", "in/gopher.in", "--html", "out/page.html"], {"page.html"}),
    (["samegame", "solve", "--standard", "--iterations", "2", "--runs", "1", "-o", "out/r.jsonl"], {"r.jsonl"}),
    (["numberlink", "generate", "5", "--count", "2", "-o", "out/p.txt", "--svg", "out/sheet.html"],
     {"p.txt", "sheet.html"}),
    (["package", "gopher", "out/pkg", "--secret", "1"], {"pkg"}),
])
def test_a_command_writes_only_the_paths_it_was_given(cli, sandbox, args, outputs):
    before = snapshot(sandbox)
    p = cli(*[str(sandbox / a) if a.startswith(("in/", "out/")) else a for a in args], cwd=sandbox / "cwd")
    assert p.returncode == 0, p.stderr
    after = snapshot(sandbox)
    made = {k for k in after if k not in before}
    assert {k.split(os.sep)[1] for k in made} == outputs  # out/ holds what was asked for, nothing else
    assert all(k.startswith("out" + os.sep) for k in made)
    assert {k: v for k, v in after.items() if k in before} == before  # no input, no other file touched


@pytest.fixture
def outside(tmp_path):
    """A directory with a file, that a link in or at DIR points to."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "keep.txt").write_text("mine\n")
    return tmp_path / "outside"


def test_package_force_replaces_a_link_at_dir_not_what_it_points_to(cli, tmp_path, outside):
    (tmp_path / "pkg").symlink_to(outside, target_is_directory=True)
    p = cli("package", "gopher", tmp_path / "pkg", "--secret", "1", "--force")
    assert p.returncode == 0, p.stderr
    assert os.listdir(outside) == ["keep.txt"] and (outside / "keep.txt").read_text() == "mine\n"
    assert not (tmp_path / "pkg").is_symlink() and (tmp_path / "pkg" / "problem.yaml").is_file()
    assert sorted(os.listdir(tmp_path)) == ["outside", "pkg"]  # no leftover of the build or the old DIR


def test_package_force_removes_links_inside_dir_not_their_targets(cli, tmp_path, outside):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "data").symlink_to(outside, target_is_directory=True)
    (tmp_path / "pkg" / "file").symlink_to(outside / "keep.txt")
    p = cli("package", "gopher", tmp_path / "pkg", "--secret", "1", "--force")
    assert p.returncode == 0, p.stderr
    assert os.listdir(outside) == ["keep.txt"] and (outside / "keep.txt").read_text() == "mine\n"
    assert not (tmp_path / "pkg" / "data").is_symlink() and not (tmp_path / "pkg" / "file").exists()
    assert sorted(os.listdir(tmp_path)) == ["outside", "pkg"]


DEEP = "[" * 100_000 + "]" * 100_000


def test_campaign_results_nested_too_deep_are_a_located_error(cli, tmp_path):
    (tmp_path / "r.jsonl").write_text('{"board": ' + DEEP + "}\n")
    p = cli("samegame", "solve", "--standard", "--iterations", "2", "-o", tmp_path / "r.jsonl", "--resume")
    assert (p.returncode, p.stderr) == (1, f"gridgames samegame: {tmp_path / 'r.jsonl'}:1: not a result line "
                                           "of 'samegame solve -o'\n".encode())
    assert (tmp_path / "r.jsonl").read_text() == '{"board": ' + DEEP + "}\n"  # left as it was


def test_replay_moves_nested_too_deep_are_a_located_error(cli, tmp_path):
    (tmp_path / "m.txt").write_text('{"board": 1, "moves": ' + DEEP + "}\n")
    p = cli("samegame", "replay", "--standard", tmp_path / "m.txt")
    assert p.returncode == 1 and b"Traceback" not in p.stderr
    assert p.stderr.startswith(f"gridgames samegame: {tmp_path / 'm.txt'}:1:1: expected a JSON object".encode())
