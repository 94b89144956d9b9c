"""The new-game form: 2-5 seats (name, colour, kind) and the options."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from el_grande.names import normalise, printable
from el_grande.setup import (
    COLOURS,
    KINDS,
    MAX_PLAYERS,
    GameSetup,
    SeatSetup,
    validate,
)
from el_grande.text import t


def default_names() -> list[str]:
    """The names the form starts with (the catalogue's, so that they suit the language)."""
    names = [n.strip() for n in t("new.default_names").split(",")][:MAX_PLAYERS]
    return names + [""] * (MAX_PLAYERS - len(names))


class NewGameScreen(Screen[None]):
    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "back", "new.back"),
        Binding("ctrl+s", "begin", "new.begin"),
    ]

    def compose(self) -> ComposeResult:
        defaults = default_names()
        with VerticalScroll(id="form"):
            yield Static(t("new.title"), id="form-title", markup=False)
            yield Label(t("new.players"), classes="section", markup=False)
            for i in range(MAX_PLAYERS):
                with Horizontal(classes="seat-row"):
                    yield Label(t("new.player_n", n=i + 1), classes="seat-label", markup=False)
                    yield Input(
                        defaults[i],
                        placeholder=t("new.name_placeholder"),
                        id=f"name-{i}",
                        classes="seat-name",
                    )
                    yield Select(
                        [(t(f"colour.{c}"), c) for c in COLOURS],
                        value=COLOURS[i],
                        allow_blank=False,
                        prompt=t("new.select"),
                        id=f"colour-{i}",
                        classes="seat-colour",
                    )
                    yield Select(
                        [(t(label), kind) for kind, label in KINDS.items()],
                        value="human",
                        allow_blank=False,
                        prompt=t("new.select"),
                        id=f"kind-{i}",
                        classes="seat-kind",
                    )
            with Horizontal(classes="opt-row"):
                yield Label(t("new.rounds"), classes="opt-label", markup=False)
                yield Select(
                    [(t("new.rounds_9"), 9), (t("new.rounds_6"), 6)],
                    value=9,
                    allow_blank=False,
                    prompt=t("new.select"),
                    id="rounds",
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("new.veto"), classes="opt-label", markup=False)
                yield Switch(value=True, id="veto")
            with Horizontal(classes="opt-row"):
                yield Label(t("new.castillo"), classes="opt-label", markup=False)
                yield Select(
                    [(t("new.castillo_open"), "open"), (t("new.castillo_hidden"), "hidden")],
                    value="open",
                    allow_blank=False,
                    prompt=t("new.select"),
                    id="castillo",
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("new.seed"), classes="opt-label", markup=False)
                yield Input("", placeholder="", type="integer", id="seed")
            with Horizontal(classes="opt-row"):
                yield Label(t("new.start"), classes="opt-label", markup=False)
                yield Select(
                    self._start_options(),
                    value=-1,
                    allow_blank=False,
                    prompt=t("new.select"),
                    id="start",
                )
            yield Static("", id="form-error", markup=False)
            with Horizontal(id="form-buttons"):
                yield Button(t("new.begin"), variant="primary", id="begin")
                yield Button(t("new.back"), id="back")
        yield Footer()

    def _names(self) -> list[tuple[int, str]]:
        out = []
        for i in range(MAX_PLAYERS):
            name = normalise(self.query_one(f"#name-{i}", Input).value)
            if name:
                out.append((i, name))
        return out

    def _start_options(self) -> list[tuple[str | Text, int]]:
        names = [n for n in default_names() if n] if not self.is_mounted else None
        if names is None:
            names = [n for _, n in self._names()]
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
            options = self._start_options()
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
            rounds=int(self.query_one("#rounds", Select).value),  # type: ignore[arg-type]
            veto=self.query_one("#veto", Switch).value,
            castillo=str(self.query_one("#castillo", Select).value),
            start_player=None if start == -1 else int(start),  # type: ignore[arg-type]
        )
        return validate(setup) or setup

    def action_begin(self) -> None:
        result = self.build_setup()
        if isinstance(result, str):
            self.query_one("#form-error", Static).update(result)
            return
        self.app.start_game(result)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "begin":
            self.action_begin()
        else:
            self.action_back()
