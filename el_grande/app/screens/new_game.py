"""The new-game form: 2-5 seats (name, colour, kind) and the options, on one screen (it fits
100×30). The seats start as the settings' default players (`el_grande.settings`), or as the
table just played (game over's "New game").

Tab goes through the names, then the options, the buttons, and last the seats' colours and
kinds; the arrow keys move like in a table (`app/widgets/form.py`); Enter or Space opens a
list; ctrl+s starts the game from anywhere.
"""

from __future__ import annotations

from typing import ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static, Switch

from el_grande.app.access import el_app
from el_grande.app.closing import close
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.widgets.form import FormInput, FormNavigation, FormSelect, SeatRow, seat_rows
from el_grande.app.widgets.keybar import KeyBar
from el_grande.names import normalise, printable
from el_grande.settings.values import PlayerDefault
from el_grande.setup import MAX_PLAYERS, GameSetup, SeatSetup, bot_level, validate
from el_grande.text import t

OPTIONS = ("rounds", "veto", "castillo", "seed", "start")


def player_default(seat: SeatSetup) -> PlayerDefault:
    """A seat of a set-up as a row of the form ("bot:greedy" is the level "greedy")."""
    return PlayerDefault(seat.name, seat.colour, bot_level(seat.kind) or "human")


BUTTONS = ("begin", "back")


class NewGameScreen(StyledOnce, FormNavigation):
    CSS_PATH = "new_game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "new.back"),
        Binding("ctrl+s", "begin", "new.begin"),
    ]

    def __init__(self, filled: GameSetup | None = None) -> None:
        """`filled`: a table to start from (game over's "New game": the one just played),
        else the settings' default players."""
        super().__init__()
        self.filled = filled

    def compose(self) -> ComposeResult:
        filled = self.filled
        if filled is None:
            seats = seat_rows(el_app(self).settings.players, MAX_PLAYERS)
        else:
            seats = seat_rows(tuple(map(player_default, filled.seats)), MAX_PLAYERS)
        rounds, veto = (9, True) if filled is None else (filled.rounds, filled.veto)
        castillo = "open" if filled is None else filled.castillo
        with Vertical(id="form"):
            yield Static(t("new.title"), id="form-title", markup=False)
            yield Label(t("new.players"), classes="section", markup=False)
            for i, seat in enumerate(seats):
                yield SeatRow(i, seat, t("new.player_n", n=i + 1))
            yield Label(t("new.options"), classes="section", markup=False)
            with Horizontal(classes="opt-row"):
                yield Label(t("new.rounds"), classes="opt-label", markup=False)
                yield FormSelect(
                    [(t("new.rounds_9"), 9), (t("new.rounds_6"), 6)], value=rounds, id="rounds"
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("new.veto"), classes="opt-label", markup=False)
                yield Switch(value=veto, id="veto")
            with Horizontal(classes="opt-row"):
                yield Label(t("new.castillo"), classes="opt-label", markup=False)
                yield FormSelect(
                    [(t("new.castillo_open"), "open"), (t("new.castillo_hidden"), "hidden")],
                    value=castillo,
                    id="castillo",
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("new.seed"), classes="opt-label", markup=False)
                yield FormInput("", placeholder="", type="integer", id="seed")
            with Horizontal(classes="opt-row"):
                names = [s.name for s in seats if s.name]
                yield Label(t("new.start"), classes="opt-label", markup=False)
                yield FormSelect(self._start_options(names), value=-1, id="start")
            yield Static("", id="form-error", markup=False)
            with Horizontal(id="form-buttons"):
                yield Button(t("new.begin"), variant="primary", id="begin", compact=True)
                yield Button(t("new.back"), id="back", compact=True)
            yield Static(t("new.hint"), id="form-hint", markup=False)
        yield KeyBar()

    # --- moving around (app/widgets/form.py) ---------------------------------------------------

    def grid(self) -> list[list[str]]:
        seats = [[f"name-{i}", f"colour-{i}", f"kind-{i}"] for i in range(MAX_PLAYERS)]
        return seats + [[o] for o in OPTIONS] + [list(BUTTONS)]

    def tab_order(self) -> list[str]:
        names = [f"name-{i}" for i in range(MAX_PLAYERS)]
        rest = [f"{what}-{i}" for i in range(MAX_PLAYERS) for what in ("colour", "kind")]
        return names + list(OPTIONS) + list(BUTTONS) + rest

    # --- the form ------------------------------------------------------------------------------

    def _names(self) -> list[tuple[int, str]]:
        out = []
        for i in range(MAX_PLAYERS):
            name = normalise(self.query_one(f"#name-{i}", Input).value)
            if name:
                out.append((i, name))
        return out

    @staticmethod
    def _start_options(names: list[str]) -> list[tuple[str | Text, object]]:
        return [(t("new.start_random"), -1)] + [
            (Text(printable(n)), k) for k, n in enumerate(names)
        ]

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_begin()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("name-"):
            select = self.query_one("#start", Select)
            current = select.value
            options = self._start_options([n for _, n in self._names()])
            select.set_options(options)
            select.value = current if any(v == current for _, v in options) else -1

    def build_setup(self) -> GameSetup | str:
        """The form's content as a GameSetup, or the first problem as a sentence."""
        seats = []
        for i, name in self._names():
            colour = self.query_one(f"#colour-{i}", Select).value
            kind = self.query_one(f"#kind-{i}", Select).value
            seats.append(SeatSetup(name, str(colour), str(kind)))
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            return t("new.err_seed")
        start = self.query_one("#start", Select).value
        setup = GameSetup(
            seats=tuple(seats),
            seed=seed,
            rounds=cast(int, self.query_one("#rounds", Select).value),  # blank not allowed
            veto=self.query_one("#veto", Switch).value,
            castillo=str(self.query_one("#castillo", Select).value),
            start_player=None if start == -1 else cast(int, start),
            hints=True if self.filled is None else self.filled.hints,  # not on the form
        )
        return validate(setup) or setup

    def action_begin(self) -> None:
        result = self.build_setup()
        if isinstance(result, str):
            self.query_one("#form-error", Static).update(result)
            return
        el_app(self).start_game(result)

    def action_back(self) -> None:
        close(self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "begin":
            self.action_begin()
        else:
            self.action_back()
