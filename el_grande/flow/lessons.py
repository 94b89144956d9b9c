"""Lessons: the rules a guided game explains the first time each matters (plain Python).

A lesson is plain data — its id, the rule ids it teaches (`/work/shared/RULES.md`; tests name
them, the screen never shows them), the widget of the game screen it lights, the help page it
links to — and a detector: "this rule matters now", read from the moment at hand (a human's
decision and the public board, or a step of a scoring display). Its sentences are the
catalogue's (`lesson.<id>.title`, `lesson.<id>.1` … `.3`, English and Korean).

`Coach` is the table state: which lessons were met (kept in the session, so the save keeps
them: `GameSession.lessons`) and which one speaks now. The table flow asks it at every scene
(`TableFlow.coach`); the coach panel (`el_grande.app.widgets.coach`) reads `Coach.current`.

    coach = Coach.of(session)        # None: the session is neither guided nor tipped
    coach.see(scene, is_bot)         # True: a lesson (or a tip) was met just now
    coach.current                    # "power", "card:veto"… or None

Two modes (`GameSession.coach`): `"learn"`, the guided game (`el-grande learn`): every lesson
in full, with the Hard player's pick a key away; `"tips"`, a normal game while the `tips`
setting is on: each lesson's first sentence, and each action card's text the first time it is
face up, in one line.

Only public things are read: the public view (never a curtain's own view), the decision's
kind and the step's events (a display shows what everybody sees). A tip never tells a secret.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, cast

from el_grande.core import GENERAL, AwardReason, DecisionKind, Purpose
from el_grande.core import events as E
from el_grande.core.cards import CARD_STACK
from el_grande.limits import CARD_TIP as CARD_TIP  # a tip: "card:<id>"
from el_grande.limits import LESSON_IDS

if TYPE_CHECKING:
    from el_grande.core import Event, View
    from el_grande.flow.table import Prompt, Showing
    from el_grande.narrate import ScoringStep
    from el_grande.session import GameSession

#: `GameSession.coach`: the guided game, or tips in a normal game.
LEARN: Final = "learn"
TIPS: Final = "tips"


@dataclass(frozen=True, slots=True)
class Moment:
    """What a detector may read: public only. `kind`: the human's decision at hand (None at
    a display); `purpose`: a secret step's purpose; `view`: the public board; `step`, `events`:
    a display's step and its events up to that step."""

    view: View
    kind: DecisionKind | None = None
    purpose: str | None = None
    choices: frozenset[str] = frozenset()
    step: ScoringStep | None = None
    events: tuple[Event, ...] = ()

    @property
    def cards(self) -> set[str]:
        """The action cards on the table now: face up, taken this round, in play."""
        view = self.view
        cards = set(view.face_up) | {card for _, card in view.taken}
        if view.action_card is not None:
            cards.add(view.action_card)
        return cards

    def scored(self) -> E.PlaceScored | None:
        """The place this display step scores, if it scores one."""
        step = self.step
        if step is None or step.place is None:
            return None
        found = [
            e
            for e in self.events[: step.upto]
            if isinstance(e, E.PlaceScored) and e.place == step.place
        ]
        return found[-1] if found else None

    def awarded(self, reason: AwardReason) -> bool:
        scored = self.scored()
        return scored is not None and any(a.reason == reason for a in scored.awards)

    @property
    def why(self) -> str | None:
        """A display's scoring: "general" or the scoring card's id (None: no scoring)."""
        for e in self.events:
            if isinstance(e, (E.ScoringStarted, E.ScoringEnded)):
                return str(e.why)
        return None


Detector = Callable[[Moment], bool]


@dataclass(frozen=True, slots=True)
class Lesson:
    """One rule to explain. `widget`: the game screen's widget it lights (its id: "map",
    "cards", "players", "prompt", "track"); `help`: the help page it links to (a section of
    `?` help: "rules", "cards", "map"); `cards`: the action cards it is about, if any."""

    id: str
    rules: tuple[str, ...]
    widget: str
    help: str
    matters: Detector
    cards: frozenset[str] = field(default_factory=frozenset)

    @property
    def title_key(self) -> str:
        return f"lesson.{self.id}.title"

    @property
    def sentence_keys(self) -> tuple[str, ...]:
        """The catalogue keys of its 1–3 sentences (`lesson.<id>.1`…); `sentences` counts."""
        return tuple(f"lesson.{self.id}.{n}" for n in range(1, SENTENCES[self.id] + 1))


def _kind(*kinds: DecisionKind) -> Detector:
    return lambda m: m.kind in kinds


def _card_kind(cards: frozenset[str]) -> Detector:
    """A kind of action card matters when one lies on the table at a human's decision, or
    its scoring is shown."""
    return lambda m: (m.kind is not None and bool(m.cards & cards)) or (m.why in cards)


def _general(m: Moment) -> bool:
    return m.why == GENERAL


def _castillo_place(m: Moment) -> bool:
    return m.kind in (DecisionKind.PLACEMENT, DecisionKind.PLACE_ANY, DecisionKind.MOVE_TO) and (
        "castillo" in m.choices
    )


def _disk(m: Moment) -> bool:
    if m.kind == DecisionKind.DISK:
        return m.purpose == Purpose.CASTILLO
    return any(
        isinstance(e, E.SecretsRevealed) and e.purpose == Purpose.CASTILLO
        for e in m.events[: m.step.upto if m.step is not None else 0]
    )


def _veto(m: Moment) -> bool:
    return m.kind == DecisionKind.VETO or (m.kind is not None and "veto" in m.cards)


#: The kinds of action cards a lesson speaks of (the core's table of cards: `CARD_STACK`).
MOVE_CARDS = frozenset(card for card, stack in CARD_STACK.items() if stack == 1)  # intrigue
RETURN_CARDS = frozenset({"decay_all", "decay_three", "angry_king", "return_one_each"})
DISK_CARDS = frozenset(
    {"province_two_by_disk", "province_all_by_disk", "eviction", "score_by_disk"}
)
SCORE_CARDS = frozenset(card for card in CARD_STACK if card.startswith("score_")) - DISK_CARDS
KING_CARDS = frozenset({"king", "royal_adviser"})
HAND_CARDS = frozenset({"power_cards", "court"})


def _cards(id: str, rules: tuple[str, ...], cards: frozenset[str], widget: str = "cards") -> Lesson:
    return Lesson(id, rules, widget, "cards", _card_kind(cards), cards)


#: Every lesson, in the order a game meets them first (at one moment, the first that matters
#: and was not met yet speaks; the others wait for the next moment they matter).
K = DecisionKind
LESSONS: tuple[Lesson, ...] = (
    Lesson("power", ("R-P1", "R-P2", "R-P3", "R-P4"), "players", "rules", _kind(K.POWER)),
    Lesson("court", ("R-R3", "R-S3"), "players", "rules", _kind(K.COURT, K.RECALL)),
    Lesson("action_card", ("R-R1", "R-R3", "R-R4"), "cards", "cards", _kind(K.ACTION_CARD)),
    Lesson("turn", ("R-R3",), "prompt", "rules", _kind(K.TURN)),
    Lesson("king", ("R-R3", "R-B4", "R-C3"), "map", "map", _kind(K.PLACEMENT)),
    Lesson("castillo", ("R-B3", "R-B5", "R-G2"), "map", "map", _castillo_place),
    Lesson("veto", ("R-V1", "R-V2", "R-V3"), "cards", "cards", _veto, frozenset({"veto"})),
    _cards("card_king", ("R-B4", "R-C3"), KING_CARDS),
    _cards("card_move", ("R-A",), MOVE_CARDS),
    _cards("card_score", ("R-A", "R-K1", "R-K2"), SCORE_CARDS),
    _cards("card_return", ("R-A",), RETURN_CARDS),
    _cards("card_disk", ("R-A", "R-H1"), DISK_CARDS),
    _cards("card_scoreboard", ("R-C4", "R-K4"), frozenset({"scoreboard"})),
    _cards("card_grande", ("R-S2", "R-K6"), frozenset({"grande"})),
    _cards("card_hand", ("R-P2", "R-R3"), HAND_CARDS),
    Lesson("disk", ("R-G1", "R-G3", "R-H1"), "map", "rules", _disk),
    Lesson("general", ("R-R5", "R-G4", "R-K1", "R-K2", "R-K3"), "map", "rules", _general),
    Lesson("tie", ("R-K2",), "map", "rules", lambda m: m.awarded(AwardReason.TIE)),
    Lesson("king_bonus", ("R-K5",), "map", "rules", lambda m: m.awarded(AwardReason.KING_BONUS)),
    Lesson("home_bonus", ("R-K6",), "map", "rules", lambda m: m.awarded(AwardReason.HOME_BONUS)),
)

#: How many sentences each lesson's text has in the catalogue (1–3).
SENTENCES: dict[str, int] = {
    "power": 3,
    "court": 2,
    "action_card": 2,
    "turn": 2,
    "king": 3,
    "castillo": 2,
    "card_king": 2,
    "card_move": 2,
    "card_score": 2,
    "card_return": 2,
    "card_disk": 2,
    "card_scoreboard": 2,
    "card_grande": 2,
    "card_hand": 1,
    "veto": 3,
    "disk": 3,
    "general": 3,
    "tie": 2,
    "king_bonus": 2,
    "home_bonus": 2,
}

BY_ID: dict[str, Lesson] = {lesson.id: lesson for lesson in LESSONS}
assert set(SENTENCES) == set(BY_ID)
# The ids a save may keep are `el_grande.limits`' (below the saves, which check them): the
# lessons are those, each once. A tip about a card is `CARD_TIP` + its id ("card:veto").
assert len(LESSONS) == len(BY_ID) and set(BY_ID) == set(LESSON_IDS)


def tips_on(setting: str, finished: int, games: int = 3) -> bool:
    """Whether a new normal game gets tips: the `tips` setting ("on", "off", or "auto": until
    `games` games have been finished on this machine, `finished` so far)."""
    if setting == "auto":
        return finished < games
    return setting == "on"


def moment_of(
    scene: Prompt | Showing, public: View, is_bot: Callable[[int], bool]
) -> Moment | None:
    """The moment a scene is, for the detectors: a human's prompt or a display's step (the
    table hands over only those). `public`: the public board (a prompt behind its curtain
    shows the player's own view: never read)."""
    if hasattr(scene, "steps"):  # a display: its step, the events it has played out
        shown = cast("Showing", scene)
        return Moment(shown.view, step=shown.step, events=shown.events)
    if is_bot(scene.seat):
        return None
    d = scene.decision
    purpose = d.context.get("purpose")
    args = frozenset(str(c.arg) for c in d.choices if c.arg is not None)
    return Moment(public, d.kind, None if purpose is None else str(purpose), args)


def mattering(moment: Moment) -> list[str]:
    """The ids of the lessons that matter at `moment`, in `LESSONS` order."""
    return [lesson.id for lesson in LESSONS if lesson.matters(moment)]


@dataclass
class Coach:
    """Which lessons a game met (`met`: the session's list, saved with it) and which one
    speaks now (`current`). `mode`: `LEARN` or `TIPS`. `hidden`: the player hid the panel
    (`i`); in tips mode, the tip on show was dismissed."""

    mode: str
    met: list[str]
    current: str | None = None
    hidden: bool = False
    #: Called when a lesson was met (the flow saves the game: lessons survive a resume).
    on_met: Callable[[], None] | None = None
    _at: object = field(default=None, repr=False)

    @classmethod
    def of(cls, session: GameSession) -> Coach | None:
        mode = session.coach
        if mode not in (LEARN, TIPS):
            return None
        return cls(mode, session.lessons)

    def see(self, scene: Prompt | Showing, public: View, is_bot: Callable[[int], bool]) -> bool:
        """The table shows `scene`: the first lesson (tips: or card) that matters now and
        was not met becomes the current one. True when one did."""
        moment = moment_of(scene, public, is_bot)
        if moment is None:
            return False
        # The same decision or step again (its quiet moment, its cautions changed): seen.
        at = getattr(scene, "decision", None) or (moment.step, len(moment.events))
        if at is self._at or at == self._at:
            return False
        self._at = at
        found = next((id for id in mattering(moment) if id not in self.met), None)
        if found is None and self.mode == TIPS and moment.kind is not None:
            found = next(
                (CARD_TIP + c for c in public.face_up if CARD_TIP + c not in self.met), None
            )
        if found is None:
            return False
        self.met.append(found)
        self.current = found
        if self.mode == TIPS:
            self.hidden = False  # a new tip shows, even after the last was dismissed
        if self.on_met is not None:
            self.on_met()
        return True

    def toggle(self) -> None:
        """`i`: hide the coach, or bring it back (tips: dismiss the tip, or show it again)."""
        self.hidden = not self.hidden

    @property
    def lesson(self) -> Lesson | None:
        """The lesson speaking now (None: none yet, or a card's tip)."""
        return BY_ID.get(self.current or "")

    def summary(self) -> tuple[list[Lesson], list[Lesson]]:
        """The lessons met and those the game never reached, in `LESSONS` order."""
        met = [lesson for lesson in LESSONS if lesson.id in self.met]
        return met, [lesson for lesson in LESSONS if lesson.id not in self.met]
