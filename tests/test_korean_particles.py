"""Korean particles after choices and names (docs/i18n.md, "Particles"; issue 31, item 5).

Every choice label the game shows (every decision's choices, in seeded random games of 2–5
players), every other text a refusal names, players' names (Hangul, Latin, mixed), places and
numbers go through every Korean template that puts a particle after such a field. Each gets the
particle its reading takes, and a label that ends in a postposition (아라곤에서, 왕을
신카스티야로) is never followed by a particle glued to it (신카스티야로를): such a field is
quoted (‘왕을 신카스티야로’를).

The expected particle comes from this test's own reading of the words: a syllable's final
consonant from its Unicode decomposition, numbers spelled out the Sino-Korean way, Latin names
and letters from a table of how Korean writes them; never from `text_ko.final_sound`.
"""

from __future__ import annotations

import random
import re
import string
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from el_grande import narrate
from el_grande.core import Decision, DecisionKind, Game, Options
from el_grande.text import catalogue, t, use
from el_grande.text_ko import korean_format

KO = catalogue("ko")
#: Its templates (Korean has no plural forms: `test_korean` checks that every one is a string).
STRINGS = {key: text for key, text in KO.strings.items() if isinstance(text, str)}

#: The table's names: Latin and Hangul, so that "whose" labels hold both.
NAMES = ("Ana", "민준", "Ben", "Cy", "서연")

#: How Korean writes Latin names (외래어 표기법 and common use) and romanized Korean names.
READINGS = {
    "Ana": "아나",
    "Ben": "벤",
    "Cy": "사이",
    "Bill": "빌",
    "Jack": "잭",
    "Mark": "마크",
    "Scott": "스콧",
    "Ted": "테드",
    "Greg": "그레그",
    "Jane": "제인",
    "Michelle": "미셸",
    "Kyle": "카일",
    "Tom": "톰",
    "Eric": "에릭",
    "Bob": "밥",
    "Kate": "케이트",
    "Pat": "팻",
    "Kurt": "커트",
    "Max": "맥스",
    "Sarah": "세라",
    "Peter": "피터",
    "Kang": "강",
    "DJ": "디제이",
    "Minjun": "민준",
    "Haneul": "하늘",
    "Seok": "석",
    "Jiwoo": "지우",
}
#: A Latin letter on its own is read by its name: A … Z.
LETTER_NAMES = (
    "에이 비 시 디 이 에프 지 에이치 아이 제이 케이 엘 엠 엔 오 피 큐 알 에스 "
    "티 유 브이 더블유 엑스 와이 제트"
)
LETTERS = dict(zip(string.ascii_uppercase, LETTER_NAMES.split(), strict=True))
#: Command-line flags a sentence names.
FLAGS = {"--human": "휴먼", "--bots": "봇츠"}

#: Words Korean ends a phrase with that take no particle after them.
POSTPOSITIONS = ("에서", "으로", "로", "에게", "에", "까지", "부터")

# --- reading a word ----------------------------------------------------------------------------

_DIGITS = "영일이삼사오육칠팔구"


def sino_korean(n: int) -> str:
    """A number read the Sino-Korean way (13 십삼, 100 백, 2000 이천)."""
    if n == 0:
        return "영"
    out = ""
    for unit, name in ((10000, "만"), (1000, "천"), (100, "백"), (10, "십")):
        q, n = divmod(n, unit)
        if q:
            out += ("" if q == 1 else sino_korean(q)) + name
    return out + (_DIGITS[n] if n else "")


def spoken(text: str) -> str:
    """The last syllable of `text` read aloud: an aside in parentheses at the end is read past
    (베토(거부권)), quotes and signs are not read."""
    if (aside := re.search(r"[^\s(]\s*\([^()]*\)\W*$", text)) is not None:
        text = text[: aside.start() + 1]
    text = re.sub(r"[\W_]+$", "", text)
    if (number := re.search(r"\d+$", text)) is not None:
        return sino_korean(int(number.group()))[-1]
    if (latin := re.search(r"[A-Za-z]+$", text)) is not None:
        word = latin.group()
        reading = READINGS.get(word) or FLAGS.get(f"--{word}") or LETTERS.get(word.upper())
        assert reading is not None, f"how is {word!r} read? Add it to READINGS"
        return reading[-1]
    assert text and "가" <= text[-1] <= "힣", text
    return text[-1]


def expected_particle(text: str, after_consonant: str, after_vowel: str) -> str:
    """The particle Korean writes after `text`: the vowel form after a syllable with no final
    consonant, and (으)로's 로 after a final ㄹ too."""
    jamo = unicodedata.normalize("NFD", spoken(text))
    if len(jamo) == 2 or (jamo[-1] == "\u11af" and after_consonant == "으" + after_vowel):
        return after_vowel
    return after_consonant


def ends_in_postposition(text: str) -> bool:
    """`text` ends in a place's name and a postposition (아라곤에서, 왕을 갈리시아로, 디스크:
    모두 속령으로): a phrase, which a particle may not follow."""
    text = re.sub(r"\s*\([^()]*\)\W*$", "", text).rstrip()
    places = KO.regions.values()
    return any(text.endswith(p + q) for p in places for q in POSTPOSITIONS)


@contextmanager
def korean() -> Iterator[None]:
    use("ko")
    try:
        yield
    finally:
        use("en")


# --- what the game shows -----------------------------------------------------------------------


def _games() -> Iterator[tuple[Game, list[str], random.Random]]:
    """Seeded random games (and their choices' generators): 2–5 players, open and hidden
    Castillo, with and without the veto, 6 and 9 rounds. Special actions are always taken and
    the court always filled, so that every card is resolved and the province runs short."""
    for i in range(12):
        players = 2 + i % 4
        options = Options(
            castillo="hidden" if i % 3 == 0 else "open", veto=i % 4 != 1, rounds=6 + 3 * (i % 2)
        )
        game = Game.new(list(NAMES[:players]), seed=100 + i, options=options)
        yield game, list(NAMES[:players]), random.Random(i)


@pytest.fixture(scope="module")
def labels() -> dict[str, set[str]]:
    """Every label of every choice of every decision in `_games`, by the catalogue key that
    worded it."""
    by_key: dict[str, set[str]] = defaultdict(set)
    kinds: set[DecisionKind] = set()
    keys: list[str] = []
    real = t

    def spy(key: str, /, **fields: object) -> str:
        keys.append(key)
        return real(key, **fields)

    with korean(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(narrate, "t", spy)
        for game, names, rng in _games():
            d: Decision | None
            while (d := game.decision) is not None:
                kinds.add(d.kind)
                for choice in d.choices:
                    keys.clear()
                    label = narrate.choice_words(choice, d, names.__getitem__)
                    by_key[keys[0]].add(label)
                special = next((c for c in d.choices if c.verb == "special"), None)
                most = d.choices[-1] if d.kind == DecisionKind.COURT else None
                game.apply(special or most or rng.choice(d.choices))
    assert kinds == set(DecisionKind), set(DecisionKind) - kinds
    return by_key


def _refused() -> set[str]:
    """What else a refusal names (`prompt.illegal`: game_input's keys and clicks): a place,
    an action card, a power card, a count to bring, a key's letter, a number, undo."""
    out = set(KO.regions.values()) | set(KO.card_names.values())
    out |= {t("choice.power_short", n=n) for n in range(1, 14)}
    out |= {t("choice.court", n=n) for n in range(7)} | {str(n) for n in range(1, 14)}
    return out | set("abcde") | {t("undo.what")}


# --- which field holds what --------------------------------------------------------------------

LABEL, NAME, PLACE, NUMBER, LETTER, LEVEL, PURPOSE, FLAG = (
    "label",
    "name",
    "place",
    "number",
    "letter",
    "level",
    "purpose",
    "flag",
)
#: What a field with a particle receives, by its name.
FIELDS = {
    "choice": LABEL,
    "best": LABEL,
    "what": LABEL,
    **dict.fromkeys(("name", "names", "actor", "by", "a", "b", "old", "new", "other"), NAME),
    "game": NAME,  # a save's id ends in the romanized names (…-Ana-Minjun)
    **dict.fromkeys(("region", "dst", "src", "to", "place"), PLACE),
    **dict.fromkeys(("n", "board", "min_h", "v", "id"), NUMBER),
    # A reason's power cards (bots.why.power_*) and the seat it names (bots.why.rival_scored).
    **dict.fromkeys(("card", "other_card"), NUMBER),
    "seat": NAME,
    **dict.fromkeys(("letter", "press"), LETTER),
    "level": LEVEL,
    "flag": FLAG,
}
#: Where a field's name does not say it (`curtain.why`: the secret's purpose, in words).
BY_KEY = {("curtain.why", "what"): PURPOSE}
#: Fields with a particle that hold nothing built from names or numbers: paths and addresses
#: (their last word is a file's extension or a port), a settings file's own words.
NOT_FROM_NAMES = {"path", "aside", "url", "found", "must", "key"}


def _particle_fields() -> Iterator[tuple[str, str, str]]:
    """(key, field, spec) for every field of a Korean template with a particle spec."""
    for key, template in STRINGS.items():
        found = {
            (field, spec)
            for _, field, spec, _ in string.Formatter().parse(template)
            if field is not None and spec and "/" in spec
        }
        for field, spec in sorted(found):
            yield key, field, spec


def _values(labels: dict[str, set[str]]) -> dict[str, set[str]]:
    """What a field of each kind is given, in Korean."""
    latin = [n for n in READINGS if not n.isupper()]
    return {
        LABEL: set().union(*labels.values()) | _refused(),
        NAME: {*READINGS, "김민준", "최지우", "하늘", "Ana (2)", "민준 ★", "Ana-Minjun"}
        | {f"20261206-004046-{n}" for n in latin},
        PLACE: set(KO.regions.values()),
        NUMBER: {str(n) for n in [*range(21), 30, 99, 100, 1000, 10000]} | {"8/4/0", "4/0/0"},
        LETTER: set(LETTERS) | {f" {c} " for c in LETTERS} | {"‘K’"},
        LEVEL: {t(f"bots.{level}.label") for level in ("random", "greedy", "strong")},
        PURPOSE: {t(k) for k in KO.strings if k.startswith("curtain.purpose.")}
        | {t("decision.unknown")},
        FLAG: set(FLAGS),
    }


def _render_at(template: str, field: str, spec: str, value: str) -> tuple[str, list[int]]:
    """`template` with `value` in `field` (every other field a sign, "·"), and where each
    occurrence of `field` with the format `spec` starts in the sentence."""
    fields: dict[str, object] = defaultdict(lambda: "·", {field: value})
    starts, prefix = [], ""
    for literal, name, at, _ in string.Formatter().parse(template):
        prefix += literal.replace("{", "{{").replace("}", "}}")
        if name is None:
            continue
        if name == field and spec == at:
            starts.append(len(korean_format(prefix, fields)))
        prefix += "{" + name + (":" + at if at else "") + "}"
    assert korean_format(prefix, fields) == korean_format(template, fields)
    return korean_format(template, fields), starts


# --- the tests ---------------------------------------------------------------------------------


def test_every_choice_template_is_seen_and_the_postpositions_are_found(
    labels: dict[str, set[str]],
) -> None:
    """The games show a label of every `choice.*` template (the short power card is the
    refusal's: `_refused`), and the labels that end in a postposition are exactly those whose
    template ends in one ("{region}에서", "{region:으로/로}")."""
    choice_keys = {k for k in STRINGS if k.startswith("choice.")} - {"choice.power_short"}
    assert choice_keys <= set(labels), choice_keys - set(labels)
    ending = {
        key
        for key in choice_keys
        if re.search(r"(\}(" + "|".join(POSTPOSITIONS) + r")|으로/로\})$", STRINGS[key])
    }
    assert {"choice.to", "choice.from", "choice.king"} <= ending
    found = {key for key, shown in labels.items() if any(map(ends_in_postposition, shown))}
    assert found == ending | {"choice.card"}  # 디스크: 2개 속령으로  (배치 2)
    assert sum(len(shown) for shown in labels.values()) >= 150


def test_every_particle_field_is_known() -> None:
    """A new template with a particle says what its field holds (here), so that it is
    tested with what it will be given."""
    unknown = {
        (key, field)
        for key, field, _ in _particle_fields()
        if field not in FIELDS and (key, field) not in BY_KEY and field not in NOT_FROM_NAMES
    }
    assert not unknown


def test_the_particle_after_every_label_name_place_and_number_is_the_one_its_reading_takes(
    labels: dict[str, set[str]],
) -> None:
    """Through every Korean template with a particle after such a field: the right particle
    for how the value is read; never one glued to a phrase ending in a postposition."""
    with korean():
        values = _values(labels)
    postpositional = {v for v in values[LABEL] if ends_in_postposition(v)}
    assert {"왕을 신카스티야로", "아라곤에서", "디스크: 모두 속령으로"} <= postpositional
    checked = quoted = 0
    for key, field, spec in _particle_fields():
        kind = BY_KEY.get((key, field)) or FIELDS.get(field)
        if kind is None:
            continue
        quote = spec.startswith("‘’")
        after_consonant, _, after_vowel = spec.removeprefix("‘’").partition("/")
        for value in values[kind]:
            sentence, starts = _render_at(STRINGS[key], field, spec, value)
            said = f"‘{value}’" if quote else value
            want = said + expected_particle(value, after_consonant, after_vowel)
            for start in starts:
                assert sentence[start:].startswith(want), (key, value, sentence)
                after = sentence[start + len(said) - quote :]  # past the value, not its quote
                if value in postpositional:  # the quote closes first: ‘…으로’를
                    assert not after or not "가" <= after[0] <= "힣", (key, sentence)
                checked += 1
                quoted += quote
    assert checked > 5000 and quoted > 500


def test_no_template_writes_a_particle_after_a_field() -> None:
    """A particle written after a field ("{name}라는") does not follow the word: it is the
    field's spec ("{name:이라는/라는}")."""
    glued = re.compile(r"\{\w+\}(이|가|을|를|은|는|과|와|으로|로|이라는|라는)(?![가-힣])")
    assert [key for key, text in STRINGS.items() if glued.search(text)] == []


def test_real_sentences() -> None:
    """A few sentences as a reader sees them."""
    with korean():
        _real_sentences()


def _real_sentences() -> None:
    mistake = t(
        "review.mistake",
        round=4,
        what=t("decision.king"),
        choice=t("choice.king", region="신카스티야"),
        best=t("choice.king", region="아라곤"),
        cost=t("review.about_points", count=3),
        why="",
    )
    assert mistake == (
        "4라운드 (왕을 어디로 옮길까요?): ‘왕을 신카스티야로’를 골랐습니다. ‘왕을 아라곤으로’가 "
        "약 3점 더 나았습니다. "
    )
    power = t(
        "review.mistake",
        round=9,
        what="",
        choice=t("choice.power", n=1, court=6),
        best=t("choice.power", n=10, court=1),
        cost="",
        why="",
    )
    assert (
        "‘파워 카드 1  (궁정으로\u00a06개)’을 골랐습니다. ‘파워 카드 10  (궁정으로\u00a01개)’이"
        in power
    )
    assert (
        t("prompt.illegal", what="아라곤에서", why="…") == "‘아라곤에서’는 지금 할 수 없습니다: …"
    )
    assert t("cli.no_such_player", flag="--seat", name="Ben", names="").startswith(
        "--seat: Ben이라는 플레이어가"
    )
    assert "버전 2를" in t("net.version", v=2)
    assert t("ev.power", name="Mark", n=13) == "Mark가 파워 카드 13을 냅니다."
    assert t("ev.power", name="Scott", n=2) == "Scott이 파워 카드 2를 냅니다."
