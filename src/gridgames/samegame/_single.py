"""Searches on SameGame boards: argument checks, results, and ``solve``
(several boards and runs, in order; ``_campaign`` runs them)."""
import hashlib
import threading
from collections.abc import Iterable, Mapping
from operator import index
from typing import Any, Literal, NamedTuple, Optional

from .._runtime.backend import kernel as _load
from .._runtime.kernel_constants import constants
from . import _prior, _race
from ._tabu import (
    BEST,
    NAMES,
    TabuColour as TabuColour,  # re-exported: Board.search's annotation
    standard_number,
)

_S = constants("samegame/research/_search.pxd")  # the search kernels' codes
_ALGO = {"random": _S.ALGO_RANDOM, "nmcs": _S.ALGO_NMCS, "nrpa": _S.ALGO_NRPA, "beam": _S.ALGO_BEAM,
         "beam-eval": _S.ALGO_BEAM_EVAL, "nmcs-beam": _S.ALGO_NMCS_BEAM}
#: The names of the searches, in the order of the table of docs/results/samegame.md.
ALGORITHMS = tuple(_ALGO)
#: The name of a search: ``"random"`` (playouts), ``"nmcs"`` (nested Monte Carlo search),
#: ``"nrpa"`` (nested rollout policy adaptation), ``"beam"`` (beam search, children rated by
#: a playout), ``"beam-eval"`` (beam search, children rated by a position evaluation) or
#: ``"nmcs-beam"`` (NMCS whose level-1 playouts are beam-eval beams), as ``Board.search``
#: and ``search_boards`` take it; mypy refuses any other name.
Algorithm = Literal["random", "nmcs", "nrpa", "beam", "beam-eval", "nmcs-beam"]
# iterations when not given: playouts (random), restarts (nmcs, nmcs-beam), per level (nrpa), beams (beam-eval)
DEFAULT_ITERATIONS = {"random": 1000, "nmcs": 1, "nrpa": 100, "beam": 1, "beam-eval": 1, "nmcs-beam": 1}
#: The widest layer of each beam search ("beam" keeps width x 400 candidates a layer;
#: "beam-eval" a bounded buffer of 4 x width).
MAX_WIDTH = {"beam": 10_000, "beam-eval": _S.MAX_WIDTH, "nmcs-beam": 1_000}
EVALUATED = ("beam-eval", "nmcs-beam")  # the searches that take weights
#: beam-eval's evaluation, in hundredths of a point: per (size - 2)**2 of each region,
#: per (cells - 2)**2 of each colour (only the kept colour with tabu) and, subtracted,
#: per cell in no region.  Chosen on the research set (docs/results/samegame.md).
WEIGHTS = (100, 10, 200)
STOPPED = {_S.RUNNING: None, _S.STOPPED_TIME: "time", _S.STOPPED_FLAG: "stop",
           _S.STOPPED_INTERRUPT: "interrupt"}


class SearchResult(NamedTuple):
    """The best game a search found: its final ``score``, its ``moves`` from
    the start position as judge selections (r, c) (row from the bottom,
    column from the left, 1-based), why it ``stopped`` early (None: it ran
    its whole budget; "time", "stop" or "interrupt" for Ctrl-C) and how many
    games (``playouts``) it finished."""

    score: int
    moves: list[tuple[int, int]]
    stopped: Optional[str]
    playouts: int


def check(algo: str, level: int, iterations: Optional[int], width: int, seed: int,
          time: Optional[float]) -> tuple[int, int, int, int, int, float]:
    """The kernel's arguments (algo code, level, iterations, width, seed,
    seconds); ValueError for a bad one."""
    if algo not in ALGORITHMS:
        raise ValueError(f"algo must be one of {', '.join(ALGORITHMS)}, not {algo!r}")
    level, width, seed = index(level), index(width), index(seed)
    iterations = DEFAULT_ITERATIONS[algo] if iterations is None else index(iterations)
    if not 0 <= level <= 10 or (algo in ("nrpa", "nmcs-beam") and level < 1):
        raise ValueError(f"level must be in {1 if algo in ('nrpa', 'nmcs-beam') else 0}..10, not {level}")
    if not 1 <= iterations <= 2**31 - 1:
        raise ValueError(f"iterations must be in 1..2**31-1, not {iterations}")
    most = MAX_WIDTH.get(algo, 10_000)
    if not 1 <= width <= most:
        raise ValueError(f"width must be in 1..{most}, not {width}")
    if not 0 <= seed < 2**64:
        raise ValueError("seed must be in 0..2**64-1")
    seconds = 0.0 if time is None else float(time)
    if not seconds >= 0:
        raise ValueError(f"time must be a non-negative number of seconds, not {time!r}")
    return _ALGO[algo], level, iterations, width, seed, seconds


def strongest() -> tuple[str, dict[str, Any]]:
    """(algo, options) of the strongest search measured on the research set
    (research_boards(), boards nobody tunes on) for a time budget: give it
    ``time``; NRPA level 3 that restarts from a fresh policy until the time
    is up, keeping today's colour.  Nothing tried beat it there at equal
    CPU with paired seeds at 10 CPU s (the raced colour, Tabu48, tabu pairs
    earlier or later, level 2, 50 iterations, the GNRPA biases, stabilized
    playouts, limited repetitions), nor the evaluated beam at 10, 60 and 600
    (docs/results/samegame-ablation.md).  The colour table of
    six standard boards (``tabu_colour="best"``) is an option for record
    attempts there, not a default."""
    return "nrpa", dict(level=3, iterations=100, restarts=None)


# restarts=None, "until the time is up", as the kernels take it (never shown to users)
UNTIL_TIME = 2**62
#: After this many moves a playout may remove a pair of the kept colour (Cazenave's engine's rule).
TABU_FREE = _S.TABU_FREE_DEPTH


def check_nrpa(stab: int, restarts: Optional[int], tabu_bias: Optional[float],
               size_bias: float, repeats: int = 0, colour_bias: float = 0.0,
               improve_adapts: Optional[int] = None, improve: bool = False) -> dict[str, Any]:
    """NRPA's other options as the kernel takes them (``improve``: whether
    the search starts from a known game); ValueError for a bad one."""
    stab, restarts = index(stab), UNTIL_TIME if restarts is None else index(restarts)
    repeats = index(repeats)
    if not 1 <= stab <= 2**31 - 1:
        raise ValueError(f"stab must be in 1..2**31-1, not {stab}")
    if not 0 <= repeats <= 2**31 - 1:
        raise ValueError(f"repeats must be in 0..2**31-1, not {repeats}")
    if not 0 <= restarts <= 2**62:
        raise ValueError(f"restarts must be in 0..2**62, not {restarts}")
    bias = -1.0 if tabu_bias is None else float(tabu_bias)
    if tabu_bias is not None and not 0 <= bias < float("inf"):
        raise ValueError(f"tabu_bias must be a finite number >= 0 or None, not {tabu_bias!r}")
    size = float(size_bias)
    if not abs(size) < float("inf"):
        raise ValueError(f"size_bias must be a finite number, not {size_bias!r}")
    share = float(colour_bias)
    if not abs(share) < float("inf"):
        raise ValueError(f"colour_bias must be a finite number, not {colour_bias!r}")
    adapts = None if improve_adapts is None else index(improve_adapts)
    if adapts is not None and not 1 <= adapts <= 2**31 - 1:
        raise ValueError(f"improve_adapts must be in 1..2**31-1 or None, not {adapts}")
    if adapts is not None and not improve:
        raise ValueError("improve_adapts needs improve")
    return dict(stab=stab, restarts=restarts, tabu_bias=bias, size_bias=size, repeats=repeats, colour_bias=share,
                improve_adapts=adapts)


def run(board: Any, algo: str = "nrpa", *, level: int = 1, iterations: Optional[int] = None,
        width: int = 10, seed: int = 0, tabu: bool = True, time: Optional[float] = None,
        stop: Optional[Any] = None, stab: int = 1, restarts: Optional[int] = 0,
        tabu_bias: Optional[float] = None, size_bias: float = 0.0, repeats: int = 0,
        policy: Optional[bytes] = None, cpu_time: bool = False,
        improve: Optional[Iterable[tuple[int, int]]] = None, tabu_colour: TabuColour = None,
        colour_bias: float = 0.0, improve_adapts: Optional[int] = None,
        weights: Optional[tuple[int, int, int]] = None, tabu_free: int = TABU_FREE,
        tabu_until: int = 0, prior: Optional[Mapping[str, float]] = None) -> SearchResult:
    """One search from ``board`` (see Board.search; ``policy``: NRPA's
    first top-level policy, bytes of POLICY_SIZE doubles, for _rootpar)."""
    code, level, iterations, width, seed, seconds = check(algo, level, iterations, width, seed, time)
    extra: dict[str, Any] = dict(weights=check_weights(weights)) if algo in EVALUATED else {}
    rule = check_tabu_rule(tabu_free, tabu_until)
    if weights is not None and algo not in EVALUATED:
        raise ValueError("weights applies only to algo='beam-eval' or 'nmcs-beam'")
    if restarts is None and time is None and stop is None:
        raise ValueError("restarts=None (until the time is up) needs a time or a stop flag")
    nrpa = check_nrpa(stab, restarts, tabu_bias, size_bias, repeats, colour_bias, improve_adapts, improve is not None)
    if prior is not None:
        if algo != "nrpa":
            raise ValueError("prior applies only to algo='nrpa'")
        nrpa["prior"] = _prior.vector(prior)
    search = _load("samegame", board.backend, part="search")
    main = threading.current_thread() is threading.main_thread()
    if tabu_colour == "race":
        colours = _race_colours(board, algo, tabu, time)
        if len(colours) > 1:
            known = None if improve is None else finished_game(board, improve)[1]
            score, moves, stopped, games = _race.race(
                lambda c: search.NrpaRun(board.kernel_state, level, iterations, seed, bool(tabu), **nrpa,
                                         policy=policy, improve=known, tabu_colour=c, **rule),
                colours, seconds, stop, main, bool(cpu_time))
            return SearchResult(score, moves, STOPPED[stopped], games)
        tabu_colour = "auto"  # no near tie: today's rule
    if algo == "nrpa":
        extra = dict(nrpa, policy=policy)
    colour = tabu_choice(board, tabu, tabu_colour)
    known = None if improve is None else finished_game(board, improve)[1]
    score, moves, stopped, games = search.search(board.kernel_state, code, level, iterations, width, seed,
                                                 bool(tabu), seconds, stop, main, **extra, **rule,
                                                 cpu_time=bool(cpu_time), improve=known, tabu_colour=colour)
    return SearchResult(score, moves, STOPPED[stopped], games)


def check_tabu_rule(tabu_free: int, tabu_until: int) -> dict[str, int]:
    """The tabu rule's two moments as the kernels take them; ValueError for
    one out of range."""
    free, until = index(tabu_free), index(tabu_until)
    if not 0 <= free <= _S.MAX_MOVES:
        raise ValueError(f"tabu_free must be in 0..{_S.MAX_MOVES}, not {free}")
    if not 0 <= until <= 2 * _S.MAX_MOVES:
        raise ValueError(f"tabu_until must be in 0..{2 * _S.MAX_MOVES}, not {until}")
    return dict(tabu_free=free, tabu_until=until)


def check_weights(weights: Optional[Iterable[int]]) -> tuple[int, int, int]:
    """beam-eval's weights as the kernel takes them (None: WEIGHTS); ValueError
    for anything but three integers in -10**6..10**6."""
    if weights is None:
        return WEIGHTS
    values = tuple(weights)
    if len(values) != 3 or any(isinstance(w, bool) or not isinstance(w, int) or not -10**6 <= w <= 10**6
                               for w in values):
        raise ValueError(f"weights must be three integers in -1000000..1000000 (groups, colours, lone), "
                         f"not {weights!r}")
    return values[0], values[1], values[2]


def _race_colours(board: Any, algo: str, tabu: bool, time: Optional[float]) -> list[int]:
    """The colours that race on ``board`` (tabu_colour="race"); ValueError
    where a race cannot run."""
    if algo != "nrpa" or not tabu or time is None:
        raise ValueError("tabu_colour='race' needs algo='nrpa', tabu=True and a time (the race shares it)")
    return _race.contenders(board)


def tabu_choice(board: Any, tabu: bool, tabu_colour: TabuColour) -> int:
    """The kernels' ``tabu_colour`` (-1: the most frequent colour at each
    playout's start) for ``tabu_colour`` as Board.search takes it; ValueError
    for a colour that is not on the board, or one given without tabu."""
    if tabu_colour is None or tabu_colour == "auto":
        return -1
    if not tabu:
        raise ValueError("tabu_colour applies only with tabu=True")
    if tabu_colour == "best":
        return BEST.get(standard_number(board), -1)
    if tabu_colour == "race":  # Board.search runs the race itself
        raise ValueError("tabu_colour 'race' applies only to one timed NRPA search in one thread "
                         "(not root-parallel or checkpointed)")
    if isinstance(tabu_colour, (str, bool)):
        raise ValueError(f"tabu_colour must be a colour number, {', '.join(map(repr, NAMES[:-1]))} or "
                         f"{NAMES[-1]!r}, not {tabu_colour!r}")
    colour = index(tabu_colour)
    colours = sorted({v for row in board.grid() for v in row if v is not None})
    if colour not in colours:
        raise ValueError(f"tabu_colour {colour} is not a colour of the board (its colours: "
                         f"{', '.join(map(str, colours))})")
    return colour


def adapt_policy(board: Any, policy: bytes, moves: Any, tabu: bool, tabu_bias: float, size_bias: float,
                 tabu_colour: int = -1, colour_bias: float = 0.0) -> bytes:
    """``policy`` (bytes of POLICY_SIZE doubles) adapted towards the game
    ``moves`` from ``board``, as NRPA's adapt (root-parallel's top level).
    This module is the one that hands a board's position to the kernels."""
    adapted: bytes = _load("samegame", board.backend, part="search").adapt_policy(
        board.kernel_state, policy, moves, tabu, tabu_bias, size_bias, tabu_colour, colour_bias)
    return adapted


def nrpa_run(board: Any, *args: Any, **kwargs: Any) -> Any:
    """The kernel's NrpaRun from ``board`` (a search that stops at its
    checkpoint points and goes on; ``args`` as NrpaRun's after the root)."""
    return _load("samegame", board.backend, part="search").NrpaRun(board.kernel_state, *args, **kwargs)


def replay(board: Any, moves: Iterable[tuple[int, int]]) -> int:
    """Play ``moves`` (judge selections (r, c)) on ``board``; its score.
    ValueError naming the first move that removes nothing."""
    for k, move in enumerate(moves, 1):
        r, c = move
        if board.select(r, c) == 0:
            raise ValueError(f"move {k} ({r}, {c}) is illegal: no region of 2 or more cells there")
    return int(board.score)


def finished_game(board: Any, moves: Iterable[tuple[int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """The score of ``moves`` (judge selections, any cell of each region)
    from ``board`` and the moves as the searches name them (each region's
    canonical cell: its lowest cell of its leftmost column); ValueError
    if a move is illegal or the game does not end the board."""
    played, canonical = board.copy(), []
    for k, (r, c) in enumerate(moves, 1):
        region = played.region(index(r), index(c))
        if len(region) < 2:
            raise ValueError(f"move {k} ({r}, {c}) is illegal: no region of 2 or more cells there")
        canonical.append(min(region, key=lambda rc: (rc[1], rc[0])))
        played.select(r, c)
    if not played.over:
        raise ValueError(f"the game does not end the board: a region is left after move {len(canonical)}")
    return int(played.score), canonical


def playouts(board: Any, n: int, seed: int = 0, policy: str = "random") -> list[int]:
    """The final scores of ``n`` playouts from ``board`` (see Board.playouts)."""
    n, seed = index(n), index(seed)
    if policy not in ("random", "tabu"):
        raise ValueError(f"policy must be 'random' or 'tabu', not {policy!r}")
    if not 0 <= n <= 2**40:
        raise ValueError(f"n must be in 0..2**40, not {n}")
    if not 0 <= seed < 2**64:
        raise ValueError("seed must be in 0..2**64-1")
    search = _load("samegame", board.backend, part="search")
    scores: list[int] = search.playouts(board.kernel_state, n, seed, policy == "tabu")
    return scores


def digest(rows: list[str]) -> str:
    """A short fingerprint of a board's cells (to refuse resuming a results
    file on other boards)."""
    return hashlib.sha256("\n".join(rows).encode("ascii")).hexdigest()[:16]
