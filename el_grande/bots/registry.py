"""The one list of computer-player levels.

Everything that names a bot level reads it: `make_bot`, `el-grande simulate --bots`, `el-grande
play --bots`, the new-game form's seat kinds (`el_grande.setup`) and `docs/bots.md` (a test
checks the docs list exactly these levels). It imports only the standard library and loads no
bot until one is made, so the app can import it at start-up.

    from el_grande.bots.registry import LEVELS, level
    for lv in LEVELS:
        print(lv.id, t(lv.label_key), t(lv.about_key))
    bot = make_bot("greedy", seed=1)  # el_grande.bots.base: the level's constructor, typed

Save files store a seat as `bot:<id>`: an id never changes once released.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, NamedTuple

__all__ = ["LEVELS", "BotLevel", "level", "level_ids"]


class BotLevel(NamedTuple):
    """One bot level (a named tuple: a frozen dataclass cost about 0.4 % of a new game's
    first frame to define, and `el-grande play` imports the registry before it).

    `id`: the stable name (`make_bot(id)`, `--bots`, `bot:<id>` in save files).
    `label_key` / `about_key` / `seat_key`: message-catalogue keys (`el_grande.text.t`) of the
    player-facing name ("Easy"), a one-line description, and the entry in the new-game form's
    seat list ("computer: easy").
    `factory`: `"module:attribute"` of the bot's constructor, imported when a bot is made
    (`load`; `el_grande.bots.base.make_bot` makes one: the registry knows no bot's type).
    `needs_view`: whether the bot reads the view it is handed; `bots.play.play_game` builds no
    view (and passes `None`) for a bot that does not. The bot classes take their `needs_view`
    attribute from here.
    `budgeted`: whether the bot searches within a budget (`bots.drive.Budget`: seconds and
    play-outs a decision, its constructor's `time_budget`, `iterations` and `clock`) and
    takes its seat's memo of positions (`memo`: `bots.drive.Driver`).
    """

    id: str
    label_key: str
    about_key: str
    seat_key: str
    factory: str
    needs_view: bool
    budgeted: bool = False

    def load(self) -> Any:
        """The bot's constructor (imports its module the first time: a bot is made for every
        decision, `bots.drive`)."""
        made = _LOADED.get(self.factory)
        if made is None:
            module, _, name = self.factory.partition(":")
            made = _LOADED[self.factory] = getattr(import_module(module), name)
        return made


#: The constructors loaded so far, by `BotLevel.factory`.
_LOADED: dict[str, Any] = {}


def _level(id: str, factory: str, *, needs_view: bool, budgeted: bool = False) -> BotLevel:
    return BotLevel(
        id=id,
        label_key=f"bots.{id}.label",
        about_key=f"bots.{id}.about",
        seat_key=f"bots.{id}.seat",
        factory=factory,
        needs_view=needs_view,
        budgeted=budgeted,
    )


#: The built-in levels, weakest first.
LEVELS: tuple[BotLevel, ...] = (
    _level("random", "el_grande.bots.random_bot:RandomBot", needs_view=False),
    _level("greedy", "el_grande.bots.greedy:GreedyBot", needs_view=True),
    _level("strong", "el_grande.bots.strong:StrongBot", needs_view=True, budgeted=True),
)

_BY_ID = {lv.id: lv for lv in LEVELS}


def level_ids() -> tuple[str, ...]:
    """The level ids, weakest first: `("random", "greedy", "strong")`."""
    return tuple(_BY_ID)


def level(id: str) -> BotLevel:
    """The level called `id`; raises `ValueError` naming the known ones."""
    try:
        return _BY_ID[id]
    except KeyError:
        raise ValueError(f"unknown bot {id!r}; known bots: {', '.join(_BY_ID)}") from None
