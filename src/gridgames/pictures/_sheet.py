"""Printable Number Link sheets: A4 pages of numbered puzzles, then the
solutions on pages of their own, as SVG pages or one multi-page HTML file."""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Optional, Union

from .._registry import game_of, part
from .._runtime.drawing import CELL, CSS, Drawing
from ._csp import meta

if TYPE_CHECKING:
    from ..numberlink import Puzzle, Solution

# A4 in tenths of a millimetre; the printable area inside the margins.
PAGE_W, PAGE_H, MARGIN, HEAD = 2100, 2970, 150, 110
LABEL = 70  # the line above each board
MIN_CELL = 70  # 7 mm: a square smaller than this gets a page with fewer boards
LAYOUTS = ((2, 3), (2, 2), (1, 2), (1, 1))  # columns x rows of boards, most first

Item = tuple[str, Union["Puzzle", "Solution", None]]  # a label, and a board (None: nothing to draw)


def layout(boards: Sequence[Union[Puzzle, Solution]]) -> tuple[int, int]:
    """The densest layout in which every board's squares are at least MIN_CELL."""
    rows = max((b.rows for b in boards), default=1)
    cols = max((b.cols for b in boards), default=1)
    for nc, nr in LAYOUTS:
        if _scale(nc, nr, rows, cols) * CELL >= MIN_CELL:
            return nc, nr
    return 1, 1


def _scale(nc: int, nr: int, rows: int, cols: int) -> float:
    w = (PAGE_W - 2 * MARGIN) / nc - 40
    h = (PAGE_H - 2 * MARGIN - HEAD) / nr - LABEL - 40
    return min(w / ((cols + 1.4) * CELL), h / ((rows + 1.4) * CELL))


def pages(title: str, puzzles: Sequence[Item], solutions: Sequence[Item] = ()) -> list[str]:
    """The sheet's pages as SVG documents: the puzzles, then (if any) the
    solutions, each with its label; every page says 'page i of n'."""
    groups = [(kind, items) for kind, items in (("puzzles", puzzles), ("solutions", solutions)) if items]
    plan: list[tuple[str, Sequence[Item], tuple[int, int]]] = []
    for kind, items in groups:
        nc, nr = layout([b for _, b in items if b is not None])
        per = nc * nr
        plan += [(kind, items[i:i + per], (nc, nr)) for i in range(0, len(items), per)]
    return [_page(f"{title}: {kind}", chunk, shape, k, len(plan))
            for k, (kind, chunk, shape) in enumerate(plan, 1)]


def _page(head: str, items: Sequence[Item], shape: tuple[int, int], k: int, total: int) -> str:
    nc, nr = shape
    d = Drawing(PAGE_W, PAGE_H, f"{head}, page {k} of {total}")
    d.rect(0, 0, PAGE_W, PAGE_H, "bg")
    d.text(MARGIN, MARGIN + 20, head, "head", 50, anchor="start")
    d.text(PAGE_W - MARGIN, MARGIN + 20, f"page {k} of {total}", "head", 40, anchor="end")
    slot_w = (PAGE_W - 2 * MARGIN) / nc
    slot_h = (PAGE_H - 2 * MARGIN - HEAD) / nr
    rows = max((b.rows for _, b in items if b is not None), default=1)
    cols = max((b.cols for _, b in items if b is not None), default=1)
    scale = _scale(nc, nr, rows, cols)
    for i, (label, board) in enumerate(items):
        x = MARGIN + (i % nc) * slot_w
        y = MARGIN + HEAD + (i // nc) * slot_h
        d.text(x + slot_w / 2, y + LABEL / 2, label, "head", 42, anchor="middle")
        if board is None:
            continue
        draw = part(game_of(board), "_svg").draw  # the board's game draws it (Number Link's)
        picture = draw(board, label, numbers=False, titles=False)
        bx = x + (slot_w - picture.width * scale) / 2
        d.parts.append(picture.group(bx, y + LABEL, scale))
    return d.svg(width="210mm", height="297mm")


# The exact text of the sheet's <style> element: the page's policy allows it alone.
STYLE = f"""
@page{{size:A4;margin:0}}
body{{margin:0;background:#ddd}}
.page{{width:210mm;height:297mm;margin:0 auto 8mm;background:#fff;page-break-after:always;break-after:page}}
.page svg{{display:block;width:210mm;height:297mm}}
.note{{text-align:center;font-family:sans-serif}}
@media print{{body{{background:#fff}}.page{{margin:0}}.note{{display:none}}}}
{CSS}
"""


def html(title: str, svg_pages: Sequence[str], note: Optional[str] = None) -> str:
    """One printable HTML file of the pages (a page break after each)."""
    body = "\n".join(f'<div class="page">{_inline(p)}</div>' for p in svg_pages)
    extra = f'<p class="note">{escape(note)}</p>\n' if note else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">{meta(STYLE)}<title>{escape(title)}</title>
<style>{STYLE}</style></head>
<body>
{extra}{body}
</body></html>
"""


def _inline(svg: str) -> str:
    """A stand-alone SVG page as inline SVG (the page's style sheet serves all)."""
    svg = svg.split("\n", 1)[1] if svg.startswith("<?xml") else svg
    start, end = svg.find("<style"), svg.find("</style>")
    return svg[:start] + svg[end + len("</style>"):] if start >= 0 else svg


__all__ = ["pages", "html", "layout"]
