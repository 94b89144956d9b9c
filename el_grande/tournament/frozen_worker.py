"""The worker a frozen version runs: a script started by `el_grande.tournament.frozen` with
the Python of the frozen version's own virtual environment, in isolated mode (`python -I
frozen_worker.py`: neither this folder nor PYTHONPATH is on its path), so `el_grande` below
is the frozen version's package, with its own rules core and its own bots.

It reads one request a line on standard input and writes one answer a line (JSON) on
standard output; it ends when its input ends (its tournament is gone).

    → {"protocol": 1, "version": "0.2.0.dev0", "levels": {"random": false, "strong": true}}
    ← {"seed": 7, "players": [...], "options": {"rounds": 9, "veto": true, "castillo": "open"},
       "choices": ["power 7", ...], "seat": 2, "level": "strong",
       "budget": {"playouts": 200} | {"seconds": 0.1} | null}
    → {"choice": "power 9", "cpu": 0.093}   or   {"error": "one sentence"}

The game is replayed from its seed, options and the notation of the choices so far (kept
between requests, so a request goes on from the last one's position). The answering bot is
made as this El Grande's driver makes it (`bots.drive`): afresh for the decision, seeded by
the position (`Random(f"{seed}/{seat}/{moves}")`), its seat's memo of positions kept
between its decisions of the game (a memo changes no answer), and it is handed only its
seat's view (`game.view(seat)`) and the decision: the true history stays in this process,
as the true game stays in a tournament's own process for its in-process bots.

Written against the oldest version it serves (b6d5586): `Game.new`, `Game.parse`,
`Game.apply`, `Game.view`, `Game.decision`, `Game.history`, `Options(rounds, veto,
castillo)`, `bots.base.make_bot`, `bots.base.needs_view`, `bots.registry.LEVELS` and
`BotLevel.load`, and nothing newer.
"""

from __future__ import annotations

import inspect
import json
import math
import random
import sys
import time
from typing import IO, Any

PROTOCOL = 1


def main() -> int:
    out = sys.stdout
    sys.stdout = sys.stderr  # what a bot prints never mixes with the answers
    try:
        import el_grande
        from el_grande.bots.registry import LEVELS

        levels = {lv.id: "time_budget" in inspect.signature(lv.load()).parameters for lv in LEVELS}
        hello = {"protocol": PROTOCOL, "version": el_grande.__version__, "levels": levels}
    except Exception as exc:
        _say(out, {"error": f"the frozen version does not start: {exc!r}"})
        return 1
    _say(out, hello)
    table = Table()
    for line in sys.stdin:
        try:
            request = json.loads(line)
            answer = table.answer(request)
        except Exception as exc:  # one sentence back; the tournament voids the game
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        _say(out, answer)
    return 0


def _say(out: IO[str], message: dict[str, Any]) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


class Table:
    """The game of the last request, kept to go on from, and its seats' memos."""

    def __init__(self) -> None:
        self.key: str | None = None
        self.game: Any = None
        self.played: list[str] = []
        self.memos: dict[int, Any] = {}

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        from el_grande.bots.base import make_bot, needs_view

        game = self.at(request)
        decision = game.decision
        seat = int(request["seat"])
        if decision is None or decision.player != seat:
            return {"error": f"it is not seat {seat + 1}'s decision after those choices"}
        moves = len(self.played)
        seed = random.Random(f"{request['seed']}/{seat}/{moves}").randrange(2**31)
        bot = make_bot(str(request["level"]), seed=seed, **_options(request.get("budget")))
        memo = self.memos.get(seat)
        if hasattr(bot, "memo"):
            if memo is None:
                self.memos[seat] = bot.memo
            else:
                bot.memo = memo
        view: Any = game.view(seat) if needs_view(bot) else None
        started = time.thread_time()
        choice = bot.choose(view, decision)
        return {"choice": str(choice), "cpu": time.thread_time() - started}

    def at(self, request: dict[str, Any]) -> Any:
        """The game at the request's position: the kept one gone on, or replayed anew."""
        from el_grande.core import Game, Options

        key = json.dumps([request["seed"], request["players"], request["options"]])
        choices = [str(c) for c in request["choices"]]
        if key != self.key or choices[: len(self.played)] != self.played:
            options = request["options"]
            self.game = Game.new(
                list(request["players"]),
                seed=request["seed"],
                options=Options(
                    rounds=int(options["rounds"]),
                    veto=bool(options["veto"]),
                    castillo=str(options["castillo"]),
                ),
            )
            self.key, self.played, self.memos = key, [], {}
        for text in choices[len(self.played) :]:
            try:
                self.game.apply(self.game.parse(text))
            except ValueError as exc:
                self.key = None  # replayed anew next time
                raise ValueError(
                    f"its rules refuse choice {len(self.played) + 1} ({text!r}): {exc}"
                ) from None
            self.played.append(text)
        return self.game


def _options(budget: dict[str, Any] | None) -> dict[str, Any]:
    """The constructor's options of a searching bot for `budget`."""
    if budget is None:
        return {}
    if "playouts" in budget:  # no clock: repeatable
        return {"time_budget": math.inf, "iterations": int(budget["playouts"])}
    return {"time_budget": float(budget["seconds"]), "clock": time.thread_time}


if __name__ == "__main__":
    raise SystemExit(main())
