"""The statistics screen (the title's "Statistics"): everybody with recorded games — people
and computer levels — with their games, wins and rating; Enter (or a click) on one shows
their record: totals, by number of players, by opponents' kind, a chart of their wins and
average points over time (`widgets.record`), and with `h` and a second pick, head to head.
`r` renames a person in every recorded game, `f` forgets one (their name replaced, their
games kept for the others), `d` deletes one of their games; each is asked first.

The numbers are `el_grande.persist.stats`'s, the changes `el_grande.persist.games`'s; a
database that cannot be opened, or holds no game, is one sentence here, and nothing breaks.
Both modules (and `sqlite3`) are imported when the screen opens, never at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from el_grande.app.closing import close
from el_grande.app.screens.boxed import BoxedModal
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.record import RecordView, level_name
from el_grande.names import name_problem, normalise, pad, person_key, printable
from el_grande.text import t

if TYPE_CHECKING:
    from sqlite3 import Connection

    from el_grande.persist.stats import Record

#: A name's cells in the list (a new name is at most 12, "computer: medium" 16; longer: cut).
NAME_CELLS = 17
#: The Hangul jamo of the screen's letters on a Korean (2-beolsik) keyboard.
JAMO = {"ㅗ": "h", "ㄱ": "r", "ㄹ": "f", "ㅇ": "d"}
#: A person's games offered for deletion, the latest first.
GAMES_SHOWN = 200


@dataclass(frozen=True)
class Entrant:
    """One line of the list: a person (by their latest spelling) or a computer level."""

    name: str  # what `stats.record` is asked with
    shown: str  # what the list says
    person: bool
    games: int
    wins: int
    rating: float | None


class StatsScreen(StyledOnce, Screen[None]):
    CSS_PATH = "stats.tcss"
    #: The record keeps the height of its first drawing, as a second layout left it (its
    #: scroll bar's thumb, in the snapshots): a layout once would fit it to its lines.
    relaid = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "keys.back", id="stats_back"),
        Binding("h", "head_to_head", "statscreen.key_h2h", id="stats_h2h"),
        Binding("r", "rename", "statscreen.key_rename", id="stats_rename"),
        Binding("f", "forget", "statscreen.key_forget", id="stats_forget"),
        Binding("d,delete", "delete_game", "statscreen.key_delete", id="stats_delete"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entrants: list[Entrant] = []
        self.picked: Entrant | None = None
        self.other: Entrant | None = None  # head to head with
        self.choosing_other = False
        self.problem: str | None = None
        self._conn: Connection | None = None

    def compose(self) -> ComposeResult:
        yield Static(t("statscreen.title"), id="stats-title", markup=False)
        with Horizontal(id="stats-body"):
            with Vertical(id="stats-side"):
                yield Static(self._header(), id="stats-head", markup=False)
                yield OptionList(id="stats-list", markup=False)
            with VerticalScroll(id="stats-detail"):
                yield RecordView(id="stats-record")
        yield Static("", id="stats-problem", markup=False)
        notice = Static("", id="stats-notice", markup=False)
        notice.display = False
        yield notice
        yield KeyBar()

    def on_mount(self) -> None:
        self._load()

    def on_unmount(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # --- reading -------------------------------------------------------------------------------

    def _load(self, keep: str | None = None) -> None:
        """Read the list (again); the entrant named `keep` (else the first) picked."""
        from el_grande.persist.games import GamesUnavailable, open_games

        self.entrants, self.problem = [], None
        try:
            if self._conn is None:
                self._conn = open_games()
            self.entrants = _entrants(self._conn)
        except GamesUnavailable as exc:
            self.problem = exc.sentence
        except Exception as exc:  # sqlite3.Error (not imported here): one sentence
            self.problem = t("statscreen.broken", why=printable(str(exc)))
        if self.problem is None and not self.entrants:
            self.problem = t("statscreen.empty")
        self._show_list(keep)

    def _show_list(self, keep: str | None) -> None:
        options = self.query_one("#stats-list", OptionList)
        options.clear_options()
        options.add_options(Option(_line(e), id=str(i)) for i, e in enumerate(self.entrants))
        problem = self.query_one("#stats-problem", Static)
        problem.update(Text(self.problem or ""))
        problem.display = self.problem is not None
        self.query_one("#stats-body").display = self.problem is None
        self.picked = self.other = None
        self.choosing_other = False
        if not self.entrants:
            self.refresh_bindings()
            return
        at = next((i for i, e in enumerate(self.entrants) if e.name == keep), 0)
        options.highlighted = at
        options.focus()
        self._pick(self.entrants[at])

    def _pick(self, entrant: Entrant) -> None:
        from el_grande.persist import stats

        assert self._conn is not None
        self.picked, self.other = entrant, None
        view = self.query_one("#stats-record", RecordView)
        try:
            record = _record(self._conn, entrant)
            points = stats.trend(self._conn, entrant.name) if record is not None else ()
        except Exception as exc:  # sqlite3.Error: one sentence
            view.say(t("statscreen.broken", why=printable(str(exc))))
            return
        if record is None:
            view.say(t("statscreen.nobody", name=printable(entrant.shown)))
        else:
            view.show(record, points)
        self.query_one("#stats-detail", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def _head_to_head(self, other: Entrant) -> None:
        from el_grande.persist import stats

        assert self._conn is not None and self.picked is not None
        view = self.query_one("#stats-record", RecordView)
        try:
            h2h = stats.head_to_head(self._conn, self.picked.name, other.name)
        except Exception as exc:  # sqlite3.Error: one sentence
            self._say(error=t("statscreen.broken", why=printable(str(exc))))
            return
        self.other = other
        view.show(view.record, view.points, [_h2h_text(self.picked, other, h2h)])
        self.query_one("#stats-detail", VerticalScroll).scroll_end(animate=False)

    # --- keys and clicks -------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        entrant = self.entrants[int(event.option.id)]
        self._say()
        if self.choosing_other:
            self.choosing_other = False
            if entrant == self.picked:
                self._say(error=t("statscreen.same"))
                return
            self._head_to_head(entrant)
            return
        self._pick(entrant)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("head_to_head", "rename", "forget", "delete_game"):
            if self.picked is None or self.problem is not None:
                return None  # shown dim: nobody picked
            if action in ("rename", "forget") and not self.picked.person:
                return None  # a computer level has no name of its own to change
        return True

    def action_back(self) -> None:
        if self.choosing_other:
            self.choosing_other = False
            self._say()
            return
        close(self)

    def action_head_to_head(self) -> None:
        if self.picked is None:
            return
        self.choosing_other = True
        self._say(notice=t("statscreen.pick_other", name=printable(self.picked.shown)))

    def action_rename(self) -> None:
        picked = self.picked
        if picked is None or not picked.person:
            return

        def typed(new: str | None) -> None:
            if new is None:
                return
            question = t("statscreen.rename_ask", old=printable(picked.shown), new=printable(new))

            def answered(yes: bool | None) -> None:
                if yes:
                    self._change("rename", picked, new)

            self.app.push_screen(AskScreen(question, t("statscreen.rename_note")), answered)

        self.app.push_screen(AskNameScreen(picked.shown), typed)

    def action_forget(self) -> None:
        picked = self.picked
        if picked is None or not picked.person:
            return
        question = t("statscreen.forget_ask", name=printable(picked.shown))

        def answered(yes: bool | None) -> None:
            if yes:
                self._change("forget", picked)

        self.app.push_screen(AskScreen(question, t("statscreen.forget_note")), answered)

    def action_delete_game(self) -> None:
        picked = self.picked
        if picked is None or self._conn is None:
            return
        try:
            games = _games_of(self._conn, picked)
        except Exception as exc:  # sqlite3.Error: one sentence
            self._say(error=t("statscreen.broken", why=printable(str(exc))))
            return
        if not games:
            self._say(error=t("statscreen.no_games"))
            return

        def chosen(game: tuple[str, str] | None) -> None:
            if game is None:
                return
            game_id, line = game
            question = t("statscreen.delete_ask", game=line)

            def answered(yes: bool | None) -> None:
                if yes:
                    self._change("delete", picked, game_id)

            self.app.push_screen(AskScreen(question, t("statscreen.delete_note")), answered)

        self.app.push_screen(GamesScreen(picked.shown, games), chosen)

    def on_key(self, event: events.Key) -> None:
        letter = JAMO.get(event.character or "")
        if letter is not None:
            event.stop()
            self.app.simulate_key(letter)

    # --- changing --------------------------------------------------------------------------------

    def _change(self, what: str, picked: Entrant, value: str = "") -> None:
        """Rename, forget or delete through the store, on a connection of its own for
        writing; then the list is read again (the same person picked, under a new name)."""
        from el_grande.persist import games

        keep: str | None = picked.name
        try:
            conn = games.open_games(write=True)
        except games.GamesUnavailable as exc:
            self._say(error=exc.sentence)
            return
        try:
            if what == "rename":
                games.rename_person(conn, picked.name, value)
                notice = t("statscreen.renamed", old=printable(picked.shown), new=printable(value))
                keep = normalise(value)
            elif what == "forget":
                games.forget_person(conn, picked.name)
                notice = t("statscreen.forgotten", name=printable(picked.shown))
                keep = None
            else:
                games.delete_game(conn, value)
                notice = t("statscreen.deleted")
        except games.GamesUnavailable as exc:
            self._say(error=exc.sentence)
            return
        except ValueError as exc:  # a name the app does not accept: the store's sentence
            self._say(error=str(exc))
            return
        except Exception as exc:  # sqlite3.Error: one sentence
            self._say(error=t("statscreen.broken", why=printable(str(exc))))
            return
        finally:
            conn.close()
        self._load(keep)
        self._say(notice=notice)

    def _say(self, notice: str = "", error: str = "") -> None:
        shown = self.query_one("#stats-notice", Static)
        shown.update(Text(error or notice))
        shown.set_class(bool(error), "error")
        shown.display = bool(error or notice)
        if error:
            self.app.bell()

    def _header(self) -> Text:
        return Text(
            pad(t("statscreen.col_name"), NAME_CELLS)
            + pad(t("statscreen.col_games"), 7, "right")
            + pad(t("statscreen.col_wins"), 7, "right")
            + pad(t("statscreen.col_rating"), 7, "right"),
            style="bold",
        )


def _line(e: Entrant) -> Text:
    rating = f"{e.rating:.0f}" if e.rating is not None else "–"
    line = Text(pad(printable(e.shown), NAME_CELLS), style="" if e.person else "italic")
    line.append(pad(str(e.games), 7, "right") + pad(str(e.wins), 7, "right"))
    line.append(pad(rating, 7, "right"))
    return line


def _entrants(conn: Connection) -> list[Entrant]:
    """Everybody with games: people (most games first), then the computer levels."""
    from el_grande.persist import stats

    out = [Entrant(r.name, r.name, True, r.games, r.wins, r.rating) for r in stats.people(conn)]
    for r in stats.levels(conn):
        level = r.name.removeprefix("level:")
        out.append(Entrant(r.name, level_name(level, short=True), False, r.games, r.wins, r.rating))
    return out


def _record(conn: Connection, entrant: Entrant) -> Record | None:
    from el_grande.persist import stats

    return stats.record(conn, entrant.name)


def _games_of(conn: Connection, entrant: Entrant) -> list[tuple[str, str]]:
    """The entrant's games, the latest first: (game id, a line describing it)."""
    if entrant.person:
        where = "person = (SELECT id FROM people WHERE key = ?)"
        value = person_key(entrant.name)
    else:
        where, value = "level = ?", entrant.name.removeprefix("level:")
    rows = conn.execute(
        "SELECT g.id, g.finished_at, g.players, s.score, s.rank FROM seats s "
        f"JOIN games g ON g.id = s.game WHERE s.{where} "
        "ORDER BY g.finished_at DESC LIMIT ?",
        (value, GAMES_SHOWN),
    ).fetchall()
    return [
        (
            str(game),
            t(
                "statscreen.game_line",
                when=str(when)[:16].replace("T", " "),
                players=players,
                score=score,
                rank=rank,
            ),
        )
        for game, when, players, score, rank in rows
    ]


def _h2h_text(a: Entrant, b: Entrant, h2h: Any) -> Text:
    head = t("statscreen.h2h_head", a=printable(a.shown), b=printable(b.shown))
    text = Text(head, style="bold")
    if not h2h.games:
        text.append("\n" + t("statscreen.never_met", a=printable(a.shown), b=printable(b.shown)))
        return text
    text.append("\n" + t("statscreen.games", count=h2h.games))
    for who, wins, average in ((a, h2h.a_wins, h2h.a_average), (b, h2h.b_wins, h2h.b_average)):
        line = t(
            "statscreen.h2h_line",
            name=printable(who.shown),
            wins=t("statscreen.wins", count=wins),
            points=f"{average:.1f}",
        )
        text.append("\n" + line)
    return text


# --- asked first ---------------------------------------------------------------------------------


class AskScreen(BoxedModal[bool]):
    """A question: y does it, n or Esc keeps everything as it is."""

    DEFAULT_CSS = "AskScreen > .box { width: 72; } AskScreen .ask-note { color: $text-muted; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "statscreen.yes", id="stats_yes", show=False),
        Binding("n,escape", "answer(False)", "keys.cancel", id="stats_no"),
    ]

    def __init__(self, question: str, note: str) -> None:
        super().__init__()
        self.question, self.note = question, note

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Static(Text(self.question, style="bold"), id="ask-question")
            yield Static(Text(self.note), classes="ask-note")
            yield Static(Text(t("statscreen.ask_keys")), classes="ask-note")

    def on_key(self, event: events.Key) -> None:
        answer = {"ㅛ": True, "ㅜ": False}.get(event.character or "")  # y, n in 2-beolsik
        if answer is not None:
            event.stop()
            close(self, answer)

    def action_answer(self, yes: bool) -> None:
        close(self, yes)


class AskNameScreen(BoxedModal[str | None]):
    """The new name to type (checked as a new player's name is): Enter, or Esc (None)."""

    DEFAULT_CSS = "AskNameScreen > .box { width: 64; } AskNameScreen #name-error { color: $error; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "keys.cancel", id="stats_name_cancel"),
    ]

    def __init__(self, old: str) -> None:
        super().__init__()
        self.old = old

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            title = t("statscreen.rename_title", name=printable(self.old))
            yield Static(Text(title, style="bold"))
            yield Input(printable(self.old), id="name-input")
            error = Static("", id="name-error", markup=False)
            error.display = False
            yield error
            yield Static(Text(t("statscreen.rename_keys")))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        new = normalise(event.value)
        problem = name_problem(new)
        if problem is None and new == normalise(self.old):
            problem = t("statscreen.same_name")
        if problem is not None:
            error = self.query_one("#name-error", Static)
            error.update(Text(problem))
            error.display = True
            self.app.bell()
            return
        close(self, new)

    def action_cancel(self) -> None:
        close(self, None)


class GamesScreen(BoxedModal[tuple[str, str] | None]):
    """An entrant's games, the latest first: Enter picks one to delete (asked next)."""

    DEFAULT_CSS = "GamesScreen > .box { width: 72; } GamesScreen OptionList { max-height: 16; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "keys.back", id="stats_games_back"),
    ]

    def __init__(self, name: str, games: list[tuple[str, str]]) -> None:
        super().__init__()
        self.name_shown, self.games = name, games

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            title = t("statscreen.games_title", name=printable(self.name_shown))
            yield Static(Text(title, style="bold"))
            options = [Option(Text(line), id=str(i)) for i, (_, line) in enumerate(self.games)]
            yield OptionList(*options, id="games-list", markup=False)
            yield Static(Text(t("statscreen.games_keys")))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            close(self, self.games[int(event.option.id)])

    def action_cancel(self) -> None:
        close(self, None)
