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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from el_grande.atomic import atomic_write_text
from el_grande.epilogue import Epilogue, EpilogueBuilder, winners_of
from el_grande.files import Dangling, NotRegular, SameFile, reason, regular_target
from el_grande.hands import Hand, table_lines
from el_grande.names import fit, printable, width
from el_grande.narrate import Line, Tone
from el_grande.persist.errors import SaveFileError
from el_grande.story import Walk
from el_grande.text import card_name, region, t

# CommonMark lets every ASCII punctuation character be escaped with a backslash, and an
# escaped one is always the literal character: no emphasis, link, heading, table, HTML tag
# or entity can start from it.
_MD_SPECIAL = frozenset(string.punctuation)


def md_escape(text: str) -> str:
    """`text` as literal Markdown text: made printable, every ASCII punctuation character
    backslash-escaped (``*Ana*`` → ``\\*Ana\\*``, ``<b>`` → ``\\<b\\>``)."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in printable(text))


def export_text(
    record: dict[str, Any],
    fmt: str = "text",
    title: str | None = None,
    reveal: bool = True,
    hands: Sequence[Sequence[Hand]] = (),
) -> str:
    """The event log as plain text (``fmt="text"``) or Markdown (``fmt="md"``).

    With ``reveal=False`` (an unfinished game) events are shown as the table saw them, so
    a hidden Castillo stays hidden.  The seed is told only for a finished game with
    ``reveal``: in a game still running it would tell every card to come.  Names and other
    text from the record are printable, and escaped in Markdown.  The sentences are the
    narrator's (`el_grande.narrate`), the same as in the live log. `hands`: who played each
    seat when (`el_grande.hands`, the save's `seat_hands`): the seats that changed hands are
    said after the setup line.
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

    epilogue = EpilogueBuilder(len(names))
    for chapter in walk.chapters():
        for line in chapter.lines:
            emit(line)
        epilogue.add(chapter)
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
    who = table_lines(names, hands, len(record["choices"]))
    if who:
        lines += [who[0], *[f"- {line}" if md else f"  {line}" for line in who[1:]], ""]
    lines += body
    lines.append("")
    if md:
        lines += scoring_tables(epilogue.build(game, walk.story, names), names)
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


def scoring_tables(epilogue: Epilogue, names: list[str]) -> list[str]:
    """Markdown: a table per scoring (each place: Caballeros → points, ★ won it) and the
    score-by-round table. `names` are already escaped; the rest is the catalogue's, as in
    the narrator's lines."""
    if not epilogue.scorings:
        return []

    def row(cells: list[str]) -> str:
        return "| " + " | ".join(cells) + " |"

    n = len(names)
    out = [f"## {t('export.scorings')}", ""]
    for scoring in epilogue.scorings:
        rec = scoring.record
        what = t("over.general", n=rec.index) if scoring.general else card_name(rec.why)
        out += [f"### {t('export.scoring_head', what=what, round=rec.round)}", ""]
        out.append(row([t("over.col_place"), t("over.col_values"), *names]))
        out.append(row(["---", "---", *["---:"] * n]))
        for place in scoring.places:
            won = winners_of(place)
            cells = [
                t("over.cell", count=place.counts[s], points=place.points[s])
                + (" ★" if s in won else "")
                for s in range(n)
            ]
            values = "/".join(map(str, place.values))
            out.append(row([region(place.place), values, *cells]))
        out.append(row([t("export.total_row"), "", *[str(p) for p in rec.points]]))
        out.append("")
    out += [f"## {t('export.by_round')}", ""]
    by_round = epilogue.by_round()
    out.append(row([t("over.round_col"), *[str(r + 1) for r in range(len(by_round))]]))
    out.append(row(["---", *["---:"] * len(by_round)]))
    for seat, name in enumerate(names):
        out.append(row([name, *[str(totals[seat]) for totals in by_round]]))
    out.append("")
    return out


def export_format(out: Path | None, fmt: str | None = None) -> str:
    """`fmt` when given, else Markdown for an ``.md`` / ``.markdown`` file, else text."""
    if fmt:
        return fmt
    return "md" if out is not None and out.suffix.lower() in (".md", ".markdown") else "text"


def write_export(
    record: dict[str, Any],
    out: Path,
    fmt: str | None = None,
    *,
    reveal: bool,
    source: Path | None = None,
    hands: Sequence[Sequence[Hand]] = (),
) -> str:
    """Write the export of `record` to `out` (atomically); returns the sentence saying where.

    Refused, each in one sentence (`SaveFileError`), with nothing written: `out` is the save
    file `source` itself (also through a link), a link to nothing, or anything else that is
    not a regular file (a device, a FIFO, a directory); or it cannot be written (a name too
    long, a folder on the way that is a file, a NUL in the name). A symbolic link to a
    regular file is written through: the file it names is replaced, the link stays a link.
    """
    shown = fit(printable(str(out)), 200)  # a person may have typed thousands of characters
    target = export_target(out, source, shown)
    text = export_text(record, export_format(out, fmt), reveal=reveal, hands=hands)
    try:
        atomic_write_text(target, text)
    except (OSError, ValueError) as exc:
        raise SaveFileError(t("save.cannot", path=shown, why=why_not(exc))) from None
    return t("export.written", path=shown)


def export_target(out: Path, source: Path | None, shown: str) -> Path:
    """The regular file an export to `out` replaces (`files.regular_target`), or
    `SaveFileError` why not, in one sentence; it never raises anything else."""
    try:
        return regular_target(out, source)
    except Dangling:
        raise SaveFileError(t("export.dangling", path=shown)) from None
    except NotRegular:
        raise SaveFileError(t("export.not_a_file", path=shown)) from None
    except SameFile:
        raise SaveFileError(t("export.over_save", path=shown)) from None
    except (OSError, ValueError) as exc:
        raise SaveFileError(t("save.cannot", path=shown, why=why_not(exc))) from None


def why_not(exc: OSError | ValueError) -> str:
    """What went wrong, as the end of a sentence (the OS's words: "File name too long")."""
    return printable(reason(exc))
