"""The kernels' ``cimport`` graph keeps the layers of pyproject.toml's import contracts,
which lint-imports checks for Python imports only (it cannot read .pyx/.pxd/.pxi).

A kernel ``X`` sits in the layer of its pure twin ``X_pure`` (they are one module for the
contracts); the few C-level modules with no twin are placed by ``C_ONLY`` below."""
import re
import sys
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "gridgames"

# .pxd-only modules without a pure twin: the module whose layer they share, and why.
C_ONLY = {
    "gridgames.samegame._board": "gridgames.samegame._kernel_pure",  # the grid the kernel's twin keeps in lists
    "gridgames.envs._draws": "gridgames.envs._batch_pure",  # numpy's bit generator, for the batch's draws
    "gridgames._runtime.scanner_lines": "gridgames._runtime.scanner_pure",  # the scanner's line-at-a-time fast paths
}

CIMPORT = re.compile(r"^\s*(?:from\s+(\S+)\s+cimport\b|cimport\s+(\S+))", re.M)


def kernel_files():
    return sorted(p for ext in ("pyx", "pxd", "pxi") for p in SRC.rglob(f"*.{ext}"))


def module_of(path):
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts)


def cimports(path):
    """The gridgames modules ``path`` cimports (absolute or relative)."""
    package = module_of(path).rsplit(".", 1)[0]
    found = set()
    for absolute, plain in CIMPORT.findall(path.read_text()):
        name = absolute or plain
        if name.startswith("."):
            dots = len(name) - len(name.lstrip("."))
            base = package.rsplit(".", dots - 1)[0] if dots > 1 else package
            name = f"{base}.{name.lstrip('.')}" if name.lstrip(".") else base
        if name.startswith("gridgames."):
            found.add(name)
    return found


def contracts(kind):
    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    return [c for c in found if c["type"] == kind]


def place(module, container, layers):
    """(layer index, name) of ``module`` in a contract on ``container``, None when outside it."""
    module = C_ONLY.get(module, module)
    if not module.startswith(container + "."):
        return None
    child = module[len(container) + 1:].split(".")[0]
    for index, layer in enumerate(layers):
        names = re.split(r" [|:] ", layer)
        for name in (child, f"{child}_pure"):
            if name in names:
                return index, name
    return "unplaced", child


def violations(edges):
    """The edges (importer, imported) that point up, sideways between independent
    siblings, or touch a module placed in no layer."""
    bad = []
    for contract in contracts("independence"):
        for importer, imported in edges:
            owners = [next((m for m in contract["modules"] if name == m or name.startswith(m + ".")), None)
                      for name in (importer, imported)]
            if None not in owners and owners[0] != owners[1]:
                bad.append((contract["name"], importer, imported, "between independent siblings"))
    for contract in contracts("layers"):
        layers = contract["layers"]
        for container in contract["containers"]:
            for importer, imported in edges:
                a, b = place(importer, container, layers), place(imported, container, layers)
                if a is None or b is None or a[1] == b[1]:
                    continue
                if "unplaced" in (a[0], b[0]):
                    bad.append((contract["name"], importer, imported, "a module in no layer"))
                elif a[0] > b[0]:
                    bad.append((contract["name"], importer, imported, "points up"))
                elif a[0] == b[0] and " : " in layers[a[0]]:
                    bad.append((contract["name"], importer, imported, "between independent siblings"))
    return bad


def edges():
    return sorted({(module_of(path), target) for path in kernel_files() for target in cimports(path)
                   if target != module_of(path)})


def test_the_kernels_are_found():
    found = edges()
    assert len(kernel_files()) >= 30
    assert ("gridgames.envs._batch_samegame", "gridgames.samegame._board") in found
    assert ("gridgames.samegame._kernel", "gridgames._runtime.scanner") in found


def test_every_cimport_points_down():
    assert violations(edges()) == []


@pytest.mark.parametrize("edge, why", [
    (("gridgames.samegame._kernel", "gridgames.envs._batch"), "points up"),
    (("gridgames.samegame._kernel", "gridgames.gopher._kernel"), "between independent siblings"),
    (("gridgames._runtime.scanner", "gridgames.samegame._kernel"), "points up"),
    (("gridgames.samegame._kernel", "gridgames.samegame._nowhere"), "a module in no layer"),
])
def test_the_check_can_fail(edge, why):
    assert any(v[1:] == (*edge, why) for v in violations([edge]))


def test_relative_cimports_are_resolved(tmp_path, monkeypatch):
    package = tmp_path / "gridgames" / "samegame"
    package.mkdir(parents=True)
    kernel = package / "_kernel.pyx"
    kernel.write_text("from ._board cimport EMPTY\nfrom .._runtime.random_source cimport u64\n"
                      "cimport gridgames._runtime.output\n")
    monkeypatch.setattr(sys.modules[__name__], "SRC", tmp_path / "gridgames")
    assert cimports(kernel) == {"gridgames.samegame._board", "gridgames._runtime.random_source",
                                "gridgames._runtime.output"}
