"""Helpers of the wire's tests (tests/net/test_server.py, test_hostile.py, test_resume.py):
a small table that answers like the hosted table does at its door (a hello with its code is
welcomed, anything else before it is `bye`), and a client that awaits messages with a bound.

The fake lets the server's own behaviour (limits, lockouts, the writer, the HTTP door) be
tested without a game; whole games go over the real `HostedTable`."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from itertools import count
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

import el_grande
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


# --- a scripted person at a screen, over the real client (el_grande.net.client) -------------


class Scripted:
    """A screen's state fed by `run_client`: keeps what a screen keeps and plays as a person
    would (a random legal answer at its prompt, `end_turn` at its held turn, `seen` at the
    end of a display), through `link` only. `over` is set at the game's end."""

    def __init__(self, link: Any, seed: int = 0, stop_after: int | None = None) -> None:
        import random

        self.link = link
        self.rng = random.Random(seed)
        self.role: str | None = None
        self.seat: int | None = None
        self.scene: Any = None
        self.decision: int | None = None
        self.log: list[Any] = []
        self.welcomes = 0
        self.answers = 0
        self.refused: list[str] = []
        self.bye: str | None = None
        self.connected = False
        self.over = asyncio.Event()
        #: Set at each welcome, and each time the connection is lost (clear them to await).
        self.welcomed = asyncio.Event()
        self.lost = asyncio.Event()
        #: Set once this screen has answered `stop_after` times (it then answers no more
        #: until `go_on`).
        self.stopped = asyncio.Event()
        self.stop_after = stop_after
        self._waiting: tuple[str, int] | None = None

    def set_connected(self, connected: bool) -> None:
        self.connected = connected
        if not connected:
            self.lost.set()

    @property
    def waiting(self) -> tuple[str, int] | None:
        """What it would do next but holds back (`stop_after`): the kind and the id."""
        return self._waiting

    def go_on(self) -> None:
        self.stop_after = None
        if self._waiting is not None:
            kind, ident = self._waiting
            self._waiting = None
            self._act(kind, ident)

    def feed(self, text: str) -> None:
        from el_grande.flow.scenes import Confirm, GameOver, Prompt
        from el_grande.net.codec import decode
        from el_grande.net.protocol import (
            Bye,
            DisplayMessage,
            LogMessage,
            Refused,
            SceneMessage,
            Welcome,
            parse_server,
        )

        message = parse_server(text)
        match message:
            case Welcome():
                self.role, self.seat, self.welcomes = message.role, message.seat, self.welcomes + 1
                self._waiting = None  # a new connection: what is held comes again
                self.welcomed.set()
            case SceneMessage():
                self.scene, self.decision = decode(message.scene), message.id
                if isinstance(self.scene, GameOver):
                    self.over.set()
                elif message.id is not None and isinstance(self.scene, Prompt | Confirm):
                    self._act("answer" if isinstance(self.scene, Prompt) else "end", message.id)
            case DisplayMessage():
                self._act("seen", message.display)
            case LogMessage():
                if message.start == 0:
                    self.log = []
                self.log[message.start :] = [decode(line) for line in message.lines]
            case Refused():
                self.refused.append(message.sentence)
            case Bye():
                self.bye = message.sentence

    def _act(self, kind: str, ident: int) -> None:
        if kind != "seen" and self.stop_after is not None and self.answers >= self.stop_after:
            self._waiting = (kind, ident)
            self.stopped.set()
            return
        if kind == "seen":
            self.link.send(json.dumps({"t": "seen", "display": ident}))
        elif kind == "end":
            self.link.send(json.dumps({"t": "end_turn", "id": ident}))
        else:
            choice = self.rng.choice(self.scene.decision.choices)
            self.answers += 1
            self.link.send(json.dumps({"t": "answer", "id": ident, "choice": str(choice)}))


def real_table(
    seed: int, players: int, bots: Sequence[int] = (), **options: Any
) -> tuple[Any, Any, Any]:
    """A seeded hosted table on this loop (its clock, a thread thinker), greedy computer
    players in the seats `bots`, no pace: (table, codes, the thinker's pool)."""
    import random
    from concurrent.futures import ThreadPoolExecutor

    from el_grande.net.clock import LoopClock, pool_thinker
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, SeatSetup, default_seats

    names = ("Ana", "Ben", "Cy", "Di", "Ed")[:players]
    # The hosted table's modules (the table helper's), in a block of their own.
    from el_grande.net.codes import Codes
    from el_grande.net.table import HostedTable, HostSettings

    seats = tuple(
        SeatSetup(s.name, s.colour, "bot:greedy" if i in bots else "human")
        for i, s in enumerate(default_seats(names))
    )
    session = GameSession.new(GameSetup(seats, seed=seed, **options))
    codes = Codes.new([i not in bots for i in range(players)], source=random.Random(seed))
    loop = asyncio.get_running_loop()
    pool = ThreadPoolExecutor(max_workers=2)
    table = HostedTable(
        session,
        LoopClock(loop),
        pool_thinker(loop, pool),
        codes,
        settings=HostSettings(bot_delay=0.0, display_wait=2.0),
        ids=count(1),
    )
    return table, codes, pool


#: A bound on failure for a host process's start.
HOST_BOUND = 60.0


def host_env(home: Path) -> dict[str, str]:
    """The environment of an `el-grande` process of the tests: its data in `home`, this
    checkout's package, a UTF-8 locale."""
    return {
        **os.environ,
        "EL_GRANDE_HOME": str(home),
        "PYTHONPATH": os.pathsep.join(
            [str(Path(el_grande.__file__).parent.parent), os.environ.get("PYTHONPATH", "")]
        ),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
    }


async def host_process(
    home: Path, *args: str, said: list[str] | None = None
) -> tuple[asyncio.subprocess.Process, int, str]:
    """`el-grande host ARGS` with its data in `home`: the process, its port, the game id (and
    in `said`, if given, the lines it printed before it listened)."""
    env = host_env(home)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "el_grande",
        "--lang",
        "en",
        "host",
        *args,
        "--headless",
        "--bot-delay",
        "0",
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None
    game = port = None
    async with asyncio.timeout(HOST_BOUND):
        while port is None:
            line = (await process.stdout.readline()).decode()
            assert line, "the host ended before it listened"
            if said is not None:
                said.append(line)
            if found := re.search(r"--resume (\S+)", line):
                game = found.group(1)
            if found := re.search(r"ws://127\.0\.0\.1:(\d+)/", line):
                port = int(found.group(1))
    assert game is not None
    return process, port, game
