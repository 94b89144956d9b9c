"""The board (R-B): regions in board order, the Castillo, neighbours and printed values."""

from __future__ import annotations

#: Region ids in board order (R-B2). Index = the region's number inside the core.
REGIONS: tuple[str, ...] = (
    "galicia",
    "basque_country",
    "aragon",
    "catalonia",
    "old_castile",
    "new_castile",
    "valencia",
    "seville",
    "granada",
)
CASTILLO = "castillo"
#: Every place a Caballero can stand on the board: the nine regions, then the Castillo.
PLACES: tuple[str, ...] = REGIONS + (CASTILLO,)
CASTILLO_INDEX = 9
NUM_REGIONS = 9

#: Printed values (1st, 2nd, 3rd) of each place.
VALUES: dict[str, tuple[int, int, int]] = {
    "galicia": (4, 2, 0),
    "basque_country": (5, 3, 1),
    "aragon": (5, 4, 1),
    "catalonia": (4, 2, 1),
    "old_castile": (6, 4, 2),
    "new_castile": (7, 4, 2),
    "valencia": (5, 3, 2),
    "seville": (4, 3, 1),
    "granada": (6, 3, 1),
    "castillo": (5, 3, 1),
}

_BORDERS = (
    ("galicia", "old_castile"),
    ("galicia", "basque_country"),
    ("basque_country", "old_castile"),
    ("basque_country", "aragon"),
    ("aragon", "old_castile"),
    ("aragon", "new_castile"),
    ("aragon", "valencia"),
    ("aragon", "catalonia"),
    ("catalonia", "valencia"),
    ("old_castile", "new_castile"),
    ("new_castile", "valencia"),
    ("new_castile", "granada"),
    ("new_castile", "seville"),
    ("valencia", "granada"),
    ("seville", "granada"),
)


def _neighbours() -> dict[str, tuple[str, ...]]:
    result: dict[str, list[str]] = {r: [] for r in REGIONS}
    for a, b in _BORDERS:
        result[a].append(b)
        result[b].append(a)
    order = {r: i for i, r in enumerate(REGIONS)}
    return {r: tuple(sorted(ns, key=order.__getitem__)) for r, ns in result.items()}


#: Neighbouring regions of each region, in board order (R-B1: 15 symmetric borders).
NEIGHBOURS: dict[str, tuple[str, ...]] = _neighbours()

PLACE_INDEX: dict[str, int] = {p: i for i, p in enumerate(PLACES)}
#: Neighbours by region number, for the hot path.
ADJ: tuple[tuple[int, ...], ...] = tuple(
    tuple(PLACE_INDEX[n] for n in NEIGHBOURS[r]) for r in REGIONS
)
#: Printed values by place number.
PLACE_VALUES: tuple[tuple[int, int, int], ...] = tuple(VALUES[p] for p in PLACES)
