"""Sub-commands for saved games: ``resume``, ``load``, ``replay``, ``export``.

Each is an ``add_<name>_parser(subparsers)`` that registers the sub-command with its handler
in ``set_defaults(func=...)``; a handler takes the parsed args and returns the exit code.
A bad save file is one sentence on stderr and exit code 1 — never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from el_grande.names import printable
from el_grande.persist.errors import SaveFileError

if TYPE_CHECKING:
    from el_grande.core import Game
    from el_grande.persist.model import SaveFile

EXIT_BAD_FILE = 1

Launcher = Callable[["SaveFile", "Game"], int]
"""Starts the app on a loaded game (set by the app: `set_launcher`)."""

_launcher: Launcher | None = None


def set_launcher(fn: Launcher) -> None:
    """The app registers how to open a game screen on a loaded game (resume/load)."""
    global _launcher
    _launcher = fn


def _fail(message: str) -> int:
    print(f"el-grande: {message}", file=sys.stderr)
    return EXIT_BAD_FILE


def _launch(save: SaveFile, game: Game) -> int:
    if _launcher is None:
        try:
            from el_grande.persist.hooks import install

            install()
        except ImportError:  # a build without the app
            return _fail("the game screen is not available in this build.")
    if _launcher is None:
        return _fail("the game screen is not available in this build.")
    try:
        return _launcher(save, game)
    except SaveFileError as exc:  # e.g. GameLockedError: opened elsewhere a moment ago
        return _fail(str(exc))


def _refuse_if_open(save: SaveFile) -> None:
    """GameLockedError if another window has this game open (before any screen is built)."""
    from el_grande.persist.store import game_is_open, locked_error

    if game_is_open(save.game_id):
        raise locked_error(save)


# ------------------------------------------------------------------ resume


def add_resume_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "resume",
        help="resume an unfinished game (the latest, or one by number or id)",
        description="Resume an autosaved game. Without GAME, the most recently saved "
        "unfinished game is resumed; --list shows them all.",
    )
    p.add_argument("game", nargs="?", help="number from --list, or the game id (or its start)")
    p.add_argument("--list", action="store_true", help="list unfinished games and exit")
    p.set_defaults(func=run_resume)
    return p


def run_resume(args: argparse.Namespace) -> int:
    from el_grande.persist.store import (
        find_save,
        list_unfinished,
        load_game,
        saves_dir,
        scan_saves,
        shown_path,
    )

    if args.list:
        games, problems = scan_saves()
        games = [g for g in games if not g.file.finished]
        if not games:
            print(f"No unfinished games in {shown_path(saves_dir())}.")
        for i, g in enumerate(games, 1):
            print(f"{i:2}. {g.describe()}  [{printable(g.file.game_id)}]")
        for problem in problems:
            print(f"    (skipped: {problem})", file=sys.stderr)
        return 0
    try:
        if args.game:
            found = find_save(args.game)
        else:
            games = list_unfinished()
            if not games:
                return _fail(f"no unfinished games in {shown_path(saves_dir())}.")
            found = games[0]
        save, game = load_game(found.path)  # read again, whole, and replayed
        _refuse_if_open(save)
    except SaveFileError as exc:
        return _fail(str(exc))
    return _launch(save, game)


# ------------------------------------------------------------------ load


def add_load_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "load",
        help="continue a game from a save file",
        description="Load a save file, check every choice in it against the rules and "
        "continue the game. The file itself is never written; play continues to be "
        "autosaved in the data directory.",
    )
    p.add_argument("file", type=Path)
    p.add_argument("--check", action="store_true", help="only check the file, then exit")
    p.set_defaults(func=run_load)
    return p


def run_load(args: argparse.Namespace) -> int:
    from el_grande.persist.store import load_game

    try:
        save, game = load_game(args.file)
        if not args.check:
            _refuse_if_open(save)
    except SaveFileError as exc:
        return _fail(str(exc))
    if args.check:
        state = "finished" if game.over else "unfinished"
        print(f"{printable(str(args.file))}: a legal {state} game, {len(save.choices)} decisions.")
        return 0
    return _launch(save, game)


# ------------------------------------------------------------------ replay


def add_replay_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help="step through a saved game, forwards and backwards",
        description="Open the replay viewer on a save file: ←/→ one decision, "
        "PgUp/PgDn one round, Home/End, q to leave. A finished game shows every secret; "
        "an unfinished one only what the table has seen.",
    )
    p.add_argument("file", type=Path)
    p.set_defaults(func=run_replay)
    return p


def run_replay(args: argparse.Namespace) -> int:
    from el_grande.persist.store import load_game, record_of

    try:
        save, game = load_game(args.file)
    except SaveFileError as exc:
        return _fail(str(exc))
    from el_grande.persist.hooks import setups_of
    from el_grande.persist.replay_screen import ReplayApp

    # A running game's autosave shows what the table has seen; a finished game, everything.
    title = printable(str(args.file))
    ReplayApp(record_of(save), setups_of(save), title=title, reveal=game.over).run()
    return 0


# ------------------------------------------------------------------ export


def add_export_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "export",
        help="write the event log of a saved game as text or Markdown",
        description="Replay a save file and write its event log, one sentence per event.",
    )
    p.add_argument("file", type=Path)
    p.add_argument(
        "--format",
        choices=["text", "md"],
        default=None,
        help="text (default) or md; guessed from OUT's suffix when not given",
    )
    p.add_argument("-o", "--output", type=Path, help="write here instead of standard output")
    p.set_defaults(func=run_export)
    return p


def run_export(args: argparse.Namespace) -> int:
    from el_grande.persist.export import export_text
    from el_grande.persist.store import atomic_write_text, load_game, record_of

    fmt = args.format or (
        "md" if args.output and args.output.suffix.lower() in (".md", ".markdown") else "text"
    )
    try:
        save, game = load_game(args.file)
    except SaveFileError as exc:
        return _fail(str(exc))
    if args.output is not None:
        out = printable(str(args.output))
        if _same_file(args.output, args.file):
            return _fail(f"will not write the export over the save file {out}.")
        if args.output.exists() and not args.output.is_file():
            return _fail(
                f"will not write the export to {out}: it is not a regular file "
                "(leave out -o to print the export)."
            )
    text = export_text(record_of(save), fmt, reveal=game.over)
    if args.output is None:
        sys.stdout.write(text)
    else:
        try:
            atomic_write_text(args.output, text)
        except OSError as exc:
            reason = printable(exc.strerror or str(exc))
            return _fail(f"cannot write {printable(str(args.output))}: {reason}.")
    return 0


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (or cannot be looked at)
        return os.path.realpath(a) == os.path.realpath(b)


def register(command: Any) -> None:
    """Add the saved-game sub-commands to the app's registry (`el_grande.cli.command`)."""
    for name, (help_text, run) in {
        "resume": ("resume an unfinished game (the latest, or one by number or id)", run_resume),
        "load": ("continue a game from a save file", run_load),
        "replay": ("step through a saved game, forwards and backwards", run_replay),
        "export": ("write the event log of a saved game as text or Markdown", run_export),
    }.items():
        command(name, help_text, _configurer(name))(run)


def _configurer(name: str) -> Callable[[argparse.ArgumentParser], None]:
    """The arguments of sub-command `name`, for a parser made elsewhere."""
    adder = {
        "resume": add_resume_parser,
        "load": add_load_parser,
        "replay": add_replay_parser,
        "export": add_export_parser,
    }[name]

    def configure(parser: argparse.ArgumentParser) -> None:
        class _One:  # stands in for `subparsers`: hands back the parser we were given
            def add_parser(self, _name: str, **_kw: Any) -> argparse.ArgumentParser:
                return parser

        adder(_One())

    return configure


def add_all(subparsers: Any) -> None:
    """Register every saved-game sub-command."""
    add_resume_parser(subparsers)
    add_load_parser(subparsers)
    add_replay_parser(subparsers)
    add_export_parser(subparsers)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (``python -m el_grande.persist``) until the app's CLI wires these in."""
    parser = argparse.ArgumentParser(prog="el-grande")
    add_all(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
