"""A campaign from its results file to its totals (``samegame solve``'s
driver): the results file opened, locked and checked (or resumed), the
searches that go on from their checkpoints, the searches run (every board
``runs`` times, or an allocating campaign), each result written and shown
as it finishes, Ctrl-C, and what the totals are made of.  It takes plain
values and prints nothing itself: the command line words what it refuses
(``Refused``), shows each result (``show``) and the totals (``Outcome``)."""
from __future__ import annotations

import os
from collections.abc import Callable, Generator
from contextlib import AbstractContextManager, nullcontext
from typing import Any, NamedTuple, Optional

from ..._runtime.safe_files import CannotWrite
from . import _results as results
from ._allocate import allocating, report, report_text
from ._campaign import campaign, going_on
from ._checkpoint import Mismatch
from ._improve import Start
from ._jobs import Live, Result, board_rows, digest, params_of
from ._progress import Progress

Show = Callable[[Result], None]
Defer = Callable[[], AbstractContextManager[list[int]]]


class Refused(Exception):
    """The campaign did not start: ``what`` names the check ("directory":
    FILE is one; "boards": FILE is the boards' file; "taken": FILE has
    results and no resume was asked; "open": FILE cannot be opened;
    "results": FILE is bad, locked or another campaign's; "checkpoint-file":
    the checkpoints' directory is a file; "checkpoints": it cannot be
    written; "mismatch": a checkpoint of another search), ``path`` the file
    or directory, and the exception behind it is ``__cause__``."""

    def __init__(self, what: str, path: str) -> None:
        super().__init__(what, path)
        self.what, self.path = what, path


class Outcome(NamedTuple):
    """What a campaign leaves for its totals: the ``best`` score per board
    (earlier results included), the number of results ``seen`` (earlier
    ones not interrupted, and every new one), the searches ``done`` to the
    end of the ``searches`` asked, whether it was ``interrupted``, the
    allocating campaign's ``report`` (a table; None for a plain campaign)
    and the ``error`` that ended it early (None: none)."""

    best: dict[int, int]
    seen: int
    done: int
    searches: int
    interrupted: bool
    report: Optional[str]
    error: Optional[Exception]


class Plan(NamedTuple):
    """A campaign as asked: the ``boards``, the search (``algo``, its
    ``options``), the campaign's ``seed``, ``runs`` per board, then
    ``allocate`` more searches in rounds of ``batch`` (None: no allocating
    campaign), where it runs (``threads``, ``ray``, ``root_parallel``), the
    ``starts`` of the improve loop (None: none), the results file
    ``output`` (``resume``: go on with the campaign in it; ``boards_file``:
    the boards' file, which it must not be) and the directory of NRPA's
    ``checkpoint``s, written every ``checkpoint_every`` seconds."""

    boards: list[Any]
    algo: str
    options: dict[str, Any]
    seed: int
    runs: int
    allocate: Optional[int] = None
    batch: Optional[int] = None
    threads: int = 1
    ray: Optional[str] = None
    root_parallel: Optional[int] = None
    starts: Optional[list[Optional[Start]]] = None
    output: Optional[str] = None
    resume: bool = False
    boards_file: Optional[str] = None
    checkpoint: Optional[str] = None
    checkpoint_every: float = 60.0


def solve(plan: Plan, show: Show, *, note: Callable[[str], object] = print, progress: Optional[str] = None,
          defer: Defer = lambda: nullcontext([])) -> Outcome:
    """Run the campaign ``plan`` (see the module), refused before any
    search.  ``note`` gets a line for each search that goes on from its
    checkpoint.  ``progress``: a progress line on standard error (None:
    none; "": redrawn in place; else plain lines that start with it).
    ``defer``: a context in which signals are noted in its list, not raised
    (a result is written whole)."""
    boards, starts = plan.boards, plan.starts
    appender: Optional[results.Appender] = None
    found: list[tuple[int, Result]] = []
    if plan.output is not None:
        appender, found = _open(plan.output, plan.resume, plan.boards_file, [digest(board_rows(b)) for b in boards],
                                plan.algo, params_of(plan.options, plan.root_parallel, starts is not None), plan.seed)
    try:
        skip, earlier = results.done(found), [r for _, r in found]
        tally = _Tally(earlier, len(skip), len(boards) * plan.runs + (plan.allocate or 0))
        if plan.checkpoint is not None:
            try:
                for said in going_on(plan.checkpoint, boards, plan.seed, plan.runs, skip, None if starts is None
                                     else [s and s.moves for s in starts], plan.options, plan.root_parallel):
                    note(said)
            except Mismatch as exc:
                raise Refused("mismatch", plan.checkpoint) from exc
            except FileExistsError as exc:  # a file by that name (a directory is gone on from)
                raise Refused("checkpoint-file", plan.checkpoint) from exc
            except OSError as exc:
                raise Refused("checkpoints", plan.checkpoint) from exc
        live = Live() if progress is not None and not plan.ray and not plan.root_parallel else None
        where: dict[str, Any] = dict(seed=plan.seed, threads=plan.threads, ray=plan.ray,
                                     root_parallel=plan.root_parallel, live=live)
        if plan.allocate is not None:
            batch = 4 if plan.batch is None else plan.batch
            searching = allocating(boards, plan.algo, extra=plan.allocate, batch=batch, runs=plan.runs,
                                   earlier=earlier, improve=starts, **where, **plan.options)
        else:
            searching = campaign(boards, plan.algo, runs=plan.runs, skip=skip, checkpoint=plan.checkpoint,
                                 checkpoint_every=plan.checkpoint_every,
                                 improve=None if starts is None else [s.moves if s else None for s in starts],
                                 **where, **plan.options)
        # searches at once: threads, or one at a time over its workers (root-parallel); on Ray not known
        slots = None if plan.ray else 1 if plan.root_parallel else plan.threads
        line = None if progress is None else Progress(tally.searches, len(boards), earlier, plain=progress,
                                                      budget=plan.options.get("time"), slots=slots, live=live)
        tally.run(searching, appender, line, defer, show)
    finally:
        if appender:
            appender.close()
    table = None
    if plan.allocate is not None:
        table = report_text(report([r for r in tally.seen if r.stopped != "interrupt"],
                                   None if starts is None else [s and s.score for s in starts]))
    return Outcome(tally.best, len(tally.seen), tally.done, tally.searches, tally.interrupted, table, tally.error)


def _open(output: str, resume: bool, boards_file: Optional[str], digests: list[str], algo: str,
          params: dict[str, Any], seed: int) -> tuple[results.Appender, list[tuple[int, Result]]]:
    """The results file, locked, and its results, once they are this
    campaign's only."""
    appender = None
    try:
        if os.path.isdir(output):  # as every command says it (not "has results already")
            raise Refused("directory", output)
        if os.path.exists(output):
            if boards_file not in (None, "-") and os.path.samefile(boards_file, output):
                raise Refused("boards", output)
            if not resume and os.path.getsize(output) > 0:
                raise Refused("taken", output)
        appender = results.Appender(output)  # first: it locks FILE
        found = results.load(output) if resume else []  # read back only to resume
        results.refuse_other(found, output, digests, algo, params, seed)
        return appender, found
    except (OSError, ValueError) as exc:  # FormatError (a bad FILE) is a ValueError
        if appender:
            appender.close()
        raise Refused("open" if isinstance(exc, OSError) else "results", output) from exc


class _Tally:
    """A campaign's results as they come: the ``best`` score per board,
    those ``seen``, how many are ``done`` (to the end) of the ``searches``
    asked, whether it was ``interrupted``, and the ``error`` that ended it."""

    def __init__(self, earlier: list[Result], done: int, searches: int) -> None:
        self.best: dict[int, int] = {}
        for r in earlier:
            self.best[r.board] = max(self.best.get(r.board, 0), r.score)
        self.seen = [r for r in earlier if r.stopped != "interrupt"]
        self.done, self.searches = done, searches
        self.interrupted = False
        self.error: Optional[Exception] = None

    def run(self, searching: Generator[Result, None, None], appender: Optional[results.Appender],
            progress: Optional[Progress], defer: Defer, show: Callable[[Result], None]) -> None:
        """Take each result of ``searching``: written, counted, shown; a
        signal that came meanwhile is thrown into the searches, once (those
        under way then give their best so far)."""
        throw = thrown = False
        try:
            while True:
                try:
                    if throw and not thrown:
                        thrown = True
                        result = searching.throw(KeyboardInterrupt())
                    else:
                        result = next(searching)
                except StopIteration:
                    break
                with defer() as came:
                    if appender:
                        appender.write(result)
                    self.best[result.board] = max(self.best.get(result.board, 0), result.score)
                    self.seen.append(result)
                    self.interrupted = self.interrupted or result.stopped == "interrupt"
                    self.done += result.stopped != "interrupt"
                    if progress:
                        progress.add(result)
                    with progress or nullcontext():
                        show(result)
                if came:
                    throw = self.interrupted = True
        except KeyboardInterrupt:
            self.interrupted = True
        except (ValueError, RuntimeError, ImportError, CannotWrite) as exc:  # CannotWrite: a checkpoint (disk full)
            self.error = exc
        finally:
            if progress:
                progress.close()
