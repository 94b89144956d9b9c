"""The message catalogue: everything a player reads comes from `el_grande/text.py`."""

from __future__ import annotations

import re
from pathlib import Path

from el_grande import text
from el_grande.core import CARDS, PLACES
from el_grande.core import events as E
from el_grande.flow.display import split_displays

APP = Path(text.__file__).parent


def test_every_key_used_in_the_app_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for path in APP.rglob("*.py"):
        used |= set(re.findall(r"\bt\(\s*\"([a-z_]+\.[a-z_.0-9]+)\"", path.read_text()))
    assert used, "no catalogue keys found"
    missing = sorted(k for k in used if k not in text.EN)
    assert not missing, f"keys used but not in the catalogue: {missing}"


def test_every_card_and_place_has_a_name_and_cards_have_their_text() -> None:
    for card in CARDS:
        assert card in text.CARD_NAMES and text.CARD_TEXTS.get(card), card
    for place in PLACES:
        assert place in text.REGION_NAMES and place in text.REGION_SHORT, place


def test_a_translation_is_used_by_t() -> None:
    fake = text.Catalogue(lang="xx", strings={"board.castillo": "城"})
    text.LANGUAGES["xx"] = lambda: fake
    try:
        text.use("xx")
        assert text.t("board.castillo") == "城"
        assert text.t("over.title") == text.EN["over.title"]  # falls back to English
    finally:
        text.use("en")
        del text.LANGUAGES["xx"]


def test_scoring_displays_are_split_per_scoring_and_a_general_one_waits_for_its_end() -> None:
    """A special scoring and the general scoring that follows get a display each; a general
    scoring interrupted by the disks is carried over until it ends (R-G1-R-G4)."""
    start = E.ScoringStarted("score_fives", ("aragon",))
    scored = E.PlaceScored("aragon", (1, 0), (5, 0, 0), (), (0, 0), "score_fives")
    end = E.ScoringEnded("score_fives", (0, 0))
    general = E.ScoringStarted("general", ())
    turn_end = E.TurnEnded(0)
    batches, carried = split_displays([turn_end, start, scored, end, general])
    assert batches == [(1, [start, scored, end])]  # with where in the events it begins
    assert carried == [general]
    reveal = E.SecretsRevealed("castillo", ((0, "aragon"),))
    g_end = E.ScoringEnded("general", (0, 0))
    batches, carried = split_displays([reveal, g_end], carried)
    assert batches == [(0, [general, reveal, g_end])] and carried is None
    # A disk card's reveal in the round's last turn, then the general scoring: two displays,
    # the reveal's closed at once (the players see it before they set their Castillo disks).
    province = E.SecretsRevealed("province_two_by_disk", ((1, "aragon"),))
    moved = E.CaballerosMoved(1, "aragon", "province", 2)
    batches, carried = split_displays([province, moved, E.TurnEnded(0), general])
    assert batches == [(0, [province, moved, E.TurnEnded(0)])] and carried == [general]
