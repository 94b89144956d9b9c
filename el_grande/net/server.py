"""The websocket server over a hosted table (`el_grande.net.table.HostedTable`).

    server = await serve(table, "127.0.0.1", 0)     # listening; server.port
    ...
    await server.close()

Each websocket connection is one `Connection` of the table: every text frame goes to its
`receive`, everything the table sends it goes out in order (a queue and one writer per
connection), and the connection closing (or failing) is its `gone`. The table decides what a
message means; the server only keeps the wire within bounds, on the injected clock:

- a message is at most `MAX_CLIENT_BYTES` (websockets closes a connection that sends more,
  before reading it); text frames only; keepalive pings on;
- at most `Limits.rate` messages a second per connection, with a burst of `Limits.burst`:
  beyond it `refused` and the connection is closed;
- at most `max_connections` open at once (`Limits.per_address` from one address): beyond it
  `bye`; a connection whose first message has not come within `Limits.hello_within` seconds
  is closed;
- codes that open nothing are counted per address: after `Limits.failed_codes` of them within
  `Limits.failed_window` seconds, that address gets `bye` for `Limits.lockout` seconds;
- a screen that reads too slowly (`Limits.backlog` messages waiting) is dropped: it
  reconnects and gets the whole state again;
- a plain HTTP request (a browser) gets a sentence, not a handshake error.

No frame, and so no code, is ever logged: websockets' own logger here never logs at DEBUG
(where it would write frames), and nothing of a message goes into a log line or an exception.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING, Protocol

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection
from websockets.asyncio.server import serve as ws_serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from el_grande.net.clock import LoopClock
from el_grande.net.protocol import MAX_CLIENT_BYTES, Bye, Refused, dump
from el_grande.text import t

if TYPE_CHECKING:
    import ssl as ssl_module

    from el_grande.flow.clock import Cancel, Clock

__all__ = ["Limits", "Server", "Table", "TableConnection", "serve"]

log = logging.getLogger(__name__)

#: websockets' logger for this server's connections: never at DEBUG, where it writes frames
#: (a hello's code among them), whatever the root logger is set to.
_WIRE_LOG = logging.getLogger("el_grande.net.wire")
_WIRE_LOG.setLevel(logging.INFO)

#: The most addresses whose failed codes are remembered (the oldest are forgotten first).
_ADDRESSES_KEPT = 4096


class TableConnection(Protocol):
    """What the server needs of a table's connection (`el_grande.net.table.Connection`):
    `bad_code` once its hello named no code of the table's."""

    bad_code: bool

    def receive(self, text: str) -> None: ...

    def gone(self) -> None: ...


class Table(Protocol):
    """What the server needs of a hosted table (`el_grande.net.table.HostedTable`)."""

    def open(self, send: Callable[[str], None], close: Callable[[], None]) -> TableConnection: ...


@dataclass(frozen=True)
class Limits:
    """The wire's bounds (see the module docstring)."""

    rate: float = 20.0
    burst: int = 40
    per_address: int = 16
    hello_within: float = 10.0
    failed_codes: int = 10
    failed_window: float = 60.0
    lockout: float = 60.0
    backlog: int = 512


class _Failures:
    """Codes that opened nothing, per address, on the clock."""

    def __init__(self, clock: Clock, limits: Limits) -> None:
        self.clock = clock
        self.limits = limits
        self._failed: OrderedDict[str, deque[float]] = OrderedDict()
        self._locked: dict[str, float] = {}

    def locked(self, address: str) -> bool:
        until = self._locked.get(address)
        if until is None:
            return False
        if self.clock.now() < until:
            return True
        del self._locked[address]
        return False

    def failed(self, address: str) -> None:
        now = self.clock.now()
        times = self._failed.pop(address, None) or deque()
        times.append(now)
        while times and times[0] <= now - self.limits.failed_window:
            times.popleft()
        if len(times) >= self.limits.failed_codes:
            self._locked[address] = now + self.limits.lockout
            times.clear()
        else:
            self._failed[address] = times  # the most recent last
        while len(self._failed) > _ADDRESSES_KEPT:
            self._failed.popitem(last=False)
        if len(self._locked) > _ADDRESSES_KEPT:
            for stale in [a for a, until in self._locked.items() if until <= now]:
                del self._locked[stale]


_END = object()


class _Link:
    """One websocket connection and the table's connection over it."""

    def __init__(self, server: Server, ws: ServerConnection, address: str) -> None:
        self.server = server
        self.ws = ws
        self.address = address
        self.queue: asyncio.Queue[object] = asyncio.Queue()
        self.closing = False
        #: Its bad code has been counted against its address.
        self.counted = False
        limits = server.limits
        self.tokens = float(limits.burst)
        self.last = server.clock.now()

    # --- what the table calls ----------------------------------------------------------------

    def send(self, text: str) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self.server.limits.backlog:
            log.info("a screen read too slowly: its connection is dropped")
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(_END)

    # --- the connection's life -------------------------------------------------------------

    async def run(self) -> None:
        writer = asyncio.create_task(self._write())
        late: Cancel | None = self.server.clock.call_later(
            self.server.limits.hello_within, self._late
        )
        connection = self.server.table.open(self.send, self.close)
        try:
            async for message in self.ws:
                if self.closing:  # read on, unheard: the closing handshake needs the reading
                    continue
                if late is not None:
                    late()
                    late = None
                if not self._allowed():
                    self.send(dump(Refused(sentence=t("wire.too_fast"))))
                    self.close()
                    continue
                if isinstance(message, bytes):
                    self.send(dump(Bye(sentence=t("net.bad_binary"))))
                    self.close()
                    continue
                try:
                    connection.receive(message)
                except Exception:  # the table's fault, not the screen's: drop the screen
                    log.exception("the table failed on a message; the connection is closed")
                    self.close()
                self._count(connection)
        except ConnectionClosed:
            pass
        finally:
            if late is not None:
                late()
            self._count(connection)
            self.server.forget(self)
            connection.gone()
            self.close()
            await writer

    def _count(self, connection: TableConnection) -> None:
        if not self.counted and connection.bad_code:
            self.counted = True
            self.server.failures.failed(self.address)

    def _late(self) -> None:
        self.send(dump(Bye(sentence=t("wire.hello_late"))))
        self.close()

    def _allowed(self) -> bool:
        limits = self.server.limits
        now = self.server.clock.now()
        self.tokens = min(float(limits.burst), self.tokens + (now - self.last) * limits.rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    async def _write(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if item is _END:
                    break
                assert isinstance(item, str)
                await self.ws.send(item)
            await self.ws.close()
        except ConnectionClosed:
            pass


def _address(ws: ServerConnection) -> str:
    remote = ws.remote_address
    if isinstance(remote, tuple) and remote:
        return str(remote[0])
    return str(remote)


class Server:
    """A listening server over one table (made by `serve`)."""

    def __init__(self, table: Table, clock: Clock, limits: Limits, max_connections: int) -> None:
        self.table = table
        self.clock = clock
        self.limits = limits
        self.max_connections = max_connections
        self.failures = _Failures(clock, limits)
        self._links: set[_Link] = set()
        self._ws: WsServer | None = None
        self._empty = asyncio.Event()
        self._empty.set()
        #: Connections turned away (full, locked out) since the server started.
        self.turned_away = 0

    @property
    def port(self) -> int:
        """The port it listens on (the first socket's: port 0 asked for a free one)."""
        assert self._ws is not None
        port: int = self._ws.sockets[0].getsockname()[1]
        return port

    @property
    def connections(self) -> int:
        """Websocket connections open now."""
        return len(self._links)

    async def listen(self, host: str, port: int, ssl: ssl_module.SSLContext | None) -> None:
        """Start listening (`serve` does)."""
        self._ws = await ws_serve(
            self._handle,
            host,
            port,
            ssl=ssl,
            process_request=self._process_request,
            max_size=MAX_CLIENT_BYTES,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            open_timeout=10,
            close_timeout=5,
            compression=None,
            logger=_WIRE_LOG,
        )

    async def close(self) -> None:
        """Stop listening, close every connection (their table connections are `gone`)."""
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()

    async def __aenter__(self) -> Server:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- websockets' callbacks -------------------------------------------------------------

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        upgrade = request.headers.get("Upgrade", "")
        if upgrade.lower() != "websocket":
            return connection.respond(HTTPStatus.UPGRADE_REQUIRED, t("wire.not_websocket") + "\n")
        if request.path != "/":  # nothing is read from a URL (a code is never in one)
            return connection.respond(HTTPStatus.NOT_FOUND, t("wire.not_websocket") + "\n")
        return None

    async def _handle(self, ws: ServerConnection) -> None:
        address = _address(ws)
        sentence: str | None = None
        if self.failures.locked(address):
            sentence = t("wire.locked")
        elif len(self._links) >= self.max_connections or (
            sum(1 for link in self._links if link.address == address) >= self.limits.per_address
        ):
            sentence = t("wire.full")
        if sentence is not None:
            self.turned_away += 1
            with contextlib.suppress(ConnectionClosed):
                await ws.send(dump(Bye(sentence=sentence)))
            return  # websockets closes the connection
        link = _Link(self, ws, address)
        self._links.add(link)
        self._empty.clear()
        try:
            await link.run()
        finally:
            self.forget(link)

    def forget(self, link: _Link) -> None:
        """`link` is closed: it no longer counts against the bounds."""
        self._links.discard(link)
        if not self._links:
            self._empty.set()

    async def emptied(self) -> None:
        """Return once no connection is open (at once if none is)."""
        await self._empty.wait()


async def serve(
    table: Table,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    ssl: ssl_module.SSLContext | None = None,
    max_connections: int = 64,
    clock: Clock | None = None,
    limits: Limits | None = None,
) -> Server:
    """Listen on `host`:`port` (0: a free port, `Server.port`) for the screens of `table`;
    `ssl`: wss:// with that context. `clock`: the limits' clock (default: the loop's)."""
    loop = asyncio.get_running_loop()
    server = Server(table, clock or LoopClock(loop), limits or Limits(), max_connections)
    await server.listen(host, port, ssl)
    return server
