"""The values a table sends a screen, as JSON and back: the core's views, decisions, choices
and events, and the flow's scenes (plain Python, standard library only).

A screen across the wire draws the very values a screen at the table draws (`SeatScene`,
`SpectatorScene`, the display's steps, the log's lines), so the wire carries them as they are:
`encode` turns one into JSON-able data, `decode` rebuilds it, equal to the original
(`decode(encode(x)) == x`, tuples as tuples, enums as enums). Only the types registered here
can be rebuilt — never a `Game`, a record or anything that holds the seed or the hidden
state (nothing of the kind is registered, so `encode` refuses it too).

The shapes, for a client written in another language (docs/protocol.md):

* `null`, booleans, integers, finite numbers and strings are themselves;
* a tuple is a JSON array (a list is sent as one too, and comes back a tuple);
* a registered value is an object `{"$": NAME, FIELD: VALUE, ...}` with every field by
  name: `"$": "Choice"` (`verb`, `arg`), `"PublicView"`, `"Prompt"`, an event
  `"E.CaballerosMoved"`...; an enum is `{"$": "DecisionKind", "value": "place"}`;
* a dict (a decision's `context`) is `{"$": "dict", "items": {KEY: VALUE}}` (string keys).

`decode` refuses (`CodecError`, one sentence) an unknown name, a missing or unknown field,
a value nested deeper than `MAX_DEPTH`, or more than `MAX_NODES` values in all.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

from el_grande.core import Choice, Decision, DecisionView, PlayerView, PublicView, View
from el_grande.core import events as E
from el_grande.core.choices import ch
from el_grande.core.kinds import AwardReason, DecisionKind, Phase, Purpose
from el_grande.core.view import RegionView
from el_grande.flow.marks import Caution, Changes
from el_grande.flow.scenes import Confirm, GameOver, Prompt, Showing, Watching
from el_grande.narrate import Line, ScoringStep, StepLine, Tone, Total
from el_grande.session import Seating

__all__ = ["MAX_DEPTH", "MAX_NODES", "CodecError", "decode", "encode"]

#: How deep a value may nest (a scene holds a view holds players holding tuples: about 8).
MAX_DEPTH = 24
#: How many values one decoded message may hold in all (a display of 12 steps' views: ~40 000).
MAX_NODES = 400_000

TAG = "$"


class CodecError(ValueError):
    """Data that is not a value the table sends (the message says why, in one sentence)."""


class _Kind:
    """How one registered type is taken apart and put together again."""

    __slots__ = ("build", "cls", "fields", "name")

    def __init__(
        self, name: str, cls: type, fields: tuple[str, ...], build: Callable[..., Any]
    ) -> None:
        self.name, self.cls, self.fields, self.build = name, cls, fields, build


_BY_NAME: dict[str, _Kind] = {}
_BY_TYPE: dict[type, _Kind] = {}
_ENUMS: dict[str, type[Enum]] = {}


def _register(name: str, cls: type, fields: Iterable[str], build: Callable[..., Any]) -> None:
    kind = _Kind(name, cls, tuple(fields), build)
    _BY_NAME[name] = kind
    _BY_TYPE[cls] = kind


def _dataclass(cls: type, name: str | None = None) -> None:
    names = tuple(f.name for f in dataclasses.fields(cls))
    _register(name or cls.__name__, cls, names, cls)


for _cls in (
    View,
    PublicView,
    PlayerView,
    RegionView,
    DecisionView,
    Seating,
    Line,
    ScoringStep,
    StepLine,
    Total,
    Prompt,
    Watching,
    Showing,
    Confirm,
    GameOver,
    Caution,
    Changes,
):
    _dataclass(_cls)

_register("Choice", Choice, Choice._fields, ch)  # the shared instances (`ch`)
_register(
    "Decision",
    Decision,
    ("player", "kind", "secret", "choices", "context"),
    lambda player, kind, secret, choices, context: Decision(player, kind, secret, choices, context),
)
for _name in dir(E):
    _event = getattr(E, _name)
    _fields: tuple[str, ...] = getattr(_event, "__match_args__", ())
    if isinstance(_event, type) and issubclass(_event, tuple) and _fields:
        _register(f"E.{_event.__name__}", _event, _fields, _event)
for _enum in (DecisionKind, Phase, Purpose, AwardReason, Tone):
    _ENUMS[_enum.__name__] = _enum


# --- encode --------------------------------------------------------------------------------


def encode(value: Any) -> Any:
    """`value` as JSON-able data (see the module docstring); a value of a type that is not
    registered is refused (`CodecError`), so nothing unexpected is ever sent."""
    if isinstance(value, Enum):  # (before str: the core's enums are strings too)
        name = type(value).__name__
        if _ENUMS.get(name) is not type(value):
            raise CodecError(f"{name} is not a value the table sends.")
        return {TAG: name, "value": value.value}
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise CodecError("Only finite numbers are sent.")
        return value
    kind = _BY_TYPE.get(type(value))
    if kind is not None:
        out: dict[str, Any] = {TAG: kind.name}
        for field in kind.fields:
            out[field] = encode(getattr(value, field))
        return out
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        items: dict[str, Any] = {}
        for key, v in value.items():
            if not isinstance(key, str):
                raise CodecError("A dict sent has string keys only.")
            items[key] = encode(v)
        return {TAG: "dict", "items": items}
    raise CodecError(f"{type(value).__name__} is not a value the table sends.")


# --- decode --------------------------------------------------------------------------------


def decode(data: Any) -> Any:
    """The value `data` (from `encode`, through JSON) stands for; anything else is refused
    with a `CodecError` (see the module docstring)."""
    budget = [MAX_NODES]
    return _decode(data, 0, budget)


def _decode(data: Any, depth: int, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise CodecError("The message holds too many values.")
    if depth > MAX_DEPTH:
        raise CodecError("The message nests too deep.")
    if data is None or isinstance(data, bool | str | int):
        return data
    if isinstance(data, float):
        if not math.isfinite(data):
            raise CodecError("Only finite numbers are sent.")
        return data
    if isinstance(data, list):
        return tuple(_decode(v, depth + 1, budget) for v in data)
    if not isinstance(data, dict):
        raise CodecError(f"{type(data).__name__} is not a value the table sends.")
    name = data.get(TAG)
    if not isinstance(name, str):
        raise CodecError("An object sent names its type.")
    if name == "dict":
        items = data.get("items")
        if set(data) != {TAG, "items"} or not isinstance(items, dict):
            raise CodecError("A dict is sent as its items.")
        return {str(k): _decode(v, depth + 1, budget) for k, v in items.items()}
    enum = _ENUMS.get(name)
    if enum is not None:
        if set(data) != {TAG, "value"}:
            raise CodecError(f"{name} is sent as its value.")
        try:
            return enum(data["value"])
        except ValueError:
            raise CodecError(f"{data['value']!r} is no {name}.") from None
    kind = _BY_NAME.get(name)
    if kind is None:
        raise CodecError(f"{name[:40]!r} is not a value the table sends.")
    if len(data) != len(kind.fields) + 1 or any(f not in data for f in kind.fields):
        raise CodecError(f"A {name} is sent with exactly its fields.")
    fields = {f: _decode(data[f], depth + 1, budget) for f in kind.fields}
    try:
        return kind.build(**fields)
    except (TypeError, ValueError) as exc:
        raise CodecError(f"That is no {name}: {exc}") from None
