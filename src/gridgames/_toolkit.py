"""The judge toolkit shared by the judge games: ``generate``, ``validate`` and
``check`` (the testlib roles: generator, validator, checker); their commands
are ``cli._toolkit``.

Each game supplies ``GAME/_generate.py`` (``add_arguments(parser)`` and
``generate(seed, count, **options) -> bytes``) and ``GAME/_validate.py``
(``validate(bytes)``, raising ``_lines.Invalid``); the answer comparison of
each game is named by its ``_generate.ANSWERS`` (the game fills it in).
"""
import importlib
from collections.abc import Callable, Iterator
from typing import Optional

from . import _compare


def compare(game: str) -> Callable[..., Optional[str]]:
    """How an answer of ``game`` is judged: the function of ``_compare`` its ``_generate.ANSWERS`` names."""
    name = importlib.import_module(f"gridgames.{game}._generate").ANSWERS
    found: Callable[..., Optional[str]] = getattr(_compare, name)
    return found


# generate(..., progress=): called with (cases done, count) as a file is made
Progress = Optional[Callable[[int, int], None]]


def cases(count: int, progress: Progress = None, every: int = 1000) -> Iterator[int]:
    """range(count), telling ``progress`` every ``every`` cases."""
    for i in range(count):
        if progress is not None and i % every == 0:
            progress(i, count)
        yield i


def check(game: str, data: bytes, answer: bytes, lenient: bool = False) -> Optional[str]:
    """None if ``answer`` is right for the judge input ``data``, else the
    reason (the first differing line).  Raises the ``JudgeError`` of a bad
    input."""
    out, err, _ = importlib.import_module(f"gridgames.{game}").judge(data)
    if err is not None:
        raise err
    return compare(game)(out, answer, lenient)


def validate(game: str, data: bytes) -> None:
    """Raise ``_lines.Invalid`` at the first defect of a judge file."""
    importlib.import_module(f"gridgames.{game}._validate").validate(data)
