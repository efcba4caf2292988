"""Help, docs, completion and the manual page checked against the parser:
the CLI summary of docs/reference/command-line.md names every command and option --help
shows; no command line in the README or docs/ names an option its command
does not have; help texts are for users; the bash and zsh completion
scripts and the man page are made from the same parser and work."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gridgames.cli import _completion, _manpage
from gridgames.numberlink._text import LABELS
from helpers import OUTSIDE, build_parser, commands, options

ROOT = Path(__file__).parents[2]
DOCS = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)]
SUMMARY = ROOT / "docs" / "reference" / "command-line.md"  # the CLI summary, "The commands at a glance"
# this package's commands (a game installed from elsewhere documents its own)
COMMANDS = {(game, command): parser for game, command, _, parser in commands() if game not in OUTSIDE}
GAMES = {game for game, _ in COMMANDS}


def command_of(words):
    """((game, command), the words after it) of a command line, or None."""
    if len(words) < 2 or words[1] not in GAMES:
        return None
    game, names = words[1], {c for g, c in COMMANDS if g == words[1]}
    if None in names:
        return (game, None), words[2:]
    if len(words) > 2 and words[2] in names:
        return (game, words[2]), words[3:]
    return ((game, "judge"), words[2:]) if "judge" in names else None


def command_lines(text):
    """(line number, command) of each `gridgames ...` in markdown: code
    block lines and inline code, up to a pipe, redirection or comment."""
    block = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            block = not block
            continue
        found = [line.strip().removeprefix("$ ")] if block else re.findall(r"`(gridgames [^`]*)`", line)
        for command in found:
            if command.startswith("gridgames "):
                yield number, re.split(r"\s[|#>]|\s&&|;", command)[0]


def summary():
    """(game, command) -> its lines in the CLI summary ('gridgames
    GAME COMMAND' lines count for every judge game that has COMMAND)."""
    block = SUMMARY.read_text().split("## The commands at a glance", 1)[1].split("```")[1]
    found, last = {}, []
    for line in block.splitlines():
        text = line.split("  #")[0]
        if text.startswith("gridgames "):
            words = text.split()
            if words[1] == "GAME":
                last = [key for key in COMMANDS if len(words) > 2 and key[1] == words[2]]
            else:
                last = [command_of(words)[0]] if command_of(words) else []
        elif not line.startswith(" "):
            last = []
        for key in last:
            found.setdefault(key, []).append(text)
    return found


@pytest.mark.parametrize("key", list(COMMANDS), ids=[" ".join(filter(None, k)) for k in COMMANDS])
def test_the_readme_summary_names_every_command_and_option(key):
    lines = " ".join(summary().get(key, []))
    assert lines, f"gridgames {' '.join(filter(None, key))} is not in the CLI summary of {SUMMARY.name}"
    missing = [option for option, action in options(COMMANDS[key]).items()
               if not any(re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", lines) for s in action.option_strings)]
    assert not missing, f"not in the CLI summary of {key}: {missing}"


def test_the_docs_name_only_options_that_exist():
    wrong, seen = [], 0
    for path in DOCS:
        for number, command in command_lines(path.read_text()):
            found = command_of(command.split())
            if found is None:
                continue
            seen += 1
            key, rest = found
            for option in re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", " ".join(rest)):
                if option not in COMMANDS[key]._option_string_actions:
                    wrong.append(f"{path.name}:{number}: {command}: {option}")
    assert not wrong
    assert seen > 50  # the scan found the commands


def test_a_wrong_option_in_the_docs_would_be_found():
    (key, _), = [command_of("gridgames samegame solve --standard --widht 3".split())]
    assert key == ("samegame", "solve") and "--widht" not in COMMANDS[key]._option_string_actions
    assert list(command_lines("run `gridgames samegame x.in -o y | head` or\n```\n$ gridgames gopher solve "
                              "--judge # c\n```\n")) == [(1, "gridgames samegame x.in -o y"),
                                                         (3, "gridgames gopher solve --judge")]


def helps():
    for _, _, argv, parser in commands():
        yield " ".join(argv), parser.format_help()
    yield "gridgames", build_parser().format_help()


def test_help_texts_are_for_users():
    for name, text in helps():
        assert "``" not in text, name  # reStructuredText is for the API docs
        assert "Kattis packages" not in text or name == "package", name
        assert "Standard library only" not in text, name
    check = {name: text for name, text in helps() if name.endswith(" check")}
    assert "except in the tile game" not in "".join(check.values())
    generate = dict(helps())["numberlink generate"]
    assert re.search(r"--max-nodes N\s+at most N search nodes per puzzle", generate)


def test_the_character_format_label_count_in_the_docs():
    text = (ROOT / "docs" / "puzzles.md").read_text()
    assert f"({len(LABELS)} labels at most;" in text


def completions(shell, words):
    """What the completion script of ``shell`` offers for the last of ``words``."""
    return completions_of(shell, [words])[0]


def completions_of(shell, cases):
    """``completions`` of each list of words in ``cases``, in one shell."""
    script = _completion.script(build_parser(), shell)
    if shell == "bash":
        code = script + 'compgen() { [[ $1 == -f ]] && { echo FILES; return; }; builtin compgen "$@"; }; '
        for words in cases:
            code += (f"COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}; "
                     'COMPREPLY=(); _gridgames; printf "%s\\n" "${COMPREPLY[@]}" @@;\n')
        p = subprocess.run(["bash", "-c", code], capture_output=True, text=True, timeout=60)
    else:  # the script completes its first case as it is sourced, the others are asked after
        code = ("compadd() { [[ $1 == -- ]] && shift; local w; for w in \"$@\"; do "
                "[[ $w == ${words[CURRENT]}* ]] && print -r -- $w; done; return 0; }; _files() { print FILES; }; "
                f"words=({' '.join(repr(w) for w in cases[0])}); CURRENT={len(cases[0])}; source /dev/stdin; "
                "print @@;\n")
        for words in cases[1:]:
            code += f"words=({' '.join(repr(w) for w in words)}); CURRENT={len(words)}; _gridgames; print @@;\n"
        p = subprocess.run(["zsh", "-c", code], input=script, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    found = [answer.split() for answer in p.stdout.split("@@\n")]
    assert len(found) == len(cases) + 1 and found[-1] == []
    return found[:-1]


SHELLS = [pytest.param(shell, marks=pytest.mark.skipif(not shutil.which(shell), reason=f"{shell} not installed "
                                                        "(.ci/run installs it)")) for shell in ("bash", "zsh")]


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_offers_the_commands_options_and_choices(shell):
    assert completions(shell, ["gridgames", "sa"]) == ["samegame"]
    algos = ["random", "nmcs", "nrpa", "beam", "beam-eval", "nmcs-beam"]
    assert completions(shell, ["gridgames", "samegame", "solve", "--algo", ""]) == algos
    assert completions(shell, ["gridgames", "samegame", "solve", "--time", ""]) == []  # a number: no files
    assert completions(shell, ["gridgames", "samegame", "solve", "--improve", ""]) == ["FILES"]
    assert completions(shell, ["gridgames", "completion", ""]) == ["bash", "zsh"]
    assert completions(shell, ["gridgames", "samegame", "so"]) == ["solve", "FILES"]  # or a judge file
    assert completions(shell, ["gridgames", "numberlink", "solve", ""]) == ["FILES"]
    for key, parser in COMMANDS.items():  # every option of every command, where it belongs
        words = ["gridgames", *filter(None, key), "-"]
        offered = set(completions(shell, words)) if key[1] in (None, "solve", "generate") else None
        if offered is not None:
            assert offered == set(parser._option_string_actions), key


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_in_the_default_judge_form_and_of_option_values(shell):
    """'gridgames GAME INPUT ...' is the judge command: its options are
    offered there (and before INPUT); an option taking a number or a name
    completes nothing, one taking a path completes file names."""
    judge = {game: set(COMMANDS[game, "judge"]._option_string_actions) for game in ("samegame", "gopher")}
    assert completions(shell, ["gridgames", "gopher", "f.in", "--t"]) == ["--team"]
    assert set(completions(shell, ["gridgames", "samegame", "7.in", "-"])) == judge["samegame"]
    assert set(completions(shell, ["gridgames", "gopher", "-"])) == judge["gopher"]
    assert completions(shell, ["gridgames", "samegame", "7.in", "-o", ""]) == ["FILES"]
    assert completions(shell, ["gridgames", "samegame", "-o", "x.out", ""]) == ["FILES"]
    assert completions(shell, ["gridgames", "gopher", "f.in", "--team", ""]) == []
    assert completions(shell, ["gridgames", "samegame", "so"]) == ["solve", "FILES"]  # still a command
    cases, expected = [], []
    for key, parser in COMMANDS.items():
        for option, action in parser._option_string_actions.items():
            if action.nargs != 0 and not action.choices:
                path = action.type is None and action.metavar in ("FILE", "OUTPUT", "DIR")
                cases.append(["gridgames", *filter(None, key), option, ""])
                expected.append(["FILES"] if path else [])
    assert len(cases) > 60 and expected.count([]) > 40
    assert dict(zip(map(tuple, cases), completions_of(shell, cases))) == dict(zip(map(tuple, cases), expected))


def test_completion_is_made_from_the_parser_without_running_gridgames():
    for shell in ("bash", "zsh"):
        script = _completion.script(build_parser(), shell)
        assert "gridgames completion" in script.splitlines()[0 if shell == "bash" else 1]
        body = script.split("_gridgames() {")[1]
        assert set(re.findall(r"\$\((\w+)", body)) <= {"compgen"}  # runs nothing but the shell's own
        for key, parser in COMMANDS.items():
            for option in parser._option_string_actions:
                assert option in script, (shell, key, option)


def test_completion_command(capsys):
    from gridgames.cli import main
    assert main(["completion", "bash"]) == 0
    assert capsys.readouterr().out == _completion.script(build_parser(), "bash")


@pytest.mark.skipif(not shutil.which("groff"), reason="groff not installed (.ci/run installs it)")
def test_the_man_page_renders_without_warnings_and_has_every_command(tmp_path):
    subprocess.run([sys.executable, "-m", "gridgames", "manpage", "-o", tmp_path / "gridgames.1"], check=True)
    page = (tmp_path / "gridgames.1").read_text()
    p = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z"], input=page, capture_output=True, text=True)
    assert p.returncode == 0 and p.stderr == ""
    p = subprocess.run(["groff", "-man", "-Tascii", "-P-c", "-P-b", "-P-u"], input=page, capture_output=True,
                       text=True, env={"PATH": "/usr/bin:/bin"})
    text = p.stdout
    for key, parser in COMMANDS.items():
        assert "gridgames " + " ".join(filter(None, key)) in text, key
        for option in options(parser):
            assert option in text, (key, option)


def test_wrapped_text_keeps_hyphenated_words_whole():
    """--help and the man page break lines between words only: a path or a
    hyphenated word is never cut after its hyphen (the man page joins the
    lines with spaces: 'bash\\- completion' could not be copied)."""
    import argparse

    from gridgames.cli import _args
    page = _manpage.page(build_parser())
    assert "bash\\-completion/completions/gridgames" in page and "wrong\\-answer" in page
    assert not re.search(r"[A-Za-z0-9]\\- ", page)
    for parser in [build_parser(), *COMMANDS.values()]:
        for line in parser.format_help().splitlines():
            assert not re.search(r"[A-Za-z0-9]-$", line), line
    sub = argparse.ArgumentParser().add_subparsers()
    p = _args.add_command(sub, "x", help="x", description="y" * 60 + " see ~/.local/share/bash-completion/x")
    p.add_argument("--z", help="y" * 40 + " see ~/.local/share/bash-completion/completions/gridgames")
    assert "~/.local/share/bash-completion/x" in p.format_help()
    assert "~/.local/share/bash-completion/completions/gridgames" in p.format_help()


def test_roff_escapes():
    assert _manpage.roff("a-b \\x\n.TH\n'x") == "a\\-b \\ex\n\\&.TH\n\\&'x"


def test_every_torch_install_is_the_cpu_build():
    """A bare 'pip install torch' is the multi-GB CUDA build on Linux."""
    found = 0
    for path in [*DOCS, *sorted((ROOT / "examples").glob("*.py")), *sorted((ROOT / "benchmarks").glob("*.py"))]:
        for args in re.findall(r"pip install ([^`#\n]*)", path.read_text()):
            if any(re.match(r"torch\b", word.strip("'\"")) for word in args.split()):
                found += 1
                assert "--index-url https://download.pytorch.org/whl/cpu" in args, (path.name, args)
    assert found >= 3


def test_the_docs_say_how_to_get_what_they_claim():
    """A pinned torch says where its CPU build comes from; the
    README's single-env figure is measured on the loop it prints
    (benchmarks/env_snippet.py runs those lines); SECURITY.md's temporary
    file is the tile-match judge's, with its threshold."""
    for path in DOCS:
        text = path.read_text()
        if "torch==" in text:
            assert "--index-url https://download.pytorch.org/whl/cpu" in text, path
    readme = (ROOT / "README.md").read_text()
    snippet = readme.split('env = gym.make("gridgames/SameGame-v0")', 1)[1].split("```", 1)[0]
    measured = (ROOT / "benchmarks" / "env_snippet.py").read_text()
    loop = [line.strip() for line in snippet.splitlines()[1:] if line.strip()]
    assert len(loop) == 5 and all(line in measured for line in loop[2:]), loop  # the agent's steps, as printed
    # the figure names its command and the line of that command's output it is
    prose = " ".join(readme.split())
    assert 'the "README snippet" line of `python benchmarks/env_snippet.py' in prose
    from gridgames._runtime.kernel_constants import constants
    spill = constants("tilematch/_kernel.pxd").SPILL
    security = " ".join((ROOT / "SECURITY.md").read_text().split())
    assert f"the tile-match judge keeps the moves of a data set past its first {spill:,}" in security
    assert "nothing in the working, home or temporary directory" not in security

