"""The `el-grande` command line.

`el-grande` alone opens the title screen; subcommands skip it: `play`, `calc` and `learn` (here),
`resume`, `load`, `replay`, `export` (`el_grande/commands.py`), `simulate`
(`el_grande/sim.py`) and `tournament` (`el_grande/tournament`), all in one registry
(`COMMANDS`, filled with `command(...)`).

Every run of `el-grande` imports this module, `--version`, `--help` and the commands that
open no app (`simulate`, `export`, `config`) too: so it imports at its top only what every
run uses, and each command imports what it needs when it runs (`# start-up:`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from el_grande import startup
from el_grande.text import resolve_language, t, use

if TYPE_CHECKING:
    import argparse

    from el_grande.plain_args import Arguments
    from el_grande.setup import GameSetup


class Command(NamedTuple):
    """A subcommand of `el-grande` (a named tuple: cheaper than a dataclass at start-up)."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    #: Given what the command line says: argparse's `Namespace`, or for a plain line of a
    #: command that opens the app (`quick_parse`) the namespace read without argparse — those
    #: commands take `Arguments` (tests/test_arguments.py checks).
    run: Callable[[Any], int]
    description: str | None = None


COMMANDS: dict[str, Command] = {}
#: The commands that may open the app: garbage collection stays held for its first frame
#: (`el_grande.startup`); every other command gets it back before it starts.
APP_COMMANDS = frozenset({"play", "resume", "load", "replay", "calc", "learn", "join", "watch"})


def command(
    name: str,
    help: str,
    configure: Callable[[argparse.ArgumentParser], None],
    description: str | None = None,
) -> Callable[[Callable[[Any], int]], Callable[[Any], int]]:
    """Register a subcommand: `configure` adds its arguments, the decorated function runs it."""

    def register(run: Callable[[Any], int]) -> Callable[[Any], int]:
        COMMANDS[name] = Command(name, help, configure, run, description)
        return run

    return register


def _refused_without_terminal() -> int | None:
    """Without a terminal to read keys from, a command that opens the app says so and ends
    (exit status 2) before it imports Textual; None with one (`el_grande.app.process`)."""
    from el_grande.app.process import refused_without_terminal  # (no Textual in it)

    return refused_without_terminal()


# --- play ----------------------------------------------------------------------------------


def _configure_play(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--players",
        required=True,
        metavar="NAMES",
        help="2 to 5 comma-separated player names in seat order, e.g. Ana,Ben,Cy",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    p.add_argument(
        "--rounds", type=int, choices=(9, 6), default=9, help="9 (default) or 6 (short game)"
    )
    p.add_argument("--no-veto", action="store_true", help="remove the two Veto cards")
    p.add_argument(
        "--no-hints",
        action="store_true",
        help="no hints at this table (h: the strong computer player's best three choices)",
    )
    p.add_argument(
        "--castillo",
        choices=("open", "hidden"),
        default="open",
        help="open (default): per-player Castillo counts are shown; hidden: only the total",
    )
    p.add_argument(
        "--start-player",
        type=int,
        default=None,
        metavar="N",
        help="seat (1-based) that starts round 1 (default: drawn from the seed)",
    )
    p.add_argument(
        "--colours",
        default=None,
        metavar="COLOURS",
        help="comma-separated colours in seat order "
        "(yellow, red, green, blue, purple, cyan, orange, white)",
    )
    p.add_argument(
        "--bots",
        default=None,
        metavar="NAME=LEVEL,...",
        help="computer players: which of the --players names a bot plays and how well, "
        f"e.g. Ben=greedy,Cy=strong (levels: {_bot_levels_help()}; strong thinks up to 2 s "
        "a decision). Every seat may be a bot: then you watch",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the least time a computer player's decision stays on screen (default: the "
        "settings' bot_delay, 0.8 unless set; 0: at once); f skips ahead in the game",
    )
    p.add_argument(
        "--auto",
        type=_auto_seconds,
        nargs="?",
        const=2.0,
        default=None,
        metavar="SECONDS",
        help="scoring displays go on by themselves, a step every SECONDS (2 if not given); "
        "on by default when every seat is a computer player",
    )


def _auto_seconds(text: str) -> float:
    from argparse import ArgumentTypeError  # start-up: argparse when there are arguments

    try:
        value = float(text)
    except ValueError:
        raise ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise ArgumentTypeError("must be more than 0 seconds")
    return value


def _bot_levels_help() -> str:
    """'random (Easy), greedy (Medium), strong (Hard)': the registry's levels and labels."""
    from el_grande.bots.registry import LEVELS  # start-up: only for `play`

    return ", ".join(f"{lv.id} ({t(lv.label_key)})" for lv in LEVELS)


def _usage_error(message: str) -> SystemExit:
    """A one-line error on stderr and exit code 2 (like argparse's own usage errors)."""
    print(f"el-grande play: error: {message}", file=sys.stderr)
    return SystemExit(2)


def parse_bots(text: str, names: list[str]) -> dict[int, str]:
    """`--bots Ben=greedy,Cy=strong` -> {seat: level} (`el_grande.setup.parse_bots`)."""
    from el_grande.setup import parse_bots as parse  # start-up: only for `play`

    return parse(text, names)


def setup_from_args(args: Arguments) -> GameSetup:
    # start-up: only for `play`
    from el_grande.names import name_problem, normalise
    from el_grande.setup import COLOURS, GameSetup, SeatSetup, bot_kind, default_seats, validate

    names = [normalise(n) for n in args.players.split(",")]
    if not 2 <= len(names) <= 5:
        raise _usage_error("--players needs 2 to 5 comma-separated names")
    for name in names:
        problem = name_problem(name)
        if problem is not None:  # before anything else prints a name
            raise _usage_error(f"--players: {problem}")
    seats = default_seats(names)
    if args.colours:
        colours = [c.strip() for c in args.colours.split(",")]
        bad = [c for c in colours if c not in COLOURS]
        if bad or len(colours) != len(names):
            raise _usage_error(f"--colours needs {len(names)} of: {', '.join(COLOURS)}")
        seats = tuple(SeatSetup(n, c) for n, c in zip(names, colours, strict=True))
    if getattr(args, "bots", None):
        try:
            levels = parse_bots(args.bots, names)
        except ValueError as exc:
            raise _usage_error(str(exc)) from None
        seats = tuple(
            SeatSetup(s.name, s.colour, bot_kind(levels[i]) if i in levels else s.kind)
            for i, s in enumerate(seats)
        )
    delay = getattr(args, "bot_delay", None)
    if delay is not None and not 0 <= delay < float("inf"):
        raise _usage_error("--bot-delay must be 0 or more seconds")
    start = args.start_player
    if start is not None and not 1 <= start <= len(names):
        raise _usage_error(f"--start-player must be between 1 and {len(names)}")
    setup = GameSetup(
        seats=seats,
        seed=args.seed,
        rounds=args.rounds,
        veto=not args.no_veto,
        castillo=args.castillo,
        start_player=None if start is None else start - 1,
        hints=not getattr(args, "no_hints", False),
    )
    problem = validate(setup)
    if problem:
        raise _usage_error(problem)
    return setup


@command("play", "start a game at once, skipping the title screen", _configure_play)
def _run_play(args: Arguments) -> int:
    setup = setup_from_args(args)  # a bad argument is said first, with or without a terminal
    if (refused := _refused_without_terminal()) is not None:
        return refused
    # start-up: the app (Textual) only for the commands that open it
    from el_grande.app.app import ElGrandeApp
    from el_grande.settings import load_and_report

    app = ElGrandeApp(
        setup=setup, bot_delay=args.bot_delay, auto_advance=args.auto, settings=load_and_report()
    )
    app.run()
    return app.exit_report()


# --- calc: the scoring sheet for a game on a real board (app/screens/sheet.py) -------------


@command(
    "calc",
    "a scoring sheet for a game on a real board",
    lambda p: None,
    description="Open the scoring sheet: type each player's Caballeros per region, the "
    "King's region, the Grandes and the mobile scoreboards of a game on a real board, and "
    "read every general scoring's ranks, points, bonuses and running totals. The sheet is "
    "saved after every key (sheet.json in the data folder; EL_GRANDE_HOME=DIR uses DIR/).",
)
def _run_calc(args: Arguments) -> int:
    if (refused := _refused_without_terminal()) is not None:
        return refused
    # start-up: the app (Textual) only for the commands that open it
    from el_grande.app.app import ElGrandeApp
    from el_grande.settings import load_and_report

    app = ElGrandeApp(sheet=True, settings=load_and_report())
    app.run()
    return app.exit_report()


# --- learn: the guided first game (flow/guided.py, flow/lessons.py) -------------------------


@command(
    "learn",
    "learn to play: a guided first game against two computer players",
    lambda p: None,
    description="Play a guided first game: you against two computer players, on a fixed "
    "deal. A coach explains each rule the first time it matters (i hides it) and h shows "
    "the Hard player's pick; every choice is yours. It is saved and resumed like any game.",
)
def _run_learn(args: Arguments) -> int:
    if (refused := _refused_without_terminal()) is not None:
        return refused
    # start-up: the app (Textual) only for the commands that open it
    from el_grande.app.app import ElGrandeApp
    from el_grande.settings import load_and_report

    app = ElGrandeApp(learn=True, settings=load_and_report())
    app.run()
    return app.exit_report()


# --- config --------------------------------------------------------------------------------


def _configure_config(p: argparse.ArgumentParser) -> None:
    p.add_argument("--path", action="store_true", help="print only the settings file's path")


@command(
    "config",
    "show the settings file's path and the settings in effect",
    _configure_config,
    description="Print where the settings file is (EL_GRANDE_CONFIG=DIR uses DIR/settings.toml) "
    "and every setting in effect, with where it comes from: the file or the default. The "
    "settings screen (Settings on the title screen, o in a game) writes the file. Exit code 1 "
    "if the file cannot be used.",
)
def _run_config(args: argparse.Namespace) -> int:
    # start-up: only for `config`
    from el_grande import settings
    from el_grande.names import printable
    from el_grande.settings.values import THEMES

    if args.path:
        print(printable(str(settings.settings_path())))
        return 0
    loaded = settings.load()
    path = printable(str(loaded.path))
    note = (
        t("config.unused")
        if loaded.problem
        else t("config.missing")
        if not loaded.path.exists()
        else ""
    )
    print(t("config.file", path=path) + (f" {note}" if note else ""))
    rows = [(k, v, f"({t(f'config.from.{src}')})") for k, v, src in settings.describe(loaded)]
    width = max(len(key) for key, _, _ in rows)
    width_from = max(len(source) for _, _, source in rows)
    for key, value, source in rows:
        print(f"  {key:<{width}}  {source:<{width_from}}  {value}")
    print(t("config.themes", themes=", ".join(THEMES)))
    print(t("config.flags"))
    if loaded.problem:
        print(f"el-grande: {loaded.problem}", file=sys.stderr)
        return 1
    return 0


# --- saved games: resume, load, replay, export (el_grande/commands.py) ---------------------

from el_grande.commands import SAVED_GAME_COMMANDS  # noqa: E402

for _name, (_help, _about, _configure, _run) in SAVED_GAME_COMMANDS.items():
    command(_name, _help, _configure, _about)(_run)

# --- simulate (el_grande/sim.py: imported only when it runs) ---------------------------------


def _configure_simulate(p: argparse.ArgumentParser) -> None:
    from el_grande import sim  # start-up: the bots and rich, only for `simulate`

    p.description = sim.__doc__  # what the fields of its report mean
    from argparse import RawDescriptionHelpFormatter  # (argparse: imported already)

    p.formatter_class = RawDescriptionHelpFormatter
    sim.add_arguments(p)


@command(
    "simulate",
    "play bot games headlessly: wins, mean scores, games/s",
    _configure_simulate,
)
def _run_simulate(args: argparse.Namespace) -> int:
    from el_grande.sim import main_from_namespace  # start-up: only for `simulate`

    return main_from_namespace(args)


# --- tournament (el_grande/tournament: imported only when it runs) ---------------------------


def _configure_tournament(p: argparse.ArgumentParser) -> None:
    from el_grande.tournament import command  # start-up: only for `tournament`

    command.configure(p)


@command(
    "tournament",
    "bots against bots, paired and rotated, kept in an SQLite file: resumable, intervals, ratings",
    _configure_tournament,
)
def _run_tournament(args: argparse.Namespace) -> int:
    from el_grande.tournament.command import run  # start-up: only for `tournament`

    return run(args)


# --- review (el_grande/review_report.py: imported only when it runs) -------------------------


def _configure_review(p: argparse.ArgumentParser) -> None:
    from el_grande import review_report

    review_report.configure(p)


@command(
    "review",
    "the Hard player's review of a finished game, as Markdown",
    _configure_review,
    description="Review a finished game's save file: every decision of the people at the table "
    "(--seat NAME: one player; --all: the computer players too), judged by the Hard player "
    "from that player's own view at that moment. Prints Markdown (-o FILE writes it): the "
    "summary, the five biggest mistakes, round by round, and the expected score and margin "
    "decision by decision. The same file gives the same review. docs/bots.md says how.",
)
def _run_review(args: argparse.Namespace) -> int:
    from el_grande.review_report import run

    return run(args)


# --- stats (el_grande/stats_cli.py: imported only when it runs) -----------------------------


def _configure_stats(p: argparse.ArgumentParser) -> None:
    from el_grande import stats_cli

    stats_cli.configure(p)


@command(
    "stats",
    "every recorded game's statistics: records, head to head, ratings",
    _configure_stats,
    description="What the games database (games.sqlite in the data folder) says: without NAME "
    "everybody's record and rating; NAME's record by number of players, by opponents and over "
    "time; --vs OTHER head to head. --json or --csv for other programs. --rename, --forget "
    "and --delete-game change the records (asked first); --import records finished saves. "
    "docs/stats.md says how ratings are worked out.",
)
def _run_stats(args: argparse.Namespace) -> int:
    from el_grande.stats_cli import run

    return run(args)


# --- host, join, watch: play across screens (el_grande/net_cli.py: imported when it runs) ---


def _configure_host(p: argparse.ArgumentParser) -> None:
    from el_grande import net_cli

    _configure_play(p)
    for action in p._actions:  # with --resume the saved game has its players
        if action.dest == "players":
            action.required = False
    net_cli.configure_host(p)


@command(
    "host",
    "host a game for screens across the network: join codes per seat, a watch code",
    _configure_host,
    description="Host a game that the other players join from their own terminals "
    "(el-grande join HOST, each with their seat's code) and others watch (el-grande watch "
    "HOST, the watch code). The same options as play; the game is autosaved and its codes "
    "kept beside the save (--resume GAME hosts it again with the same codes). --here SEAT "
    "plays a seat in this terminal. Listens on 127.0.0.1 unless --bind says otherwise: "
    "beyond this machine, give --cert and --key. docs/protocol.md says how it works.",
)
def _run_host(args: argparse.Namespace) -> int:
    from el_grande.net_cli import run_host

    if args.resume is not None:
        if args.players:
            raise _usage_error("--resume hosts a saved game: its players are its own")
        return run_host(args, None)
    if not args.players:
        raise _usage_error("--players is needed (or --resume GAME)")
    return run_host(args, setup_from_args(args))


def _configure_join(p: argparse.ArgumentParser) -> None:
    from el_grande import net_cli

    net_cli.configure_join(p)


def _run_join(args: argparse.Namespace) -> int:
    from el_grande.net_cli import run_join

    return run_join(args)


_CODE_NOTE = (
    " The code is read from EL_GRANDE_CODE, or asked without echo: never give it on the "
    "command line."
)
command(
    "join",
    "play a seat of a hosted game: el-grande join HOST[:PORT], then the seat's code",
    _configure_join,
    description="Play your seat at a game hosted by el-grande host on another terminal or "
    "machine." + _CODE_NOTE,
)(_run_join)
command(
    "watch",
    "watch a hosted game: el-grande watch HOST[:PORT], then the watch code",
    _configure_join,
    description="Watch a game hosted by el-grande host: the board, the log and the "
    "scorings, nobody's secrets." + _CODE_NOTE,
)(_run_join)


def _configure_serve(p: argparse.ArgumentParser) -> None:
    from el_grande import serve_cli

    serve_cli.configure(p)


@command(
    "serve",
    "play a hosted game's seats from a browser: el-grande serve HOST[:PORT]",
    _configure_serve,
    description="Serve the join client as a web page (textual-serve, pip install "
    "'el-grande[web]'): each browser tab runs its own client and asks for its seat's code "
    "(or the watch code) on its screen; the code is the only access control. Serves on "
    "127.0.0.1:8000 unless --bind and --port say otherwise: beyond this machine, put it "
    "behind a TLS proxy and give --public-url.",
)
def _run_serve(args: argparse.Namespace) -> int:
    from el_grande.serve_cli import run

    return run(args)


# --- entry ---------------------------------------------------------------------------------


_LANG_HELP = (
    "the language to play in: ko (Korean) or en (English); default: the settings file, "
    "else the locale (LC_ALL, LC_MESSAGES, LANG), else English"
)


def build_parser() -> argparse.ArgumentParser:
    """The parser of `el-grande`'s arguments (`el_grande.arguments`, argparse: imported only
    when there are arguments to read)."""
    from el_grande.arguments import build

    return build(
        COMMANDS.values(),
        description="El Grande for the terminal: 2-5 players at one keyboard (hot-seat). "
        "Without a command, the title screen opens.",
        epilog="example: el-grande play --players Ana,Ben,Cy --bots Ben=greedy,Cy=strong",
        lang_help=_LANG_HELP,
    )


def quick_parse(argv: list[str]) -> Arguments | None:
    """`build_parser().parse_args(argv)` for a plain command line of a command that opens the
    app (its options given once each, every value valid), read without argparse; None for
    any other line (`el_grande.plain_args.quick`)."""
    from el_grande.plain_args import quick

    return quick(argv, [COMMANDS[name] for name in APP_COMMANDS], _LANG_HELP)


def choose_language(cli: str | None, settings: str | None = None) -> str:
    """Switch to the language to play in (`el_grande.text.resolve_language`) and return it.

    `settings`: the settings file's `language`, when there is one."""
    return use(resolve_language(cli, settings, os.environ)).lang


def _settings_language() -> str | None:
    """The settings file's `language` (None: not set, or the file cannot be used)."""
    from el_grande import settings  # start-up: not with --lang (`--lang en simulate`)

    return settings.load().settings.language


def main(argv: list[str] | None = None) -> int:
    """Run `el-grande` with `argv` (default: the process arguments); returns the exit code."""
    if argv is None:
        argv = sys.argv[1:]
    # `el-grande` alone (the title screen) has nothing to parse: building the parser and its
    # fifteen subcommands costs about 2 ms of the title's start-up; a plain command line of a
    # command that opens the app is read without argparse (`el_grande.plain_args.quick`).
    args = (quick_parse(argv) or build_parser().parse_args(argv)) if argv else None
    lang = args.lang if args is not None else None
    command = args.command if args is not None else None
    # Before any screen or sentence is made: --lang, else the settings file's `language`,
    # else the locale. (The commands load the settings again, in that language, to report a
    # problem with the file.)
    choose_language(lang, None if lang else _settings_language())
    if command not in (None, *APP_COMMANDS):
        startup.release()  # no app, no first frame to wait for
    if args is None or command is None:
        if (refused := _refused_without_terminal()) is not None:
            return refused
        # start-up: the app (Textual) only for the commands that open it
        from el_grande.app.app import ElGrandeApp
        from el_grande.settings import load_and_report

        app = ElGrandeApp(settings=load_and_report())
        app.run()
        return app.exit_report()
    return COMMANDS[command].run(args)
