"""What the judge games' generators share (``GAME/_generate.py``, the
``Generator`` of ``gridgames._game_protocols``): counting the cases of a file as
it is made, and their options of a size up to a limit.  It names no game; judging an answer (``check``), validating a
file (``validate``) and the comparison a game's answers take (``compare``)
are ``gridgames._registry``'s, above the games; their commands are
``cli._toolkit``."""
from collections.abc import Callable, Iterator
from typing import Any, Optional

# generate(..., progress=): called with (cases done, count) as a file is made
Progress = Optional[Callable[[int, int], None]]


def cases(count: int, progress: Progress = None, every: int = 1000) -> Iterator[int]:
    """range(count), telling ``progress`` every ``every`` cases."""
    for i in range(count):
        if progress is not None and i % every == 0:
            progress(i, count)
        yield i


def add_limit(parser: Any, flag: str, high: int, metavar: str, what: str, low: int = 1) -> None:
    """A generator's option of a number up to ``high``, its default (``what``
    opens its help: "largest width (1..40, default 40)")."""
    parser.add_argument(flag, type=int, default=high, metavar=metavar, help=f"{what} ({low}..{high}, default {high})")
