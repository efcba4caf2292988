"""Every exit status the command line can return is listed where a user
looks for it: ``gridgames --help`` and the man page's EXIT STATUS (both
lacked 3, and --help 130).  The statuses are read from the code: the
integers that a ``-> int`` function of gridgames.cli returns (literals, or
a module constant returned as such: CLOSED_OUTPUT) and the statuses given to ``fail``."""
import ast
import re
from pathlib import Path

from gridgames.cli import _manpage
from helpers import build_parser

CLI = Path(__file__).parents[2] / "src" / "gridgames" / "cli"


def statuses_in_code():
    trees = {path.name: ast.parse(path.read_text()) for path in sorted(CLI.glob("*.py"))}
    constants = {node.targets[0].id: node.value.value for tree in trees.values() for node in tree.body
                 if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                 and isinstance(node.value, ast.Constant) and type(node.value.value) is int}
    found = {}
    for name, tree in trees.items():
        for node in ast.walk(tree):
            values = []
            if isinstance(node, ast.FunctionDef) and node.returns and ast.unparse(node.returns) in ("int", "'int'"):
                returns = [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]
                signals = [v for r in returns for v in ast.walk(r) if isinstance(v, ast.BinOp)
                           and isinstance(v.op, ast.Add) and getattr(v.left, "value", None) == 128]
                for _ in signals:  # 128 + the number of a signal caught: SIGHUP (1) or SIGTERM (15)
                    found.setdefault(129, name)
                    found.setdefault(143, name)
                values = [v for r in returns for v in ast.walk(r) if isinstance(v, ast.Constant)
                          and not any(v is b.left for b in signals)]
                values += [r for r in returns if isinstance(r, ast.Name)]  # return CLOSED_OUTPUT
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "fail" and len(node.args) == 3:
                values = [node.args[2]]
            for v in values:
                if isinstance(v, ast.Constant) and type(v.value) is int:
                    found.setdefault(v.value, name)
                elif isinstance(v, ast.Name) and v.id in constants:
                    found.setdefault(constants[v.id], name)
    return found


def listed(text):
    """The statuses a text lists: 'N what' after 'Exit status' (or EXIT STATUS), each after ':', ';' or ','."""
    section = re.split(r"exit status:?", text, flags=re.I)[-1]
    return {int(n) for n in re.findall(r"(?:^|[:;,]\s)(\d{1,3}) [a-z]", " ".join(section.split()))}


def test_the_code_returns_the_statuses_we_know():
    # a status added to the code must be added to the help and the man page (and to this list)
    assert set(statuses_in_code()) == {0, 1, 2, 3, 129, 130, 141, 143}, statuses_in_code()


def test_help_lists_every_exit_status():
    description = build_parser().description
    assert set(statuses_in_code()) <= listed(description), description


def test_the_man_page_lists_every_exit_status():
    page = _manpage.page(build_parser())
    exit_status = page.split(".SH EXIT STATUS", 1)[1].split(".SH", 1)[0]
    assert set(statuses_in_code()) <= listed(exit_status), exit_status
