"""Words and numbers for the screen, computed from events, decisions and views.

Nothing here keeps state: every function takes what it describes and returns text (from the
catalogue) or small tuples. Widgets call these; the core never sees them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from el_grande.app.setup import COLOUR_STYLES
from el_grande.core import (
    CARD_STACK,
    PLACES,
    POWER_CABALLEROS,
    Choice,
    Decision,
)
from el_grande.core import events as E
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.core import Event

#: Verbs whose argument is a place, answered on the map.
PLACE_VERBS = frozenset(
    {"place", "from", "to", "region", "score", "king", "grande", "disk", "recall", "return"}
)
PLACES_ON_MAP = frozenset(PLACES)


def place_of(choice: Choice) -> str | None:
    """The map place a choice points at, if it is region-shaped."""
    if choice.verb in PLACE_VERBS and choice.arg in PLACES_ON_MAP:
        return str(choice.arg)
    if choice.verb == "to" and choice.arg in PLACES_ON_MAP:
        return str(choice.arg)
    return None


def card_of(choice: Choice) -> str | None:
    return str(choice.arg) if choice.verb == "card" else None


def power_of(choice: Choice) -> int | None:
    return int(choice.arg) if choice.verb in ("power", "retrieve") else None  # type: ignore[arg-type]


def chip(session: GameSession, seat: int, text: str | None = None) -> Text:
    """A player's marker: their letter (plus `text`) on their colour, readable without colour."""
    bg, fg = COLOUR_STYLES.get(session.colour(seat), ("white", "black"))
    return Text(f"{session.letters[seat]}{text or ''}", style=f"bold {fg} on {bg}")


def who(session: GameSession, seat: int) -> str:
    return session.name(seat)


# --- choices ---------------------------------------------------------------------------------


def choice_label(choice: Choice, d: Decision, session: GameSession) -> str:
    verb, arg = choice.verb, choice.arg
    if verb == "power":
        return t("choice.power", n=arg, court=POWER_CABALLEROS[int(arg)])  # type: ignore[arg-type]
    if verb == "court":
        return t("choice.court", n=arg)
    if verb == "recall":
        return t("choice.recall", region=region(str(arg)))
    if verb == "card":
        return t("choice.card", name=card_name(str(arg)), n=CARD_STACK[str(arg)])
    if verb in ("place", "special", "skip") and arg is None:
        return t(f"choice.turn.{verb}")
    if verb == "place":
        return t("choice.place", region=region(str(arg)))
    if verb == "done":
        return t("choice.done")
    if verb == "veto":
        return t(f"choice.veto.{arg}")
    if verb == "from":
        return t("choice.from", region=region(str(arg)))
    if verb == "whose":
        return t("choice.whose", name=session.name(int(arg)))  # type: ignore[arg-type]
    if verb == "to":
        return t("choice.to", region=region(str(arg)))
    if verb == "region":
        return t("choice.region", region=region(str(arg)))
    if verb == "mode":
        return t(f"choice.mode.{arg}")
    if verb == "score":
        return t("choice.score", region=region(str(arg)))
    if verb == "return":
        if arg == "court":
            return t("choice.return_court")
        return t("choice.return", region=region(str(arg)))
    if verb == "pass":
        return t("choice.pass")
    if verb == "board":
        return t("choice.board", board=arg)
    if verb == "king":
        return t("choice.king", region=region(str(arg)))
    if verb == "grande":
        return t("choice.grande", region=region(str(arg)))
    if verb == "retrieve":
        return t("choice.retrieve", n=arg)
    if verb == "disk":
        if d.context.get("purpose") == "castillo" and arg == d.context.get("king"):
            return t("choice.disk_court", region=region(str(arg)))  # R-G3
        return t("choice.disk", region=region(str(arg)))
    return str(choice)


def decision_what(d: Decision, session: GameSession) -> str:
    ctx = d.context
    kind = d.kind
    if kind == "veto":
        return t("decision.veto", name=session.name(ctx.get("seat", 0)))
    if kind == "return_one":
        return t("decision.return_one", name=session.name(ctx.get("target", 0)))
    if kind == "disk":
        return t("decision.disk") + ": " + t(f"purpose.{ctx.get('purpose', 'castillo')}")
    key = f"decision.{kind}"
    text = t(key)
    return text if text != key else t("decision.unknown")


def secret_what(d: Decision) -> str:
    """What a secret choice is about, for the curtain (no other player's information)."""
    if d.kind == "disk":
        return t(f"curtain.purpose.{d.context.get('purpose', 'castillo')}")
    return t("decision.unknown")


def decision_progress(d: Decision, session: GameSession) -> str:
    """Where a multi-step action stands, from `decision.context`."""
    ctx: dict[str, Any] = d.context
    parts: list[str] = []
    card = ctx.get("card")
    if card:
        parts.append(t("progress.card", card=card_name(card)))
    if d.kind == "placement" or d.kind == "place_any":
        parts.append(
            t(
                "progress.placed",
                placed=ctx.get("placed", 0),
                limit=ctx.get("limit", 0),
                left=ctx.get("left", 0),
            )
        )
    elif "moved" in ctx and "limit" in ctx:
        parts.append(t("progress.moved", done=ctx["moved"], of=ctx["limit"]))
        if "region" in ctx and d.kind == "move_to":
            whose = ctx.get("whose")
            if whose is not None:
                parts.append(
                    t("choice.whose", name=session.name(int(whose)))
                    + " · "
                    + t("choice.from", region=region(ctx["region"]))
                )
    elif d.kind == "court":
        text = t("choice.power", n=ctx.get("power"), court=ctx.get("allowed"))
        province = session.game.view(None).players[d.player].province
        if province is not None:  # None with a hidden Castillo: the province is secret too
            text += " · " + t("player.province", n=province)
        parts.append(text)
    elif d.kind in ("recall", "angry_king") and "left" in ctx:
        parts.append(t("progress.left", n=ctx["left"]))
    elif d.kind == "disk" and "region" in ctx:
        parts.append(region(ctx["region"]))
    if "target" in ctx:
        parts.append(t("progress.target", name=session.name(int(ctx["target"]))))
    return " · ".join(parts)


# --- events ----------------------------------------------------------------------------------

_WHY = {"rank": None, "tie": "why.tie", "king_bonus": "why.king", "home_bonus": "why.home"}
_POSITION = {1: "why.first", 2: "why.second", 3: "why.third"}


def award_why(award: E.Award) -> str:
    if award.reason == "king_bonus":
        return t("why.king")
    if award.reason == "home_bonus":
        return t("why.home")
    pos = t(_POSITION.get(award.position, "why.third"))
    if award.reason == "tie":
        return f"{t('why.tie')} → {pos}"
    return pos


def awards_text(ev: E.PlaceScored, session: GameSession) -> str:
    parts = [
        t("ev.award", name=session.name(a.seat), points=a.points, why=award_why(a))
        for a in ev.awards
        if a.points
    ]
    return ", ".join(parts)


def scoring_what(why: str, n: int = 0) -> str:
    """What is being scored: general scoring `n` (1-3) or an action card's scoring."""
    if why == "general":
        return t("scoring.general", n=n)
    return t("scoring.special", card=card_name(why))


def describe(ev: Event, session: GameSession) -> Text | None:
    """One log line for a public event (None: not worth a line)."""
    n = session.name
    kind = type(ev)
    if kind is E.RoundStarted:
        return Text(t("ev.round", round=ev.round), style="bold")
    if kind is E.CardsRevealed:
        return Text(t("ev.cards", cards=", ".join(card_name(c) for c in ev.cards)))
    if kind is E.PowerCardPlayed:
        return Text(t("ev.power", name=n(ev.seat), n=ev.value))
    if kind is E.TurnOrderSet:
        return Text(t("ev.order", names=", ".join(n(s) for s in ev.order)))
    if kind is E.TurnStarted:
        return Text(t("ev.turn", name=n(ev.seat)), style="bold")
    if kind is E.CaballerosMoved:
        if ev.count is None:
            return Text(t("ev.moved_hidden", name=n(ev.whose)))
        return Text(
            t(
                "ev.moved",
                name=n(ev.whose),
                count=ev.count,
                s="" if ev.count == 1 else "s",
                src=region(ev.src),
                dst=region(ev.dst),
            )
        )
    if kind is E.ActionCardTaken:
        return Text(t("ev.card", name=n(ev.seat), card=card_name(ev.card)))
    if kind is E.SpecialAnnounced:
        return Text(t("ev.announced", name=n(ev.seat), card=card_name(ev.card)))
    if kind is E.SpecialVetoed:
        return Text(t("ev.vetoed", by=n(ev.by), name=n(ev.seat)), style="bold")
    if kind is E.SpecialSkipped:
        return Text(t("ev.skipped", name=n(ev.seat)))
    if kind is E.VetoKept:
        return Text(t("ev.veto_kept", name=n(ev.seat)))
    if kind is E.VetoExpired:
        return Text(t("ev.veto_expired", name=n(ev.seat)))
    if kind is E.KingMoved:
        return Text(t("ev.king", region=region(ev.dst)), style="bold")
    if kind is E.GrandeMoved:
        return Text(t("ev.grande", name=n(ev.seat), region=region(ev.dst)))
    if kind is E.ScoreboardMoved:
        return Text(t("ev.scoreboard", board=ev.board, region=region(ev.dst)))
    if kind is E.PowerCardRetrieved:
        return Text(t("ev.retrieved", name=n(ev.seat), n=ev.value))
    if kind is E.SecretChosen:
        return Text(t("ev.secret", name=n(ev.seat)), style="dim")
    if kind is E.SecretsRevealed:
        return Text(
            t(
                "ev.revealed",
                choices=", ".join(f"{n(s)} → {region(r)}" for s, r in ev.choices),
            ),
            style="bold",
        )
    if kind is E.ScoringStarted:
        n = sum(1 for r in session.scorings if r.why == "general") + 1
        return Text(t("ev.scoring", what=scoring_what(ev.why, n)), style="bold")
    if kind is E.PlaceScored:
        awards = awards_text(ev, session)
        if not awards:
            return Text(t("ev.scored_none", region=region(ev.place)), style="dim")
        return Text(t("ev.scored", region=region(ev.place), awards=awards))
    if kind is E.ScoringEnded:
        return Text(t("ev.scoring_end"), style="dim")
    if kind is E.GameOver:
        return Text(t("ev.game_over", winners=winners_text(ev.winners, session)), style="bold")
    return None


def winners_text(winners: tuple[int, ...] | list[int], session: GameSession) -> str:
    names = " & ".join(session.name(s) for s in winners)
    return t("over.winner" if len(winners) == 1 else "over.winners", names=names)
