"""Progress lines show the running search's own work: the playouts and best
score a SameGame search has so far (its kernel keeps them in its Stop), a
rate over the last seconds rather than since the start, and for Number
Link's --unique the nodes of all its searches."""
import io

import pytest

from gridgames.cli.numberlink import _Progress as NumberlinkProgress
from gridgames.samegame import Board, _single
from gridgames.samegame.research._campaign import campaign
from gridgames.samegame.research._jobs import Live
from gridgames.samegame.research._progress import Progress

ROWS = ["01201201", "12012012", "20120120", "01122001", "22001122", "10210210", "02102102"]


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_search_keeps_its_playouts_and_best_in_its_stop(backend):
    board = Board(ROWS, backend=backend)
    stop = board.stop_flag()
    assert stop.seen_so_far == (0, -1)
    found = _single.run(board, "nrpa", level=2, iterations=5, seed=3, stop=stop)
    assert stop.seen_so_far == (found.playouts, found.score) and not stop.is_set


class Recording(Live):
    """A Live that keeps every search's Stop, to read after the campaign."""

    def __init__(self):
        super().__init__()
        self.stops = {}

    def begin(self, job, stop):
        self.stops[job[:2]] = stop
        super().begin(job, stop)


@pytest.mark.parametrize("threads", [1, 2])
def test_a_campaign_shows_each_search_under_way(backend, threads):
    live = Recording()
    boards = [Board(ROWS, backend=backend), Board(ROWS[::-1], backend=backend)]
    results = list(campaign(boards, "nrpa", level=2, iterations=4, runs=2, threads=threads, live=live))
    assert len(results) == 4 and live.seen() == []  # none under way any more
    for r in results:  # each had a Stop of its own, in which its kernel counted
        assert live.stops[r.board, r.run].seen_so_far == (r.playouts, r.score)


class Running:
    """Searches under way, as a Live reports them."""

    def __init__(self):
        self.under_way = []

    def seen(self):
        return list(self.under_way)


def test_the_samegame_line_counts_the_searches_under_way():
    clock, running = Clock(), Running()
    line = Progress(2, 2, stream=io.StringIO(), plain="solve", clock=clock, live=running)
    try:
        clock.now, running.under_way = 2.0, [(1, 500, -1), (2, 300, 1234)]
        text = line.text()
        assert "[0/2 searches] total 1,234 (1/2 boards), 400 playouts/s" in text and text.endswith("best - 1234")
        for t in range(3, 31):  # a pace of 1,000 playouts/s from 10 s on
            clock.now, running.under_way = float(t), [(1, 800 + 1000 * max(0, t - 10), 2000)]
            text = line.text()
        assert "total 2,000 (1/2 boards), 1,000 playouts/s" in text, text
    finally:
        line.close()


def test_numberlink_counts_the_nodes_of_every_search_of_a_puzzle():
    clock, out = Clock(), io.StringIO()
    line = NumberlinkProgress(1, plain="numberlink", clock=clock)
    line.stream = out
    line.begin("seed 0")
    for t, nodes in [(6.0, 256), (12.0, 256), (18.0, 256), (24.0, 512)]:  # the second and third: new searches
        clock.now = t
        line(nodes)
    shown = out.getvalue().splitlines()
    assert shown[0] == "numberlink: [0/1 done] seed 0: 256 nodes, 43 nodes/s, 6.0 s", shown
    assert shown[-1] == "numberlink: [0/1 done] seed 0: 1,024 nodes in 3 searches, 43 nodes/s, 24.0 s", shown
