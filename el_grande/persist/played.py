"""How many games have been finished on this machine: what the `tips` setting's "auto" reads
(tips until three games have been finished, `el_grande.flow.lessons.tips_on`).

A small file in the data folder (`finished.json`: the ids of the first games finished, at
most `KEEP`), written atomically when a game with a person at it ends (the autosave calls
`game_finished`), so a crash leaves the old count or the new one. A game counts once, however
often its end is saved. A file that cannot be read counts as no game finished (tips on: the
harmless side); the next finished game writes it anew — unless something that is not the
app's own file is there (a symbolic link, a folder): that is never read, followed or
replaced. Deleting saves changes nothing.
"""

from __future__ import annotations

import logging
from pathlib import Path

from el_grande.atomic import atomic_write_text
from el_grande.files import json_of, own_kind, read_regular
from el_grande.persist.paths import home_dir

log = logging.getLogger(__name__)

FILE = "finished.json"
#: The count stops growing here: only "fewer than three" is ever asked.
KEEP = 10
LIMIT = 16 * 1024


def finished_path(home: Path | None = None) -> Path:
    return (home or home_dir()) / FILE


def _ids(home: Path | None) -> list[str]:
    try:
        # The data folder's own file: the one bounded reader, never through a link; a number
        # of 5000 digits is a broken file like any other (`files.json_of`).
        data = json_of(read_regular(finished_path(home), LIMIT, follow=False).decode("utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:  # unreadable, not JSON: as if none were finished
        log.warning("%s is not used: %s", finished_path(home), str(exc) or type(exc).__name__)
        return []
    ids = data.get("finished") if isinstance(data, dict) else None
    if not isinstance(ids, list):
        return []
    return [i for i in ids if isinstance(i, str)][:KEEP]


def finished_games(home: Path | None = None) -> int:
    """How many games have been finished here (at most `KEEP`)."""
    return len(_ids(home))


def game_finished(game_id: str, home: Path | None = None) -> None:
    """`game_id` has ended: counted, once. Never raises (a count is not worth a game)."""
    ids = _ids(home)
    if game_id in ids or len(ids) >= KEEP:
        return
    kind = own_kind(finished_path(home))
    if kind is not None:  # a link (or a folder) where the count goes: left alone, never replaced
        log.warning("cannot count a finished game in %s: it is %s", finished_path(home), kind)
        return
    import json  # start-up: the count is read at a new game (no JSON on a new machine)

    text = json.dumps({"finished": [*ids, game_id]}, indent=1) + "\n"
    try:
        atomic_write_text(finished_path(home), text)
    except OSError as exc:
        log.warning("cannot count a finished game in %s: %s", finished_path(home), exc)
