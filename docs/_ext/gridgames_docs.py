"""Two directives for the gridgames site (docs/conf.py says why they exist).

``.. gridgames-api:: PACKAGE`` documents every name of ``PACKAGE.__all__``: with
autodoc where this package is the first of ``PUBLIC`` to export the object, else
as a short entry that points to where it is described (Sphinx would otherwise
describe JudgeError five times and warn of duplicates).  Every name stays in the
site's inventory under each package that exports it.

``.. gridgames-cli::`` is the command-line reference: each command's usage,
description and options, read from the parser as ``gridgames manpage`` reads it.
"""
from __future__ import annotations

import importlib
import inspect
import sys
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.ext.autodoc.mock import mock
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

# The public packages, in the order of the API pages: a name exported by several is
# described under the first.  tests/docs/test_docs.py checks this against the package.
PUBLIC = ("gridgames", "gridgames.samegame", "gridgames.tilematch", "gridgames.gopher",
          "gridgames.numberlink", "gridgames.envs", "gridgames.envs.vector", "gridgames.envs.sb3",
          "gridgames.pictures", "gridgames.kattis", "gridgames.protocol", "gridgames.testing")


def _shared(obj: Any) -> bool:
    # classes and functions are the same object when re-exported; equal numbers or strings
    # in two packages are only alike (small ints are even the same object)
    return inspect.isclass(obj) or inspect.isroutine(obj)


def owners(mock_imports: list[str]) -> dict[tuple[str, str], str]:
    """(package, name) -> the full name under which that object is described
    (numberlink.FormatError is gridgames.JudgeError)."""
    first: dict[int, str] = {}
    found: dict[tuple[str, str], str] = {}
    with mock(mock_imports):
        for package in PUBLIC:
            module = importlib.import_module(package)
            for name in module.__all__:
                obj = getattr(module, name)
                here = f"{package}.{name}"
                found[package, name] = first.setdefault(id(obj), here) if _shared(obj) else here
    return found


def _kind(obj: Any) -> str:
    if inspect.isclass(obj):
        return "exception" if issubclass(obj, BaseException) else "class"
    return "function" if inspect.isroutine(obj) else "data"


class ApiDirective(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        if package not in PUBLIC:
            raise self.error(f"{package} is not in gridgames_docs.PUBLIC")
        mocked = self.config.autodoc_mock_imports
        table = owners(mocked)
        with mock(mocked):
            module = importlib.import_module(package)
            objects = {name: getattr(module, name) for name in module.__all__}
        lines = [f".. automodule:: {package}", ""]
        for name, obj in objects.items():
            kind = _kind(obj)
            owner = table[package, name]
            if owner == f"{package}.{name}":
                lines += [f".. auto{kind}:: {name}"]
                if kind in ("class", "exception"):
                    lines += ["   :members:"]
                lines += [""]
            else:
                lines += [f".. py:{kind}:: {name}", "", f"   The same {kind} as :py:{_role(kind)}:`{owner}`.", ""]
        self.env.note_dependency(inspect.getfile(module))
        content = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, source=f"<gridgames-api {package}>"), content)
        return content.children


def _role(kind: str) -> str:
    return {"exception": "exc", "class": "class", "function": "func", "data": "data"}[kind]


class CliDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        from gridgames.cli._completion import walk
        from gridgames.cli._manpage import options
        from gridgames.cli._parser import build_parser

        out: list[nodes.Node] = []
        for path, parser in walk(build_parser()):
            words = " ".join(path)
            section = nodes.section(ids=[nodes.make_id("cli " + words)], names=[nodes.fully_normalize_name(words)])
            section += nodes.title(text=words)
            section += nodes.literal_block(text=parser.format_usage().removeprefix("usage: ").strip())
            for text in (parser.description, parser.epilog):
                for par in (text or "").split("\n\n"):
                    if par.strip():
                        section += nodes.paragraph(text=" ".join(par.split()))
            items = nodes.definition_list()
            for invocation, help_text in options(parser):
                item = nodes.definition_list_item()
                item += nodes.term("", "", nodes.literal(text=invocation))
                item += nodes.definition("", nodes.paragraph(text=help_text))
                items += item
            if items.children:
                section += items
            self.state.document.note_implicit_target(section)
            out.append(section)
        return out


def _data_docstring(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    # A constant or an alias has no docstring of its own: autodoc shows its type's (str's,
    # dict's) or none.  Its ``#:`` comment is in the module that assigns it, below the
    # package that exports it, where autodoc does not look.
    if what != "data":
        return
    own = inspect.getdoc(type(obj)) or ""
    if lines and own and lines[0].strip() == own.splitlines()[0].strip():
        lines.clear()
    if not lines:
        lines.extend(_comment(*name.rsplit(".", 1)))


def _comment(package: str, name: str) -> list[str]:
    """The ``#:`` comment of ``name`` in the first module of ``package`` that has one."""
    for modname in sorted(m for m in sys.modules if m == package or m.startswith(package + ".")):
        try:
            docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        except PycodeError:
            continue
        if ("", name) in docs:
            return [line for line in docs["", name] if line.strip()]
    return []


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-process-docstring", _data_docstring)
    app.add_directive("gridgames-api", ApiDirective)
    app.add_directive("gridgames-cli", CliDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
