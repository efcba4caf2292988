"""Every input the fuzzer found wrong once (tests/data/fuzz/TARGET-SHA.bin, written
by tools/fuzz.py) and every seed of its corpora (tests/data/fuzz/corpus/TARGET/),
replayed through the same differential targets (tools/fuzz_targets.py: compiled
against pure, reads in pieces, errors and warnings): each must pass now.
docs/fuzzing.md lists what each reproducer was."""
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
FUZZ = ROOT / "tests" / "data" / "fuzz"
sys.path.insert(0, str(ROOT / "tools"))
fuzz_targets = importlib.import_module("fuzz_targets")

# (none yet: one param that says so, where pytest would skip with "got empty parameter set")
REPRODUCERS = sorted(FUZZ.glob("*.bin")) or [pytest.param(None, marks=pytest.mark.skip(
    reason="no reproducers in tests/data/fuzz: tools/fuzz.py writes TARGET-SHA.bin there for each input "
           "it finds wrong (docs/fuzzing.md)"))]
SEEDS = sorted(p for p in (FUZZ / "corpus").glob("*/*") if p.is_file())


@pytest.fixture(autouse=True)
def compiled():
    try:
        importlib.import_module("gridgames.samegame._kernel")
    except ImportError as exc:  # a failure, not a skip: the targets compare both backends
        pytest.fail(f"the compiled kernels are not built: {exc}")


def target_of(path):
    return fuzz_targets.TARGETS[path.name.rsplit("-", 1)[0]]


@pytest.mark.parametrize("path", REPRODUCERS, ids=lambda p: p.name if p else "none")
def test_reproducer(path):
    target_of(path)(path.read_bytes())


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_seed(path):
    fuzz_targets.TARGETS[path.parent.name](path.read_bytes())


def test_every_target_has_seeds():
    assert {p.parent.name for p in SEEDS} == set(fuzz_targets.TARGETS)


def test_a_divergence_is_a_finding(monkeypatch):
    """The oracle can fail: a pure judge that drops its last output byte is caught."""
    judge = fuzz_targets.JUDGES["samegame"]

    def wrong(data, backend=None, emit=None):
        out, err, warnings = judge(data, backend=backend, emit=emit)
        return (out[:-1] if backend == "pure" else out), err, warnings
    monkeypatch.setitem(fuzz_targets.JUDGES, "samegame", wrong)
    with pytest.raises(fuzz_targets.Finding, match="compiled .* != pure"):
        fuzz_targets.samegame_judge((FUZZ / "corpus" / "samegame" / "sample").read_bytes())


def test_a_read_in_pieces_is_checked(monkeypatch):
    """The oracle can fail: a judge that reads only the first piece of a file is caught."""
    judge = fuzz_targets.JUDGES["gopher"]

    def first_piece(data, backend=None, emit=None):
        if hasattr(data, "readinto"):
            buf = bytearray(1 << 16)
            data = bytes(buf[:data.readinto(buf)])
        return judge(data, backend=backend, emit=emit)
    monkeypatch.setitem(fuzz_targets.JUDGES, "gopher", first_piece)
    with pytest.raises(fuzz_targets.Finding, match="read in pieces"):
        fuzz_targets.gopher_judge((FUZZ / "corpus" / "gopher" / "sample").read_bytes())


def test_a_crash_in_a_target_is_a_finding():
    """A judge that raises (instead of reporting bad input in its result) is a finding."""
    with pytest.raises(fuzz_targets.Finding, match="raised"):
        fuzz_targets.judge_outcome("samegame", "not bytes", "compiled")
