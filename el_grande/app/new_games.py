"""The sessions of the new games the app opens: a normal game, with tips while the settings
say so, and the guided first game (`el-grande learn`).

Each import is made when its game is asked for (start-up: the title needs no rules core, a
normal game no guided game's form).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from el_grande.session import GameSession
    from el_grande.settings import Settings
    from el_grande.setup import GameSetup


def new_session(setup: GameSetup, settings: Settings) -> GameSession:
    """A new game of `setup`, with its coach: "tips" while the `tips` setting says so."""
    from el_grande.session import GameSession  # start-up: the rules core, when asked for

    session = GameSession.new(setup)
    session.coach = tips_coach(settings)
    return session


def tips_coach(settings: Settings) -> str | None:
    """A new normal game's coach: "tips" while the `tips` setting says so ("auto": until
    the player has finished `TIPS_GAMES` games)."""
    from el_grande.flow.lessons import TIPS, tips_on
    from el_grande.persist.played import finished_games
    from el_grande.settings.values import TIPS_GAMES

    setting = settings.tips
    finished = finished_games() if setting == "auto" else 0
    return TIPS if tips_on(setting, finished, TIPS_GAMES) else None


def guided(settings: Settings) -> GameSession:
    """The guided first game (`el_grande.flow.guided`), a new one each time, played by the
    first person of the settings' players, named in the language (the built-in "Ana" is
    민준 in Korean, as on the new-game form)."""
    from el_grande.app.widgets.form import in_language  # start-up: the form's
    from el_grande.flow.guided import guided_session  # start-up: the rules core

    players = in_language(settings.players)
    return guided_session(next((p.name for p in players if p.kind == "human"), None))
