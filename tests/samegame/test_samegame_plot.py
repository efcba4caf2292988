"""benchmarks/samegame_plot.py draws the standard boards' lines only: a line
of the research set is left out (its board k is not standard board k), and
the count left out is said on stderr."""
import json
import sys

import pytest

from helpers import script

pytest.importorskip("matplotlib", reason="the plot needs matplotlib (the test and bench groups)")

plot = script("benchmarks/samegame_plot.py")


def curve(board, budget, score, **extra):
    return dict(engine="gridgames", kind="curve", board=board, budget=budget, score=score, **extra)


def test_research_lines_are_left_out_of_the_standard_panels(tmp_path, monkeypatch, capsys):
    rows = [curve(1, 1.0, 2000), curve(1, 2.0, 2100),                      # written before sets were named
            curve(2, 1.0, 2500, set="standard"), curve(2, 2.0, 2600, set="standard"),
            curve(3, 1.0, 9000, set="research"), curve(3, 2.0, 9100, set="research")]
    src = tmp_path / "curves.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    drawn = []
    real = plot.plt.subplots

    def keep(*args, **kwargs):
        fig, axes = real(*args, **kwargs)
        drawn.append(axes)
        return fig, axes

    monkeypatch.setattr(plot.plt, "subplots", keep)
    monkeypatch.setattr(sys, "argv", ["samegame_plot.py", str(src), str(tmp_path / "out.png")])
    plot.main()
    assert (tmp_path / "out.png").stat().st_size > 0
    assert "left out: 2 lines of other sets than the standard boards" in capsys.readouterr().err
    left = drawn[0][0]
    ys = sorted(tuple(line.get_ydata()) for line in left.lines if list(line.get_xdata()) == [1.0, 2.0])
    # two boards' thin lines and their mean; the research board's 9,000s nowhere
    assert ys == [(2000, 2100), (2250, 2350), (2500, 2600)]
