"""The settings' values and their defaults: plain data, shared by the loader
(`el_grande.settings`) and the file's schema (`el_grande.settings.model`), which import it and
not each other."""

from __future__ import annotations

from el_grande import text
from el_grande.records import record

#: The setting keys, in the order the file, `el-grande config` and the settings screen use.
KEYS = (
    "language",
    "theme",
    "palette",
    "bot_delay",
    "auto_advance",
    "strict_handovers",
    "warnings",
    "tips",
    "since_your_turn",
    "confirm_turn",
    "players",
)
#: The languages there are catalogues for (`el_grande.text`).
LANGUAGES = tuple(text.LANGUAGES)
PALETTES = ("standard", "colour-blind")
#: `tips`: one-line tips the first time a card or a rule comes up in a game (the lessons of
#: `el_grande.flow.lessons`); "auto": on until this machine has finished `TIPS_GAMES` games.
TIPS = ("auto", "on", "off")
TIPS_GAMES = 3
#: `auto_advance = true`: a scoring display's steps go on after this many seconds.
AUTO_ADVANCE_ON = 2.0
MAX_BOT_DELAY = 10.0
MAX_AUTO_ADVANCE = 60.0
DEFAULT_THEME = "textual-dark"
#: Textual's built-in themes (`textual.theme.BUILTIN_THEMES` of the pinned Textual 8.2.8), by
#: name: the settings import no Textual (pyproject.toml's contracts), and a test in
#: tests/app/test_colours.py fails when Textual's list changes.
THEMES = (
    "ansi-dark",
    "ansi-light",
    "atom-one-dark",
    "atom-one-light",
    "catppuccin-frappe",
    "catppuccin-latte",
    "catppuccin-macchiato",
    "catppuccin-mocha",
    "dracula",
    "flexoki",
    "gruvbox",
    "monokai",
    "nord",
    "rose-pine",
    "rose-pine-dawn",
    "rose-pine-moon",
    "solarized-dark",
    "solarized-light",
    "textual-dark",
    "textual-light",
    "tokyo-night",
)


@record
class PlayerDefault:
    """A seat of the new-game form as it opens: a name, a colour (`el_grande.setup.COLOURS`)
    and `kind`, "human" or a computer level id ("random", "greedy", "strong")."""

    name: str
    colour: str
    kind: str = "human"

    @property
    def seat_kind(self) -> str:
        """The seat kind of `el_grande.setup` ("human", "bot:greedy"...)."""
        from el_grande.setup import bot_kind  # start-up: the title screen needs no set-up

        return "human" if self.kind == "human" else bot_kind(self.kind)


DEFAULT_PLAYERS: tuple[PlayerDefault, ...] = (
    PlayerDefault("Ana", "yellow"),
    PlayerDefault("Ben", "red"),
    PlayerDefault("Cy", "green"),
)


@record
class Settings:
    """The values in effect. `language` None: not set (the app's choice, English today);
    `auto_advance` None: a scoring display waits for Enter at every step, else the seconds
    between its steps."""

    language: str | None = None
    theme: str = DEFAULT_THEME
    palette: str = "standard"
    bot_delay: float = 0.8
    auto_advance: float | None = None
    #: A take-over (the next player's letter) at every change of player, not only after a
    #: scoring display or a curtain (el_grande/flow/handover.py).
    strict_handovers: bool = False
    #: Marks on likely mistakes at the prompt (el_grande/flow/cautions.py), at tables with
    #: hints on.
    warnings: bool = True
    #: One-line tips in a normal game: "auto" (the first three games finished here), "on",
    #: "off" (`el_grande.flow.lessons.tips_on`).
    tips: str = "auto"
    #: Marks on the board at a player's decision: what the others changed since their
    #: previous one (el_grande/flow/changes.py).
    since_your_turn: bool = True
    #: Confirm my turn (el_grande/flow/confirm.py): a turn's last choice waits for "end my
    #: turn". None: "auto", on when two or more people play.
    confirm_turn: bool | None = None
    players: tuple[PlayerDefault, ...] = DEFAULT_PLAYERS


DEFAULTS = Settings()
