"""The settings file's schema (pydantic, strict: a value of the wrong TOML type is refused,
never coerced; an unknown key is refused), and the sentence that says what is wrong.

Imported by `el_grande.settings.load` only when there is a file to check.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from el_grande.bots.registry import level_ids
from el_grande.names import fit, name_problem, names_problem, normalise, printable
from el_grande.settings.values import (
    AUTO_ADVANCE_ON,
    DEFAULT_THEME,
    DEFAULTS,
    KEYS,
    MAX_AUTO_ADVANCE,
    MAX_BOT_DELAY,
    THEMES,
    PlayerDefault,
    Settings,
)
from el_grande.setup import COLOURS
from el_grande.text import t

_STRICT = ConfigDict(extra="forbid", strict=True)


class SettingsProblem(ValueError):
    """Why a settings file cannot be used, as a sentence for the player."""


class Must(ValueError):
    """A value out of bounds; the message says what it must be ("one of yellow, red...")."""


def player_kinds() -> tuple[str, ...]:
    return ("human", *level_ids())


class PlayerModel(BaseModel):
    model_config = _STRICT

    name: str = Field(max_length=200)
    colour: str | None = None
    kind: str = "human"

    @field_validator("name")
    @classmethod
    def _name(cls, name: str) -> str:
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return normalise(name)

    @field_validator("colour")
    @classmethod
    def _colour(cls, colour: str | None) -> str | None:
        if colour is not None and colour not in COLOURS:
            raise Must(_must("players.colour"))
        return colour

    @field_validator("kind")
    @classmethod
    def _kind(cls, kind: str) -> str:
        if kind not in player_kinds():
            raise Must(_must("players.kind"))
        return kind


class SettingsModel(BaseModel):
    model_config = _STRICT

    language: Literal["en", "ko"] | None = None
    theme: str = DEFAULT_THEME
    palette: Literal["standard", "colour-blind"] = "standard"
    bot_delay: float = Field(default=0.8, ge=0, le=MAX_BOT_DELAY, allow_inf_nan=False)
    auto_advance: bool | float = Field(default=False)
    strict_handovers: bool = False
    warnings: bool = True
    tips: Literal["auto", "on", "off"] = "auto"
    since_your_turn: bool = True
    confirm_turn: bool | Literal["auto"] = "auto"
    players: list[PlayerModel] = Field(default_factory=list, max_length=5)

    @field_validator("theme")
    @classmethod
    def _theme(cls, theme: str) -> str:
        if theme not in THEMES:  # Textual's built-in themes
            raise Must(_must("theme"))
        return theme

    @field_validator("auto_advance")
    @classmethod
    def _auto_advance(cls, value: bool | float) -> bool | float:
        if isinstance(value, bool):
            return value
        if not 0 < value <= MAX_AUTO_ADVANCE:  # also refuses nan
            raise Must(_must("auto_advance"))
        return value

    @model_validator(mode="after")
    def _table(self) -> SettingsModel:
        problem = names_problem(p.name for p in self.players)
        if problem is not None:
            raise ValueError(problem)
        colours = [p.colour for p in self.players if p.colour is not None]
        for colour in colours:
            if colours.count(colour) > 1:
                raise ValueError(t("new.err_dup_colour", colour=t(f"colour.{colour}")))
        return self


def settings_from_data(data: dict[str, Any]) -> Settings:
    """The settings a parsed TOML document gives; SettingsProblem (one sentence) if any
    value is of the wrong type, out of range, or unknown."""
    try:
        model = SettingsModel.model_validate(data)
    except ValidationError as exc:
        raise SettingsProblem(_first_problem(exc)) from None
    auto: float | None
    if model.auto_advance is True:
        auto = AUTO_ADVANCE_ON
    elif model.auto_advance is False:
        auto = None
    else:
        auto = float(model.auto_advance)
    players = DEFAULTS.players if "players" not in data else _players(model.players)
    return Settings(
        language=model.language,
        theme=model.theme,
        palette=model.palette,
        bot_delay=float(model.bot_delay),
        auto_advance=auto,
        strict_handovers=model.strict_handovers,
        warnings=model.warnings,
        tips=model.tips,
        since_your_turn=model.since_your_turn,
        confirm_turn=None if model.confirm_turn == "auto" else bool(model.confirm_turn),
        players=players,
    )


def _players(players: list[PlayerModel]) -> tuple[PlayerDefault, ...]:
    """The seats, each without a colour given the first colour nobody has."""

    taken = {p.colour for p in players if p.colour is not None}
    free = iter(c for c in COLOURS if c not in taken)
    return tuple(PlayerDefault(p.name, p.colour or next(free), p.kind) for p in players)


def _first_problem(exc: ValidationError) -> str:
    """The first error as a sentence: where it is and what the value must be."""
    err = exc.errors(include_url=False)[0]
    loc = [str(part) for part in err["loc"]]
    top = loc[0] if loc else "players"  # only the players' table-wide check has no place
    index = int(loc[1]) if top == "players" and len(loc) >= 2 and loc[1].isdigit() else None
    field = loc[2] if index is not None and len(loc) >= 3 else None
    if index is None:
        where = top
    elif field is None:
        where = t("settings.where_player", n=index + 1)
    else:
        where = t("settings.where_player_key", n=index + 1, key=field)
    if err["type"] == "extra_forbidden":
        if index is None:
            return t("settings.err_unknown", key=_shown(top), keys=", ".join(KEYS))
        return t("settings.err_unknown_player", key=_shown(field or ""), n=index + 1)
    found = _found(err.get("input"))
    error = err.get("ctx", {}).get("error")
    if isinstance(error, Must):
        return t("settings.err_must", where=where, must=str(error), found=found)
    if error is not None:  # a sentence of its own (a name, two players alike)
        return t("settings.err_value", where=where, why=str(error))
    key = f"players.{field}" if field else top
    return t("settings.err_must", where=where, must=_must(key), found=found)


def _must(key: str) -> str:
    """What the value of `key` ("bot_delay", "players.kind"...) must be, in words."""

    return t(
        f"settings.must.{key}",
        max=f"{MAX_AUTO_ADVANCE if key == 'auto_advance' else MAX_BOT_DELAY:g}",
        colours=", ".join(COLOURS),
        kinds=", ".join(player_kinds()),
    )


def _shown(text: str) -> str:
    return fit(printable(text), 40)


def _found(value: Any) -> str:
    if isinstance(value, dict):
        return t("settings.found_table")
    if isinstance(value, list):
        return t("settings.found_array")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _shown(json.dumps(value, ensure_ascii=False))
    return _shown(str(value))
