"""The guided first game (`el-grande learn`): its table and its computer players' script.

A 3-player game — the player against two computer players — on a fixed seed, the player
first. For the first rounds the computer players' choices are scripted (`SCRIPT`, plain
data) so that the main rules surely come up (a Veto taken and used, Caballeros in the
Castillo, a home bonus…); after the script, or whenever a scripted choice is not legal in
the position the player's own choices made, the normal bot plays: the script never stops
the game. The lessons are the coach's (`el_grande.flow.lessons`).

Same seed + same choices => same game: the script is read from the position only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from el_grande.flow.feature import Feature
from el_grande.flow.lessons import LEARN
from el_grande.setup import GameSetup, SeatSetup, bot_kind
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.core import Choice, Decision, View
    from el_grande.session import GameSession

#: The guided game's seed (`tests/flow/test_guided.py` plays it through and checks which
#: lessons it reaches).
SEED: Final = 2001
#: The computer players' level.
LEVEL: Final = "greedy"

#: (round played, seat, decision kind) -> the choice (its notation) the computer player in
#: that seat makes at every such decision of that round, if it is legal there.
SCRIPT: dict[tuple[int, int, str], str] = {
    # Round 1: the first computer player takes the Veto (face up this round) and keeps it…
    (1, 1, "action_card"): "card veto",
    (1, 1, "turn"): "special",
    # …and uses it on the next special action it may veto (yours: the Veto lesson).
    (1, 1, "veto"): "veto yes",
    (2, 1, "veto"): "veto yes",
    # Rounds 1–3: the second computer player fills the Castillo (the Castillo's scoring, the
    # secret disks and the march at the first general scoring).
    (1, 2, "placement"): "place castillo",
    (2, 2, "placement"): "place castillo",
    (3, 2, "placement"): "place castillo",
    # The action cards whose lessons speak when their special action is done, played where
    # the seed lays them face up: the Grande (round 3), a card that sends Caballeros home
    # and one that gives back a power card (round 4).
    (3, 2, "action_card"): "card grande",
    (3, 2, "turn"): "special",
    (4, 1, "action_card"): "card return_one_each",
    (4, 1, "turn"): "special",
    (4, 2, "action_card"): "card power_cards",
    (4, 2, "turn"): "special",
}


def guided_setup(name: str | None = None) -> GameSetup:
    """The guided game's table: you (yellow, first; `name`, else "Player") and two computer
    players."""
    bots = (t("learn.bot1"), t("learn.bot2"))
    seats = (
        SeatSetup(name if name and name not in bots else t("learn.you"), "yellow"),
        SeatSetup(t("learn.bot1"), "red", bot_kind(LEVEL)),
        SeatSetup(t("learn.bot2"), "blue", bot_kind(LEVEL)),
    )
    return GameSetup(seats, seed=SEED, start_player=0)


def guided_session(name: str | None = None) -> GameSession:
    """A new guided game's session (coached: `GameSession.coach`); `name`: the player's."""
    from el_grande.session import GameSession

    session = GameSession.new(guided_setup(name))
    session.coach = LEARN
    return session


def scripted(view: View, decision: Decision) -> Choice | None:
    """The script's choice for `decision`, if it has one and it is legal now."""
    notation = SCRIPT.get((view.round_number, decision.player, str(decision.kind)))
    if notation is None:
        return None
    return next((c for c in decision.choices if str(c) == notation), None)


class Scripted:
    """A computer player of the guided game: the script where it speaks, else `bot`."""

    needs_view = True

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.name = getattr(bot, "name", "scripted")

    def choose(self, view: View, decision: Decision) -> Choice:
        choice = scripted(view, decision)
        if choice is not None:
            return choice
        return self.bot.choose(view, decision)


class Guided(Feature):
    """The guided game's computer players follow the script (a feature of the table,
    registered for a guided game's session only: `GameSession.coach` is `LEARN`)."""

    def bot(self, seat: int, bot: Bot) -> Bot:
        return Scripted(bot, seat)
