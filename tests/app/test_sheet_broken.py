"""`el-grande calc` over a broken `sheet.json` (issue 26, item 6): it opens, says why the file
is not used in one sentence and sets it aside; the next start opens on no broken file and says
nothing. It once crashed at every start (exit 70) on a number of 5 000 digits."""

from __future__ import annotations

from pathlib import Path

import pytest

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.sheet import NamesScreen
from el_grande.sheet.model import Sheet
from el_grande.sheet.store import sheet_path, to_json

from .helpers import SIZE, screen_text, settle


@pytest.mark.parametrize("broken", ["a huge number", "not JSON"])
async def test_calc_opens_twice_over_a_broken_sheet(
    broken: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    good = to_json(Sheet.new(["Ana", "Ben"]))
    if broken == "a huge number":
        text = good.replace('"current": 0', f'"current": {"9" * 5000}')
    else:
        text = good[:-20]  # cut off
    sheet_path().write_text(text)
    notices = []
    for _ in range(2):
        app = ElGrandeApp(sheet=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, NamesScreen)  # the sheet starts empty: names first
            notices.append(app.screen.notice)
            shown = screen_text(app)
            await pilot.press("escape")
    first, second = notices
    assert first is not None and "cannot be used" in first and "kept as sheet.bad.json" in first
    assert "cannot be used" not in shown  # the second start says nothing
    assert second is None
    assert (tmp_path / "sheet.bad.json").read_text() == text and not sheet_path().exists()
