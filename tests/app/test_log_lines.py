"""The log draws a line that fits in one row without Rich's wrapping (`GameLog._draw`): the
rows are exactly those Rich's own wrapping draws, for every line of whole games, in English
and in Korean (two cells a character), at the widths a log has, and again when it narrows."""

from __future__ import annotations

from rich.console import Console
from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual.app import App, ComposeResult
from textual.strip import Strip

from el_grande.app.present import line_text
from el_grande.app.widgets.log import GameLog
from el_grande.text import use

from .helpers import KOREAN_NAMES, session_at


def _stories() -> list[Text]:
    """Every line of three whole games (a 4-player one in English, a 3-player one in Korean
    with Korean names, a 2-player one), as the log is given them, and lines in a style of
    their own, with spans of their own, both, or empty."""
    texts = []
    games = (("en", 4, 3, None), ("ko", 3, 9, KOREAN_NAMES), ("en", 2, 11, None))
    for lang, players, seed, names in games:
        use(lang)
        try:
            game = session_at(players, seed, lambda s: s.game.over, names=names)
            texts += [line_text(line) for line in game.log]
        finally:
            use("en")
    styled = Text.assemble(("Ana", "bold"), " moves ", ("2", "red"), style="italic")
    return [*texts, Text("— Round 1 of 9 —", style="bold"), styled, Text(""), Text("x" * 200)]


def _as_rich_wraps(console: Console, text: Text, width: int) -> list[Strip]:
    """`text`'s rows as Rich wraps and draws it (the log's way for a line that does not fit,
    and Textual's `RichLog`'s for every line)."""
    options = console.options.update_width(width)
    render_width = max(1, min(measure_renderables(console, options, [text]).maximum, width))
    rows = list(Segment.split_lines(console.render(text, options.update_width(render_width))))
    return [Strip.blank(render_width)] if not rows else Strip.from_lines(rows)


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


async def test_every_line_is_drawn_as_rich_wraps_it_at_every_width() -> None:
    texts = _stories()
    app = _LogApp()
    async with app.run_test(size=(100, 20)) as pilot:
        log = app.query_one(GameLog)
        for text in texts:
            log.write(text)
        fits = 0
        # The log's widths on a game screen (about 38-45 cells at 100 columns), a narrow one
        # and a wide one: each a rewrap of the whole story (`GameLog.rewrap`).
        for columns in (100, 42, 22):
            await pilot.resize_terminal(columns, 20)
            await pilot.pause()
            await pilot.pause()
            width = log.scrollable_content_region.width
            expected = [_as_rich_wraps(app.console, text, width) for text in texts]
            assert log.lines == [strip for rows in expected for strip in rows], columns
            assert log.virtual_size.width == max(s.cell_length for s in log.lines)
            fits += sum(text.cell_len <= width and bool(text.plain) for text in texts)
        assert fits > len(texts)  # the short way was taken, and often
