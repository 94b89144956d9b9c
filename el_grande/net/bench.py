"""How fast a hosted table answers across the wire: `python -m el_grande.net.bench`.

Tables of one person's seat (played by a script) and three greedy computer players (at the
host's pace, 0.8 s a decision; `--bot-delay 0`: flat out), each with its own server on
127.0.0.1, all in this process as one host would hold them; the scripted seats in ONE other
process (their decoding is not the host's time), over real websockets. What it measures:

- the round trip of a choice: from the script sending its answer to its screen receiving the
  next scene (the table applied it, the computer players' turns began, the scene was
  encoded and sent), p50 and p90, with `--tables` tables at once (20 by default);
- the host's memory per table: the growth of this process's resident size with those
  tables open and played (their games, servers and connections), divided by their number
  (after one table was played and let go first: what all tables share is not counted);
- how many tables this process holds with the p90 under 50 ms: the number of tables doubled
  from `--tables` until the p90 reaches it (or `--most`).

It measures; it is not a test. The computer players think in two worker processes, as the
host's do (`el_grande.net.clock.pool_thinker`): off this process's lock. The wire's rate
limit is lifted for the scripts, which answer at once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

#: The p90 under which a number of tables is held.
TARGET_MS = 50.0


@dataclass
class StepResult:
    tables: int
    trips: int
    p50: float
    p90: float
    seconds: float
    rss_growth: int  # bytes


def _rss() -> int:
    """This process's resident set size in bytes (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- the host's side ------------------------------------------------------------------------


async def _step(tables: int, answers: int, seed: int, bot_delay: float) -> StepResult:
    from el_grande.net.clock import LoopClock, bot_processes, pool_thinker
    from el_grande.net.codes import Codes
    from el_grande.net.server import Limits, serve
    from el_grande.net.table import HostedTable, HostSettings
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, SeatSetup, default_seats

    loop = asyncio.get_running_loop()
    before = _rss()
    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bench-hint")
    processes = bot_processes()
    clock = LoopClock(loop)
    thinker = pool_thinker(loop, pool, processes)
    fast = Limits(rate=1e6, burst=10**6)
    rng = random.Random(seed)
    hosted: list[Any] = []
    servers: list[Any] = []
    seats: list[dict[str, Any]] = []
    try:
        for i in range(tables):
            seating = tuple(
                SeatSetup(s.name, s.colour, "human" if k == 0 else "bot:greedy")
                for k, s in enumerate(default_seats(["Ana", "Ben", "Cy", "Di"]))
            )
            session = GameSession.new(GameSetup(seating, seed=rng.randrange(10**12), rounds=9))
            codes = Codes.new([True, False, False, False])
            table = HostedTable(
                session, clock, thinker, codes, settings=HostSettings(bot_delay=bot_delay)
            )
            table.start()
            server = await serve(table, limits=fast, max_connections=8)
            hosted.append(table)
            servers.append(server)
            seats.append({"port": server.port, "code": codes.seats[0], "seed": i})
        began = time.perf_counter()
        client = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "el_grande.net.bench",
            "--client",
            "--answers",
            str(answers),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        # The codes go to the scripts on their standard input: never on a command line.
        out, _ = await client.communicate(json.dumps(seats).encode())
        seconds = time.perf_counter() - began
        grown = _rss() - before
        trips = json.loads(out)["trips"]
    finally:
        for table in hosted:
            table.close()
        for server in servers:
            await server.close()
        pool.shutdown(wait=False, cancel_futures=True)
        processes.shutdown(wait=False, cancel_futures=True)
    return StepResult(
        tables,
        len(trips),
        _percentile(trips, 0.5),
        _percentile(trips, 0.9),
        seconds,
        max(0, grown),
    )


# --- the scripts' side (a process of their own) ---------------------------------------------


async def _script(port: int, code: str, answers: int, seed: int, trips: list[float]) -> None:
    """One seat played at once with random legal answers until it has answered `answers`
    times (or the game ended); each answer's round trip to the next scene into `trips`."""
    from websockets.asyncio.client import connect

    from el_grande.flow.scenes import GameOver, Prompt
    from el_grande.net.codec import decode
    from el_grande.net.protocol import MAX_SERVER_BYTES, PROTOCOL, Hello, dump

    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    sent_at: float | None = None
    done = 0
    async with connect(
        f"ws://127.0.0.1:{port}/", max_size=MAX_SERVER_BYTES, compression=None
    ) as ws:
        await ws.send(dump(Hello(v=PROTOCOL, code=code)))
        async for text in ws:
            assert isinstance(text, str)
            data = json.loads(text)
            kind = data["t"]
            if kind == "display":
                await ws.send(json.dumps({"t": "seen", "display": data["display"]}))
                continue
            if kind != "scene":
                continue
            if sent_at is not None:
                trips.append((loop.time() - sent_at) * 1000.0)
                sent_at = None
                if done >= answers:
                    return
            if data["id"] is None:
                if data["scene"].get("$") == "GameOver":
                    return
                continue
            scene = decode(data["scene"])
            if isinstance(scene, GameOver):
                return
            if isinstance(scene, Prompt):
                choice = rng.choice(scene.decision.choices)
                message = {"t": "answer", "id": data["id"], "choice": str(choice)}
            else:  # a held turn: end it
                message = {"t": "end_turn", "id": data["id"]}
            done += 1
            sent_at = loop.time()
            await ws.send(json.dumps(message))


async def _scripts(answers: int) -> int:
    seats = json.loads(sys.stdin.read())
    trips: list[float] = []
    await asyncio.gather(*(_script(s["port"], s["code"], answers, s["seed"], trips) for s in seats))
    print(json.dumps({"trips": trips}))
    return 0


# --- the command ----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m el_grande.net.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tables", type=int, default=20, help="tables at first (default 20)")
    parser.add_argument(
        "--answers", type=int, default=20, help="answers per scripted seat (default 20)"
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        help="the computer players' pace, seconds a decision (default 0.8, the host's; 0: "
        "every table plays flat out, the worst case)",
    )
    parser.add_argument("--most", type=int, default=320, help="the most tables tried (default 320)")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    parser.add_argument("--client", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.client:
        return asyncio.run(_scripts(args.answers))
    return asyncio.run(_bench(args))


async def _bench(args: argparse.Namespace) -> int:
    # A table played first and let go: what every table shares (imports, the pools, the
    # caches) is not counted as the first step's tables' memory.
    await _step(1, 2, args.seed, 0.0)
    results: list[StepResult] = []
    tables = max(1, args.tables)
    while True:
        result = await _step(tables, args.answers, args.seed, args.bot_delay)
        results.append(result)
        if not args.json:
            print(
                f"{result.tables:4d} tables: round trip p50 {result.p50:6.1f} ms, "
                f"p90 {result.p90:6.1f} ms ({result.trips} answers in {result.seconds:.1f} s); "
                f"memory {result.rss_growth / result.tables / 1024:.0f} KiB a table",
                flush=True,
            )
        if result.p90 >= TARGET_MS or tables * 2 > args.most:
            break
        tables *= 2
    held = [r.tables for r in results if r.p90 < TARGET_MS]
    first = results[0]
    summary = {
        "tables": first.tables,
        "p50_ms": round(first.p50, 2),
        "p90_ms": round(first.p90, 2),
        "memory_per_table_kib": round(first.rss_growth / first.tables / 1024),
        "held_under_50ms": max(held) if held else 0,
        "steps": [r.__dict__ for r in results],
    }
    if args.json:
        print(json.dumps(summary))
    else:
        most = summary["held_under_50ms"]
        capped = " (the most tried)" if results[-1].p90 < TARGET_MS else ""
        print(f"one process holds {most} tables with a p90 under {TARGET_MS:.0f} ms{capped}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
