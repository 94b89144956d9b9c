"""Views: what one seat (or everybody at the table) may know (R-H2).

A view is plain, comparable, frozen data. It never holds the seed, the order of unrevealed
action cards, another seat's unrevealed secret choice or (with ``castillo="hidden"``) another
seat's Castillo count. Bots and the screen see the game only through views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, overload

from el_grande.records import record

from .board import ADJ, CASTILLO_INDEX, PLACES, REGIONS
from .cards import SCOREBOARD_IDS
from .choices import Choice
from .kinds import DecisionKind, Phase, Purpose
from .options import SCORING_ROUNDS

if TYPE_CHECKING:
    from .state import State

__all__ = ["DecisionView", "PlayerView", "PublicView", "RegionView", "View", "build_view"]


@record
class PlayerView:
    seat: int
    name: str
    score: int
    court: int
    province: int | None  # None: hidden from this viewer (castillo="hidden"; it would tell
    castillo: int | None  # the Castillo count, since every player has 30 Caballeros in play)
    home: str  # region of the player's Grande
    hand: tuple[int, ...]  # power cards still in hand (public: played cards are face up)
    discard: tuple[int, ...]  # played power cards, this round's included
    played: int | None  # this round's power card, once played
    vetoes: int  # usable Vetoes held (R-V1)
    veto_rounds: tuple[int, ...]  # for each, the index (0-based) of the round it was taken in


@record
class RegionView:
    id: str
    caballeros: tuple[int, ...]  # per seat
    scoreboard: str | None  # mobile scoreboard lying here
    values: tuple[int, int, int]  # current values (a scoreboard replaces the printed ones)
    king: bool  # the King's region
    adjacent_to_king: bool


@record
class DecisionView:
    player: int
    kind: DecisionKind
    secret: bool
    context: tuple[tuple[str, Any], ...]  # sorted items of Decision.context
    choices: tuple[Choice, ...] | None  # only for the viewer who must choose (else None)


@record
class View:
    seat: int | None  # the viewer; None: what everybody may know
    players_count: int
    options: tuple[tuple[str, Any], ...]
    round: int  # round-track number, 1-9
    round_number: int  # rounds played so far including this one (1-based)
    rounds: tuple[int, ...]  # round-track numbers this game plays
    scoring_rounds: tuple[int, ...]
    phase: Phase
    over: bool
    king: str
    start_player: int
    turn_order: tuple[int, ...]
    active: int | None
    action_card: str | None  # the card the active player took
    face_up: tuple[str, ...]  # action cards still available this round
    taken: tuple[tuple[int, str], ...]  # (seat, card) taken this round
    revealed: tuple[tuple[str, ...], ...]  # per stack 1-4, every card revealed so far, in order
    players: tuple[PlayerView, ...]
    regions: tuple[RegionView, ...]  # board order
    castillo_total: int
    castillo_scoreboard: str | None
    scoreboards: tuple[tuple[str, str | None], ...]  # (board, place or None)
    decision: DecisionView | None
    secret_purpose: Purpose | None  # a secret step under way
    secrets_chosen: tuple[int, ...]  # seats that have chosen in it (never what)
    my_secret: str | None  # the viewer's own choice in it, if made
    winners: tuple[int, ...]
    placed: bool  # the active player's placement is done
    special_done: bool  # the active player's special action is done (or skipped/vetoed)
    frames: tuple[tuple[Any, ...], ...]  # the engine's control state (public; for determinizing)

    def player(self, seat: int) -> PlayerView:
        return self.players[seat]

    def region(self, region_id: str) -> RegionView:
        return self.regions[REGIONS.index(region_id)]


@record
class PublicView(View):
    """What everybody may know: the view `Game.view(None)` makes, and nothing else does (a
    seat's view, private, is a plain `View`). A type of its own so that whatever is meant for
    every eye (a spectator's scenes, the shared table's banners, the director's beats) can
    require it, and mypy refuses a seat's view there. `dataclasses.replace` keeps the type
    (a display's steps play events out on it: `el_grande.flow.display.step_view`)."""

    seat: None

    def __post_init__(self) -> None:
        if self.seat is not None:  # (only a hand-made one could: `build_view` never does)
            raise ValueError(f"a public view has no viewer, not seat {self.seat!r}")


_T = TypeVar("_T")


def _make(cls: type[_T], **fields: Any) -> _T:
    """A frozen dataclass instance from all its fields, without the cost of its ``__init__``
    (which sets each field through ``object.__setattr__``): the same value, built faster."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


#: Power-card bitmask -> the values in it, ascending (views are built for every bot decision).
_CARDS_OF: dict[int, tuple[int, ...]] = {}


def _cards(mask: int) -> tuple[int, ...]:
    got = _CARDS_OF.get(mask)
    if got is None:
        got = _CARDS_OF[mask] = tuple(v for v in range(1, 14) if mask >> v & 1)
    return got


#: King's region -> per region, whether it borders the King's region.
_ADJACENT = tuple(tuple(r in ADJ[king] for r in range(9)) for king in range(9))


@overload
def build_view(game: State, seat: None) -> PublicView: ...
@overload
def build_view(game: State, seat: int) -> View: ...
@overload
def build_view(game: State, seat: int | None) -> View: ...
def build_view(game: State, seat: int | None) -> View:
    """What `seat` may know (None: everybody): a `PublicView` for None, else a `View`."""
    n = game.n
    hidden = game._hidden
    cab = game.cab
    king = game.king

    players = tuple(
        _make(
            PlayerView,
            seat=s,
            name=game.names[s],
            score=game.score[s],
            court=game.court[s],
            province=None if hidden and s != seat else game.province[s],
            castillo=None if hidden and s != seat else cab[CASTILLO_INDEX][s],
            home=REGIONS[game.home[s]],
            hand=_cards(game.hand[s]),
            discard=_cards(game.discard[s]),
            played=game.played[s] or None,
            vetoes=len(game.vetoes[s]),
            veto_rounds=game.vetoes[s],
        )
        for s in range(n)
    )
    b0, b1 = game.boards
    adjacent = _ADJACENT[king]
    regions = tuple(
        _make(
            RegionView,
            id=REGIONS[r],
            caballeros=tuple(cab[r]),
            scoreboard=SCOREBOARD_IDS[0] if b0 == r else (SCOREBOARD_IDS[1] if b1 == r else None),
            values=game._values_of(r),
            king=r == king,
            adjacent_to_king=adjacent[r],
        )
        for r in range(9)
    )
    d = game.decision
    dv = None
    purpose = None
    if d is not None:
        dv = _make(
            DecisionView,
            player=d.player,
            kind=d.kind,
            secret=d.secret,
            context=tuple(sorted(d.context.items())),
            choices=d.choices if seat == d.player else None,
        )
        if d.secret:
            purpose = d.context.get("purpose")
    chosen = tuple(s for s, _ in game.secrets)
    mine = next((r for s, r in game.secrets if s == seat), None) if seat is not None else None
    revealed_upto = max(game.round_i + 1, 0)
    return _make(
        View if seat is not None else PublicView,
        seat=seat,
        players_count=n,
        options=tuple(sorted(game.options.to_dict().items())),
        round=game.round,
        round_number=game.round_i + 1,
        rounds=game._rounds,
        scoring_rounds=tuple(r for r in game._rounds if r in SCORING_ROUNDS),
        phase=game.phase,
        over=game.over,
        king=REGIONS[king],
        start_player=game.start_player,
        turn_order=game.order,
        active=game.active if game.active >= 0 else None,
        action_card=game.card,
        face_up=tuple(game.face_up),
        taken=tuple(game.taken),
        revealed=tuple(st[:revealed_upto] for st in game.stacks),
        players=players,
        regions=regions,
        castillo_total=sum(cab[CASTILLO_INDEX]),
        castillo_scoreboard=game._board_on(CASTILLO_INDEX),
        scoreboards=tuple(
            (SCOREBOARD_IDS[b], PLACES[p] if p >= 0 else None) for b, p in enumerate(game.boards)
        ),
        decision=dv,
        secret_purpose=purpose,
        secrets_chosen=chosen,
        my_secret=mine,
        winners=tuple(game.winners),
        placed=game.placed,
        special_done=game.special_done,
        frames=tuple(game._stack),
    )
