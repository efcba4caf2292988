"""Refusals in the user's own terms: an option's bound said plainly, a
checkpoint's seed as the --seed it was made with, the word --improve took
for its FILE, an environment's size as its bounds."""
import random

import pytest

from gridgames.cli import main
from gridgames.samegame.research import _jobs

BOARD = "0 1 2 0\n1 2 0 1\n2 0 1 2\n"


def refusal(capsys, *argv):
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    err = capsys.readouterr().err
    assert stop.value.code == 2
    return err.splitlines()[-1]


@pytest.mark.parametrize("value", ["0", "-3"])
def test_an_option_with_no_top_says_its_bound_plainly(capsys, value, tmp_path):
    (tmp_path / "b.txt").write_text(BOARD)
    line = refusal(capsys, "samegame", "solve", str(tmp_path / "b.txt"), "--threads", value)
    assert line.endswith(f"argument --threads: N must be 1 or more, not {value}")


def test_the_seed_of_a_campaign_is_found_from_a_search_seed():
    rng = random.Random(7)
    for _ in range(200):
        seed, board, run = rng.getrandbits(64), rng.randrange(1, 21), rng.randrange(1, 100)
        assert _jobs.campaign_seed(_jobs.search_seed(seed, board, run), board, run) == seed


def test_a_checkpoint_of_another_seed_names_both_seeds(capsys, tmp_path):
    (tmp_path / "b.txt").write_text(BOARD)
    args = ["samegame", "solve", str(tmp_path / "b.txt"), "--level", "2", "--iterations", "2",
            "--checkpoint", str(tmp_path / "ck")]
    assert main([*args, "--seed", "1", "--runs", "2"]) == 0
    capsys.readouterr()
    assert main([*args, "--seed", "2", "--runs", "2"]) == 2
    err = capsys.readouterr().err
    assert "board-1-run-1.ckpt: the checkpoint of another search (--seed 1, not --seed 2)" in err, err


def test_a_word_taken_as_improves_file_is_named(capsys, tmp_path):
    (tmp_path / "b.txt").write_text(BOARD)
    line = refusal(capsys, "samegame", "solve", "--improve", "b1.txt", "--time", "1")
    assert "give BOARDS, --standard or --research N" in line and "b1.txt was taken as --improve's FILE" in line, line


@pytest.mark.parametrize("size, said", [(dict(rows=0, cols=5), "rows must be 1 or more, not 0"),
                                        (dict(rows=5, cols=-2), "cols must be 1 or more, not -2")])
def test_an_environment_of_no_rows_says_rows_bound(size, said):
    gym = pytest.importorskip("gymnasium", reason="the [gym] extra is not installed")
    import gridgames.envs  # noqa: F401  (registers the environments)
    with pytest.raises(ValueError, match=f"^{said}$"):
        gym.make("gridgames/SameGame-v0", **size)
