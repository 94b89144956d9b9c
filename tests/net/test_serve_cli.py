"""`el-grande serve` at the command line (its page and tabs: tests/browser): what each tab
runs carries the table's address and never a code; bad arguments are one sentence each."""

from __future__ import annotations

import shlex
import sys

import pytest

from el_grande.cli import build_parser, main
from el_grande.serve_cli import tab_command
from el_grande.text import t


def _args(*words: str):  # type: ignore[no-untyped-def]
    return build_parser().parse_args(["serve", *words])


def test_a_tab_runs_the_join_client_asking_its_code_on_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("EL_GRANDE_CODE", "ABCD-EFGH-JKMN")
    words = shlex.split(tab_command(_args("table.example:9000", "--cafile", "host.pem")))
    assert words[:3] == [sys.executable, "-m", "el_grande"]
    assert words[3:5] == ["--lang", "en"] and words[5:7] == ["join", "--ask-on-screen"]
    assert words[-1] == "table.example:9000" and "--tls" not in words
    assert words[words.index("--cafile") + 1].endswith("/host.pem")
    assert not any("ABCD" in w for w in words)
    assert "--tls" in shlex.split(tab_command(_args("h", "--tls")))


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["h:1", "ABCD-EFGH-JKMN"], "wire.code_not_argument"),
        (["ftp://h"], "wire.bad_address"),
        (["h", "--port", "0"], "serve.bad_port"),
    ],
)
def test_bad_arguments_are_one_sentence(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *words]) == 2
    err = capsys.readouterr().err
    assert err.strip() == t(said) and "ABCD" not in err


def test_without_the_web_extra_it_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # (as if not installed)
    assert main(["serve", "127.0.0.1"]) == 1
    assert capsys.readouterr().err.strip() == t("serve.needs_extra")
