"""`el_grande.records.record` behaves as `@dataclass(frozen=True)` (and `record(frozen=False)`
as `@dataclass`): a record and a dataclass of the same fields, side by side."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest

from el_grande import records
from el_grande.records import record


def _pair(frozen: bool, slots: bool) -> tuple[type, type]:
    """The same class twice: as a record and as a dataclass."""

    def body() -> dict[str, Any]:
        return {
            "__annotations__": {
                "seat": "int",
                "name": "str",
                "marks": "tuple[int, ...]",
                "count": "int",
                "notes": "list[str]",
                "hidden": "int",
            },
            "__doc__": "A value.",
            "__module__": __name__,
            "count": 0,
            "notes": field(default_factory=list, hash=False),
            "hidden": field(default=7, compare=False, repr=False),
        }

    ours = record(frozen=frozen, slots=slots)(type("Value", (), body()))
    theirs = dataclass(frozen=frozen, slots=slots)(type("Value", (), body()))
    return ours, theirs


KINDS = [(True, False), (True, True), (False, False), (False, True)]


@pytest.mark.parametrize(("frozen", "slots"), KINDS)
def test_construction_equality_hash_and_repr_are_a_dataclasss(frozen: bool, slots: bool) -> None:
    ours, theirs = _pair(frozen, slots)
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1, "Ana", (2, 3)), {}),
        ((1, "Ana"), {"marks": (), "count": 4}),
        ((), {"seat": 2, "name": "Ben", "marks": (1,), "notes": ["x"], "hidden": 9}),
        ((3, "Cy", (), 5, ["a", "b"], 1), {}),
    ]
    for args, kwargs in calls:
        a, b = ours(*args, **kwargs), theirs(*args, **kwargs)
        assert repr(a) == repr(b)
        assert [getattr(a, f.name) for f in dataclasses.fields(a)] == [
            getattr(b, f.name) for f in dataclasses.fields(b)
        ]
        same = ours(*args, **kwargs)
        assert a == same
        assert not a != same  # noqa: SIM202 (`!=` is asked for, not `==`)
        assert a != ours(9, "Zed", ())
        assert a != b  # another class: never equal (NotImplemented both ways)
        assert (a == 1) is False
        if frozen:
            assert hash(a) == hash(same)
            assert hash(a) == hash(b)  # the same tuple of values is hashed
        else:
            with pytest.raises(TypeError):
                hash(a)
    # `hidden` is not compared (compare=False), as for the dataclass:
    assert ours(1, "A", (), hidden=1) == ours(1, "A", (), hidden=2)
    assert (theirs(1, "A", (), hidden=1) == theirs(1, "A", (), hidden=2)) is True
    # default_factory gives each instance its own list
    assert ours(1, "A", ()).notes is not ours(1, "A", ()).notes


@pytest.mark.parametrize(("frozen", "slots"), KINDS)
def test_wrong_arguments_are_refused_as_by_a_dataclass(frozen: bool, slots: bool) -> None:
    for cls in _pair(frozen, slots):
        with pytest.raises(TypeError):
            cls(1)  # name missing
        with pytest.raises(TypeError):
            cls(1, "A", (), 0, [], 0, "one too many")
        with pytest.raises(TypeError):
            cls(1, "A", (), seat=2)  # seat twice
        with pytest.raises(TypeError):
            cls(1, "A", (), colour="red")


@pytest.mark.parametrize(("frozen", "slots"), KINDS)
def test_frozen_means_frozen_and_mutable_means_mutable(frozen: bool, slots: bool) -> None:
    ours, theirs = _pair(frozen, slots)
    for cls in (ours, theirs):
        value = cls(1, "Ana", ())
        if frozen:
            with pytest.raises(FrozenInstanceError):
                value.seat = 2
            with pytest.raises(FrozenInstanceError):
                del value.name
            # Not a field either: the class itself is frozen. (A frozen slots dataclass of
            # Python 3.11 raises TypeError here, from its `super()` of the class it replaced.)
            with pytest.raises(
                FrozenInstanceError if cls is ours else (FrozenInstanceError, TypeError)
            ):
                value.other = 1
        else:
            value.seat = 2
            assert value.seat == 2


@pytest.mark.parametrize(("frozen", "slots"), KINDS)
def test_dataclasses_functions_match_copy_and_pickle_work(frozen: bool, slots: bool) -> None:
    ours, _ = _pair(frozen, slots)
    value = ours(1, "Ana", (2,), notes=["n"])
    assert dataclasses.is_dataclass(value)
    assert [f.name for f in dataclasses.fields(ours)] == [
        "seat",
        "name",
        "marks",
        "count",
        "notes",
        "hidden",
    ]
    changed = dataclasses.replace(value, seat=5)
    assert type(changed) is ours and changed.seat == 5 and changed.name == "Ana"
    assert dataclasses.asdict(value) == {
        "seat": 1,
        "name": "Ana",
        "marks": (2,),
        "count": 0,
        "notes": ["n"],
        "hidden": 7,
    }
    assert ours.__match_args__ == ("seat", "name", "marks", "count", "notes", "hidden")
    match value:
        case ours(seat, name):  # type: ignore[misc]
            assert (seat, name) == (1, "Ana")
        case _:
            raise AssertionError("no match")
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
    globals()["Value"] = ours  # (pickle finds a class by its module and name)
    try:
        again = pickle.loads(pickle.dumps(value))
    finally:
        del globals()["Value"]
    assert again == value and type(again) is ours
    if slots:
        assert not hasattr(value, "__dict__")


def test_a_records_own_methods_and_inheritance_are_kept() -> None:
    @record
    class Base:
        seat: int

        def __repr__(self) -> str:
            return f"seat {self.seat}"

    @record
    class Child(Base):
        name: str = "x"

    assert repr(Base(1)) == "seat 1"
    # A subclass gets the method again, unless it defines it (as `dataclasses` does it):
    assert repr(Child(1)).endswith("Child(seat=1, name='x')")
    assert [f.name for f in dataclasses.fields(Child)] == ["seat", "name"]
    assert Child(1, "y") == Child(1, "y") != Base(1)

    @record
    class Eq:
        a: int

        def __eq__(self, other: object) -> bool:
            return True

    assert Eq(1) == Eq(2)
    # Its own __eq__ and no __hash__: frozen, it is hashed by its fields, as a dataclass is.
    assert hash(Eq(1)) == hash(
        dataclass(frozen=True)(type("Eq", (), {"__annotations__": {"a": "int"}}))(1)
    )


def test_a_record_is_declared_to_type_checkers_as_a_frozen_dataclass() -> None:
    """PEP 681: `mypy` reads a record as `@dataclass(frozen=True)` (the package's own `mypy`
    run in CI checks every record's uses against that)."""
    declared = record.__dataclass_transform__  # type: ignore[attr-defined]
    # (Python 3.11 keeps `frozen_default` among the other keywords)
    assert declared.get("frozen_default", declared["kwargs"].get("frozen_default")) is True
    assert field in declared["field_specifiers"]


def test_post_init_runs_and_init_var_is_refused() -> None:
    seen: list[int] = []

    @record(frozen=False)
    class Counted:
        seat: int

        def __post_init__(self) -> None:
            seen.append(self.seat)

    Counted(3)
    assert seen == [3]
    with pytest.raises(TypeError, match="InitVar"):
        record(type("Bad", (), {"__annotations__": {"seat": "InitVar[int]"}}))


@pytest.mark.parametrize(("frozen", "slots"), KINDS)
def test_a_record_built_often_builds_the_same_with_its_compiled_init(
    frozen: bool, slots: bool
) -> None:
    """After `HOT` calls a record compiles its `__init__`: the same values, defaults,
    factories and refusals before and after."""
    ours, theirs = _pair(frozen, slots)
    generic = ours.__init__
    for k in range(records.HOT + 3):
        a, b = ours(k, "Ana", (k,), notes=[str(k)]), theirs(k, "Ana", (k,), notes=[str(k)])
        assert repr(a) == repr(b)
        assert ours(k, name="B", marks=()) == ours(k, "B", (), 0, [], 7)
    assert ours.__init__ is not generic  # compiled now
    assert ours(1, "A", ()).notes is not ours(1, "A", ()).notes  # a list each, still
    with pytest.raises(TypeError):
        ours(1)
    with pytest.raises(TypeError):
        ours(1, "A", (), seat=2)
    with pytest.raises(TypeError):
        ours(1, "A", (), colour="red")
    seen: list[int] = []

    @record(frozen=frozen, slots=slots)
    class Later:
        seat: int
        marks: list[int] = field(default_factory=list, init=False)

        def __post_init__(self) -> None:
            seen.append(self.seat)

    for k in range(records.HOT + 2):
        later = Later(k)
        assert later.marks == [] and later.seat == k
    assert seen == list(range(records.HOT + 2))


def test_a_field_without_a_default_after_one_with_a_default_is_refused() -> None:
    with pytest.raises(TypeError, match="non-default argument 'name' follows default"):
        record(type("Bad", (), {"__annotations__": {"seat": "int", "name": "str"}, "seat": 0}))


@pytest.mark.parametrize("slots", [False, True])
def test_a_record_keeps_its_docstring_and_is_given_none(slots: bool) -> None:
    """A dataclass without a docstring gets "Name(fields)" as one; a record keeps its own
    or has none (and its class is not left with the placeholder that saves the signature)."""
    plain = record(slots=slots)(type("Plain", (), {"__annotations__": {"seat": "int"}}))
    told = record(slots=slots)(
        type("Told", (), {"__annotations__": {"seat": "int"}, "__doc__": "A seat."})
    )
    assert plain.__doc__ is None and told.__doc__ == "A seat."
    assert plain(1).seat == 1 and [f.name for f in dataclasses.fields(plain)] == ["seat"]


@pytest.mark.parametrize("frozen", [True, False])
def test_copied_is_replace_without_init(frozen: bool) -> None:
    """`copied` makes what `dataclasses.replace` with no changes makes: another value of the
    same class, equal, its fields the very same objects (a shallow copy); changing the copy
    (a mutable record) leaves the original as it was."""
    ours, _ = _pair(frozen, slots=False)
    value = ours(1, "Ana", (2, 3), 4, ["x"], hidden=5)
    twin, again = records.copied(value), dataclasses.replace(value)
    assert type(twin) is ours and twin is not value
    assert twin == value == again and repr(twin) == repr(again)
    assert all(getattr(twin, f.name) is getattr(value, f.name) for f in dataclasses.fields(twin))
    if not frozen:
        twin.count = 9
        assert value.count == 4


@pytest.mark.parametrize("frozen", [True, False])
def test_replaced_is_replace(frozen: bool) -> None:
    """`replaced` makes what `dataclasses.replace` makes: the changes made, the other fields
    the very same objects, `__post_init__` run, a field the record does not have refused."""
    ours, _ = _pair(frozen, slots=False)
    value = ours(1, "Ana", (2, 3), 4, ["x"], hidden=5)
    twin, again = (
        records.replaced(value, count=9, name="Ben"),
        dataclasses.replace(value, count=9, name="Ben"),
    )
    assert type(twin) is ours and twin == again and repr(twin) == repr(again)
    assert twin.marks is value.marks and twin.hidden == 5 and value.count == 4
    with pytest.raises(TypeError, match="no field colour"):
        records.replaced(value, colour="red")

    @record
    class Checked:
        seat: int | None

        def __post_init__(self) -> None:
            if self.seat is not None:
                raise ValueError("no seat")

    assert records.replaced(Checked(None), seat=None) == Checked(None)
    with pytest.raises(ValueError, match="no seat"):
        records.replaced(Checked(None), seat=1)
