"""Pictures of every game: SVG boards, printable Number Link sheets and
self-contained HTML step-through views.

>>> from gridgames.samegame import Board
>>> Board(["12", "11"]).render(format="svg").startswith("<?xml")
True

Everything is computed here, in Python, with each game's public API; the
pages' JavaScript only shows the frames it was given.  Nothing is fetched:
no fonts, scripts or images from elsewhere.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Optional

from .._registry import game_of, judge_games, package, part, steps
from .._runtime.drawing import FORMATS, picture
from .._runtime.safe_files import CannotWrite, SameFile, replacing, write_all

if TYPE_CHECKING:  # the drawing modules load on first use: the CLI starts fast
    from .._runtime.drawing import Drawing
    from .._runtime.judge import JudgeError
    from .._runtime.step_frames import Case
    from ._sheet import Item


def drawing(thing: Any) -> Drawing:
    """The Drawing of a game object: a SameGame or tile-match Board, a gopher
    Field, a Number Link Puzzle or Solution (each game draws itself: ``GAME/_svg.py``)."""
    draw: Optional[Callable[[], Drawing]] = getattr(thing, "_drawing", None)
    if draw is None:
        raise TypeError(f"no picture for {type(thing).__name__}")
    return draw()


def svg(thing: Any) -> str:
    """A game object as a stand-alone SVG 1.1 document."""
    return drawing(thing).svg()


def __getattr__(name: str) -> Any:
    """``GAMES``: the judge games, ``show_html``'s (read from the table when asked: a game registered
    later, or installed from elsewhere, is one of them)."""
    if name == "GAMES":
        return judge_games()
    raise AttributeError(f"module 'gridgames.pictures' has no attribute {name!r}")


def replay_html(boards: Sequence[Any], games: Sequence[tuple[int, Sequence[tuple[int, int]]]],
                subtitle: str = "") -> str:
    """A SameGame replay page: for each (board number k, moves) of ``games``,
    a frame before every move (the region that goes outlined, the score so
    far) and the final position.  ``boards`` are left unchanged."""
    from .._runtime.step_frames import Case
    from . import _html
    frames: Any = part(game_of(boards[0]), "_steps").moves_frames if games else None  # the boards' game's
    cases = (Case(f"Board {k}", frames(boards[k - 1].copy(), moves)) for k, moves in games)
    return _html.page("SameGame replay", subtitle, "board", cases, "Score",
                      moves=sum(len(moves) for _, moves in games))


def show_html(game: str, data: bytes, name: str = "<input>", case: Optional[int] = None,
              backend: Optional[str] = None) -> tuple[str, Optional[JudgeError]]:
    """The step-through page of a judge file of ``game`` (samegame, tilematch
    or gopher): each case (``case``: only case k, 1-based) step by step,
    beside the judge's output; and the judge's error (None if the input is
    good: the page then shows every case before it).  Cases are computed
    as the page takes them: a page that reaches its size limit stops."""
    from . import _html
    if game not in judge_games():
        raise ValueError(f"game must be one of {', '.join(judge_games())}, not {game!r}")
    result = package(game).judge(data, backend=backend)
    drawn = steps(game)  # the game's show(), UNIT and STATUS
    cases: Callable[[bytes, bytes, Optional[str]], Iterable[Case]] = drawn.show

    def chosen() -> Iterator[Case]:
        count = 0
        try:
            for count, found in enumerate(cases(data, result.output, backend), 1):
                if case is None or case == count:
                    yield found
                    if case is not None:
                        return
        except ValueError:  # the bad input the judge stopped at: the cases before it are shown
            if result.error is None:
                raise
        if case is not None:
            raise ValueError(f"there is no case {case}: {name} has {count} complete cases")

    error = f"The judge stopped at {name}:{result.error}" if result.error else None
    page = _html.page(f"{game}: {name}", f"{name}, each step beside the judge's output", drawn.UNIT,
                      chosen(), drawn.STATUS, error)
    return page, result.error


def sheet_pages(title: str, puzzles: Sequence[Item], solutions: Sequence[Item] = ()) -> list[str]:
    """A printable Number Link sheet as SVG pages (A4): the puzzles, then the
    solutions, each (label, board); a board None draws the label alone."""
    from ._sheet import pages
    return pages(title, puzzles, solutions)


def sheet_html(title: str, pages: Sequence[str], note: Optional[str] = None) -> str:
    """The pages of a sheet as one printable HTML file."""
    from ._sheet import html
    return html(title, pages, note)


def write(path: str, text: str, inputs: Sequence[str] = ()) -> None:
    """Write ``text`` to ``path`` whole or not at all (``gridgames._runtime.safe_files``,
    the path of every file the commands write).  Raises SameFile (a
    ValueError) when ``path`` is one of ``inputs`` (the same file by any name),
    CannotWrite with a one-line message when it cannot be written."""
    with replacing(path, [name for name in inputs if name not in ("-", "")]) as fd:
        write_all(fd, text.encode("utf-8"))


__all__ = ["FORMATS", "GAMES", "drawing", "svg", "picture", "replay_html", "show_html",
           "sheet_pages", "sheet_html", "write", "SameFile", "CannotWrite"]
