"""The requirements of pyproject.toml's dependency groups (PEP 735) or optional
extras, one a line, each once:

    python tools/extra_requirements.py test fuzz              # the test group, then fuzz
    python tools/extra_requirements.py test --without mypy    # less the named projects

A name is looked up in [dependency-groups] first (its ``{include-group = ...}``
entries expanded), then in [project.optional-dependencies].  Read with tomllib
(Python 3.11+), so a list may span any number of lines.  tools/test_on_python.sh and
tools/sanitize.sh use it (pip < 25.1 has no ``--group``).
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import tomllib


def project_name(requirement: str) -> str:
    """The project a requirement names, normalised (PEP 503): 'Cython>=3.0' -> 'cython'."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    if match is None:
        raise ValueError(f"not a requirement: {requirement!r}")
    return re.sub(r"[-_.]+", "-", match[1]).lower()


def requirements(pyproject: Path, names: list[str], without: list[str] = ()) -> list[str]:
    data = tomllib.loads(pyproject.read_text())
    groups = data.get("dependency-groups", {})
    extras = data.get("project", {}).get("optional-dependencies", {})
    missing = [n for n in names if n not in groups and n not in extras]
    if missing:
        raise KeyError(f"{pyproject}: no group or extra {', '.join(missing)} "
                       f"(there are: {', '.join([*groups, *extras])})")
    skip = {project_name(w) for w in without}
    found = [r for n in names for r in (_group(groups, n, ()) if n in groups else extras[n])
             if project_name(r) not in skip]
    return list(dict.fromkeys(found))


def _group(groups: dict[str, list[object]], name: str, seen: tuple[str, ...]) -> list[str]:
    """A group's requirements, its included groups' in their place (PEP 735)."""
    if name in seen:
        raise ValueError(f"dependency group {name} includes itself ({' -> '.join((*seen, name))})")
    if name not in groups:
        raise KeyError(f"no dependency group {name} (included by {seen[-1]})")
    out: list[str] = []
    for item in groups[name]:
        if isinstance(item, dict) and set(item) == {"include-group"}:
            out += _group(groups, str(item["include-group"]), (*seen, name))
        elif isinstance(item, str):
            out.append(item)
        else:
            raise ValueError(f"dependency group {name}: not a requirement: {item!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tools/extra_requirements.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="+", metavar="GROUP_OR_EXTRA")
    ap.add_argument("--without", action="append", default=[], metavar="PROJECT")
    ap.add_argument("--pyproject", type=Path, default=Path(__file__).resolve().parent.parent / "pyproject.toml")
    args = ap.parse_args(argv)
    try:
        print("\n".join(requirements(args.pyproject, args.names, args.without)))
    except (KeyError, ValueError, OSError, tomllib.TOMLDecodeError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) else exc  # a KeyError's str() adds quotes
        print(f"tools/extra_requirements.py: {message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
