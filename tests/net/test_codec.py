"""The codec (el_grande/net/codec.py): every scene a seat's screen or a spectator's is shown
in whole seeded games comes back equal from JSON (tuples as tuples, enums as enums, the
shared choices), and whatever is not a value the table sends is refused in one sentence."""

from __future__ import annotations

import json
from enum import Enum

import pytest

from el_grande.core import Choice, Decision, Game, PublicView
from el_grande.core import events as E
from el_grande.core.kinds import AwardReason, DecisionKind
from el_grande.core.view import RegionView
from el_grande.narrate import Line, Tone
from el_grande.net.codec import MAX_DEPTH, CodecError, decode, encode
from el_grande.net.protocol import (
    Answer,
    Hello,
    ProtocolError,
    SceneMessage,
    dump,
    parse_client,
    parse_server,
)
from tests.flow.test_spectators import play


def _through_json(value: object) -> object:
    return decode(json.loads(json.dumps(encode(value))))


def _same(a: object, b: object, top: bool = True) -> None:
    """Equal, and of the same types all the way down (a list is not a tuple, "x" is not an
    enum member). (Equal compared once at the top, which compares every part with its own
    `==`, and each leaf again: not every part's `==` at every depth, a cost of the tree's size
    times its depth.)"""
    if top:
        assert a == b
    assert type(a) is type(b), (type(a), type(b))
    if isinstance(a, Enum):
        return
    if isinstance(a, tuple | list):
        for x, y in zip(a, b, strict=True):  # type: ignore[call-overload]
            _same(x, y, False)
    elif isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys()
        for k in a:
            _same(a[k], b[k], False)
    elif hasattr(a, "__dataclass_fields__"):
        for name in a.__dataclass_fields__:  # type: ignore[attr-defined]
            _same(getattr(a, name), getattr(b, name), False)
    elif hasattr(a, "__slots__") and not isinstance(a, str | int):
        for name in a.__slots__:  # a Decision
            _same(getattr(a, name), getattr(b, name), False)
    elif not top:
        assert a == b, (a, b)


@pytest.mark.parametrize(("seed", "players"), [(731_940_266_815, 4), (508_112_937_004, 3)])
def test_every_scene_of_whole_games_comes_back_equal(seed: int, players: int) -> None:
    played = play(seed, players, bots=(players - 1,), rounds=6)
    scenes = [s for shown in played.seats.values() for s in shown] + played.spectator
    kinds = {type(s).__name__ for s in scenes}
    assert {"Prompt", "Watching", "Showing", "GameOver"} <= kinds
    # Each scene once: one scene may be shown to several screens (the very same value), and
    # the same value through the same codec comes back the same.
    for scene in {id(s): s for s in scenes}.values():
        _same(scene, _through_json(scene))
    _same(played.session.seating, _through_json(played.session.seating))
    for line in played.session.log:
        _same(line, _through_json(line))
    # A prompt's choices come back as the very choices the core shares.
    prompt = next(
        s for shown in played.seats.values() for s in shown if type(s).__name__ == "Prompt"
    )
    back = _through_json(prompt)
    assert back.decision.choices[0] is prompt.decision.choices[0]  # type: ignore[attr-defined]


def test_the_bytes_sent_are_pinned() -> None:
    """Every shape of the wire (docs/protocol.md), byte for byte as the protocol dumps it: a
    faster codec must send exactly what a client already reads."""
    value = (
        Choice("place", "aragon"),
        E.Award(1, 4, AwardReason.RANK, 2),
        Line("Ana scores 4.", Tone.ROUND),
        RegionView("aragon", (1, 0), None, (5, 3, 1), True, False),
        Decision(
            0, DecisionKind.POWER, False, (Choice("power", "7"),), {"left": 2, "of": ("a", None)}
        ),
        (1.5, True, None, -3, "Ñ"),
    )
    sent = json.dumps(encode(value), separators=(",", ":"), ensure_ascii=False)
    assert sent == (
        '[{"$":"Choice","verb":"place","arg":"aragon"},'
        '{"$":"E.Award","seat":1,"points":4,"reason":{"$":"AwardReason","value":"rank"},'
        '"position":2},'
        '{"$":"Line","text":"Ana scores 4.","tone":{"$":"Tone","value":"round"}},'
        '{"$":"RegionView","id":"aragon","caballeros":[1,0],"scoreboard":null,"values":[5,3,1],'
        '"king":true,"adjacent_to_king":false},'
        '{"$":"Decision","player":0,"kind":{"$":"DecisionKind","value":"power"},"secret":false,'
        '"choices":[{"$":"Choice","verb":"power","arg":"7"}],'
        '"context":{"$":"dict","items":{"left":2,"of":["a",null]}}},'
        '[1.5,true,null,-3,"Ñ"]]'
    )
    _same(value, decode(json.loads(sent)))


def test_a_public_view_stays_public_and_a_game_is_never_encoded() -> None:
    game = Game.new(["Ana", "Ben", "Cy"], seed=4_418_203_771_65)
    public = game.view(None)
    back = _through_json(public)
    assert isinstance(back, PublicView)
    with pytest.raises(CodecError):
        encode(game)  # the whole game, with its seed and hidden state: not a value sent
    with pytest.raises(CodecError):
        encode(object())
    own = game.view(0)
    assert not isinstance(_through_json(own), PublicView)


@pytest.mark.parametrize(
    "data",
    [
        {"$": "Game", "seed": 1},
        {"$": "Choice", "verb": "place"},  # a field missing
        {"$": "Choice", "verb": "place", "arg": "aragon", "extra": 1},
        {"$": "DecisionKind", "value": "no such kind"},
        {"$": "PublicView"},
        {"no": "tag"},
        {"$": "dict", "items": [1, 2]},
        float("nan"),
        {
            "$": "PublicView",
            **{f: None for f in PublicView.__dataclass_fields__ if f != "seat"},
            "seat": 2,
        },
    ],
)
def test_what_is_not_a_value_sent_is_refused(data: object) -> None:
    with pytest.raises(CodecError) as caught:
        decode(data)
    assert str(caught.value).endswith(".") or ":" in str(caught.value)


def test_depth_and_size_are_bounded() -> None:
    deep: object = 1
    for _ in range(MAX_DEPTH + 2):
        deep = [deep]
    with pytest.raises(CodecError):
        decode(deep)
    with pytest.raises(CodecError):
        decode([0] * 500_000)


def test_enums_and_dicts_keep_their_types() -> None:
    value = {"kind": next(iter(DecisionKind)), "at": ("a", 1), "choice": Choice("place", "aragon")}
    _same(value, _through_json(value))


def test_protocol_messages_are_checked_both_ways() -> None:
    hello = parse_client(dump(Hello(v=1, code="ABCD-EFGH-JKLM")))
    assert hello == Hello(v=1, code="ABCD-EFGH-JKLM")
    assert parse_client('{"t":"answer","id":3,"choice":"power 7"}') == Answer(
        id=3, choice="power 7"
    )
    for bad in (
        "not json",
        "[]",
        '{"t":"answer","id":"3","choice":"x"}',  # strict: an id is a number
        '{"t":"answer","id":3,"choice":"x","more":1}',
        '{"t":"welcome","v":1}',  # a server's message from a screen
        '{"t":"hello","v":1,"code":"' + "A" * 5000 + '"}',  # too long
        b'{"t":"hello"}',
    ):
        with pytest.raises(ProtocolError) as caught:
            parse_client(bad)
        assert "A" * 64 not in str(caught.value)  # a code is never repeated back
    scene = SceneMessage(n=1, id=None, scene=encode(("x",)))
    assert parse_server(dump(scene)) == scene
