"""`el-grande tournament`: paired seeds, rotated seats, every game written to an SQLite file
as it ends, a killed run resumed, and a report with intervals and ratings.

    el-grande tournament --db t.sqlite --players 4 --games 400 --seed 1 \\
        --entrants strong:0.1s,strong:0.1s@b6d --frozen b6d=el_grande-0.2.0.dev0-py3-none-any.whl
    el-grande tournament --db t.sqlite --resume --jobs 2      # a killed run goes on
    el-grande tournament --db t.sqlite --report [--json]      # at any time, even while it runs
    el-grande tournament --db t.sqlite ... --backend dask --scheduler tcp://10.0.0.5:8786

An entrant is LEVEL (random, greedy), LEVEL:N (strong: N play-outs a decision: the same
games on any machine), LEVEL:Xs (strong: X seconds of the thread's CPU time a decision) or
any of these @NAME: the frozen version NAME (--frozen NAME=WHEEL: a wheel of an earlier El
Grande, installed once into its own virtual environment in the cache). --entrants gives one
a seat, or fewer: the last fills the remaining seats. Game g is deal g // players (seed S +
deal) in rotation g % players: every deal is played with the lineup turned through every
seat. The same command, or --resume, goes on with a stopped or killed run; a different plan
is refused. docs/bots.md, "Tournaments", says what the numbers mean.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from el_grande.names import fit, printable
from el_grande.persist import games as store
from el_grande.tournament.frozen import (
    TIMEOUT,
    FrozenFailed,
    client_for,
    install,
    installed,
    kept_wheel,
    stop_all,
    wheel_sha,
)
from el_grande.tournament.match import Frozen
from el_grande.tournament.plan import (
    VERSION_NAME,
    Plan,
    check_level,
    parse_lineup,
)
from el_grande.tournament.report import NoTournament, print_report, read_plan, recorded, report
from el_grande.workers import MAX_SEED, Stop, max_jobs

__all__ = ["configure", "main", "run"]

#: The flags that make a plan (the rest say how and where it is played).
PLAN_FLAGS = ("entrants", "players", "games", "seed", "rounds", "veto", "castillo", "frozen")


class Refused(Exception):
    """One sentence for the person, and the exit status (2: usage, 1: a file or a run)."""

    def __init__(self, sentence: str, status: int = 2) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.status = status


def _shown(path: Path | str) -> str:
    return fit(printable(str(path)), 200)


def configure(p: argparse.ArgumentParser) -> None:
    """The command's flags."""
    p.description = __doc__
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.add_argument("--db", required=True, metavar="FILE", help="the tournament's SQLite file")
    p.add_argument(
        "--entrants",
        metavar="SPECS",
        help="comma-separated entrants, one a seat (the last fills the rest): random, greedy, "
        "strong:200 (play-outs a decision), strong:0.1s (CPU seconds a decision), and any of "
        "them @NAME for a frozen version",
    )
    p.add_argument("--players", "-n", type=int, help="2-5 (default: one a seat of --entrants)")
    p.add_argument(
        "--games",
        "-g",
        type=int,
        help="games to play: a multiple of --players (every deal in each rotation)",
    )
    p.add_argument("--seed", "-s", type=int, help=f"seed of the first deal (0 to {MAX_SEED}; 0)")
    p.add_argument("--rounds", type=int, choices=(9, 6), help="9 (default) or 6")
    p.add_argument("--no-veto", dest="veto", action="store_const", const=False, help="no Veto")
    p.add_argument("--castillo", choices=("open", "hidden"), help="open (default) or hidden")
    p.add_argument(
        "--frozen",
        action="append",
        metavar="NAME=WHEEL",
        help="a frozen earlier version: a wheel of El Grande (pip wheel --no-deps), installed "
        "once into its own virtual environment in the cache (--cache); entrants name it @NAME",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        help=f"processes on this machine (1 to {max_jobs()}; default 1)",
    )
    p.add_argument(
        "--backend",
        choices=("local", "dask"),
        default="local",
        help="local (default: --jobs processes) or dask (a Dask cluster: --scheduler; pip "
        "install 'el-grande[cluster]')",
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="the Dask scheduler, tcp://HOST:8786")
    p.add_argument(
        "--resume", action="store_true", help="go on with the file's tournament (its own plan)"
    )
    p.add_argument(
        "--report", action="store_true", help="print the file's report now and play nothing"
    )
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    p.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar (there is one only on a terminal)",
    )
    p.add_argument(
        "--cache",
        metavar="DIR",
        type=Path,
        help="where frozen versions are installed (default: $EL_GRANDE_CACHE, else the user's "
        "cache folder, ~/.cache/el-grande on Linux; under frozen/)",
    )
    p.add_argument(
        "--answer-timeout",
        type=float,
        default=TIMEOUT,
        metavar="SECONDS",
        help=f"how long a frozen version may take to answer, beyond its budget in seconds "
        f"(default {TIMEOUT:g}): longer, and the game is void",
    )


def main(args: list[str] | None = None) -> int:
    """`python -m el_grande.tournament.command ARGS` (the same as `el-grande tournament`)."""
    parser = argparse.ArgumentParser(prog="el-grande tournament")
    configure(parser)
    return run(parser.parse_args(args))


def run(ns: argparse.Namespace) -> int:
    """Run `el-grande tournament` with its parsed flags; the exit status."""
    err = Console(stderr=True)

    def say(sentence: str) -> None:
        # The sentence may quote what was typed or a file's name: text, never markup.
        err.print(
            f"el-grande tournament: {sentence}",
            style="red",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )

    try:
        if ns.report:
            return _report(ns)
        return _play(ns, err, say)
    except Refused as exc:
        say(exc.sentence)
        return exc.status


# --------------------------------------------------------------------------- the file


def file_sentence(exc: store.GamesUnavailable) -> str:
    """The one sentence for a tournament's file that cannot be used (`GamesUnavailable`)."""
    facts = exc.facts
    where = str(facts.get("path", "the file"))
    sentences = {
        "locked": f"{where} is in use by another program (locked): nothing was changed; run "
        "again once it is free",
        "read_only": f"{where} cannot be written (read-only): nothing was changed",
        "corrupt": f"{where} is not a tournament database El Grande can read (damaged, or "
        "another kind of file): it is left as it is",
        "newer": f"{where} was written by a newer version of El Grande (its version "
        f"{facts.get('version')}, this one knows {facts.get('known')}): it is left as it is; "
        "please update El Grande",
        "not_own": f"{where} is {facts.get('kind')}, not a tournament database: it is never "
        "followed or written",
        "full": f"the disk is full: {where} cannot grow; the games recorded are kept, and the "
        "same command goes on once there is room",
    }
    return sentences.get(
        exc.why, f"{where} cannot be used: {facts.get('reason', exc.sentence)}; nothing was changed"
    )


def _open(path: Path, *, write: bool) -> Any:
    try:
        return store.open_database(path, write=write, busy_ms=store.BUSY_MS)
    except store.GamesUnavailable as exc:
        raise Refused(file_sentence(exc), 1) from None


def _stored(path: Path) -> tuple[Plan, int] | None:
    """The tournament the file at `path` holds (None: no file yet, or no tournament in it),
    read without changing anything. Refused: a file that cannot be used, the app's games
    database, or a plan this El Grande cannot read."""
    if not path.exists() and not path.is_symlink():
        return None
    conn = _open(path, write=False)
    try:
        try:
            return read_plan(conn)
        except NoTournament:
            played = conn.execute("SELECT count(*) FROM games").fetchone()[0]
            if played:
                raise Refused(
                    f"{_shown(path)} is El Grande's games database ({played} games), not a "
                    "tournament's: give another --db"
                ) from None
            return None
        except ValueError as exc:
            raise _unreadable(path, exc) from None
    except sqlite3.Error as exc:
        raise Refused(file_sentence(store.unavailable(exc, _shown(path))), 1) from None
    finally:
        conn.close()


def _unreadable(path: Path, exc: ValueError) -> Refused:
    """A tournament file of a version or shape this El Grande cannot read."""
    return Refused(f"{_shown(path)} holds a tournament this El Grande cannot read ({exc})", 1)


def _report(ns: argparse.Namespace) -> int:
    given = [f"--{name}" for name in PLAN_FLAGS if getattr(ns, name) is not None]
    given += ["--resume"] if ns.resume else []
    if given:
        raise Refused(f"--report reads the file and plays nothing: it takes no {given[0]}")
    path = Path(ns.db)
    if not path.exists() and not path.is_symlink():
        raise Refused(f"{_shown(path)} does not exist: no tournament to report", 1)
    conn = _open(path, write=False)
    try:
        try:
            summary = report(conn)
        except NoTournament:
            raise Refused(f"{_shown(path)} holds no tournament", 1) from None
        except ValueError as exc:
            raise _unreadable(path, exc) from None
        except sqlite3.Error as exc:
            raise Refused(file_sentence(store.unavailable(exc, _shown(path))), 1) from None
    finally:
        conn.close()
    _print(summary, ns.json)
    return 0


def _print(summary: dict[str, Any], as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
        return
    console = Console()
    if not console.is_terminal:  # a file or a pipe: no terminal to wrap for
        console = Console(width=120)
    if summary["games_recorded"]:
        print_report(summary, console)
    else:
        console.print(f"No game of the {summary['games_planned']} planned is recorded yet.")


# --------------------------------------------------------------------------- the plan


def _frozen_flags(ns: argparse.Namespace) -> dict[str, Path]:
    """`--frozen NAME=WHEEL` → name → wheel (each a file)."""
    wheels: dict[str, Path] = {}
    for text in ns.frozen or []:
        name, eq, wheel = text.partition("=")
        if not eq or not VERSION_NAME.fullmatch(name) or not wheel:
            raise Refused(
                f"--frozen {fit(printable(repr(text)), 60)}: give NAME=WHEEL (a name of letters, "
                "digits, '.', '_' or '-', and the wheel's file)"
            )
        if name in wheels:
            raise Refused(f"--frozen {name} is given twice")
        path = Path(wheel)
        if not path.is_file():
            raise Refused(f"--frozen {name}: {_shown(path)} is not a file")
        wheels[name] = path
    return wheels


def _plan_from_flags(ns: argparse.Namespace, wheels: dict[str, Path]) -> Plan:
    if ns.entrants is None or ns.games is None:
        raise Refused(
            "a new tournament needs --entrants and --games (or --resume to go on with the file's)"
        )
    try:
        lineup = parse_lineup(ns.entrants, ns.players)
        named = {e.version for e in lineup if e.version is not None}
        unused = sorted(set(wheels) - named)
        if unused:
            raise ValueError(f"--frozen {unused[0]} is in no entrant (name it LEVEL@{unused[0]})")
        frozen = tuple(sorted((name, wheel_sha(wheels[name])) for name in named if name in wheels))
        return Plan(
            players=len(lineup),
            games=ns.games,
            seed=0 if ns.seed is None else ns.seed,
            lineup=lineup,
            rounds=9 if ns.rounds is None else ns.rounds,
            veto=True if ns.veto is None else ns.veto,
            castillo="open" if ns.castillo is None else ns.castillo,
            frozen=frozen,
        )
    except ValueError as exc:
        raise Refused(str(exc)) from None
    except OSError as exc:
        raise Refused(f"a wheel cannot be read: {exc.strerror}", 1) from None


def _difference(stored: dict[str, Any], given: dict[str, Any]) -> str | None:
    """The first field in which `given` differs from `stored`, as "games 10000 there, 5000
    here", or None."""
    for key, value in given.items():
        if stored.get(key) != value:
            there, here = stored.get(key), value
            if isinstance(there, list):
                there, here = ",".join(map(str, there)), ",".join(map(str, here))
            return fit(printable(f"{key} {there} there, {here} here"), 160)
    return None


def _given_fields(ns: argparse.Namespace, plan: Plan, wheels: dict[str, Path]) -> dict[str, Any]:
    """The plan's fields the flags give (with --resume: only those given)."""
    fields: dict[str, Any] = {}
    if ns.entrants is not None:
        try:
            lineup = parse_lineup(ns.entrants, ns.players or plan.players)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        fields["entrants"] = [e.spec for e in lineup]
    for name in ("players", "games", "seed", "rounds", "veto", "castillo"):
        if getattr(ns, name) is not None:
            fields[name] = getattr(ns, name)
    if wheels:
        fields["frozen"] = {
            **plan.versions(),
            **{name: wheel_sha(path) for name, path in wheels.items()},
        }
    return fields


def _effective(
    ns: argparse.Namespace, path: Path, wheels: dict[str, Path]
) -> tuple[Plan, int | None]:
    """The plan to play and the file's tournament id (None: a new one)."""
    stored = _stored(path)
    if stored is None:
        if ns.resume:
            raise Refused(f"{_shown(path)} holds no tournament to resume")
        return _plan_from_flags(ns, wheels), None
    plan, tournament = stored
    if ns.resume:
        given = _given_fields(ns, plan, wheels)
    else:
        if ns.entrants is None or ns.games is None:
            raise Refused(
                f"{_shown(path)} holds a tournament already: --resume goes on with it (or give "
                "its own flags)"
            )
        given = _plan_from_flags(ns, wheels).fields()
    different = _difference(plan.fields(), given)
    if different is not None:
        raise Refused(
            f"{_shown(path)} holds a tournament of another plan ({different}): give its own "
            "flags or --resume, or another --db"
        )
    return plan, tournament


# --------------------------------------------------------------------------- playing


def _check_run_flags(ns: argparse.Namespace) -> None:
    if not 1 <= ns.jobs <= max_jobs():
        raise Refused(
            f"--jobs must be between 1 and {max_jobs()} (four for each of the machine's "
            f"{max_jobs() // 4} cores)"
        )
    if ns.backend == "dask" and not ns.scheduler:
        raise Refused("--backend dask needs --scheduler ADDRESS (tcp://HOST:8786)")
    if ns.backend != "dask" and ns.scheduler:
        raise Refused("--scheduler is for --backend dask")
    if ns.backend == "dask" and ns.jobs != 1:
        raise Refused("--jobs is for the local backend: a Dask cluster has its own workers")
    if not 0 < ns.answer_timeout <= 86_400:
        raise Refused("--answer-timeout must be more than 0 and at most 86400 seconds")


def _frozen_ready(
    ns: argparse.Namespace, plan: Plan, wheels: dict[str, Path]
) -> tuple[Frozen, dict[str, tuple[str, str]], dict[str, bytes]]:
    """Every frozen version of the plan installed here and started once (its levels read
    and the entrants checked against them): where they are, and for a cluster their SHA-256
    and wheel's name, and the wheels' bytes."""
    from el_grande.persist.paths import cache_dir

    cache = ns.cache if ns.cache is not None else cache_dir()
    pythons: dict[str, str] = {}
    versions: dict[str, tuple[str, str]] = {}
    sent: dict[str, bytes] = {}
    for name, sha in plan.frozen:
        try:
            if name in wheels:
                python = install(cache, wheels[name], name=name)
            else:
                found = installed(cache, sha)
                if found is None:
                    raise Refused(
                        f"the frozen version {name} is not installed in {_shown(cache)}: give "
                        f"--frozen {name}=WHEEL"
                    )
                python = found
            hello = client_for(name, python, ns.answer_timeout).start()
        except FrozenFailed as exc:
            raise Refused(exc.sentence, 1) from None
        levels = {str(k): bool(v) for k, v in hello["levels"].items()}
        for entrant in plan.entrants():
            if entrant.version == name:
                try:
                    check_level(entrant, levels, f" of the frozen version {name}")
                except ValueError as exc:
                    raise Refused(str(exc)) from None
        pythons[name] = str(python)
        if ns.backend == "dask":
            wheel = kept_wheel(cache, sha)
            if wheel is None:
                raise Refused(f"the frozen version {name}'s wheel is not in {_shown(cache)}", 1)
            versions[name] = (sha, wheel.name)
            sent[name] = wheel.read_bytes()
    return Frozen(pythons, ns.answer_timeout), versions, sent


def _play(ns: argparse.Namespace, err: Console, say: Any) -> int:
    from el_grande import __version__

    _check_run_flags(ns)
    path = Path(ns.db)
    wheels = _frozen_flags(ns)
    plan, tournament = _effective(ns, path, wheels)
    frozen, versions, sent = _frozen_ready(ns, plan, wheels)
    if ns.backend != "local" or ns.jobs > 1:
        stop_all()  # (started to be checked: the workers start their own)
    conn = _open(path, write=True)
    try:
        try:
            if tournament is None:
                tournament = store.start_tournament(conn, plan.to_json(), __version__)
            done = recorded(conn, tournament)
        except store.GamesUnavailable as exc:
            raise Refused(file_sentence(exc), 1) from None
        todo = [index for index in range(plan.games) if index not in done]
        if done and todo:
            err.print(
                f"el-grande tournament: {len(done)} of {plan.games} games are recorded in "
                f"{_shown(path)}; playing the other {len(todo)}",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
        stopped, problem, code = _games(
            ns, err, conn, tournament, plan, todo, frozen, versions, sent
        )
        try:
            summary = report(conn)
        except sqlite3.Error as exc:
            raise Refused(file_sentence(store.unavailable(exc, _shown(path))), 1) from None
    finally:
        conn.close()
    _print(summary, ns.json)
    if problem is not None:
        say(problem)
        return 1
    if stopped:
        say(
            f"stopped with {summary['games_recorded']} of {plan.games} games recorded; the same "
            "command (or --resume) goes on"
        )
        return code
    return 0


def _games(
    ns: argparse.Namespace,
    err: Console,
    conn: Any,
    tournament: int,
    plan: Plan,
    todo: list[int],
    frozen: Frozen,
    versions: dict[str, tuple[str, str]],
    sent: dict[str, bytes],
) -> tuple[bool, str | None, int]:
    """Play `todo`, each game written as it comes: (stopped by a signal, the sentence of a
    run that could not go on, the exit status of a stop)."""
    from el_grande.tournament.run import RunProblem, run_dask, run_local

    progress: Any = None
    task: Any = None

    def record(game: store.TournamentGame) -> None:
        store.record_tournament_game(conn, tournament, game)
        if progress is not None:
            progress.advance(task)

    here = ns.backend == "local" and (ns.jobs <= 1 or len(todo) <= 1)
    problem: str | None = None
    # Ctrl-C (SIGINT) or SIGTERM: the games in flight are dropped, the recorded ones kept.
    with Stop(at_once=here) as stop:
        try:
            if ns.progress and err.is_terminal and todo:
                from el_grande.progress import progress_bar  # start-up: only on a terminal

                progress = progress_bar(err, "[bold]{task.description}", rate="games")
                progress.start()
                task = progress.add_task(
                    "tournament", total=plan.games, completed=plan.games - len(todo)
                )
            if ns.backend == "dask":
                run_dask(plan, todo, ns.scheduler, versions, sent, ns.answer_timeout, record, stop)
            else:
                run_local(plan, todo, ns.jobs, frozen, record, stop)
        except KeyboardInterrupt:
            pass
        except RunProblem as exc:
            problem = exc.sentence
        except store.GamesUnavailable as exc:
            problem = file_sentence(exc)
        finally:
            if progress is not None:
                progress.stop()
    return stop.signal is not None, problem, stop.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
