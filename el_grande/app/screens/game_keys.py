"""The game screen's keys, in one table: each key and the intent it means (the screen's action
of that name), the key bar's label, and when the key is offered — plain data and functions,
no Textual screen (the screen, `el_grande.app.screens.game`, builds its bindings from `KEYS`
and asks `offered` in its `check_action`).

Two kinds of keys: the bound ones (`KEYS`: the key bar shows those with a label), and the keys
a scene reads as they come (`raw_intent`: Enter at the confirm step, a key that would answer a
prompt while a computer player decides or while a turn waits for its confirmation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from el_grande.flow.lessons import LEARN
from el_grande.flow.scenes import Confirm, Prompt
from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.flow.lessons import Coach
    from el_grande.flow.scenes import Frame
    from el_grande.flow.table import TableFlow


@record
class Key:
    """A key of the game screen: `intent`, the screen's action it calls (with its arguments);
    `label`, its words in the key bar (a catalogue key; "": not in the bar); `id`, the
    binding's id (the short labels, `keys.short.<id>`)."""

    key: str
    intent: str
    label: str = ""
    id: str | None = None


#: Every bound key of the game screen, in the key bar's order. Descriptions are catalogue
#: keys: the app shows them in the active language (app.py).
KEYS: tuple[Key, ...] = (
    # The coach (a coached game only): `i` hides and brings it back, Escape dismisses a tip,
    # `[` `]` page through the lessons met (on the coach's top edge and in the help, not in
    # the key bar: at 100 columns one more key there cuts every label short).
    Key("i", "coach", "learn.key_coach", "coach"),
    Key("escape", "coach(True)"),
    Key("left_square_bracket", "coach_page(-1)", id="coach_back"),
    Key("right_square_bracket", "coach_page(1)", id="coach_on"),
    Key("question_mark", "help", "keys.help", "help"),
    Key("p", "preview", "keys.preview", "preview"),
    Key("h", "hint", "keys.hint", "hint"),  # a human's decision, hints on
    Key("l", "toggle_log", "keys.log", "log"),
    Key("u", "undo", "keys.undo", "undo"),  # offered only when allowed
    Key("s", "save_as", "keys.save_as", "save_as"),
    Key("o", "settings", "keys.settings", "settings"),  # never on a secret
    Key("r", "seats", "keys.seats", "seats"),  # the seat menu (seat_menu.py)
    Key("f", "skip_ahead", "keys.skip", "skip_ahead"),  # games with computer players
    Key("t", "end_turn", "keys.end_turn", "end_turn"),  # a turn held (the confirm step)
    *(Key(k, f"pick_place('{k}')") for k in "0123456789"),  # the map's regions, numbers
    *(Key(k, f"pick_card('{k}')") for k in "abcde"),  # the action cards
)

BINDINGS: list[BindingType] = [
    Binding(k.key, k.intent, k.label, show=bool(k.label), id=k.id) for k in KEYS
]

#: Keys that would answer a prompt: at the confirm step they say what the step waits for.
ANSWER_KEYS = frozenset("0123456789abcde") | {"space", "up", "down"}
#: Keys that move or take the prompt's answer: while a computer player decides, they say so.
BUSY_KEYS = frozenset({"enter", "space", "up", "down"})


def offered(action: str, flow: TableFlow, frame: Frame) -> bool | None:
    """Whether the key bar offers `action` now: True, False (hidden), None (dimmed); any action
    not listed is always offered."""
    coach = flow.coach
    match action:
        case "undo":
            return flow.can_undo
        case "skip_ahead":
            if not frame.bots:
                return False  # not offered in all-human games
            return True if flow.bot_playing else None  # dimmed at a human's prompt
        case "save_as" | "settings":
            return not flow.secret_open
        case "hint":
            return frame.hints and flow.at_prompt
        case "end_turn":
            return isinstance(frame.scene, Confirm)
        case "coach":
            return coach is not None
        case "coach_page":
            return can_page(coach)
    return True


def can_page(coach: Coach | None) -> bool:
    """Whether `[` `]` page through lessons: in the guided game, once one may be read again."""
    return coach is not None and coach.mode == LEARN and coach.can_page


def raw_intent(key: str, frame: Frame, bot_playing: bool, can_undo: bool) -> str | None:
    """The intent of a key a scene reads as it comes (None: the bindings and the focused
    widget have it): "busy" (a computer player decides), "no_undo" (`u` where undo is not
    allowed: it says why), "confirm" (Enter at the confirm step) or "wait_confirm" (a key
    that would answer a prompt there)."""
    if isinstance(frame.scene, Confirm):
        if key == "enter":
            return "confirm"
        if key in ANSWER_KEYS:
            return "wait_confirm"
        return None
    if bot_playing and key in BUSY_KEYS:
        return "busy"
    if key == "u" and not can_undo:
        return "no_undo" if isinstance(frame.scene, Prompt) else "nothing"
    return None
