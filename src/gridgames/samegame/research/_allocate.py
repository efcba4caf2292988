"""Campaigns that spend CPU where it pays: after ``runs`` searches of every
board (the warm-up), ``extra`` more searches go to the boards whose score
still moves, in synchronous rounds of ``batch``.

A board's index is the points its best score still seems to move per
search: (G + S) / n, with n its searches so far, G the points its best gained
over its first search's score (over the start game with the improve loop)
and S the spread of its scores (their standard deviation), an optimistic
bonus that keeps a board with no gain yet in play while its runs still
differ.  Independent runs give a board searches in proportion to its spread
(the widest boards get the most); improve-loop runs follow the gains.  Each
round gives its searches one at a time to the board of the highest index
(on a tie, the one searched least, then the lowest), counting each as one
more search of that board.

Decisions use the scores of earlier rounds only, never CPU times or the
order in which results arrive, and run r of board k has the usual seed
``search_seed(seed, k, r)``: the campaign is the same on threads, Ray or
any cluster, and a killed one resumes from its results file to the same
lines.
"""
from __future__ import annotations

import statistics
from collections.abc import Generator, Iterator
from operator import index
from typing import Any, Optional

from ._campaign import campaign
from ._jobs import Result


def board_index(scores: list[int], start: Optional[int]) -> float:
    """The points a board's best still seems to move per search (see the
    module); ``scores`` in run order, ``start`` the improve loop's game."""
    base = scores[0] if start is None else start
    spread = statistics.pstdev(scores) if len(scores) > 1 else 0.0
    return (max(scores) - base + spread) / len(scores)


def plan(scores: dict[int, list[int]], starts: dict[int, Optional[int]], batch: int) -> list[int]:
    """The boards of the next round (one per search, in order)."""
    runs = {k: len(v) for k, v in scores.items()}
    value = {k: board_index(v, starts.get(k)) for k, v in scores.items()}
    chosen = []
    for _ in range(batch):
        k = max(sorted(value), key=lambda b: (value[b], -runs[b]))  # ties: fewer searches, lower board
        chosen.append(k)
        runs[k] += 1
        value[k] = value[k] * (runs[k] - 1) / runs[k]  # one more search shares the same gains
    return chosen


def allocating(boards: list[Any], algo: str = "nrpa", *, extra: int, batch: int = 4, runs: int = 2,
               earlier: Optional[list[Result]] = None, improve: Optional[list[Optional[Any]]] = None,
               **options: Any) -> Generator[Result, None, None]:
    """The allocating campaign (see the module): yields each new Result as
    it finishes; ``earlier``: Results of this campaign already done (from
    its file), not searched again.  ``options``: as for ``campaign``
    (seed, threads, ray, root_parallel, the search's options)."""
    extra, batch, runs = index(extra), index(batch), index(runs)
    if runs < 2 or extra < 0 or batch < 1:
        raise ValueError("an allocating campaign needs runs >= 2 (a spread), extra >= 0 and batch >= 1")
    done = {(r.board, r.run): r for r in earlier or () if r.stopped != "interrupt"}
    given = [None] * len(boards) if improve is None else list(improve)  # (score, moves) or None
    starts = {k: None if g is None else g[0] for k, g in enumerate(given, 1)}
    games = None if improve is None else [None if g is None else g[1] for g in given]
    count = {k: 0 for k in range(1, len(boards) + 1)}
    scores: dict[int, list[int]] = {k: [] for k in count}
    wanted = [k for k in count for _ in range(runs)]
    left = extra
    while wanted:
        pairs = []
        for k in wanted:
            count[k] += 1
            pairs.append((k, count[k]))
        new = [p for p in pairs if p not in done]
        if new:
            top = max(r for _, r in new)
            skip = {(k, r) for k in count for r in range(1, top + 1)} - set(new)
            got: list[Result] = []
            yield from _tap(campaign(boards, algo, runs=top, skip=skip, improve=games, **options), got)
            if any(r.stopped == "interrupt" for r in got):
                return
            done.update(((r.board, r.run), r) for r in got)
        for k, r in pairs:
            scores[k].append(done[k, r].score)
        wanted = plan(scores, starts, min(batch, left))
        left -= len(wanted)


def _tap(results: Generator[Result, None, None], sink: list[Result]) -> Iterator[Result]:
    """Yield from ``results``, keeping each in ``sink``; a KeyboardInterrupt
    thrown in goes on into ``results`` (whose searches under way then yield
    their best so far)."""
    try:
        result = next(results)
        while True:
            sink.append(result)
            try:
                yield result
            except KeyboardInterrupt as exc:
                result = results.throw(exc)
            else:
                result = next(results)
    except StopIteration:
        return


def report(results: list[Result], starts: Optional[list[Optional[int]]] = None) -> list[dict[str, Any]]:
    """Per board: its searches and their CPU seconds, the score it started
    from (the start game's, else its first search's), its best, the points
    gained and the CPU seconds per point: of every search with a start
    game, else of the searches after the first (None: no gain, or CPU not
    measured, as for root-parallel searches)."""
    rows = []
    for k in sorted({r.board for r in results}):
        mine = sorted((r for r in results if r.board == k), key=lambda r: r.run)
        start = starts[k - 1] if starts else None
        paid = [r.cpu for r in (mine if start is not None else mine[1:])]
        cpu = None if None in paid else sum(c for c in paid if c is not None)
        first = mine[0].score if start is None else start
        best = max(r.score for r in mine)
        gained = max(best - first, 0)
        rows.append(dict(board=k, searches=len(mine), cpu=cpu, first=first, best=best, gained=gained,
                         cpu_per_point=None if cpu is None or gained == 0 else cpu / gained))
    return rows


def report_text(rows: list[dict[str, Any]]) -> str:
    """The report as a table (``solve --allocate`` prints it)."""
    lines = ["board  searches  CPU s paid   from   best  gained  CPU s/point"]
    for r in rows:
        cpu = "-" if r["cpu"] is None else f"{r['cpu']:.1f}"
        per = "-" if r["cpu_per_point"] is None else f"{r['cpu_per_point']:.3g}"
        lines.append(f"{r['board']:>5} {r['searches']:>9} {cpu:>12} {r['first']:>6} {r['best']:>6} "
                     f"{r['gained']:>7} {per:>12}")
    return "\n".join(lines)
