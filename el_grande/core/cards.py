"""Power cards (R-P) and action cards (R-A) as data."""

from __future__ import annotations

#: Caballeros a power card lets its player bring to court, by value 1-13 (index 0 unused).
POWER_CABALLEROS: tuple[int, ...] = (0, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0)
POWER_VALUES: tuple[int, ...] = tuple(range(1, 14))

#: Action cards by id: (stack, copies). The stack number is also how many Caballeros the
#: card lets its taker place (R-R3.3).
CARDS: dict[str, tuple[int, int]] = {
    # Stack 1
    "intrigue_5_from_region": (1, 2),
    "intrigue_4_any": (1, 1),
    "intrigue_4_own": (1, 1),
    "intrigue_2_own_2_foreign": (1, 2),
    "intrigue_3_foreign": (1, 1),
    "intrigue_3_any": (1, 1),
    "intrigue_place_2": (1, 1),
    "intrigue_or": (1, 1),
    "intrigue_all_own": (1, 1),
    # Stack 2
    "veto": (2, 2),
    "decay_all": (2, 1),
    "decay_three": (2, 1),
    "angry_king": (2, 1),
    "score_region": (2, 3),
    "return_one_each": (2, 1),
    "province_two_by_disk": (2, 1),
    "province_all_by_disk": (2, 1),
    # Stack 3
    "score_fives": (3, 2),
    "score_fours": (3, 2),
    "score_six_seven": (3, 1),
    "score_castillo": (3, 2),
    "score_firsts": (3, 1),
    "score_most": (3, 1),
    "score_least": (3, 1),
    "score_any": (3, 1),
    # Stack 4
    "scoreboard": (4, 3),
    "royal_adviser": (4, 1),
    "eviction": (4, 1),
    "grande": (4, 2),
    "power_cards": (4, 2),
    "court": (4, 1),
    "score_by_disk": (4, 1),
    # Stack 5
    "king": (5, 1),
}

#: Stack number of each card.
CARD_STACK: dict[str, int] = {card: stack for card, (stack, _) in CARDS.items()}


def _stack(stack: int, veto: bool) -> tuple[str, ...]:
    cards: list[str] = []
    for card, (s, copies) in CARDS.items():
        if s == stack and (veto or card != "veto"):
            cards.extend([card] * copies)
    return tuple(cards)


#: `stack_cards`' answers for the five stacks, by (stack, whether the Veto is in the game).
_STACKS = {(stack, veto): _stack(stack, veto) for stack in range(1, 6) for veto in (False, True)}


def stack_cards(stack: int, veto: bool = True) -> list[str]:
    """All cards of one stack (copies repeated) in a fixed order, before shuffling (R-S4, R-V5):
    a new list."""
    cards = _STACKS.get((stack, bool(veto)))
    return list(cards if cards is not None else _stack(stack, veto))


#: The mobile scoreboards (R-C4): id -> values.
SCOREBOARDS: dict[str, tuple[int, int, int]] = {"8/4/0": (8, 4, 0), "4/0/0": (4, 0, 0)}
SCOREBOARD_IDS: tuple[str, ...] = ("8/4/0", "4/0/0")
