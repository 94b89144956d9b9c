"""`el-grande host`, `el-grande join` and `el-grande watch`: play across screens.

`host` builds the game as `play` does (the same options; `el_grande.cli` turns them into a
`GameSetup`), autosaves it as the app does (`el_grande.persist.autosave`), writes its codes
beside the save (`el_grande.net.codes`, mode 0600), prints one join code per person's seat
and the watch code, and serves the table (`el_grande.net.server`) until the game is over and
every screen has left, or Ctrl-C. `--resume ID` opens a saved game again with its codes
(new ones if it was never hosted). `--here SEAT` plays that seat in this terminal (the
Textual `RemoteApp` over an in-process link, the server in the app's loop).

`join HOST[:PORT]` and `watch HOST[:PORT]` open the `RemoteApp` over a websocket
(`el_grande.net.client`). The code is read from `EL_GRANDE_CODE` or asked without echo, never
taken from the command line (where other users of the machine and the shell's history would
see it).

Everything heavy (the saves, the app, websockets) is imported when a command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import os
import signal
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from el_grande.names import printable
from el_grande.text import t

if TYPE_CHECKING:
    import ssl

    from el_grande.app.screens.host_desk import Code
    from el_grande.net.codes import Codes
    from el_grande.net.server import Server
    from el_grande.net.table import HostedTable, HostSettings
    from el_grande.net.table_clock import ClockKept, ClockRules
    from el_grande.persist.autosave import AutosaveListener
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup

__all__ = ["DEFAULT_PORT", "configure_host", "configure_join", "run_host", "run_join"]

#: The port `host` listens on and `join` / `watch` connect to unless told.
DEFAULT_PORT = 8765
#: After the game is over, the longest the table stays open for screens still on it (s).
LINGER = 600.0
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _fail(message: str, code: int = EXIT_FAILED) -> int:
    print(f"el-grande: {message}", file=sys.stderr)
    return code


# --- host ----------------------------------------------------------------------------------


def configure_host(p: argparse.ArgumentParser) -> None:
    """`host`'s own options (`el_grande.cli` adds the play command's first)."""
    p.add_argument(
        "--resume",
        metavar="GAME",
        default=None,
        help="host a saved game again (number from el-grande resume --list, or the game id) "
        "with the codes it had",
    )
    p.add_argument(
        "--here",
        metavar="SEAT[,SEAT...]",
        default=None,
        help="play this seat (its name or number) in this terminal; several, comma-separated: "
        "they share this keyboard, each seat's own screen behind a curtain",
    )
    p.add_argument(
        "--headless",
        action="store_true",
        help="no screen here: serve until the game is over or Ctrl-C (the default without --here)",
    )
    p.add_argument(
        "--bind",
        metavar="ADDR",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
        "network, better with --cert and --key)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"the port to listen on (default {DEFAULT_PORT}; 0: any free port)",
    )
    p.add_argument("--cert", type=Path, default=None, metavar="FILE", help="TLS certificate")
    p.add_argument("--key", type=Path, default=None, metavar="FILE", help="its private key")
    p.add_argument(
        "--gone-after",
        type=float,
        default=None,
        metavar="MIN",
        help="a person's seat whose screens are all gone this many minutes is played by a "
        "computer player (Medium) until they come back",
    )
    p.add_argument(
        "--confirm", action="store_true", help="confirm my turn: t ends it, u takes it back"
    )
    p.add_argument(
        "--clock",
        type=float,
        default=None,
        metavar="SECONDS",
        help="a table clock: so many seconds for each decision, then each player's reserve "
        "(off by default; a resumed table keeps its clock)",
    )
    p.add_argument(
        "--reserve",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with --clock: each player's reserve of seconds (default 120)",
    )
    p.add_argument(
        "--out",
        choices=("hard", "computer"),
        default=None,
        help="with --clock, out of time: hard (the Hard player decides that decision, the "
        "default) or computer (a computer player takes the seat until its player is back)",
    )


@dataclass
class _Hosted:
    """A game made ready to host: its session, autosave and codes."""

    session: GameSession
    listener: AutosaveListener
    codes: Codes
    game_id: str
    #: The table clock kept beside the save (`.GAME.clock`), if it had one.
    clock: ClockKept | None = None
    clock_problem: str | None = None

    @property
    def clock_file(self) -> Path:
        from el_grande.net.table_clock import clock_path

        assert self.listener.saver is not None
        return clock_path(self.listener.saver.path)


def _new_game(setup: GameSetup) -> _Hosted:
    # start-up: the rules core, the saves (pydantic), the codes
    from el_grande.net.codes import Codes, codes_path, write_codes
    from el_grande.net.table import people
    from el_grande.persist.autosave import attach_autosave
    from el_grande.session import GameSession

    session = GameSession.new(setup)
    listener = attach_autosave(session)
    if listener.saver is None:  # seats the save format cannot hold: no codes file either
        raise OSError(listener.problem or t("save.off"))
    codes = Codes.new(people(session))
    write_codes(codes_path(listener.saver.path), codes)
    return _Hosted(session, listener, codes, listener.saver.file.game_id)


def _saved_game(key: str) -> _Hosted:
    # start-up: the saves (pydantic), the rules core, the codes
    from el_grande.net.codes import Codes, CodesError, codes_path, read_codes, write_codes
    from el_grande.net.table import people
    from el_grande.net.table_clock import clock_path
    from el_grande.persist.autosave import attach_autosave, session_of
    from el_grande.persist.store import Autosaver, check_openable, find_save, load_game

    found = find_save(key)
    save, game = load_game(found.path)
    check_openable(save)
    saver = Autosaver.resume(save)  # the lock first: if it is taken, nothing is built
    session = session_of(save)
    listener = attach_autosave(session, saver)
    listener.save(session.game)
    clock, problem = kept_clock(clock_path(saver.path), len(session.seats))
    humans = people(session)
    if clock is not None:  # seats the clock gave to a computer player are still people's
        lent = () if clock.lent is None else (clock.lent[0],)
        for seat in (*clock.away, *lent):
            humans[seat] = True
    try:
        codes = read_codes(codes_path(found.path))
        if len(codes.seats) != len(humans) or any(
            human and code is None for code, human in zip(codes.seats, humans)
        ):
            raise CodesError("a person's seat has no code")  # (never shown)
    except (OSError, CodesError):  # never hosted, or its seats changed: new codes
        codes = Codes.new(humans)
    write_codes(codes_path(saver.path), codes)
    return _Hosted(session, listener, codes, saver.file.game_id, clock, problem)


def kept_clock(path: Path, seats: int) -> tuple[ClockKept | None, str | None]:
    """The clock a hosted game kept at `path` (None if it had none), and why it could not be
    read, if it could not (said by `run_host`: the clock starts again from its rules, if they
    are given)."""
    from el_grande.net.table_clock import ClockError, read_clock

    if not path.exists():
        return None, None
    try:
        return read_clock(path, seats), None
    except (OSError, ClockError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return None, printable(reason).rstrip(".")


def clock_rules(args: argparse.Namespace) -> ClockRules | None:
    """The table clock's rules from `host`'s options (None: no `--clock`); ValueError, with
    the sentence to say, for options that make no clock."""
    from el_grande.net.table_clock import ClockRules

    if args.clock is None:
        if args.reserve is not None or args.out is not None:
            raise ValueError(t("wire.clock_needed"))
        return None
    reserve = 120.0 if args.reserve is None else args.reserve
    return ClockRules(args.clock, reserve, args.out or "hard")


def _clock_of(rules: ClockRules | None, hosted: _Hosted) -> ClockKept | None:
    """The table's clock: `rules` (a resumed table's reserves kept, none longer than the new
    reserve), else the one the table kept; None: no clock."""
    from el_grande.net.table_clock import clock_for

    kept = hosted.clock
    return kept if rules is None else clock_for(rules, kept, len(hosted.session.seats))


def _seats_of(text: str, session: GameSession, codes: Codes) -> tuple[int, ...] | None:
    """`--here`'s seats (people's seats, each once), or None if any is not one."""
    seats = [_seat_of(part.strip(), session) for part in text.split(",")]
    if not seats or any(s is None or codes.seats[s] is None for s in seats):
        return None
    found = tuple(s for s in seats if s is not None)
    return found if len(set(found)) == len(found) else None


def _seat_of(text: str, session: GameSession) -> int | None:
    """`--here`'s seat: a 1-based number or a name (any case)."""
    names = [session.name(seat) for seat in range(len(session.seats))]
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    folded = [n.casefold() for n in names]
    return folded.index(text.casefold()) if text.casefold() in folded else None


def is_loopback(address: str) -> bool:
    """Whether `address` (a name or an IP address) is this machine only."""
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _server_tls(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    if cert is None:
        return None
    import ssl  # start-up: only with --cert

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


def _print_codes(hosted: _Hosted) -> None:
    """One join code per person's seat, and the watch code, on the terminal (rich)."""
    from rich.console import Console  # start-up: only for host
    from rich.table import Table

    session, codes = hosted.session, hosted.codes
    table = Table(title=t("wire.codes_title"), show_edge=False)
    table.add_column(t("wire.codes_who"))
    table.add_column(t("wire.codes_code"))
    for seat, code in enumerate(codes.seats):
        if code is not None:
            table.add_row(printable(session.name(seat)), code)
    table.add_row(t("wire.codes_watchers"), codes.watch)
    console = Console(highlight=False)
    console.print(table)
    console.print(t("wire.codes_give"))


def _keep_clock(hosted: _Hosted, kept: ClockKept | None) -> None:
    """The table clock beside the save, so that a restarted host goes on with it (a file
    that cannot be written is said: the game goes on)."""
    from el_grande.net.table_clock import write_clock

    if kept is None:
        return
    try:
        write_clock(hosted.clock_file, kept)
    except OSError as exc:
        problem = t("clock.cannot_keep", reason=printable(exc.strerror or str(exc)))
        if problem != hosted.clock_problem:
            hosted.clock_problem = problem
            _autosave_problem(problem)


def _autosave_problem(problem: str | None) -> None:
    """An autosave that failed (or works again) is said on stderr: the game goes on."""
    if problem:
        print(f"el-grande: {problem}", file=sys.stderr, flush=True)


def run_host(args: argparse.Namespace, setup: GameSetup | None) -> int:
    """`el-grande host`: `setup` from the play options (None with `--resume`)."""
    if (args.cert is None) != (args.key is None):
        return _fail(t("wire.cert_and_key"), EXIT_USAGE)
    if not 0 <= args.port <= 65535:
        return _fail(t("wire.bad_port"), EXIT_USAGE)
    try:
        context = _server_tls(args.cert, args.key)
    except OSError as exc:
        return _fail(t("wire.cannot_tls", reason=printable(str(exc))))
    try:
        rules = clock_rules(args)
    except ValueError as exc:
        return _fail(str(exc), EXIT_USAGE)
    # start-up: the hosted table and the saves, only for host
    from el_grande.net.table import HostSettings
    from el_grande.persist.errors import SaveFileError

    try:
        hosted = _saved_game(args.resume) if setup is None else _new_game(setup)
    except SaveFileError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(t("wire.cannot_save", reason=printable(str(exc))))
    here: tuple[int, ...] | None = None
    if args.here is not None:
        here = _seats_of(args.here, hosted.session, hosted.codes)
        if here is None:
            hosted.listener.close()
            return _fail(t("wire.bad_here", seat=printable(args.here)), EXIT_USAGE)
    hosted.clock = _clock_of(rules, hosted)
    delay = args.bot_delay if args.bot_delay is not None else 0.8
    gone = None if args.gone_after is None else max(0.0, args.gone_after) * 60.0
    rules = None if hosted.clock is None else hosted.clock.rules  # (a resumed table's too)
    settings = HostSettings(bot_delay=delay, gone_after=gone, confirm=args.confirm, clock=rules)
    hosted.listener.on_change = _autosave_problem
    if hosted.listener.problem:
        _autosave_problem(hosted.listener.problem)
    _print_codes(hosted)
    if hosted.clock_problem:  # (a clock file that could not be read)
        key = "clock.file_problem" if rules is not None else "clock.file_problem_none"
        hosted.clock_problem = t(key, reason=hosted.clock_problem)
        _autosave_problem(hosted.clock_problem)
    if rules is not None:
        print(rules.sentence())
        _keep_clock(hosted, hosted.clock)
    print(t("wire.resume_with", game=hosted.game_id))
    if context is None and not is_loopback(args.bind):
        print(t("wire.no_tls", address=printable(args.bind)))
    try:
        return asyncio.run(_host(hosted, settings, args, context, here))
    finally:
        hosted.listener.close()


async def _host(
    hosted: _Hosted,
    settings: HostSettings,
    args: argparse.Namespace,
    context: ssl.SSLContext | None,
    here: tuple[int, ...] | None,
) -> int:
    from concurrent.futures import ThreadPoolExecutor

    from el_grande.net.clock import LoopClock, bot_processes, pool_thinker
    from el_grande.net.server import serve
    from el_grande.net.table import HostedTable

    loop = asyncio.get_running_loop()
    session = hosted.session
    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="el-grande-hint")
    processes = bot_processes()  # the computer players think off this process's lock
    thinker = pool_thinker(loop, pool, processes)
    table = HostedTable(
        session,
        LoopClock(loop),
        thinker,
        hosted.codes,
        settings=settings,
        kept=hosted.clock,
        keep=partial(_keep_clock, hosted),
    )
    if table.time is not None and here is None:  # (with --here the app has the terminal)
        table.time.heard.append(lambda sentence: print(printable(sentence), flush=True))
    over = asyncio.Event()

    def updated(update: Any) -> None:
        if session.decision is None:
            over.set()

    session.subscribe(updated)
    if session.decision is None:
        over.set()
    try:
        server = await serve(table, args.bind, args.port, ssl=context)
    except OSError as exc:
        pool.shutdown(wait=False, cancel_futures=True)
        processes.shutdown(wait=False, cancel_futures=True)
        return _fail(
            t("wire.cannot_listen", address=printable(args.bind), reason=exc.strerror or str(exc))
        )
    stop = asyncio.Event()
    # Ctrl-C and SIGTERM close the table (with --here the app reads Ctrl-C as a key).
    signals = (signal.SIGTERM,) if here is not None else (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    scheme = "ws" if context is None else "wss"
    where = f"{scheme}://{args.bind}:{server.port}/"
    table.start()
    print(t("wire.listening", url=where), flush=True)
    try:
        if here is not None:
            await _play_here(table, hosted.codes, here, where, stop)
        else:
            await _until_done(stop, over, server)
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
        table.close()  # every screen is told: bye
        await server.close()
        pool.shutdown(wait=False, cancel_futures=True)
        processes.shutdown(wait=False, cancel_futures=True)
    return EXIT_OK


async def _until_done(stop: asyncio.Event, over: asyncio.Event, server: Server) -> None:
    """Ctrl-C (SIGTERM), or the game over and every screen gone (`LINGER` at most)."""

    async def ended() -> None:
        await over.wait()
        print(t("wire.host_over"), flush=True)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(LINGER):
                await server.emptied()

    waits = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(ended())]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in waits:
            task.cancel()


class HostDesk:
    """The host's own controls on its screen (`el_grande.app.screens.host_desk.Desk`): the
    table's codes again, and its seats given to computer players and back."""

    def __init__(self, table: HostedTable, where: str) -> None:
        self.table = table
        self.where = where

    def codes(self) -> list[Code]:
        from el_grande.app.screens.host_desk import Code

        session, codes = self.table.session, self.table.codes
        found = [Code(session.name(seat), code) for seat, code in enumerate(codes.seats) if code]
        return [*found, Code(None, codes.watch)]

    def offered(self, seat: int) -> tuple[str, ...]:
        return self.table.offered(seat)

    def give_seat(self, seat: int, kind: str) -> str | None:
        return self.table.give_seat(seat, kind)


async def _play_here(
    table: HostedTable, codes: Codes, seats: tuple[int, ...], where: str, stop: asyncio.Event
) -> None:
    """The remote screens' app for `seats` in this terminal, over in-process links
    (`el_grande.net.remote.LocalLink`: the same messages, no socket), in this loop beside the
    server: one seat's own screen; several seats share the keyboard (a watcher's public board,
    each seat's own screen behind a curtain: `el_grande.app.remote_app.Keyboard`). It ends
    when the person leaves it (q) or on SIGTERM."""
    # start-up: the app (Textual) only with --here
    from el_grande.app.remote_app import Keyboard, RemoteApp
    from el_grande.net.remote import LocalLink, RemoteState

    links: list[LocalLink] = []

    def link(code: str | None) -> RemoteState:
        assert code is not None
        links.append(LocalLink(table, code, RemoteState()))
        return links[-1].state

    desk = HostDesk(table, where)
    if len(seats) == 1:
        app = RemoteApp(link(codes.seats[seats[0]]), None, where=where, desk=desk)
    else:
        public = link(codes.watch)
        keyboard = Keyboard({seat: link(codes.seats[seat]) for seat in seats})
        app = RemoteApp(public, None, where=where, keyboard=keyboard, desk=desk)
    running = asyncio.ensure_future(app.run_async())
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait([running, stopping], return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not running.done():
            app.exit()
            await running
        stopping.cancel()
        for each in links:
            each.close()


# --- join and watch -----------------------------------------------------------------------


def configure_join(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "address",
        metavar="HOST[:PORT]",
        help=f"the host's address (port {DEFAULT_PORT} unless given), or a ws:// or wss:// URL",
    )
    # Anything more is refused without being repeated: it may be a code (never an argument).
    p.add_argument("more", nargs="*", default=[], help=argparse.SUPPRESS)
    p.add_argument(
        "--tls", action="store_true", help="the host serves TLS (wss://): it was given --cert"
    )
    p.add_argument(
        "--cafile",
        type=Path,
        default=None,
        metavar="FILE",
        help="trust this certificate (the host's own, self-signed) for TLS; implies --tls",
    )
    p.add_argument(
        "--ask-on-screen",
        action="store_true",
        help="ask the code on the game's screen, not at the terminal (as each browser tab of "
        "el-grande serve does); EL_GRANDE_CODE is not read",
    )


def table_url(address: str, secure: bool = False) -> str:
    """`HOST[:PORT]` (or a ws:// / wss:// URL, its path dropped) -> the table's URL."""
    from urllib.parse import urlsplit

    text = address.strip()
    if "://" not in text:
        text = f"{'wss' if secure else 'ws'}://{text}"
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(t("wire.bad_address"))
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError(t("wire.bad_address")) from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    scheme = "wss" if secure else parts.scheme
    return f"{scheme}://{host}:{port}/"


def ask_code() -> str:
    """The code: `EL_GRANDE_CODE`, else asked at the terminal without echo ("" if none)."""
    code = os.environ.get("EL_GRANDE_CODE", "").strip()
    if code:
        return code
    import getpass  # start-up: only when asked

    try:
        return getpass.getpass(t("wire.ask_code")).strip()
    except (EOFError, KeyboardInterrupt, OSError):
        return ""


def _client_tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    if not (args.tls or args.cafile is not None):
        return None
    import ssl  # start-up: only with TLS

    return ssl.create_default_context(cafile=args.cafile)


def run_join(args: argparse.Namespace) -> int:
    """`el-grande join` / `el-grande watch` (the code says which seat, or the watchers)."""
    if args.more:
        return _fail(t("wire.code_not_argument"), EXIT_USAGE)
    secure = bool(args.tls or args.cafile is not None)
    try:
        url = table_url(args.address, secure)
    except ValueError as exc:
        return _fail(str(exc), EXIT_USAGE)
    try:
        context = _client_tls(args)
    except OSError as exc:
        return _fail(t("wire.cannot_tls", reason=printable(str(exc))))
    code = ""  # with --ask-on-screen: asked by the app (`CodeEntry`)
    if not args.ask_on_screen:
        code = ask_code()
        if not code:
            return _fail(t("wire.no_code"), EXIT_USAGE)
    # start-up: the app (Textual), the client (websockets)
    from el_grande.app.remote_app import RemoteApp
    from el_grande.net.client import SocketLink, run_client
    from el_grande.net.remote import RemoteState

    link = SocketLink()
    state = RemoteState(link.send)

    async def connect(code: str = code) -> None:
        try:
            await run_client(url, code, state, link=link, ssl=context)
        except Exception as exc:  # no retry mends it: the screen says why, as a bye
            from el_grande.net.protocol import Bye, dump

            reason = printable(str(exc)) or type(exc).__name__
            state.feed(dump(Bye(sentence=t("wire.cannot_connect", url=url, reason=reason))))

    if args.ask_on_screen:
        app = RemoteApp(state, ask=connect, where=url)
    else:
        app = RemoteApp(state, connect=connect, where=url)
    app.run()
    if state.bye is not None:
        print(printable(state.bye))
    return EXIT_OK
