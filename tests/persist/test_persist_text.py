"""Text from a file is shown as text: names in an export cannot add Markdown or HTML, escape
codes are made visible, and names like ``[/]`` are never read as Textual markup."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from el_grande.cli import main as cli_main
from el_grande.core import Game, Options
from el_grande.epilogue import Epilogue
from el_grande.persist import save_from_game, saves_dir
from el_grande.persist.export import export_text, md_escape
from el_grande.persist.model import Seat

HOSTILE = [
    "*Ana*",
    "<b>Ben</b>",
    "[x](http://e.io)",
    "# Cy",
    "_Dee_ `x` &amp;",
]
MORE = [
    "**bold**",
    "<script>alert(1)</script>",
    "![i](http://e.io/i.png)",
    "<http://e.io>",
    "www.evil.com",
    "a | b",
    "1. list",
    "> quote",
    "---",
    "\\*",
    "~~gone~~",
    "<!-- c -->",
    "&#x3C;b&#x3E;",
    "[ref]: http://e.io",
]
TAGS = ("<em", "<strong", "<a ", "<b>", "<code", "<img", "<script", "<s>", "<del", "<table")


def render(md: str) -> str:
    return MarkdownIt("commonmark", {"html": True, "linkify": False}).enable("table").render(md)


@pytest.mark.parametrize("name", HOSTILE + MORE)
def test_md_escape_leaves_only_text(name: str) -> None:
    html = render(f"- {md_escape(name)} plays power card 7.\n")
    assert html.startswith("<ul>\n<li>") and html.count("<li>") == 1, html
    assert not any(tag in html for tag in TAGS), html
    assert "<h" not in html and "<blockquote" not in html and "<hr" not in html, html
    # and what is read is the name itself
    import html as html_lib

    inner = html.removeprefix("<ul>\n<li>").removesuffix(" plays power card 7.</li>\n</ul>\n")
    assert html_lib.unescape(inner) == name


def test_md_escape_makes_escape_codes_visible() -> None:
    assert md_escape("\x1b]52;c;aGk=\x07") == "\\\\x1b\\]52\\;c\\;aGk\\=\\\\x07"
    assert "\x1b" not in render(md_escape("\x1b[2J"))


def hostile_game() -> Game:
    game = Game.new(HOSTILE, seed=4, options=Options(rounds=6, castillo="open"))
    while not game.over:
        game.apply(game.decision.choices[0])  # type: ignore[union-attr]
    return game


def test_the_markdown_export_of_hostile_names(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = hostile_game()
    path = tmp_path / "g.json"
    path.write_text(
        save_from_game(game, seats=[Seat(name=n) for n in HOSTILE]).to_json(), encoding="utf-8"
    )
    out = tmp_path / "g.md"
    assert cli_main(["export", str(path), "-o", str(out)]) == 0
    html = render(out.read_text(encoding="utf-8"))
    # the tables of the scorings are the export's own: one column per player, names as text
    tables = html.split("<table>")[1:]
    assert len(tables) == len(Epilogue.of(game.record()).scorings) + 1  # and the score by round
    for table in tables:
        head = table.split("</thead>")[0]
        assert len(re.findall(r"<th[ >]", head)) in (1 + len(HOSTILE), 2 + len(HOSTILE))
    html = re.sub(r"</?(table|thead|tbody|tr|th|td)[^>]*>", "", html)
    assert not any(tag in html for tag in TAGS)
    headings = [line for line in html.splitlines() if line.startswith("<h")]
    assert headings[0].startswith("<h1>El Grande: ")
    rounds = [h for h in headings if h.startswith("<h2>Round ")]
    assert len(rounds) == 6 and headings[1 : 1 + len(rounds)] == rounds
    assert headings[1 + len(rounds)] == "<h2>Scorings</h2>"
    assert headings[-2:] == ["<h2>Score by round</h2>", "<h2>Result</h2>"]
    assert "&lt;b&gt;Ben&lt;/b&gt; plays power card" in html
    assert "[x](http://e.io) takes" in html or "[x](http://e.io) plays" in html
    # the text export: the names as they are, nothing more
    assert cli_main(["export", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("El Grande: *Ana*, <b>Ben</b>, [x](http://e.io), # Cy, _Dee_")


def test_the_text_export_makes_escape_codes_visible() -> None:
    """export_text on a record that never went through the loader (the app's own)."""
    names = ["\x1b]52;c;aGk=\x07Ana", "Ben\u202e"]
    game = Game.new(names, seed=1, options=Options(rounds=6))
    for _ in range(30):
        game.apply(game.decision.choices[0])  # type: ignore[union-attr]
    for fmt in ("text", "md"):
        out = export_text(game.record(), fmt)
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
        assert "\\x1b" in out and "\\u202e" in out


def test_load_check_shows_a_hostile_path_as_text(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = Path(__file__).with_name("fixtures") / "v010-unfinished-bots.json"
    path = tmp_path / "x\x1b]0;owned\x07.json"
    shutil.copy(src, path)
    assert cli_main(["load", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "x\\x1b]0;owned\\x07.json: a legal unfinished game" in out


async def test_markup_in_names_is_text_in_the_replay_and_the_resume_list(home: Path) -> None:
    from el_grande.app.app import ElGrandeApp, ReplayRequest
    from el_grande.app.screens.resume import ResumeScreen

    names = ["[/]", "[b]Ben[/b]", "[red]Cy"]
    game = Game.new(names, seed=3, options=Options())
    for _ in range(12):
        game.apply(game.decision.choices[0])  # type: ignore[union-attr]
    app = ElGrandeApp(replay=ReplayRequest(game.record(), title="[/]"))
    async with app.run_test(size=(140, 45)) as pilot:
        for _ in range(6):
            await pilot.press("right")
        status = str(app.screen.query_one("#replay-status").render())
        assert status.startswith("[/] — decision 6 of 12")
        assert any(f"next: {n}" in status for n in names)

    saves_dir().mkdir(parents=True)
    save = save_from_game(game, seats=[Seat(name=n) for n in names])
    (saves_dir() / f"{save.game_id}.json").write_text(save.to_json())
    app2 = ElGrandeApp()
    async with app2.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        app2.push_screen(ResumeScreen())
        await pilot.pause()
        prompt = str(app2.screen.query_one("#resume-list").get_option_at_index(0).prompt)  # type: ignore[attr-defined]
        assert prompt.startswith("[/], [b]Ben[/b], [red]Cy · round ")
