"""Campaigns: seeds from (seed, board, run), results as they finish, the
results file (whole lines, a torn tail cut, other campaigns refused),
--resume after SIGKILL and Ctrl-C, the progress line, root-parallel wiring."""
import json
import os
import pty
import random
import select
import signal
import subprocess
import sys
import time
import types

import pytest

from gridgames.samegame import Board, Result, campaign, read_boards, standard_boards, write_boards
from gridgames.samegame._single import SearchResult
from gridgames.samegame._text import FormatError
from gridgames.samegame.research import _results as results
from gridgames.samegame.research._jobs import search_seed

MASK = 2**64 - 1


def splitmix(x):  # written out again from Steele, Lea and Flood (2014), not imported
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def small_boards(count=5, seed=5):
    rng = random.Random(seed)
    return write_boards(Board([[rng.randrange(3) for _ in range(7)] for _ in range(7)]) for _ in range(count))


def env_of(backend):
    return dict(os.environ, GRIDGAMES_PURE_PYTHON="1" if backend == "pure" else "0")


def gridgames(*args):
    return [sys.executable, "-m", "gridgames", *map(str, args)]


def searches(lines):
    """What a campaign found, whatever the order and the CPU times."""
    found = [json.loads(line) for line in lines]
    return sorted((o["board"], o["run"], o["seed"], o["score"], o["moves"], o["stopped"]) for o in found)


def test_search_seed_is_splitmix64_of_seed_board_run():
    assert splitmix(0) == 0xE220A8397B1DCDAF  # the published first output for seed 0
    assert search_seed(7, 3, 2) == splitmix(splitmix(splitmix(7) ^ 3) ^ 2)
    seeds = {search_seed(s, k, r) for s in range(3) for k in range(1, 21) for r in range(1, 11)}
    assert len(seeds) == 600  # no two searches share a stream


def test_campaign_results_do_not_depend_on_threads(backend):
    boards = read_boards(small_boards(3), backend=backend)
    one = list(campaign(boards, "nrpa", seed=4, runs=2, level=1, iterations=20))
    three = list(campaign(boards, "nrpa", seed=4, runs=2, threads=3, level=1, iterations=20))
    assert [(r.board, r.run) for r in one] == [(k, r) for k in (1, 2, 3) for r in (1, 2)]
    key = lambda r: (r.board, r.run)  # noqa: E731
    assert [r._replace(cpu=0) for r in sorted(three, key=key)] == [r._replace(cpu=0) for r in one]
    for r in one:
        s = boards[r.board - 1].search("nrpa", level=1, iterations=20, seed=search_seed(4, r.board, r.run))
        assert (r.score, r.moves, r.stopped, r.playouts) == tuple(s)
        assert boards[r.board - 1].copy().replay(r.moves) == r.score
        assert r.algo == "nrpa" and r.params == {"level": 1, "iterations": 20} and r.cpu >= 0
    skipped = list(campaign(boards, "nrpa", seed=4, runs=2, skip={(1, 1), (2, 2)}, level=1, iterations=20))
    assert [(r.board, r.run) for r in skipped] == [(1, 2), (2, 1), (3, 1), (3, 2)]


def test_result_lines_round_trip_and_junk_is_refused():
    r = Result(2, 3, 99, "nmcs", {"level": 2}, 17, [(1, 2), (3, 4)], None, 5, 0.25, "0.1.0", "abc")
    assert Result.from_line(r.line()) == r and r.line().startswith('{"board": 2, "run": 3, ')
    for junk in ("{}", "[1]", "nonsense", r.line().replace('"run": 3', '"run": "3"'),
                 r.line().replace('"moves": [[1, 2], [3, 4]]', '"moves": [1]')):
        with pytest.raises(ValueError):
            Result.from_line(junk)


def test_load_cuts_a_torn_last_line_only(tmp_path):
    r = Result(1, 1, 5, "nrpa", {}, 3, [(1, 1)], None, 1, 0.0, "0.1.0", "d")
    path = tmp_path / "runs.jsonl"
    path.write_text(r.line() + "\n" + r._replace(run=2).line()[:40])  # killed while writing line 2
    assert results.load(str(path)) == [(1, r)]
    assert path.read_text() == r.line() + "\n"
    for text in ("board 1: score 3, 1 moves: 1,1\n", r.line() + "\nboard 1: sc"):  # not ours: untouched
        path.write_text(text)
        with pytest.raises(FormatError, match=r"runs.jsonl:\d: not a result line"):
            results.load(str(path))
        assert path.read_text() == text
    assert results.load(str(tmp_path / "none.jsonl")) == []


@pytest.mark.slow
def test_resume_refuses_another_campaign(cli, tmp_path):
    (tmp_path / "b.txt").write_text(small_boards(2))
    out = tmp_path / "runs.jsonl"
    base = ("samegame", "solve", tmp_path / "b.txt", "--algo", "nrpa", "--iterations", "5", "-o", out)
    p = cli(*base)
    assert p.returncode == 0 and len(out.read_bytes().splitlines()) == 2
    kept = out.read_bytes()
    for args, words in [((), b"has results already: add --resume"),
                        (("--resume", "--iterations", "6"), b'runs.jsonl:1: made by another campaign (nrpa'),
                        (("--resume", "--seed", "1"), b"runs.jsonl:1: made by another campaign (another --seed)")]:
        p = cli(*base, *args)
        assert p.returncode == 2 and len(p.stderr.splitlines()) == 1, p.stderr
        assert words in p.stderr and out.read_bytes() == kept
    (tmp_path / "c.txt").write_text(small_boards(2, seed=6))
    p = cli("samegame", "solve", tmp_path / "c.txt", "--iterations", "5", "-o", out, "--resume")
    assert p.returncode == 2 and b"board 1 is not this board 1" in p.stderr and out.read_bytes() == kept
    p = cli(*base, "--resume", "--runs", "2")  # more runs: only the new ones are searched
    assert p.returncode == 0 and len(p.stdout.splitlines()) == 3, p.stderr
    assert all(line.split(b":")[1].startswith(b" run 2, ") for line in p.stdout.splitlines()[:2])
    assert p.stdout.splitlines()[-1].endswith(b" (best of 2 runs, 2 boards)")
    assert sorted(o[:2] for o in searches(out.read_bytes().splitlines())) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    p = cli("samegame", "solve", tmp_path / "b.txt", "-o", tmp_path / "b.txt", "--resume")
    assert p.returncode == 2 and b"must not be BOARDS" in p.stderr


@pytest.mark.slow
def test_sigkilled_campaign_resumes_to_the_same_lines(backend, tmp_path):
    """SIGKILL the driver at random moments (each after at least one more
    line is on disk), then --resume to the end: the same lines as a run
    left alone."""
    (tmp_path / "b.txt").write_text(small_boards(5))
    budget = ["--level", "2", "--iterations", "30"] if backend == "compiled" else ["--iterations", "20"]
    args = ["samegame", "solve", tmp_path / "b.txt", "--runs", "4", "--json", *budget, "--seed", "3"]
    whole = subprocess.run(gridgames(*args), capture_output=True, env=env_of(backend), check=True)
    out = tmp_path / "runs.jsonl"
    rng = random.Random(11)
    for _ in range(4):
        before = len(out.read_bytes().splitlines()) if out.exists() else 0
        p = subprocess.Popen(gridgames(*args, "-o", out, "--resume"), env=env_of(backend),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        while p.poll() is None and (not out.exists() or len(out.read_bytes().splitlines()) <= before):
            time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.03))
        p.send_signal(signal.SIGKILL)
        p.wait()
        assert out.read_bytes().endswith(b"\n")  # whole lines only (one write per line)
    assert 0 < len(out.read_bytes().splitlines()) < 20  # killed part-way
    p = subprocess.run(gridgames(*args, "-o", out, "--resume"), capture_output=True, env=env_of(backend))
    assert p.returncode == 0, p.stderr
    assert searches(out.read_bytes().splitlines()) == searches(whole.stdout.splitlines())


@pytest.mark.slow
def test_ctrl_c_marks_partial_results_and_resume_redoes_them(backend, tmp_path):
    (tmp_path / "b.txt").write_text(write_boards(standard_boards()[:2]))
    budget = ["--level", "2", "--iterations", "60"] if backend == "compiled" else ["--iterations", "15"]
    out = tmp_path / "runs.jsonl"
    args = gridgames("samegame", "solve", tmp_path / "b.txt", "--threads", "2", "--runs", "2", *budget,
                     "-o", out, "--resume")
    p = subprocess.Popen(args, env=env_of(backend), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # even if we ignore it
    while p.poll() is None and not (out.exists() and out.read_bytes()):
        time.sleep(0.01)
    p.send_signal(signal.SIGINT)
    stdout, stderr = p.communicate(timeout=120)
    assert p.returncode == 130 and stderr.startswith(b"gridgames samegame: interrupted after "), stderr
    lines = out.read_bytes().splitlines()
    partial = [o for o in map(json.loads, lines) if o["stopped"] == "interrupt"]
    assert partial and b"(interrupted)" in stdout
    assert all(o["playouts"] >= 1 for o in partial)
    for o in partial:  # a partial result is a real game: it replays to its score
        assert standard_boards()[o["board"] - 1].replay(map(tuple, o["moves"])) == o["score"]
    p = subprocess.run(args, capture_output=True, env=env_of(backend))
    assert p.returncode == 0, p.stderr
    final = [json.loads(line) for line in out.read_bytes().splitlines()]
    assert final[:len(lines)] == [json.loads(line) for line in lines]  # kept as they were
    done = sorted((o["board"], o["run"]) for o in final if o["stopped"] is None)
    assert done == [(1, 1), (1, 2), (2, 1), (2, 2)]  # each once: the interrupted ones searched again


def test_progress_line_on_a_terminal_and_pure_json_on_stdout(backend, tmp_path):
    (tmp_path / "b.txt").write_text(small_boards(3))
    master, slave = pty.openpty()
    p = subprocess.Popen(gridgames("samegame", "solve", tmp_path / "b.txt", "--runs", "2", "--json",
                                   "--iterations", "20"), env=env_of(backend),
                         stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    stdout, _ = p.communicate(timeout=120)
    shown = b""
    while select.select([master], [], [], 0.5)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert p.returncode == 0
    assert len([json.loads(line) for line in stdout.splitlines()]) == 6  # nothing else on stdout
    last = shown.split(b"\r\x1b[K")[-2].decode()  # the last line drawn before the end cleared it
    assert last.startswith("[6/6 searches] total ") and "(3/3 boards)" in last and "playouts/s" in last, shown
    best = [max(o["score"] for o in map(json.loads, stdout.splitlines()) if o["board"] == k) for k in (1, 2, 3)]
    assert f"total {sum(best):,} " in last and last.endswith(" | best " + " ".join(map(str, best)))


def test_root_parallel_wiring(backend, monkeypatch):
    """The campaign calls _rootpar.root_parallel (the sgsearch branch's)
    with the search's seed and an executor; a stand-in checks the wiring."""
    calls = []

    def root_parallel(board, *, level, iterations, seed, workers, executor, tabu=True, time=None, **options):
        futures = [executor.submit(search_seed, seed, w, 1) for w in range(workers)]
        calls.append((board, level, iterations, seed, workers, [f.result() for f in futures]))
        return SearchResult(7, [(1, 1)], None, workers)
    monkeypatch.setitem(sys.modules, "gridgames.samegame.research._rootpar",
                        types.SimpleNamespace(root_parallel=root_parallel))
    boards = read_boards(small_boards(2), backend=backend)
    found = list(campaign(boards, "nrpa", seed=8, runs=2, root_parallel=3, level=2))
    assert [(r.board, r.run, r.seed, r.score, r.cpu) for r in found] == \
        [(k, r, search_seed(8, k, r), 7, None) for k in (1, 2) for r in (1, 2)]
    assert found[0].params == {"level": 2, "root_parallel": 3}
    assert [c[1:5] for c in calls] == [(2, 100, search_seed(8, k, r), 3) for k in (1, 2) for r in (1, 2)]
    assert calls[0][5] == [search_seed(search_seed(8, 1, 1), w, 1) for w in range(3)] and calls[2][0] is boards[1]


def test_one_campaign_at_a_time_per_file(tmp_path):
    path = str(tmp_path / "runs.jsonl")
    first = results.Appender(path)
    try:
        with pytest.raises(ValueError, match="runs.jsonl is being written by another campaign"):
            results.Appender(path)
    finally:
        first.close()
    results.Appender(path).close()  # free again


def test_progress_text_counts_earlier_results_and_estimates_time_left():
    import io

    from gridgames.samegame.research._progress import Progress
    earlier = Result(2, 1, 5, "nrpa", {}, 40, [], None, 10, 0.1, "0.1.0", "d")
    progress = Progress(6, 3, [earlier, earlier._replace(run=2, score=90, stopped="interrupt")],
                        stream=io.StringIO())
    progress.add(earlier._replace(board=1, score=25, playouts=1000))
    text = progress.text()
    progress.close()
    assert text.startswith("[2/6 searches] total 115 (2/3 boards), ")  # the interrupted one is not done
    assert " playouts/s, 0:00:00 left" in text and len(text) <= 79  # cut to 80 columns (no terminal)
    assert " | best 25 90 -".startswith(text.split(" left", 1)[1])


def left_shown(progress):
    return progress.text().split(" left", 1)[0].rsplit(", ", 1)[1]


def test_progress_time_left_of_a_time_budget_counts_down():
    """--time 8 on two boards, one search at a time (the estimate
    once grew, 0:00:10 then 0:00:15 left): the budgets left, from the start."""
    import io

    from gridgames.samegame.research._progress import Progress
    now = [100.0]
    progress = Progress(2, 2, stream=io.StringIO(), budget=8, slots=1, clock=lambda: now[0])
    progress.every = 3600
    shown = [left_shown(progress)]
    now[0] += 5
    shown.append(left_shown(progress))
    now[0] += 3.5  # the first search ends a little after its 8 s
    progress.add(Result(1, 1, 5, "nrpa", {}, 40, [], None, 10, 0.1, "0.1.0", "d"))
    shown.append(left_shown(progress))
    now[0] += 5
    shown.append(left_shown(progress))
    now[0] += 10  # late: nothing left by the budget
    shown.append(left_shown(progress))
    progress.close()
    assert shown == ["0:00:16", "0:00:11", "0:00:08", "0:00:03", "0:00:00"]


def test_progress_time_left_of_budgets_run_in_parallel():
    import io

    from gridgames.samegame.research._progress import Progress
    now = [0.0]
    progress = Progress(5, 5, stream=io.StringIO(), budget=10, slots=2, clock=lambda: now[0])
    progress.every = 3600
    first = left_shown(progress)  # 2 at once: 10 + 10 + 10 s for 5 searches
    now[0] = 4  # one search ended early: its slot's next search begins now
    progress.add(Result(1, 1, 5, "beam", {}, 40, [], None, 10, 0.1, "0.1.0", "d"))
    second = left_shown(progress)  # slots end at 10 and 14; the 2 queued end at 20 and 24
    progress.close()
    assert (first, second) == ("0:00:30", "0:00:20")


def test_progress_time_left_without_a_budget_never_grows_between_results():
    import io

    from gridgames.samegame.research._progress import Progress
    now = [0.0]
    progress = Progress(3, 3, stream=io.StringIO(), clock=lambda: now[0])
    progress.every = 3600
    assert " left" not in progress.text()  # no pace yet
    now[0] = 6
    progress.add(Result(1, 1, 5, "nrpa", {}, 40, [], None, 10, 0.1, "0.1.0", "d"))
    shown = [left_shown(progress)]
    now[0] = 9
    shown.append(left_shown(progress))
    progress.close()
    assert shown == ["0:00:12", "0:00:09"]  # 6 s a search, 2 to go; 3 s later, 3 s less


def test_the_line_is_not_drawn_after_close():
    # close() can come while the ticking thread's wait has just timed out: it must not draw after it,
    # on a stream its owner may have closed (a sanitizer run saw "I/O operation on closed file")
    import io
    import threading

    from gridgames.samegame.research._progress import Progress

    class ClosedJustThen(threading.Event):
        def wait(self, timeout=None):  # the first wait times out just as close() comes; the next sees it
            was = self.is_set()
            self.set()
            return was

    stream = io.StringIO()
    progress = Progress(3, 3, stream=stream, plain="p")
    progress.close()
    progress.ended = ClosedJustThen()
    progress._tick()
    assert stream.getvalue() == ""


@pytest.mark.parametrize("flags, budget, slots", [(["--time", "30", "--threads", "2"], 30, 2),
                                                  (["--time", "30", "--ray"], 30, None), ([], None, 1)])
def test_solve_gives_the_progress_its_budget_and_slots(monkeypatch, tmp_path, flags, budget, slots):
    from gridgames.cli import main
    from gridgames.samegame.research import _driver
    made = []

    class Seen(Exception):
        pass

    def progress(*args, **kwargs):
        made.append((kwargs["budget"], kwargs["slots"]))
        raise Seen  # no search needed
    monkeypatch.setattr(_driver, "Progress", progress)  # the campaign's driver makes the line
    monkeypatch.setitem(sys.modules, "gridgames.samegame.research._ray", types.ModuleType("_ray"))  # no Ray needed
    (tmp_path / "b.txt").write_text(small_boards(2))
    with pytest.raises(Seen):
        main(["samegame", "solve", str(tmp_path / "b.txt"), "--algo", "random", "--progress", *flags])
    assert made == [(budget, slots)]


def test_plain_progress_lines_are_never_cut():
    """--progress off a terminal: each line whole (a log line is never cut
    to a terminal's width), with the best of every board."""
    import io

    from gridgames.samegame.research._progress import Progress
    stream = io.StringIO()
    progress = Progress(40, 20, [Result(k, 1, 5, "nrpa", {}, 1000 + k, [], None, 10, 0.1, "0.1.0", "d")
                                 for k in range(1, 21)], stream=stream, plain="gridgames samegame solve")
    progress.every = 3600  # no drawing by the thread: only the one below
    progress._draw()
    progress.close()
    line = stream.getvalue()
    assert line.startswith("gridgames samegame solve: [20/40 searches] total 20,210 (20/20 boards), ")
    assert line.endswith(" | best " + " ".join(str(1000 + k) for k in range(1, 21)) + "\n") and len(line) > 150


def test_ray_missing_is_a_usage_error_naming_the_fix(tmp_path):
    (tmp_path / "b.txt").write_text(small_boards(1))
    code = ("import sys; sys.modules['ray'] = None  # as if Ray were not installed\n"
            "from gridgames.cli import main; sys.exit(main(sys.argv[1:]))")
    p = subprocess.run([sys.executable, "-c", code, "samegame", "solve", tmp_path / "b.txt", "--ray",
                        "-o", tmp_path / "runs.jsonl"], capture_output=True)
    lines = p.stderr.decode().splitlines()  # a usage error: the usage, then one line naming the fix
    assert p.returncode == 2 and lines[0].startswith("usage: gridgames samegame solve ") and p.stdout == b""
    assert lines[-1] == 'gridgames samegame solve: error: Ray is not installed: pip install "gridgames[ray]"'
    assert not (tmp_path / "runs.jsonl").exists()  # nothing written
