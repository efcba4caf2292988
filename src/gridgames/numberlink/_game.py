"""Number Link's puzzles and solutions, the generator, the checker and the solver's answers
(``gridgames.numberlink`` hands them on)."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from operator import index
from typing import TYPE_CHECKING, NamedTuple, Optional, TypeVar, Union

from .._runtime.backend import kernel as _load
from .._runtime.kernel_constants import constants
from .._runtime.renamed import Renamed
from . import _sat
from ._check import EMPTY, SOLID, board_size, numbering_problem
from ._text import parse as _parse, render_cells

if TYPE_CHECKING:
    from .._runtime.drawing import Drawing

FALLBACK_NODES = 200  # search nodes tried on any puzzle before the SAT fallback

# The checker's rules by kernel code, in the order they are tried: the first
# broken one is reported, at its first square (R_SIZE is checked here).
_K = constants("numberlink/_kernel.pxd")
RULES = {
    _K.R_SIZE: ("size", "the solution has the puzzle's number of rows and columns"),
    _K.R_SOLID: ("solid", "a solid square of the puzzle stays solid"),
    _K.R_COVERED: ("covered", "every other square is on a path"),
    _K.R_ENDPOINT: ("endpoint", "an endpoint is on the path of its own number"),
    _K.R_NUMBER: ("number", "every path number is a pair of endpoints in the puzzle"),
    _K.R_END_DEGREE: ("endpoint-degree", "an endpoint has exactly one neighbour on its path"),
    _K.R_DEGREE: ("path-degree", "any other path square has exactly two neighbours on its path "
                                 "(the path neither breaks off nor touches itself)"),
    _K.R_LOOP: ("loop", "every path square lies on the chain between its two endpoints"),
}


def _explain(rule: int, a: int, b: int) -> str:
    if rule == _K.R_SOLID:
        return f"the square is solid in the puzzle but on path {a} in the solution"
    if rule == _K.R_COVERED:
        return ("the square is on no path" if a == EMPTY
                else "the square is solid in the solution but not in the puzzle")
    if rule == _K.R_ENDPOINT:
        return f"endpoint {a} is on path {b}"
    if rule == _K.R_NUMBER:
        return f"path {a} has no endpoints in the puzzle (its numbers are 1..{b})" if b \
            else f"path {a} has no endpoints in the puzzle (it has none)"
    if rule == _K.R_END_DEGREE:
        return f"endpoint {a} has {_neighbours(b)} on its path, expected 1"
    if rule == _K.R_DEGREE:
        why = "the path breaks off here" if b < 2 else "the path touches itself here"
        return f"this square of path {a} has {_neighbours(b)} on its path, expected 2 ({why})"
    return f"this square of path {a} is on a loop, apart from the path between its endpoints"


def _neighbours(count: int) -> str:
    return f"{count} neighbour" + ("" if count == 1 else "s")


B = TypeVar("B", bound="_Board")


class _Board:
    __slots__ = ("rows", "cols", "cells")
    _solution = False
    rows: int
    cols: int
    cells: tuple[int, ...]

    def __init__(self, rows: int, cols: int, cells: Iterable[int]) -> None:
        rows, cols = board_size(index(rows), index(cols))
        cells = tuple(index(v) for v in cells)
        if len(cells) != rows * cols:
            raise ValueError(f"a {rows}x{cols} board needs {rows * cols} cells, not {len(cells)}")
        if any(not SOLID <= v <= rows * cols for v in cells):
            raise ValueError(f"cells must be EMPTY (0), SOLID (-1) or a number 1..{rows * cols}")
        bad = numbering_problem(cells, twice=not self._solution)
        if bad is not None:
            number, i, expected, found = bad
            raise ValueError(f"number {number} at row {i // cols + 1}, column {i % cols + 1}: "
                             f"expected {expected}, found {found}")
        self.rows, self.cols, self.cells = rows, cols, cells

    @classmethod
    def _make(cls: type[B], rows: int, cols: int, cells: Iterable[int]) -> B:
        board = cls.__new__(cls)
        board.rows, board.cols, board.cells = rows, cols, tuple(cells)
        return board

    @classmethod
    def from_text(cls: type[B], text: Union[str, bytes]) -> B:
        """Read the text format (str or bytes).  Raises ``JudgeError`` (with
        ``line`` and ``column``) on a bad size line, a wrong row length, an
        unknown token, numbers with a gap, and (puzzles) a number that does
        not appear exactly twice."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        return cls._make(*_parse(data, cls._solution))

    parse = Renamed("from_text")  # the old name (CHANGELOG.md), as samegame.Board.from_text

    def _drawing(self) -> Drawing:
        """This object's picture (``render(format="svg")``, gridgames.pictures)."""
        from ._svg import draw
        return draw(self)

    def render(self, format: str = "text") -> str:
        """The text format: 'R C', then the rows top first; ends in a newline.
        ``format="svg"``: an SVG 1.1 picture instead (gridgames.pictures)."""
        if format != "text":
            from .._runtime.drawing import picture
            return picture(self, format)
        return render_cells(self.rows, self.cols, self.cells)

    __str__ = render

    def grid(self) -> list[tuple[int, ...]]:
        """The rows, top first, each a tuple of cells."""
        c = self.cols
        return [self.cells[r * c:(r + 1) * c] for r in range(self.rows)]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self.rows, self.cols, self.cells) == (other.rows, other.cols, other.cells)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.rows, self.cols, self.cells))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.rows}x{self.cols}>"


class Puzzle(_Board):
    """A Number Link puzzle: ``cells`` row-major, top row first, each EMPTY,
    SOLID or an endpoint number; every number 1..k appears exactly twice."""
    __slots__ = ()

    @property
    def pairs(self) -> int:
        """k, the number of endpoint pairs."""
        return max(0, *self.cells)


class Solution(_Board):
    """A filled board: ``cells`` hold path numbers and SOLID; EMPTY marks a
    square on no path (allowed here so that ``check`` can point at it)."""
    __slots__ = ()
    _solution = True


class Generated(NamedTuple):
    puzzle: Puzzle
    solution: Solution


class Verdict(NamedTuple):
    """What ``check`` found: true when valid.  Otherwise ``rule`` names the
    first broken rule (see RULES) and ``row``/``column`` (1-based) the first
    square where it is broken (None for the size rule)."""
    valid: bool
    rule: Optional[str] = None
    row: Optional[int] = None
    column: Optional[int] = None
    message: str = "the solution solves the puzzle"

    def __bool__(self) -> bool:
        return self.valid

    def __str__(self) -> str:
        return self.message


def generate(rows: int, cols: Optional[int] = None, seed: int = 0, *,
             backend: Optional[str] = None) -> Generated:
    """Generate a ``rows`` x ``cols`` puzzle (1..MAX_SIDE each; ``cols``
    defaults to ``rows``, a square board, as on the command line) and the
    solution the generator built, as ``Generated(puzzle, solution)``.

    The algorithm is the seed's union-find one; its random source is
    splitmix64 seeded with ``seed`` modulo 2**64, so a seed gives the same
    puzzle on every platform and on both backends.
    """
    rows = index(rows)
    cols = rows if cols is None else index(cols)
    cells, ends = _load("numberlink", backend).generate(rows, cols, index(seed) % 2**64)
    puzzle = [EMPTY if v != SOLID else SOLID for v in cells]
    for k, square in enumerate(ends):
        puzzle[square] = k // 2 + 1
    return Generated(Puzzle._make(rows, cols, puzzle), Solution._make(rows, cols, cells))


def check(puzzle: Puzzle, solution: Solution, *, backend: Optional[str] = None) -> Verdict:
    """Does ``solution`` solve ``puzzle``?  Returns a ``Verdict``: true when
    valid, else the first broken rule (in RULES order) at its first square
    (reading order)."""
    if not isinstance(puzzle, Puzzle) or not isinstance(solution, Solution):
        raise TypeError("check(puzzle, solution) takes a Puzzle and a Solution")
    if (puzzle.rows, puzzle.cols) != (solution.rows, solution.cols):
        return Verdict(False, "size", None, None,
                       f"rule size broken: the solution is {solution.rows}x{solution.cols}, "
                       f"the puzzle {puzzle.rows}x{puzzle.cols}")
    found = _load("numberlink", backend).check(puzzle.rows, puzzle.cols,
                                               puzzle.cells, solution.cells)
    if found is None:
        return Verdict(True)
    rule, square, a, b = found
    name = RULES[rule][0]
    row, column = square // puzzle.cols + 1, square % puzzle.cols + 1
    return Verdict(False, name, row, column,
                   f"rule {name} broken at row {row}, column {column}: {_explain(rule, a, b)}")


class Budget(NamedTuple):
    """Limits of one ``solve`` or ``count_solutions``: search nodes (the
    solver's own search, not the SAT fallback) and seconds of wall time
    (everything, the SAT fallback included); None is no limit."""
    nodes: Optional[int] = None
    seconds: Optional[float] = None


class Unknown:
    """The answer when the budget ran out first: neither none, nor unique,
    nor several.  It is no number: ``bool()``, ``int()`` and ordering raise
    TypeError, and it equals nothing but itself, so it cannot pass for 0, 1
    or 2.  ``at_least`` counts the solutions found before the budget ran
    out; ``nodes`` the search nodes used."""
    __slots__ = ("at_least", "nodes")

    def __init__(self, at_least: int, nodes: int) -> None:
        self.at_least, self.nodes = at_least, nodes

    def __bool__(self) -> bool:
        raise TypeError("the answer is unknown (the budget ran out): test isinstance(x, Unknown)")

    __index__ = __int__ = __bool__  # they raise as well

    def __repr__(self) -> str:
        return f"Unknown(at_least={self.at_least}, nodes={self.nodes})"

    def __str__(self) -> str:
        return "unknown"


class Answer(NamedTuple):
    """What the solver found (used by the CLI): ``solutions`` (up to the limit) or
    an Unknown, the first solution's cells, search nodes, and ``method``:
    "search" or "sat" (the fallback settled it)."""
    solutions: Union[int, Unknown]
    cells: Optional[Sequence[int]]
    nodes: int
    method: str


def _fallback_nodes(puzzle: Puzzle) -> int:
    """Search nodes before the SAT fallback takes over: about the time the
    SAT encoding alone takes (it grows with squares x paths)."""
    return FALLBACK_NODES + puzzle.rows * puzzle.cols * max(1, puzzle.pairs) // 4


def answer(puzzle: Puzzle, limit: int, budget: Optional[Budget] = None, sat: Optional[bool] = None,
           backend: Optional[str] = None, progress: Optional[Callable[[int], object]] = None) -> Answer:
    """Search, then (when the search needs more than ``_fallback_nodes``
    and python-sat is installed, or ``sat`` is true) the SAT fallback; an
    Unknown count when the budget runs out.  ``progress(nodes)`` is called
    every few thousand search nodes."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError("the solver takes a Puzzle")
    budget = budget or Budget()
    max_nodes = 0 if budget.nodes is None else index(budget.nodes)
    if not 0 <= max_nodes < 2 ** 63 or budget.nodes == 0:
        raise ValueError(f"the node budget is 1..2**63-1, not {budget.nodes}")
    if budget.seconds is not None and not budget.seconds > 0:
        raise ValueError(f"the time budget is a positive number of seconds, not {budget.seconds}")
    if sat and not _sat.available():
        raise ImportError(f"the SAT fallback needs python-sat: {_sat.HINT}")
    use_sat = _sat.available() if sat is None else sat
    deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
    fallback = _fallback_nodes(puzzle) if use_sat else 0
    nodes = min(max_nodes or fallback, fallback or max_nodes)  # 0: no limit
    late = [False]

    def tick(done: int) -> bool:
        if progress is not None:
            progress(done)
        late[0] = deadline is not None and time.monotonic() > deadline
        return late[0]

    solver = _load("numberlink", backend, part="solve")
    count, cells, used, finished = solver.solve(puzzle.rows, puzzle.cols, puzzle.cells, limit,
                                                nodes, tick)
    if finished:
        return Answer(count, cells, used, "search")
    if use_sat and used == fallback and used != max_nodes and not late[0]:
        found = _sat.count_until(puzzle.rows, puzzle.cols, puzzle.cells, limit, deadline)
        if found is not None:
            return Answer(found[0], cells or found[1], used, "sat")
    return Answer(Unknown(count, used), cells, used, "search")


def solve(puzzle: Puzzle, *, budget: Optional[Budget] = None, sat: Optional[bool] = None,
          backend: Optional[str] = None) -> Union[Solution, None, Unknown]:
    """The first solution of ``puzzle`` in the solver's (deterministic)
    search order, or None when it has none.  Both backends return the same
    solution.  The rules are exactly those of ``check``.  When the search
    needs more than a few thousand nodes and python-sat is installed (the
    ``[sat]`` extra; ``sat=False`` never, ``sat=True`` always, ImportError
    without it), a SAT solver settles the puzzle instead.  An ``Unknown``
    when ``budget`` ran out first."""
    found = answer(puzzle, 1, budget, sat, backend)
    if isinstance(found.solutions, Unknown):
        return found.solutions
    if found.solutions == 0:
        return None
    return Solution._make(puzzle.rows, puzzle.cols, found.cells)  # type: ignore[arg-type]  # cells are set when count > 0


def count_solutions(puzzle: Puzzle, limit: int = 2, *, budget: Optional[Budget] = None,
                    sat: Optional[bool] = None, backend: Optional[str] = None) -> Union[int, Unknown]:
    """How many solutions ``puzzle`` has, counting up to ``limit`` (1..2**31-1):
    0, 1, ... or ``limit`` meaning "at least ``limit``".  With the default 2
    the answer tells a unique puzzle (1) from one with several (2).  With a
    ``budget`` the answer may be an ``Unknown`` (the budget ran out); ``sat``
    as for ``solve``."""
    return answer(puzzle, index(limit), budget, sat, backend).solutions
