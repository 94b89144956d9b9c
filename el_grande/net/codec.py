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
import operator
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

    __slots__ = ("build", "cls", "fields", "keys", "name")

    def __init__(
        self, name: str, cls: type, fields: tuple[str, ...], build: Callable[..., Any]
    ) -> None:
        self.name, self.cls, self.fields, self.build = name, cls, fields, build
        #: An object's keys when it is sent: its tag and exactly its fields.
        self.keys = frozenset((TAG, *fields))


_BY_NAME: dict[str, _Kind] = {}
_ENUMS: dict[str, type[Enum]] = {}


def _register(name: str, cls: type, fields: Iterable[str], build: Callable[..., Any]) -> None:
    kind = _Kind(name, cls, tuple(fields), build)
    _BY_NAME[name] = kind


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

#: Values that are themselves on the wire (exact types: a subclass takes the long way).
_PLAIN: frozenset[type] = frozenset({type(None), bool, int, str})


def encode(value: Any) -> Any:
    """`value` as JSON-able data (see the module docstring); a value of a type that is not
    registered is refused (`CodecError`), so nothing unexpected is ever sent."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    encoder = _ENCODERS.get(kind)
    if encoder is not None:
        return encoder(value)
    return _encode_any(value)


def _encode_any(value: Any) -> Any:
    """`encode` for any value: the rules in their order (subclasses, refusals)."""
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
        return _encode_float(value)
    if isinstance(value, tuple | list):  # (a registered type is one too: `_ENCODERS` first)
        return _encode_sequence(value)
    if isinstance(value, dict):
        return _encode_dict(value)
    raise CodecError(f"{type(value).__name__} is not a value the table sends.")


def _encode_float(value: float) -> float:
    """A finite number as itself; NaN and the infinities have no JSON."""
    if not math.isfinite(value):
        raise CodecError("Only finite numbers are sent.")
    return value


def _encode_sequence(value: tuple[Any, ...] | list[Any]) -> list[Any]:
    plain = _PLAIN
    return [v if type(v) in plain else encode(v) for v in value]


def _encode_dict(value: dict[Any, Any]) -> dict[str, Any]:
    items: dict[str, Any] = {}
    for key, v in value.items():
        if not isinstance(key, str):
            raise CodecError("A dict sent has string keys only.")
        items[key] = encode(v)
    return {TAG: "dict", "items": items}


def _encode_enum(value: Enum) -> dict[str, Any]:
    return {TAG: type(value).__name__, "value": value.value}


def _fields_of(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A value's `fields`, in their order, as a tuple (`attrgetter` gives one field bare)."""
    get = operator.attrgetter(*fields)
    if len(fields) > 1:
        return get
    return lambda value: (get(value),)


def _kind_encoder(kind: _Kind) -> Callable[[Any], dict[str, Any]]:
    """A registered type's encoder: its name, then every field by name, in its order."""
    name, fields, plain = kind.name, kind.fields, _PLAIN
    values = _fields_of(fields)

    def encode_kind(value: Any) -> dict[str, Any]:
        out: dict[str, Any] = {TAG: name}
        for field, v in zip(fields, values(value)):
            out[field] = v if type(v) in plain else encode(v)
        return out

    return encode_kind


#: The encoder of each type by its exact type (others: `_encode_any`).
_ENCODERS: dict[type, Callable[[Any], Any]] = {
    float: _encode_float,
    tuple: _encode_sequence,
    list: _encode_sequence,
    dict: _encode_dict,
    **{enum: _encode_enum for enum in _ENUMS.values()},
    **{kind.cls: _kind_encoder(kind) for kind in _BY_NAME.values()},
}


# --- decode --------------------------------------------------------------------------------


def decode(data: Any) -> Any:
    """The value `data` (from `encode`, through JSON) stands for; anything else is refused
    with a `CodecError` (see the module docstring)."""
    budget = [MAX_NODES]
    return _decode(data, 0, budget)


def _refused(budget: list[int]) -> CodecError:
    """Why one value more (counted) is past a bound: too many values, or else too deep."""
    if budget[0] < 0:
        return CodecError("The message holds too many values.")
    return CodecError("The message nests too deep.")


def _decode(data: Any, depth: int, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise _refused(budget)
    if type(data) in _PLAIN:
        return data
    if type(data) is list:
        return _decode_list(data, depth + 1, budget)
    if type(data) is dict:
        return _decode_object(data, depth + 1, budget)
    return _decode_other(data, depth, budget)


def _decode_other(data: Any, depth: int, budget: list[int]) -> Any:
    """`_decode` of a value counted already that is no plain JSON value of an exact type."""
    if data is None or isinstance(data, bool | str | int):
        return data
    if isinstance(data, float):
        if not math.isfinite(data):
            raise CodecError("Only finite numbers are sent.")
        return data
    if isinstance(data, list):
        return _decode_list(data, depth + 1, budget)
    if not isinstance(data, dict):
        raise CodecError(f"{type(data).__name__} is not a value the table sends.")
    return _decode_object(data, depth + 1, budget)


def _decode_list(data: list[Any], depth: int, budget: list[int]) -> tuple[Any, ...]:
    """The items of a list, each at `depth` (plain ones counted here: the same bounds)."""
    out = []
    plain, deep = _PLAIN, depth > MAX_DEPTH
    for v in data:
        if type(v) in plain:
            budget[0] -= 1
            if budget[0] < 0 or deep:
                raise _refused(budget)
            out.append(v)
        else:
            out.append(_decode(v, depth, budget))
    return tuple(out)


def _decode_object(data: dict[Any, Any], depth: int, budget: list[int]) -> Any:
    """An object (a registered value, an enum, a dict), its fields at `depth`."""
    name = data.get(TAG)
    if not isinstance(name, str):
        raise CodecError("An object sent names its type.")
    if name == "dict":
        items = data.get("items")
        if set(data) != {TAG, "items"} or not isinstance(items, dict):
            raise CodecError("A dict is sent as its items.")
        return {str(k): _decode(v, depth, budget) for k, v in items.items()}
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
    if data.keys() != kind.keys:
        raise CodecError(f"A {name} is sent with exactly its fields.")
    fields = {}
    plain, deep = _PLAIN, depth > MAX_DEPTH
    for f in kind.fields:
        v = data[f]
        if type(v) in plain:
            budget[0] -= 1
            if budget[0] < 0 or deep:
                raise _refused(budget)
            fields[f] = v
        else:
            fields[f] = _decode(v, depth, budget)
    try:
        return kind.build(**fields)
    except (TypeError, ValueError) as exc:
        raise CodecError(f"That is no {name}: {exc}") from None
