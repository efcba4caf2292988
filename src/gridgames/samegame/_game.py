"""SameGame's judge function and ``Board``, a position (``gridgames.samegame`` hands them on)."""

from _operator import index  # operator's C half, built in: a judge starts without operator.py

from .._runtime.backend import kernel as _load
from .._runtime.judge import Emit, JudgeError, JudgeInput, JudgeResult, error_where, source
from .._runtime.kernel_constants import constants
from .._runtime.state_wrapper import StateAttr, Wrapper, int_rows
from ._text import EMPTY as _EMPTY, format_boards, parse_boards

TYPE_CHECKING = False  # typing is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Optional, Union

    from .._runtime.drawing import Drawing
    from ._kernel import State
    from ._single import Algorithm, SearchResult, TabuColour
    from .research._search import Stop

# The kernel's codes and capacities, read from its .pxd (the pure twin is not loaded for them).
_K = constants("samegame/_kernel.pxd")
E_CELL, E_COLS, E_ROWS, E_SEL_COL = _K.E_CELL, _K.E_COLS, _K.E_ROWS, _K.E_SEL_COL
E_SEL_ROW, MAX_COLS, MAX_ROWS = _K.E_SEL_ROW, _K.MAX_COLS, _K.MAX_ROWS

# What the judge expected where it met a bad token, by the kernel's E_* code.
EXPECTED = {
    _K.E_ROWS: f"the row count M (1..{MAX_ROWS}, or 0 to end the input)",
    _K.E_COLS: f"the column count N (1..{MAX_COLS}, or 0 to end the input)",
    _K.E_CELL: "a cell value 0..9",
    _K.E_SEL_ROW: "a selection row (a non-negative integer; '0 0' ends the grid)",
    _K.E_SEL_COL: "a selection column (a non-negative integer)",
}


def judge(data: "JudgeInput", *, backend: "Optional[str]" = None, emit: "Emit" = None) -> "JudgeResult":
    """Run a judge file: ``data`` is any bytes-like object, or a binary file
    (read in pieces: memory stays bounded whatever its size).  Returns a
    JudgeResult: the output of every complete grid, and None or a JudgeError
    with line and column (no warnings).  With ``emit`` (a function taking
    bytes, e.g. a file's write, or a file descriptor), the output goes to it
    in chunks as it is made and only the rest is returned."""
    out, found = _load("samegame", backend).judge(source(data), emit)
    err: Optional[JudgeError] = None
    if found is not None:
        grid, code, where = found
        err = error_where(where, f"grid {grid}", EXPECTED[code])
    return JudgeResult(out, err, [])


class Board(Wrapper):
    """A SameGame position.

    ``Board(rows)`` takes the rows TOP row first, each a string of digits or a
    sequence of ints 0..9 (0 is a colour), up to 20 rows and 40 columns (the
    judge itself takes 10 rows).  Coordinates follow the judge: (r, c) with
    row 1 at the bottom and column 1 at the left.  ``backend`` is None (the
    default choice), "compiled" or "pure".
    """

    __slots__ = ()
    _state: "State"

    def __init__(self, rows: "Iterable[Union[str, Iterable[int]]]", *,
                 backend: "Optional[str]" = None) -> None:
        grid = int_rows(rows)
        if not grid or any(len(row) != len(grid[0]) for row in grid):
            raise ValueError("rows must be non-empty and all of one length")
        cells = [v for row in reversed(grid) for v in row]
        self._state = _load("samegame", backend).State(len(grid), len(grid[0]), cells)

    @classmethod
    def from_text(cls, text: str, *, backend: "Optional[str]" = None) -> "Board":
        """Build from judge text: 'M N' then M*N values, bottom row first."""
        values = [int(t) for t in text.split()]
        if len(values) < 2 or len(values) < 2 + values[0] * values[1]:
            raise ValueError("judge text needs 'M N' and M*N cell values")
        m, n = values[0], values[1]
        cells = values[2:2 + m * n]
        return cls([cells[r * n:(r + 1) * n] for r in reversed(range(m))], backend=backend)

    rows = StateAttr[int]("rows of the frame")
    cols = StateAttr[int]("columns of the frame")
    remaining = StateAttr[int]("cells left")

    @property
    def won(self) -> bool:
        """every cell removed"""
        return self._state.remaining == 0

    @property
    def over(self) -> bool:
        """No removable region is left (won, or stuck)."""
        return self._state.over
    score = StateAttr[int]("points so far: (n-2)^2 per removal of n cells, +1000 once cleared")

    def select(self, r: int, c: int) -> int:
        """Remove the region at (r, c) if it has at least 2 cells, let the cells
        fall and close empty columns.  Returns the number removed; 0 (and no
        change) for a cell outside the frame, an empty cell or a single."""
        return self._state.select(index(r), index(c))

    def region(self, r: int, c: int) -> list[tuple[int, int]]:
        """Sorted (r, c) cells of the region containing (r, c); [] if empty."""
        return self._state.region(index(r), index(c))

    def moves(self) -> list[tuple[int, int, int]]:
        """(r, c, size) for each removable region; (r, c) is its first cell
        scanning columns left to right, each from the bottom up."""
        return self._state.moves()

    def grid(self) -> "list[tuple[Optional[int], ...]]":
        """Rows top first, each a tuple of colours (None for an empty cell)."""
        snap, n = self._state.snapshot(), self.cols
        return [tuple(None if v == _EMPTY else v for v in snap[r * n:(r + 1) * n])
                for r in reversed(range(self.rows))]

    @property
    def kernel_state(self) -> "State":
        """The backend's State that this Board wraps: what the search
        kernels take (samegame._single hands it to them; not a copy)."""
        return self._state

    def _drawing(self) -> "Drawing":
        """This object's picture (``render(format="svg")``, gridgames.pictures)."""
        from ._svg import draw
        return draw(self)

    def render(self, format: str = "text") -> str:
        """The judge output for this position: the rows top first (4 spaces,
        then each cell and a space), or '    Game Won'. ``format="svg"``:
        an SVG 1.1 picture instead (gridgames.pictures)."""
        return super().render(format)

    # --- research: scores, playouts, searches --------------------------------

    def playouts(self, n: int, *, seed: int = 0, policy: str = "random") -> list[int]:
        """Play ``n`` games to the end from this position (left unchanged)
        and return their final scores (this board's score included).
        "random" draws each move uniformly among the removable regions;
        "tabu" keeps the colour that has the most cells at the playout's
        start for one big final region: its regions are not removed while
        it has two or more parts (regions or lone cells) and another move
        exists, except pairs after the 10th move.  Same seed, same scores,
        on both backends."""
        from . import _single
        return _single.playouts(self, n, seed, policy)

    def search(self, algo: "Algorithm" = "nrpa", *, level: int = 1, iterations: "Optional[int]" = None,
               width: int = 10, seed: int = 0, tabu: bool = True,
               time: "Optional[float]" = None, stop: "Optional[Stop]" = None, stab: int = 1,
               restarts: "Optional[int]" = 0, tabu_bias: "Optional[float]" = None,
               size_bias: float = 0.0, repeats: int = 0, cpu_time: bool = False,
               improve: "Optional[Iterable[tuple[int, int]]]" = None,
               tabu_colour: "TabuColour" = None, colour_bias: float = 0.0,
               improve_adapts: "Optional[int]" = None,
               weights: "Optional[tuple[int, int, int]]" = None, tabu_free: int = 10,
               tabu_until: int = 0, prior: "Optional[Mapping[str, float]]" = None) -> "SearchResult":
        """Search for a high-scoring game from this position (left unchanged).

        ``algo``: "random" (the best of ``iterations`` playouts, default
        1000), "nmcs" (Nested Monte-Carlo Search at ``level``, the best
        sequence memorised, level-1 playouts; ``iterations`` restarts,
        default 1), "nrpa" (Nested Rollout Policy Adaptation at ``level``
        >= 1 with ``iterations`` per level, default 100), "beam" (beam
        search of ``width``, default 10, at most 10,000: each child of each state is rated by
        one playout, the best ``width`` children make the next layer) or
        "beam-eval" (beam search with no playout: each child is rated by its
        score plus an estimate of what is left, ``weights`` (groups, colours,
        lone) in hundredths of a point per (size-2)**2 of each region, per
        (cells-2)**2 of each colour as if it were one region, and against
        each cell in no region (None: ``samegame._single.WEIGHTS``); a
        position reached twice in a layer is kept once; ``iterations`` beams,
        default 1, each twice as wide as the one before, up to 100,000;
        memory grows with the width, about 2.5 kB per unit) or "nmcs-beam"
        (NMCS at ``level`` >= 1 whose level-1 playouts are beam-eval beams
        of ``width`` <= 1,000, rated by ``weights``: a nested beam).
        NRPA's policy gives each move a weight by its code, a Zobrist hash
        of its region's cells and colour (as in Cazenave's engines).  NRPA
        options: ``stab`` playouts per adapt at level 1 (stabilized NRPA,
        default 1); ``restarts``: run the level-``level`` search again from
        a fresh policy this many times (until ``time`` is up; None: until then,
        however many times it takes); GNRPA biases:
        ``tabu_bias`` (None: the tabu rule is hard; a number: tabu moves are
        allowed with this bias against them), ``size_bias`` (added per
        cell of a region beyond 2) and ``colour_bias`` (a position
        evaluation: added times the share of its colour's cells on the
        board that a region holds, size / cells of that colour); ``repeats`` (GNRPA with limited
        repetitions): a level ends early once the level below has returned
        its best score again this many times (0: never).  ``prior`` (NRPA):
        a learned bias, each feature's weight by name
        (``samegame._prior.FEATURES``; a file's: ``_prior.load``),
        w . features added to each move's weight.

        ``tabu``: the playouts avoid the most frequent colour (see
        playouts): pairs of it are allowed after ``tabu_free`` moves
        (default 10, Cazenave's rule), and the rule is lifted once
        ``tabu_until`` cells or fewer are left (default 0: never; Klein's
        "Tabu48" is 48).  Neither is taken by root-parallel or checkpointed
        searches yet.  ``tabu_colour``: the colour they keep for the end: None
        or "auto" (the colour with the most cells at each playout's start,
        the lowest on a tie), a colour number (ValueError if the board has
        none of it), or "best" (the colour measured best for a standard
        board, ``samegame._tabu.BEST``; "auto" for others).  ``time``: seconds after which the best so far is
        returned (``cpu_time``: seconds of CPU time of the searching thread,
        for comparisons at equal CPU on a busy machine); so does Ctrl-C (in the main thread) and ``stop.set()`` (a
        ``Stop`` from ``stop_flag()``).  The same seed and budget give the
        same SearchResult on both backends (a time limit makes it depend on
        speed).

        ``improve``: a finished game from this position (judge selections,
        e.g. ``best_known()[k].moves``) to improve on: it is the best so far
        from the start, so the result is never worse; NRPA starts as if its
        top level had just found it (the top policy adapted towards it
        before the first iteration), and each restart starts from the best
        game so far.  ValueError if the game is illegal or does not end
        the board.  ``improve_adapts`` (with ``improve``, NRPA; None: as
        just said): each run's top policy is adapted towards its start game
        this many times, and from then on towards the run's own best, as in
        a search from nothing (diversity); the result is still never worse
        than the start game."""
        from . import _single
        return _single.run(self, algo, level=level, iterations=iterations, width=width,
                           seed=seed, tabu=tabu, time=time, stop=stop, stab=stab,
                           restarts=restarts, tabu_bias=tabu_bias, size_bias=size_bias,
                           repeats=repeats, cpu_time=cpu_time, improve=improve, tabu_colour=tabu_colour,
                           colour_bias=colour_bias, improve_adapts=improve_adapts, weights=weights,
                           tabu_free=tabu_free, tabu_until=tabu_until, prior=prior)

    def stop_flag(self) -> "Stop":
        """A new Stop (its ``set()`` ends searches given it) for this backend."""
        stop: Stop = _load("samegame", self.backend, part="search").Stop()
        return stop

    def replay(self, moves: "Iterable[tuple[int, int]]") -> int:
        """Play ``moves`` (judge selections (r, c)) on this board and return
        its score; ValueError naming the first move that removes nothing
        (the moves before it stay played)."""
        from . import _single
        return _single.replay(self, moves)

    def _key(self) -> "tuple[int, int, bytes]":
        return self.rows, self.cols, self._state.snapshot()

    def __repr__(self) -> str:
        return f"<Board {self.rows}x{self.cols} {self.remaining} left {board_rows(self)}>"


def board_rows(board: Board) -> "list[str]":
    """The board as strings of colour digits, rows top first ('.' empty):
    its repr, and the cells that a campaign's digest fingerprints."""
    return ["".join("." if v is None else str(v) for v in row) for row in board.grid()]


def read_boards(text: str, name: str = "<string>", *, backend: "Optional[str]" = None) -> "list[Board]":
    """The boards of research text: each board's rows TOP row first, one
    line per row, colours 0..9 separated by spaces; boards separated by
    blank lines.  FormatError (a ValueError) reads ``NAME:LINE:COL: ...``."""
    return [Board(rows, backend=backend) for rows in parse_boards(text, name)]


def write_boards(boards: "Iterable[Board]") -> str:
    """Research text for boards with no empty cell (see read_boards)."""
    return format_boards(board.grid() for board in boards)


def standard_boards(*, backend: "Optional[str]" = None) -> "list[Board]":
    """The 20 standard 15x15 positions of the SameGame search literature
    (SP-MCTS, NMCS, NRPA), 5 colours 0..4."""
    from importlib import resources
    text = resources.files(__package__).joinpath("standard20.txt").read_text("ascii")
    return read_boards(text, "standard20.txt", backend=backend)


#: The research set's seed: ``research_boards()`` draws its boards from it.
RESEARCH_SEED = 2026
RESEARCH_SIZE = 250


def research_boards(count: int = 100, *, seed: int = RESEARCH_SEED,
                    backend: "Optional[str]" = None) -> "list[Board]":
    """``count`` random 15x15 boards of 5 colours (0..4), the research set
    that defaults and parameters are chosen on (the standard boards are for
    records only and choose nothing).  Board k (0-based) of a seed is the
    same whatever ``count`` is: its 225 cells, rows top first, are the next
    225 draws of splitmix64(seed), each uniform in 0..4.  ValueError for a
    count outside 0..250 (the set's size; more is another experiment)."""
    from .._runtime.random_source_pure import SplitMix64
    count, seed = index(count), index(seed)
    if not 0 <= count <= RESEARCH_SIZE:
        raise ValueError(f"count must be in 0..{RESEARCH_SIZE}, not {count}")
    if not 0 <= seed < 2**64:
        raise ValueError("seed must be in 0..2**64-1")
    rng = SplitMix64(seed)
    boards = []
    for _ in range(count):
        cells = [rng.uniform(5) for _ in range(225)]
        boards.append(Board([cells[r * 15:(r + 1) * 15] for r in range(15)], backend=backend))
    return boards

