"""A seat played from a real browser (`el-grande serve`, headless Chromium driven by Selenium,
everything on 127.0.0.1): a 3-seat hosted game, the browser's seat played through the first
general scoring. The page draws the terminal on a canvas, so what is asserted is the host's
state (its autosave: the record). Run by `.ci/run` (`pytest -m browser`), which installs
Debian's `chromium` and `chromium-driver` when they are missing: without them this fails,
never skips. A screenshot of the page mid-game is kept in the test's folder."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from el_grande.persist.store import load_game
from tests.net.wire_helpers import HOST_BOUND, host_env, host_process

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: A bound on failure: the page and its app starting; the game reaching its first scoring.
BOUND = 120.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _until(what: str, done: Any, bound: float = BOUND) -> None:
    """Poll `done()` (a bound on failure, not a wait for time to pass)."""
    end = time.monotonic() + bound
    while not done():
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.1)


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    assert CHROMIUM.exists() and CHROMEDRIVER.exists(), (
        "Debian's chromium and chromium-driver are needed (.ci/run installs them)"
    )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1400,1000",
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


async def test_a_seat_is_played_from_a_browser_through_the_first_scoring(
    tmp_path: Path, browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    host, port, game_id = await host_process(
        tmp_path,
        *("--players", "Ana,Ben,Cy", "--bots", "Ben=greedy,Cy=greedy"),
        *("--seed", "604417329158", "--port", "0"),
    )
    web = _free_port()
    serve = subprocess.Popen(
        [sys.executable, "-m", "el_grande", "--lang", "en", "serve", f"127.0.0.1:{port}"]
        + ["--port", str(web)],
        env={**host_env(tmp_path), "EL_GRANDE_CODE": "NOT-A-CODE"},  # never passed to a tab
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    save = tmp_path / "saves" / f"{game_id}.json"
    from el_grande.net.codes import codes_path, read_codes

    code = read_codes(codes_path(save)).seats[0]
    assert code is not None
    try:
        _until("the page is served", lambda: _listening(web), HOST_BOUND)
        browser.get(f"http://127.0.0.1:{web}/?fontsize=12")
        _until(
            "the app's first frame",
            lambda: (
                "-first-byte"
                in (browser.find_element(By.TAG_NAME, "body").get_attribute("class") or "")
            ),
        )
        keys = browser.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        keys.send_keys(code, Keys.ENTER)

        def round_now() -> int:
            return load_game(save)[1].view(None).round_number if save.exists() else 1

        shot = tmp_path / "browser-mid-game.png"
        end = time.monotonic() + BOUND
        while (now := round_now()) <= 3:  # round 3's general scoring not yet over
            assert time.monotonic() < end, "the browser's seat never got through round 3"
            if now == 2 and not shot.exists():
                browser.save_screenshot(str(shot))
            # The highlighted choice, or a display's next step; at another seat's turn (a
            # computer player's) it does nothing. Paced, not synchronised: each Enter either
            # answers the seat's own decision or is ignored.
            keys.send_keys(Keys.ENTER)
            time.sleep(0.15)
        game = load_game(save)[1]
        # Ana's seat is a person's with no other screen, and no seat goes to a computer player
        # when gone: every one of her decisions in rounds 1-3 came from the page.
        assert game.view(None).round_number == 4 and shot.stat().st_size > 10_000
    finally:
        serve.terminate()
        serve.wait(30)
        host.terminate()
        await asyncio.wait_for(host.wait(), 30)
