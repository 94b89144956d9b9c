"""Undo without peeking: record/replay minus the tail, stopped by every reveal.

A decision may be undone only if **all** of these hold (checked one step at a time, so
repeated undos walk back through the current player's turn and stop at the first barrier):

1. the game is not over, and the decision now pending belongs to the player who made the
   last decision (undo is for the player at the keyboard, never for someone else's choice:
   a Veto asked, an Angry-King return, another player's power card all end the chain);
2. the last decision was not a secret one (R-H1; the curtain has been lowered since);
3. applying the last decision produced only events that reveal nothing the player did not
   know before choosing.  Allowed are: Caballeros moved, action card taken, special action
   announced or skipped, Veto kept, King / Grande / scoreboard moved, power card retrieved,
   and a special scoring (scoring_started/place_scored/scoring_ended for an action card),
   because all of those follow from public information.  Everything else is a barrier:
   round start and action cards turned up, power card played, turn order, turn start and
   end, round end, Veto expired or used, any secret chosen or revealed, a general scoring,
   game over — and an unknown event kind (a new event is a barrier until listed here).
   With ``castillo="hidden"`` scoring the Castillo reveals its per-player counts, so it is
   a barrier too.

In practice: within a turn, a player can take back placements, moves, the choice of card and
"place/special/skip", up to (not including) the start of the turn; the power card phase and
all secret and other players' choices can never be undone.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Game

ALLOWED_KINDS = frozenset(
    {
        "caballeros_moved",
        "action_card_taken",
        "special_announced",
        "special_skipped",
        "veto_kept",
        "king_moved",
        "grande_moved",
        "scoreboard_moved",
        "power_card_retrieved",
        "scoring_started",
        "place_scored",
        "scoring_ended",
    }
)


def reveals(event: Any, hidden_castillo: bool) -> bool:
    """True if `event` is a barrier for undo (see the module docstring)."""
    kind = getattr(event, "kind", None)
    if kind not in ALLOWED_KINDS:
        return True
    if kind in ("scoring_started", "place_scored", "scoring_ended"):
        if getattr(event, "why", "general") == "general":
            return True
        if kind == "place_scored" and hidden_castillo and event.place == "castillo":
            return True
    return False


def _hidden_castillo(game: Game) -> bool:
    return game.options.castillo == "hidden"


# The check needs the game as it was one decision ago; rebuilding it is one replay, so cache
# the answer by the choices (the screen asks every time it redraws its footer).
_CACHE: OrderedDict[tuple[Any, ...], tuple[bool, str]] = OrderedDict()
_CACHE_SIZE = 16


def _key(rec: dict[str, Any]) -> tuple[Any, ...]:
    return (
        tuple(rec["players"]),
        rec["seed"],
        tuple(sorted(rec["options"].items())),
        rec.get("start_player"),
        tuple(rec["choices"]),
    )


def undo_check(game: Game) -> tuple[bool, str]:
    """(allowed, reason): whether the last decision may be undone, and why not."""
    from el_grande.core import Game as _Game

    if game.over or game.decision is None:
        return False, t("undo.over")
    rec = game.record()
    choices = rec["choices"]
    if not choices:
        return False, t("undo.nothing")
    key = _key(rec)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    before = _Game.replay(rec, upto=len(choices) - 1)
    answer = _judge(before, choices[-1], game, _hidden_castillo(game))
    _CACHE[key] = answer
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return answer


def _judge(before: Game, last: str, after: Game, hidden_castillo: bool) -> tuple[bool, str]:
    d0, d1 = before.decision, after.decision
    assert d0 is not None and d1 is not None
    if d0.player != d1.player:
        return False, t("undo.other_player")
    if d0.secret:
        return False, t("undo.secret")
    events = before.clone().apply(before.parse(last))
    for ev in events:
        if reveals(ev, hidden_castillo):
            return False, t("undo.revealed")
    return True, ""


def can_undo(game: Game) -> bool:
    """Whether the UI should offer undo now."""
    return undo_check(game)[0]


def undo(game: Game) -> Game | None:
    """The game one decision earlier, or None when undo is not allowed now.

    The returned game is a fresh replay; `game` itself is not changed.
    """
    from el_grande.core import Game as _Game

    if not can_undo(game):
        return None
    rec = game.record()
    return _Game.replay(rec, upto=len(rec["choices"]) - 1)


def undo_turn(game: Game) -> Game | None:
    """Undo as far back as allowed (to the start of the player's turn step), or None."""
    out = None
    while (g := undo(out or game)) is not None:
        out = g
    return out
