"""SameGame (ACM 1995 / UVa 339): the Python API, the judge function and
the research engine (scores, the 20 standard boards, playouts and searches).

Rules (the judge's and the research literature's): selecting a cell removes
its 4-connected region of one colour if it has at least 2 cells; cells fall,
then empty columns close to the left.  Removing n cells scores (n-2)^2, and
clearing the board adds 1000 once; the game is over when no region of 2+
cells is left.

>>> b = Board(["12", "11"])          # rows top first
>>> b.select(1, 1)                   # (row from the bottom, column from the left)
3
>>> b.grid()                        # rows top first; the 2 fell, column 1 closed
[(None, None), (2, None)]
>>> b.render().splitlines()          # the judge's rows
['        ', '    2   ']
>>> b.score                          # (3-2)^2
1
>>> c = Board(["1122", "1122"])
>>> best = c.search("nmcs", level=1)  # the 1s (4 points), then the 2s (4 + 1000)
>>> best.score, best.moves
(1008, [(1, 1), (1, 1)])
>>> c.replay(best.moves), c.over
(1008, True)
"""

from .._runtime import lazy_getattr
from .._runtime.judge import InputError, JudgeError, JudgeResult
from ._game import (  # "X as X": handed on (the kernel's codes and capacities)
    E_CELL as E_CELL,
    E_COLS as E_COLS,
    E_ROWS as E_ROWS,
    E_SEL_COL as E_SEL_COL,
    E_SEL_ROW as E_SEL_ROW,
    EXPECTED,
    MAX_COLS as MAX_COLS,
    MAX_ROWS as MAX_ROWS,
    Board,
    judge,
    read_boards,
    research_boards,
    standard_boards,
    write_boards,
)
from ._text import FormatError

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from ._single import ALGORITHMS, Algorithm, SearchResult
    from .research._best import BestKnown, best_known
    from .research._campaign import campaign, search_boards
    from .research._jobs import Result
else:
    # The searches load threads, executors and JSON: only when used.  Renamed (CHANGELOG.md,
    # Unreleased): a search result is not a solution, and numberlink.solve solves.
    __getattr__ = lazy_getattr(__name__, {
        "ALGORITHMS": ("_single", "ALGORITHMS"), "Algorithm": ("_single", "Algorithm"),
        "SearchResult": ("_single", "SearchResult"),
        "search_boards": ("research._campaign", "search_boards"), "campaign": ("research._campaign", "campaign"),
        "Result": ("research._jobs", "Result"), "best_known": ("research._best", "best_known"),
        "BestKnown": ("research._best", "BestKnown")}, renamed={"Solution": "SearchResult", "solve": "search_boards"})


__all__ = ["Algorithm", "Board", "judge", "EXPECTED", "InputError", "JudgeError", "JudgeResult", "SearchResult",
           "ALGORITHMS", "search_boards", "read_boards", "write_boards", "standard_boards", "research_boards",
           "FormatError", "campaign",
           "Result", "best_known", "BestKnown"]
