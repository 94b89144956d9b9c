"""Words for the screen, computed from decisions, choices and narrated lines.

Nothing here keeps state: every function takes what it describes and returns text (from the
catalogue) or small tuples. Widgets call these; the core never sees them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from el_grande.app.colours import chip_colours
from el_grande.core import (
    Choice,
    Decision,
    DecisionKind,
    View,
)
from el_grande.narrate import Line, Tone, choice_words, decision_words
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.session import GameSession


def chip(session: GameSession, seat: int, text: str | None = None) -> Text:
    """A player's marker: their letter (plus `text`) on their colour, readable without colour
    (the colour from the active palette: `colours.use_palette`)."""
    bg, fg = chip_colours(session.colour(seat))
    return Text(f"{session.letters[seat]}{text or ''}", style=f"bold {fg} on {bg}")


# --- choices ---------------------------------------------------------------------------------


def choice_label(choice: Choice, d: Decision, session: GameSession) -> str:
    return choice_words(choice, d, session.name)


def decision_what(d: Decision, session: GameSession) -> str:
    return decision_words(d, session.name)


def secret_what(d: Decision) -> str:
    """What a secret choice is about, for the curtain (no other player's information)."""
    if d.kind == DecisionKind.DISK:
        return t(f"curtain.purpose.{d.context.get('purpose', 'castillo')}")
    return t("decision.unknown")


def decision_progress(d: Decision, session: GameSession, view: View) -> str:
    """Where a multi-step action stands, from `decision.context`."""
    ctx: dict[str, Any] = d.context
    parts: list[str] = []
    card = ctx.get("card")
    if card:
        parts.append(t("progress.card", card=card_name(card)))
    if d.kind == DecisionKind.PLACEMENT or d.kind == DecisionKind.PLACE_ANY:
        parts.append(
            t(
                "progress.placed",
                placed=ctx.get("placed", 0),
                limit=ctx.get("limit", 0),
                left=ctx.get("left", 0),
            )
        )
    elif "moved" in ctx and "limit" in ctx:
        # "Done" only where the choices offer it (moving *all* out of a region offers none).
        can_stop = any(c.verb == "done" for c in d.choices)
        key = "progress.moved" if can_stop else "progress.moved_all"
        parts.append(t(key, done=ctx["moved"], of=ctx["limit"]))
        if "region" in ctx and d.kind == DecisionKind.MOVE_TO:
            whose = ctx.get("whose")
            if whose is not None:
                parts.append(t("choice.whose", name=session.name(int(whose))))
                parts.append(t("choice.from", region=region(ctx["region"])))
    elif d.kind == DecisionKind.COURT:
        parts.append(t("choice.power", n=ctx.get("power"), court=ctx.get("allowed")))
        province = view.players[d.player].province
        if province is not None:  # None with a hidden Castillo: the province is secret too
            parts.append(t("player.province", n=province))
    elif d.kind in (DecisionKind.RECALL, DecisionKind.ANGRY_KING) and "left" in ctx:
        parts.append(t("progress.left", n=ctx["left"]))
    elif d.kind == DecisionKind.DISK and "region" in ctx:
        parts.append(region(ctx["region"]))
    if "target" in ctx:
        parts.append(t("progress.target", name=session.name(int(ctx["target"]))))
    return t("join.parts").join(parts)


# --- the story -----------------------------------------------------------------------------

_TONES = {
    Tone.ROUND: "bold",
    Tone.TURN: "bold",
    Tone.PLAIN: "",
    Tone.QUIET: "dim",
    Tone.SUMMARY: "dim italic",
    Tone.LOUD: "bold",
}


def line_text(line: Line) -> Text:
    """A narrated line as the log shows it (the words are the narrator's, literal text)."""
    return Text(line.text, style=_TONES.get(line.tone, ""))


def winners_text(winners: tuple[int, ...] | list[int], session: GameSession) -> str:
    names = t("join.winners").join(session.name(s) for s in winners)
    return t("over.winner" if len(winners) == 1 else "over.winners", names=names)


#: Private-use characters around a styled field while a sentence is filled in (names and
#: every other text shown never hold private-use characters: `el_grande.names`).
_OPEN, _CLOSE = "\ue000", "\ue001"


def styled(key: str, styles: dict[str, str], style: str = "", **fields: object) -> Text:
    """The sentence `key` as `Text`, the fields named in `styles` set in their own style (a
    name in bold) wherever the language puts them. The words and their order are the
    catalogue's; every field is literal text, never markup."""
    marked = {
        name: f"{_OPEN}{value}{_CLOSE}" if name in styles else value
        for name, value in fields.items()
    }
    sentence = t(key, **marked)
    out = Text(style=style)
    names = iter(n for n in _field_order(key, fields) if n in styles)
    for i, piece in enumerate(sentence.split(_OPEN)):
        if i == 0:
            out.append(piece)
            continue
        inside, _, rest = piece.partition(_CLOSE)
        out.append(inside, style=styles.get(next(names, ""), ""))
        out.append(rest)
    return out


def _field_order(key: str, fields: dict[str, object]) -> list[str]:
    """The fields of the template `key`, in the order the sentence uses them."""
    from string import Formatter

    from el_grande.text import template

    return [
        name
        for _, name, _, _ in Formatter().parse(template(key, fields.get("count")))
        if name is not None
    ]
