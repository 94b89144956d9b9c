"""Helpers of the wire's tests (tests/net/test_server.py, test_hostile.py, test_resume.py):
a small table that answers like the hosted table does at its door (a hello with its code is
welcomed, anything else before it is `bye`), and a client that awaits messages with a bound.

The fake lets the server's own behaviour (limits, lockouts, the writer, the HTTP door) be
tested without a game; whole games go over the real `HostedTable`."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from el_grande.net.protocol import (
    PROTOCOL,
    Answer,
    Bye,
    Hello,
    ProtocolError,
    Refused,
    SceneMessage,
    Welcome,
    dump,
    parse_client,
)

#: The longest any test waits for one message: a bound on failure, never a pace.
WAIT = 10.0
CODE = "ABCD-EFGH-JKMN"
BAD_CODE = "That code opens no seat at this table."


class FakeConnection:
    def __init__(
        self, table: FakeTable, send: Callable[[str], None], close: Callable[[], None]
    ) -> None:
        self.table = table
        self._send = send
        self._close = close
        self.role: str | None = None
        self.bad_code = False
        self.n = 0
        self.open = True

    def receive(self, text: str) -> None:
        self.table.received.append(text)
        try:
            message = parse_client(text)
        except ProtocolError as exc:
            if self.role is None:
                self._bye(str(exc))
            else:
                self._send(dump(Refused(sentence=str(exc))))
            return
        if self.role is None:
            if isinstance(message, Hello) and message.v == PROTOCOL and message.code == CODE:
                self.role = "seat"
                self._send(dump(Welcome(v=PROTOCOL, role="seat", seat=0, seating=None, table={})))
                self._scene(0)
            elif isinstance(message, Hello) and message.v == PROTOCOL:
                self.bad_code = True
                self._bye(BAD_CODE)
            else:
                self._bye("Say hello first.")
            return
        if isinstance(message, Answer):
            self.table.answers.append(message.choice)
            self._scene(message.id + 1)
        else:
            self._send(dump(Refused(sentence="Not here.")))

    def _scene(self, decision: int) -> None:
        self.n += 1
        self._send(dump(SceneMessage(n=self.n, id=decision, scene=None)))

    def drop(self) -> None:
        """The table closes this connection without a word (as a host going away does)."""
        self._close()

    def _bye(self, sentence: str) -> None:
        self._send(dump(Bye(sentence=sentence)))
        self._close()

    def gone(self) -> None:
        self.open = False
        self.table.gone += 1
        self.table.went.set()


class FakeTable:
    """A table of one code: a seat welcomed with a scene, each answer `k` a scene for `k+1`."""

    def __init__(self) -> None:
        self.connections: list[FakeConnection] = []
        self.received: list[str] = []
        self.answers: list[str] = []
        self.gone = 0
        #: Set each time a connection goes (clear it first to await the next one).
        self.went = asyncio.Event()
        #: Set each time a connection opens (clear it first to await the next one).
        self.opened = asyncio.Event()

    def open(self, send: Callable[[str], None], close: Callable[[], None]) -> FakeConnection:
        connection = FakeConnection(self, send, close)
        self.connections.append(connection)
        self.opened.set()
        return connection


async def receive(ws: ClientConnection) -> dict[str, Any]:
    async with asyncio.timeout(WAIT):
        text = await ws.recv()
    assert isinstance(text, str)
    data: dict[str, Any] = json.loads(text)
    return data


async def closed(ws: ClientConnection) -> None:
    """The server closes `ws` (anything it sent first is read and dropped)."""
    async with asyncio.timeout(WAIT):
        await ws.wait_closed()


def url(port: int) -> str:
    return f"ws://127.0.0.1:{port}/"


async def seat(port: int, code: str = CODE) -> ClientConnection:
    """A connection that said hello with `code` and was welcomed (its first scene read)."""
    ws = await connect(url(port), open_timeout=WAIT)
    await ws.send(dump(Hello(v=PROTOCOL, code=code)))
    assert (await receive(ws))["t"] == "welcome"
    assert (await receive(ws))["t"] == "scene"
    return ws
