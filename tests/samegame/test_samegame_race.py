"""The kept colour raced at run time (tabu_colour="race"): which colours
race, successive halving inside the budget, the best game of every run, a
stop that ends the race, and what is refused."""
import math

import pytest

from gridgames.samegame import Board, _race


def test_contenders_are_the_near_ties_most_cells_first():
    # colour 3: 10 cells, 1: 9 (90 %), 2: 9, 0: 8 (80 %): 3 races against 1 and 2
    rows = ["333333333", "311111111", "122222222", "200000000"]
    assert _race.contenders(Board(rows)) == [3, 1, 2]
    assert _race.contenders(Board(["1111", "1122"])) == [1]        # 6 against 2: no race
    assert _race.contenders(Board(["1212", "2121"])) == [1, 2]     # a tie: the lower colour first
    assert _race.contenders(Board(["12"]).copy()) == [1, 2]


class FakeRun:
    """An NrpaRun that scores what it is told and records its runs."""

    def __init__(self, colour, scores, log, stops=None):
        self.colour, self.scores, self.log, self.stops, self.calls = colour, scores, log, stops or {}, 0
        self.stopped = 0

    def run(self, seconds, stop, poll_signals, cpu_time, every=-1.0):
        self.log.append((self.colour, seconds, every))
        self.calls += 1
        self.stopped = self.stops.get((self.colour, self.calls), 1)  # 1: time, as a timed run ends

    def result(self):
        score = max(self.scores[self.colour][:self.calls], default=0)  # the best so far, as NrpaRun's
        return score, [(1, self.colour)], self.stopped, 10 * self.calls


def test_successive_halving_then_the_rest_to_the_winner():
    log = []
    scores = {0: [100, 150], 1: [300, 500, 900], 2: [200, 400], 3: [50]}
    score, moves, stopped, playouts = _race.race(lambda c: FakeRun(c, scores, log), [0, 1, 2, 3], 10.0,
                                                 None, False, True)
    per_round = _race.SHARE * 10.0 / 2  # 4 colours: 2 rounds
    assert [(c, s) for c, s, _ in log[:4]] == [(c, per_round / 4) for c in (0, 1, 2, 3)]
    assert [(c, s) for c, s, _ in log[4:6]] == [(1, per_round / 2), (2, per_round / 2)]  # the better half
    assert all(every == math.inf for _, _, every in log[:6])  # runs that can go on
    (winner, left, every), = log[6:]
    assert winner == 1 and every == -1.0 and 10.0 - per_round * 2 - 1 < left <= 10.0
    assert (score, moves, stopped) == (900, [(1, 1)], 1) and playouts == 10 * (3 + 2 + 1 + 1)


def test_a_tie_keeps_the_colour_with_more_cells():
    log = []
    scores = {0: [500, 520], 1: [500, 900]}
    score, moves, _, _ = _race.race(lambda c: FakeRun(c, scores, log), [0, 1], 4.0, None, False, False)
    assert [c for c, _, _ in log] == [0, 1, 0] and (score, moves) == (520, [(1, 0)])


def test_a_stop_ends_the_race_with_the_best_so_far():
    log = []
    scores = {0: [100], 1: [700], 2: [300]}
    stops = {(1, 1): 3}  # Ctrl-C during colour 1's first run
    score, moves, stopped, _ = _race.race(lambda c: FakeRun(c, scores, log, stops), [0, 1, 2], 6.0,
                                          None, False, False)
    assert [c for c, _, _ in log] == [0, 1] and (score, moves, stopped) == (700, [(1, 1)], 3)


def test_a_real_race_replays(backend):
    rows = ["1212", "2121", "1122", "2211", "1212"]
    r = Board(rows, backend=backend).search("nrpa", level=2, iterations=3, restarts=None, time=0.3,
                                            tabu_colour="race")
    assert Board(rows).replay(r.moves) == r.score and r.playouts > 0


@pytest.mark.parametrize("options", [dict(algo="beam", time=1.0), dict(algo="nrpa"),
                                     dict(algo="nrpa", time=1.0, tabu=False)])
def test_what_cannot_race(options):
    algo = options.pop("algo")
    with pytest.raises(ValueError, match="tabu_colour='race' needs"):
        Board(["1212", "2121"]).search(algo, tabu_colour="race", **options)


@pytest.mark.parametrize("args, words", [
    ((), "race needs --time"),
    (("--time", "1", "--algo", "nmcs"), "race only with --algo nrpa"),
    (("--time", "1", "--level", "2", "--root-parallel", "2"), "race not allowed with --root-parallel"),
    (("--time", "1", "--checkpoint", "ck"), "race not allowed with --checkpoint"),
])
def test_cli_refusals(cli, args, words):
    p = cli("samegame", "solve", "--research", "1", "--tabu-colour", "race", *args)
    assert p.returncode == 2 and words in p.stderr.decode() and b"Traceback" not in p.stderr
