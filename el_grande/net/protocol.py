"""The messages between a hosted table and a screen across the wire (docs/protocol.md).

Every message is one JSON object in one websocket text frame, with its type in `"t"`. Each
type is a pydantic model here (strict, no field beyond its own), checked on both ends:
`parse_client` at the host for what a screen sends, `parse_server` at a screen for what the
host sends; anything malformed is a `ProtocolError` with one sentence to answer it with, and
changes nothing. Values the table draws (scenes, views, the log's lines, the seating) travel
inside as the codec's data (`el_grande.net.codec`), rebuilt by the screen with `decode`.

A screen's first message is `hello`, with the protocol's version and the seat's (or the
watchers') code; the code is never in a URL, a log line or an error's text.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from el_grande.text import t

__all__ = [
    "MAX_CLIENT_BYTES",
    "MAX_SERVER_BYTES",
    "PROTOCOL",
    "Answer",
    "Back",
    "Bye",
    "Client",
    "ClientMessage",
    "ClockMessage",
    "DisplayMessage",
    "EndTurn",
    "Hello",
    "HintAsk",
    "Hints",
    "LogMessage",
    "Note",
    "Presence",
    "ProtocolError",
    "Refused",
    "Report",
    "ReviewAsk",
    "SceneMessage",
    "Seen",
    "ServerMessage",
    "SeatingMessage",
    "TakeBack",
    "Welcome",
    "dump",
    "parse_client",
    "parse_server",
]

#: The protocol's version: a `hello` of another version is answered with `bye` (2: the table
#: clock's `clock`, `note` and `back`).
PROTOCOL = 2
#: No message a screen sends is longer (the longest, a hello or an answer, is under 200).
MAX_CLIENT_BYTES = 4096
#: No message the host sends is longer (a display of 12 steps' views is about 150 kB).
MAX_SERVER_BYTES = 4 * 1024 * 1024

_ID = Annotated[int, Field(ge=0, le=2**53)]
_TEXT = Annotated[str, Field(max_length=200)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- a screen to the host -------------------------------------------------------------------


class Hello(_Message):
    """The first message: the protocol's version and the code of a seat or of the watchers."""

    t: Literal["hello"] = "hello"
    v: int
    code: Annotated[str, Field(min_length=1, max_length=64)]


class Answer(_Message):
    """An answer to decision `id` (the choice's notation: "place aragon")."""

    t: Literal["answer"] = "answer"
    id: _ID
    choice: Annotated[str, Field(min_length=1, max_length=64)]


class EndTurn(_Message):
    """End this seat's turn held for its confirmation (decision `id`)."""

    t: Literal["end_turn"] = "end_turn"
    id: _ID


class TakeBack(_Message):
    """Take back this seat's held choice (decision `id`): its prompt opens again."""

    t: Literal["take_back"] = "take_back"
    id: _ID


class Seen(_Message):
    """This screen has shown display `display` to its end."""

    t: Literal["seen"] = "seen"
    display: _ID


class HintAsk(_Message):
    """Hints for decision `id` (only where the table allows them)."""

    t: Literal["hint"] = "hint"
    id: _ID


class ReviewAsk(_Message):
    """The review of this seat's decisions, once the game is over (it runs at the host)."""

    t: Literal["review"] = "review"


class Back(_Message):
    """This seat's person is back: the computer player that took the seat when their time
    ran out gives it back (the table clock)."""

    t: Literal["back"] = "back"


ClientMessage = Annotated[
    Hello | Answer | EndTurn | TakeBack | Seen | HintAsk | ReviewAsk | Back,
    Field(discriminator="t"),
]


# --- the host to a screen -------------------------------------------------------------------


class Welcome(_Message):
    """The code opened a seat (`role` "seat", `seat`) or the watchers' place ("spectator")."""

    t: Literal["welcome"] = "welcome"
    v: int
    role: Literal["seat", "spectator"]
    seat: int | None
    seating: Any  # the codec's Seating
    table: dict[str, Any]  # hints, confirm, castillo, rounds, veto, players


class SceneMessage(_Message):
    """The screen's scene now (the codec's `SeatScene` or `SpectatorScene`, never a display);
    `id`: the decision an answer must name, when the scene is this seat's prompt or confirm."""

    t: Literal["scene"] = "scene"
    n: _ID
    id: _ID | None
    scene: Any


class DisplayMessage(_Message):
    """A scoring or reveal display, whole: the screen steps through it at its own pace and
    says `seen` at its end."""

    t: Literal["display"] = "display"
    display: _ID
    heading: str
    steps: list[Any]  # the codec's ScoringSteps
    views: list[Any]  # the codec's PublicViews, one per step
    events: list[Any]  # the codec's events


class LogMessage(_Message):
    """The log's lines from `start` on (0 with a new `epoch`: the story was written again)."""

    t: Literal["log"] = "log"
    epoch: _ID
    start: _ID
    lines: list[Any]  # the codec's Lines


class SeatingMessage(_Message):
    """Who sits where changed (a seat changed hands, a hint was counted)."""

    t: Literal["seating"] = "seating"
    seating: Any


class Presence(_Message):
    """Which seats have a screen connected, and how many watch."""

    t: Literal["presence"] = "presence"
    connected: list[bool]
    watchers: Annotated[int, Field(ge=0)]


_SECONDS = Annotated[float, Field(ge=0, le=86400)]
_SEAT = Annotated[int, Field(ge=0, le=4)]


class ClockMessage(_Message):
    """The table clock now (only at a table with one: its rules are in the welcome's
    `table["clock"]`): each seat's reserve left in seconds, the seat whose clock runs (None:
    none), its decision's own seconds left, whether it is paused (a display), the seats a
    computer player took when their time ran out, and whether the clocks wait for a person
    who has not come yet (they start once everybody is here). A screen counts down from
    here."""

    t: Literal["clock"] = "clock"
    reserves: Annotated[list[_SECONDS], Field(max_length=5)]
    running: _SEAT | None
    move: _SECONDS
    paused: bool
    away: Annotated[list[_SEAT], Field(max_length=5)]
    waiting: bool = False


class Note(_Message):
    """A line the table adds to the log (the clock ran out, a person is back), after the
    log's first `at` lines: a sentence of the catalogue (`key`, "clock.note_…") and its
    fields (a name is text); `again`: sent again to a screen coming in (the log's, not news:
    no toast)."""

    t: Literal["note"] = "note"
    at: _ID
    key: Annotated[str, Field(pattern=r"^clock\.note_[a-z_]+$", max_length=40)]
    fields: dict[Annotated[str, Field(max_length=16)], Annotated[str, Field(max_length=64)]]
    again: bool = False


class Hint(_Message):
    choice: str
    text: str


class Hints(_Message):
    """The Hard player's advice for this seat's decision `id`."""

    t: Literal["hints"] = "hints"
    id: _ID
    advice: list[Hint]


class Report(_Message):
    """The review of this seat's decisions (Markdown, as `el-grande review` prints it);
    `complete`: every decision was weighed."""

    t: Literal["report"] = "report"
    text: str
    complete: bool


class Refused(_Message):
    """The screen's last message did nothing, and why (one sentence)."""

    t: Literal["refused"] = "refused"
    sentence: str
    id: _ID | None = None


class Bye(_Message):
    """The host closes this connection now, and why (one sentence)."""

    t: Literal["bye"] = "bye"
    sentence: str


ServerMessage = Annotated[
    Welcome
    | SceneMessage
    | DisplayMessage
    | LogMessage
    | SeatingMessage
    | Presence
    | ClockMessage
    | Note
    | Hints
    | Report
    | Refused
    | Bye,
    Field(discriminator="t"),
]

_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_SERVER: TypeAdapter[Any] = TypeAdapter(ServerMessage)


class ProtocolError(ValueError):
    """A message that is not one of the protocol's (the message is one sentence to answer it
    with; it never repeats what was sent, which could be a code)."""


def _parse(adapter: TypeAdapter[Any], text: str | bytes, limit: int) -> Any:
    if isinstance(text, bytes):
        raise ProtocolError(t("net.bad_binary"))
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(t("net.too_big"))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(t("net.bad_json")) from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError(t("net.bad_message"))
    try:
        return adapter.validate_python(data)
    except ValidationError:
        raise ProtocolError(t("net.bad_message")) from None


#: What a screen may send (`parse_client` returns one).
Client = Hello | Answer | EndTurn | TakeBack | Seen | HintAsk | ReviewAsk | Back


def parse_client(text: str | bytes) -> Client:
    """A screen's message, checked (`ProtocolError`: malformed, too long, not one of ours)."""
    message: Client = _parse(_CLIENT, text, MAX_CLIENT_BYTES)
    return message


def parse_server(text: str | bytes) -> Any:
    """The host's message, checked (`ProtocolError` otherwise); one of the `ServerMessage`
    models."""
    return _parse(_SERVER, text, MAX_SERVER_BYTES)


def dump(message: BaseModel) -> str:
    """One message as the JSON text of one frame (compact; keys in the models' order)."""
    return json.dumps(message.model_dump(mode="json"), separators=(",", ":"), ensure_ascii=False)
