"""Judge output handed to ``emit`` in chunks as it is made (what the CLI does,
so memory stays bounded): the chunks plus the returned rest are exactly the
output of a run without emit, also when bad input stops the run, and an
exception raised by emit (a full disk) reaches the caller."""
import random

import pytest

from gridgames import gopher, samegame, tilematch
from gridgames._runtime import output_pure


def samegame_input(rng, scale=1):
    grids = "".join("3 40\n" + " ".join(rng.choices("12", k=120)) + "\n1 1 2 5 0 0\n"
                    for _ in range(5000 // scale))
    return grids.encode()


def tilematch_input(rng, scale=1):
    sets = []
    for _ in range(1500 // scale):
        rows = "\n".join(" ".join(rng.choices("0123", k=10)) for _ in range(12))
        sets.append(f"10 10\n3\n12\n{rows}\n1\n0 0 1 0\n")
    return (f"{len(sets)}\n" + "".join(sets)).encode()


def gopher_input(rng, scale=1):
    # no holes: every pick (some outside: warnings) prints the whole board
    picks = [f"{rng.randint(0, 21)} {rng.randint(0, 21)}" for _ in range(5000 // scale)]
    return ("20 20\n0\n" + "\n".join(picks) + "\n").encode()


GAMES = [(samegame.judge, samegame_input), (tilematch.judge, tilematch_input),
         (gopher.judge, gopher_input)]
IDS = ["samegame", "tilematch", "gopher"]


@pytest.fixture
def scale(backend, monkeypatch):
    """How much smaller the input is: 1 compiled; pure 16, with the output's
    chunk 16 times smaller too (the same code path, several chunks handed
    over before the end, in a 16th of the time)."""
    if backend == "compiled":
        return 1
    monkeypatch.setattr(output_pure, "CHUNK", output_pure.CHUNK // 16)
    return 16


def streamed(judge, data, backend):
    chunks = []
    out, err, rest = judge(data, backend=backend, emit=chunks.append)
    return b"".join(chunks), out, str(err), [str(w) for w in rest]


def whole(judge, data, backend):
    out, err, rest = judge(data, backend=backend)
    return out, str(err), [str(w) for w in rest]


@pytest.mark.parametrize("judge, make", GAMES, ids=IDS)
def test_chunks_add_up_to_the_whole_output(backend, judge, make, scale):
    data = make(random.Random(1), scale)
    emitted, rest, err, warnings = streamed(judge, data, backend)
    assert len(emitted) > len(rest)   # most of it went out before the end
    assert (emitted + rest, err, warnings) == whole(judge, data, backend)
    assert err == "None"


@pytest.mark.parametrize("judge, make", GAMES, ids=IDS)
def test_chunks_add_up_when_bad_input_stops_the_run(backend, judge, make, scale):
    data = make(random.Random(2), scale)
    for cut in (len(data) // 2, len(data) - 3):
        broken = data[:cut] + b" x " + data[cut:]
        emitted, rest, err, warnings = streamed(judge, broken, backend)
        assert (emitted + rest, err, warnings) == whole(judge, broken, backend)
        assert "found 'x'" in err


@pytest.mark.parametrize("judge, make", GAMES, ids=IDS)
def test_an_exception_in_emit_reaches_the_caller(backend, judge, make, scale):
    def full_disk(chunk):
        raise OSError(28, "No space left on device")
    with pytest.raises(OSError, match="No space left"):
        judge(make(random.Random(3), scale), backend=backend, emit=full_disk)
