"""The hot-seat policy: the director's beats as scenes for one shared screen and keyboard.

Everybody at the table looks at one screen, so a hand-over between players is a deliberate
act (docs/app.md, "Hand-overs"): the policy keeps the hand-over guard and rule
(`el_grande.flow.handover`), puts a take-over or a quiet moment before a person's decision, a
curtain before a secret one (its own view shows only once its player took over: the unlocked
decision) and after the last secret choice of a step, the hint's curtain where a hint could
give a hidden count away, and the Confirm scene of a held turn. It draws each scene for the
screens that listen (`listen`), after the features saw it (the coach) and marked a prompt
(cautions, what changed since).

    beats ─▶ HotSeat ─▶ Prompt · TakeOver · Curtain · Showing · BotTurn · HintCurtain ·
                        Hinting · Confirm · GameOver  ─▶ listeners (the game screen)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from el_grande.core import Choice, Decision, View
from el_grande.flow.audience import Table, private_view
from el_grande.flow.beats import (
    Beat,
    Chosen,
    Decide,
    Held,
    Opened,
    Over,
    Reseated,
    Show,
    Thinking,
    Undone,
)
from el_grande.flow.cautions import first_cursor, hides_own
from el_grande.flow.handover import (
    LETTERS,
    NOBODY,
    HandOverGuard,
    HandOvers,
    Wait,
    letter_matches,
)
from el_grande.flow.scenes import (
    BotTurn,
    Confirm,
    Curtain,
    GameOver,
    HintCurtain,
    Hinting,
    Prompt,
    Scene,
    TakeOver,
)
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.flow.clock import Clock
    from el_grande.flow.director import Director

Listener = Callable[[Scene], None]

#: Who "answered" when the seat menu changed who plays the decision at hand: nobody's seat,
#: so the next person's prompt waits as after another player's answer.
MENU = NOBODY


class HotSeat:
    """The hot-seat policy of one table (see the module docstring)."""

    def __init__(
        self,
        director: Director,
        clock: Clock,
        *,
        quiet: float,
        take_over: float,
        strict: bool,
        letters: random.Random,
    ) -> None:
        self.director = director
        self.session = director.session
        self.features = director.features
        self.guard = HandOverGuard(clock, quiet=quiet, take_over=take_over, on_ready=self._ready)
        self.handovers = HandOvers(strict)
        self.letters = letters
        self.scene: Scene = GameOver(self.session.current.public)
        self._listeners: list[Listener] = []
        self._unlocked: Decision | None = None  # the secret decision whose curtain is down
        self._last_letter: str | None = None
        self._moving = False  # a scene is being set up: it reads the guard itself

    def listen(self, scene: Listener) -> Callable[[], None]:
        self._listeners.append(scene)
        return lambda: self._listeners.remove(scene) if scene in self._listeners else None

    def close(self) -> None:
        self._listeners.clear()
        self.guard.end()

    def _set(self, scene: Scene) -> None:
        self.scene = scene
        self.features.shown(scene)  # (the coach: a lesson's moment)
        for listener in tuple(self._listeners):
            listener(scene)

    def redraw(self) -> None:
        """The scene on show again (the seating changed)."""
        self._set(self.scene)

    # --- who sits where ----------------------------------------------------------------------

    @property
    def alone(self) -> bool:
        """Exactly one person sits at the table now (the others are computer players, which
        never see the screen): nobody to hand the keyboard to or hide a secret from — no
        take-over, no curtain (docs/app.md, "Hand-overs"). Read at every decision, so it
        follows seats changing hands."""
        seats = range(len(self.session.seats))
        return sum(1 for s in seats if not self.director.is_bot(s)) == 1

    # --- beats to scenes ---------------------------------------------------------------------

    def beat(self, beat: Beat) -> None:
        moving, self._moving = self._moving, True  # the guard's news waits for the scene
        try:
            self._scene_for(beat)
        finally:
            self._moving = moving

    def _scene_for(self, beat: Beat) -> None:
        match beat:
            case Decide():
                self._decide(beat)
            case Thinking(choice=None):
                self.guard.begin(Wait.WATCH)  # keys that change something wait for quiet
                self._set(BotTurn(beat.seat, beat.decision, beat.view))
            case Thinking():
                self._set(BotTurn(beat.seat, beat.decision, beat.view, beat.choice))
            case Show():
                self.handovers.showed()
                self._set(beat)  # (a display is the same for every audience: its beat is its scene)
            case Held():
                self.handovers.answered(beat.seat)  # its seat's answer (a resumed one too)
                self.guard.begin(Wait.CONFIRM)  # every key acts, Enter only after quiet
                ready = self.guard.ready
                d = beat.decision
                self._set(Confirm(d.player, d, beat.choice, beat.view, ready, beat.told, beat.then))
            case Chosen():
                if self.alone:  # one person alone has nobody to hide from
                    self.director.go_on()
                    return
                self.handovers.showed()
                self.guard.begin(Wait.QUIET)
                self._set(Curtain(beat.seat, beat.view, self.guard.ready))
            case Over():
                self.guard.end()
                self._set(GameOver(beat.view))
            case Opened():
                self.handovers.answered(NOBODY)  # the opening is an answer by nobody
                if beat.shown:
                    self.handovers.showed()
            case Undone():
                self._unlocked = None
                self.handovers.shown = False
                self.guard.end()
            case Reseated(again=True):
                self.handovers.answered(MENU)  # the menu was an answer by nobody in particular
            case Reseated():
                self.redraw()

    def _decide(self, beat: Decide) -> None:
        d = beat.decision
        alone = self.alone
        if d.secret and alone:
            self._unlocked = d  # nobody to hide it from: no curtain
        hidden = d.secret and self._unlocked is not d
        wait = self.handovers.wait_for(d.player, hidden, alone=alone)
        if hidden or wait is Wait.TAKE_OVER:
            self.guard.begin(Wait.TAKE_OVER if wait is Wait.TAKE_OVER else Wait.QUIET)
            letter = self._draw_letter()
            ready = self.guard.ready
            self._set(TakeOver(d.player, d, beat.view, letter, hidden, ready, beat.after_secret))
            return
        self.guard.begin(wait)
        self._set(self.prompt_for(d, quiet=not self.guard.ready))

    def prompt_for(
        self, d: Decision, *, quiet: bool = False, cursor: Choice | None = None
    ) -> Prompt:
        """The prompt for a person's decision `d`, marked by the features (cautions, what
        changed since their turn)."""
        view = self.board_for(d)
        cursor = first_cursor(d, view) if cursor is None else cursor
        return self.features.prompt(Prompt(d.player, d, view, quiet=quiet, cursor=cursor))

    def refresh(self, d: Decision) -> None:
        """A feature's news for `d`'s prompt: marked again, drawn again if it changed."""
        scene = self.scene
        if isinstance(scene, Prompt) and scene.decision is d:
            marked = self.features.prompt(scene)
            if marked != scene:
                self._set(marked)

    def board_for(self, d: Decision) -> View:
        """The board a person's decision shows: their own view behind their own curtain (a
        secret decision they took over), else the public board."""
        if d.secret and self._unlocked is d:
            return private_view(self.session, self.audience, d.player)
        return self.session.current.public

    @property
    def audience(self) -> Table:
        """Who looks at this table's screen: every seat, at one keyboard."""
        return Table.of(range(len(self.session.seats)))

    def _draw_letter(self) -> str:
        """A letter for the next take-over, never the same as the previous one."""
        letter = self.letters.choice([c for c in LETTERS if c != self._last_letter])
        self._last_letter = letter
        return letter

    def _ready(self, ready: bool) -> None:
        """The guard's wait became ready (the next input counts) or not: show it."""
        if self._moving:
            return  # a new scene is being set up: it reads the guard itself
        scene = self.scene
        if isinstance(scene, Prompt) and scene.quiet == ready:
            self._set(replace(scene, quiet=not ready))
        elif isinstance(scene, (TakeOver, Curtain, HintCurtain, Confirm)) and scene.ready != ready:
            self._set(replace(scene, ready=ready))

    def _begin(self, wait: Wait) -> None:
        """Start the guard's wait for a scene about to be set outside a beat."""
        moving, self._moving = self._moving, True
        try:
            self.guard.begin(wait)
        finally:
            self._moving = moving

    # --- the players' acts -------------------------------------------------------------------

    @property
    def at_prompt(self) -> bool:
        """A person's prompt is open and the next input counts (no curtain, display, bot or
        wait for quiet)."""
        return isinstance(self.scene, Prompt) and self.guard.ready

    def answer(self, choice: Choice) -> str | None:
        """A person's answer at the prompt; None when it was applied (or held), else why not
        (nothing changed)."""
        scene = self.scene
        if not isinstance(scene, Prompt) or scene.decision is not self.session.decision:
            return t("why.not_now")
        if not self.guard.ready:
            return t("handover.wait")
        if choice not in scene.decision.choices:
            return t("why.not_legal")
        self.handovers.answered(scene.seat)
        return self.director.answer(choice)

    def take_over(self, character: str, *, button: bool = False) -> bool:
        """The take-over act: a typed character, or (`button`) a click on the take-over's
        button. It counts only if it is the letter (the button: any click) and the input came
        after the quiet time; a wrong key has restarted the wait already (it was input)."""
        scene = self.scene
        if not isinstance(scene, (TakeOver, HintCurtain)) or not self.guard.counted:
            return False
        if not button and not letter_matches(scene.letter, character):
            return False
        self.guard.end()
        if isinstance(scene, HintCurtain):
            self._open_hint(scene.decision)
            return True
        d = scene.decision
        if d.secret:
            self._unlocked = d
        self._set(self.prompt_for(d))
        return True

    def lower(self) -> bool:
        """Enter, space or a click on a curtain with nothing secret behind it."""
        if not isinstance(self.scene, Curtain) or not self.guard.counted:
            return False
        self.guard.end()
        self.director.go_on()
        return True

    def end_turn(self, *, enter: bool = False) -> str | None:
        """ "End my turn": the held choice is applied. `t` at once; Enter (`enter`) only if
        the keyboard was quiet before it (a typed-ahead Enter never confirms). None when
        done, else why not (nothing changed)."""
        if not isinstance(self.scene, Confirm) or self.session.held is None:
            return t("why.not_now")
        if enter and not self.guard.calm:
            return t("confirm.enter_early")
        self.guard.end()
        self.handovers.confirm()  # the deliberate act of the hand-over that follows
        self.session.confirm()
        return None

    @property
    def deliberate(self) -> bool:
        """Whether a key that changes something (the seat menu, skip ahead, undo, save as, the
        settings) may act on the latest input: always, but while a computer player decides
        only after a quiet keyboard (the quiet time before the key counts, as at a change of
        player), so a hand typing ahead from the last prompt changes nothing. Keys that only
        show (the log, the help, the calculator) act at once."""
        return self.guard.wait is not Wait.WATCH or self.guard.calm

    def typed_ahead(self) -> str | None:
        """Why a key that changes something may not act on the latest input (a sentence:
        a computer player decides and the keyboard was not quiet before it), or None."""
        if self.deliberate:
            return None
        d = self.session.decision
        return t("handover.watch", name=self.session.name(d.player) if d is not None else "")

    # --- undo --------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return isinstance(self.scene, Confirm) or (self.at_prompt and self.session.can_undo())

    def undo(self) -> str | None:
        """Take back the player's last decision (a held choice first); None when done, else
        why not."""
        if (why := self.typed_ahead()) is not None:
            return why
        if isinstance(self.scene, Confirm):
            self._take_back()
            return None
        if not self.at_prompt:
            return t("why.not_now")
        if not self.session.undo():
            return self.session.why_no_undo()
        return None

    def _take_back(self) -> None:
        """Undo at the Confirm scene: the held choice is dropped, its prompt opens on it."""
        choice = self.session.unhold()  # (published: the autosave keeps it)
        self.guard.end()
        d = self.session.decision
        if d is not None:
            self._set(self.prompt_for(d, cursor=choice))

    # --- hints -------------------------------------------------------------------------------

    def hint(self) -> str | None:
        """`h`: hints for the player at the prompt (behind their curtain when the game hides
        something of theirs). None when they open, else why not."""
        scene = self.scene
        if not isinstance(scene, Prompt) or not self.guard.ready:
            return t("why.not_now")
        if not self.session.hints:
            return t("hint.off")
        d = scene.decision
        if not hides_own(d, self.session.castillo_hidden) or self.alone:
            # Behind their own curtain already, nothing of theirs hidden, or nobody else to see.
            self._open_hint(d)
            return None
        # A hidden Castillo: the hint could give the player's own count away.
        self._begin(Wait.QUIET)
        letter = self._draw_letter()
        board = self.session.current.public  # (a public decision: the prompt's board too)
        self._set(HintCurtain(d.player, d, board, letter, self.guard.ready))
        return None

    def _open_hint(self, d: Decision) -> None:
        from el_grande.bots.seeds import position_seed  # start-up: with the first hint

        seat = d.player
        seed = position_seed(self.session.game, seat, "hint")
        own = private_view(self.session, self.audience, seat)
        self._set(Hinting(seat, d, self.board_for(d), own, seed))

    def hint_shown(self) -> None:
        """The hints were shown to their player: counted (the session publishes it: saved)."""
        scene = self.scene
        if isinstance(scene, Hinting):
            self.session.hint_used(scene.seat)

    def hint_closed(self, choice: Choice | None = None) -> None:
        """The hints are closed; `choice`, if given, is highlighted at the prompt."""
        scene = self.scene
        if isinstance(scene, Hinting) and scene.decision is self.session.decision:
            self._set(self.prompt_for(scene.decision, cursor=choice))
