"""The parser of `el-grande`'s command line (argparse), built only when there is something to
parse: `el-grande` alone opens the title screen without importing argparse or building the
fifteen subcommands' parsers (about 3 ms of the title's start-up), and a plain command line of
a command that opens the app (`el-grande play --players Ana,Ben --seed 7`) is read without
building them (`quick`). The commands themselves are registered in `el_grande.cli`, which
hands them here."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol


class Subcommand(Protocol):
    """What the parser needs of a command (`el_grande.cli.Command`)."""

    @property
    def name(self) -> str: ...
    @property
    def help(self) -> str: ...
    @property
    def description(self) -> str | None: ...
    @property
    def configure(self) -> Callable[[argparse.ArgumentParser], None]: ...


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


class Adds(Protocol):
    """What `lang_option` needs of a parser (`argparse.ArgumentParser`, `_Declared`)."""

    def add_argument(self, *flags: str, **kwargs: Any) -> Any: ...


def lang_option(parser: Adds, default: object, help: str) -> None:
    parser.add_argument("--lang", metavar="ko|en", default=default, help=help)


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


# --- the plain command lines, read without building the parser -------------------------------

#: What `add_argument` may be told of an option `quick` reads (anything else: argparse reads it).
_READ = frozenset(
    {
        "action",
        "choices",
        "const",
        "default",
        "dest",
        "help",
        "metavar",
        "nargs",
        "required",
        "type",
    }
)


class _Option(NamedTuple):
    dest: str
    kwargs: dict[str, Any]
    flag: bool  # store_true / store_false: no value

    @property
    def readable(self) -> bool:
        """Whether `quick` reads it when given (else argparse does): one value or none
        (`nargs`, with its `const`, is argparse's)."""
        return "nargs" not in self.kwargs


class _Declared:
    """A command's arguments as its `configure` declares them, recorded (its `add_argument`
    calls, which is all `configure` may call for `quick` to read the command)."""

    def __init__(self) -> None:
        self.options: dict[str, _Option] = {}  # by each of its long flags
        self.dests: dict[str, _Option] = {}
        self.plain = True  # only options `quick` knows how to default

    def add_argument(self, *flags: str, **kwargs: Any) -> None:
        action = kwargs.get("action")
        if not flags or not all(f.startswith("-") for f in flags) or not set(kwargs) <= _READ:
            self.plain = False  # a positional argument, a custom action…: argparse's
            return
        if action not in (None, "store", "store_true", "store_false"):
            self.plain = False
            return
        longs = [f for f in flags if f.startswith("--")]
        dest = kwargs.get("dest") or (longs or flags)[0].lstrip("-").replace("-", "_")
        option = _Option(dest, kwargs, action in ("store_true", "store_false"))
        self.dests[dest] = option
        for f in longs:
            self.options[f] = option

    def default(self, option: _Option) -> Any:
        """argparse's value of an option not given (a string default goes through `type`)."""
        action = option.kwargs.get("action")
        default = option.kwargs.get("default", action == "store_false" if option.flag else None)
        kind = option.kwargs.get("type")
        if isinstance(default, str) and default != argparse.SUPPRESS and kind is not None:
            return kind(default)
        return default


def quick(
    argv: Sequence[str], commands: Iterable[Subcommand], lang_help: str
) -> argparse.Namespace | None:
    """What `build(commands, …).parse_args(argv)` gives for a plain command line — a command
    then its long options, each given once, `--name value` or `--name=value`, every value
    passing its `type` and `choices` (`el-grande play --players Ana,Ben,Cy --seed 7`) — read
    without building the parser (which cost 5.4 M instructions more, 0.4 % of a new game's
    first frame; argparse is still imported, for its `Namespace`). None for every other line (help,
    `--version`, an option before the command, abbreviated, unknown or given twice, a
    positional argument, a value argparse would refuse…): argparse reads it, and says what
    is wrong (tests/test_arguments.py holds both readings of many lines side by side)."""
    if not argv:
        return None
    command = next((c for c in commands if c.name == argv[0]), None)
    if command is None:
        return None
    declared = _Declared()
    lang_option(declared, argparse.SUPPRESS, lang_help)  # `--lang` after the command (`build`)
    command.configure(declared)  # type: ignore[arg-type]  # (it only adds arguments)
    if not declared.plain:
        return None
    given: dict[str, Any] = {}
    rest = list(argv[1:])
    while rest:
        flag, eq, value = rest.pop(0).partition("=")
        option = declared.options.get(flag)
        if option is None or not option.readable or option.dest in given:
            return None
        if option.flag:
            if eq:
                return None  # argparse: "ignored explicit argument"
            given[option.dest] = option.kwargs.get("action") == "store_true"
            continue
        if not eq:
            if not rest:
                return None
            value = rest.pop(0)
        if value.startswith("-"):
            return None  # an option, a negative number or a dash: argparse tells which
        kind = option.kwargs.get("type")
        try:
            converted = value if kind is None else kind(value)
        except (argparse.ArgumentTypeError, TypeError, ValueError):
            return None
        choices = option.kwargs.get("choices")
        if choices is not None and converted not in choices:
            return None
        given[option.dest] = converted
    values: dict[str, Any] = {"lang": None, "command": command.name}
    for dest, option in declared.dests.items():
        if dest in given:
            values[dest] = given[dest]
        elif option.kwargs.get("required"):
            return None
        elif (default := declared.default(option)) != argparse.SUPPRESS:
            values[dest] = default
    return argparse.Namespace(**values)
