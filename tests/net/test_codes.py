"""A hosted table's codes (el_grande/net/codes.py): 12 characters of Crockford's base32 shown
XXXX-XXXX-XXXX, one per person's seat and one to watch, all different; read as a person types
them (case, dashes, spaces, O for 0, I and L for 1) and compared in constant time with every
code; kept beside the autosave in a file only its owner may read (0600, written atomically),
read back whole or refused; never shown by their repr."""

from __future__ import annotations

import hmac
import json
import os
import random
import re
import secrets
import stat
from pathlib import Path

import pytest

from el_grande.net.codes import (
    ALPHABET,
    WATCH,
    Codes,
    CodesError,
    codes_path,
    normalise,
    read_codes,
    write_codes,
)

SHAPE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


def test_a_code_per_persons_seat_and_one_to_watch_all_of_crockfords_base32() -> None:
    codes = Codes.new([True, False, True, True], random.Random(1))
    assert codes.seats[1] is None
    every = [c for c in (*codes.seats, codes.watch) if c is not None]
    assert len(every) == 4 and len(set(every)) == 4
    assert all(SHAPE.match(c) for c in every)
    assert set(ALPHABET) == set("0123456789ABCDEFGHJKMNPQRSTVWXYZ") and len(ALPHABET) == 32
    assert Codes.new([True, True], random.Random(1)) == Codes.new([True, True], random.Random(1))


def test_codes_come_from_the_systems_random_source_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []

    class Counting(secrets.SystemRandom):
        def choice(self, seq):  # type: ignore[no-untyped-def, override]
            drawn.append(seq)
            return super().choice(seq)

    monkeypatch.setattr(secrets, "SystemRandom", Counting)
    Codes.new([True, True, False])
    assert len(drawn) == 3 * 12 and set(drawn) == {ALPHABET}
    a, b = Codes.new([True, True]), Codes.new([True, True])
    assert a != b  # (60 bits each: never the same twice)


def test_a_code_opens_its_seat_or_the_watchers_however_it_is_typed() -> None:
    codes = Codes(("AB0C-1DEF-GH23", None, "Z9Y8-X7W6-V5T4"), "MNPQ-RSTV-1111")
    assert codes.opens("AB0C-1DEF-GH23") == 0
    assert codes.opens("ab0c 1def gh23") == 0
    assert codes.opens(" abOc-IdEf-gh23 ") == 0  # O read as 0, I as 1
    assert codes.opens("Z9Y8X7W6V5T4") == 2
    assert codes.opens("mnpq-rstv-llil") == WATCH  # L and I read as 1
    assert normalise("a-b c\tO\nIl") == "ABC011"
    for wrong in ("", "AB0C-1DEF-GH2", "AB0C-1DEF-GH24", "AB0C-1DEF-GH23X", "é" * 12, "-" * 64):
        assert codes.opens(wrong) is None


def test_every_code_is_compared_in_constant_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """`hmac.compare_digest` against every code of the table, whatever matches first."""
    calls: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def counting(a: bytes, b: bytes) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", counting)
    codes = Codes.new([True, True, False, True], random.Random(2))
    first = codes.seats[0]
    assert first is not None
    for typed in (first, "0000-0000-0000"):
        calls.clear()
        codes.opens(typed)
        assert len(calls) == 4  # three seats' codes and the watch code


def test_a_tables_codes_are_well_formed_and_different() -> None:
    with pytest.raises(CodesError):
        Codes(("AB0C-1DEF-GH23", "AB0C-1DEF-GH23"), "MNPQ-RSTV-1111")
    with pytest.raises(CodesError):
        Codes(("AB0C-1DEF-GH23", "ab0c1defgh23"), "MNPQ-RSTV-1111")  # the same, typed
    with pytest.raises(CodesError):
        Codes(("AB0C-1DEF-GH2U", None), "MNPQ-RSTV-1111")  # U is no base32 of Crockford's
    with pytest.raises(CodesError):
        Codes(("AB0C-1DEF", None), "MNPQ-RSTV-1111")


def test_no_code_is_in_the_codes_repr() -> None:
    codes = Codes.new([True, False, True], random.Random(3))
    for text in (repr(codes), str(codes), f"{codes}", repr([codes])):
        for code in (*codes.seats, codes.watch):
            if code is not None:
                assert code not in text and normalise(code) not in text
    assert "s-s" in repr(codes)


def test_the_codes_file_sits_beside_the_save_readable_by_its_owner_only(tmp_path: Path) -> None:
    save = tmp_path / "saves" / "ana-ben-1.json"
    path = codes_path(save)
    assert path == tmp_path / "saves" / ".ana-ben-1.codes"
    old = os.umask(0)  # (even with nothing masked: 0600)
    try:
        codes = Codes.new([True, True, False], random.Random(4))
        write_codes(path, codes)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_codes(path) == codes
    assert sorted(p.name for p in path.parent.iterdir()) == [".ana-ben-1.codes"]
    again = Codes.new([True, True, False], random.Random(5))
    write_codes(path, again)  # over the old one, atomically
    assert read_codes(path) == again and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text())["version"] == 1


def test_a_codes_file_that_holds_no_tables_codes_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.codes.json"
    good = json.loads(Codes.new([True, True], random.Random(6)).to_json())
    for bad in (
        "not json",
        "[]",
        json.dumps({**good, "version": 2}),
        json.dumps({**good, "extra": 1}),
        json.dumps({**good, "seats": "ABCD"}),
        json.dumps({**good, "seats": [1, 2]}),
        json.dumps({**good, "seats": [good["seats"][0]]}),
        json.dumps({**good, "watch": None}),
        json.dumps({**good, "watch": good["seats"][0]}),
    ):
        path.write_text(bad)
        with pytest.raises(CodesError) as caught:
            read_codes(path)
        assert all(code not in str(caught.value) for code in good["seats"])
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(CodesError):
        read_codes(path)
    path.write_text(" " * 5000)
    with pytest.raises(OSError):
        read_codes(path)  # too big to be one
    with pytest.raises(FileNotFoundError):
        read_codes(tmp_path / "none.codes.json")
    link = tmp_path / "link.codes.json"
    write_codes(tmp_path / "real.codes.json", Codes.new([True, True], random.Random(7)))
    link.symlink_to(tmp_path / "real.codes.json")
    with pytest.raises(OSError):
        read_codes(link)  # a symbolic link is never followed
