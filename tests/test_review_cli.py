"""`el-grande review FILE`: a finished game's review as Markdown, in English or Korean."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from el_grande.bots import make_bot, play_game
from el_grande.cli import main
from el_grande.core import Game, Options
from el_grande.persist.model import Seat
from el_grande.persist.store import save_from_game, write_save
from el_grande.review import Settings, Task, Verdict
from el_grande.review_report import CHART_HEIGHT, chart
from el_grande.text import use

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")

NAMES = ("*Ana*", "Ben")
FAST = ["--jobs", "1", "--draws", "2", "--no-progress"]


@functools.cache
def _finished() -> Game:
    """The finished game of every review here, played once (only ever read)."""
    game = Game.new(list(NAMES), seed=8, options=Options(rounds=6))
    play_game(game, [make_bot("greedy", seed=s) for s in range(2)])
    return game


def _save(
    tmp_path: Path, kinds: tuple[str, str] = ("human", "bot:greedy"), over: bool = True
) -> Path:
    if over:
        game = _finished()
    else:
        game = Game.new(list(NAMES), seed=8, options=Options(rounds=6))
        game.apply(game.decision.choices[0])  # type: ignore[union-attr]
    path = tmp_path / "game.json"
    seats = [Seat(name=n, kind=k) for n, k in zip(NAMES, kinds, strict=True)]
    write_save(save_from_game(game, seats=seats), path)
    return path


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The finished game most tests review (read only: each writes in its own `tmp_path`)."""
    return _save(tmp_path_factory.mktemp("saved"))


@pytest.fixture(scope="module", autouse=True)
def each_decision_analysed_once() -> Iterator[None]:
    """The tests review the same game (`saved`, or its moves with a seat lent to the Hard
    player): a decision one of them analysed is not analysed again for another. A verdict is
    a function of its task and settings alone (`review.analyse`; the memo only saves work:
    tests/test_review.py), and holds no words: Ben's verdicts read in Korean are those the
    English review of both seats found, and the review around them runs as ever."""
    from el_grande import review

    analyse = review.analyse
    found: dict[tuple[str, Settings], Verdict] = {}

    def once(task: Task, settings: Settings, *rest: Any) -> Verdict:  # as `review` calls it
        key = (repr(task), settings)
        if key not in found:
            found[key] = analyse(task, settings, *rest)
        return found[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review, "analyse", once)
        yield


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


def test_the_review_is_markdown_with_every_part(saved: Path, tmp_path: Path) -> None:
    """Every part, in the file `-o` writes (`--all`: the computer player's review after the
    person's). Without `--all` only the person is reviewed, on the standard output: see
    `test_a_seat_that_changed_hands_is_reviewed_where_a_person_played_it`."""
    path = saved
    written = tmp_path / "review.md"
    assert main(["review", str(path), "--all", "-o", str(written), *FAST]) == 0
    text = written.read_text(encoding="utf-8")
    assert text.startswith("# \\*Ana\\*'s game, reviewed\n")  # a name is text, not emphasis
    assert text.count("'s game, reviewed") == 2 and "\n# Ben's game, reviewed\n" in text
    ana = text.split("\n# Ben's game, reviewed\n", 1)[0]
    for heading in (
        "## Summary",
        "## The five biggest mistakes",
        "## Round by round",
        "## Expected margin and score, decision by decision",
        "## Every decision",
    ):
        assert f"\n{heading}\n" in ana
    assert "```text\nmargin" in ana and "| Round | Decisions | Cost |" in ana
    # Under the margin chart, its dotted 0 and what the scale means; then the score's chart.
    margin, _, rest = ana.partition("```text\nmargin\n")[2].partition("```\n")
    zero = [row for row in margin.splitlines() if row.partition("┤")[0].strip() == "0"]
    assert len(zero) == 1 and "·" in zero[0]
    sentence = "The margin is \\*Ana\\*'s expected final score minus the best other player's:"
    assert rest.startswith(f"\n{sentence}") and "\n```text\nscore\n" in rest


def test_the_margin_chart_marks_0() -> None:
    """The margin's scale always holds a row of exactly 0, dotted: level with the best other
    player (the score chart dots its lowest row). The sentence under it that says what the
    scale means: `test_the_review_is_markdown_with_every_part` (issue 31: a chart starting
    near -10 read as discouraging)."""
    behind = chart("margin", [-10.0, -3.0, -7.5, -9.0], [1, 1, 2, 2], sign=True)
    assert behind[: CHART_HEIGHT + 2] == [
        "margin",
        "     0 ┤····",  # above every value: all four are behind
        "    -1 ┤",
        "    -2 ┤ ●",
        "    -4 ┤",
        "    -5 ┤",
        "    -6 ┤",
        "    -8 ┤  ●",
        "    -9 ┤   ●",
        "   -10 ┤●",
        "       └1─2─",
    ]
    ahead = chart("margin", [3.0, 12.0], [1, 2], sign=True)
    assert ahead[1] == "   +12 ┤ ●" and ahead[7] == "    +3 ┤●" and ahead[9] == "     0 ┤··"
    around = chart("margin", [-6.0, 9.0, 2.0], [1, 1, 1], sign=True)
    assert around[6] == "     0 ┤···" and around[5] == "    +2 ┤  ●" and around[9] == "    -6 ┤●"
    score = chart("score", [30.0, 50.0], [1, 2])  # its lowest row dotted, 0 or not
    assert score[1] == "   50 ┤ ●" and score[9] == "   30 ┤●·"


def test_the_review_in_korean(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved
    assert main(["--lang", "ko", "review", str(path), "--seat", "ben", "--all", *FAST]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Ben의 게임 복기\n")
    assert "## 가장 큰 실수 다섯" in out and "## 라운드별" in out
    assert "\n점수 차는 Ben의 예상 최종 점수에서 다른 플레이어 중 최고 점수를 뺀 것으로, 0은" in out
    for english in ("Summary", "Round by round", "cost", "better", "Expected"):
        assert english not in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--seat", "Cy"], "there is no player called 'Cy'"),
        (["--seat", "Ben"], "no person played at this table"),
    ],
)
def test_bad_requests_are_one_sentence_and_exit_1(
    saved: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    path = saved
    assert main(["review", str(path), *args, "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("el-grande: ") and says in err and err.count("\n") == 1


def _flag_cases() -> list[tuple[list[str], str]]:
    from el_grande.review import MAX_DRAWS
    from el_grande.workers import MAX_SEED, max_jobs

    return [
        (["--draws", "0"], f"--draws must be between 1 and {MAX_DRAWS}."),
        (["--draws", str(MAX_DRAWS + 1)], f"--draws must be between 1 and {MAX_DRAWS}."),
        (["--draws", str(10**20)], f"--draws must be between 1 and {MAX_DRAWS}."),
        (["--jobs", "0"], f"--jobs must be between 1 and {max_jobs()}"),
        (["--jobs", str(max_jobs() + 1)], f"--jobs must be between 1 and {max_jobs()}"),
        (["--seed", "-1"], f"--seed must be between 0 and {MAX_SEED}."),
        (["--seed", str(10**40)], f"--seed must be between 0 and {MAX_SEED}."),
    ]


@pytest.mark.parametrize(("args", "says"), _flag_cases())
def test_every_flag_beyond_its_bound_is_one_usage_line_and_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    says: str,
) -> None:
    """Issue 26, item 7: `--draws 10**20` was accepted (it ran on, its memory rising). Every
    flag has a bound, said in the help, and a flag beyond it is refused before the save is
    even read: one line in argparse's style, exit code 2."""
    from el_grande import review

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("the review was started")

    monkeypatch.setattr(review, "review", never)
    assert main(["review", str(tmp_path / "never-read.json"), *args, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("el-grande review: error: ") and says in err and err.count("\n") == 1


def test_a_name_of_thousands_of_characters_is_cut_in_the_sentence(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved
    assert main(["review", str(path), "--seat", "y" * 5000, "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200 and "yyy…" in err


def test_the_help_says_every_bound(capsys: pytest.CaptureFixture[str]) -> None:
    from el_grande.review import MAX_DRAWS
    from el_grande.workers import MAX_SEED, max_jobs

    with pytest.raises(SystemExit):
        main(["review", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for bound in (f"1 to {MAX_DRAWS}", f"1 to {max_jobs()}", f"0 to {MAX_SEED}"):
        assert bound in help_text


def test_an_unfinished_game_a_table_of_computers_and_the_save_itself_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = _save(tmp_path, over=False)
    assert main(["review", str(unfinished)]) == 1
    assert "not finished" in capsys.readouterr().err
    bots = _save(tmp_path, kinds=("bot:greedy", "bot:strong"))
    assert main(["review", str(bots)]) == 1
    assert "--all reviews the computer players" in capsys.readouterr().err
    before = bots.read_bytes()
    assert main(["review", str(bots), "--all", "-o", str(bots)]) == 1
    assert "will not write the review over the save file" in capsys.readouterr().err
    assert bots.read_bytes() == before
    assert main(["review", str(tmp_path / "missing.json")]) == 1


def test_the_help_gives_the_reviews_own_default_draws(capsys: pytest.CaptureFixture[str]) -> None:
    from el_grande.review import Settings

    with pytest.raises(SystemExit):
        main(["review", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"; default {Settings().draws})" in help_text


def test_review_o_never_replaces_a_link_a_device_or_a_fifo(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As `export -o` (issue 16, item 3): `-o` onto a link to a device, a link to nothing, a
    FIFO or a name too long is one sentence, before the review runs, and nothing is replaced."""
    import os

    path = saved
    to_null = tmp_path / "to-null"
    to_null.symlink_to("/dev/null")
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nothing")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for out, says in (
        (to_null, "it is not a regular file"),
        (dangling, "it is not a regular file"),
        (fifo, "it is not a regular file"),
        (tmp_path / ("x" * 300), "File name too long"),
    ):
        before = os.lstat(out) if os.path.lexists(out) else None
        assert main(["review", str(path), *FAST, "-o", str(out)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("el-grande: ") and says in err and err.count("\n") == 1, err
        if before is not None:
            after = os.lstat(out)
            assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert os.readlink(to_null) == "/dev/null" and not (tmp_path / "nothing").exists()


def test_a_seat_that_changed_hands_is_reviewed_where_a_person_played_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ana's seat went to the Hard player for a stretch: her review has none of its decisions.
    (A long stretch, most of the game: a person's few decisions on each side of it are what
    the review reads.)"""
    from el_grande.persist.model import Hand

    game = _finished()
    total = len(game.history)
    lent, back = total // 6, 5 * total // 6
    hands = [(0, "human"), (lent, "bot:strong"), (back, "human")]
    played_by = [Hand.model_validate({"from": at, "kind": kind}) for at, kind in hands]
    seats = [Seat(name=NAMES[0], played_by=played_by), Seat(name=NAMES[1], kind="bot:greedy")]
    path = tmp_path / "game.json"
    write_save(save_from_game(game, seats=seats), path)
    assert main(["review", str(path), *FAST]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# \\*Ana\\*'s game, reviewed\n")  # a name is text, not emphasis
    assert "Ben's game" not in out  # a computer player is reviewed only with --all
    table = out.split("## Every decision", 1)[1]
    numbers = [
        int(row.split("|")[1]) for row in table.splitlines() if row[:3].strip("| ").isdigit()
    ]
    assert numbers and all(n <= lent or n > back for n in numbers)
    assert any(n > back for n in numbers) and any(n <= lent for n in numbers)
