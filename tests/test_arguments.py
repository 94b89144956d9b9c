"""A plain command line is read without argparse (`el_grande.plain_args.quick`) into what
the parser reads from it; every other line is left to the parser (None)."""

from __future__ import annotations

import itertools

import pytest

from el_grande import cli
from el_grande.__main__ import main

PLAIN = [
    ["play", "--players", "Ana,Ben,Cy", "--seed", "7"],
    ["play", "--players=Ana,Ben", "--rounds=6", "--no-veto", "--no-hints"],
    ["play", "--seed", "3", "--players", "Ana,Ben", "--lang", "ko"],
    ["play", "--players", "A,B", "--castillo", "hidden", "--start-player", "2"],
    ["play", "--players", "A,B", "--colours", "red,blue", "--bots", "B=greedy"],
    ["play", "--players", "A,B", "--bot-delay", "0.5", "--bots=A=strong,B=random"],
    ["play", "--players", "A,B", "--bot-delay", "inf"],  # argparse's float takes it too
    ["play", "--players=", "--seed", "0"],  # an empty name: the setup refuses it, not argparse
    ["learn"],
    ["calc"],
    ["calc", "--lang", "en"],
]

#: Lines argparse reads (or refuses) and `quick` leaves to it.
LEFT = [
    ["--lang", "ko", "play", "--players", "A,B"],  # an option before the command
    ["--version"],
    ["-h"],
    ["play", "--help"],
    ["play", "-h"],
    ["play"],  # --players is required
    ["play", "--players"],  # no value
    ["play", "--play", "A,B"],  # abbreviated
    ["play", "--players", "A,B", "--seed", "-7"],  # a negative number
    ["play", "--players", "-A,B"],
    ["play", "--players", "A,B", "--seed", "x"],  # not an int
    ["play", "--players", "A,B", "--rounds", "7"],  # not a choice
    ["play", "--players", "A,B", "--no-veto=1"],
    ["play", "--players", "A,B", "--players", "C,D"],  # given twice
    ["play", "--players", "A,B", "--auto"],  # nargs="?": argparse's
    ["play", "--players", "A,B", "--auto", "3"],
    ["play", "--players", "A,B", "extra"],
    ["play", "--players", "A,B", "--unknown"],
    ["resume"],  # a positional argument (optional)
    ["load", "game.json"],
    ["watch", "host"],
    ["simulate", "--games", "1"],  # not a command that opens the app
    ["nothing"],
]


def parsed(argv: list[str]) -> object:
    """What argparse reads from `argv`, or how it exits."""
    try:
        return cli.build_parser().parse_args(argv)
    except SystemExit as stop:
        return ("exit", stop.code)


@pytest.mark.parametrize("argv", PLAIN, ids=" ".join)
def test_a_plain_line_reads_as_argparse_reads_it(argv: list[str]) -> None:
    quick = cli.quick_parse(argv)
    assert quick is not None
    assert vars(quick) == vars(parsed(argv))  # type: ignore[arg-type]


@pytest.mark.parametrize("argv", LEFT, ids=" ".join)
def test_any_other_line_is_left_to_argparse(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.quick_parse(argv) is None


def test_every_mix_of_the_options_reads_as_argparse_reads_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Lines made of good and bad pieces: whatever `quick` reads, argparse reads the same."""
    pieces = [
        ["--seed", "7"],
        ["--seed", "-1"],
        ["--rounds", "6"],
        ["--rounds=5"],
        ["--no-veto"],
        ["--castillo", "open"],
        ["--lang", "ko"],
        ["--bot-delay", "1.5"],
        ["--start", "1"],
        ["--auto"],
        ["-h"],
    ]
    read = 0
    for size in range(3):
        for chosen in itertools.permutations(pieces, size):
            argv = ["play", "--players", "Ana,Ben", *itertools.chain(*chosen)]
            quick = cli.quick_parse(argv)
            if quick is not None:
                read += 1
                assert vars(quick) == vars(parsed(argv)), argv  # type: ignore[arg-type]
    assert read > 20  # (the test reads lines, not only refuses them)


@pytest.mark.parametrize("name", sorted(cli.APP_COMMANDS))
def test_the_commands_read_quickly_only_add_arguments_and_take_arguments(name: str) -> None:
    """`quick` records what each command that opens the app declares (`add_argument` only):
    none asks its recorder for more; and a command whose line it reads takes `Arguments`
    (what it is given is no `argparse.Namespace` then)."""
    if cli.quick_parse([name, "--lang", "en"]) is not None:
        assert cli.COMMANDS[name].run.__annotations__["args"] == "Arguments"


def test_a_plain_line_imports_no_argparse() -> None:
    """`el-grande play --players … --seed …` is read without importing argparse (start-up)."""
    import subprocess
    import sys

    program = (
        "import sys; from el_grande import cli; "
        "args = cli.quick_parse(['play', '--players', 'Ana,Ben', '--seed', '7']); "
        "print(args.players, 'argparse' in sys.modules, 'gettext' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert out.stdout.split() == ["Ana,Ben", "False", "False"], out.stderr


def test_argparse_s_no_default_is_the_one_quick_knows() -> None:
    import argparse

    from el_grande.plain_args import SUPPRESS

    assert SUPPRESS == argparse.SUPPRESS


def test_a_line_left_to_argparse_still_fails_as_it_did(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "--players", "A,B", "--rounds", "7"])
    assert stop.value.code == 2
    assert "invalid choice: 7" in capsys.readouterr().err
