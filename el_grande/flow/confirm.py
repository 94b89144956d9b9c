"""Confirm my turn: a turn's last choice is held, not applied, until its player ends the turn
(docs/app.md, "Confirm my turn").

A human's public choice in their own turn (R-R3: bring to court, the action card, placements,
the special action; never a power card, never a secret) is **held** when applying it would take
the turn out of its player's hands: the next decision is another player's (the next turn, a
Veto question, the angry King's returns, an eviction's disks), the game ends, or something
nobody knew shows (the next round's cards, a general scoring) — exactly the choices undo would
refuse to take back (`el_grande.core.undo_block`: OTHER_PLAYER, OVER, REVEALED). It is worked
out on a copy of the game (`Game.clone`, about 10 µs), never by replaying the record.

While it is held the session keeps it (`GameSession.held`, saved with the game) and nothing is
published; the board shows a preview: the public view with the choice's events played out up
to the first one that would reveal something or score (`step_view`, `core.undo.reveals`), so
the next round's cards, a scoring and another player's decision do not show yet; the
narrator tells those same events (on a copy of the story's narrator) for the confirm step,
or, when they are none, the turn's summary (the turn ends there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.core import Choice, Decision, DecisionKind, Phase, PublicView, UndoBlock, visible_to
from el_grande.core import events as E
from el_grande.core.undo import reveals, undo_block
from el_grande.flow.beats import Held
from el_grande.flow.display import step_view
from el_grande.flow.feature import Feature
from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.flow.feature import Options
    from el_grande.session import GameSession

#: Humans at a table from which `confirm_turn = "auto"` holds turns (one human alone has
#: nobody to pass a slip to). Tests that play through games set it higher (tests/conftest.py).
AUTO_HUMANS = 2

#: The undo barriers that make a choice held: the turn would leave its player's hands.
HOLDS = frozenset({UndoBlock.OTHER_PLAYER, UndoBlock.OVER, UndoBlock.REVEALED})


@record
class Preview:
    """What a held choice shows: the board (public: the whole table sees it), and the
    narrator's lines for it."""

    view: PublicView
    told: tuple[str, ...]
    then: str


def confirm_on(setting: bool | None, kinds: list[str] | tuple[str, ...]) -> bool:
    """Whether a table holds turns: the setting (`confirm_turn`: True on, False off, None
    "auto") and the seats' kinds ("human", "bot:greedy"…): "auto" is on with two or more
    humans."""
    if setting is not None:
        return setting
    return sum(1 for kind in kinds if kind == "human") >= AUTO_HUMANS


def preview(session: GameSession, d: Decision, choice: Choice) -> Preview | None:
    """What to show while `choice` (a human's answer to the decision at hand, `d`) is held,
    or None if it is not held (it is applied at once)."""
    current = session.current.public
    if d.secret or d.kind == DecisionKind.POWER:
        return None
    if current.phase != Phase.TURNS or current.active != d.player:
        return None  # another player's answer in someone's turn (a Veto, a return)
    copy = session.game.clone()
    events = copy.apply(choice)
    hidden = session.castillo_hidden
    if undo_block(d, events, copy.decision, hidden) not in HOLDS:
        return None
    shown = []
    tell = []
    for event in events:
        if reveals(event, hidden) or isinstance(event, _SCORES):
            if isinstance(event, E.TurnEnded):
                tell.append(event)  # the turn's summary: what the log says of it, nothing new
            break
        shown.append(visible_to(event, None))
    # What the board shows in the log's words; if it shows nothing, the turn's summary.
    told = session.story.narrator.copy().lines(shown) or session.story.narrator.copy().lines(tell)
    after = copy.decision
    if after is None or any(isinstance(e, E.TurnEnded) for e in events):
        then = "turn"  # (or the game) ends
    else:
        then = "other" if after.player != d.player else "reveal"
    return Preview(step_view(current, shown), tuple(line.text for line in told), then)


#: Events that score: a special scoring shows in its display, after the confirmation.
_SCORES = (E.ScoringStarted, E.PlaceScored, E.ScoringEnded)


class ConfirmTurns(Feature):
    """Confirm my turn, a feature of the table (`Options.confirm`): a person's answer that
    would take the turn out of their hands is held (`GameSession.hold`) and its `Held` beat
    shown instead; a resumed game's held choice is shown again when its decision comes (also
    at a table that no longer holds turns: the choice was held)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.on = False

    def configure(self, options: Options) -> None:
        self.on = options.confirm

    def answer(self, decision: Decision, choice: Choice) -> Held | None:
        if not self.on or (shown := preview(self.session, decision, choice)) is None:
            return None
        self.session.hold(choice)  # published: a kill while it is held loses nothing
        return self._held(decision, choice, shown)

    def pending(self, decision: Decision) -> Held | None:
        held = self.session.held
        if held is None:
            return None
        return self._held(decision, held, preview(self.session, decision, held))

    def _held(self, d: Decision, choice: Choice, shown: Preview | None) -> Held:
        if shown is None:  # (a resumed game's hand-edited held choice: legal, not a turn's end)
            shown = Preview(self.session.current.public, (), "turn")
        return Held(d.player, d, choice, shown.view, shown.told, shown.then)
