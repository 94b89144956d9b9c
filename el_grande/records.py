"""Plain-data classes that cost next to nothing to define: `@record`.

`@record` makes a dataclass — a real one: `dataclasses.fields`, `replace`, `asdict` and
`is_dataclass` know it, `match` takes it apart by position, pickling and `copy` work, and type
checkers read it as `@dataclass(frozen=True)` (PEP 681) — but defines it about five to ten
times faster on Python 3.11. `dataclasses` writes each method it adds as source code and
compiles it: six for a frozen class, about 0.45 ms a class, and 77 classes were defined before
a new game's first frame (a sixth of the time to it, issue 30). A record lets `dataclasses`
collect the fields and compiles nothing at first: its `__repr__`, `__eq__`, `__hash__` and
(frozen) `__setattr__`/`__delattr__` are small closures over the field names, and compare and
hash the same tuples of values as the generated ones (tests/test_records.py holds a record
and a dataclass of the same fields side by side). Its `__init__` reads the arguments by name
until the class has been built `HOT` times; then it compiles the `__init__` `dataclasses`
would have written, so a class built thousands of times is built as fast as a dataclass.

What a record does not do: `order`, `kw_only` and `InitVar` (use `@dataclass` for those). Its
`__dataclass_params__` says how `dataclasses` was asked to build it (no methods of its own),
so a subclass of a record is a record, never a `@dataclass(frozen=True)`.

`record(frozen=False)` is the mutable counterpart (`@dataclass`): no `__setattr__` of its
own, and unhashable, as a dataclass with `eq` is.

`record(slots=True)` gives the class `__slots__` (less memory per value): `dataclasses` then
builds the class a second time, about 0.13 M instructions more to define it. Only values kept
in numbers ask for it (the story's steps, the log's lines, the scoring tables the bots make);
the table's scenes and beats and the screen's small values, a few made at a time and soon
dropped, do without (together 5.1 M instructions at a new game's first frame).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, field
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")

#: The default of a field with a factory, in a compiled `__init__` (as `dataclasses` has it).
_FACTORY = object()

#: The methods a record adds, unless its class defines them itself (as `dataclasses` does).
_ADDED = ("__init__", "__repr__", "__eq__")


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, frozen: bool = True, slots: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(
    cls: type[_T] | None = None, /, *, frozen: bool = True, slots: bool = False
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """A dataclass of `cls`'s annotated fields (frozen unless `frozen=False`; with
    `__slots__` if `slots`), its methods shared rather than compiled."""

    def build(cls: type[_T]) -> type[_T]:
        return _build(cls, frozen, slots)

    return build if cls is None else build(cls)


def _build(cls: type[_T], frozen: bool, slots: bool) -> type[_T]:
    body = cls.__dict__
    own = {name: name in body for name in _ADDED}
    # A class that defines `__eq__` gets `__hash__ = None` from Python itself: not its own.
    own["__hash__"] = "__hash__" in body and not (body["__hash__"] is None and "__eq__" in body)
    documented = bool(body.get("__doc__"))
    if any("InitVar" in str(a) for a in body.get("__annotations__", {}).values()):
        raise TypeError(f"record {cls.__qualname__}: InitVar is not supported (use @dataclass)")
    if not documented:
        # (Else `dataclasses` writes "Name(fields)" there, from `inspect.signature` of a class
        # with no `__init__` yet: the builtin's, read by the tokenizer — its pattern compiled
        # at the first record, about 1 % of a new game's first frame.)
        cls.__doc__ = "-"
    # `dataclasses` collects the fields (their defaults, `field(...)`, inheritance, the slots
    # class) and adds `__match_args__`; it is asked for no method, so it compiles nothing.
    made: type[_T] = dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, frozen=False, slots=slots
    )
    if not documented:
        made.__doc__ = None
    fields = dataclasses.fields(made)  # type: ignore[arg-type]
    methods: dict[str, object] = {}
    if not own["__init__"]:
        methods["__init__"] = _initializer(made, fields)
    if not own["__repr__"]:
        methods["__repr__"] = _repr([f.name for f in fields if f.repr])
    if not own["__eq__"]:
        methods["__eq__"] = _eq(_values([f.name for f in fields if f.compare]))
    if not own["__hash__"]:
        hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
        # Mutable: unhashable, as a dataclass with `eq` is.
        methods["__hash__"] = _hash(_values(hashed)) if frozen else None
    if frozen:
        names = frozenset(f.name for f in fields)
        methods["__setattr__"] = _setattr(made, names)
        methods["__delattr__"] = _delattr(made, names)
    if slots:
        # A frozen slots class cannot be unpickled by setting its slots (as a dataclass's,
        # its state is the list of its values).
        methods["__getstate__"] = _getstate(tuple(f.name for f in fields))
        methods["__setstate__"] = _setstate(tuple(f.name for f in fields))
    for name, method in methods.items():
        setattr(made, name, method)
    return made


def _values(names: list[str]) -> Callable[[object], tuple[Any, ...]]:
    """The tuple of an object's values of `names` (what the generated methods compare)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


#: Calls after which a record's `__init__` is compiled (a class built often — the story's
#: steps, the narrator's lines, the session's updates — then builds as fast as a dataclass;
#: a class built a few times never pays for compiling).
HOT = 32


def _initializer(cls: type, fields: tuple[Field[Any], ...]) -> Callable[..., None]:
    names = tuple(f.name for f in fields if f.init)
    later = tuple(f.name for f in fields if not f.init)  # `field(init=False)`: its default
    defaults = {f.name: f.default for f in fields if f.default is not MISSING}
    factories: dict[str, Callable[[], object]] = {
        f.name: f.default_factory for f in fields if f.default_factory is not MISSING
    }
    for before, after in itertools.pairwise(names):
        if (before in defaults or before in factories) and not (
            after in defaults or after in factories
        ):
            raise TypeError(f"non-default argument {after!r} follows default argument")
    count = len(names)
    name = f"{cls.__qualname__}.__init__()"
    post_init = getattr(cls, "__post_init__", None)
    put = object.__setattr__
    calls = 0

    def __init__(self: object, *args: object, **kwargs: object) -> None:
        nonlocal calls
        calls += 1
        if calls == HOT:
            compiled = _compiled_init(cls, names, later, defaults, factories, post_init)
            cls.__init__ = compiled  # type: ignore[misc]
            return compiled(self, *args, **kwargs)
        if len(args) > count:
            raise TypeError(
                f"{name} takes {count + 1} positional arguments but {len(args) + 1} were given"
            )
        for key, value in zip(names, args, strict=False):
            if key in kwargs:
                raise TypeError(f"{name} got multiple values for argument {key!r}")
            put(self, key, value)
        for key in names[len(args) :]:
            if key in kwargs:
                value = kwargs.pop(key)
            elif key in defaults:
                value = defaults[key]
            elif key in factories:
                value = factories[key]()
            else:
                raise TypeError(f"{name} missing required argument: {key!r}")
            put(self, key, value)
        if kwargs:
            raise TypeError(f"{name} got an unexpected keyword argument {next(iter(kwargs))!r}")
        for key in later:
            put(self, key, defaults[key] if key in defaults else factories[key]())
        if post_init is not None:
            post_init(self)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _compiled_init(
    cls: type,
    names: tuple[str, ...],
    later: tuple[str, ...],
    defaults: dict[str, object],
    factories: dict[str, Callable[[], object]],
    post_init: Callable[[object], None] | None,
) -> Callable[..., None]:
    """The `__init__` of a record built often: compiled, as `dataclasses` writes it (the
    values' names are the fields'; defaults and factories come from the scope)."""
    scope: dict[str, object] = {"_put": object.__setattr__, "_factory": _FACTORY}
    params, body = [], []
    for key in names:
        if key in defaults:
            scope[f"_default_{key}"] = defaults[key]
            params.append(f"{key}=_default_{key}")
        elif key in factories:
            scope[f"_make_{key}"] = factories[key]
            params.append(f"{key}=_factory")
            body.append(f"if {key} is _factory: {key} = _make_{key}()")
        else:
            params.append(key)
        body.append(f"_put(__record_self__, {key!r}, {key})")
    for key in later:
        if key in defaults:
            scope[f"_default_{key}"] = defaults[key]
            body.append(f"_put(__record_self__, {key!r}, _default_{key})")
        else:
            scope[f"_make_{key}"] = factories[key]
            body.append(f"_put(__record_self__, {key!r}, _make_{key}())")
    if post_init is not None:
        scope["_post_init"] = post_init
        body.append("_post_init(__record_self__)")
    source = f"def __init__(__record_self__, {', '.join(params)}):\n" + "".join(
        f"    {line}\n" for line in body or ["pass"]
    )
    exec(source, scope)  # the one method a record compiles, once it is built often
    init: Any = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init  # type: ignore[no-any-return]


def _repr(names: list[str]) -> Callable[[object], str]:
    @recursive_repr()
    def __repr__(self: object) -> str:
        values = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{self.__class__.__qualname__}({values})"

    return __repr__


def _eq(values: Callable[[object], tuple[Any, ...]]) -> Callable[[object, object], Any]:
    def __eq__(self: object, other: object) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[object], tuple[Any, ...]]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(values(self))

    return __hash__


def _setattr(cls: Any, names: frozenset[str]) -> Callable[[object, str, object], None]:
    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr(cls: Any, names: frozenset[str]) -> Callable[[object, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _getstate(names: tuple[str, ...]) -> Callable[[object], list[object]]:
    def __getstate__(self: object) -> list[object]:
        return [getattr(self, n) for n in names]

    return __getstate__


def _setstate(names: tuple[str, ...]) -> Callable[[object, list[object]], None]:
    def __setstate__(self: object, state: list[object]) -> None:
        for n, value in zip(names, state, strict=True):
            object.__setattr__(self, n, value)

    return __setstate__


def copied(value: _T) -> _T:
    """A shallow copy of a record without slots (its values shared, not copied): what
    `dataclasses.replace(value)` makes, without calling `__init__` again, about eight times
    faster. For a value copied at every choice of a game (the story's narrator, kept for
    undo); a class with `__post_init__` checks is not re-checked (its values already were)."""
    twin = object.__new__(type(value))
    twin.__dict__.update(value.__dict__)
    return twin


def replaced(value: _T, /, **changes: Any) -> _T:
    """`dataclasses.replace(value, **changes)` for a record without slots: the same value
    (its `__post_init__` run, a field it does not have refused), built without calling
    `__init__` with every field again — about ten times faster for a view of thirty fields,
    which a display's steps replace a few hundred times a scoring."""
    fields = value.__dataclass_fields__  # type: ignore[attr-defined]
    if not changes.keys() <= fields.keys():
        unknown = ", ".join(sorted(changes.keys() - fields.keys()))
        raise TypeError(f"{type(value).__qualname__} has no field {unknown}")
    twin = copied(value)
    twin.__dict__.update(changes)
    post_init = getattr(twin, "__post_init__", None)
    if post_init is not None:
        post_init()
    return twin
