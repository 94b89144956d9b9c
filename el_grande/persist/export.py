"""The game's story as text or Markdown (`el-grande export`), told by the one walker
(`el_grande.story.Walk`, the one narrator's lines): the export, the replay viewer and the
live log read the same.

Text from the record (names, a text seed) is shown as text: made printable
(`el_grande.names.printable`: escape codes become visible) and, in Markdown, escaped
(`md_escape`), so that a name can neither drive the terminal nor add a heading, a link,
HTML or emphasis to the export.
"""

from __future__ import annotations

import string
from typing import Any

from el_grande.names import printable, width
from el_grande.narrate import Line, Tone
from el_grande.story import Walk
from el_grande.text import t

# CommonMark lets every ASCII punctuation character be escaped with a backslash, and an
# escaped one is always the literal character: no emphasis, link, heading, table, HTML tag
# or entity can start from it.
_MD_SPECIAL = frozenset(string.punctuation)


def md_escape(text: str) -> str:
    """`text` as literal Markdown text: made printable, every ASCII punctuation character
    backslash-escaped (``*Ana*`` → ``\\*Ana\\*``, ``<b>`` → ``\\<b\\>``)."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in printable(text))


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
    md = fmt == "md"
    shown = md_escape if md else printable
    names = [shown(n) for n in record["players"]]
    walk = Walk(record, reveal=reveal, name=shown)
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
    body: list[str] = []

    def emit(line: Line) -> None:
        if line.tone is Tone.ROUND:  # a heading, known by the line's tone, never by its look
            heading_text = line.text.strip("— ").strip()
            if body and body[-1]:
                body.append("")
            body.extend(
                [f"## {heading_text}", ""] if md else [heading_text, "-" * width(heading_text)]
            )
        else:
            body.append(f"- {line.text}" if md else line.text)

    for chapter in walk.chapters():
        for line in chapter.lines:
            emit(line)
    game = walk.game
    # The seed (with the names) fixes every action card still to come: it is told only
    # once there are none, when the game is over and everything may be told (known once
    # the walk is done: the heading is written last).
    if reveal and game.over:
        setup = t("export.setup", seed=shown(str(record["seed"])), **fields)
    else:
        setup = t("export.setup_unfinished", **fields)
    if md:
        lines += [f"# {head}", "", setup, ""]
    else:
        lines += [head, "=" * width(head), "", setup, ""]
    lines += body
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
        lines.append(t("export.unfinished", count=len(record["choices"])))
    return "\n".join(lines).rstrip() + "\n"
