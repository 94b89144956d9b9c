"""The game's story as text: events turned into sentences, for export and the replay log.

Sentences come from the app's message catalogue (`el_grande.text`, plain Python, no
Textual), so the log in the replay viewer, the export and the live game read the same.

Text from the record (names, a text seed) is shown as text: made printable
(`el_grande.names.printable`: escape codes become visible) and, in Markdown, escaped
(`md_escape`), so that a name can neither drive the terminal nor add a heading, a link,
HTML or emphasis to the export.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from el_grande import text as tx
from el_grande.names import printable, width

if TYPE_CHECKING:
    from el_grande.core import Game

_ORDINAL = {1: "why.first", 2: "why.second", 3: "why.third"}

# CommonMark lets every ASCII punctuation character be escaped with a backslash, and an
# escaped one is always the literal character: no emphasis, link, heading, table, HTML tag
# or entity can start from it.
_MD_SPECIAL = frozenset(string.punctuation)


def md_escape(text: str) -> str:
    """`text` as literal Markdown text: made printable, every ASCII punctuation character
    backslash-escaped (``*Ana*`` → ``\\*Ana\\*``, ``<b>`` → ``\\<b\\>``)."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in printable(text))


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _award(names: Sequence[str], a: Any) -> str:
    if a.reason == "king_bonus":
        why = tx.t("why.king")
    elif a.reason == "home_bonus":
        why = tx.t("why.home")
    elif a.reason == "tie":
        why = f"{tx.t('why.tie')}, {tx.t(_ORDINAL.get(a.position, 'why.third'))}"
    else:
        why = tx.t(_ORDINAL.get(a.position, "why.third"))
    return tx.t("ev.award", name=_name(names, a.seat), points=a.points, why=why)


class Narrator:
    """Turns events into sentences; keeps the little state sentences need (scoring count)."""

    def __init__(self, names: Sequence[str]):
        self.names = list(names)
        self.general = 0

    def __call__(self, ev: Any) -> str | None:
        """One sentence for `ev`, or None for bookkeeping events nobody needs to read."""
        n = self.names
        k = ev.kind
        if k == "round_started":
            return tx.t("ev.round", round=ev.round)
        if k == "cards_revealed":
            return tx.t("ev.cards", cards=", ".join(tx.card_name(c) for c in ev.cards))
        if k == "power_card_played":
            return tx.t("ev.power", name=_name(n, ev.seat), n=ev.value)
        if k == "turn_order_set":
            return tx.t("ev.order", names=", ".join(_name(n, s) for s in ev.order))
        if k == "turn_started":
            return tx.t("ev.turn", name=_name(n, ev.seat))
        if k == "caballeros_moved":
            if ev.count is None:
                return tx.t("ev.moved_hidden", name=_name(n, ev.whose))
            return tx.t(
                "ev.moved",
                name=_name(n, ev.whose),
                count=ev.count,
                s="" if ev.count == 1 else "s",
                src=tx.region(ev.src),
                dst=tx.region(ev.dst),
            )
        if k == "action_card_taken":
            return tx.t("ev.card", name=_name(n, ev.seat), card=tx.card_name(ev.card))
        if k == "special_announced":
            return tx.t("ev.announced", name=_name(n, ev.seat), card=tx.card_name(ev.card))
        if k == "special_vetoed":
            return tx.t("ev.vetoed", by=_name(n, ev.by), name=_name(n, ev.seat))
        if k == "special_skipped":
            return tx.t("ev.skipped", name=_name(n, ev.seat))
        if k == "veto_kept":
            return tx.t("ev.veto_kept", name=_name(n, ev.seat))
        if k == "veto_expired":
            return tx.t("ev.veto_expired", name=_name(n, ev.seat))
        if k == "king_moved":
            return tx.t("ev.king", region=tx.region(ev.dst))
        if k == "grande_moved":
            return tx.t("ev.grande", name=_name(n, ev.seat), region=tx.region(ev.dst))
        if k == "scoreboard_moved":
            return tx.t("ev.scoreboard", board=ev.board, region=tx.region(ev.dst))
        if k == "power_card_retrieved":
            return tx.t("ev.retrieved", name=_name(n, ev.seat), n=ev.value)
        if k == "secret_chosen":
            return tx.t("ev.secret", name=_name(n, ev.seat))
        if k == "secrets_revealed":
            pairs = ", ".join(f"{_name(n, s)} → {tx.region(r)}" for s, r in ev.choices)
            return tx.t("ev.revealed", choices=pairs)
        if k == "scoring_started":
            if ev.why == "general":
                self.general += 1
                what = tx.t("scoring.general", n=self.general)
            else:
                what = tx.t("scoring.special", card=tx.card_name(ev.why))
            return tx.t("ev.scoring", what=what)
        if k == "place_scored":
            awards = [a for a in ev.awards if a.points]
            if not awards:
                return tx.t("ev.scored_none", region=tx.region(ev.place).capitalize())
            return tx.t(
                "ev.scored",
                region=tx.region(ev.place)[0].upper() + tx.region(ev.place)[1:],
                awards=", ".join(_award(n, a) for a in awards),
            )
        if k == "scoring_ended":
            return tx.t("ev.scoring_end")
        if k == "game_over":
            winners = " & ".join(_name(n, s) for s in ev.winners)
            key = "over.winner" if len(ev.winners) == 1 else "over.winners"
            scores = ", ".join(f"{_name(n, s)} {p}" for s, p in enumerate(ev.scores))
            return tx.t("ev.game_over", winners=f"{tx.t(key, names=winners)} ({scores})")
        if k in ("turn_ended", "round_ended"):
            return None
        return tx.t("ev.other", text=f"{k}: {ev!r}")  # an event kind newer than this file


@dataclass(frozen=True)
class Step:
    """One decision of the record, with what it produced."""

    index: int  # 0-based index in the record's choices
    player: int
    kind: str
    secret: bool
    choice: str
    events: tuple[Any, ...]
    round: int  # the round-track number the decision was made in (0 before round 1)


def walk(record: dict[str, Any]) -> tuple[list[Any], list[Step], Game]:
    """Replay `record` once: events produced by setup, then one Step per choice, final game.

    The record must already be valid (load it through `persist.store` first).
    """
    from el_grande.core import Game

    game = Game.replay(record, upto=0)
    opening = opening_events(game)
    steps: list[Step] = []
    rnd = _round_from(opening, 0)
    for i, text in enumerate(record["choices"]):
        d = game.decision
        assert d is not None
        events = tuple(game.apply(game.parse(text)))
        steps.append(Step(i, d.player, d.kind, d.secret, text, events, rnd))
        rnd = _round_from(events, rnd)
    return opening, steps, game


def opening_events(game: Game) -> list[Any]:
    """The events of setting up `game`: round 1 starts, the cards are turned up.

    `apply` is the core's only source of events, so (like the app's session) rebuild these
    two from the public view of a game that has no choices yet.
    """
    from el_grande.core import events as E

    if game.history:
        return []
    v = game.view(None)
    return [
        E.RoundStarted(v.round, v.round_number, len(v.rounds), v.start_player),
        E.CardsRevealed(tuple(v.face_up)),
    ]


def _round_from(events: Iterable[Any], rnd: int) -> int:
    for ev in events:
        if ev.kind == "round_started":
            rnd = ev.round
    return rnd


def story(record: dict[str, Any], reveal: bool = True) -> list[tuple[int | None, str]]:
    """(choice index or None for setup, sentence) for every readable event of the game."""
    from el_grande.core.events import visible_to

    opening, steps, _ = walk(record)
    narrate = Narrator([printable(n) for n in record["players"]])
    out: list[tuple[int | None, str]] = []
    for ev in opening:
        s = narrate(ev if reveal else visible_to(ev, None))
        if s:
            out.append((None, s))
    for st in steps:
        for ev in st.events:
            s = narrate(ev if reveal else visible_to(ev, None))
            if s:
                out.append((st.index, s))
    return out


def export_text(
    record: dict[str, Any], fmt: str = "text", title: str | None = None, reveal: bool = True
) -> str:
    """The event log as plain text (``fmt="text"``) or Markdown (``fmt="md"``).

    With ``reveal=False`` (an unfinished game) events are shown as the table saw them, so
    a hidden Castillo stays hidden.  Names and other text from the record are printable,
    and escaped in Markdown.
    """
    from el_grande.core.events import visible_to

    opening, steps, game = walk(record)
    md = fmt == "md"
    shown = md_escape if md else printable
    names = [shown(n) for n in record["players"]]
    narrate = Narrator(names)
    opts = record["options"]
    lines: list[str] = []
    head = shown(title) if title is not None else f"El Grande: {', '.join(names)}"
    setup = (
        f"Seed {shown(str(record['seed']))}, {opts.get('rounds', 9)} rounds, "
        f"veto {'on' if opts.get('veto', True) else 'off'}, "
        f"Castillo {opts.get('castillo', 'open')}."
    )
    if md:
        lines += [f"# {head}", "", setup, ""]
    else:
        lines += [head, "=" * width(head), "", setup, ""]

    def emit(sentence: str, heading: bool) -> None:
        if heading:  # a round begins (known by the event, never by what a sentence looks like)
            heading_text = sentence.strip("— ").strip()
            if lines and lines[-1]:
                lines.append("")
            lines.extend(
                [f"## {heading_text}", ""] if md else [heading_text, "-" * width(heading_text)]
            )
        else:
            lines.append(f"- {sentence}" if md else sentence)

    for ev in [*opening, *(ev for st in steps for ev in st.events)]:
        if s := narrate(ev if reveal else visible_to(ev, None)):
            emit(s, ev.kind == "round_started")
    lines.append("")
    if game.over:
        result = ", ".join(f"{n} {p}" for n, p in zip(names, game.scores, strict=True))
        lines += ["## Result", "", result] if md else ["Result: " + result]
    else:
        lines.append(f"(The game is unfinished: {len(steps)} decisions so far.)")
    return "\n".join(lines).rstrip() + "\n"
