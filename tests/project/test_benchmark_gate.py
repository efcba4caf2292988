"""The benchmark gate (benchmarks/gate.py): instruction counts of
the compiled workloads under callgrind, against the committed table.

The proof: a SameGame kernel built with a deliberate slowdown (a few empty
loop turns per flood fill, -DGRIDGAMES_SLOWDOWN, benchmarks/gate_slowdown.py)
fails the gate, on the judge loop and on the playouts, and the same kernel
built without it passes.  Valgrind and a C compiler are needed (.ci/run
installs valgrind)."""
import json

import pytest

from helpers import script

# matplotlib draws the history (the test group; cibuildwheel's wheel-test group has none)
pytest.importorskip("matplotlib", reason="matplotlib is not installed: pip install . --group test")
gate, gate_plot, gate_slowdown = (script(f"benchmarks/{name}.py") for name in ("gate", "gate_plot", "gate_slowdown"))
WORKLOADS = script("benchmarks/gate_workloads.py").WORKLOADS

JUDGE = "samegame judge: 200 grids 10x40, 150 picks"
SELECT = "samegame Board.select: 20 fresh 10x40 boards x 150 picks"
PLAYOUTS = "samegame playouts: 200 on standard board 1, seed 1"
# Empty loop turns per flood fill that make the workload ~3 % slower in CPU time
# (python benchmarks/gate_slowdown.py samegame/_kernel 16; ... samegame/research/_search 3).
SLOW_JUDGE, SLOW_PLAYOUTS = 16, 3

# Two functions: f calls g once (inclusive cost 30 on the 'calls' line's next line).
CALLGRIND = """\
version: 1
creator: callgrind-3.19.0
events: Ir
summary: 130
ob=/usr/lib/x86_64-linux-gnu/libc.so.6
fl=???
fn=g
0 30
ob=/x/site-packages/gridgames/samegame/_kernel.cpython-311-x86_64-linux-gnu.so
fl=???
fn=f
0 60
cfn=g
calls=1 0
0 30
0 40
totals: 130
"""


def test_callgrind_output_gives_each_function_its_own_count(tmp_path):
    (tmp_path / "out").write_text(CALLGRIND)
    total, own = gate.parse_callgrind(tmp_path / "out")
    assert total == 130
    assert own == {"g [libc.so.6]": 30, "f [samegame/_kernel]": 100}


def test_the_verdict(tmp_path):
    table = {"instructions": {JUDGE: 1_000_000, PLAYOUTS: 1_000_000}}
    profiles = {JUDGE: {"run [samegame/_kernel]": 600_000, "settle [samegame/_kernel]": 400_000}}
    same = {JUDGE: (1_000_000 + 10_000, {}), PLAYOUTS: (990_000, {})}
    lines, ok = gate.compare(same, table, profiles)
    assert ok and lines[0].startswith("ok") and "+1.00 %" in lines[0]  # 1 % is allowed
    slower = {JUDGE: (1_030_000, {"run [samegame/_kernel]": 600_500, "settle [samegame/_kernel]": 429_500})}
    lines, ok = gate.compare(slower, table, profiles)
    assert not ok
    assert lines[0] == f"FAIL  {JUDGE}: 1,030,000 instructions, table 1,000,000, +3.00 %"
    assert lines[1].split() == ["+29,500", "settle", "[samegame/_kernel]", "(400,000", "->", "429,500)"]
    assert lines[2].split()[:2] == ["+500", "run"]
    lines, ok = gate.compare({PLAYOUTS: (980_000, {})}, table, profiles)
    assert ok and "fewer: write the table" in lines[0]
    lines, ok = gate.compare({"new one": (5, {})}, table, profiles)
    assert not ok and "not in benchmarks/gate.json" in lines[0]


def test_the_history_and_its_pictures(tmp_path):
    history = tmp_path / "history.jsonl"
    gate.append_history(history, {JUDGE: (100, {}), PLAYOUTS: (200, {})})
    gate.append_history(history, {JUDGE: (103, {}), PLAYOUTS: (200, {})})
    rows = [json.loads(line) for line in history.read_text().splitlines()]
    assert [(r["workload"], r["count"]) for r in rows] == [(JUDGE, 100), (PLAYOUTS, 200),
                                                          (JUDGE, 103), (PLAYOUTS, 200)]
    assert all(set(r) == {"commit", "date", "workload", "count"} and len(r["commit"]) == 40 for r in rows)
    written = gate_plot.main([str(history), str(tmp_path / "png")])
    assert sorted(p.name for p in written) == sorted(gate_plot.file_name(n) + ".png" for n in (JUDGE, PLAYOUTS))
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in written)


def test_the_committed_table_covers_every_workload():
    table = json.loads(gate.TABLE.read_text())
    profiles = json.loads(gate.TABLE.with_name("gate_profile.json").read_text())
    assert list(table["instructions"]) == list(WORKLOADS) == list(profiles)
    assert all(count > 1_000_000 for count in table["instructions"].values())
    assert set(table["environment"]) == {"python", "machine", "cc", "valgrind"}


def test_options_that_do_not_apply_are_refused(tmp_path):
    with pytest.raises(SystemExit) as exc:
        gate.main(["measure", "--table", str(tmp_path / "t.json")])
    assert exc.value.code == 2


# --- the proof: builds of the SameGame kernels, measured under Valgrind -----------
# Against a table of this machine's installed package, written here: the committed
# table holds the counts of one toolchain (.ci/run checks it), these tests hold on any.

@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("table") / "gate.json"
    assert gate.main(["write", "--table", str(path), "--only", JUDGE, "--only", PLAYOUTS]) == 0
    return path


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """extension, slowdown -> a copy of the package with that kernel so built."""
    made = {}

    def build(extension, slowdown=None):
        if (extension, slowdown) not in made:
            made[extension, slowdown] = gate_slowdown.build(
                tmp_path_factory.mktemp("build"), extension, slowdown)
        return made[extension, slowdown]
    return build


def check(capsys, table, path, name):
    status = gate.main(["check", "--table", str(table), "--pythonpath", str(path), "--only", name])
    lines = capsys.readouterr().out.splitlines()
    return status, lines, float(lines[0].rsplit(",", 1)[1].split("%")[0])


@pytest.mark.slow
@pytest.mark.valgrind
def test_an_unchanged_build_passes(table, builds, capsys):
    status, lines, change = check(capsys, table, builds("samegame/_kernel"), JUDGE)
    assert status == 0 and abs(change) < 0.1, lines


@pytest.mark.slow
@pytest.mark.valgrind
@pytest.mark.parametrize("extension, name, slowdown", [
    ("samegame/_kernel", JUDGE, SLOW_JUDGE),
    ("samegame/research/_search", PLAYOUTS, SLOW_PLAYOUTS),
])
def test_a_slower_flood_fill_fails(table, builds, capsys, extension, name, slowdown):
    status, lines, change = check(capsys, table, builds(extension, slowdown), name)
    assert status == 1 and change > 100 * gate.THRESHOLD, lines
    assert any(f"[{extension}]" in line for line in lines[1:3]), lines  # the functions that grew
