"""`el-grande host` as a person runs it (a process of its own, on 127.0.0.1, a free port):
killed with SIGKILL in the middle of a game and started again with `--resume`, it opens the
same seats to the same codes on the same port; the screens (the real client) connect again
on their own, get the whole state again and play the game to its end; then the host, every
screen gone, ends by itself."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from el_grande.net.client import SocketLink, run_client

from .wire_helpers import Scripted, host_process, url

#: A bound on failure for the host's start and for a game's end (each takes about a second).
BOUND = 60.0


def _quick() -> Iterator[float]:
    return itertools.repeat(0.05)  # the pace of the client's retries while the host is away


def _children(pid: int) -> list[int]:
    """The processes `pid` started (Linux: /proc), but the resource tracker."""
    pids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [
        int(p) for p in pids if b"resource_tracker" not in Path(f"/proc/{p}/cmdline").read_bytes()
    ]


async def test_a_host_killed_and_resumed_goes_on_with_its_screens(tmp_path: Path) -> None:
    first, port, game = await host_process(
        tmp_path,
        *("--players", "Ana,Ben,Cy", "--bots", "Cy=greedy"),
        *("--seed", "730918264503", "--rounds", "6", "--port", "0"),
    )
    from el_grande.net.codes import codes_path, read_codes  # (the table helper's module)

    processes = [first]
    codes = read_codes(codes_path(tmp_path / "saves" / f"{game}.json"))
    assert (tmp_path / "saves" / f".{game}.codes").stat().st_mode & 0o077 == 0
    from el_grande.persist.store import scan_saves

    saves, problems = scan_saves(tmp_path)  # the codes file is no save, and not a problem
    assert [s.file.game_id for s in saves] == [game] and problems == []
    ana_link, ben_link = SocketLink(), SocketLink()
    ana = Scripted(ana_link, seed=1, stop_after=6)  # Ana stops after 6 answers: the kill
    ben = Scripted(ben_link, seed=2)
    clients = [
        asyncio.create_task(run_client(url(port), code, screen, link=link, reconnect_delays=_quick))
        for code, screen, link in ((codes.seats[0], ana, ana_link), (codes.seats[1], ben, ben_link))
        if code is not None
    ]
    try:
        async with asyncio.timeout(BOUND):
            await ana.stopped.wait()  # the game waits for Ana's answer
        before = list(ana.log)
        assert before and ana.welcomes == 1
        ana.welcomed.clear()
        ben.welcomed.clear()
        workers = _children(first.pid)  # Cy's thinking: the host's worker processes
        assert workers
        first.send_signal(signal.SIGKILL)
        assert await first.wait() == -signal.SIGKILL
        async with asyncio.timeout(BOUND):  # the workers end with their host
            while any(Path(f"/proc/{pid}").exists() for pid in workers):
                await asyncio.sleep(0.05)
        async with asyncio.timeout(BOUND):
            await ana.lost.wait()
            await ben.lost.wait()
        again, port_again, game_again = await host_process(
            tmp_path, "--resume", game, "--port", str(port)
        )
        processes.append(again)
        assert (port_again, game_again) == (port, game)
        async with asyncio.timeout(BOUND):
            await ana.welcomed.wait()  # the same code opened the same seat again
            await ben.welcomed.wait()
        assert (ana.seat, ben.seat) == (0, 1) and ana.welcomes == ben.welcomes == 2
        ana.go_on()
        async with asyncio.timeout(BOUND):
            await ana.over.wait()
            await ben.over.wait()
        assert ana.log[: len(before)] == before  # the game went on from where it was
        assert len(ana.log) > len(before) and ana.answers > 6
        for client in clients:
            client.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        async with asyncio.timeout(BOUND):  # the game over and its screens gone: it ends
            assert await again.wait() == 0
    finally:
        for client in clients:
            client.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        for process in processes:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()


# --- the commands' own checks (in this process) ---------------------------------------------


def test_a_table_s_address_becomes_its_url() -> None:
    from el_grande.net_cli import table_url

    assert table_url("192.168.1.20") == "ws://192.168.1.20:8765/"
    assert table_url("example.org:9000") == "ws://example.org:9000/"
    assert table_url("ws://127.0.0.1:9/anything?at=all") == "ws://127.0.0.1:9/"
    assert table_url("[::1]:9000") == "ws://[::1]:9000/"
    assert table_url("example.org", secure=True) == "wss://example.org:8765/"
    for bad in ("http://example.org", "example.org:99999", "", "ws://"):
        with pytest.raises(ValueError):
            table_url(bad)


def test_join_takes_no_code_as_an_argument_and_never_repeats_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from el_grande.cli import main

    monkeypatch.delenv("EL_GRANDE_CODE", raising=False)
    assert main(["--lang", "en", "join", "127.0.0.1:9", "QRST-VWXY-Z123"]) == 2
    err = capsys.readouterr().err
    assert "QRST" not in err and "EL_GRANDE_CODE" in err


def test_join_without_a_code_opens_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import getpass

    from el_grande.cli import main

    monkeypatch.delenv("EL_GRANDE_CODE", raising=False)
    asked: list[str] = []
    monkeypatch.setattr(getpass, "getpass", lambda prompt: asked.append(prompt) or "  ")
    assert main(["--lang", "en", "watch", "127.0.0.1:9"]) == 2
    assert asked == ["Code: "]
    assert "No code was given" in capsys.readouterr().err


def test_the_code_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from el_grande.net_cli import ask_code

    monkeypatch.setenv("EL_GRANDE_CODE", " abcd-efgh-jkmn ")
    assert ask_code() == "abcd-efgh-jkmn"


def test_host_refuses_a_certificate_without_its_key(capsys: pytest.CaptureFixture[str]) -> None:
    from el_grande.cli import main

    assert main(["--lang", "en", "host", "--players", "Ana,Ben", "--cert", "x.pem"]) == 2
    assert "--cert and --key go together" in capsys.readouterr().err


def test_join_without_an_address_names_only_the_address(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from el_grande.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "en", "join"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "HOST[:PORT]" in err and "more" not in err


def test_here_takes_people_s_seats_each_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from el_grande.cli import main

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))  # each try autosaves a game first

    for here in ("Cy", "Zed", "1,1", "4"):
        args = ["--lang", "en", "host", "--players", "Ana,Ben,Cy", "--bots", "Cy=greedy"]
        assert main([*args, "--here", here, "--port", "0"]) == 2
        assert "--here" in capsys.readouterr().err


async def test_a_host_stopped_by_sigterm_says_bye_to_its_screens_and_lets_the_game_go(
    tmp_path: Path,
) -> None:
    from el_grande.net.codes import codes_path, read_codes  # (the table helper's module)
    from el_grande.net.table_clock import ClockRules, read_clock

    said: list[str] = []
    host, port, game = await host_process(
        tmp_path,
        *("--players", "Ana,Ben", "--seed", "415263748596", "--port", "0"),
        *("--clock", "45", "--reserve", "90", "--out", "computer"),
        said=said,
    )
    rules = ClockRules(45, 90, "computer")
    assert rules.sentence() + "\n" in said  # the table clock's rule, before the game
    try:
        codes = read_codes(codes_path(tmp_path / "saves" / f"{game}.json"))
        assert codes.seats[0] is not None
        link = SocketLink()
        ana = Scripted(link, seed=4, stop_after=0)
        client = asyncio.create_task(
            run_client(url(port), codes.seats[0], ana, link=link, reconnect_delays=_quick)
        )
        async with asyncio.timeout(BOUND):
            await ana.welcomed.wait()
            host.send_signal(signal.SIGTERM)
            sentence = await client  # the table's bye ends the client: no retrying
            assert await host.wait() == 0
        assert sentence == ana.bye == "The table is closed."
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
    kept = read_clock(tmp_path / "saves" / f".{game}.clock", 2)
    assert kept.rules == rules and kept.reserves == (90.0, 90.0)
    # The game was let go: it is hosted again at once, with the same codes and clock.
    said.clear()
    again, _, same = await host_process(tmp_path, "--resume", game, "--port", "0", said=said)
    try:
        assert same == game and rules.sentence() + "\n" in said
        assert read_codes(codes_path(tmp_path / "saves" / f"{game}.json")) == codes
    finally:
        again.send_signal(signal.SIGTERM)
        async with asyncio.timeout(BOUND):
            assert await again.wait() == 0


def test_join_hands_the_app_its_connection(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`el-grande join` gives the app the coroutine that connects (a regression: it was passed
    where the link goes, and the screen stayed on "connecting")."""
    import argparse

    import el_grande.app.remote_app as remote_app
    from el_grande import net_cli

    got: dict[str, object] = {}

    class App:
        def __init__(self, state, link=None, *, connect=None, where="", keyboard=None, ask=None):  # type: ignore[no-untyped-def]
            got.update(state=state, link=link, connect=connect, where=where, ask=ask)

        def run(self) -> None:
            pass

    monkeypatch.setattr(remote_app, "RemoteApp", App)
    monkeypatch.setenv("EL_GRANDE_CODE", "ABCD-EFGH-JKLM")
    args = argparse.Namespace(
        more=[], tls=False, cafile=None, address="127.0.0.1:9", ask_on_screen=False
    )
    assert net_cli.run_join(args) == 0
    assert callable(got["connect"]) and got["link"] is None and got["ask"] is None
    assert got["where"] == "ws://127.0.0.1:9/"
    # `--ask-on-screen` (a browser tab): the app asks the code; EL_GRANDE_CODE is not read.
    args.ask_on_screen = True
    assert net_cli.run_join(args) == 0
    assert callable(got["ask"]) and got["connect"] is None


def test_host_refuses_clock_options_that_make_no_clock(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`--reserve` or `--out` without `--clock`, or a time that is no clock's: exit 2 with a
    sentence, before any game is made (no save, no join codes)."""
    from el_grande.cli import main

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    base = ["--lang", "en", "host", "--players", "Ana,Ben", "--port", "0"]
    for extra, says in (
        (["--reserve", "10"], "--clock"),
        (["--out", "computer"], "--clock"),
        (["--clock", "0"], "seconds"),
        (["--clock", "20", "--reserve", "nan"], "seconds"),
    ):
        assert main([*base, *extra]) == 2
        out, err = capsys.readouterr()
        assert says in err and "Join codes" not in out
        assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())
    with pytest.raises(SystemExit):
        main([*base, "--clock", "20", "--out", "later"])  # (argparse's own choices)
    assert "hard" in capsys.readouterr().err
