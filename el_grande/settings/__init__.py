"""The player's settings: `settings.toml` in the platform's config directory.

    from el_grande import settings
    loaded = settings.load()          # never raises: a file that cannot be used gives the
    loaded.settings.theme             # defaults, and `loaded.problem` says why in a sentence
    loaded.source("theme")            # "file" or "default"
    settings.save(new_settings)       # atomic (el_grande.atomic); OSError if it cannot write
    settings.describe(loaded)         # [(key, value as shown, source)]: `el-grande config`

The file lives in `$EL_GRANDE_CONFIG/` when that variable is set (tests use it), else in
`platformdirs.user_config_dir("el-grande", appauthor=False)`: `~/.config/el-grande/` on Linux,
`~/Library/Application Support/el-grande/` on macOS, `%LOCALAPPDATA%\\el-grande\\` on Windows.

It is data from outside, read with the save loader's guarantees: only a regular file, at most
64 KiB, read with `tomllib` (nesting too deep to read and numbers too long to read are a
sentence, like any other TOML error), validated strictly with pydantic
(`el_grande.settings.model`, imported only when there is a file, so start-up without one stays
light). A file that cannot be used — not TOML, a wrong type, an unknown key, a directory,
unreadable — is never changed: the defaults apply and `problem` says why; only a deliberate
`save` writes the file. `load` never raises, so a broken file never stops a command. Written
with `tomli-w`, every key, so the file shows what can be set.
"""

from __future__ import annotations

import os
import sys
from dataclasses import field
from pathlib import Path
from typing import Any, Literal

import platformdirs

from el_grande.atomic import atomic_write_text
from el_grande.files import NotRegular, TooBig, read_regular
from el_grande.names import printable
from el_grande.records import record
from el_grande.settings.values import (
    AUTO_ADVANCE_ON,
    DEFAULT_PLAYERS,
    DEFAULT_THEME,
    DEFAULTS,
    KEYS,
    LANGUAGES,
    MAX_AUTO_ADVANCE,
    MAX_BOT_DELAY,
    PALETTES,
    PlayerDefault,
    Settings,
)
from el_grande.text import t

__all__ = [
    "AUTO_ADVANCE_ON",
    "CONFIG_ENV",
    "DEFAULT_PLAYERS",
    "DEFAULTS",
    "DEFAULT_THEME",
    "KEYS",
    "LANGUAGES",
    "MAX_AUTO_ADVANCE",
    "MAX_BOT_DELAY",
    "PALETTES",
    "Loaded",
    "PlayerDefault",
    "Settings",
    "config_dir",
    "describe",
    "load",
    "load_and_report",
    "save",
    "settings_path",
    "to_toml",
]

CONFIG_ENV = "EL_GRANDE_CONFIG"
FILE_NAME = "settings.toml"
MAX_BYTES = 64 * 1024

Source = Literal["default", "file"]


@record
class Loaded:
    """What `load` found: the settings in effect, the file, which keys the file set, and why
    the file was not used (None: it was, or there is none)."""

    settings: Settings
    path: Path
    from_file: frozenset[str] = field(default_factory=frozenset)
    problem: str | None = None

    def source(self, key: str) -> Source:
        return "file" if key in self.from_file else "default"


# --- where -----------------------------------------------------------------------------------


def config_dir() -> Path:
    """The config directory (not created)."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env).expanduser()

    return Path(platformdirs.user_config_dir("el-grande", appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


# --- reading ---------------------------------------------------------------------------------


def load(path: Path | None = None) -> Loaded:
    """The settings from `path` (default: `settings_path()`). Never raises and never writes:
    no file means the defaults; a file that cannot be used means the defaults and a
    `problem` sentence."""
    path = Path(path) if path is not None else settings_path()

    try:
        raw = read_regular(path, MAX_BYTES)  # the save loader's reader: no FIFO can hang it
    except FileNotFoundError:
        return Loaded(DEFAULTS, path)
    except NotRegular:
        return _unusable(path, t("settings.err_not_file"))
    except TooBig:
        return _unusable(path, t("settings.err_too_big", kib=MAX_BYTES // 1024))
    except OSError as exc:  # e.g. a parent that is a file, or no permission to look
        return _unusable(path, t("settings.err_unreadable", why=_reason(exc)))
    except ValueError as exc:  # a NUL in the name
        return _unusable(path, t("settings.err_unreadable", why=printable(str(exc))))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _unusable(path, t("settings.err_not_utf8"))
    import tomllib  # start-up: ~7 ms, only when there is a file

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return _unusable(path, t("settings.err_toml", detail=printable(str(exc))))
    except RecursionError:  # arrays or inline tables nested hundreds deep
        return _unusable(path, t("settings.err_deep"))
    except ValueError:  # an integer longer than Python reads (sys.get_int_max_str_digits)
        return _unusable(path, t("settings.err_number", n=sys.get_int_max_str_digits() or 4300))
    except (OverflowError, UnicodeError, MemoryError) as exc:
        detail = printable(str(exc) or type(exc).__name__)[:200]
        return _unusable(path, t("settings.err_toml", detail=detail))
    if not data:
        return Loaded(DEFAULTS, path)
    from el_grande.settings.model import SettingsProblem, settings_from_data  # start-up: pydantic

    try:
        settings = settings_from_data(data)
    except SettingsProblem as exc:
        return _unusable(path, str(exc))
    except RecursionError:  # tables nested too deep to check (`a.a.a.a… = 1`)
        return _unusable(path, t("settings.err_deep"))
    return Loaded(settings, path, frozenset(data))


def load_and_report() -> Loaded:
    """`load()`, saying on the terminal (stderr), once, why the file is not used: what the
    command line does before it opens the app (which says it again on the title screen)."""
    loaded = load()
    if loaded.problem:
        print(f"el-grande: {loaded.problem}", file=sys.stderr)
    return loaded


def _reason(exc: OSError) -> str:
    return printable(exc.strerror or str(exc))


def _unusable(path: Path, why: str) -> Loaded:
    problem = t("settings.problem", path=printable(str(path)), why=why.rstrip("."))
    return Loaded(DEFAULTS, path, problem=problem)


# --- writing ---------------------------------------------------------------------------------


def to_toml(settings: Settings) -> str:
    """The settings as the file holds them (every key, `language` only when set)."""
    import tomli_w  # start-up: only to write

    data: dict[str, Any] = {}
    if settings.language is not None:
        data["language"] = settings.language
    data["theme"] = settings.theme
    data["palette"] = settings.palette
    data["bot_delay"] = float(settings.bot_delay)
    data["auto_advance"] = False if settings.auto_advance is None else settings.auto_advance
    data["strict_handovers"] = settings.strict_handovers
    data["warnings"] = settings.warnings
    data["tips"] = settings.tips
    data["since_your_turn"] = settings.since_your_turn
    data["confirm_turn"] = "auto" if settings.confirm_turn is None else settings.confirm_turn
    data["players"] = [
        {"name": p.name, "colour": p.colour, "kind": p.kind} for p in settings.players
    ]
    return t("settings.file_header") + "\n\n" + tomli_w.dumps(data)


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write `settings` to `path` (default: `settings_path()`), atomically: a crash leaves the
    old file or the new one. Raises OSError if it cannot be written. Returns the path."""

    path = Path(path) if path is not None else settings_path()
    atomic_write_text(path, to_toml(settings))
    return path


# --- showing ---------------------------------------------------------------------------------


def shown_value(settings: Settings, key: str) -> str:
    """A setting's value in words (`el-grande config`, the settings screen)."""
    value = getattr(settings, key)
    if key == "language":
        return value if value is not None else t("config.unset")
    if key == "bot_delay":
        return t("config.seconds", n=_number(value))
    if key == "auto_advance":
        return t("config.off") if value is None else t("config.seconds", n=_number(value))
    if key == "confirm_turn" and value is None:
        return t("config.confirm_auto")
    if key in ("strict_handovers", "warnings", "since_your_turn", "confirm_turn"):
        return t("config.on") if value else t("config.off")
    if key == "players":
        return "; ".join(
            t("config.player", name=printable(p.name), colour=p.colour, kind=p.kind) for p in value
        ) or t("config.none")
    return str(value)


def _number(x: float) -> str:
    return f"{x:g}"


def describe(loaded: Loaded) -> list[tuple[str, str, Source]]:
    """Every setting: (key, the value in effect in words, where it came from)."""
    return [(key, shown_value(loaded.settings, key), loaded.source(key)) for key in KEYS]
