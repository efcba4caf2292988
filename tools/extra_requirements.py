"""The requirements of pyproject.toml's optional extras, one a line, each once:

    python tools/extra_requirements.py test fuzz              # [test] then [fuzz]
    python tools/extra_requirements.py test --without mypy    # less the named projects

Read with tomllib (Python 3.11+), so an extra may span any number of lines.
tools/check_python.sh and tools/sanitize.sh use it.
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


def requirements(pyproject: Path, extras: list[str], without: list[str] = ()) -> list[str]:
    table = tomllib.loads(pyproject.read_text())["project"]["optional-dependencies"]
    missing = [e for e in extras if e not in table]
    if missing:
        raise KeyError(f"{pyproject}: no extra {', '.join(missing)} (there are: {', '.join(table)})")
    skip = {project_name(w) for w in without}
    found = [r for e in extras for r in table[e] if project_name(r) not in skip]
    return list(dict.fromkeys(found))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tools/extra_requirements.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("extras", nargs="+")
    ap.add_argument("--without", action="append", default=[], metavar="PROJECT")
    ap.add_argument("--pyproject", type=Path, default=Path(__file__).resolve().parent.parent / "pyproject.toml")
    args = ap.parse_args(argv)
    try:
        print("\n".join(requirements(args.pyproject, args.extras, args.without)))
    except (KeyError, ValueError, OSError, tomllib.TOMLDecodeError) as exc:
        print(f"tools/extra_requirements.py: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
