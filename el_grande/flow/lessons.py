"""Lessons: the rules a guided game explains when each one happens (plain Python).

A lesson is plain data — its id, the rule ids it teaches (`../shared/RULES.md`, beside the
repository; tests name them, the screen never shows them), the widget of the game screen it
lights, the help page it links to — and a detector: "this rule happens now, and why", read
from the moment at hand (a human's decision, the public events since that person's previous
decision, the public board, or a step of a scoring display). Its sentences are the
catalogue's (`lesson.<id>.title`, `lesson.<id>.1` … `.3`, English and Korean).

`Coach` is the table state: which lessons were met (kept in the session, so the save keeps
them: `GameSession.met` records one and publishes it; `GameSession.lessons`), which ones wait
their turn, which one speaks now, and which one the player pages back to. The table flow
tells it every update (`Coach.heard`) and asks it at every scene (`TableFlow.coach`); the
coach panel (`el_grande.app.widgets.coach`) reads `Coach.shown`.

    coach = Coach.of(session)        # None: the session is neither guided nor tipped
    coach.see(scene, public, is_bot) # a `Due`: a lesson (or a tip) speaks from now on
    coach.current                    # "power", "card:veto"… or None
    coach.turn_page(-1)              # `[`: the lesson met before the one on show

Pace: at most one new lesson per moment (a decision, a display's step), and none at the same
kind of decision again (placing the next Caballero, the next one to recall: the lesson on
show stays). Lessons whose rules happen together wait their turn, in order, and speak at the
next moments: first one whose rule happens again then, else the one that waited longest (a
display's step speaks only of scoring; a lesson of a decision that comes back every round,
`Lesson.again`, waits for that decision).

Two modes (`GameSession.coach`): `"learn"`, the guided game (`el-grande learn`): every lesson
in full, with the Hard player's pick a key away; `"tips"`, a normal game while the `tips`
setting is on: each lesson's first sentence, and each action card's text the first time it is
face up, in one line.

Only public things are read: the public view (never a curtain's own view), the decision's
kind, the published events (public: `Update.events`) and the step's events (a display shows
what everybody sees). A lesson never tells a secret.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Final, cast

from el_grande.core import GENERAL, AwardReason, DecisionKind, Purpose
from el_grande.core import events as E
from el_grande.core.cards import CARD_STACK
from el_grande.flow.feature import Feature
from el_grande.flow.scenes import Prompt, Showing
from el_grande.limits import CARD_TIP as CARD_TIP  # a tip: "card:<id>"
from el_grande.limits import LESSON_IDS
from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.core import Event, View
    from el_grande.flow.feature import Stage
    from el_grande.flow.scenes import Scene
    from el_grande.narrate import ScoringStep
    from el_grande.session import GameSession, Update

#: `GameSession.coach`: the guided game, or tips in a normal game.
LEARN: Final = "learn"
TIPS: Final = "tips"


@record
class Moment:
    """What a detector may read: public only. `kind`: the human's decision at hand (None at
    a display); `purpose`: a secret step's purpose; `view`: the public board; `recent`: at a
    decision, the public events since that person's previous decision (what the others just
    did); `step`, `events`: a display's step and its events up to that step."""

    view: View
    kind: DecisionKind | None = None
    purpose: str | None = None
    choices: frozenset[str] = frozenset()
    step: ScoringStep | None = None
    events: tuple[Event, ...] = ()
    recent: tuple[Event, ...] = ()

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

    @property
    def played(self) -> tuple[str, ...]:
        """The special actions done since the person's previous decision (the cards whose
        special action was announced and not vetoed), in order."""
        vetoed = {(e.seat, e.card) for e in self.recent if isinstance(e, E.SpecialVetoed)}
        return tuple(
            e.card
            for e in self.recent
            if isinstance(e, E.SpecialAnnounced) and (e.seat, e.card) not in vetoed
        )


#: A detector: why its rule happens at the moment (a short sentence for tests and the
#: docs, never shown), or None when it does not.
Detector = Callable[[Moment], str | None]

K = DecisionKind
#: The decisions of a special action under way (the card is `View.action_card`).
SPECIAL_KINDS = frozenset(
    {
        K.MOVE_FROM,
        K.MOVE_WHOSE,
        K.MOVE_TO,
        K.REGION,
        K.MODE,
        K.PLACE_ANY,
        K.SCORE,
        K.RETURN_ONE,
        K.ANGRY_KING,
        K.SCOREBOARD,
        K.SCOREBOARD_TO,
        K.KING,
        K.GRANDE,
        K.RETRIEVE,
        K.COURT_CARD,
    }
)


@record
class Lesson:
    """One rule to explain. `widget`: the game screen's widget it lights (its id: "map",
    "cards", "players", "prompt", "track"); `help`: the help page it links to (a section of
    `?` help: "rules", "cards", "map"); `cards`: the action cards it is about, if any;
    `again`: its rule comes back at every such decision (power cards, placing…): when it
    must wait its turn, it waits for the next one, instead of speaking out of place."""

    id: str
    rules: tuple[str, ...]
    widget: str
    help: str
    happens: Detector
    cards: frozenset[str] = field(default_factory=frozenset)
    again: bool = False

    def matters(self, moment: Moment) -> bool:
        return self.happens(moment) is not None

    @property
    def title_key(self) -> str:
        return f"lesson.{self.id}.title"

    @property
    def sentence_keys(self) -> tuple[str, ...]:
        """The catalogue keys of its 1–3 sentences (`lesson.<id>.1`…); `sentences` counts."""
        return tuple(f"lesson.{self.id}.{n}" for n in range(1, SENTENCES[self.id] + 1))


def _kind(why: str, *kinds: DecisionKind) -> Detector:
    return lambda m: why if m.kind in kinds else None


def _card_kind(cards: frozenset[str], *events: type) -> Detector:
    """A kind of action card matters when its special action is done: by the person (one
    of its decisions, or a secret choice it asks for), by another player since the person's
    previous decision (announced and not vetoed; or one of `events`), or when a scoring it
    made is shown. A card merely lying on the table does not."""

    def happens(m: Moment) -> str | None:
        card = m.view.action_card
        if m.kind in SPECIAL_KINDS and card in cards:
            return f"the person does the special action of {card}"
        if m.kind == K.DISK and m.purpose in cards:
            return f"the person chooses in secret for {m.purpose}"
        if m.kind is not None:
            done = [c for c in m.played if c in cards]
            if done:
                return f"{done[0]} was played since the person's previous decision"
            happened = [type(e).__name__ for e in m.recent if events and isinstance(e, events)]
            if happened:
                return f"{happened[0]} since the person's previous decision"
        if m.why in cards:
            return f"the scoring of {m.why} is shown"
        return None

    return happens


def _castillo(m: Moment) -> str | None:
    if m.kind in (K.PLACEMENT, K.PLACE_ANY, K.MOVE_TO) and "castillo" in m.choices:
        return "the person may put a Caballero into the Castillo"
    if m.kind is not None and any(
        isinstance(e, E.CaballerosMoved) and e.dst == "castillo" for e in m.recent
    ):
        return "Caballeros went into the Castillo since the person's previous decision"
    return None


def _disk(m: Moment) -> str | None:
    if m.kind == K.DISK:
        return (
            "the person sets the Castillo's secret disk" if m.purpose == Purpose.CASTILLO else None
        )
    upto = m.step.upto if m.step is not None else 0
    if any(
        isinstance(e, E.SecretsRevealed) and e.purpose == Purpose.CASTILLO for e in m.events[:upto]
    ):
        return "the Castillo's disks are revealed"
    return None


def _veto(m: Moment) -> str | None:
    if m.kind == K.VETO:
        return "the person may use a Veto"
    if m.kind is not None and any(isinstance(e, E.SpecialVetoed) for e in m.recent):
        return "a special action was vetoed since the person's previous decision"
    return None


def _scoreboard(m: Moment) -> str | None:
    happened = _card_kind(frozenset({"scoreboard"}), E.ScoreboardMoved)(m)
    if happened is not None:
        return happened
    scored = m.scored()
    if scored is not None and any(place == scored.place for _, place in m.view.scoreboards):
        return f"{scored.place} is scored with a mobile scoreboard's values"
    return None


def _general(m: Moment) -> str | None:
    return "a general scoring is shown" if m.why == GENERAL else None


def _awarded(reason: AwardReason) -> Detector:
    return lambda m: f"a step scores a {reason} award" if m.awarded(reason) else None


#: The kinds of action cards a lesson speaks of (the core's table of cards: `CARD_STACK`).
MOVE_CARDS = frozenset(card for card, stack in CARD_STACK.items() if stack == 1)  # intrigue
RETURN_CARDS = frozenset({"decay_all", "decay_three", "angry_king", "return_one_each"})
DISK_CARDS = frozenset(
    {"province_two_by_disk", "province_all_by_disk", "eviction", "score_by_disk"}
)
SCORE_CARDS = frozenset(card for card in CARD_STACK if card.startswith("score_")) - DISK_CARDS
KING_CARDS = frozenset({"king", "royal_adviser"})
HAND_CARDS = frozenset({"power_cards", "court"})


def _cards(id: str, rules: tuple[str, ...], cards: frozenset[str], *events: type) -> Lesson:
    return Lesson(id, rules, "cards", "cards", _card_kind(cards, *events), cards)


#: Every lesson, in the order a game meets them first when several happen together (the
#: first speaks; the others wait their turn: `Coach`).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "power",
        ("R-P1", "R-P2", "R-P3", "R-P4"),
        "players",
        "rules",
        _kind("a power card to play", K.POWER),
        again=True,
    ),
    Lesson(
        "court",
        ("R-R3", "R-S3"),
        "players",
        "rules",
        _kind("Caballeros to bring to court", K.COURT, K.RECALL),
        again=True,
    ),
    Lesson(
        "action_card",
        ("R-R1", "R-R3", "R-R4"),
        "cards",
        "cards",
        _kind("an action card to take", K.ACTION_CARD),
        again=True,
    ),
    Lesson(
        "turn",
        ("R-R3",),
        "prompt",
        "rules",
        _kind("placing or the special action first", K.TURN),
        again=True,
    ),
    Lesson(
        "king",
        ("R-R3", "R-B4", "R-C3"),
        "map",
        "map",
        _kind("a Caballero to place", K.PLACEMENT),
        again=True,
    ),
    Lesson("castillo", ("R-B3", "R-B5", "R-G2"), "map", "map", _castillo, again=True),
    Lesson("veto", ("R-V1", "R-V2", "R-V3"), "cards", "cards", _veto, frozenset({"veto"})),
    _cards("card_king", ("R-B4", "R-C3"), KING_CARDS, E.KingMoved),
    _cards("card_move", ("R-A", "R-B5"), MOVE_CARDS),
    _cards("card_score", ("R-A", "R-K1", "R-K2"), SCORE_CARDS),
    _cards("card_return", ("R-A",), RETURN_CARDS),
    _cards("card_disk", ("R-A", "R-H1"), DISK_CARDS),
    Lesson(
        "card_scoreboard",
        ("R-C4", "R-K4"),
        "cards",
        "cards",
        _scoreboard,
        frozenset({"scoreboard"}),
    ),
    _cards("card_grande", ("R-S2", "R-K6"), frozenset({"grande"}), E.GrandeMoved),
    _cards("card_hand", ("R-P2", "R-R3"), HAND_CARDS, E.PowerCardRetrieved),
    Lesson("disk", ("R-G1", "R-G3", "R-H1"), "map", "rules", _disk),
    Lesson("general", ("R-R5", "R-G4", "R-K1", "R-K2", "R-K3"), "map", "rules", _general),
    Lesson("tie", ("R-K2",), "map", "rules", _awarded(AwardReason.TIE)),
    Lesson("king_bonus", ("R-K5",), "map", "rules", _awarded(AwardReason.KING_BONUS)),
    Lesson("home_bonus", ("R-K6",), "map", "rules", _awarded(AwardReason.HOME_BONUS)),
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
ORDER: dict[str, int] = {lesson.id: n for n, lesson in enumerate(LESSONS)}
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
    scene: Prompt | Showing,
    public: View,
    is_bot: Callable[[int], bool],
    recent: Sequence[Event] = (),
) -> Moment | None:
    """The moment a scene is, for the detectors: a human's prompt or a display's step (the
    table hands over only those). `public`: the public board (a prompt behind its curtain
    shows the player's own view: never read); `recent`: the public events since the
    person's previous decision."""
    if hasattr(scene, "steps"):  # a display: its step, the events it has played out
        shown = cast("Showing", scene)
        return Moment(shown.view, step=shown.step, events=shown.events)
    if is_bot(scene.seat):
        return None
    d = scene.decision
    purpose = d.context.get("purpose")
    args = frozenset(str(c.arg) for c in d.choices if c.arg is not None)
    return Moment(
        public, d.kind, None if purpose is None else str(purpose), args, recent=tuple(recent)
    )


def reasons(moment: Moment) -> list[tuple[str, str]]:
    """The lessons whose rule happens at `moment`, and why, in `LESSONS` order."""
    found = []
    for lesson in LESSONS:
        why = lesson.happens(moment)
        if why is not None:
            found.append((lesson.id, why))
    return found


def mattering(moment: Moment) -> list[str]:
    """The ids of the lessons that matter at `moment`, in `LESSONS` order."""
    return [id for id, _ in reasons(moment)]


@record
class Due:
    """A lesson whose rule happened: `why` (`Lesson.happens`), at the coach's moment `at`
    (`Coach.moments`); `scoring`: at a display's step."""

    id: str
    why: str
    at: int
    scoring: bool = False


@record(frozen=False)
class Coach:
    """Which lessons a game met (`met`: the session's list, saved with it), which wait
    their turn (`waiting`), which one speaks now (`current`) and which one the player reads
    back (`page`: an index into `met`, None: the one speaking now). `mode`: `LEARN` or
    `TIPS`. `hidden`: the player hid the panel (`i`); in tips mode, the tip on show was
    dismissed. `moments`: the moments seen (decisions and display steps), counted."""

    mode: str
    met: list[str]
    current: str | None = None
    hidden: bool = False
    page: int | None = None
    waiting: list[Due] = field(default_factory=list)
    moments: int = 0
    #: Records a lesson met: the session's `met` (`Coach.of`), which keeps it in `met` (the
    #: session's list) and publishes it, so the autosave keeps it (lessons survive a resume);
    #: None (a coach on its own): appended to `met`.
    meet: Callable[[str], None] | None = field(default=None, repr=False)
    _at: object = field(default=None, repr=False)
    _recent: list[Event] = field(default_factory=list, repr=False)
    _run: tuple[int, DecisionKind | None] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, session: GameSession) -> Coach | None:
        mode = session.coach
        if mode not in (LEARN, TIPS):
            return None
        return cls(mode, session.lessons, meet=session.met)

    def heard(self, update: Update) -> None:
        """Every update the session publishes: its public events wait for the person's next
        decision (an undo forgets them: they did not happen)."""
        if update.undone:
            self._recent.clear()
        else:  # (only a choice played has events)
            self._recent.extend(update.events)

    def see(
        self, scene: Prompt | Showing, public: View, is_bot: Callable[[int], bool]
    ) -> Due | None:
        """The table shows `scene`. The lessons whose rule happens now and that were not met
        join the waiting ones; one of them (tips: or a face-up card's tip) becomes the
        current one, and is returned (None: nothing new speaks)."""
        moment = moment_of(scene, public, is_bot, self._recent)
        if moment is None:
            return None
        # The same decision or step again (its quiet moment, its cautions changed): seen.
        at = getattr(scene, "decision", None) or (moment.step, len(moment.events))
        if at is self._at or at == self._at:
            return None
        self._at = at
        self.moments += 1
        decision = moment.kind is not None
        if decision:
            self._recent.clear()  # read: the next decision hears what happens after it
        waiting = {due.id for due in self.waiting}
        for id, why in reasons(moment):
            if id not in self.met and id not in waiting:
                self.waiting.append(Due(id, why, self.moments, not decision))
        # The same kind of decision again, by the same person (the next Caballero to place,
        # the next one to recall): one decision for the coach, whose lesson stays on show.
        run = (cast("Prompt", scene).seat, moment.kind) if decision else None
        again, self._run = run is not None and run == self._run, run
        due = None if again else self._next(moment)
        if due is None and self.mode == TIPS and decision and not again:
            card = next((c for c in public.face_up if CARD_TIP + c not in self.met), None)
            if card is not None:
                due = Due(CARD_TIP + card, f"{card} is face up", self.moments)
        if due is None:
            return None
        self.current = due.id
        self.page = None  # a new lesson shows, even while the player read back
        if self.mode == TIPS:
            self.hidden = False  # a new tip shows, even after the last was dismissed
        if self.meet is not None:
            self.meet(due.id)  # the session's: `met` grows, and the autosave keeps it
        else:
            self.met.append(due.id)
        return due

    def _next(self, moment: Moment) -> Due | None:
        """The waiting lesson that speaks at `moment`: the first (in `LESSONS` order) whose
        rule happens now, else the one that waited longest among those whose rule may not
        come back (`Lesson.again`); a display's step speaks only of scoring."""
        now = [due for due in self.waiting if BY_ID[due.id].matters(moment)]
        now.sort(key=lambda due: ORDER[due.id])
        later = [
            due
            for due in self.waiting
            if not BY_ID[due.id].again and (due.scoring or moment.kind is not None)
        ]
        due = next(iter(now or later), None)
        if due is not None:
            self.waiting.remove(due)
        return due

    def toggle(self) -> None:
        """`i`: hide the coach, or bring it back (tips: dismiss the tip, or show it again)."""
        self.hidden = not self.hidden

    # --- reading back ------------------------------------------------------------------------

    @property
    def pages(self) -> list[str]:
        """The lessons met that can be read again, in the order they were met."""
        return [id for id in self.met if id in BY_ID]

    @property
    def shown(self) -> str | None:
        """What the coach shows: the lesson read back, else the current one."""
        pages = self.pages
        if self.page is not None and 0 <= self.page < len(pages):
            return pages[self.page]
        return self.current

    @property
    def position(self) -> tuple[int, int] | None:
        """The lesson on show as (n, of): "lesson 3 of 9" (None: no lesson on show)."""
        pages = self.pages
        shown = self.shown
        if shown not in pages:
            return None
        return (self.page + 1 if self.page is not None else len(pages), len(pages))

    @property
    def can_page(self) -> bool:
        """Whether there is another lesson to read than the one on show (`turn_page`)."""
        pages = self.pages
        return len(pages) > 1 or (bool(pages) and self.current not in pages)

    def turn_page(self, by: int) -> bool:
        """`[` (-1), `]` (+1): the lesson met before or after the one on show (the coach
        comes back if it was hidden). False when there is none that way (nothing changed)."""
        pages = self.pages
        # Where the lesson speaking now stands ("page None"): the last page, or past it
        # (none yet since a resume, or a card's tip).
        last = len(pages) - 1 if self.current in pages else len(pages)
        there = (last if self.page is None else self.page) + by
        if there == last:
            self.page = None
        elif 0 <= there < len(pages):
            self.page = there
        else:
            return False
        self.hidden = False
        return True

    @property
    def lesson(self) -> Lesson | None:
        """The lesson on show (None: none yet, or a card's tip)."""
        return BY_ID.get(self.shown or "")

    def summary(self) -> tuple[list[Lesson], list[Lesson]]:
        """The lessons met and those the game never reached, in `LESSONS` order."""
        met = [lesson for lesson in LESSONS if lesson.id in self.met]
        return met, [lesson for lesson in LESSONS if lesson.id not in self.met]


class Coaching(Feature):
    """The coach at the table (a feature, registered for a guided game or a game with tips:
    `Coach.of`): it hears every update and sees every person's prompt and display step (a
    lesson's moment); a lesson met goes through the session (`GameSession.met`: published,
    saved, so lessons survive a resume)."""

    def __init__(self, coach: Coach, stage: Stage) -> None:
        self.coach = coach
        self.stage = stage

    def heard(self, update: Update) -> None:
        self.coach.heard(update)

    def shown(self, scene: Scene) -> None:
        if isinstance(scene, Prompt | Showing):
            self.coach.see(scene, self.stage.session.current.public, self.stage.is_bot)
