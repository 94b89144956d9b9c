"""Words for the screen, computed from decisions, choices and narrated lines.

Nothing here keeps state: every function takes what it describes and returns text (from the
catalogue) or small tuples. Widgets call these; the core never sees them.
"""

from __future__ import annotations

from collections.abc import Sequence
from string import Formatter
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.cells import cell_len
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text

from el_grande.app.colours import chip_colours
from el_grande.app.shown import card_of, place_of, power_of
from el_grande.app.widgets.glued import GluedVisual
from el_grande.core import (
    Choice,
    Decision,
    DecisionKind,
    View,
)
from el_grande.narrate import Line, Tone, choice_words, decision_words
from el_grande.text import card_name, region, t, template

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
    from textual.visual import Visual

    from el_grande.flow.cautions import Caution
    from el_grande.session import Seating

#: No-break space: the catalogue joins words with it that must stay on one line ("(place 1)").
NO_BREAK = "\u00a0"
#: What stands for it while a text is wrapped: Rich and Textual break lines at any whitespace,
#: the no-break space included. One cell wide, like the space; never in the catalogue.
_GLUE = "\ue000"


class Glued:
    """A text (a rich renderable, and a Textual visual) that breaks lines only at ordinary
    spaces: words joined by a no-break space stay together (in the choice list and the hints,
    "(place" never ends a line with "1)" on the next). Drawn by Textual it follows the
    widget's text-align (`visualize`)."""

    def __init__(self, text: Text | str, hang: str = "") -> None:
        self.text = text if isinstance(text, Text) else Text(text)
        #: Drawn before the first line, its width of blanks before the others (a choice's
        #: caution mark: the label's wrapped lines stay under the label).
        self.hang = hang
        self._wrapped: dict[int, Text] = {}  # by width: a list redraws its rows often

    def __str__(self) -> str:
        return self.hang + self.text.plain

    def _glued(self) -> Text:
        text = self.text.copy()
        text.plain = text.plain.replace(NO_BREAK, _GLUE)  # same length: the styles stay put
        return text

    def wrapped(self, console: Console, width: int) -> Text:
        """The text broken into lines that fit `width`, at ordinary spaces only."""
        if width not in self._wrapped:
            indent = cell_len(self.hang)
            room = max(1, width - indent)
            plain = self.text.plain
            if "\n" in plain or "\t" in plain or cell_len(plain) > room:
                lines = self._glued().wrap(console, room, justify="default")
            else:
                # One line that fits: what `wrap` would make of it (a copy), without dividing
                # it (most choices fit: wrapping them all cost 3 M instructions at a new
                # game's first frame).
                lines = Lines([self.text.copy()])
            for line in lines:
                line.rstrip()
                line.plain = line.plain.replace(_GLUE, NO_BREAK)
            if indent:
                lines = Lines(
                    Text.assemble(self.hang if i == 0 else " " * indent, line)
                    for i, line in enumerate(lines)
                )
            joined = Text("\n", justify=self.text.justify).join(lines)
            self._wrapped[width] = joined
        return self._wrapped[width]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.wrapped(console, options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, Text.assemble(self.hang, self._glued()))

    def visualize(self) -> Visual:
        return GluedVisual(self)


def seconds_text(seconds: float) -> str:
    """Seconds as a sentence shows them: "2.4", "1"."""
    return f"{seconds:.1f}".rstrip("0").rstrip(".") or "0"


def no_orphan(text: Text | str, justify: JustifyMethod = "center") -> Glued:
    """A sentence whose last word never stands alone on a line: its last two words are held
    together (a curtain's "고릅니다." or "Continue)." does not end a paragraph by itself)."""
    text = text.copy() if isinstance(text, Text) else Text(text)
    plain = text.plain
    cut = plain.rstrip().rfind(" ")
    if cut > 0 and " " in plain[:cut].strip():  # two words or more before the last
        text.plain = plain[:cut] + NO_BREAK + plain[cut + 1 :]  # same length: styles stay
    text.justify = justify
    return Glued(text)


def chip(seating: Seating, seat: int, text: str | None = None) -> Text:
    """A player's marker: their letter (plus `text`) on their colour, readable without colour
    (the colour from the active palette: `colours.use_palette`)."""
    bg, fg = chip_colours(seating.colour(seat))
    return Text(f"{seating.letters[seat]}{text or ''}", style=f"bold {fg} on {bg}")


# --- choices ---------------------------------------------------------------------------------


def choice_label(choice: Choice, d: Decision, seating: Seating) -> str:
    return choice_words(choice, d, seating.name)


def does_nothing(choice: Choice, d: Decision, view: View) -> str | None:
    """Why a legal choice would do nothing now (None: it does something). The core offers it
    all the same (old saves replay), so the prompt shows it disabled and says why."""
    if choice.verb == "place" and choice.arg is None and view.players[d.player].court == 0:
        return t("why.court_empty")
    return None


def decision_what(d: Decision, seating: Seating) -> str:
    return decision_words(d, seating.name)


def secret_what(d: Decision) -> str:
    """What a secret choice is about, for the curtain (no other player's information)."""
    if d.kind == DecisionKind.DISK:
        return t(f"curtain.purpose.{d.context.get('purpose', 'castillo')}")
    return t("decision.unknown")


def decision_progress(d: Decision, seating: Seating, view: View) -> str:
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
                parts.append(t("choice.whose", name=seating.name(int(whose))))
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
        parts.append(t("progress.target", name=seating.name(int(ctx["target"]))))
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


def winners_text(winners: tuple[int, ...] | list[int], seating: Seating) -> str:
    names = t("join.winners").join(seating.name(s) for s in winners)
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

    return [
        name
        for _, name, _, _ in Formatter().parse(template(key, fields.get("count")))
        if name is not None
    ]


# --- what the prompt and the curtains say (the game screen draws these) ----------------------


class PromptText(NamedTuple):
    """A human's prompt: its title, the progress and key lines, every choice's option id and
    label, the ids of choices that would do nothing, and the choice it opens on."""

    title: Text
    progress: str
    labels: list[tuple[str, str]]
    idle: frozenset[str]
    cursor: Choice | None


def prompt_text(
    d: Decision,
    view: View,
    seating: Seating,
    cursor: Choice | None,
    cautions: Sequence[Caution] = (),
    gutter: bool = False,
) -> PromptText:
    """The prompt's title, progress lines and choice labels; a choice with a caution (a likely
    mistake: `el_grande.flow.cautions`) is marked "⚠" before its label, on its own line (why,
    in words, is `caution_line`'s, for the highlighted choice). `gutter`: cautions may come
    (warnings on): every label keeps the mark's two cells, so that the list does not move
    when they come a few seconds after the prompt."""
    labels, idle = [], set()
    marks = {c.choice: c for c in cautions}
    for c in d.choices:
        label, why = choice_label(c, d, seating), does_nothing(c, d, view)
        if why is not None:  # offered by the core, but it would do nothing: say so
            label = t("prompt.does_nothing", choice=label, why=why)
            idle.add(str(c))
        if c in marks and why is None:
            label = f"{CAUTION} {label}"
        elif gutter or marks:
            label = f"  {label}"
        labels.append((str(c), label))
    usable = [c for c in d.choices if str(c) not in idle]
    cursor = cursor if cursor in usable else (usable[0] if usable else None)
    title = Text()
    name = seating.name(d.player)
    if d.secret:
        title.append(t("prompt.secret", name=name) + "\n", style="bold reverse")
    title.append_text(chip(seating, d.player, " "))
    heading = styled(
        "prompt.title",
        {"what": "not bold"},
        style="bold",
        name=name,
        what=decision_what(d, seating),
    )
    heading.pad_left(1)
    title.append_text(heading)
    kinds = {place_kind for c in d.choices if (place_kind := _answer_kind(c, d))}
    answered_by = ("map", "cards", "power", "count")
    keys = next((t(f"prompt.keys_{k}") for k in answered_by if k in kinds), "")
    progress = decision_progress(d, seating, view)
    if keys:
        progress = f"{progress}\n{keys}" if progress else keys
    return PromptText(title, progress, labels, frozenset(idle), cursor)


#: The mark before a choice with a caution (one cell, then a space).
CAUTION = "⚠"
#: What a label starts with when cautions may come: the mark, or its room kept.
GUTTERS = (f"{CAUTION} ", "  ")


def caution_line(choice: Choice, d: Decision, seating: Seating, caution: Caution) -> str:
    """The status line while a marked choice is highlighted: the choice and why it is marked."""
    return t("caution.status", choice=choice_label(choice, d, seating), why=caution_text(caution))


def caution_text(caution: Caution) -> str:
    """Why a choice is marked, in a few words ("about 6 points worse than the best choice")."""
    parts = []
    if caution.court:
        parts.append(t("caution.court"))
    if caution.cost is not None:
        parts.append(t("caution.cost", count=round(caution.cost)))
    return t("caution.both", first=parts[0], second=parts[1]) if len(parts) > 1 else parts[0]


def _answer_kind(c: Choice, d: Decision) -> str | None:
    """Which keys answer `c`: the map's, the cards' or the power cards' (for the key line)."""

    if place_of(c):
        return "map"
    if card_of(c):
        return "cards"
    if power_of(c) is not None and d.kind == DecisionKind.POWER:
        return "power"
    if c.verb == "court" and d.kind in (DecisionKind.COURT, DecisionKind.COURT_CARD):
        return "count"  # how many to court: a digit
    return None


def bot_text(d: Decision, choice: Choice | None, view: View, seating: Seating) -> tuple[Text, str]:
    """A computer player's turn: "X is thinking…", then "X chooses: …" (a secret one says only
    "X is choosing in secret…": not even what the choice is about)."""
    name, level = seating.name(d.player), seating.bot_label(d.player)
    title = Text()
    title.append_text(chip(seating, d.player, " "))
    title.append(" ")
    if d.secret:
        title.append(t("bot.secret", name=name), style="bold")
        return title, ""
    if choice is None:
        title.append(t("bot.thinking", name=name, level=level), style="bold")
    else:
        label = choice_label(choice, d, seating)
        title.append(t("bot.chooses", name=name, level=level, choice=label), style="bold")
    title.append("\n" + decision_what(d, seating))
    return title, decision_progress(d, seating, view)
