"""``--progress``: progress shows live on a terminal (one line redrawn on
standard error); with --progress it also shows when standard error is not a
terminal (a log file, a pipe), as plain lines every PLAIN_EVERY seconds."""
from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Optional

PLAIN_EVERY = 5.0  # seconds between two plain lines


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--progress", action="store_true",
                        help="show progress on standard error also when it is not a terminal: a plain "
                             f"line every {PLAIN_EVERY:g} seconds (on a terminal a live line shows anyway)")


def progress_mode(args: argparse.Namespace) -> Optional[str]:
    """'live' (a terminal), 'plain' (--progress, not a terminal) or None."""
    if sys.stderr is None:
        return None
    if sys.stderr.isatty():
        return "live"
    return "plain" if getattr(args, "progress", False) else None
