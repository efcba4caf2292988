"""`gridgames completion bash|zsh`: a shell completion script generated from
the parser (static: the shell never runs gridgames to complete a word).

Install: ``gridgames completion bash > ~/.local/share/bash-completion/completions/gridgames``,
or ``gridgames completion zsh > ~/.zfunc/_gridgames`` (a directory in $fpath)."""
from __future__ import annotations

import argparse
from collections.abc import Iterator

from ._args import Commands, add_command

SHELLS = ("bash", "zsh")
PATHS = ("FILE", "OUTPUT", "DIR")  # the metavars of options that take a path


COMPLETION_DESCRIPTION = """\
Print the completion script of SHELL for gridgames, made from the commands and options of this
version.  bash: save it as ~/.local/share/bash-completion/completions/gridgames (make the
directory first: mkdir -p; or source it from ~/.bashrc); zsh: save it as _gridgames in a
directory of $fpath."""


def register(subparsers: Commands) -> None:
    p = add_command(subparsers, "completion", help="print a shell completion script (bash or zsh)",
                    description=COMPLETION_DESCRIPTION)
    p.add_argument("shell", choices=SHELLS, metavar="SHELL", help="bash or zsh")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    import sys

    from ._parser import build_parser
    sys.stdout.write(script(build_parser(), args.shell))
    return 0


def walk(parser: argparse.ArgumentParser, path: tuple[str, ...] = ("gridgames",)
         ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """(command words, parser) of ``parser`` and of every command under it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from walk(sub, (*path, name))


def tables(parser: argparse.ArgumentParser) -> dict[str, dict[str, str]]:
    """The words to complete, by where they are: 'words' (commands and
    positional choices after 'gridgames GAME ...'), 'options', 'choices'
    (of an option: 'PATH OPTION'), 'files' (options taking a file: files
    offered), 'values' (options taking a number or a name: nothing offered),
    'inputs' (where a positional argument takes a file: files offered
    besides the words) and 'default' (a judge game's judge command: where
    it is meant, 'gridgames GAME INPUT ...', its options are offered)."""
    words: dict[str, str] = {}
    options: dict[str, str] = {}
    choices: dict[str, str] = {}
    files: dict[str, str] = {}
    values: dict[str, str] = {}
    inputs: dict[str, str] = {}
    default: dict[str, str] = {}
    for path, p in walk(parser):
        at = " ".join(path)
        found: list[str] = []
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                found += list(action.choices)
                if "judge" in action.choices:  # 'gridgames GAME INPUT' is its judge command
                    inputs[at], default[at] = "1", f"{at} judge"
            elif not action.option_strings:
                found += [str(c) for c in action.choices or ()]
                if not action.choices:
                    inputs[at] = "1"
            else:
                options[at] = " ".join(filter(None, (options.get(at), *action.option_strings)))
                for option in action.option_strings:
                    if action.choices:
                        choices[f"{at} {option}"] = " ".join(str(c) for c in action.choices)
                    elif action.nargs != 0:  # a path (a string named so), or a number or name
                        table = files if action.type is None and action.metavar in PATHS else values
                        table[f"{at} {option}"] = "1"
        words[at] = " ".join(found)
    return {"words": words, "options": options, "choices": choices, "files": files, "values": values,
            "inputs": inputs, "default": default}


def _array(name: str, table: dict[str, str], shell: str) -> str:
    """An associative array: bash's ([key]=value ...), zsh's (key value ...)."""
    form = "\n    {} {}" if shell == "zsh" else "\n    [{}]={}"
    items = "".join(form.format(_quote(key), _quote(value)) for key, value in table.items())
    return f"_gridgames_{name}=({items}\n)\n"


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


BASH = """\
_gridgames() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} at=gridgames i w
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if [[ " ${_gridgames_words[$at]} " == *" $w "* ]]; then
            at="$at $w"
        elif [[ -n ${_gridgames_default[$at]+x} && $w != -h && $w != --help ]]; then
            at=${_gridgames_default[$at]}  # 'gridgames GAME INPUT ...': the judge command
        fi
    done
    if [[ -n ${_gridgames_choices["$at $prev"]+x} ]]; then
        COMPREPLY=($(compgen -W "${_gridgames_choices["$at $prev"]}" -- "$cur"))
    elif [[ -n ${_gridgames_files["$at $prev"]+x} ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
    elif [[ -n ${_gridgames_values["$at $prev"]+x} ]]; then
        COMPREPLY=()
    elif [[ $cur == -* ]]; then
        w=${_gridgames_default[$at]-$at}  # a judge game: its judge command's options (-h too)
        COMPREPLY=($(compgen -W "${_gridgames_options[$w]}" -- "$cur"))
    else
        COMPREPLY=($(compgen -W "${_gridgames_words[$at]}" -- "$cur"))
        if [[ -n ${_gridgames_inputs[$at]+x} ]]; then COMPREPLY+=($(compgen -f -- "$cur")); fi
    fi
}
complete -o filenames -F _gridgames gridgames
"""

ZSH = """\
_gridgames() {
    local at=gridgames i w cur=${words[CURRENT]} prev=${words[CURRENT-1]}
    for ((i = 2; i < CURRENT; i++)); do
        w=${words[i]}
        if [[ " ${_gridgames_words[$at]} " == *" $w "* ]]; then
            at="$at $w"
        elif (( ${+_gridgames_default[$at]} )) && [[ $w != -h && $w != --help ]]; then
            at=${_gridgames_default[$at]}  # 'gridgames GAME INPUT ...': the judge command
        fi
    done
    if (( ${+_gridgames_choices[$at $prev]} )); then
        compadd -- ${=_gridgames_choices[$at $prev]}
    elif (( ${+_gridgames_files[$at $prev]} )); then
        _files
    elif (( ${+_gridgames_values[$at $prev]} )); then
        return 0
    elif [[ $cur == -* ]]; then
        w=${_gridgames_default[$at]-$at}  # a judge game: its judge command's options (-h too)
        compadd -- ${=_gridgames_options[$w]}
    else
        compadd -- ${=_gridgames_words[$at]}
        if (( ${+_gridgames_inputs[$at]} )); then _files; fi
    fi
}
"""


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``shell`` for ``parser`` (gridgames' own)."""
    found = tables(parser)
    head = f"# gridgames completion for {shell} (made by 'gridgames completion {shell}')\n"
    if shell == "zsh":
        head = "#compdef gridgames\n" + head + "typeset -gA " + " ".join(f"_gridgames_{n}" for n in found) + "\n"
    else:
        head += "declare -gA " + " ".join(f"_gridgames_{n}" for n in found) + "\n"
    body = "".join(_array(name, table, shell) for name, table in found.items())
    if shell == "zsh":
        return head + body + ZSH + '_gridgames "$@"\n'
    return head + body + BASH
