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
    from .decision import Decision
    from .options import Options
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


#: The latest player view built for each seat (whether its hidden counts showed or not) and
#: region view for each region, with what it was built from: the next view (another
#: viewer's of the same position, or the next position's) is mostly the same values, and
#: shares those (frozen) rather than build them again. One per slot: a few values in all.
_LATEST_PLAYERS: list[tuple[tuple[Any, ...], PlayerView] | None] = [None] * 10
_LATEST_REGIONS: list[tuple[tuple[Any, ...], RegionView] | None] = [None] * 9


def _player(made_of: tuple[Any, ...]) -> PlayerView:
    """The view of a player made of (seat, name, score, court, province or None, Castillo
    or None, home region, hand, discard, power card played, Vetoes)."""
    s, name, score, court, province, castillo, home, hand, discard, played, vetoes = made_of
    slot: int = 2 * s + (province is None)
    latest = _LATEST_PLAYERS[slot]
    if latest is not None and latest[0] == made_of:
        return latest[1]
    view = _make(
        PlayerView,
        seat=s,
        name=name,
        score=score,
        court=court,
        province=province,
        castillo=castillo,
        home=REGIONS[home],
        hand=_cards(hand),
        discard=_cards(discard),
        played=played or None,
        vetoes=len(vetoes),
        veto_rounds=vetoes,
    )
    _LATEST_PLAYERS[slot] = (made_of, view)  # (one assignment: a thread reads a whole pair)
    return view


def _region(made_of: tuple[int, tuple[int, ...], int | None, int], game: State) -> RegionView:
    """The view of a region made of (region, its Caballeros, the scoreboard lying there,
    the King's region)."""
    r, caballeros, board, king = made_of
    latest = _LATEST_REGIONS[r]
    if latest is not None and latest[0] == made_of:
        return latest[1]
    view = _make(
        RegionView,
        id=REGIONS[r],
        caballeros=caballeros,
        scoreboard=None if board is None else SCOREBOARD_IDS[board],
        values=game._values_of(r),
        king=r == king,
        adjacent_to_king=_ADJACENT[king][r],
    )
    _LATEST_REGIONS[r] = (made_of, view)
    return view


#: The decision view built last for a decision, without its choices and with them (the
#: decision itself kept: a decision is never changed, so the same one is the same view).
_LATEST_DECISIONS: list[tuple[Decision, DecisionView] | None] = [None, None]


def _decision(d: Decision, mine: bool) -> DecisionView:
    """The view of decision `d`, with its choices if it is `mine` (the viewer's)."""
    latest = _LATEST_DECISIONS[mine]
    if latest is not None and latest[0] is d:
        return latest[1]
    view = _make(
        DecisionView,
        player=d.player,
        kind=d.kind,
        secret=d.secret,
        context=tuple(sorted(d.context.items())),
        choices=d.choices if mine else None,
    )
    _LATEST_DECISIONS[mine] = (d, view)
    return view


#: A game's options as a view holds them, for the options last seen (a game's never change).
_LATEST_OPTIONS: list[tuple[Options, tuple[tuple[str, Any], ...]] | None] = [None]


def _options(options: Options) -> tuple[tuple[str, Any], ...]:
    latest = _LATEST_OPTIONS[0]
    if latest is not None and latest[0] is options:
        return latest[1]
    items = tuple(sorted(options.to_dict().items()))
    _LATEST_OPTIONS[0] = (options, items)
    return items


#: The scoring rounds of the rounds last seen (a game's never change).
_LATEST_ROUNDS: list[tuple[tuple[int, ...], tuple[int, ...]] | None] = [None]


def _scoring_rounds(rounds: tuple[int, ...]) -> tuple[int, ...]:
    latest = _LATEST_ROUNDS[0]
    if latest is not None and latest[0] is rounds:
        return latest[1]
    scoring = tuple(r for r in rounds if r in SCORING_ROUNDS)
    _LATEST_ROUNDS[0] = (rounds, scoring)
    return scoring


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

    names, score, court, province = game.names, game.score, game.court, game.province
    home, hand, discard, played = game.home, game.hand, game.discard, game.played
    vetoes, castillo = game.vetoes, cab[CASTILLO_INDEX]
    players = tuple(
        _player(
            (
                s,
                names[s],
                score[s],
                court[s],
                None if hidden and s != seat else province[s],
                None if hidden and s != seat else castillo[s],
                home[s],
                hand[s],
                discard[s],
                played[s],
                vetoes[s],
            )
        )
        for s in range(n)
    )
    b0, b1 = game.boards
    regions = tuple(
        _region((r, tuple(cab[r]), 0 if b0 == r else (1 if b1 == r else None), king), game)
        for r in range(9)
    )
    d = game.decision
    dv = None
    purpose = None
    if d is not None:
        dv = _decision(d, seat == d.player)
        if d.secret:
            purpose = d.context.get("purpose")
    chosen = tuple(s for s, _ in game.secrets)
    mine = next((r for s, r in game.secrets if s == seat), None) if seat is not None else None
    revealed_upto = max(game.round_i + 1, 0)
    return _make(
        View if seat is not None else PublicView,
        seat=seat,
        players_count=n,
        options=_options(game.options),
        round=game.round,
        round_number=game.round_i + 1,
        rounds=game._rounds,
        scoring_rounds=_scoring_rounds(game._rounds),
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
