"""Korean (한국어): the message catalogue in Korean, with the same keys as English.

The terms are those of the Korean guide (`shared/seeds/002_*.txt`: 카바예로, 카스티요, 왕, 왕의
지역, 궁정, 속령, 그란데, 본거지, 파워 카드, 액션 카드, 비밀 디스크, 정산, 이동식 점수판,
베토, 인트리그…); the glossary, and the choices made where the guide is silent, are in
docs/i18n.md.

Korean has no plural forms (`plural` always answers "other"), but it has particles whose form
depends on the word before them: 이/가, 을/를, 은/는, 과/와, (으)로. A template names the
particle in the field's format: ``{name:이/가}`` is the name followed by 이 after a final
consonant and 가 after a vowel (``김민준이``, ``서연이가``… ``Ana가``); ``{region:으로/로}``
gives ``아라곤으로`` and ``갈리시아로`` (로 after ㄹ too: ``구카스티야로``). A number is read
the Sino-Korean way (7 칠 → ``7을``, 10 십 → ``10을``, 2 이 → ``2를``); a Latin name by the
rule in `_latin_sound` (Ana가, Ben이, Mark가, Jack이); an aside in parentheses at the end is
read past (``베토(거부권)를``). Where the sound cannot be known both forms are written:
``이(가)``.

A choice's label is a phrase, not a noun: it may end in a postposition (``왕을 아라곤으로``,
``아라곤에서``) or a verb (``베토를 쓴다``), and a particle glued to it is wrong Korean
(``신카스티야로를``). A sentence that names a choice quotes it, as Korean software names a
button (‘완료’를 고르세요): ``{choice:‘’을/를}`` gives ``‘왕을 신카스티야로’를``, the quoted
label standing for the option as one noun; the particle follows the label's reading (`QUOTED`).
Taking the particle from the label's last noun (신카스티야를) would drop the label's own
postposition, and rephrasing around each ending would need a form of every template for every
kind of label.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Mapping

# Plain data and two small functions: `el_grande.text` builds the catalogue from them (this
# module imports nothing of it, so either may be imported first).

# --- grammar: particles ---------------------------------------------------------------------

VOWEL, RIEUL, CONSONANT = "vowel", "rieul", "consonant"

#: How the last digit of a number is read (영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구); 10, 100,
#: 1000 … are read 십, 백, 천, 만: all end in a consonant, as 영 does.
_DIGITS = {
    "0": CONSONANT,
    "1": RIEUL,
    "2": VOWEL,
    "3": CONSONANT,
    "4": VOWEL,
    "5": VOWEL,
    "6": CONSONANT,
    "7": RIEUL,
    "8": RIEUL,
    "9": VOWEL,
}

#: A Latin letter on its own is read by its name (에이, 비, 시, … 엘, 엠, 엔, 알).
_LETTER_NAMES = {"l": RIEUL, "r": RIEUL, "m": CONSONANT, "n": CONSONANT}
_LATIN_VOWELS = frozenset("aeiouy")


def _latin_sound(word: str) -> str | None:
    """How a Latin word (a name like Ana, Ben, Jack, or Minjun romanized) is heard to end in
    Korean, if known: the rule of docs/i18n.md ("Latin names"), a few lines of the loanword
    orthography (외래어 표기법) that names follow."""
    word = word.lower()
    if len(word) == 1 or not _LATIN_VOWELS.intersection(word):  # G 지, DJ 디제이: letters
        return _LETTER_NAMES.get(word[-1], VOWEL)
    if word.endswith(("ng", "m", "n", "ne", "me")):  # Kang 강, Tom 톰, Ben 벤, Jane 제인
        return CONSONANT
    if word.endswith(("l", "le")):  # Bill 빌, Michelle 미셸, Kyle 카일
        return RIEUL
    last = word[-1]
    if last in "bckpt":
        # A stop right after a short vowel is a final consonant (Jack 잭, Eric 에릭, Pat 팻,
        # Scott 스콧, Bob 밥, and romanized Korean: Seok 석); after another consonant, Korean
        # adds 으 (Mark 마크, Kurt 커트, Frank 프랭크, Albert 앨버트). A doubled letter is one.
        stem = word.rstrip(last)
        if last == "k" and stem.endswith("c"):
            stem = stem[:-1]
        return CONSONANT if stem[-1:] in _LATIN_VOWELS else VOWEL
    if last == "q":  # Iraq 이라크, Tariq 타리크 … too rare to say
        return None
    return VOWEL  # Ana 아나, Cy 사이, Ted 테드, Greg 그레그, Mike 마이크, James 제임스


def _spoken_end(text: str) -> int:
    """Where the last word read aloud ends in `text`: after its last letter or digit, past
    punctuation, spaces, symbols and marks, and past an aside in parentheses at the end, which
    Korean reads past too: the particle follows the word before it (베토(거부권)를, 파워 카드
    7  (궁정으로 3개)을)."""
    end = len(text)
    while end > 0:
        ch = text[end - 1]
        if unicodedata.category(ch)[0] in "LN":
            break
        if ch == ")":
            opening = text.rfind("(", 0, end - 1)
            if opening > 0 and _spoken_end(text[:opening]) > 0:  # a word before the aside
                end = opening
                continue
        end -= 1
    return end


def final_sound(text: str) -> str | None:
    """How `text` ends when read aloud: VOWEL, RIEUL (a final ㄹ), CONSONANT, or None when it
    cannot be known. Punctuation, spaces, symbols and marks around a word are skipped, and an
    aside in parentheses at the end (`_spoken_end`)."""
    end = _spoken_end(text)
    if end == 0:
        return None
    ch = text[end - 1]
    code = ord(ch)
    if 0xAC00 <= code <= 0xD7A3:  # a Hangul syllable: its final consonant (batchim)
        final = (code - 0xAC00) % 28
        return VOWEL if final == 0 else RIEUL if final == 8 else CONSONANT
    if 0x3131 <= code <= 0x314E:  # a consonant jamo on its own (ㄱ … ㅎ)
        return RIEUL if ch == "ㄹ" else CONSONANT
    if 0x314F <= code <= 0x3163:  # a vowel jamo (ㅏ … ㅣ)
        return VOWEL
    if ch in _DIGITS:
        return _DIGITS[ch]
    if ch.isascii() and ch.isalpha():
        start = end
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
        return _latin_sound(text[start:end])
    return None


def particle(word: str, after_consonant: str, after_vowel: str) -> str:
    """The form of a particle that follows `word` (이/가, 을/를, 으로/로…)."""
    sound = final_sound(word)
    rieul_like_vowel = after_consonant == "으" + after_vowel  # 으로/로: 로 after ㄹ
    if sound == VOWEL or (sound == RIEUL and rieul_like_vowel):
        return after_vowel
    if sound in (CONSONANT, RIEUL):
        return after_consonant
    if after_consonant.endswith(after_vowel):  # (으)로, (이)나, (이)라는
        return f"({after_consonant[: -len(after_vowel)]}){after_vowel}"
    return f"{after_consonant}({after_vowel})"  # 이(가), 을(를), 은(는), 과(와)


#: Before a particle spec: the value is a name for what it says (a choice's label), in single
#: quotes, and the particle follows the quote (``{choice:‘’을/를}`` → ‘왕을 아라곤으로’를).
QUOTED = "‘’"


def _is_particle_spec(spec: str) -> bool:
    return "/" in spec and any("\uac00" <= c <= "\ud7a3" for c in spec)


class KoreanFormatter(string.Formatter):
    """`str.format` plus particles: ``{name:이/가}`` is the name and its particle;
    ``{choice:‘’을/를}`` the choice in quotes and its particle (`QUOTED`)."""

    def format_field(self, value: object, format_spec: str) -> str:
        if _is_particle_spec(format_spec):
            quoted = format_spec.startswith(QUOTED)
            after_consonant, _, after_vowel = format_spec.removeprefix(QUOTED).partition("/")
            text = str(value)
            said = f"{QUOTED[0]}{text}{QUOTED[1]}" if quoted else text
            return said + particle(text, after_consonant, after_vowel)
        return str(super().format_field(value, format_spec))


_FORMATTER = KoreanFormatter()


def korean_format(template: str, fields: Mapping[str, object]) -> str:
    return _FORMATTER.vformat(template, (), fields)


def korean_plural(n: int) -> str:
    """Korean nouns do not change with a number."""
    return "other"


# --- places and cards ----------------------------------------------------------------------

REGION_NAMES = {
    "galicia": "갈리시아",
    "basque_country": "바스크 지방",
    "aragon": "아라곤",
    "catalonia": "카탈루냐",
    "old_castile": "구카스티야",
    "new_castile": "신카스티야",
    "valencia": "발렌시아",
    "seville": "세비야",
    "granada": "그라나다",
    "castillo": "카스티요",
    "court": "궁정",
    "province": "속령",
}

#: Where a map cell is narrow (a Hangul syllable takes two cells).
REGION_SHORT = {
    "galicia": "갈리시아",
    "basque_country": "바스크",
    "aragon": "아라곤",
    "catalonia": "카탈루냐",
    "old_castile": "구카스티야",
    "new_castile": "신카스티야",
    "valencia": "발렌시아",
    "seville": "세비야",
    "granada": "그라나다",
    "castillo": "카스티요",
}

CARD_NAMES = {
    "intrigue_5_from_region": "인트리그: 한 지역 비우기",
    "intrigue_4_any": "인트리그: 4개 이동",
    "intrigue_4_own": "인트리그: 내 것 4개 이동",
    "intrigue_2_own_2_foreign": "인트리그: 내 것 2 + 남의 것 2",
    "intrigue_3_foreign": "인트리그: 남의 것 3개 이동",
    "intrigue_3_any": "인트리그: 3개 이동",
    "intrigue_place_2": "인트리그: 2개 더 배치",
    "intrigue_or": "인트리그: 둘 중 하나",
    "intrigue_all_own": "인트리그: 내 것 모두 빼내기",
    "veto": "베토",
    "decay_all": "쇠퇴: 궁정 전부",
    "decay_three": "쇠퇴: 궁정에서 3개",
    "angry_king": "분노한 왕",
    "score_region": "한 지역 정산",
    "return_one_each": "한 명당 하나씩",
    "province_two_by_disk": "디스크: 2개 속령으로",
    "province_all_by_disk": "디스크: 모두 속령으로",
    "score_fives": "5점 지역 정산",
    "score_fours": "4점 지역 정산",
    "score_six_seven": "6·7점 지역 정산",
    "score_castillo": "카스티요 정산",
    "score_firsts": "1위만 정산",
    "score_most": "가장 붐비는 곳 정산",
    "score_least": "가장 한산한 곳 정산",
    "score_any": "아무 곳이나 정산",
    "scoreboard": "이동식 점수판",
    "royal_adviser": "로열 어드바이저",
    "eviction": "추방",
    "grande": "그란데 이동",
    "power_cards": "파워 카드 회수",
    "court": "궁정: +2",
    "score_by_disk": "디스크: 혼자 고른 곳 정산",
    "king": "왕",
}

#: The special actions, from RULES.md's card table.
CARD_TEXTS = {
    "intrigue_5_from_region": "지역 하나를 고릅니다. 그 지역에서 색에 상관없이 카바예로를 "
    "5개까지 빼내어 (하나하나 다른 아무 지역이나 카스티요로) 옮깁니다.",
    "intrigue_4_any": "색에 상관없이 카바예로를 4개까지 옮깁니다.",
    "intrigue_4_own": "내 카바예로를 4개까지 옮깁니다.",
    "intrigue_2_own_2_foreign": "내 카바예로를 2개까지, 그리고 다른 플레이어들의 카바예로를 "
    "2개까지 옮깁니다.",
    "intrigue_3_foreign": "다른 플레이어들의 카바예로를 3개까지 옮깁니다.",
    "intrigue_3_any": "색에 상관없이 카바예로를 3개까지 옮깁니다.",
    "intrigue_place_2": "내 궁정의 카바예로를 2개까지 더 지역(왕의 지역 제외)이나 "
    "카스티요에 배치합니다(나누어 놓아도 됩니다).",
    "intrigue_or": "둘 중 하나: 한 지역에서 내 카바예로를 모두 빼내어 (자유롭게 나누어) "
    "옮기거나, 내 궁정의 카바예로를 2개까지 더 지역(왕의 지역 제외)이나 카스티요에 "
    "배치합니다(나누어 놓아도 됩니다).",
    "intrigue_all_own": "지역 하나를 고릅니다. 그 지역에서 내 카바예로를 모두 빼내어 "
    "(자유롭게 나누어) 옮깁니다.",
    "veto": "베토(거부권)를 앞에 둡니다: 이번 라운드나 다음 라운드에 한 번, 다른 플레이어가 선언한 "
    "특수 행동을 취소시킵니다.",
    "decay_all": "다른 플레이어는 모두 자기 궁정의 카바예로를 전부 속령으로 돌려보냅니다.",
    "decay_three": "다른 플레이어는 모두 자기 궁정에서 카바예로 3개를 속령으로 돌려보냅니다 "
    "(3개보다 적으면 전부).",
    "angry_king": "내 왼쪽부터 시계 방향으로, 다른 플레이어는 모두 자기 카바예로 3개를 속령으로 "
    "돌려보냅니다. 각자 자기 궁정과 지역(왕의 지역·카스티요 제외)에서 직접 골라 "
    "돌려보내며, 3개가 안 되면 있는 만큼 모두 돌려보냅니다.",
    "score_region": "지역 하나(왕의 지역 가능, 카스티요 불가)를 골라 지금 정산합니다.",
    "return_one_each": "다른 플레이어마다, 지역(왕의 지역 제외)에 있는 그 플레이어의 카바예로 "
    "하나를 골라 속령으로 돌려보낼 수 있습니다.",
    "province_two_by_disk": "어느 지역(왕의 지역 제외)에 카바예로가 2개 이상 있는 다른 "
    "플레이어는 모두 그런 지역 하나를 몰래 고릅니다. 모두 고르면 각자 그 지역에서 카바예로 "
    "2개를 속령으로 돌려보냅니다.",
    "province_all_by_disk": "어느 지역(왕의 지역 제외)에 카바예로가 있는 다른 플레이어는 "
    "모두 그런 지역 하나를 몰래 고릅니다. 모두 고르면 각자 그 지역의 자기 카바예로를 전부 "
    "속령으로 돌려보냅니다.",
    "score_fives": "지금 1위 점수가 5인 지역(이동식 점수판이 놓인 곳은 그 점수로)을 모두 "
    "정산합니다. 카스티요는 해당하지 않습니다.",
    "score_fours": "지금 1위 점수가 4인 지역(이동식 점수판이 놓인 곳은 그 점수로)을 모두 "
    "정산합니다. 카스티요는 해당하지 않습니다.",
    "score_six_seven": "지금 1위 점수가 6 또는 7인 지역(이동식 점수판이 놓인 곳은 그 점수로)을 "
    "모두 정산합니다. 카스티요는 해당하지 않습니다.",
    "score_castillo": "카스티요를 정산합니다. 그 안의 카바예로는 그대로 남습니다.",
    "score_firsts": "아홉 지역을 모두 1위만 정산합니다 (1위 점수와 보너스). 1위가 동률인 "
    "지역에서는 아무도 득점하지 않습니다. 카스티요는 정산하지 않습니다.",
    "score_most": "카바예로(모든 색을 합친 수)가 가장 많은 지역을 정산합니다. 동률이면 동률인 "
    "지역을 모두 정산합니다.",
    "score_least": "카바예로가 가장 적은 지역을 정산합니다 (빈 지역은 빼고). 동률이면 동률인 "
    "지역을 모두 정산합니다.",
    "score_any": "아무 지역(왕의 지역 가능)이나 카스티요를 골라 지금 정산합니다 (카스티요의 "
    "카바예로는 그대로 남습니다).",
    "scoreboard": "보드에 없는 이동식 점수판을 지역이나 카스티요에 놓거나, 놓여 있는 점수판 "
    "하나를 다른 지역이나 카스티요로 옮깁니다. 왕의 지역으로 넣거나 거기서 빼낼 수 없고, "
    "한 곳에 두 개를 놓을 수 없습니다.",
    "royal_adviser": "왕을 왕의 지역에 인접한 지역으로 옮깁니다.",
    "eviction": "지역 하나(왕의 지역 제외)를 고릅니다. 그곳에 카바예로가 있는 다른 플레이어는 "
    "모두 목적지 지역(그 지역과 왕의 지역 제외)을 몰래 고릅니다. 모두 고르면 각자 그 지역의 "
    "자기 카바예로를 전부 목적지로 옮깁니다.",
    "grande": "내 그란데를 다른 지역으로 옮깁니다 (왕의 지역으로 넣거나 거기서 빼낼 수 없음. "
    "다른 그란데와 같은 지역이어도 됨). 그 지역이 내 본거지가 됩니다.",
    "power_cards": "이미 낸 내 파워 카드(이번 라운드에 낸 것 포함) 하나를 다시 손패로 가져옵니다.",
    "court": "내 카바예로를 2개까지 속령에서 궁정으로 옮깁니다.",
    "score_by_disk": "나를 포함한 모든 플레이어가 아홉 지역 중 하나를 몰래 고릅니다. 모두 "
    "고르면 정확히 한 명만 고른 지역을 모두 정산합니다.",
    "king": "왕을 아무 지역으로나 옮깁니다. 이 카드는 매 라운드 공개되어 있고 매 라운드 "
    "돌아옵니다.",
}

# --- sentences -------------------------------------------------------------------------------

KO: dict[str, str] = {  # no plural forms in Korean: plain templates
    # --- app / title -------------------------------------------------------------------------
    "app.title": "엘 그란데",
    # Two lines, broken where the sense breaks (the title box is narrow).
    "app.subtitle": "15세기 스페인 — 크라머와 울리히의 영향력 다툼 명작,\n"
    "키보드 하나로 돌아가며 즐기는 핫시트",
    "title.new": "새 게임",
    "title.resume": "저장된 게임 이어 하기",
    "title.resume_missing": "이어 하기 (아직 저장 기능이 없습니다)",
    "title.rules": "규칙과 키",
    "title.quit": "끝내기",
    "title.hint": "↑↓ 고르기 · Enter 열기 · ctrl+q 언제든 끝내기",
    "join.list": ", ",
    "join.winners": ", ",
    "join.parts": " · ",
    "join.sentences": " ",
    "too_small": "터미널 크기가 {w}×{h}입니다. 엘 그란데에는 최소 {min_w}×{min_h:이/가} "
    "필요합니다 — 창을 키워 주세요.\n\n그때까지 게임은 멈춰 있고 어떤 키도 게임에 작용하지 "
    "않습니다 (? 도움말, ctrl+q 끝내기).",
    "too_small.saved": "게임은 저장되어 있습니다.",
    # --- new game ----------------------------------------------------------------------------
    "new.title": "새 게임",
    "new.players": "플레이어 (2–5명)",
    "new.player_n": "플레이어 {n}",
    "new.name_placeholder": "이름 (비워도 됨)",
    "new.colour": "색",
    "new.kind": "자리",
    "kind.human": "사람",
    "new.rounds": "라운드",
    "new.rounds_9": "9라운드 (정식 게임)",
    "new.rounds_6": "6라운드 (짧은 게임)",
    "new.veto": "베토(거부권) 카드 사용",
    "new.castillo": "카스티요",
    "new.castillo_open": "공개 (개수 표시)",
    "new.castillo_hidden": "비공개 (합계만)",
    "new.seed": "시드 (비워 두면 무작위)",
    "new.start": "시작 플레이어",
    "new.start_random": "무작위",
    "new.select": "고르세요",
    "new.begin": "게임 시작",
    "new.back": "뒤로",
    "new.err_few": "플레이어가 최소 2명 필요합니다.",
    "new.err_dup_colour": "두 플레이어의 색이 같습니다({colour}). 색은 서로 달라야 합니다.",
    "new.err_seed": "시드는 정수여야 합니다.",
    "new.default_names": "민준,서연,지훈",
    # --- names -------------------------------------------------------------------------------
    "name.err_empty": "플레이어 이름은 비워 둘 수 없습니다.",
    "name.err_control": "이름 {name}에 {char} 문자가 들어 있습니다: 이름에는 제어 문자나 서식 "
    "문자(탭, 줄 바꿈, 이스케이프 코드, 방향 표시, 폭이 없는 문자)를 쓸 수 없습니다.",
    "name.err_wide": "이름 {name:은/는} 폭이 {width}칸입니다: 이름은 최대 {n}칸까지 쓸 수 "
    "있습니다 (한글 한 글자나 이모지는 2칸).",
    "name.err_legacy_long": "이름 {name:이/가} {n}자보다 깁니다.",
    "name.err_long": "이름 {name:은/는} {count}자입니다: 이름은 최대 {n}자까지 쓸 수 있습니다 "
    "(악센트 같은 부호도 셉니다).",
    "name.err_blank": "플레이어 이름에는 보이는 글자가 있어야 합니다: 이 이름은 빈칸이나 보이지 "
    "않는 문자뿐입니다.",
    "name.err_invisible": "이름 {name}에 {char} 문자가 들어 있습니다: 터미널에 아무것도 "
    "그려지지 않아 다른 이름처럼 보일 수 있습니다.",
    "name.err_mark_first": "이름은 결합 부호({char})로 시작할 수 없습니다: 얹힐 글자가 없습니다.",
    "name.err_other_width": "이름 {name}에 {char} 문자가 들어 있습니다: 터미널이 게임이 재는 "
    "것과 다른 폭으로 그려서 보드의 선이 밀립니다. 빼 주세요.",
    "name.err_drawn_wide": "이름 {name:은/는} 이 터미널에서 {drawn}칸으로 그려지지만 게임은 "
    "{width}칸으로 잽니다 (보드의 선이 밀립니다): 이모지나 부호를 빼 주세요.",
    "name.err_confusable": "이름 {name:과/와} {other:이/가} 서로 비슷해 보입니다: 한 테이블의 "
    "플레이어는 한눈에 구별되어야 합니다.",
    "name.err_dup": "두 플레이어의 이름이 {name}입니다. 이름은 서로 달라야 합니다 (대소문자는 "
    "구별하지 않습니다).",
    "colour.yellow": "노랑",
    "colour.red": "빨강",
    "colour.green": "초록",
    "colour.blue": "파랑",
    "colour.purple": "보라",
    "colour.cyan": "청록",
    "colour.white": "하양",
    "colour.orange": "주황",
    # --- keys shared by dialogs --------------------------------------------------------------
    "keys.back": "뒤로",
    "keys.cancel": "취소",
    "keys.close": "닫기",
    "keys.close_list": "목록 닫기",
    "keys.quit": "끝내기",
    # --- resume, save as ---------------------------------------------------------------------
    # --- tooltips (app/tips.py) --------------------------------------------------------------
    "tip.region": "{name} · 배점 {values}",
    "tip.castillo": "카스티요 · 배점 {values}",
    "tip.castillo_total": "안에 카바예로 모두 {count}개",
    "tip.castillo_secret": "카스티요에 누가 몇 개를 두었는지는 정산할 때까지 비밀입니다.",
    "tip.king": "왕이 여기 있습니다 (♔).",
    "tip.home": "{names}의 본거지 (⌂).",
    "tip.neighbours": "이웃 지역: {names}",
    "tip.caballeros": "카바예로: {counts}",
    "tip.count": "{name}\u00a0{n}",
    "tip.nobody": "아직 여기에 카바예로가 없습니다.",
    "tip.tie": "{names:이/가} {n}개로 공동 선두입니다.",
    "tip.leads": "{name:이/가} {n}개로 {by}개 앞선 선두입니다.",
    "tip.player": "{name} · {score}점",
    "tip.player_counts": "궁정 {court} · 속령 {province} · 카스티요 {castillo}",
    "tip.player_home": "본거지 (그란데): {region}",
    "tip.player_hand": "손에 든 파워 카드: {cards}",
    "tip.player_vetoes": "베토 카드 {count}장을 들고 있습니다.",
    "resume.title": "저장된 게임 이어 하기",
    "resume.none": "{where}에 끝나지 않은 게임이 없습니다.",
    "resume.keys": "Enter: 이어 하기 · Esc: 뒤로",
    "resume.skipped": "읽을 수 없는 파일 {count}개는 건너뛰고 그대로 두었습니다",
    "resume.line": "{names} · {round} · {decisions} · {when} 저장",
    "resume.round": "{n}라운드",
    "resume.not_started": "시작 전",
    "resume.finished": "끝남",
    "resume.decisions": "결정 {count}개",
    "resume.open_elsewhere": "다른 창에서 열려 있음",
    "resume.cannot_lock": "{path:을/를} 잠글 수 없음: {why}",
    "resume.skipped_file": "(건너뜀: {problem})",
    "resume.finished_head": "끝난 게임",
    "resume.keys_all": "Enter: 이어 하기 (끝난 게임: 다시 보기) · v: 끝난 게임 복기 · "
    "n: 이름 · x: 내보내기 · d: 삭제 · t: 휴지통 (복원) · Esc: 뒤로",
    "resume.key_review": "복기",
    "resume.not_finished": "끝난 게임만 복기할 수 있습니다.",
    "resume.named": "“{name}”",
    "resume.key_name": "이름",
    "resume.key_export": "내보내기",
    "resume.key_delete": "삭제",
    "manage.name_title": "이 저장에 이름 붙이기",
    "manage.name_note": "Enter: 이름 저장 (빈 이름은 이름을 지웁니다) · Esc: 취소",
    "manage.name_control": "저장 이름에는 제어 문자나 서식 문자를 쓸 수 없습니다 ({char}).",
    "manage.name_long": "저장 이름은 터미널 칸으로 {n}칸까지입니다.",
    "manage.named": "이제 이 저장의 이름은 “{name}”입니다.",
    "manage.unnamed": "이 저장의 이름을 지웠습니다.",
    "manage.export_title": "이 게임 내보내기 (`.md`로 끝나는 파일은 마크다운, 그 밖에는 텍스트)",
    "manage.export_note": "Enter: 내보내기 · Esc: 취소 · 끝난 게임은 모두, 끝나지 않은 게임은 "
    "테이블이 본 만큼 기록합니다",
    "manage.delete_title": "이 저장을 삭제할까요?",
    "manage.delete_note": "데이터 폴더의 휴지통으로 옮기고, {days}일 뒤에 완전히 지웁니다.",
    "manage.delete_yes": "삭제",
    "manage.delete_keys": "y: 삭제 · n 또는 Esc: 그대로 두기",
    "manage.deleted": "삭제했습니다: {game:은/는} 휴지통({path})에 {days}일 동안 있습니다.",
    "manage.confirm": "{game} ({names}) 저장을 삭제할까요? 휴지통에 {days}일 동안 있습니다. [y/N] ",
    "manage.kept": "아무것도 삭제하지 않았습니다.",
    "manage.no_tty": "삭제하지 않았습니다: 묻지 않고 삭제하려면 `--yes`를 주세요.",
    # --- issue 33 (small): the trash's restore
    "manage.restored": "복원했습니다: {game:이/가} 다시 이어 하기 목록에 있습니다.",
    "manage.trash_keys": "Enter: 복원 (이어 하기 목록으로) · Esc: 뒤로",
    "resume.key_trash": "휴지통",
    "manage.restored_as": "{game:으로/로} 복원했습니다: 아이디가 {old}인 저장이 이미 있습니다.",
    "manage.trash_none": "휴지통이 비어 있습니다 ({path}).",
    "manage.trash_head": "휴지통 ({path}; 각각 {days}일 동안 보관):",
    "manage.no_such_trashed": "휴지통에 '{key}' 저장이 없습니다 ({path}).",
    "manage.many_trashed": "'{key}'에 맞는 저장이 휴지통에 {count}개 있습니다 ({path}). 아이디를 "
    "더 길게 적어 주세요.",
    "export.over_save": "{path:은/는} 저장 파일 자체라서 그 위에 내보내지 않습니다.",
    "export.not_a_file": "{path:은/는} 일반 파일이 아니라서 그 안에 내보내지 않습니다.",
    "export.dangling": "{path:은/는} 아무것도 가리키지 않는 심볼릭 링크라서 내보내지 않습니다.",
    "export.written": "{path}에 내보냈습니다.",
    "save.title": "게임을 파일로 저장",
    "save.note": "Enter: 저장 · Esc: 취소 · 게임은 어차피 자동 저장됩니다. 파일은 "
    "`el-grande load FILE`로 불러옵니다",
    "save.exists": "{path:은/는} 이미 있습니다. 다른 이름을 고르세요.",
    "save.cannot": "{path}에 쓸 수 없습니다: {why}.",
    "save.saved": "{path}에 저장했습니다.",
    "save.empty": "저장할 파일 이름을 입력하세요.",
    "save.problem_exit": "게임을 닫을 때: {problem}",
    "save.failed": "자동 저장 실패: {path}에 쓸 수 없습니다: {reason}.",
    "save.off": "자동 저장 꺼짐: 플레이어들의 자리 정보를 저장 파일에 쓸 수 없습니다.",
    "save.unloadable": "엘 그란데가 다시 불러올 수 없어 쓰지 않았습니다. 보고할 버그입니다"
    "({problem}); 마지막 저장은 그대로입니다",
    "save.busy": "게임이 다른 창에서 열려 있습니다",
    "save.locked": "게임 {game} ({names}): 다른 창에서 열려 있습니다. 먼저 그 창에서 닫으세요 "
    "(한 게임은 한 번에 한 창에서만 할 수 있습니다).",
    "save.cannot_lock": "{path:을/를} 잠글 수 없습니다: {why}. 게임을 열지 않습니다: 잠금이 "
    "없으면 다른 창에서도 같은 게임을 동시에 할 수 있기 때문입니다 (그 자리에 있는 것을 "
    "치우거나, 쓸 수 있는 파일로 바꾸세요).",
    # --- game screen keys --------------------------------------------------------------------
    # the key bar's short labels, issue 33 item 5 (app/widgets/keybar.py: 전체 이름이 폭에
    # 맞지 않을 때만; binding id별)
    "keys.short.preview": "계산기",
    "keys.short.save_as": "저장",
    "keys.short.skip_ahead": "건너뛰기",
    "keys.short.quit": "종료",
    "keys.help": "도움말",
    "keys.preview": "정산 계산기",
    "keys.log": "기록",
    "keys.undo": "되돌리기",
    "keys.save_as": "다른 이름으로 저장",
    "keys.skip": "빨리 감기",
    "undo.what": "되돌리기",
    "undo.over": "게임이 끝났습니다",
    "undo.nothing": "아직 되돌릴 내 결정이 없습니다",
    "undo.other_player": "마지막 결정은 다른 플레이어의 것이었습니다",
    "undo.secret": "비밀 선택은 되돌릴 수 없습니다",
    "undo.revealed": "그 결정으로 아무도 몰랐던 것이 공개되었습니다",
    "undo.bot": "컴퓨터 플레이어가 고르는 중입니다",
    # --- replay ------------------------------------------------------------------------------
    "replay.next": "다음",
    "replay.back": "뒤로",
    "replay.next_round": "다음 라운드",
    "replay.prev_round": "이전 라운드",
    "replay.start": "처음",
    "replay.end": "끝",
    "replay.doing_next": "다음 결정",
    "replay.doing_end": "끝",
    "replay.where": "{title} — 결정 {of}개 중 {pos}번째, {round}라운드",
    "replay.at_end": "기록의 끝",
    "replay.secret": " (비밀)",
    "replay.answer": " → {answer}",
    "replay.next_line": "다음: {name}{secret}: {what}{answer}",
    # --- curtain -----------------------------------------------------------------------------
    "curtain.to": "키보드를 {name}에게 넘겨 주세요",
    "curtain.why": "{name:이/가} {what:을/를} 몰래 고릅니다.",
    "curtain.back": "{name:이/가} 골랐습니다.",
    "curtain.back_to": "{name:이/가} 골랐습니다. 키보드를 {next}에게 넘겨 주세요",
    "curtain.back_all": "비밀 선택이 모두 끝났습니다",
    "curtain.continue": "계속",
    "curtain.letter": "{name}만 보고 있을 때 {letter} 키를 누르거나 ‘계속’을 클릭하세요.",
    "curtain.letter_why": "미리 눌린 키는 세지 않습니다: 글자는 {seconds}초 동안 아무 키도 "
    "클릭도 없어야 통하고 매번 바뀌므로, 누구도 실수로 다른 사람의 비밀을 보거나 대신 고르지 "
    "않습니다.",
    "curtain.enter_hint": "화면을 모두에게 보여 주고 Enter 또는 ‘계속’을 누르세요.",
    "curtain.enter_why": "미리 눌린 키는 세지 않습니다: Enter는 {seconds}초 동안 아무 키도 "
    "클릭도 없어야 통합니다.",
    "curtain.nudge": "그 키가 아닙니다: 키보드가 조용해지면 {name}의 비밀 선택을 보려고 "
    "{letter:을/를} 누르세요.",
    # --- hand-overs (el_grande/flow/handover.py) -------------------------------------------
    "handover.banner": "{name}의 차례: 키보드를 넘겨받으세요",
    "handover.banner_letter": "{name}에게 키보드가 가면 {letter} 키를 누르세요 (또는 ‘계속’을 "
    "클릭하세요).",
    "handover.banner_why": "정산이나 가림막 뒤에는 다음 플레이어가 직접 넘겨받습니다: 미리 눌린 "
    "키는 세지 않으며, 글자는 {seconds}초 동안 아무 키도 클릭도 없어야 통합니다.",
    "handover.waiting": "키보드가 조용해지기를 기다립니다: {seconds}초 동안 아무 키도 누르지 "
    "않으면 {press:이/가} 통합니다.",
    "handover.ready": "준비됐습니다: 이제 {press:을/를} 누르세요.",
    "handover.nudge": "그 키가 아닙니다: {name}에게 키보드가 가고 조용해지면 {letter:을/를} "
    "누르세요.",
    # issue 33 item 7: 손 바꿈 보호가 버린 키 (app/screens/game.py)
    "handover.dropped": "{name}의 차례: 그 키는 쓰이지 않았습니다 (플레이어가 바뀌면 {seconds}초 "
    "뒤부터 키가 통합니다).",
    "handover.quiet": "{name}의 차례: 플레이어가 바뀔 때는 {seconds}초 동안 아무 키도 누르지 "
    "않은 뒤부터 키가 통합니다.",
    "why.not_now": "지금은 답할 수 없습니다",
    "why.court_empty": "궁정이 비어 있어 배치할 카바예로가 없습니다",
    # --- issue 33, "Smaller" (small): digits at "bring to court", the sheet's numbers, the trash
    "why.court_most": "궁정으로 최대 {n}개까지 데려올 수 있습니다",
    "prompt.keys_count": "숫자 키로 몇 개인지 고르고 Enter",
    "sheet.typing": "{n} … 숫자를 하나 더 누르면 {low}–{high}, Enter나 Tab이면 {n} 그대로.",
    "sheet.clear_kept": "아무것도 지우지 않았습니다.",
    "sheet.typing_one": "{n} … 0을 누르면 {low}, Enter나 Tab이면 {n} 그대로.",
    "prompt.does_nothing": "{choice} ({why})",
    "caution.cost": "최선의 선택보다 약 {count}점 손해",
    "caution.court": "속령에 더 있음",
    "caution.both": "{first}; {second}",
    # --- display: a caution in words, for the highlighted choice (app/widgets/status.py)
    "caution.status": "⚠ {choice}: {why}.",
    "flow.resumed_scoring": "{what} 뒤부터 이어서 합니다: 그 점수는 진행 기록에 있습니다.",
    "flow.resumed_reveal": "비밀 원반이 공개된 뒤부터 이어서 합니다: 진행 기록을 보세요.",
    "handover.wait": "플레이어가 바뀔 때는 잠시 조용해진 뒤부터 키가 통합니다",
    # --- board -------------------------------------------------------------------------------
    "board.king": "♔ 왕",
    "board.castillo": "카스티요",
    "board.castillo_total": "안: {n}",
    "board.castillo_hidden": "비공개: 합계만 알 수 있음",
    "board.neighbour": "왕의 이웃",
    "board.legend": "♔ 왕의 지역 (색칠됨) · ◇ 왕의 지역에 인접 · ◦ 커서나 마우스가 있는 곳에 인접 "
    "· ▸ 지금 고를 수 있는 곳 (역시 색칠됨) · ✦ 정산 중인 곳 · A3: 플레이어 A의 카바예로 3개 · ⌂A: "
    "A의 그란데 (본거지) · ▣ 이동식 점수판이 놓인 곳 (그 점수가 적용됨) · #N: N 키로 그곳을 고름, "
    "0은 카스티요 · 파워 카드: 굵은 글씨는 손에 있는 카드, 흐린 글씨는 낸 카드, 반전은 이번 "
    "라운드에 낸 카드 · 이름 뒤의 (봇): 컴퓨터 플레이어 · 점수 궁정 속령 성 베토: 점수, "
    "궁정·속령·카스티요(성)의 카바예로, 가진 베토(거부권) 카드",
    "board.round": "라운드 {number}/{of}",
    "board.scoring_after": "3·6·9라운드 후 정산",
    "board.track": "라운드",
    "board.cards_title": "이번 라운드의 액션 카드",
    "board.card_taken": "{name} 가져감",
    "board.card_place": "배치 {n}",
    "board.no_cards": "액션 카드는 라운드가 시작될 때 공개됩니다.",
    "board.players": "플레이어",
    "board.log": "진행 기록",
    "board.log_back": "l: 보드로 돌아가기",
    "player.bot_mark": "(봇)",
    "player.score": "{score}점",
    "player.court": "궁정 {n}",
    "player.province": "속령 {n}",
    "player.castillo": "카스티요 {n}",
    "player.hand": "파워 카드 (취소선: 낸 카드)",
    "player.col_score": "점수",
    "player.col_court": "궁정",
    "player.col_province": "속령",
    "player.col_castillo": "성",
    "player.played": "{card} 냄",
    "player.veto": "베토",
    "player.col_veto": "베토",
    "player.veto_mark": "베토",
    "player.home": "본거지 {region}",
    "player.to_move": "◀ 차례",
    # --- decisions ---------------------------------------------------------------------------
    "prompt.title": "{name}: {what}",
    "prompt.secret": "비밀 — {name}만 보세요",
    "prompt.illegal": "{what:‘’은/는} 지금 할 수 없습니다: {why}",
    "prompt.keys_map": "1–9/0 다음 Enter, 또는 지도 클릭",
    "prompt.keys_cards": "a–e 다음 Enter, 또는 카드 클릭",
    "prompt.keys_list": "↑↓ 다음 Enter, 또는 클릭",
    "prompt.keys_power": "숫자 1–9: 1–9번, 0을 누른 뒤 0–3: 10–13번 · Enter: 내기 · a–e: 카드 읽기",
    "prompt.power_tens": "0 … 이제 0, 1, 2, 3을 누르면 파워 카드 10, 11, 12, 13",
    # --- computer players --------------------------------------------------------------------
    "bot.thinking": "{name} ({level}) 생각 중…",
    "bot.secret": "{name:이/가} 비밀리에 고르는 중…",
    "bot.chooses": "{name} ({level}) 선택: {choice}",
    "bot.busy": "컴퓨터 {name:이/가} 고르는 중입니다. 기다리거나 f 키로 빨리 감으세요.",
    "bot.skip": "f: 빨리 감기",
    "bot.failed": "{name}의 컴퓨터 플레이어가 실패해서 무작위로 합법적인 수를 두었습니다.",
    "why.not_legal": "고를 수 있는 선택지가 아닙니다",
    "why.king_region": "왕의 지역은 금지 구역입니다 (아무도 들어가거나 나올 수 없음)",
    "why.not_adjacent": "배치는 왕의 지역에 인접한 지역이나 카스티요에만 할 수 있습니다",
    "why.castillo_source": "카스티요에서는 일반 정산 전까지 아무것도 나오지 않습니다",
    "why.no_card": "그 자리에는 카드가 없습니다",
    "why.not_card_now": "지금은 카드를 고르는 때가 아닙니다",
    "why.not_region_now": "지금은 지역을 고르는 때가 아닙니다",
    "why.card_taken": "그 카드는 이번 라운드에 이미 누군가 가져갔습니다",
    "why.power_taken": "손에 없거나, 이번 라운드에 다른 사람이 이미 냈습니다",
    # --- display: Enter after a refused key (app/screens/game_input.py) ---
    "prompt.choose_first": "고른 것이 없습니다: ↑↓, 키 또는 클릭으로 고른 뒤 Enter를 누르세요.",
    "decision.power": "파워 카드 내기",
    "decision.court": "속령에서 궁정으로 카바예로 데려오기",
    "decision.recall": "지역의 카바예로를 궁정으로 데려오기 (속령이 모자람)",
    "decision.action_card": "액션 카드 가져가기",
    "decision.turn": "배치와 특수 행동 중 무엇을 먼저?",
    "decision.placement": "궁정의 카바예로 배치하기",
    "decision.veto": "{name}의 특수 행동에 베토를 쓸까요?",
    "decision.move_from": "카바예로 이동: 어느 지역에서?",
    "decision.move_whose": "누구의 카바예로?",
    "decision.move_to": "어디로 옮길까요?",
    "decision.region": "지역 고르기",
    "decision.mode": "카드의 어느 쪽 행동?",
    "decision.place_any": "아무 지역에나 카바예로 배치 (왕의 지역 제외)",
    "decision.score": "정산할 곳 고르기",
    "decision.return_one": "{name}의 카바예로 하나를 돌려보낼까요?",
    "decision.angry_king": "분노한 왕: 내 카바예로 하나를 돌려보내기",
    "decision.scoreboard": "어느 이동식 점수판?",
    "decision.scoreboard_to": "점수판을 어디에 놓을까요?",
    "decision.king": "왕을 어디로 옮길까요?",
    "decision.grande": "그란데를 어디로 옮길까요?",
    "decision.retrieve": "낸 파워 카드 하나를 되가져오기",
    "decision.court_card": "카바예로를 2개까지 궁정으로 데려오기",
    "decision.disk": "비밀 디스크 정하기",
    "decision.disk_purpose": "비밀 디스크 정하기: {purpose}",
    "decision.unknown": "고르기",
    "purpose.castillo": "카스티요의 내 카바예로를 보낼 지역",
    "purpose.province_two_by_disk": "내 카바예로 2개를 잃을 지역",
    "purpose.province_all_by_disk": "내 카바예로를 모두 잃을 지역",
    "purpose.eviction": "쫓겨난 내 카바예로를 보낼 지역",
    "purpose.score_by_disk": "나 혼자 고르면 정산되는 지역",
    "curtain.purpose.castillo": "카스티요의 카바예로를 보낼 지역",
    "curtain.purpose.province_two_by_disk": "자기 카바예로 2개를 잃을 지역",
    "curtain.purpose.province_all_by_disk": "자기 카바예로를 모두 잃을 지역",
    "curtain.purpose.eviction": "쫓겨난 카바예로를 보낼 지역",
    "curtain.purpose.score_by_disk": "혼자 고르면 정산되는 지역",
    "progress.count": "최대 {of}개 중 {done}개 완료",
    "progress.placed": "최대 {limit}개 중 {placed}개 배치, {left}개 더 가능 — 끝내려면 ‘완료’",
    "progress.moved": "최대 {of}개 중 {done}개 이동 — 끝내려면 ‘완료’를 고르세요",
    "progress.moved_all": "{of}개 중 {done}개 이동",
    "progress.card": "카드: {card}",
    "progress.target": "대상: {name}",
    "progress.left": "{n}개 남음",
    # --- choice labels -----------------------------------------------------------------------
    "choice.power": "파워 카드 {n}  (궁정으로\u00a0{court}개)",
    "choice.power_short": "파워 카드 {n}",
    "choice.court": "궁정으로 {n}개 데려오기",
    "choice.recall": "{region}에서",
    "choice.card": "{name}  (배치\u00a0{n})",
    "choice.turn.place": "지금 카바예로 배치",
    "choice.turn.special": "특수 행동 하기",
    "choice.turn.skip": "특수 행동 건너뛰기",
    "choice.place": "{region}에 배치",
    "choice.done": "완료",
    "choice.veto.yes": "베토를 쓴다",
    "choice.veto.no": "그대로 둔다",
    "choice.from": "{region}에서",
    "choice.whose": "{name}의 카바예로",
    "choice.to": "{region:으로/로}",
    "choice.region": "{region}",
    "choice.mode.move": "한 지역에서 내 카바예로를 모두 빼내기",
    "choice.mode.place": "카바예로를 2개까지 더 배치",
    "choice.score": "{region} 정산",
    "choice.return": "{region}에서 하나 돌려보내기",
    "choice.return_court": "궁정에서 하나 돌려보내기",
    "choice.pass": "통과 (돌려보내지\u00a0않음)",
    "choice.board": "점수판 {board}",
    "choice.king": "왕을 {region:으로/로}",
    "choice.grande": "그란데를 {region:으로/로}",
    "choice.retrieve": "파워 카드 {n} 되가져오기",
    "choice.disk": "디스크: {region}",
    "choice.disk_court": "디스크: {region} (왕의\u00a0지역) — 내 궁정으로 복귀",
    # --- events ------------------------------------------------------------------------------
    "ev.round": "— 라운드 {number}/{of} —",
    "ev.cards": "공개된 카드: {cards}.",
    "ev.power": "{name:이/가} 파워 카드 {n:을/를} 냅니다.",
    "ev.order": "차례 순서: {names}.",
    "ev.turn": "{name}의 차례 (파워 카드 {power}).",
    "move.court": "{name:이/가} {src}에서 궁정으로 카바예로 {count}개를 데려옵니다.",
    "move.place": "{name:이/가} {dst}에 카바예로 {count}개를 배치합니다.",
    "move.place_hidden": "{name:이/가} {dst}에 카바예로를 배치합니다 (몇 개인지는 비밀).",
    "move.own": "{name:이/가} 카바예로 {count}개를 {src}에서 {dst:으로/로} 옮깁니다.",
    "move.own_hidden": "{name:이/가} 카바예로를 {src}에서 {dst:으로/로} 옮깁니다 (몇 개인지는 "
    "비밀).",
    "move.other": "{actor:이/가} {name}의 카바예로 {count}개를 {src}에서 {dst:으로/로} 옮깁니다.",
    "move.other_hidden": "{actor:이/가} {name}의 카바예로를 {src}에서 {dst:으로/로} 옮깁니다 "
    "(몇 개인지는 비밀).",
    "move.return": "{name:이/가} {src}의 카바예로 {count}개를 속령으로 돌려보냅니다.",
    "move.return_by": "{actor:이/가} {src}에 있는 {name}의 카바예로 {count}개를 속령으로 "
    "돌려보냅니다.",
    "move.march": "{name}: 카바예로 {count}개가 카스티요에서 {dst:으로/로} 진군합니다.",
    "move.march_court": "{name}: 카바예로 {count}개가 카스티요에서 궁정으로 돌아갑니다.",
    "ev.card": "{name:이/가} ‘{card}’ 카드를 가져갑니다.",
    "ev.card_quoted": "‘{card}’",
    "ev.gain": "{name} +{points}",
    "ev.final_score": "{name} {points}점",
    "ev.announced": "{name:이/가} ‘{card}’ 카드의 특수 행동을 선언합니다.",
    "ev.vetoed": "{by:이/가} {name}의 ‘{card}’ 특수 행동을 베토로 막습니다!",
    "ev.skipped": "{name:이/가} ‘{card}’ 카드의 특수 행동을 건너뜁니다.",
    "ev.veto_kept": "{name:이/가} 베토를 앞에 둡니다.",
    "ev.veto_expired": "{name}의 베토가 기한이 지나 사라집니다.",
    "ev.king": "왕이 {src}에서 {dst:으로/로} 이동합니다.",
    "ev.grande": "{name}의 그란데가 {region:으로/로} 이동합니다: 새 본거지입니다.",
    "ev.scoreboard": "이동식 점수판 {board:이/가} 이제 {region}에 놓입니다.",
    "ev.scoreboard_from": "이동식 점수판 {board:이/가} {src}에서 {dst:으로/로} 옮겨집니다.",
    "ev.retrieved": "{name:이/가} 파워 카드 {n:을/를} 되가져옵니다.",
    "ev.secret": "{name:이/가} 비밀리에 골랐습니다.",
    "ev.revealed_none": "공개할 비밀 디스크가 없습니다.",
    "ev.revealed": "디스크 공개: {choices}.",
    "ev.revealed_one": "{name} → {region}",
    "ev.revealed_court": "{name} → {region} (왕의 지역: 궁정으로 복귀)",
    "ev.scoring": "정산: {what}.",
    "ev.scored": "{region}: {awards}.",
    "ev.scored_none": "{region}: 득점자 없음.",
    "ev.award": "{name} +{points} ({why})",
    "ev.scoring_end": "정산 끝: {points}.",
    "ev.no_points": "득점 없음",
    "ev.turn_summary": "{name}의 차례: {parts}.",
    "sum.power": "파워 카드 {n}",
    "sum.court": "궁정으로 {count}개",
    "sum.placed": "{count}개 배치",
    "sum.placed_hidden": "배치 (일부는 비밀)",
    "sum.special_none": "특수 행동 없음",
    "sum.special_done": "특수 행동 실행",
    "sum.special_skipped": "특수 행동 건너뜀",
    "sum.special_vetoed": "특수 행동이 베토로 막힘",
    "ev.game_over": "게임 종료! {winners} 최종 점수: {scores}.",
    "ev.other": "{text}",
    "why.first": "1위",
    "why.second": "2위",
    "why.third": "3위",
    "why.tie": "동률",
    "why.tie_at": "동률, {position}",
    "why.king": "왕의 보너스",
    "why.home": "본거지 보너스",
    "scoring.general": "일반 정산 {n}/3",
    "scoring.special": "‘{card}’",
    "scoring.heading_general": "일반 정산 {n}/3",
    "scoring.heading_special": "정산: ‘{card}’",
    "scoring.step": "{i}/{n}단계",
    "scoring.continue": "Enter / Space: 다음 단계 · Esc: 끝으로 건너뛰기",
    "scoring.last": "Enter: 게임으로 돌아가기",
    "scoring.table_title": "이번 정산의 합계",
    "scoring.this": "이번 득점",
    "scoring.total": "총점",
    "scoring.castillo_title": "카스티요 정산",
    "scoring.reveal_title": "디스크 공개",
    "scoring.reveal_heading": "비밀 디스크 공개",
    "scoring.back_to_court": "(왕의 지역: 궁정으로 복귀)",
    "scoring.to_court": "궁정",
    "scoring.key_next": "다음",
    "scoring.key_skip": "건너뛰기",
    "scoring.march_title": "카스티요의 카바예로가 진군합니다",
    "scoring.moves_title": "카바예로가 이동합니다",
    "scoring.region_title": "{region} 정산",
    "scoring.counts": "카바예로: {counts}",
    "scoring.count": "{name} {count}개",
    "scoring.award_line": "{name} +{points}  ({why})",
    "scoring.march_line": "{name}: {count}개 → {where}",
    "scoring.reveal_line": "{name} → {region}",
    "scoring.step_title": "{title}  ·  {step}",
    "scoring.nobody": "여기에는 카바예로가 없습니다: 득점자 없음.",
    # --- game over ---------------------------------------------------------------------------
    "over.title": "게임 종료",
    "over.key_new": "새 게임",
    "over.key_title": "타이틀 화면",
    "over.key_replay": "게임 다시 보기",
    "over.winner": "{names:이/가} 승리했습니다!",
    "over.winners": "{names:이/가} 공동 승리했습니다!",
    "over.final": "최종 점수",
    "over.breakdown": "정산별 점수",
    "over.specials": "특수 정산, {a}–{b}라운드",
    "over.general": "일반 정산 {n}",
    "over.total": "합계",
    "over.keys": "←/→: 다른 쪽 · m: 재대결 (같은 자리 그대로) · n: 새 게임 · t: 타이틀 화면 · "
    "r: 다시 보기 · v: 복기 · s: 파일로 저장 · q: 끝내기",
    # game over, issue 33 item 6: 재대결, 마지막 정산의 보너스
    "over.key_rematch": "재대결",
    "over.bonus_legend": "♔ 왕의 보너스 (+2) · ⌂ 본거지 보너스 (+2), 정산표와 같은 표시 · ★ 1위",
    "over.tab_result": "결과",
    "over.tab_board": "마지막 보드",
    "over.tab_scoring": "마지막 정산",
    "over.tab_chart": "라운드별 점수",
    "over.tab_players": "플레이어",
    "over.key_tabs": "쪽 넘기기",
    "over.last_scoring": "일반 정산 {n} ({round}라운드), 장소별: 카바예로 수, 그다음 점수 (★ 1위)",
    "over.no_scoring": "일반 정산이 없었습니다.",
    "over.col_place": "장소",
    "over.col_values": "배점",
    "over.cell": "{count} → {points}",
    "over.chart_title": "라운드가 끝날 때마다 각 플레이어의 합계 (글자가 플레이어입니다)",
    "over.round_col": "라운드",
    "over.player_head": "{name}: {points}점",
    "over.won": "1위를 한 지역: {scorings}",
    "over.won_in": "정산 {n}: {places}",
    "over.none": "없음",
    "over.castillo": "카스티요: {scorings}",
    "over.castillo_in": "정산 {n}: {count}개, {rank}, {points}점, {region:으로/로} 이동",
    "over.castillo_empty": "정산 {n}: 없음",
    "over.rank_none": "순위 없음",
    "over.specials_of": "특수 정산: {list}",
    "over.special_in": "{round}라운드, {card}: {count}점",
    "over.powers": "낸 파워 카드: {cards}",
    "export.scorings": "정산",
    "export.scoring_head": "{what}, {round}라운드",
    "export.by_round": "라운드별 점수",
    "export.total_row": "합계",
    "over.hints": "힌트를 본 횟수: {counts}",
    "over.hint_count": "{name} {count}번",
    "over.no_hints": "이 게임에서는 힌트를 쓰지 않았습니다.",
    # --- export ------------------------------------------------------------------------------
    "export.title": "엘 그란데: {names}",
    "export.setup": "시드 {seed}, {rounds}라운드, 베토 {veto}, 카스티요 {castillo}.",
    "export.setup_unfinished": "{rounds}라운드, 베토 {veto}, 카스티요 {castillo} (앞으로 나올 "
    "카드를 모두 정하는 시드는 게임이 끝나면 보여 줍니다).",
    "export.veto_on": "사용",
    "export.veto_off": "사용 안 함",
    "export.castillo_open": "공개",
    "export.castillo_hidden": "비공개",
    "export.result": "결과",
    "export.result_line": "결과: {scores}",
    "export.unfinished": "(끝나지 않은 게임: 지금까지 결정 {count}개)",
    # --- help --------------------------------------------------------------------------------
    "help.title": "도움말 — 키, 규칙, 카드",
    "help.close": "Esc 또는 ?: 도움말 닫기",
    "help.keys_title": "키",
    # One key a line: the key, a tab, what it does (the help lines them up in two columns).
    "help.keys": (
        "↑ ↓\t선택지 사이를 이동\n"
        "Enter\t커서가 있는 선택지 고르기\n"
        "1–9\t지역 고르기 (지도의 #N)\n"
        "0\t카스티요 고르기 · 파워 카드: 0을 누른 뒤 0–3으로 10–13번\n"
        "a–e\t공개된 액션 카드 고르기 (카드를 고를 때가 아니면 카드 읽기)\n"
        "마우스\t지역, 카드, 파워 카드, 선택지를 클릭\n"
        "p\t정산 계산기: 지금 일반 정산을 한다면 얻을 점수\n"
        "w\t정산 계산기에서: 커서가 있는 선택을 했을 때의 표\n"
        "h\t힌트: 강한 컴퓨터 플레이어가 추천하는 3수\n"
        "u\t되돌리기 (규칙이 허락할 때만, 아니면 그 이유를 알려 줍니다)\n"
        "t\t차례 끝내기: 기다리는 마지막 선택을 확정 (잠시 뒤에는 Enter도, u는 되돌리기)\n"
        "s\t원하는 파일에 게임 저장 (자동 저장은 따로 됩니다)\n"
        "l\t진행 기록을 크게 보기 (↑ ↓ PgUp PgDn 스크롤, l을 한 번 더: 보드로)\n"
        "f\t빨리 감기: 사람이 고를 때나 정산이 보일 때까지 컴퓨터 플레이어가 바로 둡니다\n"
        "o\t설정: 테마, 플레이어 색, 속도 (비밀 선택 중에는 안 됨)\n"
        "r\t자리: 컴퓨터 플레이어에게 자리를 넘기거나 되찾기\n"
        "i\t안내 게임의 코치 숨기기·다시 보기, 팁 닫기 (Esc도 됩니다)\n"
        "[ ]\t안내 게임에서 만난 규칙: 보고 있는 규칙의 앞이나 뒤 규칙 다시 보기\n"
        "?\t이 도움말\n"
        "ctrl+q\t끝내기 (ctrl+c도 됩니다)"
    ),
    "help.map_title": "보드 읽는 법",
    "help.rules_title": "규칙 요약",
    "help.rules": (
        "매 라운드: 액션 카드 5장이 공개되어 있습니다. 1–4 스택의 맨 위 카드와 왕 카드(언제나 "
        "있음)입니다. 모두 파워 카드를 "
        "한 장씩 냅니다 (1–13, 이번 라운드에 아직 아무도 내지 않은 숫자). 가장 높은 숫자를 "
        "낸 사람부터 차례가 옵니다. 내 차례에는: 파워 카드가 허락하는 수만큼까지(7번 카드는 "
        "3개) 속령에서 궁정으로 카바예로를 데려오고, 액션 카드 한 장을 가져간 다음, "
        "카드의 숫자만큼까지 궁정의 "
        "카바예로를 왕의 지역에 인접한 지역이나 카스티요에 배치하고, 카드의 특수 행동을 "
        "합니다 (배치 전이나 후에, 또는 건너뜁니다).\n\n"
        "왕의 지역은 금지 구역입니다: 아무것도 들어가거나 나올 수 없지만, 정산은 됩니다.\n\n"
        "3, 6, 9라운드 후에는 일반 정산을 합니다: 카스티요에 카바예로가 있는 사람은 모두 "
        "비밀 디스크로 지역 하나를 몰래 정합니다. 카스티요를 정산합니다. 디스크를 공개하고 "
        "카스티요의 카바예로가 그 지역으로 진군합니다 (왕의 지역을 고른 디스크는 그 "
        "카바예로를 주인의 궁정으로 돌려보냅니다). 그다음 아홉 지역을 모두 정산합니다. "
        "카바예로가 가장 많으면 1위 점수, 두 번째는 2위 점수, 세 번째는 3위 점수를 얻습니다 "
        "(2인: 1위만, 3인: 1위와 2위만). 동률인 사람들은 한 단계 낮은 점수를 얻습니다. 왕의 "
        "지역에서 카바예로가 혼자 가장 많으면 +2, 내 그란데가 있는 본거지에서 혼자 가장 "
        "많으면 +2 (1등이 동점이면 보너스 없음).\n\n"
        "세 번째 일반 정산이 끝나면 점수가 가장 높은 사람이 이깁니다. 선두가 동률이면 함께 "
        "승리합니다."
    ),
    "help.cards_title": "액션 카드",
    "help.stack": "{n} 스택 — 최대 {n}개 배치",
    # --- hints (h) and the scoring calculator (p) --------------------------------------------
    "keys.hint": "힌트",
    "hint.title": "{name}님을 위한 힌트: 강한 컴퓨터의 추천 3수",
    "hint.thinking": "생각 중… (길어야 1초, Esc로 취소)",
    "hint.ready": "점수: 평범한 선택보다 더 얻을 것으로 예상되는 점수와, 라운드가 끝날 때 "
    "가장 앞선 상대와의 예상 점수 차.",
    "hint.gain": "평범한 선택보다 {gain}점",
    "hint.ahead": "라운드 끝: 모든 상대보다 {margin}점 앞섬",
    "hint.behind": "라운드 끝: 가장 앞선 상대보다 {margin}점 뒤짐",
    "hint.level": "라운드 끝: 가장 앞선 상대와 같음",
    "hint.same": "분석으로는 첫 번째와 같은 수준",
    "hint.none": "이번에는 힌트가 없습니다 (취소했거나 생각할 시간이 없었습니다).",
    "hint.failed": "힌트를 계산하지 못했습니다.",
    "hint.keys": "1–3 또는 Enter: 그 선택지로 커서 이동 · Esc: 닫기",
    "hint.key_close": "닫기",
    "hint.off": "이 게임에서는 힌트를 쓰지 않습니다.",
    "hint.curtain": "{name}만 볼 수 있는 힌트",
    "hint.curtain_why": "카스티요가 비공개입니다: {name}의 힌트에서 {name}의 카스티요 "
    "카바예로 수가 드러날 수 있습니다.",
    "prompt.reading": "‘{card}’ 카드를 모두 펼쳐 보여 줍니다 (접으려면 그 글자를 한 번 더 "
    "누르세요).",
    "calc.title": "정산 계산기: 지금 일반 정산을 한다면",
    "calc.note": "지역과 카스티요를 보드에 보이는 그대로 정산합니다. 카스티요의 카바예로는 "
    "그 자리에 둡니다 (디스크는 비밀). ♔ 왕의 보너스 · ⌂ 본거지 보너스 · = 동률.",
    "calc.now": "지금",
    "calc.with_place": "만약: {region}에 내 카바예로가 하나 더 있다면",
    "calc.with_march": "만약: 카스티요의 내 카바예로가 {region:으로/로} 진군한다면",
    "calc.hidden": "카스티요가 비공개입니다: 합계에서 뺍니다.",
    "calc.col_place": "지역",
    "calc.col_values": "배점",
    "calc.row_now": "현재 점수",
    "calc.row_gain": "얻을 점수",
    "calc.row_after": "정산 후",
    "calc.rank_1": "1위",
    "calc.rank_2": "2위",
    "calc.rank_3": "3위",
    "calc.rank_4": "4위",
    "calc.rank_5": "5위",
    "calc.key_what_if": "만약",
    "calc.keys": "Esc / Enter / p: 닫기",
    "calc.keys_what_if": "w: 강조한 선택이 있을 때와 없을 때 · Esc / Enter / p: 닫기",
    "calc.no_what_if_turn": "w는 내 결정 중에만 선택을 적용해 보여 줍니다 (다른 플레이어의 "
    "차례나 정산 중에는 안 됨).",
    "calc.no_what_if_kind": "w는 배치나 내 카스티요 디스크만 적용해 봅니다: 이 결정에는 그런 "
    "선택이 없습니다.",
    "calc.no_what_if_cursor": "커서가 있는 선택은 카바예로를 놓지 않습니다: 지역(1–9, 0)으로 "
    "커서를 옮긴 뒤 w를 누르세요.",
    # --- settings (the settings file, el-grande config, the settings screen) -----------------
    "settings.problem": "{path}의 설정을 쓰지 않습니다: {why}. 기본값을 쓰며, 설정을 저장할 "
    "때까지 파일은 그대로 둡니다.",
    "settings.err_unreadable": "파일을 읽을 수 없습니다 ({why})",
    "settings.err_not_file": "보통 파일이 아닙니다",
    "settings.err_too_big": "파일이 {kib} KiB보다 큽니다",
    "settings.err_not_utf8": "파일이 UTF-8 텍스트가 아닙니다",
    "settings.err_toml": "파일이 올바른 TOML이 아닙니다 ({detail})",
    "settings.err_deep": "배열이나 표가 너무 깊이 겹쳐 있어 파일을 읽을 수 없습니다",
    "settings.err_number": "파일에 {n}자리가 넘는 수가 있습니다",
    "settings.err_unknown": "{key:이라는/라는} 설정은 없습니다 (설정은 {keys})",
    "settings.err_unknown_player": "플레이어 {n}에 {key:이/가} 있지만, 플레이어에는 이름, 색, "
    "종류만 있습니다",
    "settings.err_must": "{where}에는 {must:이/가} 와야 합니다 ({found:이/가} 있음)",
    "settings.err_value": "{where}: {why}",
    "settings.where_player": "`players`의 플레이어 {n}",
    "settings.where_player_key": "`players`의 플레이어 {n}의 {key}",
    "settings.found_table": "테이블",
    "settings.found_array": "배열",
    "settings.must.language": '`"en"` 또는 `"ko"` (또는 생략)',
    "settings.must.theme": "텍스추얼 테마 이름 하나 (`el-grande config`가 목록을 보여 줍니다)",
    "settings.must.palette": '`"standard"` 또는 `"colour-blind"`',
    "settings.must.bot_delay": "0부터 {max}까지의 초",
    "settings.must.auto_advance": "`false`, `true`, 또는 0보다 크고 {max} 이하인 초",
    "settings.must.players": "플레이어 최대 5명의 목록 (이름과, 원하면 색과 종류가 있는 "
    "`[[players]]` 테이블)",
    "settings.must.players.name": "따옴표 안의 이름",
    "settings.must.players.colour": "다음 중 하나: {colours}",
    "settings.must.players.kind": "다음 중 하나: {kinds}",
    "settings.file_header": "# 엘 그란데의 설정. 설정 화면(게임 중 o, 또는 타이틀 화면)이 "
    "씁니다.\n# 지금 적용되는 값은 `el-grande config`로 볼 수 있고, 키마다의 설명은 "
    "`docs/app.md`에 있습니다.",
    # --- play across screens: the wire (el_grande.net.server, client, net_cli)
    "wire.full": "지금은 테이블에 화면을 더 열 자리가 없습니다. 나중에 다시 해 보세요.",
    "wire.locked": "이 주소에서 틀린 코드가 너무 많이 왔습니다. 1분 뒤에 다시 해 보세요.",
    "wire.too_fast": "메시지가 너무 빨리 왔습니다. 이 연결을 닫습니다.",
    "wire.hello_late": "코드가 제때 오지 않았습니다. 이 연결을 닫습니다.",
    "wire.not_websocket": "엘 그란데 테이블입니다. `el-grande join` 또는 `el-grande watch`로 "
    "여세요.",
    "wire.codes_title": "참가 코드",
    "wire.codes_who": "자리",
    "wire.codes_code": "코드",
    "wire.codes_watchers": "관전자",
    "wire.codes_give": "각 플레이어에게 자기 자리의 코드만 주세요. 코드를 가진 사람이 그 자리를 "
    "둡니다.",
    "wire.cert_and_key": "`--cert`와 `--key`는 함께 줍니다.",
    "wire.bad_port": "`--port`는 0부터 65535까지입니다.",
    "wire.cannot_tls": "`TLS`를 준비할 수 없습니다: {reason}.",
    "wire.cannot_save": "게임을 자동 저장할 수 없어서 열지 않습니다: {reason}.",
    "wire.bad_here": "`--here` {seat}: 이 테이블의 사람 자리가 아닙니다 (자리마다 이름이나 "
    "번호 하나씩, 한 번만).",
    "wire.resume_with": "자동 저장됨: `el-grande host --resume` {game:으로/로} 같은 코드로 이 "
    "테이블을 다시 엽니다.",
    "wire.no_tls": "{address}에서 `TLS` 없이 듣습니다. 사이의 네트워크에 있는 누구나 코드와 게임을 "
    "읽을 수 있습니다 (`--cert`와 `--key`를 주세요).",
    "wire.cannot_listen": "{address}에서 들을 수 없습니다: {reason}.",
    "wire.listening": "테이블이 {url}에 열렸습니다 (`Ctrl-C`로 닫습니다).",
    "wire.host_over": "게임이 끝났습니다. 모든 화면이 떠나면 테이블을 닫습니다.",
    "wire.bad_address": "테이블 주소가 아닙니다: `HOST`, `HOST:PORT` 또는 `ws://` 주소.",
    "wire.ask_code": "코드: ",
    "serve.open": "브라우저에서 {url:을/를} 여세요. 탭마다 자리 코드(또는 관전 코드)를 묻습니다.",
    "serve.needs_extra": "`el-grande serve`에는 `textual-serve`가 필요합니다: "
    "`pip install 'el-grande[web]'`.",
    "serve.bad_port": "`--port`에는 1부터 65535까지의 숫자를 줍니다.",
    "serve.no_tls": "{address}에서 `TLS` 없이 제공합니다. 그 사이 네트워크의 누구나 코드와 "
    "게임을 읽을 수 있습니다. `TLS` 프록시 뒤에 두고(`README`) `--public-url https://…`를 "
    "주세요.",
    "wire.code_not_argument": "코드는 명령줄에 주지 않습니다 (이 컴퓨터의 다른 사람과 셸 기록에 "
    "보입니다). `EL_GRANDE_CODE`를 정하거나 물을 때 입력하세요.",
    "wire.cannot_connect": "{url}의 테이블에 들어갈 수 없습니다: {reason}.",
    "wire.no_code": "코드가 없습니다. `EL_GRANDE_CODE`를 정하거나 물을 때 입력하세요.",
    "config.file": "설정 파일: {path}",
    "config.missing": "(없음: 모든 값이 기본값입니다)",
    "config.unused": "(쓰지 않음: 모든 값이 기본값입니다)",
    "config.from.default": "기본값",
    "config.from.file": "파일",
    "config.unset": "정하지 않음",
    "config.off": "꺼짐",
    "config.on": "켜짐",
    "config.seconds": "{n}초",
    "config.player": "{name} ({colour}, {kind})",
    "config.none": "없음",
    "config.themes": "테마: {themes}",
    "config.flags": "명령줄 옵션(`--bot-delay`)을 주면 그 실행에서는 이 값보다 옵션이 우선합니다.",
    "cli.empty_name": "파일 이름이 비어 있습니다",
    "crash.line": "엘 그란데가 자체 오류로 멈췄습니다 (종료 상태 {code}). 무엇이 잘못됐는지는 "
    "{path}에 있습니다.",
    "crash.line_saved": "엘 그란데가 자체 오류로 멈췄습니다 (종료 상태 {code}). 무엇이 "
    "잘못됐는지는 {path}에 있습니다 (잃은 게임은 없습니다: 지금까지의 결정은 모두 자동 저장에 "
    "있습니다).",
    "crash.no_log": "엘 그란데가 자체 오류로 멈췄습니다 (종료 상태 {code}). 오류 기록을 쓰지 "
    "못했습니다 ({why}).",
    "crash.no_log_saved": "엘 그란데가 자체 오류로 멈췄습니다 (종료 상태 {code}). 오류 기록을 "
    "쓰지 못했지만 ({why}) 잃은 게임은 없습니다: 지금까지의 결정은 모두 자동 저장에 있습니다.",
    "app.needs_terminal": "엘 그란데는 터미널이 있어야 합니다: 표준 입력이 터미널이 아니어서 "
    "(키를 거기서 읽습니다) 아무것도 열지 않았습니다. 터미널 창에서 실행하세요.",
    "check.finished": "{path}: 규칙에 맞는 끝난 게임, 결정 {count}개.",
    "check.unfinished": "{path}: 규칙에 맞는 끝나지 않은 게임, 결정 {count}개.",
    "title.settings": "설정",
    "keys.settings": "설정",
    "set.title": "설정",
    "set.language": "언어",
    "set.language_unset": "정하지 않음 (시스템 언어)",
    "set.language_en": "영어 (English)",
    "set.language_ko": "한국어",
    "set.theme": "테마",
    "set.palette": "플레이어 색",
    "set.palette_standard": "기본",
    "set.palette_colour_blind": "색각 이상 안전 (오카베–이토)",
    "set.bot_delay": "컴퓨터 플레이어의 속도",
    "set.bot_delay_unit": "초 (결정 하나에, 0–{max}초)",
    "set.auto_advance": "정산 화면",
    "set.auto_off": "단계마다 Enter를 기다림",
    "set.strict": "차례 넘기기",
    "set.strict_off": "정산·가림막 뒤에만 글자 키로",
    "set.strict_on": "엄격: 플레이어가 바뀔 때마다 글자 키로",
    "set.warnings": "경고",
    "set.warnings_on": "실수일 듯한 선택 표시 (힌트를 쓰는 게임)",
    "set.warnings_off": "끄기",
    "set.auto_after": "{n}초 뒤 자동으로 넘어감",
    "set.players": "새 게임 화면이 처음에 보여 줄 플레이어",
    "set.player_n": "플레이어 {n}",
    "set.save": "저장",
    "set.cancel": "취소",
    "set.saved": "설정을 {path}에 저장했습니다.",
    "set.cannot": "설정을 {path}에 저장할 수 없습니다: {why}.",
    "set.err_bot_delay": "컴퓨터 플레이어의 속도는 0부터 {max}까지의 초여야 합니다.",
    "set.broken": "{problem} 여기서 저장하면 파일을 새로 씁니다.",
    "set.hint": "테마와 색은 바로, 언어는 다음 실행부터 바뀝니다 · Tab/↑↓ 이동 · Enter 목록 열기 "
    "· ctrl+s 저장 · Esc 취소",
    "set.preview": "플레이어 색: ",
    "new.options": "옵션",
    "new.hint": "Tab: 이름 → 옵션 순서로 이동 · 화살표: 표처럼 이동(← →는 같은 줄 안에서) · Enter "
    "또는 Space: 목록 열기 · ctrl+s: 시작",
    # --- bots --------------------------------------------------------------------------------
    "bots.random.label": "쉬움",
    "bots.random.about": "합법적인 수 중 아무것이나 무작위로 둡니다.",
    "bots.random.seat": "컴퓨터: 쉬움",
    "bots.greedy.label": "보통",
    "bots.greedy.about": "지금 당장 가장 많이 얻는 수를 둡니다. 빠릅니다.",
    "bots.greedy.seat": "컴퓨터: 보통",
    "bots.strong.label": "어려움",
    "bots.strong.about": "선택지마다 라운드 끝까지 두어 봅니다. 최대 2초 생각합니다.",
    "bots.strong.seat": "컴퓨터: 어려움",
    "bots.hint.forced": "고를 수 있는 수가 이것뿐입니다.",
    "bots.hint.outlook": "라운드가 끝날 때의 전망이 가장 좋습니다.",
    "bots.why.place_rank": "라운드가 끝날 때 {place}에서 {rank}입니다. ‘{other}’ 쪽은 "
    "{other_rank}입니다 (정산하면 {count}점 대 {other_count}점).",
    "bots.why.place": "라운드가 끝날 때 {place}에서 정산하면 나는 {count}점, ‘{other}’ 쪽은 "
    "{other_count}점입니다.",
    "bots.why.rival": "라운드가 끝날 때 {place}에서 정산하면 {seat}에게 {count}점, ‘{other}’ "
    "쪽은 {other_count}점입니다.",
    "bots.why.scored": "라운드가 끝날 때까지 {count}점을 얻습니다. ‘{other}’ 쪽은 "
    "{other_count}점입니다.",
    "bots.why.rival_scored": "라운드가 끝날 때까지 {seat:이/가} {count}점을 얻습니다. "
    "‘{other}’ 쪽은 {other_count}점입니다.",
    "bots.why.court": "라운드가 끝날 때 내 궁정의 카바예로: {count}개. ‘{other}’ 쪽은 "
    "{other_count}개입니다.",
    "bots.why.caballeros": "라운드가 끝날 때 {place}에 내 카바예로 {count}개. ‘{other}’ 쪽은 "
    "{other_count}개입니다.",
    "bots.why.rival_caballeros": "라운드가 끝날 때 {place}에 {seat}의 카바예로 {count}개. "
    "‘{other}’ 쪽은 {other_count}개입니다.",
    "bots.why.king": "라운드가 끝날 때 왕은 {place}에 있습니다. ‘{other}’ 쪽은 "
    "{other_place}입니다.",
    "bots.why.same": "라운드가 끝날 때 모든 곳의 카바예로와 점수가 ‘{other}’ 쪽과 같습니다.",
    "bots.why.power_before": "카드 {card}: 이번 라운드에 {seats}보다 먼저 둡니다. 카드 "
    "{other_card}: 그보다 나중입니다.",
    "bots.why.power_after": "카드 {card}: 이번 라운드에 {seats}보다 나중에 둡니다. 카드 "
    "{other_card}: 그보다 먼저입니다.",
    "bots.why.power_order": "카드 {card:이든/든} 카드 {other_card:이든/든} 이번 라운드의 차례 "
    "순서는 같습니다.",
    "bots.why.power_court": "궁정으로 카바예로 {count}개 (다른 쪽은 {other_count}개).",
    "bots.why.power_court_same": "어느 쪽이든 궁정으로 카바예로 {count}개.",
    "bots.why.power_keeps": "카드 {card:은/는} 이후 라운드를 위해 남깁니다 (궁정으로 "
    "{brings}개, 남은 라운드 {count}).",
    "bots.why.power_keeps_hand": "카드 {card:은/는} 이후 라운드를 위해 남깁니다 (궁정으로 "
    "{brings}개, 남은 라운드 {count}). 남는 손패: {cards}.",
    # --- 실물 보드 게임의 정산표 ---------------------------------------------------------------
    "title.sheet": "정산표 (실물 보드로 하는 게임)",
    "sheet.title": "실물 보드로 하는 게임의 정산표",
    "sheet.scoring_1": "첫 번째 정산",
    "sheet.scoring_2": "두 번째 정산",
    "sheet.scoring_3": "세 번째 정산",
    "sheet.after_round": "{round}라운드 후",
    "sheet.total": "합계",
    "sheet.note": "카스티요는 정산할 때의 개수를, 지역은 카스티요의 카바예로가 디스크의 지역으로 "
    "옮겨 간 뒤의 개수를 셉니다.",
    "sheet.reduced_2": "2인 게임: 1위만 점수를 얻습니다.",
    "sheet.reduced_3": "3인 게임: 1위와 2위만 점수를 얻습니다.",
    "sheet.hint": "0–9: 개수, 그리고 다음 플레이어로 (10–30: 숫자 두 개) · + −: 하나 더하기·빼기 · "
    "백스페이스: 뒤로 가서 지우기 · Enter: 다음 곳 · 화살표, Tab: 이동",
    "sheet.kept": "키를 누를 때마다 {path}에 저장됩니다.",
    "sheet.kept_aside": "쓸 수 없던 파일은 {aside:으로/로} 남겨 두었습니다.",
    "sheet.no_king": "왕은 어디에 있나요? 왕의 지역 줄에서 k.",
    "sheet.no_home": "{names}의 그란데가 아직 없습니다: 본거지 줄, 그 플레이어 칸에서 g.",
    "sheet.king_here": "왕이 {region}에 있습니다.",
    "sheet.home_here": "{name}의 그란데가 {region}에 있습니다. {region:이/가} {name}의 "
    "본거지입니다.",
    "sheet.board_here": "{board} 이동식 점수판이 {place}에 있습니다.",
    "sheet.board_none": "{place}에 이동식 점수판이 없습니다.",
    "sheet.copied": "왕, 그란데, 이동식 점수판은 지난 정산 때와 같습니다. 움직인 것만 고치세요.",
    "sheet.clear_confirm": "새 게임을 하려면 c를 한 번 더 누르세요. 세 정산이 모두 지워집니다 "
    "(이름은 남습니다).",
    "sheet.cleared": "세 정산을 지웠습니다. 새 게임입니다.",
    "sheet.err_count": "개수는 0부터 {n}까지의 정수입니다.",
    "sheet.err_total": "{name}의 카바예로가 보드에 {count}개가 됩니다. 한 플레이어가 쓰는 "
    "카바예로는 {n}개입니다.",
    "sheet.err_king_castillo": "왕은 카스티요가 아니라 지역에 섭니다.",
    "sheet.err_home_castillo": "그란데는 카스티요가 아니라 지역에 섭니다.",
    "sheet.err_board": "이동식 점수판은 두 개입니다: {boards}.",
    "sheet.err_place": "{place:이라는/라는} 곳은 없습니다.",
    "sheet.err_two_boards": "{place}에는 이미 {board} 점수판이 있습니다. 한 곳에는 하나만 "
    "놓입니다.",
    "sheet.err_players": "정산표에는 플레이어가 {low}–{high}명 필요합니다.",
    "sheet.err_players_fixed": "이 정산표에는 플레이어 {n}명의 개수가 적혀 있습니다. 인원을 "
    "바꾸려면 먼저 지우세요 (c).",
    "sheet.err_scoring": "한 게임의 일반 정산은 {n}번입니다.",
    "sheet.save_problem": "정산표를 {path}에 저장할 수 없습니다: {why}. 입력한 것은 화면에 "
    "남고, 키를 누를 때마다 다시 저장을 시도합니다.",
    "sheet.file_problem": "{path}의 정산표를 쓸 수 없습니다: {why}. 정산표는 빈 채로 "
    "시작하고, 그 파일은 새 정산표를 처음 저장할 때 {aside:으로/로} 남겨 둡니다.",
    # --- the data folder's own files (issue 26: saves, locks, trash, sheet) ---
    "kind.link": "심볼릭 링크",
    "kind.directory": "폴더",
    "kind.file": "일반 파일",
    "kind.fifo": "이름 있는 파이프",
    "kind.device": "장치",
    "kind.socket": "소켓",
    "kind.other": "일반 파일이 아닌 것",
    "save.dir_not_own": "{path:은/는} 엘 그란데의 저장 폴더가 아닙니다({kind}): 그 안의 게임을 "
    "목록에 올리지도, 그 안에 쓰지도 않습니다(폴더로 만들어 주세요)",
    "save.own_link": "{path:은/는} 심볼릭 링크입니다: 엘 그란데는 저장 폴더에 자기 파일만 두고 "
    "그 안의 링크는 따라가지 않습니다(`el-grande load`로 링크가 가리키는 파일을 열 수 있습니다).",
    "lock.not_own": "엘 그란데가 만든 잠금 파일이 아닌 것({kind})이 있습니다",
    "manage.not_own": "{path:은/는} 이제 엘 그란데의 저장 파일이 아닙니다({kind}): 그대로 둡니다.",
    "manage.trash_not_own": "{path:은/는} 엘 그란데의 휴지통 폴더가 아닙니다({kind}): 아무것도 "
    "옮기지 않습니다(그것을 치운 뒤 다시 삭제하세요).",
    "sheet.file_link": "심볼릭 링크이며, 엘 그란데는 데이터 폴더 안의 링크를 따라가지 않습니다",
    "sheet.file_number": "파일에 {n}자리가 넘는 수가 있습니다",
    "sheet.file_set_aside": "{path}의 정산표를 쓸 수 없습니다: {why}; 그 파일은 "
    "{aside:으로/로} 남겨 두었고 정산표는 빈 채로 시작합니다.",
    "sheet.file_unreadable": "파일을 읽을 수 없습니다 ({why})",
    "sheet.file_not_file": "일반 파일이 아닙니다",
    "sheet.file_too_big": "파일이 {kib} KiB보다 큽니다",
    "sheet.file_not_utf8": "파일이 UTF-8 텍스트가 아닙니다",
    "sheet.file_json": "파일이 올바른 JSON이 아닙니다 ({line}행 {column}열)",
    "sheet.file_json_deep": "파일의 JSON이 너무 깊이 중첩되어 있습니다",
    "sheet.file_format": "엘 그란데의 정산표가 아닙니다",
    "sheet.file_newer": "더 새로운 엘 그란데가 쓴 파일입니다 (정산표 형식 {found}, 이 버전은 "
    "형식 {known}까지 읽습니다)",
    "sheet.file_unknown": "{key}: 정산표에 없는 항목입니다",
    "sheet.file_must": "{where}: {must}여야 합니다 ({found})",
    "sheet.file_at": "{where}: {why}",
    "sheet.must_version": "1 이상의 정수",
    "sheet.must_players": "이름 {low}–{high}개의 목록",
    "sheet.must_scorings": "정산 {n}개의 목록",
    "sheet.must_current": "0부터 {last}까지의 정수",
    "sheet.must_object": "객체",
    "sheet.must_counts": "정수 {n}개의 목록",
    "sheet.must_region": "아홉 지역의 아이디 중 하나 또는 `null`",
    "sheet.must_place": "지역이나 카스티요의 아이디, 또는 `null`",
    "sheet.must_homes": "지역 아이디(또는 `null`) {n}개의 목록",
    "sheet.names_title": "정산표: 플레이어",
    "sheet.names_note": "이름 2–5개, 정산표의 열 순서대로 적습니다 (색 이름도 됩니다: 노랑, "
    "빨강…).",
    "sheet.names_ok": "정산표로",
    "sheet.key_king": "왕",
    "sheet.key_grande": "그란데",
    "sheet.key_board": "점수판",
    "sheet.key_prev": "이전 정산",
    "sheet.key_next": "다음 정산",
    "sheet.key_names": "이름",
    "sheet.key_clear": "새 게임",
    # --- review ------------------------------------------------------------------------------
    "review.title": "{name}의 게임 복기",
    "review.setup": "엘 그란데, {players}인, {rounds}라운드, 카스티요 {castillo}. "
    "최종 점수: {scores}.",
    "review.how": "어려움 컴퓨터가 {name}의 선택지가 있던 결정 {count}개를 그 순간 {name}의 "
    "시점에서 (그때 {name:이/가} 알 수 없던 것은 빼고) 판단했습니다. 선택지마다 다음 "
    "라운드가 시작될 때까지 두어 보았습니다: 플레이아웃 {playouts}번, 결정마다 모르는 것을 "
    "최대 {draws}번 뽑음 (복기 시드 {seed}).",
    "review.stopped": "(복기가 끝나기 전에 멈췄습니다: 빠진 결정이 있습니다.)",
    "review.nothing": "{name}에게는 선택지가 둘 이상인 결정이 없었습니다.",
    "review.summary": "요약",
    "review.total": "모두 합쳐 {name}의 결정은 어려움 컴퓨터가 찾은 최선의 선택보다 {cost} "
    "손해였습니다.",
    "review.behind": "{name:은/는} {leader}보다 {points}점 뒤진 채 끝냈습니다.",
    "review.ahead": "{name:이/가} {second}보다 {points}점 앞서 이겼습니다.",
    "review.shared": "{name:은/는} 공동 우승했습니다.",
    "review.cost_means": "결정의 손해란 최선의 선택이 가져올 예상 최종 점수 차(내 점수에서 "
    "다른 플레이어 중 최고 점수를 뺀 것)가 내 선택의 것보다 몇 점 나은지를 반올림한 것입니다. "
    "같은 차례의 뒤 단계에서도 남아 있던 기회는 놓친 곳에서 한 번만 셉니다.",
    "review.mistakes": "가장 큰 실수 다섯",
    "review.no_mistakes": "1점 이상 손해를 본 결정은 없습니다.",
    "review.mistake": "{round}라운드 ({what}): {choice:‘’을/를} 골랐습니다. {best:‘’이/가} "
    "{cost} 더 나았습니다. {why}",
    "review.rounds": "라운드별",
    "review.col_round": "라운드",
    "review.col_decisions": "결정",
    "review.col_cost": "손해",
    "review.col_biggest": "가장 손해 본 결정",
    "review.col_outlook": "라운드 끝의 예상 점수 차",
    "review.biggest": "{choice} ({cost})",
    "review.none": "없음",
    "review.about": "약 {n}",
    "review.about_points": "약 {count}점",
    "review.chart": "결정마다의 예상 점수 차와 예상 점수",
    "review.chart_note": "각 선택 직후 {name:이/가} 짐작할 수 있던 대로: 예상 최종 점수 차"
    "(내 점수에서 다른 플레이어 중 최고 점수를 뺀 것), 그다음 예상 최종 점수. 한 열이 결정 "
    "하나입니다.",
    "review.margin_scale": "점수 차는 {name}의 예상 최종 점수에서 다른 플레이어 중 최고 점수를 "
    "뺀 것으로, 0은 그 플레이어와 같음, 0 아래는 뒤짐, 0 위는 앞섬을 뜻하며, 상대가 여럿이면 "
    "그중 최고가 어느 한 사람보다 앞서기 쉬우므로 0 아래에서 시작하는 일이 흔합니다.",
    "review.axis_margin": "점수 차",
    "review.axis_score": "점수",
    "review.axis_rounds": "각 결정을 내린 라운드 (라운드가 시작되는 자리에 그 끝자리 숫자)",
    "review.decisions": "모든 결정",
    "review.col_n": "#",
    "review.col_decision": "결정",
    "review.col_choice": "고른 것",
    "review.col_best": "최선",
    "review.col_score": "예상 점수",
    "review.col_margin": "예상 점수 차",
    "review.same": "같음",
    "review.progress": "복기 중",
    "review.err_unfinished": "끝나지 않은 게임입니다: 복기는 끝난 게임만 할 수 있습니다.",
    "review.err_no_such": "{name:이라는/라는} 플레이어가 없습니다 (플레이어: {names}).",
    "review.err_no_person": "이 게임에는 사람이 없습니다: `--all`은 컴퓨터 플레이어를, "
    "`--seat 이름`은 그중 한 명을 복기합니다.",
    "review.err_over_save": "저장 파일 {path} 위에 복기를 쓰지 않습니다.",
    "review.err_not_file": "{path}에 복기를 쓰지 않습니다: 일반 파일이 아닙니다 (`-o`를 빼면 "
    "복기를 화면에 출력합니다).",
    "review.err_write": "{path}에 쓸 수 없습니다: {why}.",
    # Issue 26, item 7: every flag's bound, and a review stopped by Ctrl-C or SIGTERM.
    "review.err_draws": "`--draws`는 1에서 {most} 사이여야 합니다.",
    "review.err_jobs": "`--jobs`는 1에서 {most} 사이여야 합니다 (코어 하나에 넷씩: 이 컴퓨터의 "
    "코어는 {cores}개).",
    "review.err_seed": "`--seed`는 0에서 {most} 사이여야 합니다.",
    "review.partial": "복기가 결정 {total}개 중 {done}개에서 멈췄습니다; 한 데까지는 "
    "출력했고, 일부라고 적혀 있습니다.",
    "review.partial_file": "복기가 결정 {total}개 중 {done}개에서 멈췄습니다; 한 데까지는 "
    "{path}에 있고, 일부라고 적혀 있습니다.",
    "review.interrupted": "복기를 바로 멈췄습니다; 아무것도 쓰지 않았습니다.",
    "review.app_choose": "복기: 누구의 결정을 볼까요?",
    "review.app_choose_note": "어려움 컴퓨터가 선택지가 둘 이상이던 결정을 하나하나, 그때 그 "
    "플레이어가 알던 것만으로 다시 봅니다. Enter: 복기 · a: 컴퓨터 플레이어도 · Esc: 뒤로",
    "review.app_choose_note_all": "어려움 컴퓨터가 선택지가 둘 이상이던 결정을 하나하나, 그때 그 "
    "플레이어가 알던 것만으로 다시 봅니다. Enter: 복기 · a: 사람만 · Esc: 뒤로",
    "review.app_choose_note_one": "어려움 컴퓨터가 선택지가 둘 이상이던 결정을 하나하나, 그때 그 "
    "플레이어가 알던 것만으로 다시 봅니다. Enter: 복기 · Esc: 뒤로",
    "review.app_computer": "{name} (컴퓨터 플레이어)",
    "review.app_running": "{name}의 결정을 복기하는 중…",
    "review.app_running_note": "시간이 좀 걸립니다. Esc: 멈추기 (끝난 만큼 보여 줍니다)",
    "review.app_stopping": "멈추는 중…",
    "review.app_stopped_empty": "{name}의 복기가 첫 결정 전에 멈췄습니다.",
    "review.app_failed": "복기하지 못했습니다: {why}",
    "review.app_decision": "결정 {of}개 중 {n}번째, {round}라운드",
    "review.app_chose": "고른 것: {choice}",
    "review.app_was_best": "어려움 컴퓨터가 보기에 가장 좋은 선택입니다.",
    "review.app_best": "가장 좋은 것: {best}, {cost} 더 좋음",
    "review.app_as_good": "가장 좋은 것: {best}, 거의 같음",
    "review.app_outlook": "그 뒤의 기대: {score}점, 점수 차 {margin}",
    "review.app_mistake": "{k}. {round}라운드: {choice} → {best} ({cost})",
    "review.app_round": "{round}라운드: 결정 {count}개, 비용 {cost}; 가장 큰 것 {biggest}; "
    "점수 차 {margin}",
    "review.app_where": "{name}의 복기",
    "review.app_own_view": "{name:이/가} 본 판 (r: 모두 공개)",
    "review.app_revealed": "모두 공개 (r: {name:이/가} 본 판)",
    "review.key_mistake": "다음 큰 실수",
    "review.key_mistake_back": "이전 큰 실수",
    "review.key_reveal": "공개 / 본 판",
    "review.key_seat": "다른 플레이어",
    "review.key_all": "컴퓨터 플레이어",
    "over.key_review": "게임 복기",
    # --- learn: 안내 게임과 팁 (el_grande/flow/lessons.py, app/widgets/coach.py)
    "title.learn": "배우며 하기 (안내 받는 첫 게임)",
    "learn.you": "플레이어",
    "learn.bot1": "카르멘",
    "learn.bot2": "디에고",
    "learn.coach_title": "코치",
    "learn.coach_wait": "코치가 규칙이 처음 중요해질 때마다 설명합니다. 마음대로 두세요: 모든 "
    "선택은 당신의 것입니다.",
    "learn.coach_keys": "{title} — i: 숨기기 · h: 어려움 컴퓨터의 선택과 이유",
    "learn.coach_keys_tip": "i 또는 Esc: 닫기",
    "set.tips": "팁",
    "set.tips_auto": "이 컴퓨터에서 끝낸 첫 게임 세 판 동안",
    "set.tips_on": "항상: 카드나 규칙을 처음 만날 때",
    "set.tips_off": "끄기",
    "settings.must.tips": '`"auto"`, `"on"` 또는 `"off"`',
    "learn.tip": "팁 — {title}: {text}",
    "learn.tip_card": "팁 — {card}: {text}",
    "learn.key_coach": "코치",
    "learn.summary_title": "배운 것",
    "learn.summary_met": "만난 규칙 ({n}개):",
    "learn.summary_missed": "이 게임에서 나오지 않은 규칙 ({n}개):",
    "learn.summary_none": "없음",
    "learn.summary_line": "{title} — 도움말: {page}",
    "learn.summary_close": "Enter 또는 Esc: 닫기",
    # Reading back the lessons met (`[` and `]`, el_grande/app/widgets/coach.py).
    "learn.coach_page": "규칙 {n}/{of}: {title}",
    "learn.coach_keys_pages": "{title} — [ ]: 지난 규칙 · i: 숨기기 · h: 어려움 컴퓨터의 "
    "선택과 이유",
    "lesson.power.title": "파워 카드와 차례",
    "lesson.power.1": "라운드마다 모두 이번 라운드에 아무도 내지 않은 숫자의 파워 카드 한 "
    "장을 냅니다. 낸 카드는 돌아오지 않습니다 (액션 카드 '파워 카드 회수'만 한 장을 "
    "돌려줍니다).",
    "lesson.power.2": "가장 높은 카드를 낸 사람부터 차례가 옵니다.",
    "lesson.power.3": "가장 낮은 카드를 낸 사람이 다음 라운드에 먼저 고릅니다: 지금의 낮은 "
    "카드가 나중의 첫 선택을 삽니다.",
    "lesson.court.title": "궁정과 속령",
    "lesson.court.1": "카바예로는 속령에서 기다리고, 궁정에 있는 카바예로만 보드에 올릴 수 "
    "있습니다.",
    "lesson.court.2": "차례마다 속령의 카바예로를 파워 카드가 허락하는 수만큼까지 궁정으로 "
    "데려옵니다: 7번 카드는 3개, 1번 카드는 6개입니다 (파워 카드를 고를 때 보입니다).",
    "lesson.action_card.title": "액션 카드 가져오기",
    "lesson.action_card.1": "앞면이 보이는 액션 카드 중 한 장을 꼭 가져와야 합니다. 카드의 "
    "숫자만큼 카바예로를 배치할 수 있습니다.",
    "lesson.action_card.2": "카드마다 특수 행동도 있습니다. 아무도 가져가지 않은 카드는 "
    "라운드가 끝나면 사라집니다.",
    "lesson.turn.title": "배치와 특수 행동",
    "lesson.turn.1": "카바예로 배치와 카드의 특수 행동은 원하는 순서로 하되, 하나를 끝내고 "
    "다른 것을 합니다.",
    "lesson.turn.2": "특수 행동은 건너뛸 수 있습니다.",
    "lesson.king.title": "왕의 이웃에 배치하기",
    "lesson.king.1": "카바예로는 왕이 있는 지역의 이웃 지역이나 카스티요에만 배치할 수 있습니다.",
    "lesson.king.2": "왕이 있는 지역은 닫혀 있습니다: 아무것도 들어가거나 나오지 못하지만, "
    "정산은 됩니다.",
    "lesson.king.3": "지도에 배치할 수 있는 지역이 표시됩니다.",
    "lesson.castillo.title": "카스티요",
    "lesson.castillo.1": "카스티요는 지역이 아닙니다: 일반 정산 때마다 가장 먼저 정산됩니다.",
    "lesson.castillo.2": "그다음 그 안의 카바예로는 주인이 몰래 고른 지역으로 나가므로, 마지막 "
    "순간에 지역의 순위가 뒤집힐 수 있습니다.",
    "lesson.veto.title": "베토",
    "lesson.veto.1": "베토 카드를 가져와 특수 행동을 하면 베토 하나를 앞에 둡니다.",
    "lesson.veto.2": "다른 플레이어가 특수 행동을 선언하면 베토할 수 있습니다: 그 행동은 "
    "취소되지만, 그 사람의 배치는 취소되지 않습니다.",
    "lesson.veto.3": "베토는 이번 라운드나 다음 라운드에 한 번 쓸 수 있고, 쓰지 않으면 그 "
    "뒤에 사라집니다.",
    "lesson.card_king.title": "왕 옮기기",
    "lesson.card_king.1": "왕 카드(언제나 있음)는 왕을 어디로든 옮기고, 왕의 조언자는 이웃 "
    "지역으로 옮깁니다.",
    "lesson.card_king.2": "왕이 가는 곳이 다음에 모두가 배치할 수 있는 곳을 정하고, 새 지역의 "
    "카바예로를 묶어 둡니다.",
    "lesson.card_move.title": "인트리그 카드",
    "lesson.card_move.1": "인트리그 카드는 지역에 있는 카바예로를 (누구의 것을 몇 개인지는 "
    "카드마다 다릅니다) 다른 지역이나 카스티요로 옮깁니다.",
    "lesson.card_move.2": "옮길 때는 왕의 이웃을 따지지 않지만 왕이 있는 지역은 건드리지 "
    "못하고, 카스티요에서는 아무것도 꺼낼 수 없습니다.",
    "lesson.card_score.title": "점수 카드",
    "lesson.card_score.1": "점수 카드는 일반 정산 사이에 몇몇 곳을 바로 정산합니다. "
    "순위와 보너스는 평소와 같습니다.",
    "lesson.card_score.2": "지금 받은 점수는 그대로 남습니다: 같은 곳에서 지금 한 번, 다음 "
    "일반 정산에서 또 한 번 받을 수 있습니다.",
    "lesson.card_return.title": "카바예로 돌려보내기",
    "lesson.card_return.1": "어떤 카드는 다른 플레이어의 카바예로를 궁정이나 지역에서 "
    "속령으로 돌려보냅니다 (왕이 있는 지역과 카스티요에서는 빼지 않습니다).",
    "lesson.card_return.2": "속령의 카바예로는 다시 궁정으로 데려와야 배치할 수 있습니다.",
    "lesson.card_disk.title": "몰래 고르기",
    "lesson.card_disk.1": "어떤 카드는 플레이어들이 디스크로 지역을 몰래 고르게 합니다.",
    "lesson.card_disk.2": "누가 고르는지는 카드마다 다릅니다: 대부분은 해당되는 다른 "
    "플레이어만, 한 장은 나를 포함한 모두가 고릅니다. 모두 고를 때까지 아무도 다른 사람의 "
    "선택을 볼 수 없고, 한꺼번에 공개됩니다.",
    "lesson.card_scoreboard.title": "이동식 점수판",
    "lesson.card_scoreboard.1": "이동식 점수판이 놓인 곳은 그 값(8/4/0 또는 4/0/0)으로 계산됩니다.",
    "lesson.card_scoreboard.2": "작은 지역을 큰 지역으로, 큰 지역을 작은 지역으로 만들 수 "
    "있습니다.",
    "lesson.card_grande.title": "그란데와 본거지",
    "lesson.card_grande.1": "그란데가 있는 곳이 본거지입니다: 거기서 카바예로가 혼자 가장 "
    "많으면 2점을 더 받습니다 (1등이 동점이면 보너스가 없습니다).",
    "lesson.card_grande.2": "그란데 카드는 그란데를, 그리고 본거지를 함께 옮깁니다 (왕이 "
    "있는 지역으로 들어가거나 나올 수는 없습니다).",
    "lesson.card_hand.title": "파워 카드와 궁정 카드",
    "lesson.card_hand.1": "이 카드들은 낸 파워 카드 한 장을 손으로 돌려주거나, 속령의 "
    "카바예로를 2개까지 궁정으로 데려옵니다.",
    "lesson.disk.title": "비밀 디스크",
    "lesson.disk.1": "일반 정산 때 카스티요에 카바예로가 있는 플레이어는 디스크로 지역 "
    "하나를 몰래 고릅니다.",
    "lesson.disk.2": "카스티요를 정산한 뒤, 각 플레이어의 카스티요 카바예로는 모두 디스크에 "
    "고른 지역으로 나갑니다.",
    "lesson.disk.3": "왕이 있는 지역을 고르면 대신 궁정으로 돌아갑니다.",
    "lesson.general.title": "일반 정산",
    "lesson.general.1": "3, 6, 9라운드가 끝나면 모든 곳을 정산합니다. 카스티요가 먼저, 그다음 "
    "아홉 지역을 차례로 정산합니다.",
    "lesson.general.2": "카바예로가 가장 많으면 지역의 첫째 값, 둘째로 많으면 둘째 값을 받고, "
    "세 명일 때는 3등이 없습니다.",
    "lesson.general.3": "그란데는 세지 않고, 거기에 카바예로가 없는 플레이어는 점수가 없습니다.",
    "lesson.tie.title": "동점",
    "lesson.tie.1": "동점인 플레이어는 모두 한 단계 낮은 값을 받습니다: 1등 동점 두 명은 둘 다 "
    "둘째 값을 받습니다.",
    "lesson.tie.2": "동점은 그 아래 순위도 한 칸씩 밀어냅니다.",
    "lesson.king_bonus.title": "왕 보너스",
    "lesson.king_bonus.1": "왕이 있는 지역에서 카바예로가 혼자 가장 많은 사람은 2점을 더 받습니다.",
    "lesson.king_bonus.2": "거기서 1등이 동점이면 보너스가 없습니다.",
    "lesson.home_bonus.title": "본거지 보너스",
    "lesson.home_bonus.1": "내 본거지(그란데가 있는 지역)에서 카바예로가 혼자 가장 많으면 2점을 "
    "더 받습니다.",
    "lesson.home_bonus.2": "왕 보너스와 함께 받을 수 있습니다: 한 지역에서 둘 다면 4점입니다.",
    # --- since: what changed since a player's turn (el_grande/flow/changes.py) ---------------
    "since.head": "지난 차례 이후: {what}",
    "since.king": "왕이 {to:으로/로} 이동",
    "since.grande": "{name}의 그란데가 {to:으로/로} 이동",
    "since.board": "점수판 {board:이/가} {to:으로/로}",
    "since.board_off": "점수판 {board:이/가} 판 밖으로",
    "since.scored": "{name:이/가} {n}점 득점",
    "since.lost": "{name:이/가} {n}점 잃음",
    "since.caballeros": "{name} {place} {n}",
    "since.more": "그 밖에 {n}개는 판에 표시",
    # since, issue 33 item 7: 베토, 그리고 그 결정을 하는 플레이어 자신은 "나"로
    "since.veto": "{name:이/가} 베토 {n}장을 가져감",
    "since.veto_you": "내가 베토 {n}장을 가져감",
    "since.vetoed": "{name:이/가} {whose} ‘{card}’ 특수 행동을 베토로 막음",
    "since.vetoed_you": "내가 {whose} ‘{card}’ 특수 행동을 베토로 막음",
    "since.whose": "{name}의",
    "since.yours": "내",
    "since.grande_you": "내 그란데가 {to:으로/로} 이동",
    "since.scored_you": "내가 {n}점 득점",
    "since.lost_you": "내가 {n}점 잃음",
    "since.caballeros_you": "내 카바예로 {place} {n}",
    "since.more_only": "변화 {n}개, 판에 표시",
    "board.since_legend": "다른 플레이어들이 둔 뒤 내 결정 때, 지난 결정 이후 바뀐 것: ▲ 들어옴, "
    "▼ 나감 · A3▲2: A가 여기 3개, 2개 더 · ♔▲ 왕이 옴 (왕이 있는 곳에만) · ⌂A▲ A의 그란데가 옴 · "
    "▣8/4/0▲ 점수판이 옴 · 12▲ 점수가 오름, 5▼ 궁정이 줄어듦 (요약은 상태 줄에; o: 설정에서 끌 수 "
    "있음)",
    "set.since": "지난 차례 이후",
    "set.since_on": "다른 플레이어가 바꾼 것 표시",
    "set.since_off": "끄기",
    # --- confirm: confirm my turn (el_grande/flow/confirm.py, app/widgets/confirm.py) --------
    "keys.end_turn": "확정",
    "confirm.title_turn": "{name}, 차례를 끝낼까요?",
    "confirm.title_other": "{name}, 이대로 할까요? 다음은 다른 플레이어가 정합니다.",
    "confirm.title_reveal": "{name}, 이대로 할까요? 아무도 몰랐던 것이 드러납니다.",
    "confirm.held": "보류한 선택: {choice}",
    "confirm.held_choice": "{choice} ({what})",
    "confirm.nothing_yet": "확정하기 전에는 아무것도 진행되지 않습니다.",
    "confirm.keys_turn": "T 차례 끝내기 · U 되돌리기",
    "confirm.keys_play": "T 이대로 하기 · U 되돌리기",
    "confirm.enter_wait": "키보드를 잠시 쉬면 Enter로도 됩니다.",
    "confirm.enter_ready": "Enter로도 됩니다.",
    "confirm.enter_early": "여기서는 잠시 조용한 뒤에만 Enter가 통합니다: 지금 확정하려면 T를 "
    "누르세요.",
    "confirm.wrong_key": "확정을 기다립니다: T로 하고, U로 되돌립니다.",
    "config.confirm_auto": "자동 (두 사람 이상이 할 때 켜짐)",
    "set.confirm": "차례 확인",
    "set.confirm_auto": "자동: 두 사람 이상이면 켜짐",
    "set.confirm_on": "켜기: 차례마다 T를 기다림",
    "set.confirm_off": "끄기: 마지막 선택으로 차례가 끝남",
    "settings.must.confirm_turn": '`"auto"`, `true` 또는 `false`',
    # --- seats: seats change hands (flow/seats.py, el_grande/hands.py, screens/seat_menu.py) ---
    "keys.seats": "자리",
    "seats.title": "자리마다 누가 두는지",
    "seats.note": "↑↓ 자리 · Enter: 이 자리를 누가 둘지 고르기 · Esc: 닫기. 지금 결정부터 "
    "적용되며, 게임은 같은 게임입니다.",
    "seats.kinds_note": "이제부터 {name}의 자리는 누가 둡니까? ↑↓ · Enter · Esc: 자리 목록으로.",
    "seats.row": "{name}: {who}",
    "seats.person": "사람",
    "seats.over": "게임이 끝났습니다. 자리는 그대로입니다.",
    "seats.not_secret": "비밀 선택이 남아 있는 동안에는 자리를 바꿀 수 없습니다.",
    "seats.not_display": "정산 화면이 끝난 뒤에 자리를 바꿀 수 있습니다.",
    "seats.not_held": "이 차례를 끝내거나(T) 되돌린(U) 뒤에 자리를 바꿀 수 있습니다.",
    "seats.not_now": "자리는 플레이어가 결정할 차례에, 키보드를 넘겨받은 뒤에 바꿀 수 있습니다.",
    "seats.unknown": "그런 자리나 플레이어는 없습니다.",
    "seats.to_bot": "이제부터 {level} 컴퓨터가 {name}의 자리를 둡니다.",
    "seats.to_person": "{name:이/가} 다시 자기 자리를 둡니다.",
    "seats.counted": "이 게임은 힌트를 쓰지 않으므로, 어려움 컴퓨터에게 자리를 넘기면 "
    "{name}의 힌트 1번으로 셉니다.",
    "hands.bot": "{level} 컴퓨터",
    "hands.line": "{name}: {spells}.",
    "hands.span": "결정 {first}–{last}번은 {who}",
    "hands.one": "결정 {n}번은 {who}",
    "hands.from": "결정 {first}번부터는 {who}",
    "hands.head": "자리를 넘긴 플레이어:",
    "over.hard_counted": "이 게임은 힌트를 쓰지 않았습니다. 어려움 컴퓨터에게 자리를 넘긴 것을 "
    "힌트로 셉니다: {counts}",
    "cli.no_such_player": "{flag}: {name:이라는/라는} 플레이어가 없습니다 (플레이어: {names})",
    "cli.twice": "{flag}: {name:이/가} 두 번 나옵니다",
    "cli.seat_bad": "{flag:은/는} 다음 옵션과 함께 쓸 수 없습니다: {others}",
    # --- hand-overs, round three (flow/handover.py: keys while a computer player decides; the help)
    "handover.banner_why_strict": "엄격한 차례 넘기기: 플레이어가 바뀔 때마다 다음 플레이어가 직접 "
    "넘겨받습니다: 미리 눌린 키는 세지 않으며, 글자는 {seconds}초 동안 아무 키도 클릭도 없어야 "
    "통합니다.",
    "handover.watch": "컴퓨터 {name:이/가} 고르는 중: 무언가를 바꾸는 키는 잠시 조용해진 뒤에 "
    "통합니다.",
    "help.handovers_title": "차례 넘기기",
    "help.handovers": (
        "기본: 플레이어가 바뀌면 잠시 조용해진 뒤(1.2초 동안 아무 키도 누르지 않은 뒤)부터 키가 "
        "통하고, 정산이나 가림막 뒤와 비밀 선택 앞에서는 키보드가 조용해진 뒤(2.4초) 다음 "
        "플레이어가 자기 글자를 누릅니다. 차례를 확인해 끝냈다면 다음 플레이어는 그 글자를 누르지 "
        "않아도 됩니다(비밀 선택은 여전히 가림막 뒤에서 기다립니다).\n"
        "엄격: 플레이어가 바뀔 때마다, 차례를 확인해 끝낸 뒤에도, 다음 플레이어가 "
        "자기 글자를 누릅니다.\n"
        "테이블에 사람이 한 명뿐이면(나머지는 컴퓨터) 키보드를 넘길 사람이 없으므로 글자도 "
        "가림막도 없고, 잠시 조용해지기만 기다립니다."
    ),
    # --- the statistics screen (issue 32: app/screens/stats.py, app/widgets/record.py) ---------
    "statscreen.entry": "통계",
    "statscreen.title": "통계: 기록된 모든 게임",
    "statscreen.col_name": "플레이어",
    "statscreen.col_games": "게임",
    "statscreen.col_wins": "승리",
    "statscreen.col_rating": "레이팅",
    "statscreen.empty": "아직 기록된 게임이 없습니다. 게임이 끝나면 여기에 나타납니다.",
    "statscreen.broken": "게임 기록 데이터베이스를 읽을 수 없습니다: {why}",
    "statscreen.nobody": "{name}의 기록은 이제 없습니다.",
    "statscreen.percent": "{n}%",
    "statscreen.games": "{count}게임",
    "statscreen.wins": "{count}승",
    "statscreen.shared": "공동 승리 {count}",
    "statscreen.totals": "{games} · {wins} ({share}), {shared}",
    "statscreen.average": "평균 {points}점, 점수 차 {margin} · {rating}",
    "statscreen.rating": "레이팅 {rating}",
    "statscreen.no_rating": "레이팅 없음",
    "statscreen.by_players": "인원수별 (이긴 게임)",
    "statscreen.players_n": "{n}인",
    "statscreen.by_opponent": "상대별 (이긴 게임)",
    "statscreen.with_people": "사람끼리",
    "statscreen.with_level": "{level:과/와} 함께",
    "statscreen.trend_wins": "이긴 게임 % (막대)",
    "statscreen.trend_points": "평균 점수 (점)",
    "statscreen.h2h_head": "맞대결: {a:과/와} {b}",
    "statscreen.h2h_line": "{name}: {wins}, 평균 {points}점",
    "statscreen.never_met": "{a:과/와} {b:은/는} 함께 기록된 게임이 없습니다.",
    "statscreen.pick_other": "{name:과/와} 맞대결: 상대를 고르세요 (Enter), Esc: 그만두기.",
    "statscreen.same": "비교할 다른 사람을 고르세요.",
    "statscreen.key_h2h": "맞대결",
    "statscreen.key_rename": "이름 바꾸기",
    "statscreen.key_forget": "잊기",
    "statscreen.key_delete": "게임 삭제",
    "statscreen.yes": "예",
    "statscreen.ask_keys": "y: 예 · n 또는 Esc: 아니요, 그대로 두기",
    "statscreen.rename_title": "기록된 모든 게임에서 {name}의 이름 바꾸기",
    "statscreen.rename_keys": "Enter: 계속 (한 번 더 묻습니다) · Esc: 취소",
    "statscreen.same_name": "이미 그 이름입니다.",
    "statscreen.rename_ask": "기록된 모든 게임에서 {old:을/를} {new:으로/로} 바꿀까요?",
    "statscreen.rename_note": "저장 파일에는 게임할 때의 이름이 그대로 남습니다.",
    "statscreen.renamed": "기록된 모든 게임에서 {old:은/는} 이제 {new}입니다.",
    "statscreen.forget_ask": "{name:을/를} 잊을까요?",
    "statscreen.forget_note": "기록된 모든 게임에서 이름을 지웁니다. 게임은 다른 플레이어의 "
    "기록을 위해 남습니다.",
    "statscreen.forgotten": "{name:을/를} 잊었습니다. 게임은 다른 사람들을 위해 남습니다.",
    "statscreen.games_title": "{name}의 게임, 최근 것부터",
    "statscreen.games_keys": "Enter: 이 게임 삭제 (먼저 묻습니다) · Esc: 뒤로",
    "statscreen.game_line": "{when} · {players}인 · {score}점, {rank}위",
    "statscreen.no_games": "여기에는 삭제할 기록된 게임이 없습니다.",
    "statscreen.delete_ask": "이 게임을 통계에서 삭제할까요? {game}",
    "statscreen.delete_note": "기록만 지웁니다. 이 게임의 저장 파일은 그대로 남습니다.",
    "statscreen.deleted": "게임을 통계에서 삭제했습니다.",
    # --- the games database (persist/games.py) ---------------------------------------------
    "games.locked": "게임 기록 데이터베이스 {path:을/를} 다른 엘 그란데가 쓰고 있습니다(잠김): "
    "아무것도 바꾸지 않았습니다. 끝난 게임은 다음에 시작할 때 기록됩니다.",
    "games.read_only": "게임 기록 데이터베이스 {path}에 쓸 수 없습니다(읽기 전용): 아무것도 "
    "바꾸지 않았습니다. 끝난 게임은 쓸 수 있게 되면 기록됩니다.",
    "games.corrupt": "{path:은/는} 엘 그란데가 읽을 수 있는 게임 기록 데이터베이스가 "
    "아닙니다(손상되었거나 다른 종류의 파일): 그대로 둡니다"
    "(다른 곳으로 옮기면 엘 그란데가 새로 만듭니다).",
    "games.newer": "게임 기록 데이터베이스 {path:은/는} 더 새로운 엘 그란데가 "
    "썼습니다(버전 {version}, 이 버전은 {known}까지 압니다): 그대로 "
    "둡니다. 엘 그란데를 업데이트해 주세요.",
    "games.not_own": "{path:은/는} 엘 그란데의 게임 기록 데이터베이스가 "
    "아닙니다({kind}): 따라가지도, 쓰지도 않습니다(다른 곳으로 옮겨 주세요).",
    "games.full": "디스크가 가득 찼습니다: 게임 기록 데이터베이스 {path:이/가} 커질 수 "
    "없어 아무것도 바꾸지 않았습니다. 끝난 게임은 공간이 생기면 다음에 시작할 때 기록됩니다.",
    "games.cannot": "게임 기록 데이터베이스 {path:을/를} 쓸 수 없습니다: {reason}. 아무것도 바꾸지 "
    "않았습니다.",
    "games.forgotten": "(잊힌 사람)",
    # --- a seat's own screen at a hosted table (app/screens/remote_game.py)
    "remote.code_title": "{where} 테이블의 내 자리 코드(또는 관전 코드):",
    "remote.code_note": "Enter: 참가 · Esc: 나가기. 코드는 호스트가 플레이어마다 따로 줍니다.",
    "remote.connecting": "{where}에 연결하는 중…",
    "remote.connecting_table": "테이블에 연결하는 중…",
    "remote.display_seen": "다 봤습니다: 모든 자리가 보고 나면 테이블이 이어집니다…",
    "remote.lost": "테이블과의 연결이 끊겼습니다. 다시 시도하는 중… (자리는 그대로입니다)",
    "remote.offline": "지금은 테이블에 연결되어 있지 않습니다",
    "remote.your_turn": "당신의 차례입니다.",
    "remote.sent": "테이블에 보냈습니다…",
    "remote.deciding": "{name} 님이 고르는 중…",
    "remote.secret": "{name} 님이 비밀리에 고르는 중…",
    "remote.watchers": "{n}명 관전 중",
    "remote.final": "{name}: {points}점",
    "remote.over_keys": "v: 내 선택 돌아보기(호스트에서 계산) · q: 나가기",
    "remote.over_watching": "게임이 끝났습니다. q: 나가기",
    "remote.hints_asked": "테이블에 힌트를 요청하는 중…",
    "remote.hints_title": "힌트: 강한 컴퓨터 플레이어의 최선 세 가지(Enter로 강조)",
    "remote.review_asked": "호스트가 당신의 선택을 돌아보는 중… (1분쯤 걸릴 수 있습니다)",
    "remote.key_take_back": "되돌리기",
    "remote.key_leave": "나가기(자리 유지)",
    "remote.key_codes": "참가 코드",
    "remote.seat_after_display": "이 표시가 끝나면 바로 자리가 바뀝니다.",
    "remote.codes_where": "참가 주소: {where}",
    # --- play across screens (el_grande.net): the protocol's sentences
    "net.bad_binary": "테이블은 텍스트 메시지만 읽습니다.",
    "net.too_big": "테이블이 받기에는 너무 긴 메시지입니다.",
    "net.bad_json": "그 메시지는 `JSON`이 아닙니다.",
    "net.bad_message": "테이블이 모르는 메시지입니다.",
    "stats.arg_name": "사람 이름(어떤 철자든) 또는 컴퓨터 수준({level}). 없으면 모두",
    "stats.arg_vs": "맞대결: `NAME`과 `OTHER`가 함께 한 게임",
    "stats.arg_json": "JSON으로 출력 (필드 이름 고정)",
    "stats.arg_csv": "쉼표로 나눈 표(`CSV`)로 출력 (머리글 한 줄, 그다음 한 줄씩)",
    "stats.arg_rename": "기록된 모든 게임에서 사람 이름 바꾸기 (먼저 묻습니다)",
    "stats.arg_forget": "사람 잊기: 이름은 지우고 게임은 다른 사람을 위해 남깁니다 (먼저 묻습니다)",
    "stats.arg_delete": "기록된 게임 하나를 `ID`로 지우기 (먼저 묻습니다. 저장 파일은 그대로)",
    "stats.arg_import": "아직 기록되지 않은 끝난 저장 파일 기록하기",
    "stats.arg_yes": "이름 바꾸기, 잊기, 지우기 전에 묻지 않기",
    "stats.not_asked": "하지 않았습니다: 물어볼 터미널이 없습니다 (그래도 하려면 `--yes`).",
    "stats.yes_word": "예",
    "stats.imported": "저장 파일에서 끝난 게임 {n}개를 기록했습니다.",
    "stats.ask_rename": "기록된 모든 게임에서 {old}의 이름을 {new:으로/로} 바꿀까요?",
    "stats.ask_forget": "{name:을/를} 잊을까요? "
    "모든 게임에서 이름이 바뀌고, 게임은 다른 사람을 위해 남습니다.",
    "stats.ask_delete": "기록된 게임 {id:을/를} 지울까요? 저장 파일은 그대로 둡니다.",
    "stats.nobody": "{name:이라는/라는} 플레이어의 기록된 게임이 없습니다.",
    "stats.no_game": "{id:이라는/라는} 기록된 게임이 없습니다.",
    "stats.renamed": "이제 기록된 모든 게임에서 {old:은/는} {new}입니다.",
    "stats.forgotten": "{name:을/를} 잊었습니다.",
    "stats.deleted": "기록된 게임 {id:을/를} 지웠습니다.",
    "stats.none_yet": "아직 기록된 게임이 없습니다: 게임은 끝날 때 기록됩니다.",
    "stats.everybody": "모두의 기록",
    "stats.never_together": "{a:과/와} {b:이/가} 함께 한 기록된 게임이 없습니다.",
    "stats.h2h_title": "{a} 대 {b}",
    "stats.col_name": "이름",
    "stats.col_games": "게임",
    "stats.col_wins": "승리",
    "stats.col_shared": "공동",
    "stats.col_average": "평균",
    "stats.col_margin": "점수 차",
    "stats.col_best": "최고",
    "stats.col_rating": "레이팅",
    "stats.col_ahead": "상대보다 앞섬",
    "stats.col_a": "플레이어",
    "stats.col_b": "상대",
    "stats.col_a_wins": "플레이어 승리",
    "stats.col_b_wins": "상대 승리",
    "stats.col_a_average": "플레이어 평균",
    "stats.col_b_average": "상대 평균",
    "stats.col_a_ahead": "플레이어 앞섬",
    "stats.col_b_ahead": "상대 앞섬",
    "stats.level": "컴퓨터: {level}",
    "stats.summary": "게임 {games}번, 승리 {wins}번 ({share} %, 공동 {shared}번); 게임당 "
    "{average}점, 다른 사람 중 최고와의 차 {margin}; 레이팅 {rating}",
    "stats.by_players": "플레이어 수별",
    "stats.players": "{n}명",
    "stats.by_opponent": "상대별",
    "stats.vs_people": "사람끼리만",
    "stats.trend": "시간에 따라 (승리; ø 평균 점수)",
    # --- the hosted table (el_grande.net.table): what a screen across the wire is told
    "net.hello_first": "화면은 먼저 코드와 함께 `hello`를 보냅니다.",
    "net.hello_again": "이 화면은 이미 인사했습니다.",
    "net.version": "이 테이블은 프로토콜 버전 {v:을/를} 쓰고, 그 화면은 다른 버전을 씁니다: "
    "같은 버전의 엘 그란데를 쓰세요.",
    "net.no_code": "그 코드로 열리는 자리가 이 테이블에 없습니다.",
    "net.moved_on": "그 결정은 이미 지나갔습니다.",
    "net.not_choice": "그 결정의 선택지가 아닙니다.",
    "net.not_taken": "받아들여지지 않았습니다: {why}.",
    "net.watching": "관전 화면은 아무것도 답하지 않습니다.",
    "net.no_human": "{seat}번 자리에는 참가 코드가 없습니다: 컴퓨터 플레이어만 앉을 수 있습니다.",
    "net.closed": "테이블이 닫혔습니다.",
    "net.review_not_over": "복기는 게임이 끝난 뒤에 볼 수 있습니다.",
    "net.review_failed": "복기를 계산하지 못했습니다.",
    # --- 테이블 시계
    "clock.bad_time": "시계의 {what} 값은 {least}초에서 86400초 사이여야 합니다.",
    "wire.clock_needed": "`--reserve`와 `--out`은 테이블 시계를 정합니다: `--clock`도 주세요.",
    "clock.bad_out": "시간 초과 규칙은 `hard`(어려움 플레이어가 그 결정을 내립니다) 또는 "
    "`computer`(플레이어가 돌아올 때까지 컴퓨터가 자리를 맡습니다)입니다.",
    "clock.rules": "테이블 시계: 결정마다 {move}, 그다음 플레이어마다 예비 시간 {reserve}; "
    "시간이 다 되면 {then}.",
    "clock.rules_no_reserve": "테이블 시계: 결정마다 {move}; 시간이 다 되면 {then}.",
    "clock.out_hard": "어려움 플레이어가 그 결정 하나를 내립니다",
    "clock.out_computer": "플레이어가 돌아왔다고 알릴 때까지(i) 컴퓨터가 자리를 맡습니다",
    "clock.file_not_json": "시계 파일이 JSON이 아닙니다.",
    "clock.file_bad": "시계 파일에 테이블 시계가 들어 있지 않습니다.",
    "clock.file_version": "시계 파일을 다른 버전의 엘 그란데가 썼습니다.",
    "clock.file_problem": "테이블 시계를 읽지 못했습니다({reason}): 예비 시간을 모두 채워 "
    "다시 시작합니다.",
    "clock.file_problem_none": "테이블 시계를 읽지 못했습니다({reason}): 시계 없이 진행합니다"
    "(`--clock`으로 다시 정할 수 있습니다).",
    "clock.cannot_keep": "테이블 시계를 저장 파일 옆에 보관하지 못했습니다({reason}).",
    "clock.note_out_hard": "{name}의 시간이 다 되었습니다: 이 결정은 어려움 플레이어가 내립니다.",
    "clock.note_out_computer": "{name}의 시간이 다 되었습니다: 돌아올 때까지 컴퓨터가 자리를 "
    "맡습니다.",
    "clock.note_out_held": "{name}의 시간이 다 되었습니다: 차례가 지금 상태로 끝납니다.",
    "clock.note_back": "{name:이/가} 돌아와 다시 자기 자리를 둡니다.",
    "clock.not_away": "자리는 그대로 당신의 것입니다: 컴퓨터가 맡고 있지 않습니다.",
    "clock.none": "이 테이블에는 시계가 없습니다.",
    "clock.away_banner": "시간이 다 되어 컴퓨터가 당신의 자리를 두고 있습니다. 돌아왔으면 i를 "
    "눌러 다시 맡으세요.",
    "clock.key_back": "돌아왔어요",
    "clock.away_banner_seats": "{names}의 시간이 다 되어 컴퓨터가 자리를 두고 있습니다. 돌아왔으면 "
    "i를 눌러 다시 맡으세요.",
    "clock.paused": "멈춤",
    "clock.waiting": "(모두 모이면 시작)",
    "clock.away": "자리 비움(컴퓨터가 둠)",
    "clock.title": "시계",
    "clock.short": "시간이 얼마 없습니다: {left} 남음.",
}
