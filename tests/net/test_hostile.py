"""Hostile screens at the server (el_grande/net/server.py), on 127.0.0.1: a 10 MB message, a
binary frame, a flood of messages, code guessing, 100 connections at once from another
process. Each is refused or cut off, and a seat already playing is not disturbed: its next
answer gets its next scene."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from el_grande.flow.clock import ManualClock
from el_grande.net.codec import decode
from el_grande.net.protocol import PROTOCOL, Answer, Hello, dump
from el_grande.net.server import Limits, serve
from el_grande.text import t

from .wire_helpers import BAD_CODE, CODE, FakeTable, closed, real_table, receive, seat, url


async def _still_plays(ws: object, decision: int) -> None:
    from websockets.asyncio.client import ClientConnection

    assert isinstance(ws, ClientConnection)
    await ws.send(dump(Answer(id=decision, choice="place aragon")))
    scene = await receive(ws)
    assert scene["t"] == "scene" and scene["id"] == decision + 1


async def test_a_10_mb_message_cuts_its_connection_off_unread() -> None:
    table = FakeTable()
    async with await serve(table) as server:
        player = await seat(server.port)
        hostile = await seat(server.port)
        received = len(table.received)
        with contextlib.suppress(ConnectionClosed):
            await hostile.send("x" * (10 * 1024 * 1024))
        await closed(hostile)
        assert hostile.close_code == 1009  # message too big
        assert len(table.received) == received
        await _still_plays(player, 0)
        await player.close()


async def test_a_binary_frame_is_bye() -> None:
    table = FakeTable()
    async with await serve(table) as server:
        ws = await seat(server.port)
        await ws.send(b'{"t":"answer","id":0,"choice":"place aragon"}')
        assert await receive(ws) == {"t": "bye", "sentence": t("net.bad_binary")}
        await closed(ws)
        assert table.answers == []


async def test_a_flood_of_messages_is_refused_beyond_the_burst_and_cut_off() -> None:
    clock = ManualClock()  # the clock stands still: no message is earned back
    table = FakeTable()
    async with await serve(table, clock=clock, limits=Limits(burst=40)) as server:
        player = await seat(server.port)
        hostile = await seat(server.port)  # its hello took one of its 40
        for i in range(100):
            try:
                await hostile.send(dump(Answer(id=i, choice="place aragon")))
            except ConnectionClosed:
                break
        got: list[dict[str, object]] = []
        try:
            while True:
                got.append(await receive(hostile))
        except ConnectionClosed:
            pass
        assert [m["t"] for m in got] == ["scene"] * 39 + ["refused"]
        assert got[-1]["sentence"] == t("wire.too_fast")
        assert len(table.answers) == 39
        clock.advance(1.0)  # the other seat's own allowance is untouched
        await _still_plays(player, 0)


async def test_the_allowance_comes_back_at_the_rate() -> None:
    clock = ManualClock()
    table = FakeTable()
    limits = Limits(rate=20.0, burst=40)
    async with await serve(table, clock=clock, limits=limits) as server:
        ws = await seat(server.port)
        for round_ in range(5):  # 5 x 40 answers: each second earns 20 back, 2 seconds 40
            for i in range(39 if round_ == 0 else 40):
                await ws.send(dump(Answer(id=i, choice="place aragon")))
                await receive(ws)
            clock.advance(2.0)
        assert len(table.answers) == 39 + 4 * 40


async def test_guessing_codes_reaches_the_table_ten_times_and_no_more() -> None:
    clock = ManualClock()
    table = FakeTable()
    async with await serve(table, clock=clock) as server:
        player = await seat(server.port)
        heard = len(table.received)
        answers: list[str] = []
        for guess in range(40):
            ws = await connect(url(server.port))
            with contextlib.suppress(ConnectionClosed):
                await ws.send(dump(Hello(v=PROTOCOL, code=f"GUES-S000-{guess:04d}")))
            answers.append(str((await receive(ws))["sentence"]))
            await closed(ws)
        assert answers == [BAD_CODE] * 10 + [t("wire.locked")] * 30
        assert len(table.received) - heard == 10
        await _still_plays(player, 0)  # a connection already open plays on


_CROWD = """
import asyncio, json, sys
from websockets.asyncio.client import connect

async def one(url, hello):
    ws = await connect(url, open_timeout=20)
    try:
        await ws.send(hello)
    except Exception:
        pass  # turned away already: its bye is read below
    first = json.loads(await ws.recv())
    return ws, first

async def main():
    url, hello = sys.argv[1], sys.stdin.readline().strip()
    async with asyncio.timeout(60):
        done = await asyncio.gather(*(one(url, hello) for _ in range(100)),
                                    return_exceptions=True)
        kinds = {}
        for item in done:
            key = type(item).__name__ if isinstance(item, BaseException) else item[1]["t"]
            kinds[key] = kinds.get(key, 0) + 1
        print(json.dumps(kinds), flush=True)
        sys.stdin.readline()  # the test has counted: let go
        for item in done:
            if not isinstance(item, BaseException):
                await item[0].close()

asyncio.run(main())
"""


async def test_a_hundred_connections_from_another_process_are_bounded() -> None:
    """With the right code, even: beyond the bound from one address each is turned away at
    the door, the table never sees them, and the seat playing plays on."""
    table = FakeTable()
    limits = Limits(per_address=16)
    async with await serve(table, max_connections=64, limits=limits) as server:
        player = await seat(server.port)
        crowd = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            _CROWD,
            url(server.port),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert crowd.stdin is not None and crowd.stdout is not None
        try:
            crowd.stdin.write(dump(Hello(v=PROTOCOL, code=CODE)).encode() + b"\n")
            await crowd.stdin.drain()
            async with asyncio.timeout(60):
                kinds = json.loads(await crowd.stdout.readline())
            assert kinds == {"welcome": 15, "bye": 85}
            assert server.connections == 16 and len(table.connections) == 16
            assert server.turned_away == 85
            await _still_plays(player, 0)
            crowd.stdin.write(b"\n")
            await crowd.stdin.drain()
            async with asyncio.timeout(60):
                assert await crowd.wait() == 0
        finally:
            if crowd.returncode is None:
                crowd.kill()
                await crowd.wait()
        await _still_plays(player, 1)


# --- at a real hosted table -----------------------------------------------------------------


async def _until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type `kind` (those before it are read and passed over)."""
    while True:
        message = await receive(ws)
        if message["t"] == kind:
            return message


async def _hello(port: int, code: str) -> tuple[ClientConnection, dict[str, Any]]:
    """A connection welcomed with `code`, and its first scene."""
    ws = await connect(url(port))
    await ws.send(dump(Hello(v=PROTOCOL, code=code)))
    assert (await receive(ws))["t"] == "welcome"
    return ws, await _until(ws, "scene")


async def test_at_a_real_table_nonsense_wrong_ids_and_turns_not_ones_own_change_nothing() -> None:
    table, codes, pool = real_table(552019384706, 2)
    try:
        table.start()
        async with await serve(table) as server:
            (a, scene_a), (b, scene_b) = [
                await _hello(server.port, code) for code in codes.seats if code is not None
            ]
            watcher, _ = await _hello(server.port, codes.watch)
            (mover, scene), other = (a, scene_a), b
            if scene_a["id"] is None:
                (mover, scene), other = (b, scene_b), a
            decision = scene["id"]
            assert decision is not None
            choices = [str(c) for c in decode(scene["scene"]).decision.choices]
            moves = table.session.current.moves

            async def refused(ws: ClientConnection, message: str) -> str:
                await ws.send(message)
                return str((await _until(ws, "refused"))["sentence"])

            answer = dump(Answer(id=decision, choice=choices[0]))
            assert await refused(other, answer) == t("net.moved_on")  # not its decision
            assert await refused(watcher, answer) == t("net.watching")
            assert await refused(mover, "{") == t("net.bad_json")
            assert await refused(mover, '{"t":"answer","id":"7"}') == t("net.bad_message")
            assert await refused(mover, dump(Answer(id=decision + 99, choice=choices[0]))) == t(
                "net.moved_on"
            )
            wrong = dump(Answer(id=decision, choice="place nowhere"))
            assert await refused(mover, wrong) == t("net.not_choice")
            assert table.session.current.moves == moves  # nothing of it changed the game
            await mover.send(answer)
            assert await refused(mover, answer) == t("net.moved_on")  # resent: applied once
            assert table.session.current.moves == moves + 1
            for ws in (a, b, watcher):
                await ws.close()
    finally:
        table.close()
        pool.shutdown(cancel_futures=True)
