"""mypy --strict over the package (tests/project/test_typing.py) passes with only
what the README's Test command installs: every other third-party module the
package imports (an optional extra: Ray, python-sat, SB3) is named in
pyproject.toml's mypy overrides, or mypy fails where that extra is not
installed (stable_baselines3 was not, so the Test command failed
on a fresh machine while CI, which installs every extra, passed)."""
import ast
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")

ROOT = Path(__file__).parents[2]
PACKAGE = ROOT / "src" / "gridgames"
# Imported by the package and installed by the Test command ([test]); typing_extensions comes with mypy.
ALWAYS_THERE = {"numpy", "gymnasium", "typing_extensions"}


def imported_modules():
    """module -> a file importing it, for every absolute import mypy checks (kattis/data: excluded)."""
    found = {}
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.pyi")]):
        if "kattis/data" in path.as_posix():
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name, path.relative_to(ROOT).as_posix())
    return found


def covered(module, patterns):
    return any(module == p or (p.endswith(".*") and module.startswith(p[:-1])) for p in patterns)


def test_every_optional_import_has_a_mypy_override():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    ignored = [m for o in config.get("overrides", []) if o.get("ignore_missing_imports")
               for m in ([o["module"]] if isinstance(o["module"], str) else o["module"])]
    optional = {m: where for m, where in imported_modules().items()
                if m.split(".")[0] not in sys.stdlib_module_names | ALWAYS_THERE | {"gridgames"}}
    assert optional, "the package imports no optional module? (the scan is broken)"
    assert {m: where for m, where in optional.items() if not covered(m, ignored)} == {}
