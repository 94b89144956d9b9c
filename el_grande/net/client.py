"""The websocket client of a remote screen: connects to a hosted table, says hello with its
code, feeds every message to the screen's state, and sends what the screen asks.

    link = SocketLink()
    state = RemoteState(link.send)            # el_grande.net.remote
    sentence = await run_client("ws://host:8765/", code, state, link=link)

A dropped connection is connected again on its own (websockets' `connect` as an async
iterator: at once after a connection that worked, then with a growing delay while the host
cannot be reached), with the same hello: the table sends the whole state again. What the
screen sends while there is no connection is dropped (the state coming back shows what is
still to answer). It ends when the table says `bye` (its sentence is returned), when it is
cancelled, or on an error no retry can mend (a URL that is not a table's, a certificate not
trusted: raised).

The code goes only into the hello frame: never into the URL, a log line or an exception, and
websockets' own logger here never logs at DEBUG (where it would write frames).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.client import process_exception
from websockets.exceptions import ConnectionClosed

from el_grande.net.protocol import MAX_SERVER_BYTES, PROTOCOL, Hello, dump

if TYPE_CHECKING:
    import ssl as ssl_module

__all__ = ["ScreenState", "SocketLink", "backoff", "run_client"]

log = logging.getLogger(__name__)
_WIRE_LOG = logging.getLogger("el_grande.net.wire.client")
_WIRE_LOG.setLevel(logging.INFO)

#: A connection shorter than this that ends without `bye` counts as a failed attempt (the
#: next one waits, so a host that closes at once is not asked in a tight loop).
_SHORT = 2.0


class ScreenState(Protocol):
    """What the client needs of a screen's state (`el_grande.net.remote.RemoteState`)."""

    def feed(self, text: str) -> None: ...


def backoff() -> Generator[float]:
    """Seconds before each new attempt while the host cannot be reached: a game's pace (up to
    half a second at first, then 1, 2, 4, 8, then every 10)."""
    yield random.uniform(0.0, 0.5)
    delay = 1.0
    while True:
        yield delay
        delay = min(10.0, delay * 2)


def _retry(exc: Exception) -> Exception | None:
    """Whether to try again after `exc` (None) or give up (the exception): websockets' rule
    (the network's errors are tried again, a server that is not a table's is not), and a
    certificate that is not trusted is given up on too (trying again cannot mend it)."""
    import ssl  # (loaded with websockets already)

    if isinstance(exc, ssl.SSLError):
        return exc
    return process_exception(exc)


def _tell_connected(state: object, connected: bool) -> None:
    setter = getattr(state, "set_connected", None)
    if callable(setter):
        setter(connected)
    else:
        with contextlib.suppress(AttributeError):
            state.connected = connected  # type: ignore[attr-defined]


class SocketLink:
    """The screen's link while `run_client` runs: `send(text)` goes out on the connection
    open now, in order (nothing is sent between connections)."""

    def __init__(self) -> None:
        self._queue: asyncio.Queue[str] | None = None

    @property
    def connected(self) -> bool:
        return self._queue is not None

    def send(self, text: str) -> None:
        if self._queue is not None:
            self._queue.put_nowait(text)

    def attach(self) -> asyncio.Queue[str]:
        """A connection is open: what is sent from now on waits in this queue for it."""
        self._queue = asyncio.Queue()
        return self._queue

    def detach(self) -> None:
        """The connection is gone: nothing is sent until the next one."""
        self._queue = None


async def _carry(ws: ClientConnection, queue: asyncio.Queue[str]) -> None:
    with contextlib.suppress(ConnectionClosed):
        while True:
            await ws.send(await queue.get())


def _bye(text: str) -> str | None:
    """The sentence of a `bye` (None: another message). Only a bye is read here: every
    message is the state's to read."""
    if not text.startswith('{"t":"bye"'):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    sentence = data.get("sentence") if isinstance(data, dict) else None
    return sentence if isinstance(sentence, str) else None


async def run_client(
    url: str,
    code: str,
    state: ScreenState,
    *,
    link: SocketLink | None = None,
    ssl: ssl_module.SSLContext | None = None,
    reconnect_delays: Callable[[], Generator[float]] = backoff,
    open_timeout: float = 10.0,
) -> str:
    """Play or watch at the table at `url` with `code` until it says `bye` (its sentence is
    returned); see the module docstring."""
    link = link if link is not None else SocketLink()
    hello = dump(Hello(v=PROTOCOL, code=code))
    delays: Generator[float] | None = None
    loop = asyncio.get_running_loop()
    async for ws in connect(
        url,
        ssl=ssl,
        max_size=MAX_SERVER_BYTES,
        open_timeout=open_timeout,
        ping_interval=20,
        ping_timeout=20,
        close_timeout=5,
        compression=None,
        reconnect_delays=reconnect_delays,
        process_exception=_retry,
        logger=_WIRE_LOG,
    ):
        began = loop.time()
        sentence: str | None = None
        carrier: asyncio.Task[None] | None = None
        try:
            await ws.send(hello)
            carrier = asyncio.create_task(_carry(ws, link.attach()))
            _tell_connected(state, True)
            async for text in ws:
                if isinstance(text, bytes):
                    continue  # the table sends text only
                try:
                    state.feed(text)
                except ValueError:  # ProtocolError, CodecError: this client's or the host's bug
                    log.warning("a message from the table could not be read; it is skipped")
                sentence = _bye(text) or sentence
                if sentence is not None:
                    break
        except ConnectionClosed:
            pass
        finally:
            link.detach()
            if carrier is not None:
                carrier.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await carrier
            _tell_connected(state, False)
        if sentence is not None:
            return sentence
        if loop.time() - began < _SHORT:
            delays = delays or reconnect_delays()
            await asyncio.sleep(next(delays))  # the pace of retries, not a wait for anything
        else:
            delays = None
    raise AssertionError("unreachable: connect() iterates for ever")  # pragma: no cover
