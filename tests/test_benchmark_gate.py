"""The benchmark gate (benchmarks/gate.py, issue 17 point 5): ratios from a
pytest-benchmark JSON, and a check that fails on a regression > 15 %."""
import importlib.util
import json
import sys
from pathlib import Path

GATE = Path(__file__).parent.parent / "benchmarks" / "gate.py"
spec = importlib.util.spec_from_file_location("gate", GATE)
gate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gate)


def bench(name, group, median, **params):
    extra = {"n": params.pop("n")} if "n" in params else {}
    return {"name": name, "group": group, "params": params or None, "stats": {"median": median},
            "extra_info": extra}


BENCHMARKS = {"benchmarks": [
    bench("test_judge[compiled]", "judge", 0.02, backend="compiled"),
    bench("test_judge[pure]", "judge", 2.0, backend="pure"),
    bench("test_cli_vs_c[c]", "vs C", 0.5, judge_cmd="c"),
    bench("test_cli_vs_c[compiled]", "vs C", 0.6, judge_cmd="compiled"),
    bench("test_playouts[compiled]", "playouts", 1.0, backend="compiled", n=1000),
    bench("test_playouts[pure]", "playouts", 10.0, backend="pure", n=100),
    bench("test_playouts_tight_c", "playouts", 4.0, n=2000),
]}


def test_the_ratios_of_a_benchmark_file(tmp_path):
    (tmp_path / "b.json").write_text(json.dumps(BENCHMARKS))
    ratios = gate.bench_ratios(tmp_path / "b.json")
    assert ratios == {"compiled/pure: judge": 0.01, "CLI/C: vs C": 0.6 / 0.5,
                      "compiled/pure: playouts": (1.0 / 1000) / (10.0 / 100),
                      "playouts/C: playouts": (1.0 / 1000) / (4.0 / 2000)}


def test_the_check_fails_on_a_regression_only(tmp_path, capsys):
    (tmp_path / "b.json").write_text(json.dumps(BENCHMARKS))
    table = tmp_path / "gate.json"
    argv = ["check", str(tmp_path / "b.json"), "--rounds", "1", "--table", str(table)]
    table.write_text(json.dumps({"compiled/pure: judge": 0.0088, "CLI/C: vs C": 1.2}))
    assert gate.main(argv) == 0  # 0.01 is 14 % above 0.0088
    table.write_text(json.dumps({"compiled/pure: judge": 0.0086, "CLI/C: vs C": 1.2}))
    assert gate.main(argv) == 1  # 16 % above
    assert "gate: worse: compiled/pure: judge: 0.0100, committed 0.0086" in capsys.readouterr().err
    table.write_text(json.dumps({"compiled/pure: gone": 1.0}))
    assert gate.main(argv) == 1
    assert "not measured" in capsys.readouterr().err
    # several files: each ratio's best counts (a noisy first run is forgiven)
    slow = json.loads(json.dumps(BENCHMARKS))
    slow["benchmarks"][0]["stats"]["median"] = 0.04
    (tmp_path / "slow.json").write_text(json.dumps(slow))
    table.write_text(json.dumps({"compiled/pure: judge": 0.01}))
    assert gate.main(["check", str(tmp_path / "slow.json"), "--rounds", "1", "--table", str(table)]) == 1
    assert gate.main(["check", str(tmp_path / "slow.json"), str(tmp_path / "b.json"), "--rounds", "1",
                      "--table", str(table)]) == 0


def test_the_committed_table_is_the_gates():
    table = json.loads((GATE.parent / "gate.json").read_text())
    assert {name.split(":")[0] for name in table} == {"compiled/pure", "CLI/C", "playouts/C", "start-up"}
    assert all(value > 0 for value in table.values())


def test_the_installed_script_is_measured_but_not_gated(tmp_path, monkeypatch):
    script = tmp_path / "gridgames"  # what pip >= 25.2 writes, minus the shebang's path
    script.write_text(f"#!{sys.executable}\nimport sys\nfrom gridgames.cli import main\nsys.exit(main())\n")
    script.chmod(0o755)
    monkeypatch.setattr(gate, "installed_script", lambda: str(script))
    ratios, startup = gate.measure([], rounds=1)
    games = ("samegame", "tilematch", "gopher")
    assert set(ratios) == {f"start-up: {game}" for game in games}
    assert set(startup) == set(ratios) | {f"start-up (script): {game}" for game in games}
    assert all(cpu > 0 and wall > 0 for cpu, wall in startup.values())


def test_write_worst_keeps_each_ratios_worst_run(tmp_path, monkeypatch):
    monkeypatch.setattr(gate, "startup_ratios", lambda rounds: {"start-up: samegame": (1.8, 1.9)})
    slow = json.loads(json.dumps(BENCHMARKS))
    slow["benchmarks"][0]["stats"]["median"] = 0.04  # compiled/pure: judge 0.02 in one run, 0.04 in the other
    slow["benchmarks"][3]["stats"]["median"] = 0.3   # CLI/C: vs C 0.6 / 0.5 in the first run, 0.3 / 0.5 here
    (tmp_path / "a.json").write_text(json.dumps(BENCHMARKS))
    (tmp_path / "b.json").write_text(json.dumps(slow))
    table = tmp_path / "gate.json"
    files = [str(tmp_path / "a.json"), str(tmp_path / "b.json")]
    assert gate.main(["write", "--worst", *files, "--table", str(table)]) == 0
    written = json.loads(table.read_text())
    assert written["compiled/pure: judge"] == 0.02 and written["CLI/C: vs C"] == 1.2
    assert written["start-up: samegame"] == 1.8
    assert gate.main(["write", *files, "--table", str(table)]) == 0
    written = json.loads(table.read_text())
    assert written["compiled/pure: judge"] == 0.01 and written["CLI/C: vs C"] == 0.6
