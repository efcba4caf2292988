"""The ``gridgames`` command: one subcommand per game.

How a game adds its commands: this package has a module named after it,
``cli/GAME.py`` (the games are ``GAMES`` in ``_runtime.game_table``, and the entry points
``gridgames.games`` of the games installed from elsewhere; a tool that is not
a game goes in ``TOOLS``), whose ``register(subparsers)`` adds ``gridgames GAME`` with
``_args.add_game`` (or ``_args.add_judge_game``: a judge game, ``judge``
its default command) and each command with ``_args.add_command``, setting
``func(args) -> exit status`` on it.  A judge game's module also has
``run(args)``, its judge command, and ``OPTIONS`` (name -> (type,
default)) when that command has options of its own: the fast path
(``judge_command``) calls it without argparse.  A new command is one more
``add_command`` there; its files go through ``_io`` (INPUT, -o OUTPUT,
one-line errors; ``_io.writing(path, inputs=[...])`` for any file it writes:
never an input, replaced whole, see ``gridgames._runtime.safe_files``), the judge games'
``generate``/``validate``/``check`` come from ``_toolkit.register_tools``.

Start-up: the plain judge forms (``gridgames GAME [judge] [INPUT] [-o
OUTPUT]``) skip argparse altogether (``judge_command``: ``cli/GAME.py``'s ``run``, the
same code); anything else goes to ``_parser``, which builds only the game
named on the command line, and of its commands only the one that runs; a
command whose module is costly to import is guarded by
``if not _args.skipped(commands, NAME): ...``.
"""

import os
import sys

from .. import _runtime
from .._registry import command_line, known
from ._io import CLOSED_OUTPUT, STOPPED, catch_signals, quiet_broken_pipe, release_signals, stopped_status

TYPE_CHECKING = False  # typing is not imported at run time: the judges start fast
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import SimpleNamespace
    from typing import Any, Optional, TextIO, Union
else:  # types.SimpleNamespace, without importing types
    SimpleNamespace = type(sys.implementation)

# the argparse half, imported when first used (``gridgames.cli.build_parser``)
LAZY = ("DESCRIPTION", "TOOLS", "VersionAction", "build_parser", "commands_of", "version")


def __getattr__(name: str) -> "Any":
    if name in LAZY:
        from . import _parser
        return getattr(_parser, name)
    raise AttributeError(f"module 'gridgames.cli' has no attribute {name!r}")


def one_line_warning(message: "Union[Warning, str]", category: type[Warning], filename: str, lineno: int,
                     file: "Optional[TextIO]" = None, line: "Optional[str]" = None) -> None:
    """Warnings (e.g. a kernel running pure Python) as one line, like the errors."""
    text = str(message)
    sys.stderr.write(f"{text if text.startswith('gridgames') else 'gridgames: warning: ' + text}\n")


def one_line_warnings(now: bool = False) -> None:
    """Every warning from here on shown as one line (``one_line_warning``).
    ``warnings`` is not imported for it unless ``now`` (a judge starts
    without it): when it is not loaded yet, it is set when gridgames' own
    ``warn`` (``_runtime``) imports it to give a warning."""
    if now or "warnings" in sys.modules:
        import warnings
        warnings.showwarning = one_line_warning
    else:
        _runtime.show_warning = one_line_warning


def main(argv: "Optional[Sequence[str]]" = None, *, end: bool = False) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); its exit
    status.  ``end``: after a plain judge run the process ends at once
    (``end_now``); only ``command``, the program's own entry, asks it."""
    STOPPED[0] = 0
    caught = catch_signals()
    try:
        return _main(argv, end)
    finally:  # (main may run again in this process: a test's)
        release_signals(caught)


def _main(argv: "Optional[Sequence[str]]", end: bool) -> int:
    one_line_warnings()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv == ["--version"]:  # before argparse and every game are imported: as fast as a judge
            from ._version import version
            sys.stdout.write(version() + "\n")
            return 0
        judge = judge_command(argv)
        if judge is not None:
            status = judge()
            if end:
                end_now(status)
            return status
        one_line_warnings(now=True)  # any library's warning too: this path may load many
        from ._parser import run
        return run(argv)
    except BrokenPipeError:
        quiet_broken_pipe()
        return CLOSED_OUTPUT
    except KeyboardInterrupt:
        sys.stderr.write(f"gridgames: {'stopped by signal ' + str(STOPPED[0]) if STOPPED[0] else 'interrupted'}\n")
        return stopped_status()


def command() -> None:
    """The ``gridgames`` program (the installed script, ``python -m gridgames``)."""
    sys.exit(main(end=True))


def end_now(status: int) -> None:
    """End the process with ``status`` without the interpreter's teardown,
    which frees every module one by one: about 2.4 ms of a one-case judge
    run's 16 (measured in benchmarks/judge_scale.py).  Only when nothing is left for it to do: standard
    output and error flushed, no ``atexit`` handler (coverage's, say) and no
    other thread; otherwise this returns and the process exits as usual.
    Every file a judge writes is closed before it returns."""
    import atexit  # built in: no import cost
    threading = sys.modules.get("threading")
    if getattr(atexit, "_ncallbacks", lambda: 1)() or (threading and threading.active_count() > 1):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # a closed pipe, a full disk: the usual exit reports it
        return
    os._exit(status)


# The judges' fast path: ``gridgames GAME [judge] [INPUT] [-o OUTPUT]`` (and
# the judge command's own options, e.g. gopher's ``--team ID``) recognised
# without argparse, whose import and parser cost a judge on a small file most
# of its start-up (docs/results/judges.md, "Start-up").  It accepts only these exact shapes, each option
# once and spelled in full, and then runs the game's ``run`` (``cli/GAME.py``,
# found by ``_registry``): the same code as through argparse.  Anything else
# (another option, ``--help``, an abbreviation, a value that looks like an
# option, a word that could be a command, a bad value) gives None, and
# argparse decides, with its errors and its help.
def judge_command(argv: list[str]) -> "Callable[[], int] | None":
    """The judge command of ``argv`` ready to run, or None: not a plain
    judge form (the caller parses ``argv`` with argparse)."""
    if not argv or not known(argv[0]):  # a game of the table, or one installed (gridgames.games)
        return None
    game = command_line(argv[0])
    if not hasattr(game, "run"):  # not a judge game
        return None
    rest = argv[1:]
    if rest[:1] == ["judge"]:
        rest = rest[1:]
    elif rest and not rest[0].startswith("-") and "." not in rest[0] and "/" not in rest[0]:
        return None  # a command, or a file named like one: argparse tells them apart
    inputs = [rest.pop(0)] if rest and (rest[0] == "-" or not rest[0].startswith("-")) else []
    options: dict[str, tuple[Callable[[str], object], object]] = getattr(game, "OPTIONS", {})
    flags = {"-o": "output", "--output": "output", **{f"--{name}": name for name in options}}
    given: dict[str, str] = {}
    while rest:
        name = flags.get(rest[0])
        if name is None or name in given or len(rest) < 2 or (rest[1].startswith("-") and rest[1] != "-"):
            return None
        given[name] = rest[1]
        rest = rest[2:]
    values: dict[str, object] = {}
    for name, (convert, default) in options.items():
        try:
            values[name] = convert(given[name]) if name in given else default
        except Exception:  # argparse gives the error
            return None
    args = SimpleNamespace(input=inputs, output=given.get("output"), outdir=None, suffix=".out",
                           command_parser=None, **values)
    return lambda: int(game.run(args))
