"""Hand-written SVG 1.1: one drawing class, the palette and the shared styles.

Every picture is a ``Drawing`` in user units (``CELL`` per square), one
``viewBox``; colours come from CSS classes, never from inline fills, so a
page that holds many pictures carries the style sheet once.  The piece
colours are Paul Tol's "muted" scheme (safe for the common colour-vision
deficiencies, distinct in greyscale print), and every piece also carries its
digit or number: colour is never the only cue.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, Optional

CELL = 40  # user units per square
MAX_TITLES = 10_000  # squares with a tooltip each, at most
SVG_NS = "http://www.w3.org/2000/svg"

# Paul Tol's muted scheme (colours 0..9) and the ink that reads on each.
PALETTE = ("#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE",
           "#882255", "#44AA99", "#999933", "#AA4499", "#DDDDDD")

FONT = "font-family:'DejaVu Sans',Verdana,Arial,sans-serif"
CSS = "\n".join([
    ".bg{fill:#fff}",
    ".frame{fill:none;stroke:#222;stroke-width:2}",
    ".cell{stroke:#fff;stroke-width:2}",
    ".empty{fill:#f4f4f4;stroke:#ddd;stroke-width:1}",
    *(f".c{i}{{fill:{colour}}}" for i, colour in enumerate(PALETTE)),
    *(f".p{i}{{fill:none;stroke:{colour};stroke-width:14;stroke-linecap:round;stroke-linejoin:round}}"
      for i, colour in enumerate(PALETTE)),
    f".lab{{{FONT};font-weight:bold;text-anchor:middle;fill:#000}}",
    ".ink1,.ink3,.ink5,.ink8{fill:#fff}",
    f".axis{{{FONT};text-anchor:middle;fill:#555}}",  # sizes: each <text> has its font-size
    f".head{{{FONT};fill:#000}}",
    ".hl0{fill:none;stroke:#fff;stroke-width:8}",
    ".hl{fill:none;stroke:#000;stroke-width:4;stroke-dasharray:7 4}",
    ".gone{stroke:#000;stroke-width:3}",
    ".pick{fill:none;stroke:#D55E00;stroke-width:5}",
    ".unseen{fill:#8fbf7f;stroke:#fff;stroke-width:2}",
    ".seen{fill:#fff;stroke:#ccc;stroke-width:1}",
    ".new{fill:#fff3b0;stroke:#ccc;stroke-width:1}",
    ".hole{fill:#3b2a1a}",
    ".fell{fill:#D55E00}",
    ".hidden{opacity:.45}",
    ".solid{fill:#555}",
    ".end{stroke:#000;stroke-width:2.5}",
    ".split{stroke:#000;stroke-width:3;stroke-dasharray:10 6}",
])


def num(value: float) -> str:
    """A coordinate, short: 12, 12.5, 12.33."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def attrs(**values: object) -> str:
    """" key='value' ..." with values escaped; class_ gives class, None is left
    out.  Single quotes: the frames of a page travel inside JSON strings."""
    return "".join(f" {key.rstrip('_').replace('_', '-')}='{escape(str(v), quote=True)}'"
                   for key, v in values.items() if v is not None)


class Drawing:
    """SVG elements in user units over a ``width`` x ``height`` viewBox.
    ``titles``: each square carries a tooltip (off in the frames of a page,
    which describe their state once, in ``desc``)."""

    def __init__(self, width: float, height: float, title: str, titles: bool = True) -> None:
        self.width, self.height, self.title, self.titles = width, height, title, titles
        self.desc = ""
        self.parts: list[str] = []
        self.labels: dict[tuple[float, str, float], list[tuple[float, str]]] = {}
        self.cells: dict[str, list[str]] = {}  # squares without a title, one path per class
        self.cells_at = -1  # where in parts they go

    def rect(self, x: float, y: float, w: float, h: float, cls: str, title: Optional[str] = None,
             rx: float = 0) -> None:
        """A rectangle at (x, y), w wide and h high, of CSS class ``cls``; ``title``
        its tooltip, ``rx`` its corners' radius."""
        body = f" x='{num(x)}' y='{num(y)}' width='{num(w)}' height='{num(h)}'"
        body += f" rx='{num(rx)}'" if rx else ""
        self._element("rect", body + attrs(class_=cls), title)

    def cell(self, x: float, y: float, cls: str, title: Optional[str] = None) -> None:
        """A CELL square; without a tooltip it joins one path per class (a
        page of frames stays small)."""
        if title is not None and self.titles:
            self.rect(x, y, CELL, CELL, cls, title)
            return
        if self.cells_at < 0:
            self.cells_at = len(self.parts)
        self.cells.setdefault(cls, []).append(f"M{num(x)} {num(y)}h{CELL}v{CELL}h-{CELL}z")

    def circle(self, x: float, y: float, r: float, cls: str, title: Optional[str] = None) -> None:
        """A circle of centre (x, y) and radius r, of CSS class ``cls``; ``title`` its tooltip."""
        self._element("circle", f" cx='{num(x)}' cy='{num(y)}' r='{num(r)}'" + attrs(class_=cls), title)

    def line(self, x1: float, y1: float, x2: float, y2: float, cls: str) -> None:
        """A straight line from (x1, y1) to (x2, y2), of CSS class ``cls``."""
        self.parts.append(f"<line x1='{num(x1)}' y1='{num(y1)}' x2='{num(x2)}' y2='{num(y2)}'"
                          f"{attrs(class_=cls)}/>")

    def path(self, points: Iterable[Sequence[tuple[float, float]]], cls: str) -> None:
        """One path of polylines (each a list of points)."""
        d = " ".join("M" + " L".join(f"{num(x)} {num(y)}" for x, y in line) for line in points if line)
        if d:
            self.parts.append(f"<path d='{d}'{attrs(class_=cls)}/>")

    def text(self, x: float, y: float, text: str, cls: str, size: float, anchor: Optional[str] = None) -> None:
        """``text`` centred on (x, y) (or anchored at ``anchor``), ``size`` high."""
        # presentation attributes, not style='...': the HTML pages' policy allows no inline style
        self.parts.append(f"<text x='{num(x)}' y='{num(y + size * 0.36)}'"
                          f"{attrs(class_=cls, font_size=num(size), text_anchor=anchor)}>"
                          f"{escape(text, quote=False)}</text>")

    def label(self, x: float, y: float, char: str, cls: str, size: float) -> None:
        """One character centred on (x, y); the labels of a row that share a
        class become one <text> with a position per character."""
        self.labels.setdefault((y, cls, size), []).append((x, char))

    def _element(self, name: str, body: str, title: Optional[str]) -> None:
        if title is None or not self.titles:
            self.parts.append(f"<{name}{body}/>")
        else:  # a tooltip, and what a screen reader says
            self.parts.append(f"<{name}{body}><title>{escape(title, quote=False)}</title></{name}>")

    def _body(self) -> str:
        texts = [f"<text x='{' '.join(num(x) for x, _ in row)}' y='{num(y + size * 0.36)}'"
                 f"{attrs(class_=cls, font_size=num(size))}>"
                 f"{escape(''.join(ch for _, ch in row), quote=False)}</text>"
                 for (y, cls, size), row in self.labels.items()]
        parts = self.parts
        if self.cells:
            squares = [f"<path d='{''.join(d)}'{attrs(class_=cls)}/>" for cls, d in self.cells.items()]
            parts = [*parts[:self.cells_at], *squares, *parts[self.cells_at:]]
        return "".join(parts) + "".join(texts)

    def svg(self, *, standalone: bool = True, width: Optional[str] = None,
            height: Optional[str] = None) -> str:
        """The SVG document (``standalone``: with the XML declaration and the
        style sheet; otherwise for a page that holds ``CSS`` once)."""
        size = attrs(width=width, height=height)
        head = (f"<svg xmlns='{SVG_NS}' version='1.1' viewBox='0 0 {num(self.width)} {num(self.height)}'"
                f"{size}><title>{escape(self.title, quote=False)}</title>")
        if self.desc:
            head += f"<desc>{escape(self.desc, quote=False)}</desc>"
        if standalone:
            head = ('<?xml version="1.0" encoding="UTF-8"?>\n' + head +
                    f"<style type='text/css'><![CDATA[\n{CSS}\n]]></style>")
        return head + self._body() + "</svg>\n"

    def group(self, x: float, y: float, scale: float) -> str:
        """The drawing placed at (x, y), scaled, inside another drawing."""
        return f"<g transform='translate({num(x)} {num(y)}) scale({num(scale)})'>{self._body()}</g>"


def piece(d: Drawing, x: float, y: float, colour: int, label: str, title: Optional[str] = None,
          cls: str = "cell") -> None:
    """One coloured square (palette colour 0..9) with its label."""
    d.cell(x, y, f"{cls} c{colour}", title)
    if len(label) == 1:
        d.label(x + CELL / 2, y + CELL / 2, label, f"lab ink{colour}", CELL * 0.5)
    else:
        d.text(x + CELL / 2, y + CELL / 2, label, f"lab ink{colour}", CELL * 0.5)


def describe(rows: Iterable[str]) -> str:
    """A board's state for its <desc> (what a screen reader or a test reads):
    its rows top first, one word each."""
    return "rows top first: " + " ".join(rows)


def outline(d: Drawing, x: float, y: float) -> None:
    """A square marked: a dashed black line on a white one, clear on any fill."""
    d.rect(x + 5, y + 5, CELL - 10, CELL - 10, "hl0")
    d.rect(x + 5, y + 5, CELL - 10, CELL - 10, "hl")


def axes(d: Drawing, x0: float, y0: float, rows: Sequence[str], cols: Sequence[str]) -> None:
    """Row labels left of a grid at (x0, y0) and column labels below it."""
    for i, label in enumerate(rows):
        d.text(x0 - CELL * 0.35, y0 + (i + 0.5) * CELL, label, "axis", 13)
    for j, label in enumerate(cols):
        d.text(x0 + (j + 0.5) * CELL, y0 + (len(rows) + 0.35) * CELL, label, "axis", 13)


def board(rows: int, cols: int, title: str, titles: bool = True,
          margin: float = CELL * 0.7) -> tuple[Drawing, float, float]:
    """A drawing sized for a rows x cols grid with axis labels in the margin;
    returns it and the grid's top-left corner.  Tooltips only up to
    MAX_TITLES squares: a large board's picture stays a few bytes a square."""
    d = Drawing(cols * CELL + 2 * margin, rows * CELL + 2 * margin, title, titles and rows * cols <= MAX_TITLES)
    d.rect(0, 0, d.width, d.height, "bg")
    return d, margin, margin


FORMATS = ("text", "svg")


def picture(thing: Any, format: str) -> str:
    """What a game object's ``render(format=...)`` returns for a format other
    than "text": its ``_drawing()`` (each game draws itself, in ``GAME/_svg.py``)."""
    if format == "svg":
        drawing: Drawing = thing._drawing()
        return drawing.svg()
    raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
