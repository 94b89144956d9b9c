"""The websocket server (el_grande/net/server.py) on 127.0.0.1, a free port: a seat's
messages reach its table connection and the table's answers come back in order; a bad code
is counted per address and ten of them shut the address out for a minute of the injected
clock; the door's bounds (full, a hello too late, a plain HTTP request); no frame, and so no
code, in any log line. Whole games over the real hosted table: further down."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from el_grande.flow.clock import ManualClock
from el_grande.net.client import SocketLink, run_client
from el_grande.net.protocol import PROTOCOL, Answer, Hello, dump
from el_grande.net.server import Limits, serve
from el_grande.text import t

from .wire_helpers import (
    BAD_CODE,
    CODE,
    WAIT,
    FakeTable,
    Scripted,
    closed,
    real_table,
    receive,
    seat,
    url,
)


async def test_a_seat_is_welcomed_its_answers_reach_the_table_and_its_going_is_told() -> None:
    table = FakeTable()
    async with await serve(table) as server:
        ws = await seat(server.port)
        for decision in range(3):
            await ws.send(dump(Answer(id=decision, choice=f"place {decision}")))
            scene = await receive(ws)
            assert scene["t"] == "scene" and scene["id"] == decision + 1
        assert table.answers == ["place 0", "place 1", "place 2"]
        assert server.connections == 1
        table.went.clear()
        await ws.close()
        async with asyncio.timeout(WAIT):
            await table.went.wait()
        assert table.gone == 1 and server.connections == 0


async def test_ten_bad_codes_shut_the_address_out_for_a_minute_of_the_clock() -> None:
    clock = ManualClock()
    table = FakeTable()
    async with await serve(table, clock=clock) as server:
        for guess in range(10):
            ws = await connect(url(server.port))
            await ws.send(dump(Hello(v=PROTOCOL, code=f"WXYZ-0000-{guess:04d}")))
            assert await receive(ws) == {"t": "bye", "sentence": BAD_CODE}
            await closed(ws)
        # Now even the right code is turned away, before the table hears of it.
        heard = len(table.received)
        ws = await connect(url(server.port))
        assert await receive(ws) == {"t": "bye", "sentence": t("wire.locked")}
        await closed(ws)
        assert len(table.received) == heard == 10
        clock.advance(59.0)
        ws = await connect(url(server.port))
        assert (await receive(ws))["sentence"] == t("wire.locked")
        clock.advance(1.0)
        ws = await seat(server.port)  # a minute on: the door opens again
        await ws.close()


async def test_bad_codes_spread_over_more_than_a_minute_do_not_shut_anyone_out() -> None:
    clock = ManualClock()
    table = FakeTable()
    async with await serve(table, clock=clock) as server:
        for _ in range(15):
            ws = await connect(url(server.port))
            await ws.send(dump(Hello(v=PROTOCOL, code="WXYZ-0000-0000")))
            assert (await receive(ws))["sentence"] == BAD_CODE
            await closed(ws)
            clock.advance(7.0)  # 9 in any minute at most
        ws = await seat(server.port)
        await ws.close()


async def test_beyond_the_bound_of_connections_the_door_says_full() -> None:
    table = FakeTable()
    async with await serve(table, max_connections=2) as server:
        first, second = await seat(server.port), await seat(server.port)
        third = await connect(url(server.port))
        assert await receive(third) == {"t": "bye", "sentence": t("wire.full")}
        await closed(third)
        assert len(table.connections) == 2 and server.turned_away == 1
        await first.send(dump(Answer(id=0, choice="place aragon")))
        assert (await receive(first))["id"] == 1
        await first.close()
        await second.close()


async def test_a_connection_that_says_nothing_in_time_is_closed() -> None:
    clock = ManualClock()
    table = FakeTable()
    async with await serve(table, clock=clock, limits=Limits(hello_within=10.0)) as server:
        ws = await connect(url(server.port))
        async with asyncio.timeout(WAIT):
            await table.opened.wait()
        clock.advance(9.9)
        assert server.connections == 1
        clock.advance(0.1)
        assert await receive(ws) == {"t": "bye", "sentence": t("wire.hello_late")}
        await closed(ws)
        assert table.received == []


async def test_a_hello_in_time_stops_the_hello_timer() -> None:
    clock = ManualClock()
    table = FakeTable()
    async with await serve(table, clock=clock) as server:
        ws = await seat(server.port)
        clock.advance(3600.0)
        await ws.send(dump(Answer(id=0, choice="place aragon")))
        assert (await receive(ws))["id"] == 1


async def test_a_plain_http_request_gets_a_sentence() -> None:
    table = FakeTable()
    async with await serve(table) as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await writer.drain()
        async with asyncio.timeout(WAIT):
            answer = await reader.read(65536)
        writer.close()
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 426")
        assert t("wire.not_websocket").encode() in body
        assert table.connections == []


async def test_a_url_with_a_path_or_a_query_is_not_a_door() -> None:
    table = FakeTable()
    async with await serve(table) as server:
        with pytest.raises(Exception, match="404"):
            await connect(f"ws://127.0.0.1:{server.port}/?code={CODE}")
        assert table.connections == []


async def test_no_frame_and_no_code_reaches_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table = FakeTable()
    async with await serve(table) as server:
        ws = await seat(server.port)
        await ws.send(dump(Answer(id=0, choice="place aragon")))
        await receive(ws)
        await ws.close()
        bad = await connect(url(server.port))
        await bad.send(dump(Hello(v=PROTOCOL, code="QRST-VWXY-Z123")))
        await receive(bad)
        await closed(bad)
        table.went.clear()
        async with asyncio.timeout(WAIT):
            while table.gone < 2:
                await table.went.wait()
                table.went.clear()
    # The test's own client (websockets.client) is not the host's: its records are left out.
    records = [r for r in caplog.records if not r.name.startswith("websockets.client")]
    assert records  # the host did log its connections (at INFO)
    text = "".join(f"{r.getMessage()} {r.args}" for r in records)
    for secret in (CODE, CODE.replace("-", ""), "QRST-VWXY-Z123", "aragon"):
        assert secret not in text


async def test_closing_the_server_closes_every_connection() -> None:
    table = FakeTable()
    server = await serve(table)
    ws = await seat(server.port)
    await server.close()
    await closed(ws)
    assert table.gone == 1 and server.connections == 0


# --- the loop's clock and the thread thinker (el_grande/net/clock.py) -----------------------


async def test_the_loop_clock_calls_back_in_order_and_never_from_inside_the_call() -> None:
    from el_grande.net.clock import LoopClock

    loop = asyncio.get_running_loop()
    clock = LoopClock(loop)
    assert abs(clock.now() - loop.time()) < 1.0
    calls: list[str] = []
    done = loop.create_future()
    clock.call_later(0.02, lambda: (calls.append("later"), done.set_result(None)))
    clock.call_later(0, lambda: calls.append("soon"))
    cancel = clock.call_later(0, lambda: calls.append("cancelled"))
    cancel()
    assert calls == []  # not from inside call_later
    async with asyncio.timeout(WAIT):
        await done
    assert calls == ["soon", "later"]


async def test_the_thinker_answers_on_the_loop_and_a_cancel_drops_the_answer() -> None:
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from el_grande.net.clock import pool_thinker
    from el_grande.text import language, use

    loop = asyncio.get_running_loop()
    use("ko")
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            think = pool_thinker(loop, pool)
            answers: asyncio.Queue[tuple[object, bool]] = asyncio.Queue()
            loop_thread = threading.get_ident()

            def done(result: object) -> None:
                answers.put_nowait((result, threading.get_ident() == loop_thread))

            gate = threading.Event()
            think(lambda: (gate.wait(WAIT), threading.get_ident() != loop_thread, language()), done)
            cancel = think(lambda: "dropped", lambda r: answers.put_nowait((r, False)))
            cancel()
            think(lambda: 1 / 0, done)
            gate.set()
            async with asyncio.timeout(WAIT):
                first, second = await answers.get(), await answers.get()
            results = {type(first[0]).__name__: first, type(second[0]).__name__: second}
            assert results["tuple"] == ((True, True, "ko"), True)  # a thread; our language
            assert isinstance(results["ZeroDivisionError"][0], ZeroDivisionError)
            assert results["ZeroDivisionError"][1]
    finally:
        use("en")
    assert answers.empty()


async def test_a_computer_players_choice_is_thought_in_another_process() -> None:
    """The host's computer players think in worker processes (off the loop's interpreter
    lock): a real bot's choice (the flow's task: a partial of plain data) comes back from
    another process, the same as thought here; a closure (a hint's search) runs in a thread;
    a worker killed leaves the threads to think, and the game goes on."""
    import contextlib
    import os
    import threading
    from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
    from functools import partial

    from el_grande.bots.drive import Driver
    from el_grande.flow.audience import Seat, private_view
    from el_grande.net.clock import bot_processes, pool_thinker
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, default_seats

    session = GameSession.new(GameSetup(default_seats(["Ana", "Ben", "Cy"]), seed=480_215_337_906))
    d = session.decision
    assert d is not None
    bot = Driver().bot(session.game, d.player, "greedy")
    view = private_view(session, Seat(d.player), d.player)
    loop = asyncio.get_running_loop()
    answers: asyncio.Queue[object] = asyncio.Queue()
    processes = bot_processes(1)
    try:
        with ThreadPoolExecutor(max_workers=1) as threads:
            think = pool_thinker(loop, threads, processes)
            loop_thread = threading.get_ident()
            think(partial(os.getpid), answers.put_nowait)
            think(partial(bot.choose, view, d), answers.put_nowait)
            think(lambda: threading.get_ident() != loop_thread, answers.put_nowait)
            async with asyncio.timeout(60):
                got = [await answers.get() for _ in range(3)]
            pid = next(a for a in got if isinstance(a, int) and not isinstance(a, bool))
            assert pid != os.getpid()
            assert bot.choose(view, d) in got and True in got
            with contextlib.suppress(BrokenExecutor):
                processes.submit(os._exit, 1).result(timeout=60)  # the worker dies
            think(partial(bot.choose, view, d), answers.put_nowait)
            async with asyncio.timeout(60):
                after = await answers.get()
            if isinstance(after, Exception):  # the task the kill broke: its bot failed
                think(partial(bot.choose, view, d), answers.put_nowait)
                async with asyncio.timeout(60):
                    after = await answers.get()
            assert after == bot.choose(view, d)  # thought in a thread now
    finally:
        processes.shutdown(wait=False, cancel_futures=True)


# --- the client (el_grande/net/client.py) ---------------------------------------------------


class _Screen:
    """A screen's state as the client sees it: each message, and the connection's ups and
    downs, in a queue of its own."""

    def __init__(self) -> None:
        self.messages: asyncio.Queue[dict[str, object]] = asyncio.Queue()
        self.ups_and_downs: list[bool] = []

    def feed(self, text: str) -> None:
        self.messages.put_nowait(json.loads(text))

    def set_connected(self, connected: bool) -> None:
        self.ups_and_downs.append(connected)

    async def next(self) -> dict[str, object]:
        async with asyncio.timeout(WAIT):
            return await self.messages.get()


def _quick() -> Iterator[float]:
    return itertools.repeat(0.01)


async def test_the_client_plays_and_connects_again_after_a_drop() -> None:
    table = FakeTable()
    async with await serve(table) as server:
        screen, link = _Screen(), SocketLink()
        client = asyncio.create_task(
            run_client(url(server.port), CODE, screen, link=link, reconnect_delays=_quick)
        )
        try:
            assert (await screen.next())["t"] == "welcome"
            assert (await screen.next())["id"] == 0
            link.send(dump(Answer(id=0, choice="place aragon")))
            assert (await screen.next())["id"] == 1
            table.connections[-1].drop()  # closed under it, no bye: it comes back
            assert (await screen.next())["t"] == "welcome"
            assert (await screen.next())["id"] == 0
            assert screen.ups_and_downs == [True, False, True]
            assert len(table.connections) == 2 and table.answers == ["place aragon"]
        finally:
            client.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await client


async def test_the_client_ends_with_the_tables_bye_and_asks_no_more() -> None:
    table = FakeTable()
    async with await serve(table) as server:
        screen = _Screen()
        async with asyncio.timeout(WAIT):
            sentence = await run_client(
                url(server.port), "WRON-GCOD-E000", screen, reconnect_delays=_quick
            )
        assert sentence == BAD_CODE
        assert len(table.connections) == 1 and screen.ups_and_downs == [True, False]


async def test_the_client_waits_out_a_host_that_is_gone_and_finds_it_again() -> None:
    first = FakeTable()
    server = await serve(first)
    port = server.port
    screen = _Screen()
    client = asyncio.create_task(run_client(url(port), CODE, screen, reconnect_delays=_quick))
    try:
        assert (await screen.next())["t"] == "welcome"
        await screen.next()
        await server.close()  # the host is gone: connections are refused for a while
        again = FakeTable()
        server = await serve(again, port=port)
        assert (await screen.next())["t"] == "welcome"
        assert len(again.connections) == 1
    finally:
        client.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await client
        await server.close()


async def test_the_client_logs_no_frame_and_no_code(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table = FakeTable()
    async with await serve(table) as server:
        async with asyncio.timeout(WAIT):
            await run_client(url(server.port), "QRST-VWXY-Z123", _Screen())
    assert caplog.records
    assert "QRST" not in "".join(f"{r.getMessage()} {r.args}" for r in caplog.records)


# --- whole games over the real hosted table -------------------------------------------------


async def _play_to_the_end(
    players: int, bots: Sequence[int], seed: int, **options: Any
) -> list[Scripted]:
    table, codes, pool = real_table(seed, players, bots, **options)
    screens: list[Scripted] = []
    clients: list[asyncio.Task[str]] = []
    try:
        table.start()
        # Scripted screens answer at once, a whole game in a second: far beyond a person's
        # pace, so the rate limit (test_hostile.py) is lifted for them.
        fast = Limits(rate=1e6, burst=10**6)
        async with await serve(table, limits=fast) as server:
            for i, code in enumerate([*[c for c in codes.seats if c is not None], codes.watch]):
                link = SocketLink()
                screen = Scripted(link, seed=seed + i)
                screens.append(screen)
                clients.append(
                    asyncio.create_task(
                        run_client(
                            url(server.port), code, screen, link=link, reconnect_delays=_quick
                        )
                    )
                )
            async with asyncio.timeout(120):  # a bound on failure: a game takes a few seconds
                for screen in screens:
                    await screen.over.wait()
            assert table.session.decision is None
    finally:
        for client in clients:
            client.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        table.close()
        pool.shutdown(cancel_futures=True)
    return screens


@pytest.mark.parametrize(
    ("players", "bots", "seed", "options"),
    [
        (2, (), 381902774615, {"rounds": 6}),
        (3, (2,), 902615538107, {"rounds": 6, "castillo": "hidden"}),
        (4, (1, 3), 117204986653, {"rounds": 6, "veto": False}),
    ],
)
async def test_a_whole_game_by_scripted_screens_over_the_wire(
    players: int, bots: tuple[int, ...], seed: int, options: dict[str, Any]
) -> None:
    screens = await _play_to_the_end(players, bots, seed, **options)
    *seats, watcher = screens
    assert [s.role for s in seats] == ["seat"] * len(seats) and watcher.role == "spectator"
    assert [s.seat for s in seats] == [i for i in range(players) if i not in bots]
    assert all(s.answers > 0 for s in seats) and watcher.answers == 0
    assert all(s.refused == [] for s in screens)  # every answer was to the decision at hand
    # Everyone read the same story, to its end, and nobody was sent the seed.
    assert all(s.log == watcher.log for s in seats) and watcher.log
    assert all(s.welcomes == 1 for s in screens)


class _Spy:
    """A table whose connections' `close` the test can call: the host dropping a screen's
    connection without a word, as a network does."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.closes: list[Callable[[], None]] = []

    def open(self, send: Callable[[str], None], close: Callable[[], None]) -> Any:
        self.closes.append(close)
        return self.table.open(send, close)


async def test_a_screen_dropped_mid_decision_comes_back_to_the_same_decision() -> None:
    table, codes, pool = real_table(660192837465, 2, bots=(1,), rounds=6)
    spy = _Spy(table)
    link = SocketLink()
    ana = Scripted(link, seed=3, stop_after=4)
    client: asyncio.Task[str] | None = None
    try:
        table.start()
        async with await serve(spy, limits=Limits(rate=1e6, burst=10**6)) as server:
            assert codes.seats[0] is not None
            client = asyncio.create_task(
                run_client(
                    url(server.port), codes.seats[0], ana, link=link, reconnect_delays=_quick
                )
            )
            async with asyncio.timeout(WAIT):
                await ana.stopped.wait()
            held, moves, log = ana.waiting, table.session.current.moves, list(ana.log)
            assert held is not None and held[0] == "answer"
            ana.welcomed.clear()
            spy.closes[-1]()  # dropped under it: no bye
            async with asyncio.timeout(WAIT):
                await ana.lost.wait()
                await ana.welcomed.wait()
                while ana.waiting is None or ana.decision is None:  # the state comes whole
                    ana.stopped.clear()
                    await ana.stopped.wait()
            assert len(spy.closes) == 2 and ana.welcomes == 2
            assert ana.waiting == held and ana.log == log  # the same decision, the same story
            assert table.session.current.moves == moves
            ana.go_on()
            async with asyncio.timeout(120):
                await ana.over.wait()
            assert ana.refused == []
    finally:
        if client is not None:
            client.cancel()
            await asyncio.gather(client, return_exceptions=True)
        table.close()
        pool.shutdown(cancel_futures=True)


# --- TLS (host --cert/--key, join --cafile) -------------------------------------------------


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (openssl), as a host would make its own (an
    elliptic-curve key: made at once, where an RSA key takes a tenth of a second or more)."""
    import shutil
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "ec", "-nodes", "-days", "1"),
            *("-pkeyopt", "ec_paramgen_curve:prime256v1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"),
            *("-addext", "subjectAltName=IP:127.0.0.1"),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


async def test_over_tls_a_screen_that_trusts_the_host_s_certificate_plays(
    tmp_path: Path,
) -> None:
    import ssl

    cert, key = _certificate(tmp_path)
    host = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    host.load_cert_chain(cert, key)
    table = FakeTable()
    async with await serve(table, ssl=host) as server:
        where = f"wss://127.0.0.1:{server.port}/"
        screen, link = _Screen(), SocketLink()
        trusting = ssl.create_default_context(cafile=cert)
        client = asyncio.create_task(
            run_client(where, CODE, screen, link=link, ssl=trusting, reconnect_delays=_quick)
        )
        try:
            assert (await screen.next())["t"] == "welcome"
            await screen.next()
            link.send(dump(Answer(id=0, choice="place aragon")))
            assert (await screen.next())["id"] == 1
        finally:
            client.cancel()
            await asyncio.gather(client, return_exceptions=True)
        # A screen that does not trust it gives up at once (trying again mends nothing).
        async with asyncio.timeout(WAIT):
            with pytest.raises(ssl.SSLCertVerificationError):
                await run_client(where, CODE, _Screen(), ssl=ssl.create_default_context())
        assert len(table.connections) == 1
