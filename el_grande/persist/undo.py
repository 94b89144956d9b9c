"""Undo without peeking: record/replay minus the tail, stopped by every reveal.

The rule is the core's (``el_grande.core.undo``: ``undo_block`` judges a choice from the
decision before it, its events and the decision after it, and says why not as an
``UndoBlock``). Here it is applied to a game alone: the decision before the last choice and
that choice's events are rebuilt by one replay, and the answer is cached by the record, so a
screen asking on every redraw replays once per position. The cache holds the reason codes, not
sentences: ``undo_check`` words them in the language active when it is asked.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Game, UndoBlock

# start-up: the core is imported in the functions below: `el_grande.persist` binds these names
# at once, and every command imports the package (its errors), `el-grande --help` included.

_CACHE: OrderedDict[tuple[Any, ...], UndoBlock | None] = OrderedDict()
_CACHE_SIZE = 16


def _key(rec: dict[str, Any]) -> tuple[Any, ...]:
    return (
        tuple(rec["players"]),
        rec["seed"],
        tuple(sorted(rec["options"].items())),
        rec.get("start_player"),
        tuple(rec["choices"]),
    )


def undo_reason(game: Game) -> UndoBlock | None:
    """Why the last choice of ``game`` may not be undone, or ``None`` if it may."""
    from el_grande.core import Castillo, Game, UndoBlock, undo_block  # start-up: above

    if game.over or game.decision is None:
        return UndoBlock.OVER
    rec = game.record()
    choices = rec["choices"]
    if not choices:
        return UndoBlock.NOTHING
    key = _key(rec)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    before = Game.replay(rec, upto=len(choices) - 1)
    decision = before.decision
    assert decision is not None
    events = before.apply(before.parse(choices[-1]))
    hidden = game.options.castillo == Castillo.HIDDEN
    block = _CACHE[key] = undo_block(decision, events, game.decision, hidden)
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return block


def undo_check(game: Game) -> tuple[bool, str]:
    """(allowed, reason): whether the last decision may be undone, and why not (a sentence
    in the active language; empty when allowed)."""
    block = undo_reason(game)
    return (True, "") if block is None else (False, t(f"undo.{block}"))


def can_undo(game: Game) -> bool:
    """Whether the UI should offer undo now."""
    return undo_reason(game) is None


def undo(game: Game) -> Game | None:
    """The game one decision earlier, or None when undo is not allowed now.

    The returned game is a fresh replay; `game` itself is not changed.
    """
    from el_grande.core import Game  # start-up: above

    if not can_undo(game):
        return None
    rec = game.record()
    return Game.replay(rec, upto=len(rec["choices"]) - 1)
