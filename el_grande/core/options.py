"""The options of a game (R-O) and the round track they give (R-R5, R-R6)."""

from __future__ import annotations

from typing import Any

from el_grande.records import record

from .kinds import Castillo

__all__ = ["ROUND_TRACKS", "SCORING_ROUNDS", "Options"]

#: Round-track numbers played, by the ``rounds`` option (R-R6).
ROUND_TRACKS: dict[int, tuple[int, ...]] = {9: tuple(range(1, 10)), 6: (2, 3, 5, 6, 8, 9)}
#: General scorings follow these rounds (R-R5).
SCORING_ROUNDS = frozenset({3, 6, 9})

_KEYS = ("rounds", "veto", "castillo")


@record
class Options:
    """Game options (R-O).

    ``rounds``: 9 or 6 (R-R6); ``veto``: Veto cards in the game (R-V5); ``castillo``: a
    :class:`Castillo`, ``"open"`` (per-player Castillo counts are public) or ``"hidden"`` (only
    the total is). The plain string is accepted and kept as the member, which equals it.
    """

    rounds: int
    veto: bool
    castillo: Castillo

    def __init__(self, rounds: int = 9, veto: bool = True, castillo: str = Castillo.OPEN) -> None:
        if rounds not in ROUND_TRACKS:
            raise ValueError(f"rounds must be 9 or 6, not {rounds!r}")
        if not isinstance(veto, bool):
            raise ValueError(f"veto must be true or false, not {veto!r}")
        if castillo not in ("open", "hidden") or not isinstance(castillo, str):
            raise ValueError(f"castillo must be 'open' or 'hidden', not {castillo!r}")
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "veto", veto)
        object.__setattr__(self, "castillo", Castillo(castillo))

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON values (records and save files hold these)."""
        return {"rounds": self.rounds, "veto": self.veto, "castillo": self.castillo.value}

    @classmethod
    def from_dict(cls, data: Any) -> Options:
        if not isinstance(data, dict):
            raise ValueError("options must be an object with rounds, veto and castillo")
        unknown = set(data) - set(_KEYS)
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)
