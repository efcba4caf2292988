"""Each deliberate mistake a game's author may make (the toy, examples/lightsout,
copied and broken) fails the conformance checks with a message that names
the missing or wrong member, and the step of docs/adding-a-game.md that adds
it (a section the page has)."""
import re
from pathlib import Path
from types import ModuleType

import pytest

from gridgames import _game_protocols
from gridgames.testing import check_game
from helpers import toy_game

DOC = Path(__file__).parents[2] / "docs" / "adding-a-game.md"


def replace(name, old, new):
    def edit(directory):
        path = directory / name
        text = path.read_text()
        assert old in text, (name, old)  # the toy changed: the mistake must still be made
        path.write_text(text.replace(old, new))
    return edit


def remove(name):
    return lambda directory: (directory / name).unlink()


# mistake -> (how the toy is broken, the words its message must have)
MISTAKES = {
    "no __all__ (GamePackage)": (
        replace("__init__.py", '__all__ = ["Board", "boards", "judge", "InputError", "JudgeError", "JudgeResult"]', ""),
        ["lightsout has no __all__"]),
    "InputError not handed on": (
        replace("__init__.py", '"judge", "InputError", "JudgeError"', '"judge", "JudgeError"'),
        ["lightsout does not hand on InputError"]),
    "a judge that takes a str": (
        replace("__init__.py", "    raw = whole(data)\n",
                "    raw = whole(data.encode() if isinstance(data, str) else data)\n"),
        ["lightsout.judge accepts a str"]),
    "no _drawing (Drawable)": (
        replace("__init__.py", "def _drawing(self):", "def drawing(self):"), ["_drawing", "Drawable"]),
    "an env that never sets its mask": (
        replace("env.py", "self._mask = np.ones(9, dtype=bool)", "pass"),
        ["LightsOutEnv.action_masks()", "self._mask", "(9,)"]),
    "a dropped member (Steps.UNIT)": (
        replace("_steps.py", 'UNIT, STATUS, STEP = "board", "Lit", "press"', 'STATUS, STEP = "Lit", "press"'),
        ["lightsout._steps has no UNIT", "Steps"]),
    "a dropped member (Generator.MAX_COUNT)": (
        replace("_generate.py", 'ANSWERS, CASES, MAX_COUNT, OPTIONS = "exact", "boards", 3, ()',
                'ANSWERS, CASES, OPTIONS = "exact", "boards", ()\nMAX = 3'), ["lightsout._generate has no MAX_COUNT"]),
    "no _steps.py": (remove("_steps.py"), ["no module lightsout._steps", "PKG/_steps.py"]),
    "no env.py": (remove("env.py"), ["no module lightsout.env", "the environment module"]),
    "no _svg.py": (remove("_svg.py"), ["no module lightsout._svg", "PKG/_svg.py"]),
    "a judge returning a plain tuple": (
        replace("__init__.py", "return JudgeResult(text, error, [])", "return text, error, []"),
        ["lightsout.judge returned a tuple, not a gridgames.protocol.JudgeResult"]),
}


@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_mistake_is_named(mistake, tmp_path, monkeypatch):
    edit, words = MISTAKES[mistake]
    for _ in toy_game(tmp_path, monkeypatch, edit):
        with pytest.raises(AssertionError) as failed:
            check_game("lightsout")
        message = str(failed.value)
        assert message.startswith("lightsout: ") and "Traceback" not in message, message
        for word in words:
            assert word in message, (word, message)
        anchor = re.search(r"docs/adding-a-game\.md#([a-z-]+)\)$", message)
        assert anchor and f"## {anchor[1].replace('-', ' ')}" in DOC.read_text().lower(), message


def test_the_unbroken_toy_passes(tmp_path, monkeypatch):
    for _ in toy_game(tmp_path, monkeypatch):
        check_game("lightsout")


def test_a_bare_module_is_no_game_package():
    assert not isinstance(ModuleType("x"), _game_protocols.GamePackage)
