"""Campaigns on Ray (``pip install "gridgames[ray]"``): one task per (board,
run), collected with ``ray.wait`` as they finish; a task whose worker or
node dies is run again (``max_retries``).  Tasks are the plain function
``_jobs.search_task`` on plain values (board rows, seeds, move lists):
compiled objects do not pickle reliably.  Imported only when Ray is asked
for (importing ray takes a second)."""
from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any

try:
    import ray  # an optional dependency: typed as Any where it is not installed
except ImportError as exc:
    raise ImportError('Ray is not installed: pip install "gridgames[ray]"') from exc

from ._jobs import Job, Outcome, Result, Work, board_rows, search_task

RETRIES = 5  # runs of a task after the first when its worker or node dies
KNOCK_SECONDS = 5.0  # how long a HOST:PORT has to answer before Ray is asked to join it
DASHBOARD: dict[str, Any] = {"include_dashboard": False, "dashboard_host": "127.0.0.1"}


def connect(address: str) -> None:
    """Connect this process to Ray unless it is already: "local" starts a
    Ray of its own on all cores, "auto" or "HOST:PORT" joins a cluster made
    with ``ray start``.  RuntimeError (one line) when that fails."""
    if ray.is_initialized():
        return
    _knock(address)
    try:
        # No dashboard (a web server that runs jobs), and were one started, on this machine only.
        # A Ray of our own ("local") listens on every interface, which Ray cannot be told otherwise:
        # Ray >= 2.59 gives it a token (~/.ray/auth_token) unless RAY_AUTH_MODE=disabled.
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False, **DASHBOARD)
    except Exception as exc:  # ConnectionError, ValueError, ...: all say "no cluster there"
        raise RuntimeError(f"cannot start or join Ray at {address}: {_first_line(exc)}") from None


def _knock(address: str) -> None:
    """A HOST:PORT where nothing answers fails at once: Ray itself retries
    it for minutes, printing warnings."""
    host, _, port = address.rpartition(":")
    if not host or "://" in address or not port.isdigit():
        return  # "local", "auto", or a form Ray checks itself
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=KNOCK_SECONDS).close()
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else _first_line(exc)
        raise RuntimeError(f"cannot join Ray at {address}: nothing answers there ({reason}); "
                           "is 'ray start --head' running on that host and port?") from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def run(work: Work) -> Iterator[Result]:
    """The Result of each job as it finishes.  A window of about twice the
    cluster's CPUs is in flight (recounted as results come, so nodes that
    join are used).  Checkpoint files are each task's (on a file system its
    node shares with the driver).  Stopping the iteration cancels the tasks
    in flight."""
    rows = [board_rows(b) for b in work.boards]
    if any("." in row for board in rows for row in board):
        raise ValueError("Ray campaigns search whole boards (no empty cell)")
    backend = work.boards[0].backend if work.boards else "compiled"
    task = ray.remote(max_retries=RETRIES)(search_task)
    refs = [ray.put(board) for board in rows]  # each board sent to the object store once
    queue = list(reversed(work.jobs))
    flight: dict[Any, Job] = {}
    try:
        while queue or flight:
            cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call, unused-ignore]
            window = max(4, 2 * int(cpus))
            while queue and len(flight) < window:
                k, r, s = job = queue.pop()
                flight[task.remote(refs[k - 1], backend, work.algo, work.params[k - 1], s,
                                   work.files.of(job))] = job
            [ref], _ = ray.wait(list(flight), num_returns=1)
            job = flight.pop(ref)
            try:
                outcome: Outcome = ray.get(ref)
            except ray.exceptions.RayError as exc:
                raise RuntimeError(f"board {job[0]} run {job[1]} failed on Ray: {_first_line(exc)}") from None
            yield work.make(job, outcome)
    finally:
        for ref in flight:
            ray.cancel(ref, force=True)


class Executor:
    """``submit(fn, *args)`` runs ``fn(*args)`` as a Ray task and returns a
    concurrent.futures.Future of its value: what root_parallel needs to
    spread one board's search over a cluster.  ``fn`` must be a plain
    module-level function (workers import it by name)."""

    def __init__(self) -> None:
        self.remotes: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        if fn not in self.remotes:
            self.remotes[fn] = ray.remote(max_retries=RETRIES)(fn)
        future: Future[Any] = self.remotes[fn].remote(*args).future()
        return future
