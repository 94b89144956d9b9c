"""The parser of `el-grande`'s command line (argparse), built only when there is something to
parse: `el-grande` alone opens the title screen without importing argparse or building the
fifteen subcommands' parsers (about 3 ms of the title's start-up), and a plain command line of
a command that opens the app (`el-grande play --players Ana,Ben --seed 7`) is read without
argparse (`el_grande.plain_args`). The commands themselves are registered in `el_grande.cli`,
which hands them here."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from el_grande.plain_args import Subcommand, lang_option


class _Version(argparse.Action):
    """`--version`: the version is read (importlib.metadata, slow to import) only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("help", "show program's version number and exit")
        super().__init__(
            option_strings, argparse.SUPPRESS, nargs=0, default=argparse.SUPPRESS, **kwargs
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        from el_grande import __version__  # start-up: importlib.metadata, only for --version

        print(f"{parser.prog} {__version__}")  # on stdout, as argparse's own action does
        parser.exit()


class _Later:
    """A command's parser before it is made: what argparse would make it with."""

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The subcommands, each made and given its arguments (`configure`) only when it is the
    one on the command line: starting a game neither builds the other fourteen parsers (about
    1 % of its first frame) nor imports what `simulate` needs. (`el-grande --help` lists the
    commands from their `help`; `el-grande CMD --help` shows CMD's arguments, added before
    its own arguments are read.) A subclass of the action argparse itself uses for
    `add_subparsers`: its `add_parser` records each parser's arguments in a `_Later`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.configure: Mapping[str, Callable[[argparse.ArgumentParser], None]] = {}
        self._make, self._parser_class = self._parser_class, _Later

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        name = values[0] if values else None
        if isinstance(name, str) and isinstance(later := self._name_parser_map.get(name), _Later):
            made = self._make(**later.kwargs)
            self._name_parser_map[name] = made
            self.configure[name](made)
        super().__call__(parser, namespace, values, option_string)


def build(
    commands: Iterable[Subcommand], description: str, epilog: str, lang_help: str
) -> argparse.ArgumentParser:
    """`el-grande`'s parser: `--version`, `--lang` (before or after the command) and the
    commands, each configured only when it is the one given."""
    parser = argparse.ArgumentParser(prog="el-grande", description=description, epilog=epilog)
    parser.add_argument("--version", action=_Version)
    lang_option(parser, None, lang_help)
    # `--lang` also after the command (`el-grande play --lang ko …`); SUPPRESS: a command
    # that is not given it keeps the value given before the command.
    lang_after = argparse.ArgumentParser(add_help=False)
    lang_option(lang_after, argparse.SUPPRESS, lang_help)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", action=_Commands)
    assert isinstance(sub, _Commands)
    configure = {}
    for cmd in commands:
        configure[cmd.name] = cmd.configure
        sub.add_parser(
            cmd.name,
            help=cmd.help,
            description=cmd.description or cmd.help,
            parents=[lang_after],
        )
    sub.configure = configure
    return parser
