"""The sub-commands for saved games: ``resume``, ``load``, ``replay``, ``export``.

Each has a ``configure_<name>(parser)`` for its arguments and a ``run_<name>(args)`` that
returns the exit code; `el_grande.cli` registers them. A bad save file is one sentence on
stderr and exit code 1 — never a traceback. The save files are `el_grande.persist`'s; the
screens are the app's, opened here directly (persist itself never imports the app).

Every run of `el-grande` imports this module (`el_grande.cli` registers the commands): the
save files (pydantic) and the app (Textual) are imported by the commands that use them.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from el_grande.atomic import atomic_write_text
from el_grande.names import fit, printable
from el_grande.persist.errors import SaveFileError
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.persist.model import SaveFile

EXIT_BAD_FILE = 1


def _fail(message: str) -> int:
    print(f"el-grande: {message}", file=sys.stderr)
    return EXIT_BAD_FILE


def _launch(save: SaveFile) -> int:
    """Open the app on a loaded game (its lock taken first: nothing opens if another window
    has it)."""
    # start-up: the app (Textual) only for the commands that open it
    from el_grande.app.app import ElGrandeApp, stdin_is_a_terminal
    from el_grande.settings import load_and_report

    app = ElGrandeApp(saved=save, settings=load_and_report())
    # Without a terminal, `run` says so and opens nothing: the game is neither locked nor
    # written (taking it saves it, which would make it the latest to resume).
    if stdin_is_a_terminal():
        try:
            app.take_saved()  # GameLockedError if opened elsewhere a moment ago
        except SaveFileError as exc:
            return _fail(str(exc))
    app.run()
    return app.exit_report()


def _refuse_if_open(save: SaveFile) -> None:
    """GameLockedError if another window has this game open, CannotLockError if its lock
    cannot be taken (before any screen is built)."""
    from el_grande.persist.store import check_openable  # start-up: pydantic

    check_openable(save)


# ------------------------------------------------------------------ resume


def configure_resume(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", help="number from --list, or the game id (or its start)")
    p.add_argument("--list", action="store_true", help="list unfinished games and exit")


def run_resume(args: argparse.Namespace) -> int:
    from el_grande.persist.store import (  # start-up: pydantic, only for the saves' commands
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
            print(t("resume.none", where=shown_path(saves_dir())))
        for i, g in enumerate(games, 1):
            print(f"{i:2}. {g.describe()}  [{printable(g.file.game_id)}]")
        for problem in problems:
            print(f"    {t('resume.skipped_file', problem=problem)}", file=sys.stderr)
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
    return _launch(save)


# ------------------------------------------------------------------ load


def file_arg(text: str) -> Path:
    """A file named on the command line (argparse's `type`): an empty name is a usage error,
    not the current directory."""
    if not text:
        raise argparse.ArgumentTypeError(t("cli.empty_name"))
    return Path(text)


def configure_load(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=file_arg)
    p.add_argument("--check", action="store_true", help="only check the file, then exit")


def run_load(args: argparse.Namespace) -> int:
    from el_grande.persist.store import load_game  # start-up: pydantic

    try:
        save, game = load_game(args.file)
        if not args.check:
            _refuse_if_open(save)
    except SaveFileError as exc:
        return _fail(str(exc))
    if args.check:
        key = "check.finished" if game.over else "check.unfinished"
        print(t(key, path=printable(str(args.file)), count=len(save.choices)))
        return 0
    return _launch(save)


# ------------------------------------------------------------------ replay


def configure_replay(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=file_arg)


def run_replay(args: argparse.Namespace) -> int:
    from el_grande.persist.store import load_game, record_of  # start-up: pydantic

    try:
        save, game = load_game(args.file)
    except SaveFileError as exc:
        return _fail(str(exc))
    # start-up: the app (Textual) once the file is known to be good
    from el_grande.app.app import ElGrandeApp, ReplayRequest
    from el_grande.persist.autosave import setups_of
    from el_grande.settings import load_and_report

    # A running game's autosave shows what the table has seen; a finished game, everything.
    title = printable(str(args.file))
    request = ReplayRequest(record_of(save), setups_of(save), title, reveal=game.over)
    app = ElGrandeApp(replay=request, settings=load_and_report())
    app.run()
    return app.exit_report()


# ------------------------------------------------------------------ export


def configure_export(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=file_arg)
    p.add_argument(
        "--format",
        choices=["text", "md"],
        default=None,
        help="text (default) or md; guessed from OUT's suffix when not given",
    )
    p.add_argument(
        "-o",
        "--output",
        type=file_arg,
        metavar="OUT",
        help="write here instead of standard output (- is standard output); a symbolic link "
        "is written through to the regular file it names",
    )


def run_export(args: argparse.Namespace) -> int:
    # start-up: the narrator, the rules core and the saves (pydantic), only for `export`
    from el_grande.persist.export import export_text
    from el_grande.persist.store import load_game, record_of

    output: Path | None = args.output
    if output is not None and str(output) == "-":
        output = None  # `-o -`: standard output
    fmt = args.format or (
        "md" if output and output.suffix.lower() in (".md", ".markdown") else "text"
    )
    try:
        save, game = load_game(args.file)
    except SaveFileError as exc:
        return _fail(str(exc))
    target = None
    if output is not None:
        target, problem = export_target(output, args.file)
        if problem is not None:
            return _fail(problem)
    text = export_text(record_of(save), fmt, reveal=game.over)
    if target is None:
        sys.stdout.write(text)
        return 0
    try:
        atomic_write_text(target, text)
    except (OSError, ValueError) as exc:
        shown = fit(printable(str(output)), 200)
        return _fail(t("cli.cannot_write", path=shown, why=_why(exc)))
    return 0


def export_target(output: Path, save_file: Path) -> tuple[Path | None, str | None]:
    """Where `export -o OUTPUT` writes: (the regular file to replace, None), or (None, why
    not). A symbolic link is followed to the regular file it names; a link to nothing, a
    device, a FIFO, a directory or anything else that is not a regular file is refused, and
    so is the save file itself. Never raises: a name too long, a folder that cannot be
    searched or a NUL in the name is a sentence too."""
    shown = fit(printable(str(output)), 200)
    try:
        target = output
        if output.is_symlink():
            target = Path(os.path.realpath(output))
            if not os.path.lexists(target):
                return None, t("cli.export_dangling", path=shown)
        if os.path.lexists(target):
            mode = os.stat(target).st_mode
            if not stat.S_ISREG(mode):
                return None, t("cli.export_not_file", path=shown)
        if _same_file(target, save_file):
            return None, t("cli.export_over_save", path=shown)
    except (OSError, ValueError) as exc:
        return None, t("cli.cannot_write", path=shown, why=_why(exc))
    return target, None


def _why(exc: OSError | ValueError) -> str:
    """What went wrong, as the end of a sentence (the OS's words: "File name too long")."""
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return printable(why.rstrip("."))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one of them does not exist (or cannot be looked at)
        return os.path.realpath(a) == os.path.realpath(b)


#: name: (help, description, configure, run) — the registry in `el_grande.cli` reads this.
SAVED_GAME_COMMANDS: dict[
    str,
    tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]],
] = {
    "resume": (
        "resume an unfinished game (the latest, or one by number or id)",
        "Resume an autosaved game. Without GAME, the most recently saved unfinished game is "
        "resumed; --list shows them all.",
        configure_resume,
        run_resume,
    ),
    "load": (
        "continue a game from a save file",
        "Load a save file, check every choice in it against the rules and continue the game. "
        "The file itself is never written; play continues to be autosaved in the data "
        "directory.",
        configure_load,
        run_load,
    ),
    "replay": (
        "step through a saved game, forwards and backwards",
        "Open the replay viewer on a save file: ←/→ one decision, PgUp/PgDn one round, "
        "Home/End, q to leave. A finished game shows every secret; an unfinished one only "
        "what the table has seen.",
        configure_replay,
        run_replay,
    ),
    "export": (
        "write the event log of a saved game as text or Markdown",
        "Replay a save file and write its event log, one sentence per event.",
        configure_export,
        run_export,
    ),
}
