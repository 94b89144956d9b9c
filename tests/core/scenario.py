"""Scenario helpers for the rules tests (tests/core/test_rules.py, tests/core/test_cards.py).

Games are driven through the public API (``Game.new``, ``game.decision``, ``game.apply``).
Where a test needs a specific position, :func:`set_board` writes the engine's plain-data fields
directly at a *decision point* and then calls :func:`refresh`, which recomputes the pending
decision: every decision frame's step function is pure (it only reads the state), so re-running
``game._run()`` at a pending decision just rebuilds that decision from the new state.

Province counts are recomputed by :func:`set_board` so that every player always has exactly 30
Caballeros in play (R-C2), whatever position a test builds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from el_grande.core import PLACES, REGIONS, Game, Options
from el_grande.core import events as E

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
IN_PLAY = 30  # R-C2

# ----------------------------------------------------------------------------- basics


def new_game(n: int = 3, seed: int | str = 7, start_player: int | None = 0, **options: Any) -> Game:
    """A fresh game of ``n`` players; ``options`` go to :class:`Options`."""
    return Game.new(NAMES[:n], seed=seed, options=Options(**options), start_player=start_player)


def refresh(game: Game) -> Any:
    """Recompute the pending decision after the state was edited by hand."""
    game._run()
    return game.decision


def act(game: Game, *texts: str) -> list[Any]:
    """Apply each notation in turn; return all events."""
    out: list[Any] = []
    for text in texts:
        out.extend(game.apply(game.parse(text)))
    return out


def choices(game: Game) -> list[str]:
    """The pending decision's choices as notation."""
    d = game.decision
    assert d is not None
    return [str(c) for c in d.choices]


def args(game: Game, verb: str | None = None) -> set[Any]:
    """Arguments of the pending decision's choices (optionally only those of one verb)."""
    d = game.decision
    assert d is not None
    return {c.arg for c in d.choices if verb is None or c.verb == verb}


def of(events: Iterable[Any], cls: type) -> list[Any]:
    return [e for e in events if type(e) is cls]


def scored(events: Iterable[Any]) -> dict[str, Any]:
    """PlaceScored events by place (the last one per place)."""
    return {e.place: e for e in of(events, E.PlaceScored)}


def awards(event: Any) -> set[tuple[int, int, str]]:
    """A PlaceScored's awards as {(seat, points, reason)}."""
    return {(a.seat, a.points, a.reason) for a in event.awards}


def ridx(region: str) -> int:
    return PLACES.index(region)


def count(game: Game, place: str, seat: int) -> int:
    return game.cab[ridx(place)][seat]


def total_in_play(game: Game, seat: int) -> int:
    """R-C2: regions + Castillo + court + province."""
    return sum(game.cab[p][seat] for p in range(10)) + game.court[seat] + game.province[seat]


# ----------------------------------------------------------------------------- positions


def set_board(
    game: Game,
    *,
    king: str | None = None,
    cab: Mapping[str, Sequence[int]] | None = None,
    court: Sequence[int] | None = None,
    home: Sequence[str] | None = None,
    boards: Mapping[str, str | None] | None = None,
    vetoes: Sequence[tuple[int, ...]] | None = None,
    clear: bool = True,
) -> Game:
    """Write a position into the engine at a decision point, then refresh the decision.

    ``cab``: place -> Caballeros per seat (shorter rows are padded with 0). With ``clear`` every
    place not named is emptied. ``court``: per seat. Provinces are recomputed to keep 30 in play.
    ``boards``: scoreboard id -> place (or None: off the board). ``vetoes``: per seat, the
    round indexes (0-based) in which each held Veto was taken.
    """
    n = game.n
    if king is not None:
        game.king = REGIONS.index(king)
    if home is not None:
        assert len(home) == n
        game.home = [REGIONS.index(h) for h in home]
    if cab is not None:
        unknown = set(cab) - set(PLACES)
        assert not unknown, unknown
        for i, place in enumerate(PLACES):
            row = cab.get(place)
            if row is not None:
                game.cab[i] = list(row) + [0] * (n - len(row))
            elif clear:
                game.cab[i] = [0] * n
    if court is not None:
        assert len(court) == n
        game.court = list(court)
    for s in range(n):
        on_board = sum(game.cab[p][s] for p in range(10))
        game.province[s] = IN_PLAY - on_board - game.court[s]
        assert game.province[s] >= 0, f"seat {s}: more than 30 Caballeros in the position"
    if boards is not None:
        for b, place in boards.items():
            game.boards[("8/4/0", "4/0/0").index(b)] = -1 if place is None else ridx(place)
    if vetoes is not None:
        game.vetoes = [tuple(v) for v in vetoes]
    refresh(game)
    return game


def play_power(game: Game, values: Sequence[int]) -> list[Any]:
    """The power-card phase: seat s plays values[s] (asked in the engine's order)."""
    evs: list[Any] = []
    while game.decision is not None and game.decision.kind == "power":
        evs += game.apply(game.parse(f"power {values[game.decision.player]}"))
    return evs


def default_values(n: int, seat: int) -> list[int]:
    """Power cards making ``seat`` play 13 (first to act, no court step), others 1, 2, ..."""
    values, low = [], 1
    for s in range(n):
        if s == seat:
            values.append(13)
        else:
            values.append(low)
            low += 1
    return values


def force_card(game: Game, card: str) -> None:
    """At an ``action_card`` decision: make ``card`` face up (keeping ids unique), refresh."""
    d = game.decision
    assert d is not None and d.kind == "action_card", d
    if card not in game.face_up:
        game.face_up = [card] + [c for c in game.face_up[1:] if c != card]
    refresh(game)


def take_card(game: Game, card: str, setup: Callable[[Game], Any] | None = None) -> list[Any]:
    """At an ``action_card`` decision: run ``setup``, force ``card`` face up and take it."""
    if setup is not None:
        setup(game)
    force_card(game, card)
    return act(game, f"card {card}")


def take_turn_with(
    card: str,
    seat: int = 0,
    n: int = 3,
    setup: Callable[[Game], Any] | None = None,
    values: Sequence[int] | None = None,
    court: int = 0,
    seed: int | str = 7,
    **options: Any,
) -> Game:
    """A new game whose first turn is ``seat``'s, holding ``card``; returns it at ``turn``.

    The power phase is played with ``values`` (default: ``seat`` plays 13, so it acts first and
    has no court step); a court step, if any, is answered with ``court``. ``setup(game)`` runs
    at the ``action_card`` decision (use :func:`set_board`) before the card is taken.
    """
    game = new_game(n, seed=seed, **options)
    play_power(game, values if values is not None else default_values(n, seat))
    assert game.active == seat
    if game.decision.kind == "court":
        act(game, f"court {court}")
    take_card(game, card, setup)
    return game


# ----------------------------------------------------------------------------- passive play

PASSIVE_FIRST = {
    "power",
    "recall",
    "action_card",
    "move_to",
    "region",
    "mode",
    "score",
    "angry_king",
    "scoreboard",
    "scoreboard_to",
    "king",
    "grande",
    "retrieve",
    "disk",
    "move_whose",
}


def passive_choice(game: Game) -> str:
    """A do-little answer: no special actions, no placements, no vetoes."""
    d = game.decision
    assert d is not None
    names = [str(c) for c in d.choices]
    for quiet in ("skip", "done", "veto no", "pass", "court 0"):
        if quiet in names:
            return quiet
    return names[0]


def play_until(game: Game, stop: Callable[[Game], bool], limit: int = 5000) -> list[Any]:
    """Answer passively until ``stop(game)`` (checked before each answer) or the game ends."""
    evs: list[Any] = []
    for _ in range(limit):
        if game.decision is None or stop(game):
            return evs
        evs += game.apply(game.parse(passive_choice(game)))
    raise AssertionError("play_until: limit reached")


def random_playout(
    game: Game, rng: random.Random, check: Callable[[Game, list[Any]], None] | None = None
) -> list[Any]:
    """Play to the end with uniformly random legal choices; ``check`` after every choice."""
    evs: list[Any] = []
    while game.decision is not None:
        c = rng.choice(game.decision.choices)
        step = game.apply(c)
        if check is not None:
            check(game, step)
        evs += step
    return evs


def last_turn_of_round(game: Game, rnd: int) -> Game:
    """Play passively up to the last player's ``turn`` decision in round ``rnd``."""

    def stop(g: Game) -> bool:
        d = g.decision
        return (
            g.round == rnd
            and g.phase == "turns"
            and d.kind == "turn"
            and bool(g.order)
            and g.active == g.order[-1]
        )

    play_until(game, stop)
    assert stop(game), game
    return game


def finish_turn(game: Game) -> list[Any]:
    """Skip the special action and place nothing: end the active player's turn."""
    active, evs = game.active, []
    while (
        game.decision is not None
        and game.active == active
        and game.decision.kind in ("turn", "placement")
    ):
        d = game.decision
        evs += act(game, "skip" if d.kind == "turn" else "done")
    return evs


def answer_disks(game: Game, picks: Mapping[int, str], purpose: str) -> list[Any]:
    """Answer a secret step: seat -> region (a seat not in ``picks`` takes its first choice)."""
    evs: list[Any] = []
    while game.decision is not None and game.decision.kind == "disk":
        d = game.decision
        assert d.context["purpose"] == purpose
        region = picks.get(d.player)
        evs += act(game, f"disk {region}" if region else str(d.choices[0]))
    return evs
