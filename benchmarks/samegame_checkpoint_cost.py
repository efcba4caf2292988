"""The cost of checkpoints: one NRPA search (level 3, 30 iterations, standard board 1)
plain, stopped and gone on in memory at every checkpoint point, checkpointed to a file every 60 s,
and to a file at every checkpoint point; CPU seconds of this thread, side by side, twice.

    python benchmarks/samegame_checkpoint_cost.py
"""
import os
import tempfile
import time

from gridgames.samegame import _single, standard_boards
from gridgames.samegame.research import _checkpoint

OPTIONS = dict(level=3, iterations=30, seed=5)


def cpu(work):
    start = time.thread_time()
    found = work()
    return time.thread_time() - start, found


def in_memory(board):
    """The search stopped at every checkpoint point and gone on (no file): its result, its stops."""
    run = _single.nrpa_run(board, 3, 30, 5, True, 1, 0, 0, -1.0, 0.0, None, None)
    stops = 0
    while run.run(0.0, None, False, False, 0.0):
        stops += 1
    score, moves, _, _ = run.result()
    return (score, [tuple(m) for m in moves]), stops


def main():
    board = standard_boards()[0]
    for _ in range(2):
        with tempfile.TemporaryDirectory() as directory:
            plain_s, plain = cpu(lambda: board.search("nrpa", **OPTIONS))
            memory_s, (memory, stops) = cpu(lambda: in_memory(board))
            every_s, every = cpu(lambda: _checkpoint.run(board, os.path.join(directory, "a"), 60.0, **OPTIONS))
            all_s, all_ = cpu(lambda: _checkpoint.run(board, os.path.join(directory, "b"), 0.0, **OPTIONS))
        same = plain == every.result == all_.result and memory == (plain.score, plain.moves)
        print(f"plain {plain_s:.2f}, in memory at all {stops} points {memory_s:.2f}, a file every 60 s "
              f"{every_s:.2f}, a file at every point {all_s:.2f} CPU s; same result: {same}")


if __name__ == "__main__":
    main()
