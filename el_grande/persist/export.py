"""The game's story as text or Markdown (`el-grande export`), told by the one narrator
(`el_grande.narrate`): the export, the replay viewer and the live log read the same.

Text from the record (names, a text seed) is shown as text: made printable
(`el_grande.names.printable`: escape codes become visible) and, in Markdown, escaped
(`md_escape`), so that a name can neither drive the terminal nor add a heading, a link,
HTML or emphasis to the export.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from el_grande.names import printable, width
from el_grande.narrate import Line, Narrator, Tone
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Game

# CommonMark lets every ASCII punctuation character be escaped with a backslash, and an
# escaped one is always the literal character: no emphasis, link, heading, table, HTML tag
# or entity can start from it.
_MD_SPECIAL = frozenset(string.punctuation)


def md_escape(text: str) -> str:
    """`text` as literal Markdown text: made printable, every ASCII punctuation character
    backslash-escaped (``*Ana*`` → ``\\*Ana\\*``, ``<b>`` → ``\\<b\\>``)."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in printable(text))


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
    opening = list(game.opening_events)
    steps: list[Step] = []
    rnd = _round_from(opening, 0)
    for i, text in enumerate(record["choices"]):
        d = game.decision
        assert d is not None
        events = tuple(game.apply(game.parse(text)))
        steps.append(Step(i, d.player, d.kind, d.secret, text, events, rnd))
        rnd = _round_from(events, rnd)
    return opening, steps, game


def _round_from(events: Iterable[Any], rnd: int) -> int:
    for ev in events:
        if ev.kind == "round_started":
            rnd = ev.round
    return rnd


def narrator_for(record: dict[str, Any], name: Callable[[str], str] = printable) -> Narrator:
    """The narrator of a recorded game (names shown through `name`)."""
    from el_grande.core import Game

    king = Game.replay(record, upto=0).view(None).king
    return Narrator(list(record["players"]), name=name, king=king)


def story(record: dict[str, Any], reveal: bool = True) -> list[tuple[int | None, Line]]:
    """(choice index or None for setup, line) for every readable event of the game: the
    narrator's lines, as the live log and the replay viewer tell them."""
    from el_grande.core.events import visible_to

    opening, steps, _ = walk(record)
    narrate = narrator_for(record)
    out: list[tuple[int | None, Line]] = []
    for ev in opening:
        out.extend((None, line) for line in narrate.tell(ev if reveal else visible_to(ev, None)))
    for st in steps:
        for ev in st.events:
            shown = ev if reveal else visible_to(ev, None)
            out.extend((st.index, line) for line in narrate.tell(shown))
    return out


def export_text(
    record: dict[str, Any], fmt: str = "text", title: str | None = None, reveal: bool = True
) -> str:
    """The event log as plain text (``fmt="text"``) or Markdown (``fmt="md"``).

    With ``reveal=False`` (an unfinished game) events are shown as the table saw them, so
    a hidden Castillo stays hidden.  The seed is told only for a finished game with
    ``reveal``: in a game still running it would tell every card to come.  Names and other
    text from the record are printable, and escaped in Markdown.  The sentences are the
    narrator's (`el_grande.narrate`), the same as in the live log.
    """
    from el_grande.core.events import visible_to

    opening, steps, game = walk(record)
    md = fmt == "md"
    shown = md_escape if md else printable
    names = [shown(n) for n in record["players"]]
    narrate = narrator_for(record, name=shown)
    opts = record["options"]
    lines: list[str] = []
    head = (
        shown(title) if title is not None else t("export.title", names=t("join.list").join(names))
    )
    castillo = opts.get("castillo", "open")
    fields: dict[str, object] = {
        "rounds": opts.get("rounds", 9),
        "veto": t("export.veto_on" if opts.get("veto", True) else "export.veto_off"),
        "castillo": t(f"export.castillo_{castillo}")
        if castillo in ("open", "hidden")
        else shown(str(castillo)),
    }
    # The seed (with the names) fixes every action card still to come: it is told only
    # once there are none, when the game is over and everything may be told.
    if reveal and game.over:
        setup = t("export.setup", seed=shown(str(record["seed"])), **fields)
    else:
        setup = t("export.setup_unfinished", **fields)
    if md:
        lines += [f"# {head}", "", setup, ""]
    else:
        lines += [head, "=" * width(head), "", setup, ""]

    def emit(line: Line) -> None:
        if line.tone is Tone.ROUND:  # a heading, known by the line's tone, never by its look
            heading_text = line.text.strip("— ").strip()
            if lines and lines[-1]:
                lines.append("")
            lines.extend(
                [f"## {heading_text}", ""] if md else [heading_text, "-" * width(heading_text)]
            )
        else:
            lines.append(f"- {line.text}" if md else line.text)

    for ev in [*opening, *(ev for st in steps for ev in st.events)]:
        for line in narrate.tell(ev if reveal else visible_to(ev, None)):
            emit(line)
    lines.append("")
    if game.over:
        result = t("join.list").join(
            t("ev.final_score", name=n, points=p) for n, p in zip(names, game.scores, strict=True)
        )
        if md:
            lines += [f"## {t('export.result')}", "", result]
        else:
            lines.append(t("export.result_line", scores=result))
    else:
        lines.append(t("export.unfinished", count=len(steps)))
    return "\n".join(lines).rstrip() + "\n"
