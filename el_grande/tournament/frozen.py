"""Frozen earlier versions as entrants: a wheel of El Grande installed once into a virtual
environment of its own, and a subprocess there that answers decisions in the choice notation
(`frozen_worker.py`), so it plays with its own rules core and its own bots, whatever ours
have become.

    python = install(cache, Path("el_grande-0.1-py3-none-any.whl"))   # once; cached by SHA-256
    client = FrozenClient("b6d", python)
    client.start()["levels"]                 # {"random": False, "greedy": False, "strong": True}
    text, cpu = client.ask(game, seat, entrant)   # FrozenFailed: one sentence

The cache is `<cache folder>/frozen/<the wheel's SHA-256, 24 digits>/` (`persist.paths.
cache_dir`: `$EL_GRANDE_CACHE`, else `~/.cache/el-grande` on Linux): the wheel, `venv/` and
`ready` once installed. The wheel is installed with pip (`--no-deps`: the worker needs only
the package's rules core and bots, which import the standard library only), under a file
lock, so two processes (or two tournaments) installing the same wheel install it once.

A frozen version that answers with no legal choice, ends (a crash) or gives no answer
within the protocol's time (`timeout`, plus the decision's budget in seconds) raises
`FrozenFailed` with one sentence; its process is ended and the next question starts another.
Its process is in a session of its own (a Ctrl-C at the terminal is the tournament's to
handle) and ends when its input closes: when the process that asks is gone, even killed.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import venv
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from el_grande.names import fit, printable

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, Game, View
    from el_grande.tournament.plan import Entrant

__all__ = ["FrozenBot", "FrozenClient", "FrozenFailed", "client_for", "install", "wheel_sha"]

#: The worker script run inside a frozen version's environment.
WORKER = Path(__file__).with_name("frozen_worker.py")
#: The protocol the worker speaks (its first line says which).
PROTOCOL = 1
#: Seconds a frozen version has to start (import its bots) and, by default, to answer a
#: decision beyond its budget in seconds (`--answer-timeout`): a budget in play-outs has no
#: time of its own, and a loaded machine is slow.
TIMEOUT = 60.0
#: Seconds an installation (pip) may take.
INSTALL_SECONDS = 600.0


class FrozenFailed(Exception):
    """A frozen version could not be installed, started or asked: `sentence` says why."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def _shown(text: object, width: int = 80) -> str:
    return fit(printable(str(text)), width)


# --------------------------------------------------------------------------- installing


def wheel_sha(path: Path) -> str:
    """The SHA-256 of the wheel at `path` (its identity in a plan and in the cache)."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def folder_of(cache: Path, sha: str) -> Path:
    """Where the wheel of SHA-256 `sha` is installed in `cache`."""
    return cache / "frozen" / sha[:24]


def _python(folder: Path) -> Path:
    return folder / "venv" / "bin" / "python"


def installed(cache: Path, sha: str) -> Path | None:
    """The Python of the installed wheel of SHA-256 `sha`, or None: not installed here."""
    folder = folder_of(cache, sha)
    return _python(folder) if (folder / "ready").is_file() else None


def kept_wheel(cache: Path, sha: str) -> Path | None:
    """The copy of the wheel kept in the cache (to send to a cluster's workers)."""
    wheels = sorted((folder_of(cache, sha) / "wheel").glob("*.whl"))
    return wheels[0] if wheels else None


def install(cache: Path, wheel: Path, *, name: str = "", data: bytes | None = None) -> Path:
    """Install the wheel at `wheel` (or named `wheel.name` with the bytes `data`: a cluster's
    worker gets them from the tournament) into its own virtual environment in `cache`, once;
    return that environment's Python. `FrozenFailed` if it cannot be (`name`: the version's
    name, for the sentence)."""
    from filelock import FileLock, Timeout  # start-up: only with a frozen version

    called = f"the frozen version {name}" if name else "a frozen version"
    if not wheel.name.endswith(".whl") or wheel.name != Path(wheel.name).name:
        raise FrozenFailed(f"{called}: {_shown(wheel)} is not a wheel (a .whl file)")
    try:
        if data is None:
            data = wheel.read_bytes()
    except OSError as exc:
        raise FrozenFailed(f"{called}: {_shown(wheel)} cannot be read: {exc.strerror}") from None
    sha = hashlib.sha256(data).hexdigest()
    folder = folder_of(cache, sha)
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        with FileLock(str(folder) + ".lock", timeout=INSTALL_SECONDS):
            if not (folder / "ready").is_file():
                _install(folder, wheel.name, data, called)
    except Timeout:
        raise FrozenFailed(f"{called}: another process keeps installing it") from None
    except OSError as exc:
        raise FrozenFailed(
            f"{called} cannot be installed in {_shown(folder)}: {exc.strerror or exc}"
        ) from None
    return _python(folder)


def _install(folder: Path, wheel_name: str, data: bytes, called: str) -> None:
    """Make `folder`: the wheel's copy, a virtual environment with the wheel, then `ready`
    (last: a folder without it is made again from nothing)."""
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "wheel").mkdir(parents=True)
    copy = folder / "wheel" / wheel_name
    copy.write_bytes(data)
    venv.EnvBuilder(with_pip=False, symlinks=True, clear=True).create(folder / "venv")
    command = [
        sys.executable,
        "-m",
        "pip",
        "--isolated",
        "--python",
        str(_python(folder)),
        "install",
        "--no-deps",
        "--no-index",
        "--no-cache-dir",
        "--disable-pip-version-check",
        "--quiet",
        str(copy),
    ]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=INSTALL_SECONDS, check=False
        )
    except subprocess.TimeoutExpired:
        raise FrozenFailed(
            f"{called}: pip did not install it within {INSTALL_SECONDS:g} s"
        ) from None
    if done.returncode != 0:
        said = [line for line in (done.stderr or done.stdout).splitlines() if line.strip()]
        last = said[-1] if said else f"exit status {done.returncode}"
        raise FrozenFailed(f"{called} cannot be installed from {wheel_name}: {_shown(last, 160)}")
    (folder / "ready").write_text(
        json.dumps({"wheel": wheel_name, "python": sys.version.split()[0]}) + "\n",
        encoding="utf-8",
    )


# --------------------------------------------------------------------------- asking


class FrozenClient:
    """One frozen version's worker process, asked one decision at a time (one thread at a
    time: `client_for` gives each thread its own)."""

    def __init__(self, name: str, python: Path, timeout: float = TIMEOUT) -> None:
        self.name = name
        self.python = python
        self.timeout = timeout
        self.hello: dict[str, Any] | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._errors: IO[bytes] | None = None
        self._buffer = b""

    @property
    def called(self) -> str:
        return f"the frozen version {self.name}"

    def start(self) -> dict[str, Any]:
        """Start the worker (if it is not running) and return its first line: `protocol`,
        `version`, `levels` (level id → whether it takes a budget)."""
        if self._process is not None and self.hello is not None:
            return self.hello
        self._errors = tempfile.TemporaryFile()  # noqa: SIM115 (kept while the worker runs)
        try:
            self._process = subprocess.Popen(
                [str(self.python), "-I", str(WORKER)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._errors,
                start_new_session=True,
            )
        except OSError as exc:
            self.stop()
            raise FrozenFailed(f"{self.called} does not start: {exc.strerror or exc}") from None
        self._buffer = b""
        hello = self._answer(TIMEOUT, "to start")
        if "error" in hello:
            self.stop()
            raise FrozenFailed(f"{self.called} does not start: {_shown(hello['error'], 160)}")
        levels = hello.get("levels")
        if hello.get("protocol") != PROTOCOL or not isinstance(levels, dict):
            self.stop()
            raise FrozenFailed(
                f"{self.called} speaks protocol {_shown(hello.get('protocol'))}, "
                f"not {PROTOCOL}: it cannot play here"
            )
        self.hello = hello
        return hello

    def ask(self, game: Game, seat: int, entrant: Entrant) -> tuple[str, float]:
        """`entrant`'s answer for `seat` at `game`'s position, in the choice notation, and
        the CPU seconds it spent (its thread's). `FrozenFailed` if it cannot answer."""
        self.start()
        budget = (
            {"playouts": entrant.playouts}
            if entrant.playouts is not None
            else {"seconds": entrant.seconds}
            if entrant.seconds is not None
            else None
        )
        request = {
            "seed": game.seed,
            "players": list(game.names),
            "options": game.options.to_dict(),
            "choices": list(game.history),
            "seat": seat,
            "level": entrant.level,
            "budget": budget,
        }
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(request).encode() + b"\n")
            process.stdin.flush()
        except OSError:
            raise self._ended("before it was asked") from None
        answer = self._answer(self.timeout + (entrant.seconds or 0.0), "to answer")
        if "error" in answer:
            self.stop()
            raise FrozenFailed(f"{self.called} could not answer: {_shown(answer['error'], 160)}")
        choice, cpu = answer.get("choice"), answer.get("cpu")
        if not isinstance(choice, str) or not isinstance(cpu, int | float):
            self.stop()
            raise FrozenFailed(f"{self.called} answered outside the protocol: {_shown(answer)}")
        return choice, float(cpu)

    def _answer(self, seconds: float, doing: str) -> dict[str, Any]:
        """The worker's next line, read within `seconds`; its process ended, and
        `FrozenFailed`, if it ends, says nothing in time, or says no JSON object."""
        process = self._process
        assert process is not None and process.stdout is not None
        out = process.stdout.fileno()
        deadline = time.monotonic() + seconds
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                raise FrozenFailed(f"{self.called} gave no answer within {seconds:g} s ({doing})")
            ready, _, _ = select.select([out], [], [], left)
            if ready:
                chunk = os.read(out, 1 << 16)
                if not chunk:
                    raise self._ended(doing)
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            self.stop()
            raise FrozenFailed(f"{self.called} answered outside the protocol: {_shown(line)}")
        return message

    def _ended(self, doing: str) -> FrozenFailed:
        """The sentence for a worker that ended (a crash), with the last line it wrote."""
        process, errors = self._process, self._errors
        status = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = process.wait(timeout=5)
        last = ""
        if errors is not None:
            errors.seek(0)
            lines = [x for x in errors.read()[-4000:].decode(errors="replace").splitlines() if x]
            last = f": {_shown(lines[-1], 160)}" if lines else ""
        self.stop()
        return FrozenFailed(f"{self.called} ended {doing} (exit status {status}){last}")

    def stop(self) -> None:
        """End the worker (the next question starts another)."""
        process, self._process, self.hello = self._process, None, None
        if process is not None:
            with contextlib.suppress(OSError):
                process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
            for pipe in (process.stdin, process.stdout):
                with contextlib.suppress(OSError):
                    if pipe is not None:
                        pipe.close()
        if self._errors is not None:
            self._errors.close()
            self._errors = None


_local = threading.local()
_every: list[FrozenClient] = []
_lock = threading.Lock()


def client_for(name: str, python: Path, timeout: float = TIMEOUT) -> FrozenClient:
    """This thread's client of the frozen version `name` installed at `python` (a cluster's
    worker may run several games at once, one a thread)."""
    clients: dict[tuple[str, str, float], FrozenClient] = _local.__dict__.setdefault("clients", {})
    key = (name, str(python), timeout)
    client = clients.get(key)
    if client is None:
        client = clients[key] = FrozenClient(name, python, timeout)
        with _lock:
            _every.append(client)
    return client


@atexit.register
def stop_all() -> None:
    """End every frozen version's worker this process started."""
    with _lock:
        for client in _every:
            client.stop()
        _every.clear()
    _local.__dict__.pop("clients", None)


class FrozenBot:
    """A frozen version's entrant for one decision, as `bots.play.play_game` asks a bot: it
    reads no view of ours (`needs_view`), it sends the game's seed, options and choices so
    far to the frozen version, which replays them and hands its own bot its seat's view.
    `spent[0]` grows by the CPU seconds the frozen version reports (its thread's)."""

    name = "frozen"
    needs_view = False

    def __init__(
        self, client: FrozenClient, game: Game, seat: int, entrant: Entrant, spent: list[float]
    ) -> None:
        self.client, self.game, self.seat, self.entrant, self.spent = (
            client,
            game,
            seat,
            entrant,
            spent,
        )

    def choose(self, view: View, decision: Decision) -> Choice:
        from el_grande.core import IllegalChoice

        text, cpu = self.client.ask(self.game, self.seat, self.entrant)
        self.spent[0] += cpu
        try:
            return self.game.parse(text)
        except IllegalChoice as exc:
            raise FrozenFailed(
                f"{self.client.called} answered {_shown(repr(text), 60)}, which is not a legal "
                f"choice there: {_shown(exc, 160)}"
            ) from None
