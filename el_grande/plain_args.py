"""Plain command lines read without argparse (`quick`): `el-grande play --players Ana,Ben,Cy
--seed 7` starts a game without importing argparse or building its parser; every other line is
argparse's (`el_grande.arguments`). What both need of a command (`Subcommand`) and the one
option every command has after its name (`lang_option`) are here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    import argparse

#: argparse's "no default": the option's value is not set at all (`argparse.SUPPRESS`).
SUPPRESS = "==SUPPRESS=="


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


class Arguments(Protocol):
    """A command line's arguments, read as attributes: argparse's `Namespace`, or the
    `SimpleNamespace` `quick` makes."""

    def __getattribute__(self, name: str, /) -> Any: ...


class Adds(Protocol):
    """What `lang_option` needs of a parser (`argparse.ArgumentParser`, `_Declared`)."""

    def add_argument(self, *flags: str, **kwargs: Any) -> Any: ...


def lang_option(parser: Adds, default: object, help: str) -> None:
    parser.add_argument("--lang", metavar="ko|en", default=default, help=help)


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
        if isinstance(default, str) and default != SUPPRESS and kind is not None:
            return kind(default)
        return default


def quick(argv: Sequence[str], commands: Iterable[Subcommand], lang_help: str) -> Arguments | None:
    """What `el_grande.arguments.build(commands, …).parse_args(argv)` gives for a plain
    command line — a command then its long options, each given once, `--name value` or
    `--name=value`, every value passing its `type` and `choices` (`el-grande play --players
    Ana,Ben,Cy --seed 7`) — read without argparse: importing it (and `gettext` with it),
    building the parser and reading the line with it cost 13 M instructions, 1.1 % of a new
    game's first frame. None for every other line (help, `--version`, an option before the
    command, abbreviated, unknown or given twice, a positional argument, a value argparse
    would refuse…): argparse reads it, and says what is wrong (tests/test_arguments.py holds
    both readings of many lines side by side). A command whose line this reads takes
    `Arguments`, not an `argparse.Namespace`."""
    if not argv:
        return None
    command = next((c for c in commands if c.name == argv[0]), None)
    if command is None:
        return None
    declared = _Declared()
    lang_option(declared, SUPPRESS, lang_help)  # `--lang` after the command (`build`)
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
        except Exception:  # argparse reads the line again, and says (or raises) it as ever
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
        elif (default := declared.default(option)) != SUPPRESS:
            values[dest] = default
    return SimpleNamespace(**values)
