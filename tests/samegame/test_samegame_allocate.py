"""Allocating campaigns (_allocate, solve --allocate): the searches after
the warm-up go to the boards whose score still moves, in rounds decided
from earlier rounds' scores only, so threads and resuming change nothing;
the report counts CPU seconds per point gained."""
import json
import random

import pytest

from gridgames.samegame import Board, Result, read_boards, write_boards
from gridgames.samegame.research._allocate import allocating, board_index, plan, report
from gridgames.samegame.research._jobs import search_seed


def _boards(backend, flat=False):
    rng = random.Random(7)
    boards = [Board([[rng.randrange(3) for _ in range(7)] for _ in range(7)]) for _ in range(3)]
    if flat:  # one region: every search scores the same
        boards[1] = Board(["11", "11"])
    return read_boards(write_boards(boards), backend=backend)


def test_board_index_is_gain_plus_spread_per_search():
    assert board_index([100, 100, 100], None) == 0
    assert board_index([0, 40], None) == (40 + 20) / 2
    assert board_index([50, 30], 20) == (30 + 10) / 2  # gained over the start game
    assert board_index([7], None) == 0


def test_plan_gives_each_search_to_the_highest_index_in_turn():
    assert plan({1: [0, 40], 2: [0, 36]}, {}, 3) == [1, 2, 1]  # 30, 27 -> 20, 27 -> 20, 18
    assert plan({1: [5, 5], 2: [5, 5]}, {}, 3) == [1, 2, 1]  # ties: the board searched least, then the lowest
    assert plan({1: [5, 5, 5], 2: [5, 5]}, {}, 1) == [2]
    assert plan({1: [0, 40], 2: [300, 300]}, {2: 100}, 2) == [2, 2]  # 2 gained 200 over its start
    assert plan({1: [0, 40]}, {}, 0) == []


def _key(r):
    return r.board, r.run


def test_the_extra_searches_go_where_scores_move_and_threads_change_nothing(backend):
    boards = _boards(backend, flat=True)
    one = list(allocating(boards, "nrpa", extra=6, batch=2, level=1, iterations=3, seed=5))
    two = list(allocating(boards, "nrpa", extra=6, batch=2, level=1, iterations=3, seed=5, threads=2))
    assert sorted(r._replace(cpu=0) for r in one) == sorted(r._replace(cpu=0) for r in two)
    runs = {k: sorted(r.run for r in one if r.board == k) for k in (1, 2, 3)}
    assert runs[2] == [1, 2] and len(runs[1]) + len(runs[3]) == 4 + 6  # the flat board: warm-up only
    assert all(runs[k] == list(range(1, len(runs[k]) + 1)) for k in (1, 3))
    for r in one:  # each search is the campaign's search of (board, run)
        s = boards[r.board - 1].search("nrpa", level=1, iterations=3, seed=search_seed(5, r.board, r.run))
        assert (r.score, r.moves, r.seed) == (s.score, s.moves, search_seed(5, r.board, r.run))


def test_resuming_from_part_of_the_results_gives_the_same_lines(backend):
    boards = _boards(backend)
    options = dict(extra=5, batch=2, level=1, iterations=4, seed=9)
    full = sorted((r._replace(cpu=0) for r in allocating(boards, "nrpa", **options)), key=_key)
    for cut in (3, 7, 10):
        earlier = full[:cut]
        rest = list(allocating(boards, "nrpa", earlier=earlier, **options))
        assert sorted(earlier + [r._replace(cpu=0) for r in rest], key=_key) == full


def test_improve_starts_count_as_the_first_score():
    boards = _boards("compiled")
    game = boards[0].search("nrpa", level=1, iterations=30, seed=1)
    starts = [(game.score, game.moves), None, None]
    found = list(allocating(boards, "nrpa", extra=2, batch=1, improve=starts, level=1, iterations=2))
    assert min(r.score for r in found if r.board == 1) >= game.score
    assert all(r.params["improve"] for r in found)


def test_bad_arguments():
    with pytest.raises(ValueError, match="runs >= 2"):
        list(allocating(_boards("compiled"), "nrpa", extra=3, runs=1))


def _result(board, run, score, cpu):
    return Result(board, run, 0, "nrpa", {}, score, [], None, 1, cpu, "0", "d")


def test_report_counts_cpu_per_point_gained():
    results = [_result(1, 1, 100, 2.0), _result(1, 2, 130, 3.0), _result(1, 3, 110, 1.0),
               _result(2, 1, 50, 1.0), _result(2, 2, 40, 1.0), _result(3, 1, 9, None)]
    rows = report(results)
    assert rows[0] == dict(board=1, searches=3, cpu=4.0, first=100, best=130, gained=30, cpu_per_point=4.0 / 30)
    assert rows[1]["gained"] == 0 and rows[1]["cpu_per_point"] is None
    assert rows[2]["cpu"] == 0 and rows[2]["cpu_per_point"] is None
    with_start = report(results[:3], [90, None, None])
    assert with_start[0]["first"] == 90 and with_start[0]["cpu"] == 6.0 and with_start[0]["gained"] == 40


@pytest.mark.slow
def test_solve_allocate_writes_the_lines_and_prints_the_report(cli, tmp_path):
    boards = tmp_path / "b.txt"
    boards.write_text(write_boards(_boards("compiled")))
    out = tmp_path / "runs.jsonl"
    p = cli("samegame", "solve", boards, "--allocate", "3", "--batch", "2", "--iterations", "3", "-o", out)
    assert p.returncode == 0, p.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 3 * 2 + 3
    text = p.stdout.decode().splitlines()
    assert text[-5].startswith("total ") and "best of 9 searches" in text[-5]
    assert text[-4].split() == ["board", "searches", "CPU", "s", "paid", "from", "best", "gained", "CPU",
                                "s/point"]
    assert sum(int(row.split()[1]) for row in text[-3:]) == 9
    again = cli("samegame", "solve", boards, "--allocate", "3", "--batch", "2", "--iterations", "3", "-o", out,
                "--resume")
    assert again.returncode == 0 and len(out.read_text().splitlines()) == 9  # nothing left to search
    assert cli("samegame", "solve", boards, "--batch", "2").returncode == 2
    refused = cli("samegame", "solve", boards, "--allocate", "2", "--runs", "1")
    assert refused.returncode == 2 and b"argument --allocate: needs --runs 2 or more" in refused.stderr
