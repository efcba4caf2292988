"""Sphinx configuration of the gridgames documentation site.

Build it (README, "Three commands"; warnings are errors, every reference must resolve)::

    pip install . --group docs
    sphinx-build -n -W --keep-going docs docs/_build/html

Why Sphinx and these extensions:

- Sphinx, not MkDocs: the API is documented from the docstrings (autodoc) and the
  stdlib names in them resolve through intersphinx; ``-n -W`` makes every dangling
  reference an error, which MkDocs' ``--strict`` does not check for Python names.
- myst-parser: the guides in docs/ are Markdown and stay readable on GitHub as they are.
- intersphinx: ``str``, ``pathlib.Path``, ``collections.abc.Iterator``... in signatures
  link to docs.python.org.  Its inventory is read from a copy kept in ``_intersphinx/``
  (Debian's python3.11-doc), so the build needs no network and gives the same result
  everywhere; docs.python.org is only the fallback.
- ``_ext/gridgames_docs.py`` (ours): the API pages from each public package's
  ``__all__`` (an object re-exported by several packages is described once, the
  others point to it), and the command-line reference from the parser, walked as
  the man page walks it (``gridgames.cli._manpage``).
"""
from __future__ import annotations

import sys
from pathlib import Path

import gridgames

HERE = Path(__file__).resolve().parent

# Whether gridgames is on PyPI and its site on Read the Docs: the release checklist
# (releasing.md, "The first release") sets it; until then the README, index.md, the
# tutorial and the guides install from a checkout (tests/docs/test_page_facts.py).
RELEASED = False
sys.path.insert(0, str(HERE / "_ext"))

project = "gridgames"
author = "gridgames developers"
copyright = "gridgames developers (MIT License)"
release = version = gridgames.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "gridgames_docs",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# pypi.md is the package index's page (pyproject's readme), not a page of this site.
exclude_patterns = ["_build", "pypi.md"]

# The guides link to the repository's own headings (GitHub's slugs).
myst_heading_anchors = 4
myst_enable_extensions = ["deflist"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"undoc-members": True}
# An annotation naming a class that several packages re-export (``Optional[JudgeError]``)
# matches each of them: it links to the first, and each says it is the same class.  Only
# this ambiguity is silenced (autodoc_type_aliases turns such names into unresolvable
# TypeAliasForwardRefs in Sphinx 9).
suppress_warnings = ["ref.python"]
# SB3's VecEnv is the base of envs.sb3.BatchedVecEnv: the docs need not install torch.
autodoc_mock_imports = ["stable_baselines3"]

# -n on every build (Read the Docs passes only -W: .readthedocs.yaml's fail_on_warning).
nitpicky = True
# Left unlinked, on purpose: the internal modules (a leading underscore: not API, so not
# documented; e.g. the environments' base gridgames.envs._base.GridEnv), the aliases those
# modules use in annotations, and the third-party projects whose inventories are not kept here.
nitpick_ignore_regex = [
    (r"py:.*", r"gridgames(\.\w+)*\._\w+(\.\w+)*"),
    (r"py:.*", r"(numpy|gymnasium|gym|stable_baselines3)(\.\w+)*"),  # gym: gymnasium as imported
    (r"py:.*", r"argparse\._\w+"),  # argparse's private classes (the subcommands' action)
]
nitpick_ignore = [("py:class", alias) for alias in ("StateAttr", "JudgeInput", "Emit", "Picks", "Item", "Stop",
                                                    "Drawing", "Commands", "TabuColour", "State")]

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", (str(HERE / "_intersphinx" / "python-3.11.inv"), None)),
}
intersphinx_timeout = 10

# Furo: a wide page with room for the code blocks (the default theme's narrow column made them scroll
# sideways in a 1,300-pixel window), a sidebar of the whole site, light and dark.
html_theme = "furo"
html_title = f"gridgames {release}"
html_static_path: list[str] = []
