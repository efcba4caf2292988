"""The README's commands, word for word, read from its "Three commands" section:

    python tools/readme_commands.py run test     # the Run command, then the Test command
    python tools/readme_commands.py docs         # the docs build command

and every fenced block of a page (``blocks``), for tests/docs/test_page_examples.py
to run them in order in a temporary directory.  An HTML comment on the line before
a block marks it: ``<!-- skip: REASON -->`` (not run: a search of minutes, an
install, a cluster; the test keeps that list short) or ``<!-- output -->`` (a block
that is the output the block before it prints, compared).

A command is the one line of the ``sh`` block that follows the paragraph
starting with its label ("Run", "Test", "Docs").  .ci/run and the
``readme`` job of .github/workflows/ci.yml run what it prints in a fresh venv, so
the README cannot drift from what CI runs.  Standard library only, any Python 3.
"""
import argparse
import re
import sys
from pathlib import Path

SECTION = "## Three commands"
LABELS = {"run": "Run", "test": "Test", "docs": "Docs"}


def commands(readme: str) -> dict:
    """{name: command} of the section's sh blocks, each named by the first word of the
    paragraph before it; a named block must be one line."""
    lines = readme.splitlines()
    if SECTION not in lines:
        raise ValueError(f"no {SECTION!r} section")
    found, opening, fence, in_paragraph = {}, "", None, False
    for line in lines[lines.index(SECTION) + 1:]:
        if fence is not None:  # inside a block
            if not line.startswith("```"):
                fence.append(line)
                continue
            name = next((n for n, label in LABELS.items() if re.match(re.escape(label) + r"\b", opening)), None)
            if name in found:
                raise ValueError(f"two {LABELS[name]} blocks")
            if name is not None:
                if len(fence) != 1:
                    raise ValueError(f"the {LABELS[name]} block has {len(fence)} lines, not one")
                found[name] = fence[0]
            fence, opening = None, ""
        elif line.startswith("## "):
            break
        elif MARK.match(line):  # a block's mark, not a paragraph
            continue
        elif line == "```sh":
            fence = []
        elif not line.strip():
            in_paragraph = False
        elif not in_paragraph:
            opening, in_paragraph = line, True
    return found


MARK = re.compile(r"^\s*<!--\s*(skip|output)\b:?\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```\s*(\S*)")


def blocks(page: str) -> list:
    """(line, language, text, mark, reason) of every fenced block of a Markdown page,
    in order: ``line`` of its opening fence (1-based), ``language`` its info string
    ("" for none), ``text`` its lines less the fence's indentation, ``mark`` "skip",
    "output" or "" from an HTML comment on the line just before the fence."""
    found, lines, i = [], page.splitlines(), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, start = len(m[1]), i
        mark = MARK.match(lines[i - 1]) if i else None
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith("```"):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        found.append((start + 1, m[2], "\n".join(body) + "\n", mark[1] if mark else "", mark[2] if mark else ""))
        i += 1
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="tools/readme_commands.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="+", choices=sorted(LABELS))
    ap.add_argument("--readme", type=Path, default=Path(__file__).resolve().parent.parent / "README.md")
    args = ap.parse_args(argv)
    try:
        found = commands(args.readme.read_text(encoding="utf-8"))
        missing = [n for n in args.names if n not in found]
        if missing:
            raise ValueError(f"no {', '.join(LABELS[n] for n in missing)} command in {SECTION!r}")
    except (OSError, ValueError) as exc:
        print(f"tools/readme_commands.py: {args.readme}: {exc}", file=sys.stderr)
        return 1
    print("\n".join(found[n] for n in args.names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
