"""The sub-commands for saved games: ``resume``, ``load``, ``replay``, ``export``.

Each has a ``configure_<name>(parser)`` for its arguments and a ``run_<name>(args)`` that
returns the exit code; `el_grande.cli` registers them. A bad save file is one sentence on
stderr and exit code 1 — never a traceback. The save files are `el_grande.persist`'s; the
screens are the app's, opened here directly (persist itself never imports the app).

Every run of `el-grande` imports this module (`el_grande.cli` registers the commands): the
save files (pydantic) and the app (Textual) are imported by the commands that use them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from el_grande.names import printable
from el_grande.persist.errors import SaveFileError
from el_grande.text import t

if TYPE_CHECKING:
    import argparse

    from el_grande.persist.model import SaveFile

EXIT_BAD_FILE = 1
EXIT_USAGE = 2


def _fail(message: str) -> int:
    print(f"el-grande: {message}", file=sys.stderr)
    return EXIT_BAD_FILE


def _launch(save: SaveFile, reseat: dict[int, str] | None = None) -> int:
    """Open the app on a loaded game (its lock taken first: nothing opens if another window
    has it); `reseat`: the seats that change hands as it opens (`--bots`, `--human`)."""
    from el_grande.app.process import refused_without_terminal

    # Without a terminal nothing opens: the game is neither locked nor written (taking it
    # saves it, which would make it the latest to resume).
    if (refused := refused_without_terminal()) is not None:
        return refused
    # start-up: the app (Textual) only for the commands that open it
    from el_grande.app.app import ElGrandeApp
    from el_grande.settings import load_and_report

    app = ElGrandeApp(saved=save, settings=load_and_report(), reseat=reseat)
    try:
        app.take_saved()  # GameLockedError if opened elsewhere a moment ago
    except SaveFileError as exc:
        return _fail(str(exc))
    app.run()
    return app.exit_report()


# ------------------------------------------------------------------ seats change hands


def seat_options(p: argparse.ArgumentParser) -> None:
    """`--bots` and `--human` for `resume` and `load`: seats change hands as the game opens."""
    p.add_argument(
        "--bots",
        action="append",
        metavar="NAME=LEVEL,...",
        help="give these players' seats to computer players from the next decision on, e.g. "
        "Ben=greedy (a comma list, or the flag again; levels: random, greedy, strong)",
    )
    p.add_argument(
        "--human",
        action="append",
        metavar="NAME,...",
        help="a person plays these players' seats again from the next decision on (a comma "
        "list, or the flag again)",
    )


def seat_changes(args: argparse.Namespace, names: list[str]) -> dict[int, str]:
    """The seats `--bots` and `--human` give to someone else: {seat: kind}. Raises ValueError
    with one sentence (a name nobody has, a level the registry does not know, a seat named
    twice)."""
    from el_grande.names import key, normalise  # start-up: only with these flags
    from el_grande.setup import SeatKind, bot_kind, parse_bots

    bots = getattr(args, "bots", None) or []
    humans = getattr(args, "human", None) or []
    levels = parse_bots(",".join(bots), names) if bots else {}
    out = {seat: bot_kind(lv) for seat, lv in levels.items()}
    by_name = {key(n): i for i, n in enumerate(names)}
    for item in (normalise(x) for text in humans for x in text.split(",")):
        if not item:
            continue
        seat = by_name.get(key(item))
        if seat is None:
            raise ValueError(
                t(
                    "cli.no_such_player",
                    flag="--human",
                    name=printable(repr(item)),
                    names=printable(", ".join(names)),
                )
            )
        if seat in out:
            raise ValueError(t("cli.twice", flag="--human", name=printable(names[seat])))
        out[seat] = SeatKind.HUMAN
    return out


#: The resume options that open no game: seats cannot change hands with them.
_NO_SEATS = "--list, --delete, --name, --trash, --restore"


def _seat_flag(args: argparse.Namespace) -> str:
    return "--bots" if args.bots else "--human"


def _usage(message: str) -> int:
    print(f"el-grande: {message}", file=sys.stderr)
    return EXIT_USAGE


def _reseating(args: argparse.Namespace, save: SaveFile) -> dict[int, str] | None:
    """The seats to change as the game opens, or None after saying why not (nothing changed)."""
    try:
        changes = seat_changes(args, list(save.names))
    except ValueError as exc:
        _usage(str(exc))
        return None
    if changes and save.finished:
        _usage(t("seats.over"))
        return None
    return changes


def _refuse_if_open(save: SaveFile) -> None:
    """GameLockedError if another window has this game open, CannotLockError if its lock
    cannot be taken (before any screen is built)."""
    from el_grande.persist.store import check_openable  # start-up: pydantic

    check_openable(save)


# ------------------------------------------------------------------ resume


def configure_resume(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", help="number from --list, or the game id (or its start)")
    p.add_argument(
        "--list", action="store_true", help="list the saved games (unfinished, then finished)"
    )
    p.add_argument(
        "--delete",
        metavar="GAME",
        help="move a saved game to the trash (number from --list, or the game id); asks first",
    )
    p.add_argument("--yes", action="store_true", help="with --delete: do not ask")
    p.add_argument(
        "--trash", action="store_true", help="list the deleted games waiting in the trash"
    )
    p.add_argument(
        "--restore",
        metavar="GAME",
        help="bring a deleted game back from the trash (number from --trash, or the game id)",
    )
    p.add_argument(
        "--name",
        nargs=2,
        metavar=("GAME", "NAME"),
        help="give a saved game a name (an empty NAME takes it off)",
    )
    seat_options(p)


def run_resume(args: argparse.Namespace) -> int:
    from el_grande.persist.store import (  # start-up: pydantic, only for the saves' commands
        find_save,
        load_game,
        saves_dir,
        scan_saves,
        shown_path,
    )

    managing = args.list or args.delete is not None or args.name or args.trash
    if (args.bots or args.human) and (managing or args.restore is not None):
        return _usage(t("cli.seat_bad", flag=_seat_flag(args), others=_NO_SEATS))
    if args.list:
        return _list_saves()
    if args.delete is not None:
        return _delete_save(args.delete, ask=not args.yes)
    if args.name is not None:
        return _name_save(*args.name)
    if args.trash:
        return _list_trash()
    if args.restore is not None:
        return _restore_save(args.restore)
    try:
        if args.game:
            found = find_save(args.game)
        else:
            found_games, problems = scan_saves()
            for problem in problems:  # a save that does not load is said, never passed over
                print(f"el-grande: {t('resume.skipped_file', problem=problem)}", file=sys.stderr)
            games = [g for g in found_games if not g.file.finished]
            if not games:
                return _fail(f"no unfinished games in {shown_path(saves_dir())}.")
            found = games[0]
        save, game = load_game(found.path)  # read again, whole, and replayed
        _refuse_if_open(save)
    except SaveFileError as exc:
        return _fail(str(exc))
    reseat = _reseating(args, save)
    if reseat is None:
        return EXIT_USAGE
    return _launch(save, reseat) if reseat else _launch(save)


def _list_saves() -> int:
    """The resume list, numbered as `resume N` reads it: unfinished games, then finished."""
    from el_grande.persist.store import resume_list, saves_dir, shown_path  # start-up: pydantic

    games, problems = resume_list()
    if not any(not g.file.finished for g in games):
        print(t("resume.none", where=shown_path(saves_dir())))
    finished = False
    for i, g in enumerate(games, 1):
        if g.file.finished and not finished:
            finished = True
            print(f"{t('resume.finished_head')}:")
        print(f"{i:2}. {g.describe()}  [{printable(g.file.game_id)}]")
    for problem in problems:
        print(f"    {t('resume.skipped_file', problem=problem)}", file=sys.stderr)
    return 0


def _delete_save(key: str, *, ask: bool) -> int:
    # start-up: the saves (pydantic), only for these commands
    from el_grande.persist.manage import TRASH_DAYS, delete_save, trash_dir
    from el_grande.persist.store import find_save, shown_path

    try:
        found = find_save(key)
        if ask:
            if not sys.stdin.isatty():
                return _fail(t("manage.no_tty"))
            names = t("join.list").join(printable(n) for n in found.file.names)
            game = printable(found.file.game_id)
            answer = input(t("manage.confirm", game=game, names=names, days=TRASH_DAYS))
            if answer.strip().lower() not in ("y", "yes", "ㅛ"):
                print(t("manage.kept"))
                return 0
        delete_save(found)
    except SaveFileError as exc:
        return _fail(str(exc))
    except (EOFError, KeyboardInterrupt):
        print()
        print(t("manage.kept"))
        return 0
    where = shown_path(trash_dir())
    game = printable(found.file.game_id)
    print(t("manage.deleted", game=game, path=where, days=TRASH_DAYS))
    return 0


def _list_trash() -> int:
    """The trash, numbered as `resume --restore N` reads it: the latest deleted first."""
    from el_grande.persist.manage import TRASH_DAYS, trash_dir, trashed  # start-up: pydantic
    from el_grande.persist.store import shown_path

    games = trashed()
    where = shown_path(trash_dir())
    if not games:
        print(t("manage.trash_none", path=where))
        return 0
    print(t("manage.trash_head", path=where, days=TRASH_DAYS))
    for i, g in enumerate(games, 1):
        print(f"{i:2}. {g.describe()}  [{printable(g.file.game_id)}]")
    return 0


def _restore_save(key: str) -> int:
    # start-up: the saves (pydantic), only for these commands
    from el_grande.persist.manage import find_trashed, restore_save

    try:
        found = find_trashed(key)
        restored = restore_save(found)
    except SaveFileError as exc:
        return _fail(str(exc))
    game, old = printable(restored.file.game_id), printable(found.file.game_id)
    print(
        t("manage.restored", game=game)
        if game == old
        else t("manage.restored_as", game=game, old=old)
    )
    return 0


def _name_save(key: str, name: str) -> int:
    # start-up: the saves (pydantic), only for these commands
    from el_grande.persist.manage import rename_save
    from el_grande.persist.store import find_save

    try:
        renamed = rename_save(find_save(key), name)
    except SaveFileError as exc:
        return _fail(str(exc))
    if renamed.file.name:
        print(t("manage.named", name=printable(renamed.file.name)))
    else:
        print(t("manage.unnamed"))
    return 0


# ------------------------------------------------------------------ load


def file_arg(text: str) -> Path:
    """A file named on the command line (argparse's `type`): an empty name is a usage error,
    not the current directory."""
    from argparse import ArgumentTypeError  # (argparse: imported already, it calls this)

    if not text:
        raise ArgumentTypeError(t("cli.empty_name"))
    return Path(text)


def configure_load(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=file_arg)
    p.add_argument("--check", action="store_true", help="only check the file, then exit")
    seat_options(p)


def run_load(args: argparse.Namespace) -> int:
    from el_grande.persist.store import load_game  # start-up: pydantic

    if args.check and (args.bots or args.human):
        return _usage(t("cli.seat_bad", flag=_seat_flag(args), others="--check"))
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
    reseat = _reseating(args, save)
    if reseat is None:
        return EXIT_USAGE
    return _launch(save, reseat) if reseat else _launch(save)


# ------------------------------------------------------------------ replay


def configure_replay(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=file_arg)


def run_replay(args: argparse.Namespace) -> int:
    from el_grande.persist.store import load_game, record_of  # start-up: pydantic

    try:
        save, game = load_game(args.file)
    except SaveFileError as exc:
        return _fail(str(exc))
    from el_grande.app.process import refused_without_terminal

    if (refused := refused_without_terminal()) is not None:
        return refused
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
    from el_grande.persist.export import export_format, export_text, write_export
    from el_grande.persist.store import load_game, record_of

    output: Path | None = args.output
    if output is not None and str(output) == "-":
        output = None  # `-o -`: standard output
    try:
        save, game = load_game(args.file)
        if output is None:
            fmt = export_format(None, args.format)
            text = export_text(record_of(save), fmt, reveal=game.over, hands=save.seat_hands)
            sys.stdout.write(text)
        else:
            write_export(
                record_of(save),
                output,
                args.format,
                reveal=game.over,
                source=args.file,
                hands=save.seat_hands,
            )
    except SaveFileError as exc:
        return _fail(str(exc))
    return 0


#: name: (help, description, configure, run) — the registry in `el_grande.cli` reads this.
SAVED_GAME_COMMANDS: dict[
    str,
    tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]],
] = {
    "resume": (
        "resume an unfinished game (the latest, or one by number or id)",
        "Resume an autosaved game. Without GAME, the most recently saved unfinished game is "
        "resumed; --list shows them all (the finished ones last), --name names one, --delete "
        "moves one to the trash (kept 30 days).",
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
