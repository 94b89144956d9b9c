"""The coach panel: the lesson of a guided game, or a normal game's one-line tip.

It reads the table flow's coach (`el_grande.flow.lessons.Coach`) whenever the game screen
draws the flow's frame (`draw`), and lights the widget the lesson speaks of (the class
`-coached` on it). It sits in
the left column, between the players and the log: there it stays in view while a scoring
display covers the right column. At 100×30 it takes the log's room (the log keeps two lines);
`i` hides it and brings it back (a tip: `i` or Escape dismisses it); in the guided game `[`
and `]` page back and on through the lessons met ("Lesson 3 of 9" on its top edge).

Everything it says is the catalogue's, from public things only (the coach reads the public
board): it never tells a secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from el_grande.flow.lessons import BY_ID, CARD_TIP, LEARN
from el_grande.text import card_name, card_text, t

if TYPE_CHECKING:
    from el_grande.flow.lessons import Coach, Lesson

#: Terminals shorter than this (100×30) give the guided game's coach the log's room.
ROOMY = 36
#: The game screen's widgets a lesson may light (their ids).
LIT = ("map", "cards", "players", "prompt", "track")


def lesson_text(lesson: Lesson) -> str:
    """A lesson's sentences, one paragraph."""
    return " ".join(t(key) for key in lesson.sentence_keys)


def tip_line(current: str) -> str:
    """A tip in one line: a lesson's title and first sentence, or an action card's text."""
    if current.startswith(CARD_TIP):
        card = current[len(CARD_TIP) :]
        return t("learn.tip_card", card=card_name(card), text=card_text(card))
    lesson = BY_ID[current]
    return t("learn.tip", title=t(lesson.title_key), text=t(lesson.sentence_keys[0]))


class CoachPanel(Static):
    """The coach (see the module docstring); hidden in a game with no coach. The game screen's
    keys `i`, Escape, `[` and `]` call `toggle` and `turn_page` (app/screens/game_keys.py)."""

    def __init__(self, coach: Coach | None, **kwargs: object) -> None:
        # A tip's class from the start: styled once when mounted, not again at the first draw.
        tip = "-tip" if coach is not None and coach.mode != LEARN else None
        super().__init__("", markup=False, classes=tip, **kwargs)  # type: ignore[arg-type]
        self.coach = coach
        self._lit: str | None = None  # the id of the widget lit (class `-coached`), if any

    def on_mount(self) -> None:
        self.border_title = t("learn.coach_title")  # a guided game's: with its keys (draw)
        self.draw()

    @property
    def showing(self) -> bool:
        """Whether the panel is on screen now."""
        coach = self.coach
        if coach is None or coach.hidden:
            return False
        return coach.mode == LEARN or coach.current is not None

    def toggle(self, dismiss: bool = False) -> None:
        """`i`: hide or bring back the coach (a tip: dismiss it, or show it again);
        `dismiss` (Escape): only hide a tip on show."""
        coach = self.coach
        if dismiss and (coach is None or coach.mode == LEARN or not self.showing):
            return
        if coach is not None:
            coach.toggle()
            self.draw()

    def turn_page(self, by: int) -> None:
        """`[` (-1), `]` (+1): the lesson met before or after the one on show (the first and
        the latest stay where they are)."""
        coach = self.coach
        if coach is not None and coach.turn_page(by):
            self.draw()

    def on_resize(self) -> None:
        self._make_room()

    def _make_room(self) -> None:
        """Below `ROOMY` rows (100×30) the guided game's coach takes the log's room (the
        class `-coach-room` on the column; set on it, not on the screen: only the column
        is restyled)."""
        coach = self.coach
        room = self.showing and coach is not None and coach.mode == LEARN
        if self.parent is not None:
            self.parent.set_class(room and self.app.size.height < ROOMY, "-coach-room")

    def draw(self) -> None:
        coach = self.coach
        shown = self.showing
        self.display = shown
        self._make_room()
        self.set_class(coach is not None and coach.mode != LEARN, "-tip")
        lesson = coach.lesson if coach is not None else None
        lit = lesson.widget if shown and lesson is not None and coach is not None else None
        if coach is not None and coach.mode != LEARN:
            lit = None  # a tip lights nothing: one line, out of the way
        if lit != self._lit:  # (the screen is searched only when the light moves: rarely)
            self._lit = lit
            for id in LIT:
                for widget in self.screen.query(f"#{id}"):
                    widget.set_class(id == lit, "-coached")
        if not shown or coach is None:
            return
        if coach.mode != LEARN:
            assert coach.current is not None
            tip = tip_line(coach.current)
            self.update(Text(tip, no_wrap=True, overflow="ellipsis"))
            # The whole sentence, if the line is cut, and how to dismiss it (the footer: `i`).
            self.tooltip = tip + "\n" + t("learn.coach_keys_tip")
            return
        # The lesson's title on the panel's top edge, where it stands among the lessons met
        # and the coach's keys (the sentences get every row below it: five at 100×30).
        title = t("learn.coach_title") if lesson is None else t(lesson.title_key)
        position = coach.position
        if position is not None and position[1] > 1:
            title = t("learn.coach_page", n=position[0], of=position[1], title=title)
        keys = "learn.coach_keys_pages" if coach.can_page else "learn.coach_keys"
        self.border_title = t(keys, title=title)
        self.update(Text(t("learn.coach_wait") if lesson is None else lesson_text(lesson)))


def summary_text(met_ids: list[str]) -> Text:
    """The guided game's summary: the lessons met and those the game never reached, each
    with its help page (`?`)."""
    from el_grande.flow.lessons import LESSONS

    met = [lesson for lesson in LESSONS if lesson.id in met_ids]
    missed = [lesson for lesson in LESSONS if lesson.id not in met_ids]
    text = Text()
    text.append(t("learn.summary_title") + "\n\n", style="bold")
    for heading, lessons in (("learn.summary_met", met), ("learn.summary_missed", missed)):
        text.append(t(heading, n=len(lessons)) + "\n", style="bold")
        if not lessons:
            text.append("  " + t("learn.summary_none") + "\n")
        for lesson in lessons:
            page = t(f"help.{lesson.help}_title")
            text.append("  " + t("learn.summary_line", title=t(lesson.title_key), page=page))
            text.append("\n")
        text.append("\n")
    return text
