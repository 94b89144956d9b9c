"""Who played a seat when: a seat may change hands during a game (given to a computer player,
taken back), and its history says from which decision on which kind played it.

    hands = ((0, "human"), (40, "bot:strong"))   # decisions 1–40 by the person, then Hard
    kind_at(hands, 39)  -> "human"                # the 40th decision (index 39)
    handed(hands, 55, "human")                    # taken back when 55 choices were made

A hand is `(from, kind)`: `from` is the index (0-based, in the record's choices) of the first
decision that kind plays, which is the number of choices made when the seat changed hands.
A history starts at 0, its `from`s rise, no two hands in a row have the same kind, and its
last kind is the seat's kind now (`problem` says what a hand-edited one breaks). An empty
history is "`kind` from decision 0": every save before seats changed hands.

The game itself never depends on it: a save is the seed and the choices, and a computer
player's seed is the game's seed, the seat and the moves so far (`flow.table`), never who
played before. Plain Python (the bot registry's labels, the catalogue).
"""

from __future__ import annotations

from collections.abc import Sequence

from el_grande.bots.registry import level, level_ids
from el_grande.text import t

Hand = tuple[int, str]
Hands = tuple[Hand, ...]

HUMAN = "human"
BOT_PREFIX = "bot:"
#: The Hard player's level: at a table without hints, handing a seat to it counts as a hint
#: (the hints are its advice).
HARD = "strong"


def bot_level(kind: str) -> str | None:
    """The bot level a seat kind names ("bot:greedy" -> "greedy"), or None for a human.

    A kind this version does not know (a save from elsewhere) is played by a human."""
    found = kind[len(BOT_PREFIX) :] if kind.startswith(BOT_PREFIX) else None
    return found if found in level_ids() else None


def hands_of(kind: str, played_by: Sequence[Hand] = ()) -> Hands:
    """A seat's whole history: `played_by`, or `kind` from decision 0 when it is empty."""
    return tuple((int(at), str(k)) for at, k in played_by) or ((0, kind),)


def handed(hands: Sequence[Hand], moves: int, kind: str) -> Hands:
    """The history once the seat is given to `kind` when `moves` choices are made. A hand
    that began later (an undo went back before it) begins now; a hand of no decision at all
    (given and taken back at the same moment) is no hand."""
    out: list[Hand] = []
    for at, k in hands:
        at = min(at, moves)
        if out and out[-1][0] == at:
            out.pop()  # it played nothing: the later hand takes its place
        if not out or out[-1][1] != k:
            out.append((at, k))
    if out and out[-1][0] == moves:
        out.pop()  # the hand now ending has played nothing
    if not out or out[-1][1] != kind:
        out.append((moves if out else 0, kind))
    return tuple(out)


def kind_at(hands: Sequence[Hand], index: int) -> str:
    """Who played decision `index` (0-based) of the seat: the kind of the hand it falls in."""
    kind = hands[0][1]
    for at, k in hands:
        if at <= index:
            kind = k
    return kind


def changed(hands: Sequence[Hand]) -> bool:
    """Whether the seat changed hands at all."""
    return len(hands) > 1


def problem(hands: Sequence[Hand], kind: str, choices: int | None = None) -> str | None:
    """Why `hands` cannot be a seat's history (the end of a sentence), or None: it must start
    at decision 0, rise, change the kind at every hand, end with the seat's `kind` and (when
    `choices` is given) begin no hand after the choices made."""
    if not hands:
        return None
    if hands[0][0] != 0:
        return "the first hand must be from decision 0"
    for (at, k), (nxt, k2) in zip(hands, hands[1:]):
        if nxt <= at:
            return f"the hands must follow each other (decision {nxt} after {at})"
        if k2 == k:
            return f"two hands in a row are played by {k}"
    if hands[-1][1] != kind:
        return f"the last hand must be the seat's kind ({kind})"
    if choices is not None and hands[-1][0] > choices:
        return f"a hand begins at decision {hands[-1][0]}, after the {choices} choices made"
    return None


def player_words(name: str, kind: str) -> str:
    """Who a kind is, in words: the seat's own name for a person, "the Hard player" for a
    computer player."""
    found = bot_level(kind)
    return name if found is None else t("hands.bot", level=t(level(found).label_key))


def spells(hands: Sequence[Hand], total: int) -> list[tuple[int, int, str]]:
    """The hands as (first, last, kind) in decisions as a person counts them (1-based, the
    game's own numbering); `last` < `first` for a hand that has played nothing yet."""
    out = []
    for k, (at, kind) in enumerate(hands):
        end = hands[k + 1][0] if k + 1 < len(hands) else total
        out.append((at + 1, end, kind))
    return out


def hands_text(name: str, hands: Sequence[Hand], total: int) -> str:
    """One sentence: "Ben: decisions 1–40 by Ben, 41–90 by the Hard player." (`name` as it is
    to be shown; `total`: the decisions made so far)."""
    parts = []
    for first, last, kind in spells(hands, total):
        who = player_words(name, kind)
        if last < first:
            parts.append(t("hands.from", first=first, who=who))
        elif last == first:
            parts.append(t("hands.one", n=first, who=who))
        else:
            parts.append(t("hands.span", first=first, last=last, who=who))
    return t("hands.line", name=name, spells=t("join.list").join(parts))


def table_lines(names: Sequence[str], seats: Sequence[Sequence[Hand]], total: int) -> list[str]:
    """The seats that changed hands, a heading and a sentence each (`hands_text`); nothing
    when none did. `names` as they are to be shown; `total`: the decisions made so far."""
    lines = [
        hands_text(name, hands, total)
        for name, hands in zip(names, seats, strict=False)
        if changed(hands)
    ]
    return [t("hands.head"), *lines] if lines else []


def ever_person(hands: Sequence[Hand]) -> bool:
    """Whether a person played the seat at some time of the game."""
    return any(bot_level(kind) is None for _, kind in hands)
