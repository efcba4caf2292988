"""The picture options of the commands: ``GAME show INPUT --html FILE``,
``samegame replay ... --html FILE`` and ``numberlink generate|solve --svg FILE``.

Pages are written whole (a temporary file, then renamed) and never over an
input file."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

from .._runtime.safe_files import CannotWrite
from ._args import Commands, add_command, positive
from ._io import fail, shown
from ._reading import WHOLE_HELP, read_input

if TYPE_CHECKING:
    from ..pictures._sheet import Item

SHEET = ("the printable sheet: A4 pages of numbered puzzles, then their solutions on pages of "
         "their own.  FILE ending in .html: one HTML file holding every page (print it from a "
         "browser).  FILE ending in .svg: one SVG file per page, FILE itself when the sheet is one "
         "page, otherwise NAME-1.svg, NAME-2.svg, ... (NAME is FILE without .svg); any other FILE "
         "is refused (exit 2); the files written are named on standard error; a page "
         "left over from an earlier, longer sheet is refused, not mixed in; FILE naming a "
         "directory is refused (exit 2)")


class SheetName:
    """An argparse type: --svg's FILE, ending in .svg or .html (see SHEET)."""

    example = "sheet.svg"  # a name it takes (the CLI contract test gives it)

    def __call__(self, text: str) -> str:
        if text != "-" and not text.lower().endswith((".svg", ".html", ".htm")):  # '-': _contract says why
            raise argparse.ArgumentTypeError(f"FILE must end in .svg (one file per page) or .html (one file), "
                                             f"not {text!r}")
        return text


def add_sheet_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--svg", metavar="FILE", type=SheetName(), help=SHEET)


def add_html_option(parser: argparse.ArgumentParser, what: str, required: bool = False) -> None:
    parser.add_argument("--html", metavar="FILE", required=required,
                        help=f"write {what} to FILE: one self-contained HTML page (inline SVG, CSS "
                             "and JavaScript; nothing fetched) to step through in a browser with "
                             "First/Back/Next/Last/Play or the arrow keys")


def register_show(commands: Commands, game: str) -> None:
    """``gridgames GAME show INPUT --html FILE`` for a judge game."""
    from .._registry import steps
    drawn = steps(game)  # what the game's pages show
    unit, step = drawn.UNIT, drawn.STEP
    p = add_command(
        commands, "show", help="step through a judge file in a browser (an HTML page)",
        description=f"Write an HTML page that shows each {unit} of the judge file INPUT step "
                    f"by step: each {step}, beside the judge's own output for it.  Every "
                    "step is computed here with the engine; the page only displays them.  "
                    f"Exit status 0; 1 bad input (the page holds every {unit} before it, the "
                    "judge's error is on the page and on standard error); 2 usage errors and "
                    "files that cannot be read or written.")
    p.add_argument("input", metavar="INPUT", help=f"the judge file, or - for standard input ({WHOLE_HELP})")
    add_html_option(p, "the page", required=True)
    p.add_argument("--case", type=positive, metavar="K",
                   help=f"show only {unit} K (1-based): large files make large pages")
    p.set_defaults(func=lambda args: _show(args, game))


def _show(args: argparse.Namespace, game: str) -> int:
    from ..pictures import show_html
    name = shown(args.input)
    data = read_input(args.input)
    try:
        page, error = show_html(game, data, os.path.basename(name), args.case)
    except ValueError as exc:  # --case beyond the file: a usage error
        args.command_parser.error(str(exc))
    status = save(game, args.html, page, [args.input])
    if status:
        return status
    if error is not None:
        return fail(game, f"{name}:{error}", 1)
    return 0


BIG_PAGE = 10 * 2**20  # bytes: a page this large gets a notice before it is written


def save(game: str, path: str, text: str, inputs: Sequence[str]) -> int:
    """Write a page whole; 0, or 2 after a one-line error.  A page over
    BIG_PAGE bytes is said on standard error first: browsers open it slowly."""
    from ..pictures import write
    if len(text) > BIG_PAGE:
        sys.stderr.write(f"gridgames {game}: note: writing a {len(text) / 2**20:.0f} MB page to {path}; "
                         "browsers open such pages slowly (fewer cases make a smaller page)\n")
        sys.stderr.flush()
    try:
        write(path, text, inputs)
    except CannotWrite as exc:  # SameFile too
        return fail(game, str(exc), 2)
    return 0


def page_names(path: str, count: int) -> list[str]:
    """The files of a sheet of ``count`` SVG pages (see SHEET)."""
    if count == 1:
        return [path]
    stem = path[:-4] if path.lower().endswith(".svg") else path
    return [f"{stem}-{k}.svg" for k in range(1, count + 1)]


def sheet_files(path: str, title: str, puzzles: Sequence[Item], solutions: Sequence[Item],
                note: Optional[str] = None) -> list[tuple[str, str]]:
    """(file, text) of each file of the sheet of ``puzzles`` and
    ``solutions`` (label, board or None); CannotWrite for a page of an
    earlier, longer sheet in the way (nothing is written here)."""
    from ..pictures import sheet_html, sheet_pages
    if path.endswith(("/", os.sep)) or os.path.isdir(path):  # one rule, whatever the page count
        raise CannotWrite(f"{path} is a directory: --svg takes a file name (such as {os.path.join(path, 'sheet.svg')})")
    pages = sheet_pages(title, puzzles, solutions)
    if path.lower().endswith((".html", ".htm")):
        return [(path, sheet_html(title, pages, note))]
    stale = page_names(path, len(pages) + 1)[-1] if len(pages) > 1 else None
    if stale is not None and os.path.exists(stale):
        raise CannotWrite(f"{stale} is a page of an earlier, longer sheet: remove it or choose another FILE")
    return list(zip(page_names(path, len(pages)), pages))


def save_files(game: str, files: Sequence[tuple[str, str]], inputs: Sequence[str]) -> int:
    """Write each (file, text) whole, then name them on standard error; 0,
    or 2 after a one-line error."""
    for name, text in files:
        status = save(game, name, text, inputs)
        if status:
            return status
    names = [name for name, _ in files]
    shown = ", ".join(names) if len(names) <= 4 else f"{names[0]}, {names[1]}, ... {names[-1]}"
    sys.stderr.write(f"gridgames {game}: wrote {shown} ({len(names)} file{'s' * (len(names) > 1)})\n")
    return 0


__all__ = ["add_sheet_option", "add_html_option", "register_show", "save", "save_files", "sheet_files"]
