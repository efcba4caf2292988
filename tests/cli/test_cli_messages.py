"""Messages in the words a user types: the
option names and their placeholders, the range written out, what to do."""
import pytest

from gridgames.cli import main

BOARD = "0 1 0\n1 0 1\n0 1 0\n"


def last_line(argv, capsys, status=2):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == status
    return capsys.readouterr().err.splitlines()[-1]


@pytest.mark.parametrize("option, text, said", [
    ("--tabu-bias", "-1", "argument --tabu-bias: B must be a finite number >= 0, not '-1'"),
    ("--tabu-bias", "inf", "argument --tabu-bias: B must be a finite number >= 0, not 'inf'"),
    ("--size-bias", "nan", "argument --size-bias: B must be a finite number, not 'nan'"),
    ("--iterations", "0", "argument --iterations: N must be an integer in 1..2147483647, not '0'"),
    ("--iterations", "2147483648", "argument --iterations: N must be an integer in 1..2147483647, not '2147483648'"),
    ("--stab", "0", "argument --stab: P must be an integer in 1..2147483647, not '0'"),
    ("--width", "100001", "argument --width: W must be an integer in 1..100000, not '100001'"),
    ("--root-parallel", "0", "argument --root-parallel: W must be an integer in 1..1000000, not '0'"),
])
def test_solve_numbers_in_option_words(option, text, said, tmp_path, capsys):
    (tmp_path / "b.txt").write_text(BOARD)
    algo = ["--algo", "beam"] if option == "--width" else []
    line = last_line(["samegame", "solve", str(tmp_path / "b.txt"), *algo, option, text], capsys)
    assert line == f"gridgames samegame solve: error: {said}"


def test_allocate_needs_two_runs_in_option_words(tmp_path, capsys):
    (tmp_path / "b.txt").write_text(BOARD)
    line = last_line(["samegame", "solve", str(tmp_path / "b.txt"), "--runs", "1", "--allocate", "3"], capsys)
    assert line.startswith("gridgames samegame solve: error: argument --allocate: needs --runs 2 or more ")
    assert line.endswith("not --runs 1")


def test_root_parallel_needs_level_two(tmp_path, capsys):
    (tmp_path / "b.txt").write_text(BOARD)
    line = last_line(["samegame", "solve", str(tmp_path / "b.txt"), "--root-parallel", "2", "--restarts", "1"], capsys)
    assert line.endswith("argument --root-parallel: needs --level 2 or more (its workers run level L-1), not "
                         "level 1 (the default without --time)")


def test_gopher_picks_states_its_range(capsys):
    line = last_line(["gopher", "generate", "--picks", "-3"], capsys)
    assert line == "gridgames gopher generate: error: --picks must be 0..10000, not -3"


def test_numberlink_counts_name_no_other_placeholder(capsys):
    line = last_line(["numberlink", "solve", "x.txt", "--max-nodes", "0"], capsys)
    assert line == "gridgames numberlink solve: error: argument --max-nodes: expected an integer 1 or more, not '0'"


def test_a_checkpoint_file_says_what_to_do(tmp_path, capsys):
    (tmp_path / "b.txt").write_text(BOARD)
    (tmp_path / "ck").write_text("a file")
    assert main(["samegame", "solve", str(tmp_path / "b.txt"), "--checkpoint", str(tmp_path / "ck")]) == 2
    err = capsys.readouterr().err
    assert err == (f"gridgames samegame: cannot write checkpoints to {tmp_path / 'ck'}: it is a file; --checkpoint "
                   "names a directory (made if missing, gone on from when it holds this campaign's checkpoints)\n")


def test_solve_output_a_directory_says_so(tmp_path, capsys):
    """Item 6: as every other command says it, with their status (2)."""
    (tmp_path / "b.txt").write_text(BOARD)
    assert main(["samegame", "solve", str(tmp_path / "b.txt"), "-o", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"gridgames samegame: cannot write {tmp_path}: Is a directory\n"
    assert main(["samegame", "generate", "-o", str(tmp_path)]) == 2
    assert capsys.readouterr().err.endswith(": Is a directory\n")


def test_package_secret_is_capped(tmp_path, capsys):
    """Item 13: like generate --count, a cap, with the range in the message; nothing written."""
    line = last_line(["package", "samegame", str(tmp_path / "pkg"), "--secret", "100000"], capsys)
    assert line == "gridgames package: error: argument --secret: N must be an integer in 1..999, not '100000'"
    assert list(tmp_path.iterdir()) == []
    from gridgames.kattis import write_package
    with pytest.raises(ValueError, match="1..999"):
        write_package("samegame", tmp_path / "p", secret=1000)


def test_svg_names_end_in_svg_and_the_files_written_are_said(tmp_path, capsys, monkeypatch):
    """Item 10: FILE ends in .svg or .html (else exit 2, nothing written);
    the files written are named on standard error."""
    monkeypatch.chdir(tmp_path)
    line = last_line(["numberlink", "generate", "5", "--svg", "sheet.txt"], capsys)
    assert line.endswith("argument --svg: FILE must end in .svg (one file per page) or .html (one file), "
                         "not 'sheet.txt'")
    assert list(tmp_path.iterdir()) == []
    assert main(["numberlink", "generate", "5", "--count", "30", "--svg", "sheet.svg", "-o", "p.txt"]) == 0
    pages = sorted((p.name for p in tmp_path.glob("sheet*")), key=lambda n: int(n[6:-4]))
    assert len(pages) > 4 and pages == [f"sheet-{k}.svg" for k in range(1, len(pages) + 1)]
    err = capsys.readouterr().err
    assert err == (f"gridgames numberlink: wrote sheet-1.svg, sheet-2.svg, ... sheet-{len(pages)}.svg "
                   f"({len(pages)} files)\n")
    assert main(["numberlink", "generate", "5", "--svg", "one.html", "-o", "p.txt"]) == 0
    assert capsys.readouterr().err == "gridgames numberlink: wrote one.html (1 file)\n"


def readme_recipe():
    """The lines of docs/reference/command-line.md that install the completion scripts and the man page."""
    from pathlib import Path
    text = (Path(__file__).parents[2] / "docs" / "reference" / "command-line.md").read_text()
    block = text.split("made from the commands themselves:", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_the_man_page_and_completion_recipes_work_on_a_fresh_account(tmp_path):
    """The docs' recipe, word for word, with a fresh HOME (no
    ~/.local/share/...) and ~/.local/bin not on PATH: every line succeeds,
    and man finds the page."""
    import os
    import shutil
    import subprocess
    import sys
    home, shim = tmp_path / "home", tmp_path / "bin"
    home.mkdir()
    shim.mkdir()
    pythonpath = os.pathsep.join(map(os.path.abspath, os.environ.get("PYTHONPATH", "").split(os.pathsep)))
    (shim / "gridgames").write_text(f"#!/bin/sh\nPYTHONPATH={pythonpath} exec {sys.executable} -m gridgames \"$@\"\n")
    (shim / "gridgames").chmod(0o755)
    env = dict(HOME=str(home), PATH=f"{shim}:/usr/bin:/bin", LANG="C.UTF-8", MANPAGER="cat", PAGER="cat")
    lines = [line for line in readme_recipe() if not line.startswith("man ")]
    assert any("manpage -o" in line for line in lines) and any("MANPATH" in line for line in lines)
    script = "set -e\n" + "\n".join(lines) + "\n"
    if shutil.which("man"):
        script += "man -w gridgames\n"
    p = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    page = home / ".local/share/man/man1/gridgames.1"
    assert page.read_text().startswith(".TH GRIDGAMES 1")
    assert (home / ".local/share/bash-completion/completions/gridgames").stat().st_size > 0
    if shutil.which("man"):
        assert p.stdout.strip() == str(page)


def test_manpage_makes_its_directories_and_says_when_it_cannot(tmp_path, capsys):
    assert main(["manpage", "-o", str(tmp_path / "a" / "b" / "gridgames.1")]) == 0
    assert (tmp_path / "a" / "b" / "gridgames.1").read_text().startswith(".TH")
    (tmp_path / "file").write_text("")
    assert main(["manpage", "-o", str(tmp_path / "file" / "x.1")]) == 2
    assert capsys.readouterr().err == f"gridgames manpage: cannot write {tmp_path / 'file' / 'x.1'}: Not a directory\n"
