"""Self-contained HTML step-through pages: every frame computed in Python and
embedded as data (inline SVG, captions, the judge's lines); the small
script only shows frame k.  No network, no external file."""
from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape
from typing import Optional

from .._runtime.drawing import CSS
from .._runtime.step_frames import Case
from ._csp import meta

MAX_BYTES = 48 * 2**20  # the frames of one page stop here: a browser must still open it

PAGE_CSS = """\
body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:1em 2em;color:#111;background:#fafafa}
h1{font-size:1.3em;margin:.2em 0}
.sub{color:#444;margin:.2em 0 .8em}
nav{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin-bottom:.8em}
button,select{font:inherit;padding:.25em .7em}
#step{margin-left:.8em;font-weight:bold}
main{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
#board{margin:0;flex:1 1 420px;max-width:720px}
#board svg{width:100%;height:auto;max-height:78vh;background:#fff;border:1px solid #ccc}
aside{flex:1 1 300px;max-width:560px}
#caption{font-size:1.1em;min-height:2.4em}
#out{background:#fff;border:1px solid #ccc;padding:.5em;font:13px/1.25 'DejaVu Sans Mono',monospace;
 max-height:60vh;overflow:auto;white-space:pre}
.error{color:#a00;font-weight:bold}
.keys{color:#555;font-size:.9em}
"""

SCRIPT = """\
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("frames").textContent);
  var F = data.frames, C = data.cases, at = 0, timer = null;
  function $(id) { return document.getElementById(id); }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    $("play").textContent = "\\u25B6 Play";
  }
  function show(k) {
    if (F.length === 0) { $("step").textContent = "no step to show"; return; }
    at = Math.max(0, Math.min(F.length - 1, k));
    var f = F[at];
    $("board").innerHTML = f.svg;
    $("step").textContent = "step " + (at + 1) + " of " + F.length;
    $("caption").textContent = f.caption;
    $("status").textContent = f.status;
    $("out").textContent = f.out;
    $("output").hidden = f.out === "";
    $("case").value = String(f.case);
    $("first").disabled = $("back").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === F.length - 1;
    document.body.setAttribute("data-step", String(at));
    if (at === F.length - 1) { stop(); }
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (at === F.length - 1) { show(0); }
    $("play").textContent = "\\u25A0 Pause";
    timer = setInterval(function () { show(at + 1); }, data.delay);
  }
  $("first").onclick = function () { stop(); show(0); };
  $("back").onclick = function () { stop(); show(at - 1); };
  $("next").onclick = function () { stop(); show(at + 1); };
  $("last").onclick = function () { stop(); show(F.length - 1); };
  $("play").onclick = play;
  $("case").onchange = function () { stop(); show(C[Number($("case").value)].start); };
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var keys = {ArrowRight: function () { stop(); show(at + 1); }, ArrowLeft: function () { stop(); show(at - 1); },
                Home: function () { stop(); show(0); }, End: function () { stop(); show(F.length - 1); },
                " ": play};
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  show(0);
}());
"""

# The exact texts of the page's <style> and <script> elements: the page's policy allows these alone.
STYLE = f"\n{PAGE_CSS}{CSS}\n"
INLINE_SCRIPT = f"\n{SCRIPT}"


def script_json(value: object) -> str:
    """JSON that cannot end its <script> element or open a comment."""
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page(title: str, subtitle: str, unit: str, cases: Iterable[Case], status: str,
         error: Optional[str] = None, delay: int = 800, moves: Optional[int] = None) -> str:
    """The page of ``cases`` (their frames in order, a menu to jump to each;
    taken one at a time, up to MAX_BYTES); ``unit`` names a case ("grid"),
    ``status`` what a frame's status shows ("Score"); ``error`` (a line) is
    shown above the steps.  ``moves``: the cases' moves in all, when each
    case is a frame per move and then its final position (a replay): the
    subtitle counts the moves, as the captions do, and says how many steps
    that makes."""
    frames: list[dict[str, object]] = []
    starts: list[dict[str, object]] = []
    size, cut = 0, None
    for case in cases:
        if cut is not None:
            break
        starts.append({"name": case.name, "start": len(frames)})
        for frame in case.frames:
            svg = frame.picture.svg(standalone=False)
            size += len(svg) + len(frame.out)
            if size > MAX_BYTES:
                cut = (f"This page stops after {len(frames)} steps: more would be too large for a "
                       "browser (show one case at a time).")
                break
            frames.append({"svg": svg, "caption": frame.caption, "status": frame.status,
                           "out": frame.out, "case": len(starts) - 1})
    plural = "" if len(starts) == 1 else "s"
    counted = f"{len(frames)} steps"
    if moves is not None and cut is None and starts:
        counted = (f"{moves} move{'' if moves == 1 else 's'} ({counted} with the final "
                   f"position{plural})")
    subtitle += f"{': ' if subtitle else ''}{len(starts)} {unit}{plural}, {counted}"
    options = "".join(f'<option value="{i}">{escape(str(c["name"]))}</option>' for i, c in enumerate(starts))
    notes = "".join(f'<p class="error" id="{key}">{escape(text)}</p>'
                    for key, text in (("error", error), ("cut", cut)) if text)
    data = script_json({"frames": frames, "cases": starts, "delay": delay})
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
{meta(STYLE, INLINE_SCRIPT)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style></head>
<body data-step="0">
<h1>{escape(title)}</h1>
<p class="sub">{escape(subtitle)}</p>
{notes}<nav>
<select id="case" aria-label="case">{options}</select>
<button id="first" title="first step (Home)">|&#x25C0; First</button>
<button id="back" title="previous step (left arrow)">&#x25C0; Back</button>
<button id="play" title="play or pause (space)">&#x25B6; Play</button>
<button id="next" title="next step (right arrow)">Next &#x25B6;</button>
<button id="last" title="last step (End)">Last &#x25B6;|</button>
<span id="step" aria-live="polite"></span>
</nav>
<main>
<figure id="board"></figure>
<aside>
<p id="caption"></p>
<p>{escape(status)}: <b id="status"></b></p>
<section id="output"><h2>The judge's output</h2>
<pre id="out"></pre></section>
</aside>
</main>
<p class="keys">Keys: &#x2190; &#x2192; step, Home and End first and last, space play and pause.</p>
<script type="application/json" id="frames">{data}</script>
<script>{INLINE_SCRIPT}</script>
</body></html>
"""
