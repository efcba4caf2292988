"""Bounded memory with no exceptions: one huge tile-match data set
(its moves kept as 16-bit codes, those beyond SPILL in a temporary file),
the pure backend's output buffer bounded by bytes, and one error text for a
write failure on both backends.  Peak RSS is measured in a subprocess, on
inputs generated on the fly (100 MB ones: benchmarks/judge_scale.py)."""
import os
import sys

import pytest

from gridgames import gopher, tilematch
from gridgames.tilematch import _kernel_pure
from helpers import peak_rss, repeated

linux = pytest.mark.skipif(sys.platform != "linux", reason="peak RSS from /proc, /dev/full: Linux only")

# A 2x1 board whose two tiles swap at every valid move: never a run (K = 3).
SWAP, OFF = b"0 0 1 0\n", b"5 -1 5 99\n"


def swapping(moves):
    """A data set of ``moves`` moves, every 7th one off the board, and the
    output it must give, written out here independently of the judge."""
    codes = [OFF if i % 7 == 0 else SWAP for i in range(1, moves + 1)]
    data = b"1\n2 1\n3\n1\n1 2\n%d\n" % moves + b"".join(codes)
    boards = [b"  1   2\n", b"  2   1\n"]
    out = [b"Analyzing 1 data set(s)\nData Set 1\nBoard Position:\n", boards[0],
           b"After move 0:\nNo drops.\nNo eliminations.\n"]
    swaps = 0
    for i, code in enumerate(codes, 1):
        out.append(b"After move %d:\n" % i)
        if code == OFF:
            out.append(b"Move is invalid.\n")
        else:
            swaps += 1
            out += [boards[swaps % 2], b"No drops.\nNo eliminations.\n"]
    return data, b"".join(out)


@pytest.mark.slow
def test_a_data_set_beyond_spill_is_played_in_order(backend, monkeypatch):
    # compiled: SPILL itself, crossed twice; pure: a small SPILL (the same code path), crossed often
    spill = tilematch._kernel_pure.SPILL if backend == "compiled" else 7
    monkeypatch.setattr(_kernel_pure, "SPILL", spill)
    for moves in (spill, spill + 1, 2 * spill + 5):
        data, expected = swapping(moves)
        out, err, _ = tilematch.judge(data, backend=backend)
        assert err is None and out == expected


def test_a_bad_token_after_the_spill_writes_nothing_of_its_data_set(backend, monkeypatch):
    spill = tilematch._kernel_pure.SPILL if backend == "compiled" else 7
    monkeypatch.setattr(_kernel_pure, "SPILL", spill)
    first, expected = swapping(3)
    second, _ = swapping(2 * spill + 5)
    data = first.replace(b"1\n", b"2\n", 1) + second[2:].rsplit(b" ", 1)[0] + b" x\n"
    chunks = []
    out, err, _ = tilematch.judge(data, backend=backend, emit=chunks.append)
    assert b"".join(chunks) + out == expected.replace(b"Analyzing 1", b"Analyzing 2")
    line, column = data.count(b"\n"), len(data) - data.rfind(b"\n", 0, -1) - 2
    assert str(err) == f"{line}:{column}: data set 2: expected a move coordinate (an integer), found 'x'"


@pytest.mark.slow
def test_spilled_data_sets_after_one_another(backend, monkeypatch):
    # the temporary file is reused: a shorter data set after a longer one reads only its own moves
    monkeypatch.setattr(_kernel_pure, "SPILL", tilematch._kernel_pure.SPILL if backend == "compiled" else 7)
    sets = [swapping(n) for n in (3 * _kernel_pure.SPILL + 2, _kernel_pure.SPILL + 3, 4)]
    data = b"3\n" + b"".join(d[2:] for d, _ in sets)
    expected = b"Analyzing 3 data set(s)\n" + b"".join(
        e[24:].replace(b"Data Set 1", b"Data Set %d" % k) for k, (_, e) in enumerate(sets, 1))
    out, err, _ = tilematch.judge(data, backend=backend)
    assert err is None and out == expected


@pytest.mark.slow  # 48 MB of moves (compiled), 1.5 MB (pure)
@linux
def test_one_huge_tile_match_data_set_keeps_memory_bounded(backend, tmp_path):
    # compiled: 4 MB then 48 MB of moves, from a pipe and from a file (6 M moves: 12 MB as
    # codes held in memory, 48 MB as before); pure: 0.25 MB then 1.5 MB from a pipe (the old
    # lists took about 100 bytes a move: 20 MB more).  Both sizes of a backend take the same
    # code path (both spill, or neither): the growth between them is a leak, not the one-time
    # import of tempfile (about 6 MB on Python 3.14).
    if backend == "compiled":
        sizes, limit, paths = (4 << 20, 48 << 20), 4, (None, tmp_path / "in")
    else:
        sizes, limit, paths = (1 << 18, 3 << 19), 3, (None,)
    spills = {size // 16 * 2 > _kernel_pure.SPILL for size in sizes}
    assert spills == {backend == "compiled"}
    for path in paths:
        rss = []
        for size in sizes:
            moves = size // 16 * 2
            head = b"1\n10 10\n3\n2\n" + b"1 2 1 2 1 2 1 2 1 2\n2 1 2 1 2 1 2 1 2 1\n" + b"%d\n" % moves
            status, err, peak = peak_rss(["tilematch"], repeated(b"0 0 0 1\n9 9 9 9\n", size, head),
                                         backend=backend, path=path)
            assert status == 0, err
            rss.append(peak)
        assert rss[1] - rss[0] < limit and rss[1] < 64, (path, rss)


@linux
@pytest.mark.parametrize("game, data", [
    # 150 moves, a 64 x 256 board printed after each: 60 MB of output from 3 kB
    ("tilematch", b"1\n64 256\n1000\n1\n" + b" ".join(b"%d" % (1 + i % 2) for i in range(64))
     + b"\n150\n" + b"0 0 1 0\n" * 150),
    ("gopher", b"100 100\n0\n" + b"1 1\n" * 4000),   # 42 MB of output from 16 kB
])
def test_the_output_buffer_is_bounded_by_bytes(backend, game, data):
    # the pure one held 4,096 pieces: 279 MB (tile-match, 3000 moves) and 100 MB (gopher)
    status, err, peak = peak_rss([game], [data], backend=backend)
    assert status == 0, err
    assert peak < 40, peak


BIG_OUTPUT = {"tilematch": b"1\n10 10\n3\n0\n80000\n" + b"9 9 9 9\n" * 80000,     # 2.7 MB out
              "gopher": b"30 30\n0\n" + b"1 1\n" * 4000}                             # 4 MB out


@linux
@pytest.mark.parametrize("game", ["tilematch", "gopher"])
def test_a_full_disk_gives_one_message_on_both_backends(cli, game):
    for data in (BIG_OUTPUT[game], BIG_OUTPUT[game][:40]):   # written by the kernel, or at the end
        p = cli(game, "-", "-o", "/dev/full", input=data)
        assert (p.returncode, p.stderr) == (2, f"gridgames {game}: cannot write /dev/full: "
                                            "No space left on device\n".encode())


@linux
@pytest.mark.parametrize("judge, game", [(tilematch.judge, "tilematch"), (gopher.judge, "gopher")])
def test_a_full_disk_is_an_oserror_with_a_text_message(backend, judge, game):
    fd = os.open("/dev/full", os.O_WRONLY)
    try:
        with pytest.raises(OSError) as caught:
            judge(BIG_OUTPUT[game], backend=backend, emit=fd)
    finally:
        os.close(fd)
    assert (caught.value.errno, caught.value.strerror) == (28, "No space left on device")
