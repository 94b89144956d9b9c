"""The settings file (el_grande/settings): where it is, what a good one gives, what a bad one
does (defaults, one sentence, the file untouched), atomic saves, `el-grande config`, and
command-line flags that win over it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from el_grande import settings
from el_grande.cli import build_parser, main
from el_grande.settings import DEFAULTS, PlayerDefault, Settings, load, save, settings_path


def write(config: Path, text: str | bytes) -> Path:
    path = config / "settings.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_the_file_is_in_the_config_directory_or_el_grande_config(
    config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert settings_path() == config_dir / "settings.toml"
    monkeypatch.delenv("EL_GRANDE_CONFIG")
    import platformdirs

    expected = Path(platformdirs.user_config_dir("el-grande", appauthor=False)) / "settings.toml"
    assert settings_path() == expected


def test_no_file_means_the_defaults_without_pydantic(tmp_path: Path) -> None:
    """Start-up without a settings file reads nothing and imports no validation library."""
    code = (
        "import sys; from el_grande.settings import load, DEFAULTS; loaded = load();"
        "assert loaded.settings == DEFAULTS and loaded.problem is None, loaded;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'tomli_w')))"
    )
    env = {**os.environ, "EL_GRANDE_CONFIG": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.strip() == "[]"


def test_a_good_file_gives_its_values_and_says_where_each_came_from(config_dir: Path) -> None:
    write(
        config_dir,
        """
language = "ko"
theme = "textual-light"
bot_delay = 0   # an int is a number of seconds too
auto_advance = true

[[players]]
name = "  Zoë "
kind = "greedy"

[[players]]
name = "Ben"
colour = "yellow"
""",
    )
    loaded = load()
    assert loaded.problem is None
    s = loaded.settings
    assert (s.language, s.theme, s.palette) == ("ko", "textual-light", "standard")
    assert s.bot_delay == 0.0 and s.auto_advance == settings.AUTO_ADVANCE_ON
    # Names are normalised; a seat without a colour gets the first one nobody has.
    assert s.players == (PlayerDefault("Zoë", "red", "greedy"), PlayerDefault("Ben", "yellow"))
    assert s.players[0].seat_kind == "bot:greedy"
    assert {k: loaded.source(k) for k in settings.KEYS} == {
        "language": "file",
        "theme": "file",
        "palette": "default",
        "bot_delay": "file",
        "auto_advance": "file",
        "strict_handovers": "default",
        "warnings": "default",
        "tips": "default",
        "since_your_turn": "default",
        "confirm_turn": "default",
        "players": "file",
    }
    assert ("palette", "standard", "default") in settings.describe(loaded)


def test_save_then_load_gives_the_same_settings(config_dir: Path) -> None:
    chosen = Settings(
        language=None,
        theme="nord",
        palette="colour-blind",
        bot_delay=0.25,
        auto_advance=3.0,
        players=(PlayerDefault("김민준", "blue", "strong"), PlayerDefault("Ana", "white")),
    )
    path = save(chosen)
    assert path == config_dir / "settings.toml"
    loaded = load()
    assert loaded.problem is None and loaded.settings == chosen
    assert loaded.from_file == frozenset(settings.KEYS) - {"language"}  # not set: left out
    assert "language" not in path.read_text(encoding="utf-8")
    assert save(DEFAULTS) == path and load().settings == DEFAULTS
    assert [p.name for p in config_dir.iterdir()] == ["settings.toml"]  # no temp file left


def test_a_save_that_fails_leaves_the_old_file_whole(
    config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(config_dir, 'theme = "nord"\n')

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        save(Settings(theme="dracula"))
    assert path.read_text(encoding="utf-8") == 'theme = "nord"\n'
    assert [p.name for p in config_dir.iterdir()] == ["settings.toml"]


BAD_FILES = {
    "not TOML": ("theme = \n", "not valid TOML"),
    "not UTF-8": (b'theme = "\xff"\n', "UTF-8"),
    "an unknown key": ('colour = "red"\n', "no setting called colour"),
    "a wrong type": ('bot_delay = "fast"\n', "bot_delay must be a number of seconds"),
    "a bool for a number": ("bot_delay = true\n", "bot_delay must be"),
    "a negative delay": ("bot_delay = -1\n", "bot_delay must be"),
    "nan": ("bot_delay = nan\n", "bot_delay must be"),
    "inf": ("auto_advance = inf\n", "auto_advance must be"),
    "no pace": ("auto_advance = 0\n", "auto_advance must be"),
    "an unknown theme": ('theme = "neon"\n', "theme must be the name of one of Textual's"),
    "an unknown palette": ('palette = "pastel"\n', "palette must be"),
    "an unknown language": ('language = "fr"\n', "language must be"),
    "a bad colour": ('[[players]]\nname = "Ana"\ncolour = "pink"\n', "one of yellow, red"),
    "a bad kind": ('[[players]]\nname = "Ana"\nkind = "god"\n', "one of human, random"),
    "a bad name": ('[[players]]\nname = "A\\u001b[31m"\n', "control or formatting"),
    "twins": ('[[players]]\nname = "Ana"\n[[players]]\nname = "ANA"\n', "Two players"),
    "one colour twice": (
        '[[players]]\nname = "A"\ncolour = "red"\n[[players]]\nname = "B"\ncolour = "red"\n',
        "colour red",
    ),
    "six players": ("".join(f'[[players]]\nname = "P{i}"\n' for i in range(6)), "at most 5"),
    "a player's unknown key": ('[[players]]\nname = "A"\nhat = 1\n', "player 1 has hat"),
    "players not a list": ("players = 3\n", "players must be"),
    "too big": ("# " + "x" * 70_000 + "\n", "larger than 64 KiB"),
    # 1 KB files that once gave a traceback (and exit 1) in every command reading them:
    "arrays 500 deep": ("x = " + "[" * 500 + "]" * 500 + "\n", "too deeply to read"),
    "tables 1000 deep": ("x = " + "{a=" * 1000 + "1" + "}" * 1000 + "\n", "too deeply"),
    "players 500 deep": ("players = " + "[" * 500 + "]" * 500 + "\n", "too deeply"),
    "a 5000-digit number": ("bot_delay = " + "9" * 5000 + "\n", "more than 4300 digits"),
    "a 5000-digit theme": ("theme = -" + "1" * 5000 + "\n", "more than 4300 digits"),
    "keys 3000 deep": ("a" + ".a" * 3000 + " = 1\n", "no setting called a"),
    "a player 3000 deep": ("players.a" + ".a" * 3000 + " = 1\n", "players must be"),
    "a huge float": ("bot_delay = 1e99999\n", "bot_delay must be"),
    "a lone surrogate": ('theme = "\\ud800"\n', "not valid TOML"),
    "a date out of range": ("x = 0000-01-01\n", "not valid TOML"),
}


@pytest.mark.parametrize("case", BAD_FILES)
def test_a_file_that_cannot_be_used_gives_the_defaults_one_sentence_and_stays_untouched(
    config_dir: Path, case: str
) -> None:
    text, why = BAD_FILES[case]
    path = write(config_dir, text)
    before = path.read_bytes(), path.stat().st_mtime_ns
    loaded = load()
    assert loaded.settings == DEFAULTS and loaded.from_file == frozenset()
    assert loaded.problem is not None
    assert why in loaded.problem
    assert str(path) in loaded.problem and "\n" not in loaded.problem
    assert loaded.problem.endswith("until you save the settings.")
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_a_directory_or_an_unreadable_file_is_said_so(
    config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (config_dir / "settings.toml").mkdir()
    loaded = load()
    assert loaded.settings == DEFAULTS
    assert loaded.problem is not None and "not a regular file" in loaded.problem
    (config_dir / "settings.toml").rmdir()
    write(config_dir, 'theme = "nord"\n')

    real_open = os.open

    def unreadable(path: object, *args: object, **kwargs: object) -> int:
        if str(path).endswith("settings.toml"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", unreadable)  # as root, chmod would not stop a read
    loaded = load()
    assert loaded.settings == DEFAULTS
    assert loaded.problem is not None and "cannot be read (Permission denied)" in loaded.problem


def test_a_fifo_is_never_waited_on(config_dir: Path) -> None:
    """A FIFO where the file goes: said at once (read in a subprocess, so that a reader that
    waited for a writer would fail the test instead of hanging it)."""
    os.mkfifo(config_dir / "settings.toml")
    code = "from el_grande.settings import load; print(load().problem)"
    env = {**os.environ, "EL_GRANDE_CONFIG": str(config_dir)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert "not a regular file" in out.stdout


BROKEN = "x = " + "[" * 500 + "]" * 500 + "\n"


def test_a_broken_file_stops_no_command(
    config_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cli.main` reads the language from the file before any command: a file tomllib cannot
    read once stopped `export`, `resume --list` and `load --check` with a traceback."""
    from el_grande.core import Game
    from el_grande.persist.store import save_from_game, write_save

    for text in (BROKEN, "bot_delay = " + "9" * 5000 + "\n", "x = " + "{a=" * 1000 + "}" * 1000):
        write(config_dir, text)
        save = tmp_path / "g.json"
        write_save(save_from_game(Game.new(["Ana", "Ben"], 1)), save)
        for argv in (
            ["export", str(save)],
            ["--lang", "ko", "export", str(save), "--format", "md"],
            ["resume", "--list"],
            ["load", str(save), "--check"],
        ):
            assert main(argv) == 0, argv
            capsys.readouterr()
        assert main(["config"]) == 1  # the one command that is about the file
        assert "el-grande: " in capsys.readouterr().err


def test_a_config_path_under_a_file_is_said_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    loaded = load(blocker / "settings.toml")
    assert loaded.settings == DEFAULTS and loaded.problem is not None


def test_an_empty_file_is_the_defaults(config_dir: Path) -> None:
    write(config_dir, "# nothing set yet\n")
    assert load() == settings.Loaded(DEFAULTS, config_dir / "settings.toml")


# --- el-grande config and the command line --------------------------------------------------


def test_config_prints_the_path_and_every_value_with_its_source(
    config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    assert str(config_dir / "settings.toml") in out and "not there" in out
    assert "(default)" in out and "(file)" not in out
    write(config_dir, 'bot_delay = 0.3\npalette = "colour-blind"\n')
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ")}
    assert set(lines) == set(settings.KEYS)
    assert "(file)" in lines["bot_delay"] and "0.3 s" in lines["bot_delay"]
    assert "(file)" in lines["palette"] and "colour-blind" in lines["palette"]
    assert "(default)" in lines["theme"] and "textual-dark" in lines["theme"]
    assert "textual-light" in out  # the themes one may choose
    assert main(["config", "--path"]) == 0
    assert capsys.readouterr().out.strip() == str(config_dir / "settings.toml")


def test_config_with_a_broken_file_says_why_once_and_exits_1(
    config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(config_dir, "theme = \n")
    assert main(["config"]) == 1
    captured = capsys.readouterr()
    assert captured.err.count("not used") == 1 and str(path) in captured.err
    assert "(file)" not in captured.out
    assert path.read_text(encoding="utf-8") == "theme = \n"


def test_load_and_report_says_it_on_the_terminal_once(
    config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(config_dir, "bot_delay = -2\n")
    loaded = settings.load_and_report()
    err = capsys.readouterr().err
    assert loaded.problem is not None and err == f"el-grande: {loaded.problem}\n"
    write(config_dir, "bot_delay = 2\n")
    settings.load_and_report()
    assert capsys.readouterr().err == ""


def test_command_line_flags_win_over_the_settings(config_dir: Path) -> None:
    from el_grande.app.app import ElGrandeApp

    args = build_parser().parse_args(["play", "--players", "Ana,Ben"])
    assert args.bot_delay is None  # not given: the settings decide
    loaded = settings.Loaded(Settings(bot_delay=2.5, auto_advance=4.0), config_dir / "x")
    app = ElGrandeApp(settings=loaded)
    assert app.bot_delay == 2.5 and app.auto_advance == 4.0
    given = build_parser().parse_args(["play", "--players", "Ana,Ben", "--bot-delay", "0"])
    app = ElGrandeApp(settings=loaded, bot_delay=given.bot_delay, auto_advance=1.0)
    assert app.bot_delay == 0.0 and app.auto_advance == 1.0


def test_the_app_reads_the_settings_file_itself_when_not_given_one(config_dir: Path) -> None:
    from el_grande.app.app import ElGrandeApp

    write(config_dir, 'theme = "textual-light"\npalette = "colour-blind"\nbot_delay = 0.1\n')
    app = ElGrandeApp()
    assert (app.theme, app.palette, app.bot_delay) == ("textual-light", "colour-blind", 0.1)
    assert app.settings_problem is None
