"""A crash is never a success: the crash log, and the exit statuses of the command line.

An exception nobody handled (in the app, or in a command before or after it) ends the process
with `EXIT_CRASH`, after one line on the terminal that names a crash log in the data folder
(`write_crash_log`). The autosave is left as it was: every decision before the crash is in it,
whole (each write is atomic).

The log holds where in the code it happened and what went wrong — the traceback's frames
(file, line, function, the line of code) and each exception's type and message — and nothing
else: no value of any variable (Textual's own crash report prints every local variable of
every frame, and the game's record, seed and hidden choices live in them), no command line
(it may hold `--seed`), no environment. Messages are our own sentences or the libraries'; as
a last guard, the seed and every recorded choice of a game still running are struck from them
(`strike`), so that even a message that quoted one keeps it to itself. Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import platform
import re
import sys
import time
import traceback
from collections.abc import Iterable
from pathlib import Path

from el_grande import __version__
from el_grande.atomic import atomic_write_text
from el_grande.names import printable
from el_grande.persist.store import home_dir
from el_grande.text import t

#: The exit status of a crash: EX_SOFTWARE of sysexits.h ("an internal software error"),
#: distinct from 1 (a bad file, a failed autosave) and 2 (a usage error, no terminal).
EXIT_CRASH = 70
#: The exit statuses of the signals that end a game after saving it: 128 + the signal.
EXIT_SIGTERM = 143
EXIT_SIGHUP = 129

#: The exit status when the reader of the output stops reading (`el-grande export | head`):
#: 128 + SIGPIPE, what a command ended by that signal gives; nothing is said.
EXIT_BROKEN_PIPE = 141

HIDDEN = "[hidden]"
#: Longest message kept of one exception (a message may quote a whole file).
MAX_MESSAGE = 2000


def strike(text: str, secrets: Iterable[str]) -> str:
    """`text` with every secret in it replaced by "[hidden]" (a secret of letters and digits
    only where it stands as a word: the seed 7 is struck from "seed 7", not from "17")."""
    for secret in sorted({s for s in secrets if s}, key=len, reverse=True):
        if secret.isalnum():
            text = re.sub(rf"(?<![\w]){re.escape(secret)}(?![\w])", HIDDEN, text)
        else:
            text = text.replace(secret, HIDDEN)
    return text


def _message(exc: BaseException, secrets: Iterable[str]) -> str:
    errors = getattr(exc, "errors", None)
    if type(exc).__name__ == "ValidationError" and callable(errors):
        # pydantic's message quotes every input value: keep where and what, not the values
        try:
            parts = [
                f"{'.'.join(map(str, e.get('loc', ())))}: {e.get('msg', '')}"
                for e in errors(include_url=False, include_input=False)
            ]
            text = f"{len(parts)} validation error(s): " + "; ".join(parts)
        except Exception:
            text = "(a validation error)"
    else:
        try:
            text = str(exc)
        except Exception:
            text = "(the message cannot be shown)"
    text = strike(text, secrets)
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + "…"


def report(exc: BaseException, secrets: Iterable[str] = ()) -> str:
    """The text of a crash log for `exc` (and the exceptions it came from)."""

    secrets = list(secrets)
    chain: list[BaseException] = []
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        chain.append(cause)
        cause = cause.__cause__ or (None if cause.__suppress_context__ else cause.__context__)
    stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    lines = [
        f"El Grande {__version__} crashed at {stamp}.",
        f"Python {platform.python_version()} on {platform.platform()}.",
        "This log holds where it happened and the error; no variable's value, no command "
        "line: nothing of the game is in it.",
        "",
    ]
    for i, error in enumerate(reversed(chain)):
        if i:
            lines += ["", "During the handling of the above, this happened:", ""]
        lines.append("Traceback (most recent call last):")
        lines += [line.rstrip("\n") for line in traceback.format_tb(error.__traceback__)]
        kind = type(error)
        name = kind.__qualname__
        if kind.__module__ != "builtins":
            name = f"{kind.__module__}.{name}"
        message = _message(error, secrets)
        lines.append(f"{name}: {message}" if message else name)
    return "\n".join(lines) + "\n"


def write_crash_log(exc: BaseException, secrets: Iterable[str] = ()) -> tuple[Path | None, str]:
    """Write the crash log of `exc` to a new file in the data folder: (its path, None), or
    (None, why it could not be written)."""

    text = report(exc, secrets)
    name = time.strftime("crash-%Y%m%d-%H%M%S", time.gmtime()) + f"-{os.getpid()}.log"
    try:
        path = home_dir() / name
        atomic_write_text(path, text)  # mode 0600, as every file the game writes
    except (OSError, ValueError, RuntimeError) as exc_write:
        why = getattr(exc_write, "strerror", None) or str(exc_write)
        return None, why
    return path, ""


def quiet_stdout() -> int:
    """Standard output's reader went away: no more output, no message (Python would say it
    cannot flush at exit), `EXIT_BROKEN_PIPE`."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_BROKEN_PIPE


def say_crash(exc: BaseException, secrets: Iterable[str] = (), saved: bool = False) -> int:
    """After a crash: write its log, say so on the terminal in one line, return `EXIT_CRASH`.
    `saved`: a game was open and its autosave worked (the line says no game is lost)."""

    path, why = write_crash_log(exc, secrets)
    with contextlib.suppress(Exception):
        if path is not None:
            key = "crash.line_saved" if saved else "crash.line"
            line = t(key, path=printable(str(path)), code=EXIT_CRASH)
        else:
            key = "crash.no_log_saved" if saved else "crash.no_log"
            line = t(key, why=printable(why), code=EXIT_CRASH)
        print(f"el-grande: {line}", file=sys.stderr)
    return EXIT_CRASH


def secrets_of(records: Iterable[dict[str, object]]) -> list[str]:
    """What a crash log must not tell of these records of games still running: the seed of
    each (it fixes every card to come) and every choice made (a secret disk among them)."""
    out: list[str] = []
    for record in records:
        out.append(str(record.get("seed", "")))
        choices = record.get("choices")
        if isinstance(choices, list):
            out += [c for c in choices if isinstance(c, str)]
    return out
