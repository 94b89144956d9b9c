"""The game screen as a renderer of the flow's frame (issue 27, step 3): one class, one handler
of each name along its MRO, one `draw` whose `match` covers every scene, keys through one
table, no session read; and what the answering keys mean, without a screen."""

from __future__ import annotations

import ast
import inspect
import textwrap
import typing
from dataclasses import replace
from pathlib import Path

from textual.screen import Screen

from el_grande.app.screens import game, game_input, game_keys, game_modal
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_input import Answering, Highlight, Refuse, Say
from el_grande.app.textual_compat import LaidOutOnce
from el_grande.core import DecisionKind, Game
from el_grande.flow.scenes import Confirm, Frame, Prompt, Scene

MODULES = (game, game_input, game_keys, game_modal)


def test_the_game_screen_is_one_class_with_one_handler_of_each_name() -> None:
    """Textual calls each class's own `on_mount`, `on_key`… along the MRO: with mixins the
    screen worked only by that (`on_mount` ×3, `on_screen_resume` ×3). Now one class, and no
    handler or action name is defined by two classes of the MRO (Textual's own included); the
    one mixin, Textual's layout once (`LaidOutOnce`, textual_compat), handles nothing."""
    assert GameScreen.__bases__ == (LaidOutOnce, Screen)
    ours = [c for c in GameScreen.__mro__ if c.__module__.startswith("el_grande")]
    assert ours == [GameScreen, LaidOutOnce]
    assert not [n for n in vars(LaidOutOnce) if n.startswith(("on_", "action_", "_on_"))]
    names = {n for c in GameScreen.__mro__ for n in vars(c) if n.startswith(("on_", "action_"))}
    for name in sorted(names):
        definers = [c.__name__ for c in GameScreen.__mro__ if name in vars(c)]
        assert len(definers) == 1, (name, definers)
    lines, _ = inspect.getsourcelines(GameScreen)
    assert len(lines) < 400


def _draw_cases() -> set[str]:
    source = textwrap.dedent(inspect.getsource(GameScreen.draw))
    matches = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Match)]
    assert len(matches) == 1  # one match over the scenes
    names: set[str] = set()
    for case in matches[0].cases:
        for node in ast.walk(case.pattern):
            if isinstance(node, ast.MatchClass) and isinstance(node.cls, ast.Name):
                names.add(node.cls.id)
    return names


def test_one_draw_matches_every_scene_confirm_included() -> None:
    scenes = {cls.__name__ for cls in typing.get_args(Scene)}
    assert "Confirm" in scenes
    assert _draw_cases() == scenes


def test_the_screen_reads_no_session() -> None:
    """No attribute of a session is read by the game screen's modules (`x.session.y`,
    `session.y`): it draws the flow's frame. It only hands the session on, whole, to the
    screens of the whole game (the game over, save as, the calculator)."""
    for module in MODULES:
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                inner = node.value
                name = inner.attr if isinstance(inner, ast.Attribute) else getattr(inner, "id", "")
                assert name != "session", f"{module.__name__}:{node.lineno} reads the session"


def test_every_binding_comes_from_the_one_table_of_keys() -> None:
    table = [(k.key, k.intent) for k in game_keys.KEYS]
    assert [(b.key, b.action) for b in GameScreen.BINDINGS] == table  # type: ignore[union-attr]
    for key in game_keys.KEYS:  # each intent is an action of the screen
        action = key.intent.split("(")[0]
        assert callable(getattr(GameScreen, f"action_{action}", None)), key


def _power_decision():  # type: ignore[no-untyped-def]
    game = Game.new(["Ana", "Ben", "Cy"], seed=7)
    d = game.decision
    assert d is not None and d.kind == DecisionKind.POWER
    return d


def test_power_cards_by_number_zero_then_a_digit_for_ten_to_thirteen() -> None:
    d = _power_decision()
    answering = Answering()
    first = answering.place_key(d, "0", "")
    assert isinstance(first, Say) and answering.tens
    eleven = answering.place_key(d, "1", "")
    assert isinstance(eleven, Highlight) and eleven.choice.arg == 11 and not answering.tens
    three = answering.place_key(d, "3", "")
    assert isinstance(three, Highlight) and three.choice.arg == 3


def test_a_refused_key_drops_the_highlight_and_a_pending_zero() -> None:
    d = _power_decision()
    answering = Answering()
    answering.place_key(d, "0", "")
    refused = answering.place_key(d, "9", "")  # "19" is no power card
    assert isinstance(refused, Refuse) and not refused.keep and not answering.tens
    card = answering.card(d, "abc", "a", Highlight)  # no card is chosen at a power card
    assert isinstance(card, Refuse) and not card.keep


def _frame_at_prompt() -> tuple[Frame, Prompt]:
    from tests.flow.table import Table, humans

    flow = Table(humans(3, 7)).flow
    frame = flow.frame
    assert isinstance(frame.scene, Prompt)
    return frame, frame.scene


def test_keys_a_scene_reads_as_they_come() -> None:
    frame, prompt = _frame_at_prompt()
    d = prompt.decision
    held = replace(frame, scene=Confirm(d.player, d, d.choices[0], prompt.view, ready=True))
    intent = game_keys.raw_intent
    assert intent("enter", held, False, True) == "confirm"
    assert intent("3", held, False, True) == intent("up", held, False, True) == "wait_confirm"
    assert intent("u", held, False, True) is None  # the binding takes the held choice back
    assert intent("enter", frame, True, False) == "busy"  # a computer player decides
    assert intent("u", frame, False, False) == "no_undo"  # said why, at a prompt
    assert intent("enter", frame, False, False) is None  # the choice list's
