"""Names in file names (issue 33, item 9): Hangul romanized, Latin letters without their
accents, and nothing else — a file name stays safe whatever a name holds."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from el_grande.persist.model import game_id_problem
from el_grande.persist.slug import NAME_PART, name_slug
from el_grande.persist.store import new_game_id

WHEN = datetime(2026, 12, 2, 3, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("김민준", "Gimminjun"),
        ("서연", "Seoyeon"),
        ("박지훈", "Bakjihun"),
        ("이 준", "IJun"),  # two words, two capitals
        ("정은지", "Jeongeunji"),
        ("Zoë", "Zoe"),
        ("Ana김", "AnaGim"),
        ("🙂", ""),
        ("ㄱㄴ", ""),  # lone jamo spell nothing
    ],
)
def test_a_name_becomes_ascii_letters_a_person_can_read(name: str, slug: str) -> None:
    assert name_slug(name) == slug


def test_hangul_names_make_a_readable_game_id_not_seat_numbers() -> None:
    game_id = new_game_id(["김민준", "서연", "지훈"], WHEN)
    assert game_id == "20261202-031500-Gimminjun-Seoyeon-Jihun"
    assert game_id_problem(game_id) is None


@pytest.mark.parametrize(
    "name",
    ["../../etc", "a/b\\c", "x\x00y\x1b[2J", "\u202egnp.exe", "con", "..", "a" * 200, "김" * 50],
)
def test_whatever_a_name_holds_the_file_name_is_safe(name: str) -> None:
    slug = name_slug(name)
    assert len(slug) <= NAME_PART and slug.isascii() and (slug == "" or slug.isalnum())
    game_id = new_game_id([name, "Ben"], WHEN)
    assert game_id_problem(game_id) is None, game_id
