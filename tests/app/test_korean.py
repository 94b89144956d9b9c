"""Korean as a second language (docs/i18n.md): the catalogue is complete, the language is
chosen as documented, Korean grammar comes from the catalogue, and no screen shows English.

The screen test plays through every screen in Korean and reads what the terminal shows (each
kind of screen, prompt, curtain and display step once while playing on; every text given to a
`Static` and every notification at every step): a run of Latin letters that is not a key
name, a player's name or a path must have come from a literal in the code, not from the
catalogue.
"""

from __future__ import annotations

import inspect
import json
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from el_grande import text
from el_grande.text import EN, Plural, catalogue, resolve_language, t, use
from el_grande.text_ko import CONSONANT, RIEUL, VOWEL, final_sound, particle

from .helpers import KOREAN_NAMES, settle
from .test_review_screen import opened

KO = catalogue("ko")

#: Latin words a Korean screen may show: key names as printed on every keyboard (Korean ones
#: too), in our sentences and in the keys Textual's footer draws (docs/i18n.md).
ALLOWED = frozenset(
    {"Enter", "Esc", "Space", "Tab", "PgUp", "PgDn", "ctrl"}  # our key names
    | {"esc", "home", "end", "pgup", "pgdn", "tab"}  # the keys as Textual names them
    | {"TOML", "JSON", "UTF", "KiB"}  # a file's format, an encoding, a unit
    | {"English"}  # a language's own name, in the settings' list of languages
)

_LATIN = re.compile(r"[A-Za-z]{2,}")
_CODE = re.compile(r"`[^`]*`")  # a command to type (`el-grande load FILE`) stays as it is


def latin_words(shown: str, *literal: str) -> list[str]:
    """Runs of two or more Latin letters in `shown` that no Korean screen should hold: not a
    key name, not a command in backticks, not a word of the `literal` texts (paths and other
    text from outside, which an input field may show only in part)."""
    outside = {w for piece in literal for w in _LATIN.findall(piece)}
    shown = _CODE.sub(" ", shown)
    return [w for w in _LATIN.findall(shown) if w not in ALLOWED and w not in outside]


def _fields(template: object) -> set[str]:
    forms = [template.one, template.other] if isinstance(template, Plural) else [template]
    return {
        name
        for form in forms
        for _, name, _, _ in string.Formatter().parse(str(form))
        if name is not None
    }


# --- the catalogue -------------------------------------------------------------------------


def test_every_english_key_has_a_korean_entry_with_the_same_fields() -> None:
    missing = [k for k in EN if k not in KO.strings]
    assert not missing, f"no Korean for: {missing}"
    extra = [k for k in KO.strings if k not in EN]
    assert not extra, f"Korean keys that English does not have: {extra}"
    differ = {k: (_fields(EN[k]), _fields(v)) for k, v in KO.strings.items()}
    differ = {k: f for k, f in differ.items() if f[0] != f[1]}
    assert not differ, f"fields differ (English, Korean): {differ}"


def test_every_place_and_card_has_a_korean_name_and_every_card_its_full_text() -> None:
    from el_grande.core import CARDS, PLACES

    for place in (*PLACES, "court", "province"):
        assert place in KO.regions and place in KO.regions_start, place
    for place in PLACES:
        short, long = KO.regions_short[place], KO.regions[place]
        assert cell_len(short) <= cell_len(long), place
    for card in CARDS:
        assert KO.card_names.get(card) and KO.card_texts.get(card), card
        assert KO.card_texts[card] != text.CARD_TEXTS[card], card


def test_the_korean_catalogue_is_in_korean() -> None:
    """Every sentence holds Hangul (or only fields and signs), and no English word outside
    key names and commands."""
    tables: dict[str, str] = {}
    for key, value in KO.strings.items():
        assert isinstance(value, str), f"{key}: Korean has no plural forms"
        tables[key] = value
    tables |= {f"card {k}": v for k, v in {**KO.card_names, **KO.card_texts}.items()}
    tables |= {f"region {k}": v for k, v in {**KO.regions, **KO.regions_short}.items()}
    for key, value in tables.items():
        words = re.sub(r"\{[^}]*\}", " ", value)
        assert latin_words(words) == [], (key, value)
        has_hangul = any("\uac00" <= c <= "\ud7a3" for c in words)
        if not has_hangul:  # "{name}: {what}", ", ", " → {answer}": signs only
            assert not any(c.isalpha() for c in words), (key, value)


@pytest.mark.parametrize(
    ("word", "sound"),
    [
        ("김민준", CONSONANT),
        ("이서연", CONSONANT),
        ("최지우", VOWEL),
        ("구카스티야", VOWEL),
        ("카탈", RIEUL),
        ("Ana", VOWEL),
        ("Ben", CONSONANT),
        ("Bill", RIEUL),
        ("Jack", CONSONANT),
        ("Mark", VOWEL),  # 마크: a stop after a consonant takes 으
        ("Scott", CONSONANT),  # 스콧: after a short vowel it is a final consonant
        ("Seok", CONSONANT),  # 석, romanized
        ("Ted", VOWEL),  # 테드
        ("Michelle", RIEUL),  # 미셸
        ("Jane", CONSONANT),  # 제인
        ("DJ", VOWEL),  # no vowel letter: read as letters, 디제이
        ("Tariq", None),
        ("7", RIEUL),
        ("10", CONSONANT),
        ("2", VOWEL),
        ("‘베토’", VOWEL),
        ("베토(거부권)", VOWEL),  # an aside at the end is read past
        ("파워 카드 7  (궁정으로\u00a03개)", RIEUL),
        ("(봇)", CONSONANT),  # nothing before it: the aside is the word
        (" G ", VOWEL),
        ("M", CONSONANT),
        ("[/]", None),
    ],
)
def test_the_sound_a_word_ends_in_picks_its_particle(word: str, sound: str | None) -> None:
    assert final_sound(word) == sound


def test_particles_follow_the_word_before_them() -> None:
    assert particle("김민준", "이", "가") == "이" and particle("최지우", "이", "가") == "가"
    assert particle("아라곤", "으로", "로") == "으로"
    assert particle("갈리시아", "으로", "로") == "로"
    assert particle("카탈", "으로", "로") == "로"  # ㄹ takes 로
    assert particle("Tariq", "이", "가") == "이(가)"  # unknown: both, as Korean writing does
    assert particle("Tariq", "으로", "로") == "(으)로"
    use("ko")
    assert t("ev.power", name="김민준", n=7) == "김민준이 파워 카드 7을 냅니다."
    assert t("ev.power", name="최지우", n=2) == "최지우가 파워 카드 2를 냅니다."
    assert t("choice.king", region=text.region("aragon")) == "왕을 아라곤으로"
    assert t("choice.king", region=text.region("galicia")) == "왕을 갈리시아로"
    # A hint's reason says no signed margin: its own line says it in words (issue 18).
    assert t("bots.hint.outlook", margin=2.25) == "라운드가 끝날 때의 전망이 가장 좋습니다."


def test_korean_has_no_plural_forms_and_english_keeps_its_own() -> None:
    use("ko")
    assert t("resume.decisions", count=1) == "결정 1개" and t("resume.decisions", count=3)
    use("en")
    assert t("resume.decisions", count=1) == "1 decision"
    assert t("resume.decisions", count=3) == "3 decisions"


# --- choosing the language -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cli", "settings", "environ", "expected"),
    [
        ("ko", None, {}, "ko"),
        ("en", "ko", {"LANG": "ko_KR.UTF-8"}, "en"),  # the command line first
        (None, "ko", {"LANG": "en_US.UTF-8"}, "ko"),  # then the settings file
        (None, "en", {"LC_ALL": "ko_KR.UTF-8"}, "en"),
        (None, None, {"LANG": "ko_KR.UTF-8"}, "ko"),  # then the locale
        (None, None, {"LANG": "ko"}, "ko"),
        (None, None, {"LC_MESSAGES": "ko_KR.eucKR", "LANG": "en_GB.UTF-8"}, "ko"),
        (None, None, {"LC_ALL": "C", "LC_MESSAGES": "ko_KR.UTF-8"}, "en"),  # LC_ALL decides
        (None, None, {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR"}, "ko"),  # empty: unset
        (None, None, {"LC_ALL": "ko_KR.UTF-8", "LANG": "C.UTF-8"}, "ko"),
        (None, None, {}, "en"),  # else English
        (None, None, {"LANG": "fr_FR.UTF-8"}, "en"),
        ("fr", None, {"LANG": "ko_KR.UTF-8"}, "en"),  # a language there is none of: English
        ("", "ko", {}, "ko"),  # empty or "auto" leave the choice to the next source
        ("auto", None, {"LANG": "ko_KR.UTF-8"}, "ko"),
        (None, "system", {"LANG": "ko_KR.UTF-8"}, "ko"),
        ("KO", None, {}, "ko"),
        ("ko-KR", None, {}, "ko"),
        (None, None, {"LANG": "kok_IN.UTF-8"}, "en"),  # Konkani is not Korean
        ("\x1b[31m", None, {}, "en"),
    ],
)
def test_the_language_comes_from_the_command_line_then_the_settings_then_the_locale(
    cli: str | None, settings: str | None, environ: dict[str, str], expected: str
) -> None:
    assert resolve_language(cli, settings, environ) == expected


def test_lang_is_an_option_before_or_after_the_command() -> None:
    from el_grande.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["--lang", "ko"]).lang == "ko"
    assert parser.parse_args(["--lang", "ko", "export", "x.json"]).lang == "ko"
    assert parser.parse_args(["export", "x.json", "--lang", "ko"]).lang == "ko"
    assert parser.parse_args(["play", "--players", "a,b", "--lang", "ko"]).lang == "ko"
    assert parser.parse_args(["play", "--players", "a,b"]).lang is None
    assert parser.parse_args(["--lang", "ko", "resume", "--list"]).lang == "ko"


def test_choosing_a_language_switches_the_catalogue() -> None:
    from el_grande.cli import choose_language

    assert choose_language("ko") == "ko" and text.language() == "ko"
    assert t("keys.quit") == "끝내기" and text.region("old_castile") == "구카스티야"
    assert choose_language("xx") == "en" and text.language() == "en"
    assert t("keys.quit") == "Quit"
    assert choose_language(None, "ko") == "ko"  # the settings file's language


# --- the export, in Korean -------------------------------------------------------------------


def _finished_record() -> dict[str, object]:
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, default_seats

    session = GameSession.new(GameSetup(default_seats(KOREAN_NAMES[:3]), seed=11))
    while (d := session.decision) is not None:
        session.apply(d.choices[(len(session.game.history) * 5 + 1) % len(d.choices)])
    return session.game.record()


def _strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v)


def test_el_grande_export_writes_the_log_in_korean(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    config_dir: Path,
) -> None:
    """`el-grande --lang ko export` (text and Markdown) and `export --lang ko`; the locale
    alone does it too, and the settings file's language. The save file itself holds no
    language."""
    from el_grande.cli import main
    from el_grande.core import Game
    from el_grande.persist.store import save_from_game, write_save

    record = _finished_record()
    save = save_from_game(Game.replay(record))
    path = tmp_path / "game.json"
    write_save(save, path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert all(s in KOREAN_NAMES or s.isascii() for s in _strings(written))  # notation only

    assert main(["--lang", "ko", "export", str(path)]) == 0
    plain = capsys.readouterr().out
    lines = plain.splitlines()
    assert lines[0] == "엘 그란데: 김민준, 이서연, 박지훈"
    assert lines[1] == "=" * cell_len(lines[0])  # underlined by terminal cells
    assert lines[3].startswith("시드 11, 9라운드, 베토 사용, 카스티요 공개.")
    assert "라운드 1/9" in lines and "-" * cell_len("라운드 1/9") in lines
    assert any(line.startswith("김민준이 파워 카드 ") for line in lines)
    assert lines[-1].startswith("결과: ") and "점" in lines[-1]
    assert latin_words(plain) == []

    use("en")
    assert main(["export", str(path), "--format", "md", "--lang", "ko"]) == 0
    md = capsys.readouterr().out
    assert md.startswith("# 엘 그란데: 김민준, 이서연, 박지훈\n")
    assert "\n## 라운드 1/9\n" in md and "\n## 결과\n" in md
    assert "\n- 차례 순서: " in md
    assert latin_words(md) == []

    use("en")
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["export", str(path)]) == 0
    assert capsys.readouterr().out == plain
    use("en")
    assert main(["--lang", "en", "export", str(path)]) == 0
    assert capsys.readouterr().out.startswith("El Grande: 김민준, 이서연, 박지훈\n")

    # The settings file's language, between --lang and the locale.
    monkeypatch.setenv("LANG", "C.UTF-8")
    (config_dir / "settings.toml").write_text('language = "ko"\n', encoding="utf-8")
    use("en")
    assert main(["export", str(path)]) == 0
    assert capsys.readouterr().out == plain
    use("en")
    assert main(["export", str(path), "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("El Grande: ")


# --- whole games told in Korean --------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 3, {"rounds": 6}),
        (3, 5, {"castillo": "hidden"}),
        (4, 8, {"veto": False}),
        (5, 13, {}),
    ],
)
def test_every_sentence_of_a_whole_game_is_korean(
    players: int, seed: int, options: dict[str, object]
) -> None:
    """The narrator's lines, every prompt, every progress line and every choice label of
    whole games (every kind of decision comes up) hold no English."""
    from el_grande.app.present import (
        choice_label,
        decision_progress,
        decision_what,
        secret_what,
    )
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, default_seats

    use("ko")
    setup = GameSetup(default_seats(KOREAN_NAMES[:players]), seed=seed, **options)  # type: ignore[arg-type]
    session = GameSession.new(setup)
    kinds: set[str] = set()
    while (d := session.decision) is not None:
        kinds.add(str(d.kind))
        view = session.current.private or session.current.public
        shown = [decision_what(d, session), decision_progress(d, session, view), secret_what(d)]
        shown += [choice_label(c, d, session) for c in d.choices]
        for sentence in shown:
            assert latin_words(sentence) == [], (d.kind, sentence)
        session.apply(d.choices[(len(session.game.history) * 7 + seed) % len(d.choices)])
    assert len(kinds) >= 10
    for line in session.log:
        assert latin_words(line.text) == [], line.text


# --- binding labels ----------------------------------------------------------------------------


def _app_classes() -> Iterator[type]:
    import importlib
    import pkgutil

    import el_grande.app

    for info in pkgutil.walk_packages(el_grande.app.__path__, "el_grande.app."):
        if info.name.endswith(".bench"):
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == info.name and issubclass(cls, (Screen, App)):
                yield cls


def test_every_key_label_in_the_footer_is_a_catalogue_key() -> None:
    """Binding descriptions are catalogue keys, shown in the active language by the app
    (`app.localise_bindings`): a label written out in English would stay English."""
    found = 0
    for cls in _app_classes():
        for binding in cls.BINDINGS:
            if isinstance(binding, Binding) and binding.show:
                found += 1
                assert binding.description in EN, (cls.__name__, binding.key, binding.description)
    assert found >= 20


# --- every screen, in Korean -------------------------------------------------------------------


class Seen:
    """Every text handed to a `Static` (shown or not: the help scrolls) and every
    notification, while the app runs."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def add(self, content: object) -> None:
        if isinstance(content, str):
            self.texts.append(content)
        elif isinstance(content, (Text, Content)):
            self.texts.append(content.plain)


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Seen:
    record = Seen()
    init, update, notify = Static.__init__, Static.update, App.notify

    def static_init(self: Static, content: object = "", *args: object, **kwargs: object) -> None:
        record.add(content)
        init(self, content, *args, **kwargs)  # type: ignore[arg-type]

    def static_update(self: Static, content: object = "", *args: object, **kwargs: object) -> None:
        record.add(content)
        update(self, content, *args, **kwargs)  # type: ignore[arg-type]

    def app_notify(self: App[object], message: object, *args: object, **kwargs: object) -> None:
        record.add(message)
        notify(self, message, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Static, "__init__", static_init)
    monkeypatch.setattr(Static, "update", static_update)
    monkeypatch.setattr(App, "notify", app_notify)
    return record


class Scan:
    """Reads the terminal as it is now and fails on English (paths and other text from
    outside taken out first)."""

    def __init__(self, app: App[None], literal: list[str]) -> None:
        self.app, self.literal, self.count = app, literal, 0
        #: The kinds of screen read so far while playing on (`shown_kind`).
        self.kinds: set[tuple[object, ...]] = set()

    def once(self) -> None:
        """Read the terminal if what it shows is of a kind not read yet in this app: a screen
        drawn again for the next decision of a kind holds the same sentences but for the
        names, places and cards in them (every such sentence of whole games is read by
        `test_every_sentence_of_a_whole_game_is_korean`, and every text handed to a widget
        by the `seen` fixture, at every step)."""
        kind = shown_kind(self.app)
        if kind not in self.kinds:
            self.kinds.add(kind)
            self(f"{kind}")

    def __call__(self, where: str) -> None:
        from textual.widgets import Input

        from .helpers import screen_text

        shown = screen_text(self.app)  # type: ignore[arg-type]
        typed = [i.value for s in self.app.screen_stack for i in s.query(Input)]
        themes = list(self.app.available_themes)  # Textual's own theme names stay as they are
        words = latin_words(shown, *self.literal, *typed, *themes)
        # A path typed in a field wraps anywhere: a piece of one is no English either (the
        # players' names in a file name are romanized: 김민준 Gimminjun).
        words = [w for w in words if not any(w in text for text in typed)]
        assert not words, f"English on the Korean screen ({where}): {words}\n{shown}"
        self.count += 1


def shown_kind(app: App[None]) -> tuple[object, ...]:
    """What kind of thing the terminal shows: the screen, the table's scene, the kind of
    decision (secret or not) or of curtain, and where a display is in its steps."""
    from el_grande.app.screens.game import GameScreen
    from el_grande.flow.scenes import BotTurn, Curtain, Prompt, Showing, TakeOver

    games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    if not games:
        return (type(app.screen).__name__,)
    scene = games[-1].flow.scene
    kind: tuple[object, ...] = (type(app.screen).__name__, type(scene).__name__)
    if isinstance(scene, (Prompt, TakeOver, BotTurn)):
        kind += (str(scene.decision.kind), scene.decision.secret)
    if isinstance(scene, TakeOver):
        kind += (scene.curtain, scene.after is None)
    if isinstance(scene, BotTurn):
        kind += (scene.choice is None,)
    if isinstance(scene, Curtain):
        kind += (scene.ready,)
    if isinstance(scene, Showing):
        step = scene.step
        kind += (scene.index == 0, scene.last, bool(step.totals), step.place is None)
    return kind


async def _walk(
    pilot: object, scan: Scan, steps: int, until: Callable[[App[None]], bool] | None = None
) -> None:
    """Play on (varied choices at prompts, the next key elsewhere), reading each kind of
    screen the first time it shows (`Scan.once`)."""
    from el_grande.app.screens.game import GameScreen

    from .helpers import game_screen, next_key, pick_varied, press

    app = pilot.app  # type: ignore[attr-defined]
    done = waits = 0
    while done < steps:
        scan.once()
        if until is not None and until(app):
            return
        scr = game_screen(app)
        if scr is None and isinstance(app.screen, GameScreen) and app.screen.flow.bot_playing:
            # No key while a computer player has the decision, as `helpers.play`: its answer
            # comes from a thread, and a key typed meanwhile made the walk depend on the
            # machine's speed (which of its thinking steps is read still may).
            waits += 1
            assert waits < 1_000_000, "a computer player never answered"
            await pilot.pause(0.005)  # type: ignore[attr-defined]
            continue
        done += 1
        if scr is None:
            await press(pilot, next_key(app))  # type: ignore[arg-type]
        else:
            assert scr.decision is not None
            await pick_varied(pilot, scr, scr.decision)  # type: ignore[arg-type]


async def test_no_screen_shows_english_when_playing_in_korean(
    seen: Seen, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Title, new-game form (and its error), help, settings, resume (empty and with a game), a game
    with a computer player (prompts, curtains, scoring displays, the scoring calculator and
    its what-if, hints, save-as and its notification, refused undo and illegal keys, the
    pause of a small terminal), game over and the replay: in Korean, nothing but key names
    shows in Latin letters."""
    from textual.widgets import Input, Select

    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens import hints as hint_screen
    from el_grande.app.screens.calculator import CalculatorScreen
    from el_grande.app.screens.game import GameScreen
    from el_grande.app.screens.game_over import GameOverScreen
    from el_grande.app.screens.help import HelpScreen
    from el_grande.app.screens.hints import HintScreen
    from el_grande.app.screens.new_game import NewGameScreen
    from el_grande.app.screens.replay import ReplayScreen
    from el_grande.app.screens.resume import ResumeScreen
    from el_grande.app.screens.save_as import SaveAsScreen
    from el_grande.app.screens.scoring import ScoringScreen
    from el_grande.app.screens.settings import SettingsScreen
    from el_grande.app.screens.title import TitleScreen
    from el_grande.persist.store import save_from_game, saves_dir, shown_path, write_save
    from el_grande.session import GameSession

    from .helpers import SIZE, app_at, game_screen, pick_first, play, press, session_at

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)  # where "save as" proposes its file
    use("ko")
    literal = [shown_path(saves_dir()), str(saves_dir()), str(tmp_path)]

    # --- the title, the form, help, an empty resume list, then a game with a bot -----------
    app = ElGrandeApp(curtain_seed=0, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        scan = Scan(app, literal)
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        scan("title")
        await press(pilot, "down")
        await press(pilot, "down")
        await press(pilot, "enter")
        assert isinstance(app.screen, HelpScreen)
        scan("help")
        await press(pilot, "escape")
        await press(pilot, "down")
        await press(pilot, "enter")
        assert isinstance(app.screen, SettingsScreen)
        scan("settings")
        await press(pilot, "escape")
        await press(pilot, "up")
        await press(pilot, "up")
        await press(pilot, "enter")
        assert isinstance(app.screen, ResumeScreen)
        scan("resume, no games")
        await press(pilot, "escape")
        await press(pilot, "up")
        await press(pilot, "enter")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        scan("new game")
        form.query_one("#name-1", Input).value = form.query_one("#name-0", Input).value
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, NewGameScreen)
        scan("new game: two players of one name")
        form.query_one("#name-1", Input).value = "서연"
        form.query_one("#kind-2", Select).value = "bot:greedy"
        form.query_one("#seed", Input).value = "7"  # the same game, and the same walk, each run
        await settle(pilot)
        scan("new game: a computer player")
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, GameScreen)

        def at_card(a: App[None]) -> bool:
            scr = game_screen(a)  # type: ignore[arg-type]
            return scr is not None and str(scr.decision.kind) == "action_card"

        await _walk(pilot, scan, 80, until=at_card)
        assert at_card(app)
        await press(pilot, "1")  # a region while a card is chosen
        scan("a key that does nothing now")
        await press(pilot, "u")  # nothing to take back yet
        scan("undo refused")
        await press(pilot, "p")
        assert isinstance(app.screen, CalculatorScreen)
        scan("the scoring calculator")
        await press(pilot, "w")
        scan("the scoring calculator, what if")
        await press(pilot, "escape")
        monkeypatch.setattr(hint_screen, "HINT_BUDGET", 120.0)  # play-outs, not seconds
        monkeypatch.setattr(hint_screen, "HINT_ITERATIONS", 8)
        await press(pilot, "h")
        hint = app.screen
        assert isinstance(hint, HintScreen) and hint._worker is not None
        await hint._worker.wait()
        await settle(pilot)
        assert hint.hints
        scan("hints")
        await press(pilot, "escape")
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        scan("help in the game")
        await press(pilot, "escape")
        await press(pilot, "s")
        assert isinstance(app.screen, SaveAsScreen)
        scan("save as")
        await press(pilot, "enter")
        scan("saved (a notification)")
        await press(pilot, "s")
        await press(pilot, "enter")  # the same file again: refused
        scan("save as: the file exists")
        await press(pilot, "escape")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        scan("too small")
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        await _walk(pilot, scan, 30)  # on, through the computer player's turns

    # --- a general scoring with a hidden Castillo: curtains, disks, each kind of display step -
    def first_disk(s: GameSession) -> bool:
        return s.decision is not None and str(s.decision.kind) == "disk"

    app = app_at(3, 4, first_disk, names=KOREAN_NAMES, castillo="hidden")
    async with app.run_test(size=SIZE) as pilot:
        scan = Scan(app, literal)
        await settle(pilot)
        await _walk(pilot, scan, 100, until=_scored)
        assert _scored(app)
        await _walk(pilot, scan, 10)

    # --- the last scoring, game over, its save-as, the replay --------------------------------
    def almost_over(s: GameSession) -> bool:
        return s.game.round >= 9 and s.decision is not None and str(s.decision.kind) == "disk"

    app = app_at(2, 7, almost_over, names=KOREAN_NAMES)
    async with app.run_test(size=SIZE) as pilot:
        scan = Scan(app, literal)
        await play(pilot, pick_first, until=lambda a: isinstance(a.screen, ScoringScreen))
        scan("the last scoring")
        await press(pilot, "escape")  # its last step (every kind of step was read above)
        scan("the last scoring's totals")
        await play(pilot, pick_first)
        assert isinstance(app.screen, GameOverScreen)
        scan("game over")
        for page in range(1, 5):  # the final board, the last scoring, the chart, the players
            await press(pilot, "right")
            scan(f"game over, page {page + 1}")
        review = await opened(pilot)  # the review screen, its verdicts made up (fast)
        scan("review")
        for key in ("right", "m", "r", "end"):
            await press(pilot, key)
            scan(f"review, after {key}")
        await press(pilot, "escape")
        assert app.screen is not review and isinstance(app.screen, GameOverScreen)
        await press(pilot, "s")
        scan("save as, game over")
        await press(pilot, "escape")
        await press(pilot, "r")
        assert isinstance(app.screen, ReplayScreen)
        scan("replay at the start")
        pressed: set[str] = set()
        for key in ("right", "right", "pagedown", "pagedown", "end", "left", "home"):
            await press(pilot, key)
            if key not in pressed:  # (a key pressed again shows the same lines, moved on)
                pressed.add(key)
                scan(f"replay, after {key}")
        finished = app.screen.model.game  # type: ignore[attr-defined]
        assert finished is not None

    # --- the resume list with a saved game ----------------------------------------------------
    saved = session_at(3, 9, lambda s: len(s.game.history) >= 40, names=KOREAN_NAMES)
    write_save(save_from_game(saved.game), saves_dir() / "saved.json")
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        scan = Scan(app, literal)
        await settle(pilot)
        await press(pilot, "down")
        await press(pilot, "enter")
        assert isinstance(app.screen, ResumeScreen) and app.screen.games
        scan("resume, one game")
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        scan("resumed")

    literal += [str(path) for path in tmp_path.glob("*.json")]  # saved with "save as"
    literal += list(app.available_themes)
    for piece in seen.texts:
        words = latin_words(piece, *literal)
        assert not words, f"English given to a widget: {words} in {piece!r}"
    assert len(seen.texts) > 200


def _scored(app: App[None]) -> bool:
    """A general scoring's display has reached its last step."""
    from el_grande.app.screens.scoring import ScoringScreen

    scr = app.screen
    return isinstance(scr, ScoringScreen) and scr.index == len(scr.steps) - 1
