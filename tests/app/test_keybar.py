"""The key bar: one entry per action, the keys that work now, a click presses the key."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Select

from el_grande.app.widgets.keybar import KeyBar
from el_grande.text import t, use


class _Screen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game"),
        Binding("q", "app.quit", "Quit"),
        Binding("x", "hidden", "Hidden", show=False),
    ]
    pressed: ClassVar[list[str]] = []

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def action_new(self) -> None:
        self.pressed.append("n")


class _App(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def on_mount(self) -> None:
        self.push_screen(_Screen())


async def test_one_entry_per_action_and_a_click_presses_the_key() -> None:
    app = _App()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar.render().plain
        assert text.count("Quit") == 1  # the screen's q, not also the app's ctrl+q
        assert " q Quit" in text and "^q" not in text
        assert "New game" in text and "Hidden" not in text
        start = text.index(" n ")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await pilot.pause()
        assert _Screen.pressed == ["n"]


class _SelectScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Select([("one", 1), ("two", 2)], value=1)
        yield KeyBar()


class _SelectApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(_SelectScreen())


async def test_textual_s_own_keys_are_in_the_catalogue_s_words() -> None:
    """An open list's Esc is Textual's "Dismiss menu": the bar says it as the catalogue does."""
    use("ko")
    try:
        app = _SelectApp()
        async with app.run_test(size=(60, 12)) as pilot:
            await pilot.pause()
            app.screen.query_one(Select).focus()
            await pilot.press("enter")  # opens the list
            await pilot.pause()
            text = app.screen.query_one(KeyBar).render().plain
            assert t("keys.close_list") in text and "목록" in text
            assert "Dismiss" not in text
    finally:
        use("en")


class _CrowdedScreen(Screen[None]):
    """As many keys as a game screen offers, with labels as long as Korean ones (2 cells a
    character)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(k, f"press('{k}')", "다른 이름으로 저장") for k in "abcdefghij"],
        Binding("q", "app.quit", "종료"),
    ]

    def compose(self) -> ComposeResult:
        yield KeyBar()


class _CrowdedApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(_CrowdedScreen())


async def test_a_crowded_bar_shortens_labels_and_keeps_every_key() -> None:
    """Too many keys for the width: the padding goes, then the longest labels shorten (with
    "…"), so every key, the last one (quit) too, stays on the line and clickable."""
    app = _CrowdedApp()
    async with app.run_test(size=(100, 5)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar.render().plain
        assert text.endswith("q 종료")  # the last key whole, not cut off by the edge
        assert all(f"{k} " in text for k in "abcdefghij")
        assert "…" in text and bar.render().cell_len <= 100
        assert [key for _s, _e, key in bar._spans] == [*"abcdefghij", "q"]
    wide = _CrowdedApp()
    async with wide.run_test(size=(300, 5)) as pilot:
        await pilot.pause()
        text = wide.screen.query_one(KeyBar).render().plain
        assert "…" not in text and " a 다른 이름으로 저장 " in text  # room: as before
