"""The narrator: the one place that tells the story of a game, event by event.

The live log, the replay viewer, the export and the scoring displays (`scoring_steps`) all
read these lines, so the same event reads
the same everywhere (a test compares a whole game's live log with its export). Sentences come
from the message catalogue (`el_grande.text`); names come in already fit to show (the caller
passes a `name` function: `names.printable` for a screen, plus Markdown escaping for an
export). Plain Python: no Textual, no rich.

A line names who acted, whose Caballeros moved, from where and to where, with singular and
plural from the catalogue. The events do not say who caused a move, so the narrator follows
the turn: the player whose turn it is, the special action under way, a general scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import field
from enum import StrEnum

from el_grande.core import (
    CARD_STACK,
    POWER_CABALLEROS,
    AwardReason,
    Choice,
    Decision,
    DecisionKind,
    Purpose,
)
from el_grande.core import events as E
from el_grande.records import copied, record, replaced
from el_grande.text import card_name, region, t


class Tone(StrEnum):
    """How a line is set: the screen styles it, the export turns headings into headings."""

    ROUND = "round"  # a round begins (a heading)
    TURN = "turn"  # a player's turn begins
    PLAIN = "plain"
    QUIET = "quiet"  # bookkeeping: a secret was chosen, a scoring is over
    SUMMARY = "summary"  # one line summing up a turn
    LOUD = "loud"  # the King moves, a Veto, a scoring, a reveal, the end


@record(slots=True)
class Line:
    """One sentence of the story."""

    text: str
    tone: Tone = Tone.PLAIN


#: Cards whose holder moves other players' Caballeros (the sentence names both).
_ACTOR_MOVES = frozenset(
    {
        "intrigue_5_from_region",
        "intrigue_4_any",
        "intrigue_2_own_2_foreign",
        "intrigue_3_foreign",
        "intrigue_3_any",
    }
)
#: Cards whose holder sends other players' Caballeros back to their province.
_ACTOR_RETURNS = frozenset({"return_one_each"})

_ORDINAL = {1: "why.first", 2: "why.second", 3: "why.third"}


def award_why(award: E.Award) -> str:
    """Why points were scored: "1st", "tie, 2nd", "King's bonus", "home bonus"."""
    reason = str(award.reason)
    if reason == AwardReason.KING_BONUS:
        return t("why.king")
    if reason == AwardReason.HOME_BONUS:
        return t("why.home")
    position = t(_ORDINAL.get(award.position, "why.third"))
    return t("why.tie_at", position=position) if reason == AwardReason.TIE else position


def scoring_what(why: str, n: int = 0) -> str:
    """What a scoring scores: general scoring `n` (of 3), or an action card's."""
    if why == "general":
        return t("scoring.general", n=n)
    return t("scoring.special", card=card_name(why))


def place_name(place: str) -> str:
    """A place at the start of a sentence ("The Castillo"; the catalogue knows how)."""
    return region(place, start=True)


def quoted(card: str) -> str:
    """A card's name as the language quotes it (“Veto”)."""
    return t("ev.card_quoted", card=card_name(card))


@record(frozen=False)
class _Turn:
    seat: int
    power: int
    court: int = 0
    card: str | None = None
    placed: int = 0
    placed_hidden: bool = False
    special: str = "none"  # none / done / skipped / vetoed


@record(frozen=False)
class Narrator:
    """Turns events into lines, following the turn and counting the general scorings.

    One narrator per story: feed it the events in order (`lines(events)`); it keeps the few
    facts sentences need (whose turn, which special action, which general scoring).
    """

    names: Sequence[str]
    name: Callable[[str], str] = field(default=lambda text: text)
    general: int = 0  # general scorings begun so far
    king: str | None = None  # the King's region, as the events last told it
    _turn: _Turn | None = None
    _special: str | None = None  # the special action under way
    _marching: bool = False  # a general scoring's Castillo Caballeros are on the move
    #: The hidden-count moves told in this step of the turn (its placing, its special action):
    #: each is told once, not once per Caballero (three lines would count them).
    _told_hidden: set[str] = field(default_factory=set)

    def copy(self) -> Narrator:
        """A narrator that goes on from where this one is (an undo goes back to one), sharing
        nothing mutable with it: what either tells later never changes the other. (It once
        shared the hidden moves told: an undone hidden Castillo placement, placed again, was
        not told at all.)"""
        turn = None if self._turn is None else copied(self._turn)
        # (`replaced`, not `replace`: a story keeps a copy at every choice)
        return replaced(self, _turn=turn, _told_hidden=set(self._told_hidden))

    def who(self, seat: int) -> str:
        raw = self.names[seat] if 0 <= seat < len(self.names) else f"#{seat + 1}"
        return self.name(raw)

    def lines(self, events: Iterable[E.Event]) -> list[Line]:
        out: list[Line] = []
        for ev in events:
            out.extend(self.tell(ev))
        return out

    def tell(self, ev: E.Event) -> list[Line]:
        """The lines for one event (none for bookkeeping nobody needs to read)."""
        if not isinstance(ev, E.CaballerosMoved):
            self._told_hidden.clear()  # a new step: a hidden move is told again
        elif ev.count is None:
            text = self._moved(ev)
            if text in self._told_hidden:
                return []  # the same hidden move again, in the same step: said once
            self._told_hidden.add(text)
            return [Line(text)]
        return self._tell(ev)

    def _tell(self, ev: E.Event) -> list[Line]:  # noqa: C901 - one case per event kind
        who = self.who
        match ev:
            case E.RoundStarted():
                return [Line(t("ev.round", number=ev.number, of=ev.of), Tone.ROUND)]
            case E.CardsRevealed():
                cards = t("join.list").join(quoted(c) for c in ev.cards)
                return [Line(t("ev.cards", cards=cards))]
            case E.PowerCardPlayed():
                return [Line(t("ev.power", name=who(ev.seat), n=ev.value))]
            case E.TurnOrderSet():
                names = t("join.list").join(who(s) for s in ev.order)
                return [Line(t("ev.order", names=names))]
            case E.TurnStarted():
                self._turn, self._special = _Turn(ev.seat, ev.power), None
                return [Line(t("ev.turn", name=who(ev.seat), power=ev.power), Tone.TURN)]
            case E.CaballerosMoved():
                return [Line(self._moved(ev))]
            case E.ActionCardTaken():
                if self._turn is not None:
                    self._turn.card = ev.card
                return [Line(t("ev.card", name=who(ev.seat), card=card_name(ev.card)))]
            case E.SpecialAnnounced():
                self._special = ev.card
                self._set_special("done")
                return [Line(t("ev.announced", name=who(ev.seat), card=card_name(ev.card)))]
            case E.SpecialVetoed():
                self._special = None
                self._set_special("vetoed")
                text = t("ev.vetoed", by=who(ev.by), name=who(ev.seat), card=card_name(ev.card))
                return [Line(text, Tone.LOUD)]
            case E.SpecialSkipped():
                self._set_special("skipped")
                return [Line(t("ev.skipped", name=who(ev.seat), card=card_name(ev.card)))]
            case E.VetoKept():
                return [Line(t("ev.veto_kept", name=who(ev.seat)))]
            case E.VetoExpired():
                return [Line(t("ev.veto_expired", name=who(ev.seat)), Tone.QUIET)]
            case E.KingMoved():
                self.king = ev.dst
                text = t("ev.king", src=region(ev.src), dst=region(ev.dst))
                return [Line(text, Tone.LOUD)]
            case E.GrandeMoved():
                return [Line(t("ev.grande", name=who(ev.seat), region=region(ev.dst)))]
            case E.ScoreboardMoved():
                if ev.src is None:
                    text = t("ev.scoreboard", board=ev.board, region=region(ev.dst))
                else:
                    text = t(
                        "ev.scoreboard_from",
                        board=ev.board,
                        src=region(ev.src),
                        dst=region(ev.dst),
                    )
                return [Line(text)]
            case E.PowerCardRetrieved():
                return [Line(t("ev.retrieved", name=who(ev.seat), n=ev.value))]
            case E.SecretChosen():
                return [Line(t("ev.secret", name=who(ev.seat)), Tone.QUIET)]
            case E.SecretsRevealed():
                pairs = []
                for seat, place in ev.choices:
                    key = (
                        "ev.revealed_court"
                        if str(ev.purpose) == "castillo" and place == self.king
                        else "ev.revealed_one"
                    )
                    pairs.append(t(key, name=who(seat), region=region(place)))
                self._marching = str(ev.purpose) == "castillo"
                if not pairs:  # (nobody had Caballeros to send: no disk was chosen)
                    return [Line(t("ev.revealed_none"), Tone.QUIET)]
                choices = t("join.list").join(pairs)
                return [Line(t("ev.revealed", choices=choices), Tone.LOUD)]
            case E.ScoringStarted():
                if ev.why == "general":
                    self.general += 1
                what = scoring_what(str(ev.why), self.general)
                return [Line(t("ev.scoring", what=what), Tone.LOUD)]
            case E.PlaceScored():
                awards = [
                    t("ev.award", name=who(a.seat), points=a.points, why=award_why(a))
                    for a in ev.awards
                    if a.points
                ]
                if not awards:
                    return [Line(t("ev.scored_none", region=place_name(ev.place)), Tone.QUIET)]
                text = t(
                    "ev.scored", region=place_name(ev.place), awards=t("join.list").join(awards)
                )
                return [Line(text)]
            case E.ScoringEnded():
                self._marching = False
                gains = [t("ev.gain", name=who(s), points=p) for s, p in enumerate(ev.points) if p]
                text = t("ev.scoring_end", points=t("join.list").join(gains) or t("ev.no_points"))
                return [Line(text, Tone.QUIET)]
            case E.TurnEnded():
                turn, self._turn, self._special = self._turn, None, None
                return [self._summary(turn)] if turn is not None and turn.seat == ev.seat else []
            case E.RoundEnded():
                return []
            case E.GameOver():
                names = t("join.winners").join(who(s) for s in ev.winners)
                key = "over.winner" if len(ev.winners) == 1 else "over.winners"
                scores = t("join.list").join(
                    t("ev.final_score", name=who(s), points=p) for s, p in enumerate(ev.scores)
                )
                text = t("ev.game_over", winners=t(key, names=names), scores=scores)
                return [Line(text, Tone.LOUD)]
        return [Line(t("ev.other", text=str(getattr(ev, "kind", type(ev).__name__))), Tone.QUIET)]

    # --- moves -------------------------------------------------------------------------------

    def _moved(self, ev: E.CaballerosMoved) -> str:
        owner, count = self.who(ev.whose), ev.count
        src, dst = region(ev.src), region(ev.dst)
        turn = self._turn
        actor = turn.seat if turn is not None else None
        if ev.src == "castillo":  # a general scoring's march (R-G3)
            key = "move.march_court" if ev.dst == "court" else "move.march"
            return t(key, name=owner, count=count or 0, dst=dst)
        if ev.dst == "court":
            if turn is not None and ev.whose == actor:
                turn.court += count or 0
            return t("move.court", name=owner, count=count or 0, src=src)
        if ev.dst == "province":
            if actor is not None and actor != ev.whose and self._special in _ACTOR_RETURNS:
                by = self.who(actor)
                return t("move.return_by", actor=by, name=owner, count=count or 0, src=src)
            return t("move.return", name=owner, count=count or 0, src=src)
        if ev.src == "court":
            if turn is not None and ev.whose == actor:  # placement, or an intrigue's extra
                turn.placed += count or 0
                turn.placed_hidden |= count is None
            if count is None:
                return t("move.place_hidden", name=owner, dst=dst)
            return t("move.place", name=owner, count=count, dst=dst)
        if actor is not None and actor != ev.whose and self._special in _ACTOR_MOVES:
            by = self.who(actor)
            if count is None:
                return t("move.other_hidden", actor=by, name=owner, src=src, dst=dst)
            return t("move.other", actor=by, name=owner, count=count, src=src, dst=dst)
        if count is None:
            return t("move.own_hidden", name=owner, src=src, dst=dst)
        return t("move.own", name=owner, count=count, src=src, dst=dst)

    def _set_special(self, state: str) -> None:
        if self._turn is not None:
            self._turn.special = state

    def _summary(self, turn: _Turn) -> Line:
        parts = [t("sum.power", n=turn.power)]
        if turn.court:
            parts.append(t("sum.court", count=turn.court))
        if turn.card is not None:
            parts.append(quoted(turn.card))
        if turn.placed_hidden:
            parts.append(t("sum.placed_hidden"))
        else:
            parts.append(t("sum.placed", count=turn.placed))
        parts.append(t(f"sum.special_{turn.special}"))
        return Line(
            t("ev.turn_summary", name=self.who(turn.seat), parts=t("join.parts").join(parts)),
            Tone.SUMMARY,
        )


# --- choices ---------------------------------------------------------------------------------


def choice_words(choice: Choice, d: Decision, name: Callable[[int], str]) -> str:
    """How a choice of `d` reads in a list of answers ("Power card 7  (3 to court)", "Place
    in Aragon"), `name(seat)` giving a seat's name as it is to be shown."""
    verb, arg = choice.verb, choice.arg
    if verb == "power":
        return t("choice.power", n=arg, court=POWER_CABALLEROS[int(arg)])  # type: ignore[arg-type]
    if verb == "court":
        return t("choice.court", n=arg)
    if verb == "recall":
        return t("choice.recall", region=region(str(arg)))
    if verb == "card":
        return t("choice.card", name=card_name(str(arg)), n=CARD_STACK[str(arg)])
    if verb in ("place", "special", "skip") and arg is None:
        return t(f"choice.turn.{verb}")
    if verb == "place":
        return t("choice.place", region=region(str(arg)))
    if verb == "done":
        return t("choice.done")
    if verb == "veto":
        return t(f"choice.veto.{arg}")
    if verb == "from":
        return t("choice.from", region=region(str(arg)))
    if verb == "whose":
        return t("choice.whose", name=name(int(arg)))  # type: ignore[arg-type]
    if verb == "to":
        return t("choice.to", region=region(str(arg)))
    if verb == "region":
        return t("choice.region", region=region(str(arg)))
    if verb == "mode":
        return t(f"choice.mode.{arg}")
    if verb == "score":
        return t("choice.score", region=region(str(arg)))
    if verb == "return":
        if arg == "court":
            return t("choice.return_court")
        return t("choice.return", region=region(str(arg)))
    if verb == "pass":
        return t("choice.pass")
    if verb == "board":
        return t("choice.board", board=arg)
    if verb == "king":
        return t("choice.king", region=region(str(arg)))
    if verb == "grande":
        return t("choice.grande", region=region(str(arg)))
    if verb == "retrieve":
        return t("choice.retrieve", n=arg)
    if verb == "disk":
        if d.context.get("purpose") == Purpose.CASTILLO and arg == d.context.get("king"):
            return t("choice.disk_court", region=region(str(arg)))  # R-G3
        return t("choice.disk", region=region(str(arg)))
    return str(choice)


def decision_words(d: Decision, name: Callable[[int], str]) -> str:
    """What `d` asks, in a few words ("play a power card"), `name(seat)` as in
    `choice_words`."""
    ctx = d.context
    kind = d.kind
    if kind == DecisionKind.VETO:
        return t("decision.veto", name=name(ctx.get("seat", 0)))
    if kind == DecisionKind.RETURN_ONE:
        return t("decision.return_one", name=name(ctx.get("target", 0)))
    if kind == DecisionKind.DISK:
        purpose = t(f"purpose.{ctx.get('purpose', 'castillo')}")
        return t("decision.disk_purpose", purpose=purpose)
    key = f"decision.{kind}"
    text = t(key)
    return text if text != key else t("decision.unknown")


# --- a scoring display, step by step ---------------------------------------------------------


@record(slots=True)
class StepLine:
    """One line of a step: an optional player's chip, the text, a style for it ("" or "dim")
    and a note set apart (in italics on screen)."""

    text: str
    seat: int | None = None
    style: str = ""
    note: str = ""


@record(slots=True)
class Total:
    """A row of a scoring's totals: the points this scoring gave and the total after it."""

    seat: int
    points: int
    total: int | None


@record(slots=True)
class ScoringStep:
    """One step of a display: its title and lines (or totals), the place lit on the map, and
    how many of the display's events it has played out on the board (`upto`)."""

    title: str
    lines: tuple[StepLine, ...]
    place: str | None
    upto: int
    totals: tuple[Total, ...] = ()


def scoring_steps(
    events: Sequence[E.Event],
    king: str | None,
    totals: Sequence[tuple[int, ...]],
    name: Callable[[int], str],
) -> list[ScoringStep]:
    """A scoring display's events grouped into steps (the Castillo's march, each place
    scored, the totals…); each step knows how far into the events it reaches. `king`: the
    King's region when the display began (a disk there means "back to the court");
    `totals`: the totals after each scoring the events end; `name(seat)`: a name as shown."""
    steps: list[ScoringStep] = []
    ended = 0
    march: list[E.CaballerosMoved] = []

    def flush_march(upto: int) -> None:
        if march:
            lines = tuple(
                StepLine(
                    t(
                        "scoring.march_line",
                        name=name(ev.whose),
                        count=ev.count,
                        where=t("scoring.to_court") if ev.dst == "court" else region(ev.dst),
                    ),
                    ev.whose,
                )
                for ev in march
            )
            title = (
                t("scoring.march_title") if march[0].src == "castillo" else t("scoring.moves_title")
            )
            steps.append(ScoringStep(title, lines, None, upto))
            march.clear()

    for i, ev in enumerate(events):
        if isinstance(ev, E.CaballerosMoved) and ev.count:
            march.append(ev)
            continue
        flush_march(i)
        match ev:
            case E.KingMoved():
                king = ev.dst
            case E.SecretsRevealed():
                lines = tuple(
                    StepLine(
                        t("scoring.reveal_line", name=name(seat), region=region(place)),
                        seat,
                        note=t("scoring.back_to_court")
                        if str(ev.purpose) == "castillo" and place == king
                        else "",
                    )
                    for seat, place in ev.choices
                )
                steps.append(ScoringStep(t("scoring.reveal_title"), lines, None, i + 1))
            case E.PlaceScored():
                steps.append(_scored(ev, name, i + 1))
            case E.ScoringEnded():
                after = totals[ended] if ended < len(totals) else None
                ended += 1
                rows = tuple(
                    Total(seat, p, after[seat] if after else None)
                    for seat, p in enumerate(ev.points)
                )
                steps.append(ScoringStep(t("scoring.table_title"), (), None, i + 1, rows))
    flush_march(len(events))
    return steps


def _scored(ev: E.PlaceScored, name: Callable[[int], str], upto: int) -> ScoringStep:
    counts = t("join.list").join(
        t("scoring.count", name=name(s), count=c) for s, c in enumerate(ev.counts) if c
    )
    lines = [
        StepLine(t("scoring.counts", counts=counts or "—")),
        StepLine("/".join(map(str, ev.values)), style="dim"),
    ]
    paid = [a for a in ev.awards if a.points]
    if not any(ev.counts):
        lines.append(StepLine(t("scoring.nobody")))
    elif paid:
        lines += [
            StepLine(
                t("scoring.award_line", name=name(a.seat), points=a.points, why=award_why(a)),
                a.seat,
            )
            for a in paid
        ]
    else:
        lines.append(StepLine(t("ev.scored_none", region=place_name(ev.place))))
    # Players with Caballeros here who score nothing (a tie pushed them out, or they rank
    # below the paid places) are shown too, with their rank, as the calculator shows them.
    scored = {a.seat for a in paid}
    for seat, count in enumerate(ev.counts):
        if count and seat not in scored and paid:
            rank = 1 + sum(1 for other in ev.counts if other > count)
            position = t(f"calc.rank_{min(rank, 5)}")
            tied = ev.counts.count(count) > 1
            why = t("why.tie_at", position=position) if tied else position
            lines.append(
                StepLine(t("scoring.award_line", name=name(seat), points=0, why=why), seat, "dim")
            )
    title = (
        t("scoring.castillo_title")
        if ev.place == "castillo"
        else t("scoring.region_title", region=place_name(ev.place))
    )
    return ScoringStep(title, tuple(lines), ev.place, upto)
