"""Every scoring display shows its first step at once (issue 33, item 1).

The first step used to be drawn blank — no title, no step number, no key line — until the
first Enter, which then went on to step 2: the Castillo's step of a general scoring, the only
step of "Score the Castillo" and the disks of a disk card were never seen. The displays are
found by playing the table flow (plain Python); the screen draws each one's first step.
"""

from __future__ import annotations

import random

from textual.app import App
from textual.widgets import Static

from el_grande.app.present import chip
from el_grande.app.screens.scoring import Heading, ScoringScreen
from el_grande.core import events as E
from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import Input
from el_grande.flow.scenes import Curtain, GameOver, Prompt, Showing, TakeOver
from el_grande.flow.table import TableFlow
from el_grande.names import fit_quoted
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats
from el_grande.text import t

from .helpers import NAMES, SIZE, screen_text

#: The action cards that score or reveal secret disks: each opens a display of its own.
DISPLAY_CARDS = (
    "score_region", "score_fives", "score_fours", "score_six_seven", "score_castillo",
    "score_firsts", "score_most", "score_least", "score_any", "score_by_disk",
    "province_two_by_disk", "province_all_by_disk", "eviction",
)  # fmt: skip
#: Every kind of display: the general scoring, each scoring card's, each disk card's reveal.
KINDS = frozenset(
    {"general"}
    | {c for c in DISPLAY_CARDS if c.startswith("score_")}
    | {f"reveal:{c}" for c in ("score_by_disk", "province_two_by_disk", "province_all_by_disk")}
    | {"reveal:eviction"}
)


def kind(scene: Showing) -> str:
    """ "general", a scoring card's id, or "reveal:" and the disk card's purpose."""
    for ev in scene.events:
        if isinstance(ev, E.ScoringStarted):
            return str(ev.why)
    purpose = next(str(ev.purpose) for ev in scene.events if isinstance(ev, E.SecretsRevealed))
    return f"reveal:{purpose}"


def first_steps() -> dict[str, tuple[Showing, GameSession]]:
    """The first step of one display of every kind, as the flow hands it to the screen,
    from tables of humans who play a display card whenever one of a kind not yet seen is
    offered (and otherwise choose at random)."""
    found: dict[str, tuple[Showing, GameSession]] = {}
    for seed in range(40):
        session = GameSession.new(GameSetup(default_seats(NAMES[: 3 + seed % 2]), seed=seed))
        clock = ManualClock()
        flow = TableFlow(
            session, clock, bot_delay=0.0, quiet=0.0, take_over_seconds=0.0,
            letters=random.Random(1),
        )  # fmt: skip
        flow.start()
        rng = random.Random(seed)
        seen = {k.removeprefix("reveal:") for k in found}
        while not isinstance(scene := flow.scene, GameOver):
            clock.advance(0.5)
            flow.input(Input.KEY, clock.now())
            if isinstance(scene, Prompt):
                d = scene.decision
                wanted = [
                    c for c in d.choices
                    if c.verb == "card" and c.arg in DISPLAY_CARDS and c.arg not in seen
                ]  # fmt: skip
                flow.answer(wanted[0] if wanted else rng.choice(d.choices))
            elif isinstance(scene, TakeOver):
                flow.take_over(scene.letter)
            elif isinstance(scene, Curtain):
                flow.lower()
            elif isinstance(scene, Showing):
                if scene.index == 0:
                    found.setdefault(kind(scene), (scene, session))
                flow.step()
        if found.keys() >= KINDS:
            return found
    raise AssertionError(f"no game showed {sorted(KINDS - found.keys())}")


class Stage(App[None]):
    """An empty table for one display at a time."""


async def test_every_displays_first_step_is_drawn_at_once() -> None:
    found = first_steps()  # one of every kind (else it fails, saying which never came)
    app = Stage()
    async with app.run_test(size=SIZE) as pilot:
        for name, (scene, session) in sorted(found.items()):
            screen = ScoringScreen(
                scene,
                chip=lambda seat, s=session: chip(s.seating, seat),  # type: ignore[misc]
                name=session.name,
                on_next=lambda: None,
                on_last=lambda: None,
                on_run_to_end=lambda: None,
            )
            await app.push_screen(screen)
            await pilot.pause()

            drawn = screen_text(app).replace("║", " ")  # type: ignore[arg-type]
            on_screen = " ".join(drawn.split())  # the box's lines as one text

            def shows(text: str, on_screen: str = on_screen) -> bool:
                return " ".join(text.split()) in on_screen

            body = str(screen.query_one("#scoring-body", Static).content)
            keys = t("scoring.last") if scene.last else t("scoring.continue")
            # The heading as its one line draws it (a long card name shortens inside its
            # quotes where the box is narrow: `Heading`).
            title = screen.query_one("#scoring-title", Heading)
            heading = fit_quoted(scene.heading, title.size.width)
            assert heading.strip() and shows(heading), name
            assert shows(t("scoring.step", i=1, n=len(scene.steps))), name
            assert shows(scene.step.title), name
            assert shows(keys), name
            assert body.strip() and shows(body.splitlines()[0]), name
            app.pop_screen()
            await pilot.pause()
