"""The message catalogue: everything a player reads comes from `el_grande/app/text.py`."""

from __future__ import annotations

import re
from pathlib import Path

from el_grande import text
from el_grande.app.screens.game import GameScreen
from el_grande.core import CARDS, PLACES
from el_grande.core import events as E

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
    text.CATALOGUES["xx"] = fake
    try:
        text.use("xx")
        assert text.t("board.castillo") == "城"
        assert text.t("over.title") == text.EN["over.title"]  # falls back to English
    finally:
        text.use("en")
        del text.CATALOGUES["xx"]


def test_scoring_displays_are_split_per_scoring_and_a_general_one_waits_for_its_end() -> None:
    """A special scoring and the general scoring that follows get a display each; a general
    scoring interrupted by the disks is carried over until it ends (R-G1-R-G4)."""
    start = E.ScoringStarted("score_fives", ("aragon",))
    scored = E.PlaceScored("aragon", (1, 0), (5, 0, 0), (), (0, 0), "score_fives")
    end = E.ScoringEnded("score_fives", (0, 0))
    general = E.ScoringStarted("general", ())
    batches, carried = GameScreen._showable([start, scored, end, general])
    assert batches == [[start, scored, end]]
    assert carried == [general]
    reveal = E.SecretsRevealed("castillo", ((0, "aragon"),))
    g_end = E.ScoringEnded("general", (0, 0))
    batches, carried = GameScreen._showable([reveal, g_end], carried)
    assert batches == [[general, reveal, g_end]] and carried is None
