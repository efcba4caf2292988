"""The README's commands, word for word, read from its "Three commands" section:

    python tools/readme_commands.py run test     # the Run command, then the Test command
    python tools/readme_commands.py docs         # the docs build command

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
        elif line == "```sh":
            fence = []
        elif not line.strip():
            in_paragraph = False
        elif not in_paragraph:
            opening, in_paragraph = line, True
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
