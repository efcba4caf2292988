"""NRPA searches that outlive their process: a search writes its whole
state to a checkpoint file every so often, and the same search started
again goes on from that file, to exactly the result of a search that never
stopped (SIGKILL included: the file is replaced atomically, and the search
stops only at its checkpoint points, the start of an iteration of a level
>= 2 or of the top level; see the kernel's NrpaRun).

A checkpoint file is three parts: the line ``MAGIC``; one JSON line, the
header (what search it is: format, board digest, algo, params, seed,
gridgames version; and how far it is: CPU and wall seconds spent, playouts,
best score, done); then the state, zlib-compressed: its JSON, a newline,
then each open level's policy (the codes, delta-coded, as little-endian
uint32, then the weights as little-endian float64, exactly).  A checkpoint
whose header names another search is refused (``Mismatch``), never
overwritten.
"""
from __future__ import annotations

import json
import os
import sys
import threading
import time as _time
import zlib
from array import array
from collections.abc import Callable, Iterable
from itertools import accumulate
from typing import Any, NamedTuple, Optional

from ... import __version__
from ..._runtime.safe_files import CannotWrite, replacing, write_all
from .._game import board_rows
from .._single import STOPPED, SearchResult, check, check_nrpa, digest, finished_game, nrpa_run, tabu_choice
from .._tabu import TabuColour

FORMAT = 1
MAGIC = b"gridgames samegame nrpa checkpoint\n"
__all__ = ["CannotWrite", "Finished", "Mismatch", "identity", "path_of", "peek", "read", "run", "wanted", "write"]
WHAT = ("format", "algo", "digest", "seed", "params", "version")  # what must match to go on


class Mismatch(ValueError):
    """A checkpoint of another search (one line: the file and what differs)."""


def path_of(directory: str, board: int, run: int) -> str:
    """The checkpoint of run ``run`` of board ``board`` (1-based) in ``directory``."""
    return os.path.join(directory, f"board-{board}-run-{run}.ckpt")


def identity(digest: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The header's part that names the search (``options`` as checked by
    ``run``; "improve" is whether it started from a known game)."""
    params = {k: options[k] for k in ("level", "iterations", "stab", "repeats", "restarts", "tabu",
                                     "tabu_bias", "size_bias", "colour_bias", "improve", "improve_adapts")}
    if options.get("tabu_colour", -1) >= 0:  # only when chosen: older checkpoints stay valid
        params["tabu_colour"] = options["tabu_colour"]
    return dict(format=FORMAT, algo="nrpa", digest=digest, seed=seed, params=params, version=__version__)


def wanted(board: Any, seed: int, improve: bool, *, level: int = 1, iterations: Optional[int] = None,
           tabu: bool = True, stab: int = 1, restarts: Optional[int] = 0, tabu_bias: Optional[float] = None,
           size_bias: float = 0.0, repeats: int = 0, tabu_colour: TabuColour = None, colour_bias: float = 0.0,
           improve_adapts: Optional[int] = None, **others: Any) -> dict[str, Any]:
    """The identity() of the search ``run`` makes of these arguments
    (the others, time and such, left out)."""
    cells = digest(board_rows(board))
    _, level, iterations, _, seed, _ = check("nrpa", level, iterations, 10, seed, None)
    options = check_nrpa(stab, restarts, tabu_bias, size_bias, repeats, colour_bias, improve_adapts, improve)
    return identity(cells, seed, dict(options, level=level, iterations=iterations, tabu=bool(tabu), improve=improve,
                                      tabu_colour=tabu_choice(board, tabu, tabu_colour)))


def sweep(path: str) -> None:
    """Remove the temporary files of ``path`` that a killed writer left
    (``.NAME.PID.tmp`` of safe_files.replacing, whose process is gone)."""
    directory, base = os.path.split(os.path.abspath(path))
    try:
        names = os.listdir(directory)
    except OSError:
        return
    for name in names:
        pid = name[len(base) + 2:-4]
        if name.startswith(f".{base}.") and name.endswith(".tmp") and pid.isdigit() and not _alive(int(pid)):
            try:
                os.unlink(os.path.join(directory, name))
            except OSError:
                pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # another user's, or not a process id we can ask about: left alone
    return True


def peek(path: str) -> Optional[dict[str, Any]]:
    """The header of the checkpoint ``path``, None if there is none;
    Mismatch (a ValueError) when it is not a checkpoint."""
    try:
        with open(path, "rb") as f:
            magic, line = f.readline(), f.readline()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise Mismatch(f"cannot read the checkpoint {path}: {exc.strerror}") from None
    try:
        header = json.loads(line)
        if magic != MAGIC or not isinstance(header, dict) or any(k not in header for k in WHAT):
            raise ValueError
    except ValueError:
        raise Mismatch(f"{path}: not a gridgames NRPA checkpoint") from None
    if isinstance(header["params"], dict):
        header["params"].setdefault("colour_bias", 0.0)  # written before the option: none
        header["params"].setdefault("improve_adapts", None)  # likewise
    return header


def refuse_other(path: str, header: dict[str, Any], wanted: dict[str, Any],
                 seed: Optional[Callable[[int], str]] = None) -> None:
    """Mismatch naming the first thing that differs between ``header`` and
    ``wanted``; ``seed``: how a search seed is named (a campaign's --seed)."""
    for key in WHAT:
        theirs, ours = header.get(key), wanted[key]
        if key == "params" and isinstance(theirs, dict) and theirs != ours:
            diff = sorted(k for k in set(theirs) | set(ours) if theirs.get(k) != ours.get(k))
            key, theirs, ours = diff[0], theirs.get(diff[0]), ours.get(diff[0])
        if theirs != ours:
            said = f"{'board' if key == 'digest' else key} {theirs}, not {ours}"
            if key == "seed" and seed is not None and type(theirs) is int and 0 <= theirs < 2**64:
                said = f"{seed(theirs)}, not {seed(ours)}"
            raise Mismatch(f"{path}: the checkpoint of another search ({said}); "
                           "give another directory, or remove the file to start afresh")


def read(path: str, wanted: dict[str, Any]) -> Optional[tuple[dict[str, Any], dict[str, Any]]]:
    """(header, state) of the checkpoint ``path`` of the search ``wanted``
    (identity()); None if there is none; Mismatch for another search's
    or a damaged file."""
    header = peek(path)
    if header is None:
        return None
    refuse_other(path, header, wanted)
    with open(path, "rb") as f:
        f.readline()
        f.readline()
        body = f.read()
    try:
        state, blob = _split(zlib.decompress(body))
        levels, off = state["levels"], 0
        for level in levels:
            n = level.pop("n")
            level["codes"], level["weights"] = _policy(blob[off:off + 12 * n], n)
            off += 12 * n
        if off != len(blob):
            raise ValueError
    except (ValueError, KeyError, TypeError, zlib.error, AttributeError):
        raise Mismatch(f"{path}: a damaged checkpoint (its state does not read back)") from None
    return header, state


def _split(raw: bytes) -> tuple[dict[str, Any], bytes]:
    end = raw.index(b"\n")
    state = json.loads(raw[:end])
    if not isinstance(state, dict) or not isinstance(state.get("levels"), list):
        raise ValueError
    return state, raw[end + 1:]


def _policy(blob: bytes, n: int) -> tuple[bytes, bytes]:
    """A level's policy from the file to the twins' form (native int32 codes, float64 weights)."""
    deltas, weights = array("I"), array("d")
    deltas.frombytes(blob[:4 * n])
    weights.frombytes(blob[4 * n:12 * n])
    if len(weights) != n:
        raise ValueError
    if sys.byteorder == "big":
        deltas.byteswap()
        weights.byteswap()
    return array("i", accumulate(deltas)).tobytes(), weights.tobytes()


def write(path: str, header: dict[str, Any], state: dict[str, Any]) -> int:
    """Write the checkpoint atomically (a temporary file in the same
    directory, flushed to disk, renamed over ``path``); its size in bytes.
    CannotWrite (one line) when that fails."""
    levels, blob = [], bytearray()
    for level in state["levels"]:
        codes, weights = array("i"), array("d")
        codes.frombytes(level["codes"])
        weights.frombytes(level["weights"])
        deltas = array("I", (b - a for a, b in zip([0, *codes[:-1]], codes)))
        if sys.byteorder == "big":
            deltas.byteswap()
            weights.byteswap()
        blob += deltas.tobytes() + weights.tobytes()
        levels.append({k: v for k, v in level.items() if k not in ("codes", "weights")} | {"n": len(codes)})
    raw = json.dumps(dict(state, levels=levels), separators=(",", ":")).encode() + b"\n" + bytes(blob)
    data = MAGIC + json.dumps(header, separators=(", ", ": ")).encode() + b"\n" + zlib.compress(raw, 6)
    with replacing(path) as fd:
        write_all(fd, data)
    return len(data)


class Finished(NamedTuple):
    """A checkpointed search's outcome: its ``result``, the CPU seconds of
    all its pieces (``cpu``), and the header it went on from (None: it
    started afresh)."""

    result: SearchResult
    cpu: float
    resumed: Optional[dict[str, Any]]


def run(board: Any, path: str, every: float = 60.0, *, level: int = 1, iterations: Optional[int] = None,
        seed: int = 0, tabu: bool = True, time: Optional[float] = None, cpu_time: bool = False,
        stop: Optional[Any] = None, stab: int = 1, restarts: Optional[int] = 0,
        tabu_bias: Optional[float] = None, size_bias: float = 0.0, repeats: int = 0,
        improve: Optional[Iterable[tuple[int, int]]] = None, tabu_colour: TabuColour = None,
        colour_bias: float = 0.0, improve_adapts: Optional[int] = None,
        on_write: Optional[Callable[[dict[str, Any], list[list[int]]], None]] = None) -> Finished:
    """NRPA on ``board`` as Board.search, its state written to ``path``
    every ``every`` seconds (wall) and when it ends or stops, going on from
    ``path`` if it is there: the result is the same as one search that
    never stopped.  ``time`` is a budget for all the pieces together (CPU
    seconds with cpu_time; a stop waits for the next checkpoint point, a
    few playouts later, so the search can go on with a larger budget).  A
    search already done returns its result at once.  Mismatch for a
    checkpoint of another search; CannotWrite when ``path`` cannot be
    written.  ``on_write(header, best moves)`` after each write."""
    if not every >= 0:
        raise ValueError(f"every must be a number of seconds >= 0, not {every!r}")
    seconds = check("nrpa", level, iterations, 10, seed, time)[5]
    known = None if improve is None else finished_game(board, improve)[1]
    ident = wanted(board, seed, known is not None, level=level, iterations=iterations, tabu=tabu, stab=stab,
                   restarts=restarts, tabu_bias=tabu_bias, size_bias=size_bias, repeats=repeats,
                   tabu_colour=tabu_colour, colour_bias=colour_bias, improve_adapts=improve_adapts)
    p = ident["params"]
    found = read(path, ident)
    sweep(path)
    spent = (0.0, 0.0) if found is None else (float(found[0]["cpu"]), float(found[0]["wall"]))
    search = nrpa_run(board, p["level"], p["iterations"], ident["seed"], p["tabu"], p["stab"],
                            p["repeats"], p["restarts"], p["tabu_bias"], p["size_bias"], None, known,
                            tabu_colour=p.get("tabu_colour", -1), colour_bias=p["colour_bias"],
                            improve_adapts=p["improve_adapts"])
    if found is not None:
        try:
            search.load(found[1])
        except (ValueError, KeyError, TypeError, OverflowError, IndexError):
            raise Mismatch(f"{path}: a damaged checkpoint (its state does not fit the search)") from None
    main = threading.current_thread() is threading.main_thread()
    start_cpu, start_wall = _time.thread_time(), _time.monotonic()

    def used() -> tuple[float, float]:
        return spent[0] + _time.thread_time() - start_cpu, spent[1] + _time.monotonic() - start_wall
    stopped: Optional[str] = None
    while not search.done:
        left = seconds - used()[1 - cpu_time] if seconds else 0.0
        if seconds and left <= 0 and search.result()[1]:
            stopped = "time"  # the budget was spent by earlier pieces
            break
        paused = search.run(max(left, 1e-9) if seconds else 0.0, stop, main, bool(cpu_time), every)
        if paused or search.done:
            _save(path, ident, search, used(), on_write)
        stopped = STOPPED[search.result()[2]]
        if not paused or stopped is not None:
            break
    score, moves, _, games = search.result()
    return Finished(SearchResult(score, list(moves), stopped, games), used()[0], found and found[0])


def _save(path: str, wanted: dict[str, Any], search: Any, used: tuple[float, float],
          on_write: Optional[Callable[[dict[str, Any], list[list[int]]], None]]) -> None:
    state = search.state()
    score, _, stopped, games = search.result()
    header = dict(wanted, cpu=round(used[0], 3), wall=round(used[1], 3), playouts=games,
                  best_score=score if state["best_score"] >= 0 else None, done=state["done"],
                  stopped=STOPPED[stopped], written=_time.strftime("%Y-%m-%dT%H:%M:%SZ", _time.gmtime()))
    write(path, header, state)
    if on_write is not None:
        on_write(header, state["best"])

