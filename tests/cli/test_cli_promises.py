"""Where the command line did not do what it said, each as it must behave now: 'no limit' said so
(--time 0 refused, null in JSON, old files still load), replay on campaign
files, all or nothing with several outputs, one way to quote bad bytes, the
notice before a big page, --progress on a non-terminal."""
import json
import subprocess
import sys

import pytest

from gridgames._runtime import compare, judge, progress_line, strict_reader
from gridgames.cli import _pictures as pictures_cli, main, numberlink as numberlink_cli
from gridgames.samegame import best_known

TWO = "1 1 2 3\n1 2 2 3\n3 3 1 1\n2 2 1 3\n\n1 1 2\n2 2 1\n1 3 3\n"
OTHER = "1 2 1\n2 1 2\n1 2 1\n"
UNTIL_TIME = 2**62  # what older campaign files stored for "until the time is up"


def run(capsys, *argv):
    """main(argv) in this process: (exit status, stdout, stderr)."""
    try:
        status = main([str(a) for a in argv])
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def usage_error(err, command):
    """argparse's usage, then exactly one error line, which is returned."""
    *usage, last = err.splitlines()
    assert usage[0].startswith(f"usage: gridgames {command} ") and all(u.startswith(" ") for u in usage[1:])
    assert last.startswith(f"gridgames {command}: error: ")
    return last


@pytest.fixture
def two(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.txt").write_text(TWO)
    return tmp_path


@pytest.mark.parametrize("value", ["0", "1e9", "inf", "nan", "x"])
def test_time_0_is_refused_not_endless(two, capsys, value):
    """--time 0 (no limit nowhere) and a limit at or past 1e9 seconds are
    refused; the message says the range, so '1e9' is not called not positive."""
    status, out, err = run(capsys, "samegame", "solve", "two.txt", "--time", value)
    assert status == 2 and out == ""
    assert usage_error(err, "samegame solve").endswith(
        f"argument --time: SECONDS is a positive number below 1e9 (31 years), not '{value}'")


def test_until_the_time_is_up_is_null_and_old_files_still_load(two, capsys):
    status, out, _ = run(capsys, "samegame", "solve", "two.txt", "--time", "0.05", "-o", "c.jsonl")
    assert status == 0
    lines = (two / "c.jsonl").read_text().splitlines()
    assert all(json.loads(line)["params"]["restarts"] is None for line in lines) and len(lines) == 2
    assert str(UNTIL_TIME) not in out + "".join(lines)
    old = [line.replace('"restarts": null', f'"restarts": {UNTIL_TIME}') for line in lines]
    (two / "old.jsonl").write_text("\n".join(old) + "\n")
    status, out, err = run(capsys, "samegame", "solve", "two.txt", "--time", "0.05", "-o", "old.jsonl",
                           "--resume", "--runs", "2")  # resumed: the file made by the same search
    assert status == 0 and err == "" and out.endswith("(best of 2 runs, 2 boards)\n")
    added = (two / "old.jsonl").read_text().splitlines()[2:]
    assert len(added) == 2 and all(json.loads(line)["params"]["restarts"] is None for line in added)


def test_best_known_shows_no_internal_number():
    assert all(str(UNTIL_TIME) not in b.source for b in best_known())
    assert any("restarts=None" in b.source for b in best_known())


def test_replay_counts_a_campaign_as_solve_does(two, capsys):
    status, out, _ = run(capsys, "samegame", "solve", "two.txt", "--runs", "3", "--iterations", "2",
                         "-o", "camp.jsonl")
    assert status == 0
    total = out.splitlines()[-1]
    assert total.endswith("(best of 3 runs, 2 boards)")
    status, replayed, err = run(capsys, "samegame", "replay", "two.txt", "camp.jsonl")
    assert status == 0 and err == "" and replayed.splitlines()[-1] == total
    assert replayed.splitlines()[:2] == [f"board 1: run {r}, score {line.split('score ')[1].split(',')[0]}"
                                         for r, line in zip((1, 2), out.splitlines()[:2])]
    # solve's text output is read back the same way
    (two / "camp.txt").write_text(out)
    status, text, _ = run(capsys, "samegame", "replay", "two.txt", "camp.txt")
    assert status == 0 and text == replayed


def test_replay_reports_torn_and_interrupted_lines_and_does_not_count_them(two, capsys):
    run(capsys, "samegame", "solve", "two.txt", "--runs", "2", "--iterations", "2", "-o", "camp.jsonl")
    lines = (two / "camp.jsonl").read_text().splitlines()
    results = [json.loads(line) for line in lines]
    cut = dict(results[0], stopped="interrupt", score=0, moves=[])  # an interrupted search, then its rerun
    (two / "resumed.jsonl").write_text(json.dumps(cut) + "\n" + "\n".join(lines) + "\n" + lines[3][:-30])
    status, out, err = run(capsys, "samegame", "replay", "two.txt", "resumed.jsonl")
    assert status == 0
    assert err.splitlines() == [  # the torn line when the file is read, then the lines replayed
        "gridgames samegame: resumed.jsonl:6: a torn line (its campaign was stopped while writing it): "
        "not counted",
        "gridgames samegame: resumed.jsonl:1: board 1: run 1 was interrupted: not counted"]
    best = {k: max(r["score"] for r in results if r["board"] == k) for k in (1, 2)}
    assert out.splitlines()[-1] == f"total {sum(best.values())} (best of 2 runs, 2 boards)"
    assert len(out.splitlines()) == 5  # the 4 searches, once each, and the total


def test_replay_on_other_boards_says_so(two, capsys):
    run(capsys, "samegame", "solve", "two.txt", "--iterations", "2", "--json", "-o", "camp.jsonl")
    (two / "other.txt").write_text(OTHER)
    status, out, err = run(capsys, "samegame", "replay", "other.txt", "camp.jsonl")
    assert status == 1 and out == ""
    assert err.startswith("gridgames samegame: camp.jsonl:1: board 1: the line is for another board (its "
                          "digest ") and len(err.splitlines()) == 1


def test_replay_usage_is_what_it_takes(two, capsys):
    status, out, err = run(capsys, "samegame", "replay", "--help")
    assert status == 0 and "[BOARDS] MOVES\n" in out and "BOARDS MOVES [" not in out
    status, _, err = run(capsys, "samegame", "replay", "two.txt", "a", "two.txt", "b")
    assert status == 2 and "unrecognized arguments: two.txt b" in usage_error(err, "samegame replay")
    status, _, err = run(capsys, "samegame", "replay", "a")
    assert status == 2 and usage_error(err, "samegame replay").endswith("give BOARDS and MOVES, or --standard or "
                                                                        "--research N and MOVES")


# Ray installed, not started: the same with or without the [ray] extra (exit 2 where Ray is missing,
# test_samegame_campaign.py's test_ray_missing_is_a_usage_error_naming_the_fix)
AS_IF_RAY = ("import sys, types; sys.modules['ray'] = types.SimpleNamespace(is_initialized=lambda: False)\n"
             "from gridgames.cli import main; sys.exit(main(sys.argv[1:]))")


def test_solve_that_cannot_start_prints_no_total(two):
    # a process of its own: a Ray another test started in this one would be used
    p = subprocess.run([sys.executable, "-c", AS_IF_RAY, "samegame", "solve", "two.txt", "--ray", "127.0.0.1:1"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and p.stdout == "" and len(p.stderr.splitlines()) == 1, p.stderr
    assert "cannot join Ray at 127.0.0.1:1: nothing answers there" in p.stderr


def test_numberlink_writes_no_output_when_a_sheet_page_is_in_the_way(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    status, _, _ = run(capsys, "numberlink", "generate", "8", "--count", "40", "--svg", "sheet.svg",
                       "-o", "first.txt")
    pages = sorted(p.name for p in tmp_path.iterdir())
    assert status == 0 and len(pages) > 3
    status, out, err = run(capsys, "numberlink", "generate", "8", "--count", "2", "--unique", "--svg", "sheet.svg",
                           "-o", "out.txt")
    assert status == 2 and out == "" and "is a page of an earlier, longer sheet" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == pages  # out.txt not written, no page replaced
    status, out, err = run(capsys, "numberlink", "generate", "8", "--count", "2", "--svg", "no/s.svg",
                           "-o", "out.txt")
    assert (status, err) == (2, "gridgames numberlink: cannot write no/s-1.svg: No such file or directory\n")
    assert not (tmp_path / "out.txt").exists()
    status, out, err = run(capsys, "numberlink", "generate", "8", "--count", "2", "--svg", "new.svg",
                           "-o", "out.txt")
    assert status == 0 and (tmp_path / "out.txt").read_text().count("\n\n") == 1
    assert (tmp_path / "new-1.svg").exists() and (tmp_path / "new-2.svg").exists()


def test_outdir_that_is_a_file_says_not_a_directory(tmp_path, capsys):
    (tmp_path / "in.txt").write_text("1 1\n1\n0 0\n0 0\n")
    (tmp_path / "afile").write_text("keep")
    status, out, err = run(capsys, "samegame", tmp_path / "in.txt", "--outdir", tmp_path / "afile")
    assert (status, out) == (2, "")
    assert err == f"gridgames samegame: cannot write {tmp_path / 'afile'}: it exists and is not a directory\n"
    assert (tmp_path / "afile").read_text() == "keep"


TOKENS = [b"\x8cyMx+", "é".encode(), b"\x1b[0m", b"\xff\xfe", b"a\tb", "ٵ".encode(), b"\xc3", b"x\x00y",
          b"\x7f", "\u200b".encode()]


@pytest.mark.parametrize("token", TOKENS, ids=range(len(TOKENS)))
def test_bad_bytes_are_quoted_one_way(token):
    judged = judge.quoted(token)
    assert compare._show(token) == judged  # check's messages
    assert strict_reader.Reader(token).found(0) == judged  # validate's


def test_check_quotes_as_the_judge_does(tmp_path, capsys):
    (tmp_path / "in.txt").write_text("1 1\n1\n0 0\n0 0\n")
    (tmp_path / "bad.bin").write_bytes(b"\x8cyMx+" + b"z" * 80 + b"\n")
    status, _, err = run(capsys, "samegame", "check", tmp_path / "in.txt", tmp_path / "bad.bin")
    assert status == 1
    assert err.endswith("found '\\x8cyMx+" + "z" * 55 + "...'\n"), err
    (tmp_path / "bad.in").write_bytes(b"\x8cyMx+\n")
    status, _, judged = run(capsys, "samegame", tmp_path / "bad.in", "-o", tmp_path / "bad.out")
    assert status == 1 and judged.endswith("found '\\x8cyMx+'\n")


def test_a_big_page_gets_a_notice_first(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(pictures_cli, "BIG_PAGE", 1000)
    (tmp_path / "in.txt").write_text("2 2\n1 1\n2 2\n1 1 0 0\n0 0\n")
    status, _, err = run(capsys, "samegame", "show", tmp_path / "in.txt", "--html", tmp_path / "p.html")
    assert status == 0 and err == (f"gridgames samegame: note: writing a 0 MB page to {tmp_path / 'p.html'}; "
                                   "browsers open such pages slowly (fewer cases make a smaller page)\n")
    monkeypatch.setattr(pictures_cli, "BIG_PAGE", 10 * 2**20)
    status, _, err = run(capsys, "samegame", "show", tmp_path / "in.txt", "--html", tmp_path / "p.html")
    assert status == 0 and err == ""


def test_progress_on_a_non_terminal_only_with_the_option(two, monkeypatch, capsys):
    monkeypatch.setattr(progress_line, "PLAIN_EVERY", 0.05)
    status, out, err = run(capsys, "samegame", "solve", "two.txt", "--time", "0.3")
    assert status == 0 and err == ""  # standard error is not a terminal here
    status, out, err = run(capsys, "samegame", "solve", "two.txt", "--time", "0.3", "--progress")
    lines = err.splitlines()
    assert status == 0 and len(lines) >= 3 and "\r" not in err and "\x1b" not in err
    assert all(line.startswith("gridgames samegame solve: [") and " searches] total " in line for line in lines)


def test_numberlink_progress_plain_lines(monkeypatch, capsys):
    progress = numberlink_cli._Progress(3, plain="gridgames numberlink")
    progress.every = 0.0
    progress.begin("puzzle 1 (9x9, 5 pairs)")
    progress(1000)
    progress.end()
    err = capsys.readouterr().err
    assert err.startswith("gridgames numberlink: [0/3 done] puzzle 1 (9x9, 5 pairs): 1,000 nodes, ")
    assert err.endswith(" s\n") and "\r" not in err and err.count("\n") == 1


def test_restarts_none_means_until_the_time_is_up():
    from gridgames.samegame import Board
    board = Board([[1, 1, 2], [2, 2, 1], [1, 3, 3]])
    with pytest.raises(ValueError, match="restarts=None .until the time is up. needs a time"):
        board.search("nrpa", restarts=None)
    found = board.search("nrpa", restarts=None, time=0.05)
    assert found.stopped == "time" and board.copy().replay(found.moves) == found.score


def test_replay_checks_its_page_before_printing(two, capsys):
    run(capsys, "samegame", "solve", "two.txt", "--iterations", "2", "-o", "camp.jsonl")
    status, out, err = run(capsys, "samegame", "replay", "two.txt", "camp.jsonl", "--html", "no/r.html")
    assert (status, out, err) == (2, "", "gridgames samegame: cannot write no/r.html: No such file or directory\n")
