"""The ``gridgames`` command: one subcommand per game.

How a game adds its commands: this package has a module named after it,
``cli/GAME.py`` (the games are ``GAMES`` in ``_games``; a tool that is not
a game goes in ``TOOLS``), whose ``register(subparsers)`` adds ``gridgames GAME`` with
``_args.add_game`` (or ``_args.add_judge_game``: a judge game, ``judge``
its default command) and each command with ``_args.add_command``, setting
``func(args) -> exit status`` on it.  A judge game's module also has
``run(args)``, its judge command, and ``OPTIONS`` (name -> (type,
default)) when that command has options of its own: the fast path
(``_fast``) calls it without argparse.  A new command is one more
``add_command`` there; its files go through ``_io`` (INPUT, -o OUTPUT,
one-line errors; ``_io.writing(path, inputs=[...])`` for any file it writes:
never an input, replaced whole, see ``gridgames._files``), the judge games'
``generate``/``validate``/``check`` come from ``_toolkit.register_tools``.

Start-up: the plain judge forms (``gridgames GAME [judge] [INPUT] [-o
OUTPUT]``) skip argparse altogether (``_fast``: ``cli/GAME.py``'s ``run``, the
same code); anything else goes to ``_parser``, which builds only the game
named on the command line, and of its commands only the one that runs; a
command whose module is costly to import is guarded by
``if not _args.skipped(commands, NAME): ...``.
"""
from __future__ import annotations

import sys

from .. import _record
from . import _fast
from ._io import CLOSED_OUTPUT, quiet_broken_pipe

TYPE_CHECKING = False  # typing is not imported at run time: the judges start fast
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional, TextIO, Union

# the argparse half, imported when first used (``gridgames.cli.build_parser``)
LAZY = ("DESCRIPTION", "TOOLS", "VersionAction", "build_parser", "commands_of", "version")


def __getattr__(name: str) -> Any:
    if name in LAZY:
        from . import _parser
        return getattr(_parser, name)
    raise AttributeError(f"module 'gridgames.cli' has no attribute {name!r}")


def one_line_warning(message: Union[Warning, str], category: type[Warning], filename: str, lineno: int,
                     file: Optional[TextIO] = None, line: Optional[str] = None) -> None:
    """Warnings (e.g. a kernel running pure Python) as one line, like the errors."""
    text = str(message)
    sys.stderr.write(f"{text if text.startswith('gridgames') else 'gridgames: warning: ' + text}\n")


def one_line_warnings(now: bool = False) -> None:
    """Every warning from here on shown as one line (``one_line_warning``).
    ``warnings`` is not imported for it unless ``now`` (a judge starts
    without it): when it is not loaded yet, it is set when gridgames' own
    ``warn`` (``_record``) imports it to give a warning."""
    if now or "warnings" in sys.modules:
        import warnings
        warnings.showwarning = one_line_warning
    else:
        _record.show_warning = one_line_warning


def main(argv: Optional[Sequence[str]] = None) -> int:
    one_line_warnings()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        judge = _fast.judge_command(argv)
        if judge is not None:
            return judge()
        one_line_warnings(now=True)  # any library's warning too: this path may load many
        from ._parser import run
        return run(argv)
    except BrokenPipeError:
        quiet_broken_pipe()
        return CLOSED_OUTPUT
    except KeyboardInterrupt:
        sys.stderr.write("gridgames: interrupted\n")
        return 130
