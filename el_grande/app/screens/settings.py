"""The settings screen (the title screen's "Settings", `o` in a game): language, theme, the
player colours' palette, the computer players' pace, the scoring displays' pace and the
players the new-game form starts with.

The theme and the palette change at once, to be seen; Esc puts them back. Save (ctrl+s)
checks the values as the settings file is checked (`el_grande.settings.model`), applies them
to the app and writes the file (`el_grande.settings.save`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from el_grande.app.access import el_app
from el_grande.app.closing import close
from el_grande.app.colours import chip_colours
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.widgets.form import FormInput, FormNavigation, FormSelect, SeatRow, seat_rows
from el_grande.app.widgets.keybar import KeyBar
from el_grande.names import normalise, printable
from el_grande.settings import MAX_BOT_DELAY, PALETTES, Settings, save, settings_path
from el_grande.settings.values import KEYS, TIPS
from el_grande.setup import COLOURS, MAX_PLAYERS, bot_level
from el_grande.text import t

#: The fields above the players, in the settings' own order.
FIELDS = tuple(k for k in KEYS if k != "players")
BUTTONS = ("save", "cancel")
#: The scoring displays' paces offered (seconds between steps); None: wait for Enter.
PACES: tuple[float | None, ...] = (None, 1.0, 2.0, 3.0, 5.0, 8.0)


class SettingsScreen(StyledOnce, FormNavigation):
    """Returns nothing; the app's settings are changed when saved."""

    CSS_PATH = "settings.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "set.cancel"),
        Binding("ctrl+s", "save", "set.save"),
    ]

    def compose(self) -> ComposeResult:
        app = el_app(self)
        s = app.settings
        #: What to put back on Esc (the theme and the palette change while choosing).
        self._before = (self.app.theme, app.palette)
        with Vertical(id="settings-box"):
            yield Static(t("set.title"), id="settings-title", markup=False)
            with Horizontal(classes="opt-row"):
                yield Label(t("set.language"), classes="opt-label", markup=False)
                yield FormSelect(
                    [
                        (t("set.language_unset"), ""),
                        (t("set.language_en"), "en"),
                        (t("set.language_ko"), "ko"),
                    ],
                    value=s.language or "",
                    id="language",
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("set.theme"), classes="opt-label", markup=False)
                themes = sorted(self.app.available_themes)
                yield FormSelect([(n, n) for n in themes], value=self.app.theme, id="theme")
            with Horizontal(classes="opt-row"):
                yield Label(t("set.palette"), classes="opt-label", markup=False)
                yield FormSelect(
                    [(t(f"set.palette_{p.replace('-', '_')}"), p) for p in PALETTES],
                    value=app.palette,
                    id="palette",
                )
            with Horizontal(classes="opt-row"):
                yield Label("", classes="opt-label")
                yield Static(self._swatches(app.palette), id="swatches", markup=False)
            with Horizontal(classes="opt-row"):
                yield Label(t("set.bot_delay"), classes="opt-label", markup=False)
                yield FormInput(f"{s.bot_delay:g}", type="number", id="bot_delay")
                yield Label(
                    t("set.bot_delay_unit", max=f"{MAX_BOT_DELAY:g}"),
                    classes="unit",
                    markup=False,
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("set.auto_advance"), classes="opt-label", markup=False)
                yield FormSelect(
                    self._paces(s.auto_advance), value=_pace_key(s.auto_advance), id="auto_advance"
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("set.strict"), classes="opt-label", markup=False)
                yield FormSelect(
                    [(t("set.strict_off"), "off"), (t("set.strict_on"), "on")],
                    value="on" if s.strict_handovers else "off",
                    id="strict_handovers",
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("set.warnings"), classes="opt-label", markup=False)
                yield FormSelect(
                    [(t("set.warnings_on"), "on"), (t("set.warnings_off"), "off")],
                    value="on" if s.warnings else "off",
                    id="warnings",
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("set.tips"), classes="opt-label", markup=False)
                yield FormSelect([(t(f"set.tips_{v}"), v) for v in TIPS], value=s.tips, id="tips")
            with Horizontal(classes="opt-row"):
                yield Label(t("set.since"), classes="opt-label", markup=False)
                yield FormSelect(
                    [(t("set.since_on"), "on"), (t("set.since_off"), "off")],
                    value="on" if s.since_your_turn else "off",
                    id="since_your_turn",
                )
            with Horizontal(classes="opt-row"):
                yield Label(t("set.confirm"), classes="opt-label", markup=False)
                yield FormSelect(
                    [(t(f"set.confirm_{v}"), v) for v in ("auto", "on", "off")],
                    value={None: "auto", True: "on", False: "off"}[s.confirm_turn],
                    id="confirm_turn",
                )
            yield Label(t("set.players"), classes="section", markup=False)
            for i, seat in enumerate(seat_rows(s.players, MAX_PLAYERS)):
                yield SeatRow(i, seat, t("set.player_n", n=i + 1))
            yield Static("", id="settings-error", markup=False)
            with Horizontal(id="settings-buttons"):
                yield Button(t("set.save"), variant="primary", id="save", compact=True)
                yield Button(t("set.cancel"), id="cancel", compact=True)
            yield Static(t("set.hint"), id="settings-hint", markup=False)
        yield KeyBar()

    @staticmethod
    def _paces(current: float | None) -> list[tuple[str | Text, object]]:
        paces = list(PACES)
        if current not in paces:  # a pace from the file that is not one of these
            paces.append(current)
        return [
            (t("set.auto_off") if p is None else t("set.auto_after", n=f"{p:g}"), _pace_key(p))
            for p in paces
        ]

    @staticmethod
    def _swatches(palette: str) -> Text:
        """Every colour of `palette` as a chip with its name: what the players will look like."""
        out = Text(no_wrap=True, overflow="crop")
        for colour in COLOURS:
            bg, fg = chip_colours(colour, palette)
            out.append(f" {t(f'colour.{colour}')} ", style=f"bold {fg} on {bg}")
        return out

    def on_mount(self) -> None:
        problem = el_app(self).settings_unused
        if problem:
            self._say(t("set.broken", problem=problem))

    # --- moving around (app/widgets/form.py) ---------------------------------------------------

    def grid(self) -> list[list[str]]:
        seats = [[f"name-{i}", f"colour-{i}", f"kind-{i}"] for i in range(MAX_PLAYERS)]
        return [[f] for f in FIELDS] + seats + [list(BUTTONS)]

    def tab_order(self) -> list[str]:
        names = [f"name-{i}" for i in range(MAX_PLAYERS)]
        rest = [f"{what}-{i}" for i in range(MAX_PLAYERS) for what in ("colour", "kind")]
        return list(FIELDS) + names + list(BUTTONS) + rest

    # --- seeing it at once ---------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        match event.select.id:
            case "theme" if isinstance(event.value, str):
                self.app.theme = event.value
            case "palette" if isinstance(event.value, str):
                el_app(self).palette = event.value
                self.query_one("#swatches", Static).update(self._swatches(event.value))

    # --- saving --------------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.query_one("#settings-error", Static).update(Text(text))

    def edited(self) -> Settings | str:
        """The settings as the screen shows them, or the first problem as a sentence."""
        # start-up: pydantic (~0.1 s) once a value is checked, not to open the screen
        from el_grande.settings.model import SettingsProblem, settings_from_data

        text = self.query_one("#bot_delay", Input).value.strip()
        try:
            delay = float(text)
        except ValueError:
            delay = -1.0
        if not 0 <= delay <= MAX_BOT_DELAY:  # nan too
            return t("set.err_bot_delay", max=f"{MAX_BOT_DELAY:g}")
        players = []
        for i in range(MAX_PLAYERS):
            name = normalise(self.query_one(f"#name-{i}", Input).value)
            if not name:
                continue
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            players.append(
                {
                    "name": name,
                    "colour": str(self.query_one(f"#colour-{i}", Select).value),
                    "kind": bot_level(kind) or "human",
                }
            )
        data: dict[str, object] = {
            "theme": self.query_one("#theme", Select).value,
            "palette": self.query_one("#palette", Select).value,
            "bot_delay": delay,
            "players": players,
        }
        language = self.query_one("#language", Select).value
        if language:
            data["language"] = language
        pace = _pace_of(str(self.query_one("#auto_advance", Select).value))
        data["auto_advance"] = False if pace is None else pace
        data["strict_handovers"] = self.query_one("#strict_handovers", Select).value == "on"
        data["warnings"] = self.query_one("#warnings", Select).value == "on"
        data["tips"] = self.query_one("#tips", Select).value
        data["since_your_turn"] = self.query_one("#since_your_turn", Select).value == "on"
        confirm = self.query_one("#confirm_turn", Select).value
        data["confirm_turn"] = "auto" if confirm == "auto" else confirm == "on"
        try:
            return settings_from_data(data)  # the file's own checks
        except SettingsProblem as exc:
            return str(exc)

    def action_save(self) -> None:
        result = self.edited()
        if isinstance(result, str):
            self._say(result)
            return
        app = el_app(self)
        app.apply_settings(result)
        try:
            path = save(result)
        except OSError as exc:
            why = printable(exc.strerror or str(exc))
            shown = printable(str(settings_path()))
            message, severity = t("set.cannot", path=shown, why=why), "error"
        else:
            app.settings_unused = None
            message, severity = t("set.saved", path=printable(str(path))), "information"
        close(self)
        self.app.notify(message, severity=severity, markup=False)  # type: ignore[arg-type]

    def action_cancel(self) -> None:
        theme, palette = self._before
        self.app.theme = theme
        el_app(self).palette = palette
        close(self)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()  # Enter in a text field saves, as it starts the game in the form

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()


def _pace_key(pace: float | None) -> str:
    """A pace as a Select value ("off" or the seconds)."""
    return "off" if pace is None else f"{pace:g}"


def _pace_of(key: str) -> float | None:
    return None if key == "off" else float(key)
