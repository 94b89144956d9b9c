"""A loader that cannot be hung or fooled: one hostile file kind per test case.

Every refusal is one sentence naming the file, exit status 1, the file untouched and nothing
written — whatever the command: `load` (with and without --check), `replay`, `export`, and
`resume` / `resume --list` with the file among the autosaves.  Files that would block a
reader (a FIFO, /dev/zero) are only ever read in a subprocess with a timeout, so a
regression fails the suite instead of hanging it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from el_grande.cli import main as cli_main
from el_grande.persist import SaveFileError, load_game, saves_dir
from el_grande.persist.store import MAX_SAVE_BYTES

FIXTURES = Path(__file__).with_name("fixtures")
GOOD = FIXTURES / "v010-unfinished-bots.json"
OSC52 = "\x1b]52;c;aGVsbG8=\x07"


def good() -> dict:
    return json.loads(GOOD.read_text(encoding="utf-8"))


def edited(**changes: object) -> str:
    return json.dumps({**good(), **changes}, indent=2)


def without(key: str) -> str:
    return json.dumps({k: v for k, v in good().items() if k != key}, indent=2)


def seat_named(name: str, seat: int = 0) -> str:
    data = good()
    data["seats"][seat]["name"] = name
    return json.dumps(data, indent=2)


def deep_inside(depth: int) -> str:
    """Nesting deep enough for pydantic's parser to refuse, not deep enough for json.loads."""
    return (
        GOOD.read_text()
        .replace('"scores": [', '"scores": ' + "[" * depth + "[", 1)
        .replace("\n}", "]" * depth + "\n}")
    )


# name: (writes the hostile file at the path given, fragments every message must hold)
Maker = Callable[[Path], None]


def text(content: str | Callable[[], str]) -> Maker:
    return lambda p: p.write_text(content() if callable(content) else content, encoding="utf-8")


def too_big(p: Path) -> None:
    base = GOOD.read_text()
    p.write_text(base[:-2] + " " * (MAX_SAVE_BYTES + 1 - len(base.encode())) + "}\n")


CONTENT_CASES: dict[str, tuple[Maker, list[str]]] = {
    "too_big": (too_big, ["is too big to be a save file", "1 MiB"]),
    "deep_nesting": (
        text("[" * 100_000 + "]" * 100_000),
        ["is not a save file", "nested too deeply"],
    ),
    "deep_nesting_in_a_field": (text(lambda: deep_inside(300)), ["nested too deeply"]),
    "huge_int_seed": (
        text(lambda: GOOD.read_text().replace('"seed": 3', '"seed": ' + "7" * 5000)),
        ["holds a number of more than 4300 digits"],
    ),
    "bool_as_text": (
        text(lambda: edited(options={"rounds": 9, "veto": "yes", "castillo": "open"})),
        ["at options.veto", "valid boolean"],
    ),
    "finished_as_text": (text(lambda: edited(finished="no")), ["at finished", "valid boolean"]),
    "int_as_text": (text(lambda: edited(start_player="2")), ["at start_player", "valid integer"]),
    "int_as_float": (text(lambda: edited(start_player=2.0)), ["at start_player"]),
    "rounds_as_float": (
        text(lambda: edited(options={"rounds": 9.0, "veto": True, "castillo": "open"})),
        ["at options.rounds"],
    ),
    "seed_as_bool": (text(lambda: edited(seed=True)), ["at seed", "whole number or text"]),
    "time_as_number": (text(lambda: edited(created=1764448215)), ["at created"]),
    "missing_choices": (text(lambda: without("choices")), ["at choices", "field required"]),
    "game_id_dotdot": (text(lambda: edited(game_id="..")), ["at game_id", "'.'"]),
    "game_id_inner_dotdot": (text(lambda: edited(game_id="a..b")), ["at game_id", "'..'"]),
    "game_id_hidden": (text(lambda: edited(game_id=".hidden")), ["at game_id", "start with"]),
    "game_id_path": (text(lambda: edited(game_id="../../etc/x")), ["at game_id"]),
    "game_id_slash": (text(lambda: edited(game_id="a/b")), ["at game_id", "only letters"]),
    "game_id_long": (text(lambda: edited(game_id="g" * 121)), ["at game_id", "120"]),
    "game_id_device": (text(lambda: edited(game_id="CON")), ["at game_id", "device"]),
    "game_id_empty": (text(lambda: edited(game_id="")), ["at game_id", "empty"]),
    "name_with_osc52": (
        text(lambda: seat_named(OSC52 + "Eve")),
        ["at seats[0].name", "U+001B", "control or formatting characters", "\\x1b]52"],
    ),
    "name_with_bidi_override": (
        text(lambda: seat_named("Ana\u202eneB")),
        ["at seats[0].name", "U+202E", "control or formatting"],
    ),
    "name_with_newline": (text(lambda: seat_named("Ana\nBen")), ["at seats[0].name", "U+000A"]),
    "name_too_long_even_for_old_saves": (
        text(lambda: seat_named("A" * 41)),
        ["at seats[0].name", "longer than 40 characters"],
    ),
    "name_huge": (
        text(lambda: seat_named("\x1b" + "B" * 200_000)),
        ["at seats[0].name", "U+001B", "…"],
    ),
    "names_same_but_for_capitals": (
        text(lambda: seat_named("ANA", 1)),
        ["at seats", "names must differ"],
    ),
    "name_empty": (text(lambda: seat_named("   ")), ["at seats[0].name", "may not be empty"]),
    "lone_surrogate": (
        text(lambda: GOOD.read_text().replace('"name": "Ana"', '"name": "\\ud800"')),
        ["is not valid JSON"],
    ),
    "binary_junk": (
        lambda p: p.write_bytes(bytes(range(256)) * 20),
        ["is not a text file"],
    ),
    "nul_bytes": (lambda p: p.write_bytes(b"\x00" * 100), ["is not valid JSON"]),
    "newer_version_with_escapes": (
        text(lambda: edited(version=99, app_version=OSC52)),
        ["newer version of El Grande", "\\x1b]52", "please update"],
    ),
    "unknown_version_long": (
        text(lambda: edited(version="\x1b" * 1000)),
        ["unknown save format version", "…"],
    ),
    "choice_with_escapes": (
        text(lambda: edited(choices=[*good()["choices"][:3], "\x1b[2J" + OSC52 + "x" * 500])),
        ["choice 4 of 4", "\\x1b[2J", "cannot be read"],
    ),
}


def special(kind: str, p: Path) -> None:
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "dev_zero_link":
        p.symlink_to("/dev/zero")
    elif kind == "directory":
        p.mkdir()
    elif kind == "symlink_loop":
        p.symlink_to(p.name)
    elif kind == "dangling_symlink":
        p.symlink_to(p.parent / "nowhere.json")
    elif kind == "socket":
        import socket

        s = socket.socket(socket.AF_UNIX)
        s.bind(str(p))
        s.close()


SPECIAL_CASES: dict[str, list[str]] = {
    "fifo": ["is a named pipe (FIFO), not a save file"],
    "dev_zero_link": ["is a device, not a save file"],
    "directory": ["is a directory, not a save file"],
    "symlink_loop": ["is a symbolic link that loops"],
    "dangling_symlink": ["does not exist"],
    "socket": ["is a socket, not a save file"],
}
BLOCKING = {"fifo", "dev_zero_link"}  # read only in a subprocess


def check_sentence(msg: str, where: str, fragments: list[str]) -> None:
    assert where in msg, (where, msg)
    for f in fragments:
        assert f in msg, (f, msg)
    assert "\n" not in msg and msg.endswith("."), msg
    assert "Traceback" not in msg and "pydantic" not in msg.lower()
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in msg), repr(msg)
    assert len(msg) < 1200, len(msg)


def fingerprint(path: Path) -> tuple[int, bytes | None]:
    st = os.lstat(path)
    if stat.S_ISREG(st.st_mode):
        return st.st_mode, path.read_bytes()
    return st.st_mode, None


COMMANDS = [["load"], ["load", "--check"], ["replay"], ["export"]]


def run_here(argvs: list[list[str]]) -> list[tuple[int, str, str]]:
    """(exit code, stdout, stderr) of every command line, in this process."""
    import contextlib
    import io

    out = []
    for argv in argvs:
        o, e = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(o), contextlib.redirect_stderr(e):
            code = cli_main(argv)
        out.append((code, o.getvalue(), e.getvalue()))
    return out


def run_commands(path: Path) -> list[tuple[int, str, str]]:
    """(exit code, stdout, stderr) of every command on `path`, in this process."""
    return run_here([[cmd[0], str(path), *cmd[1:]] for cmd in COMMANDS])


ISOLATED = """
import contextlib, io, json, os, sys
from el_grande.cli import main
results = []
for home, argvs in json.loads(sys.argv[1]):
    os.environ["EL_GRANDE_HOME"] = home
    got = []
    for argv in argvs:
        o, e = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(o), contextlib.redirect_stderr(e):
            code = main(argv)
        got.append((code, o.getvalue(), e.getvalue()))
    results.append(got)
print(json.dumps(results))
"""


def run_isolated(
    runs: list[tuple[Path, list[list[str]]]],
) -> list[list[tuple[int, str, str]]]:
    """The same in one subprocess (each run's commands with its own data directory), killed
    after a minute: a hang fails, it never blocks."""
    proc = subprocess.run(
        [sys.executable, "-c", ISOLATED, json.dumps([(str(h), argvs) for h, argvs in runs])],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    return [[tuple(r) for r in got] for got in json.loads(proc.stdout)]


AMONG = [["resume"], ["resume", "--list"], ["resume", "hostile"]]


@dataclass(frozen=True)
class Isolated:
    """A file that could block its reader, set up as a test below sets it up, and what its
    commands gave, read in the subprocess."""

    path: Path
    home: Path
    before: tuple[int, bytes | None]
    listing: list[str]
    results: list[tuple[int, str, str]]


@pytest.fixture(scope="module")
def isolated(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Isolated]:
    """Every file kind that could block its reader (`BLOCKING`), given to each command
    ("given", as `test_hostile_file_kind`) and among the autosaves ("among", as
    `test_hostile_files_among_the_autosaves`): all read in one subprocess (`run_isolated`)."""
    setups: list[tuple[tuple[str, str], Path, Path, list[list[str]]]] = []
    for kind in sorted(BLOCKING):
        base = tmp_path_factory.mktemp(f"given-{kind}")
        path = base / "game.json"
        special(kind, path)
        setups.append(
            (("given", kind), path, base / "home", [[c[0], str(path), *c[1:]] for c in COMMANDS])
        )
        home = tmp_path_factory.mktemp(f"among-{kind}") / "home"
        saves_dir(home).mkdir(parents=True)
        path = saves_dir(home) / "hostile.json"
        special(kind, path)
        setups.append((("among", kind), path, home, AMONG))
    befores = [(fingerprint(path), sorted(os.listdir(path.parent))) for _, path, _, _ in setups]
    results = run_isolated([(home, argvs) for _, _, home, argvs in setups])
    return {
        key: Isolated(path, home, before, listing, got)
        for (key, path, home, _), (before, listing), got in zip(
            setups, befores, results, strict=True
        )
    }


def assert_refused(results: list[tuple[int, str, str]], where: str, fragments: list[str]) -> None:
    for code, out, err in results:
        assert code == 1, (code, out, err)
        assert out == ""
        assert err.startswith("el-grande: ") and err.count("\n") == 1, err
        check_sentence(err.removeprefix("el-grande: ").strip(), where, fragments)


@pytest.mark.parametrize("case", sorted(CONTENT_CASES))
def test_hostile_content(case: str, tmp_path: Path, home: Path) -> None:
    make, fragments = CONTENT_CASES[case]
    path = tmp_path / "game.json"
    make(path)
    before = fingerprint(path)
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    check_sentence(str(info.value), str(path), fragments)
    assert_refused(run_commands(path), str(path), fragments)
    assert fingerprint(path) == before
    assert not home.exists()  # nothing written anywhere


@pytest.mark.parametrize("kind", sorted(SPECIAL_CASES))
def test_hostile_file_kind(
    kind: str, tmp_path: Path, home: Path, request: pytest.FixtureRequest
) -> None:
    path = tmp_path / "game.json"
    if kind in BLOCKING:  # read in the subprocess only
        run: Isolated = request.getfixturevalue("isolated")[("given", kind)]
        path, home, before, results = run.path, run.home, run.before, run.results
    else:
        special(kind, path)
        before = fingerprint(path)
        with pytest.raises(SaveFileError) as info:
            load_game(path)
        check_sentence(str(info.value), str(path), SPECIAL_CASES[kind])
        results = run_commands(path)
    assert_refused(results, str(path), SPECIAL_CASES[kind])
    assert fingerprint(path) == before
    assert not home.exists()


@pytest.mark.parametrize(
    "case", ["fifo", "dev_zero_link", "directory", "symlink_loop", "deep_nesting", "int_as_text"]
)
def test_hostile_files_among_the_autosaves(
    case: str, home: Path, request: pytest.FixtureRequest
) -> None:
    """`resume` and `resume --list` skip them with the same sentence, never touching them (a
    symbolic link in the saves folder is not followed at all: not one of the app's files)."""
    if case in BLOCKING:  # read in the subprocess only
        run: Isolated = request.getfixturevalue("isolated")[("among", case)]
        path, before, listing, results = run.path, run.before, run.listing, run.results
        directory = path.parent
    else:
        directory = saves_dir()
        directory.mkdir(parents=True)
        path = directory / "hostile.json"
    if case in SPECIAL_CASES:
        if case not in BLOCKING:
            special(case, path)
        fragments = SPECIAL_CASES[case]
        if path.is_symlink():
            fragments = ["is a symbolic link: El Grande keeps only its own files"]
    else:
        make, fragments = CONTENT_CASES[case]
        make(path)
    if case not in BLOCKING:
        before, listing = fingerprint(path), sorted(os.listdir(directory))
        results = run_here(AMONG)
    (code, out, err), (lcode, lout, lerr), (kcode, kout, kerr) = results
    skipped, none = err.splitlines()  # the file passed over is said, then why nothing opens
    assert code == 1 and "no unfinished games" in none and err.count("\n") == 2
    assert skipped == f"el-grande: {lerr.strip()}"
    assert lcode == 0 and "No unfinished games" in lout
    assert lerr.startswith("    (skipped: ") and lerr.count("\n") == 1
    check_sentence(lerr.strip().removeprefix("(skipped: ").removesuffix(")"), str(path), fragments)
    # `resume hostile` names the file of that name and why it cannot be used, not "no game"
    assert kcode == 1 and kerr == f"el-grande: {lerr.strip().removeprefix('(skipped: ')[:-1]}\n"
    assert fingerprint(path) == before and sorted(os.listdir(directory)) == listing


# ------------------------------------------------------------------ the reader itself


@contextmanager
def no_hang(seconds: int = 30) -> Iterator[None]:
    """Fail (never block the suite) if the body does not return in time."""

    def fail(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_a_fifo_swapped_in_after_the_first_look_is_refused_on_the_descriptor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No window between check and open: the check that counts is fstat on what was opened."""
    regular = os.stat(GOOD)
    fifo = tmp_path / "swapped.json"
    os.mkfifo(fifo)
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: regular if p == fifo else real_stat(p))
    with no_hang(), pytest.raises(SaveFileError, match=r"is a named pipe \(FIFO\)"):
        load_game(fifo)


def test_reads_at_most_the_cap_even_if_the_size_lies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file that grows after fstat (or whose size is not told) is read only to the cap."""
    path = tmp_path / "growing.json"
    too_big(path)
    real_fstat = os.fstat
    reads: list[int] = []
    real_read = os.read

    def small_fstat(fd: int) -> os.stat_result:
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, *st[1:6], 100, *st[7:]))

    def counting_read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        reads.append(len(data))
        return data

    monkeypatch.setattr(os, "fstat", small_fstat)
    monkeypatch.setattr(os, "read", counting_read)
    with pytest.raises(SaveFileError, match="is too big to be a save file"):
        load_game(path)
    assert sum(reads) == MAX_SAVE_BYTES + 1


def test_a_save_of_exactly_the_cap_loads(tmp_path: Path) -> None:
    path = tmp_path / "padded.json"
    base = GOOD.read_text()
    path.write_text(base[:-2] + " " * (MAX_SAVE_BYTES - len(base.encode())) + "}\n")
    assert path.stat().st_size == MAX_SAVE_BYTES
    save, game = load_game(path)
    assert len(game.history) == 90


def test_a_symlink_to_a_save_is_fine(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(GOOD)
    assert load_game(link)[0].game_id == good()["game_id"]


def test_a_path_with_escape_codes_is_shown_as_text(tmp_path: Path) -> None:
    path = tmp_path / f"evil{OSC52}.json"
    path.write_text("{}")
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    assert "\x1b" not in str(info.value) and "evil\\x1b]52;c;aGVsbG8=\\x07.json" in str(info.value)


def test_a_time_without_a_zone_is_taken_as_utc(tmp_path: Path) -> None:
    path = tmp_path / "naive.json"
    path.write_text(edited(created="2026-11-29T20:30:15", updated="2026-11-29T20:30:15"))
    save, _ = load_game(path)
    assert save.created.utcoffset() is not None and save.created.hour == 20


def test_a_time_at_the_end_of_time_lists(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves_dir().mkdir(parents=True)
    (saves_dir() / "late.json").write_text(edited(updated="9999-12-31T23:59:59Z"))
    shutil.copy(FIXTURES / "v010-legacy-names.json", saves_dir() / "other.json")
    assert cli_main(["resume", "--list"]) == 0
    out = capsys.readouterr().out
    assert " 1. Ana, Ben, Cy" in out and "9999-12-31" in out


@pytest.mark.parametrize("key", ["²", "9" * 5000, "0", "-1", "\x1b]52;c;x\x07"])
def test_resume_by_a_strange_key_is_one_sentence(
    key: str, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves_dir().mkdir(parents=True)
    shutil.copy(GOOD, saves_dir() / "g.json")
    assert cli_main(["resume", key]) == 1
    err = capsys.readouterr().err
    assert err.startswith("el-grande: No saved game '") and err.count("\n") == 1
    assert "\x1b" not in err and len(err) < 300


def test_export_never_follows_a_loop_or_writes_into_a_device(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop.name)
    assert cli_main(["export", str(loop), "-o", str(tmp_path / "out.md")]) == 1
    assert "symbolic link that loops" in capsys.readouterr().err
    assert not (tmp_path / "out.md").exists()
    assert cli_main(["export", str(GOOD), "-o", str(tmp_path)]) == 1
    assert "is not a regular file" in capsys.readouterr().err
    link = tmp_path / "same.json"
    link.symlink_to(GOOD)
    assert cli_main(["export", str(GOOD), "-o", str(link)]) == 1
    assert "is the save file itself: the export is not written over it" in capsys.readouterr().err
    assert link.is_symlink()


def test_the_fork_of_a_longest_id_is_a_new_id(home: Path) -> None:
    """A 120-character id whose autosave does not continue the loaded game: the fork gets a
    new id of at most 120 characters (once, this looped for ever)."""
    from el_grande.persist import Autosaver, load_save

    saves_dir().mkdir(parents=True)
    long_id = "g" * 120
    (saves_dir() / f"{long_id}.json").write_text("{ not this game")
    path = home / "x.json"
    path.write_text(edited(game_id=long_id))
    with no_hang():
        saver = Autosaver.resume(load_save(path))
    assert saver.file.game_id != long_id and len(saver.file.game_id) <= 120
    assert saver.path.name == f"{saver.file.game_id}.json"
    saver.close()


def test_a_game_id_names_a_seat_whose_name_has_no_letter_it_can_spell() -> None:
    from datetime import UTC, datetime

    from el_grande.persist.model import game_id_problem
    from el_grande.persist.store import new_game_id

    when = datetime(2026, 11, 30, 13, 45, 0, tzinfo=UTC)
    game_id = new_game_id(["김민준", "Ben", "Zoë O'Brien", "🙂"], when)
    assert game_id == "20261130-134500-Gimminjun-Ben-ZoeOBrien-p4"  # Hangul romanized
    assert game_id_problem(game_id) is None
