"""One stream from the core to the screen (issue 9 A, B): the session publishes one update per
choice, one narrator tells the story everywhere, and a scoring plays out on the board."""

from __future__ import annotations

import subprocess
import sys

from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.players import PlayersPanel
from el_grande.core import REGIONS, Options
from el_grande.persist.export import export_text
from el_grande.session import GameSession, Update
from el_grande.setup import GameSetup, default_seats
from el_grande.story import Walk

from .helpers import NAMES, SIZE, app_at, next_key, press, settle


def played_session(seed: int, players: int = 4, **options: object) -> GameSession:
    setup = GameSetup(default_seats(NAMES[:players]), seed=seed, **options)  # type: ignore[arg-type]
    session = GameSession.new(setup)
    while session.decision is not None:
        d = session.decision
        session.apply(d.choices[(session.current.moves * 7 + 3) % len(d.choices)])
    return session


def test_one_update_per_choice_to_every_subscriber() -> None:
    session = GameSession.new(GameSetup(default_seats(NAMES[:3]), seed=2))
    seen: list[list[Update]] = [[], []]
    session.subscribe(seen[0].append)
    stop = session.subscribe(seen[1].append)
    for _ in range(40):
        d = session.decision
        assert d is not None
        update = session.apply(d.choices[-1])
        assert update is session.current and update.decision == session.decision
        assert update.public == session.game.view(None)  # built once, from the game
        if update.decision is not None and update.decision.secret:
            assert update.private == session.game.view(update.decision.player)
        else:
            assert update.private is None
    stop()
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    assert len(seen[0]) == 41 and len(seen[1]) == 40
    assert seen[0][:40] == seen[1]
    assert [u.moves for u in seen[0]] == list(range(1, 42))


def told(record: dict[str, object], reveal: bool = True) -> list[str]:
    """Every line of the story of `record`, as the one walker tells it."""
    walk = Walk(record, reveal=reveal)  # type: ignore[arg-type]
    return [line.text for chapter in walk.chapters() for line in chapter.lines]


def test_the_live_log_and_the_export_tell_the_same_story() -> None:
    """A whole game: the session's log (what the screen shows) is line for line the export's
    text and the replay's log; an open Castillo so that nothing differs by what was hidden."""
    from el_grande.narrate import Tone
    from el_grande.persist.replay import ReplayModel

    session = played_session(seed=12, players=4)
    record = session.game.record()
    live = [line.text for line in session.log]
    assert live == told(record)
    replay = ReplayModel(record)
    replay.end()
    assert live == [line.text for line in replay.log()]
    # The export, line by line: its body is the live log, each round's heading underlined,
    # blank lines around the headings, the result after it.
    exported = export_text(record).splitlines()
    assert exported[1].startswith("===") and exported[2] == exported[4] == ""  # head, setup
    body = exported[5:]
    expected: list[str] = []
    for line in session.log:
        if line.tone is Tone.ROUND:
            heading = line.text.strip("— ").strip()
            if expected and expected[-1]:
                expected.append("")
            expected += [heading, "-" * len(heading)]
        else:
            expected.append(line.text)
    assert body[: len(expected)] == expected
    assert [line for line in body[len(expected) :] if line] == [body[-1]]  # the result
    assert body[-1].startswith("Result: ")


def test_hidden_counts_read_the_same_in_the_live_log_and_an_unfinished_export() -> None:
    session = GameSession.new(
        GameSetup(default_seats(NAMES[:3]), seed=5, castillo="hidden")  # type: ignore[arg-type]
    )
    for _ in range(120):
        d = session.decision
        assert d is not None
        session.apply(d.choices[(session.current.moves * 5 + 1) % len(d.choices)])
    record = session.game.record()
    assert [line.text for line in session.log] == told(record, reveal=False)
    assert any("how many stays hidden" in line.text for line in session.log)


def test_a_hidden_castillo_placement_is_one_line_per_step_not_one_per_caballero() -> None:
    """With a hidden Castillo, three Caballeros placed there in one turn read as one line (three
    lines counted them); the live log and the unfinished export still tell the same story, and
    the finished game's export, where nothing is hidden any more, counts them."""
    import random

    for seed in range(40):
        session = GameSession.new(
            GameSetup(default_seats(NAMES[:3]), seed=seed, castillo="hidden")  # type: ignore[arg-type]
        )
        rng = random.Random(seed)
        placed_twice = False
        while session.decision is not None and session.current.public.round <= 3:
            d = session.decision
            into = [c for c in d.choices if c.verb == "place" and c.arg == "castillo"]
            choice = into[0] if into else rng.choice(d.choices)
            before = len(session.log)
            session.apply(choice)
            if into and len(session.log) == before:
                placed_twice = True  # a second Caballero of the step: nothing new to say
        if placed_twice:
            break
    else:
        raise AssertionError("no turn placed two Caballeros into a hidden Castillo")
    texts = [line.text for line in session.log]
    hidden = "places Caballeros in the Castillo (how many stays hidden)."
    assert not any(a == b and hidden in a for a, b in zip(texts, texts[1:], strict=False))
    record = session.game.record()
    assert texts == told(record, reveal=False)
    assert any("in the Castillo." in line for line in told(record, reveal=True))


def test_log_lines_name_actor_owner_source_and_destination() -> None:
    """An intrigue moving another player's Caballero says who moved whose, from where to
    where, in the singular; every turn ends with a one-line summary."""
    for seed in range(60):
        session = played_session(seed, players=3, rounds=6)
        texts = [line.text for line in session.log]
        others = [x for x in texts if " moves 1 of " in x and "'s Caballeros from " in x]
        if others:
            break
    else:
        raise AssertionError("no intrigue moved another player's Caballero")
    line = others[0]
    actor, _, rest = line.partition(" moves 1 of ")
    owner = rest.split("'s Caballeros from ")[0]
    assert actor != owner and actor in NAMES and owner in NAMES
    assert " to " in rest and "Caballeros from" in rest
    assert not any("1 Caballeros" in x for x in texts)  # singular where it is one
    summaries = [x for x in texts if "'s turn: power card" in x]
    turns = [x for x in texts if "'s turn (power card" in x]
    assert len(summaries) == len(turns) > 0


def test_a_reveal_with_no_disks_says_so_in_words() -> None:
    """A general scoring where nobody had Caballeros in the Castillo reveals no disk: one
    quiet sentence, never "Disks revealed: ." (seen in a hosted game's last scoring)."""
    from el_grande.core import events as E
    from el_grande.narrate import Narrator
    from el_grande.text import t

    none = Narrator(["Ana", "Ben"]).lines([E.SecretsRevealed("castillo", ())])
    assert [line.text for line in none] == [t("ev.revealed_none")]
    some = Narrator(["Ana", "Ben"]).lines([E.SecretsRevealed("castillo", ((1, "aragon"),))])
    assert len(some) == 1 and "Ben" in some[0].text and "Aragon" in some[0].text


def test_persist_session_narrator_and_bots_import_nothing_of_the_app() -> None:
    code = (
        "import sys, el_grande.persist, el_grande.persist.store, el_grande.persist.autosave, "
        "el_grande.persist.export, el_grande.persist.replay, el_grande.persist.undo, "
        "el_grande.persist.model, el_grande.session, el_grande.narrate, el_grande.bots, "
        "el_grande.setup, el_grande.names, el_grande.text\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('el_grande.app', 'textual')))\n"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


# --- B: a scoring plays out on the board -------------------------------------------------------


def _before_last_general_disk(s: GameSession) -> bool:
    d = s.decision
    if d is None or d.kind != "disk" or d.context.get("purpose") != "castillo":
        return False
    clone = s.game.clone()
    clone.apply(d.choices[0])
    return clone.decision is None or clone.decision.kind != "disk"


async def test_a_general_scoring_plays_out_step_by_step_on_the_board() -> None:
    """Before the Castillo step the Castillo still holds its Caballeros and the scores are the
    old ones; after the march they are in their regions; points tick up place by place with
    the scored place lit; the round changes only when the display ends."""
    app = app_at(3, 7, _before_last_general_disk)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game_scr = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        session = game_scr.session
        before = session.current.public
        inside = [p.castillo for p in before.players]
        assert sum(x or 0 for x in inside) > 0
        while not isinstance(app.screen, ScoringScreen):
            await press(pilot, next_key(app))
        scoring = app.screen
        after = session.current.public
        assert after.round > before.round  # the game itself is already in the next round
        shown = game_scr.shown
        assert shown is not None and shown.view.round == before.round
        seen_lit: list[str] = []
        scores: list[tuple[int, ...]] = []
        marched = False
        while isinstance(app.screen, ScoringScreen):
            shown = game_scr.shown
            assert shown is not None
            view = shown.view
            assert view.round == before.round  # the header and the track wait for the end
            if shown.lit:
                seen_lit.append(shown.lit)
            scores.append(tuple(p.score for p in view.players))
            if not marched:
                marched = sum(p.castillo or 0 for p in view.players) == 0
                if not marched:
                    assert [p.castillo for p in view.players] == inside
            await press(pilot, "enter")
        assert (
            marched
            and seen_lit[0] == "castillo"
            and seen_lit[1:10] == list(REGIONS)[: len(seen_lit) - 1]  # in board order
        )
        assert scores == sorted(scores)  # points only ever tick up
        from el_grande.core import events as E

        castillo = next(
            e for e in scoring.events if isinstance(e, E.PlaceScored) and e.place == "castillo"
        )
        first = tuple(p.score + castillo.points[p.seat] for p in before.players)
        assert scores[0] == first  # step 1 scores the Castillo, and nothing else yet
        assert scores[-1] == tuple(p.score for p in after.players)
        await settle(pilot)
        final = game_scr.shown
        assert final is not None and final.view.round == after.round  # now the round moves on


# --- D: the map ----------------------------------------------------------------------------


def test_R_B1_the_maps_regions_touch_exactly_along_the_15_borders() -> None:
    from el_grande.app.widgets.board import CASTILLO_CELLS, LAYOUT, neighbours_by_layout
    from el_grande.core import NEIGHBOURS

    rules = {frozenset((a, b)) for a, ns in NEIGHBOURS.items() for b in ns if b != "castillo"}
    assert len(rules) == 15
    assert neighbours_by_layout() == rules
    # The Castillo's cells belong to no region, so it touches none (it is drawn inset).
    c0, r0, w, h = CASTILLO_CELLS
    cells = {(c, r) for c in range(c0, c0 + w) for r in range(r0, r0 + h)}
    for place, (x, y, pw, ph) in LAYOUT.items():
        assert not cells & {(c, r) for c in range(x, x + pw) for r in range(y, y + ph)}, place


async def test_every_region_shows_its_name_values_and_caballeros_at_100x30() -> None:
    from el_grande.text import region

    app = app_at(5, 3, lambda s: s.current.moves >= 120)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game_scr = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        board = game_scr.query_one(MapView)
        text = board.render().plain
        view = game_scr.session.current.public
        for r in view.regions:
            name = region(r.id, short=True)
            assert name in text, name
            assert "/".join(map(str, r.values)) in text
            for seat, count in enumerate(r.caballeros):
                if count:
                    assert f"{game_scr.session.letters[seat]}{count}" in text
        assert "♔" in text and "⌂" in text
        panel = game_scr.query_one(PlayersPanel).render().plain
        for word in ("score", "court", "prov.", "Cast."):
            assert word in panel.splitlines()[0]


def test_options_reach_the_session() -> None:
    session = GameSession.new(GameSetup(default_seats(NAMES[:2]), seed=1, castillo="hidden"))
    assert session.game.options == Options(castillo="hidden")


# --- E: everything for a decision on one screen ---------------------------------------------


async def _power_choice_cards(size: tuple[int, int]) -> tuple[str, list[str], list[str]]:
    from el_grande.app.widgets.cards import CardList, round_cards
    from el_grande.text import card_name, card_text

    app = app_at(5, 5, lambda s: s.current.moves >= 40 and s.decision.kind == "power")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        game_scr = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        cards = round_cards(game_scr.session.current.public)
        text = game_scr.query_one(CardList).render().plain
        return text, [card_name(c) for c, _ in cards], [card_text(c) for c, _ in cards]


async def test_every_card_name_at_100x30_and_every_full_text_at_120x40() -> None:
    text, names, _texts = await _power_choice_cards((100, 30))
    assert len(names) == 5
    for name in names:
        assert name[:12] in text, name
    text, names, texts = await _power_choice_cards((120, 40))
    flat = " ".join(text.split())
    for name, body in zip(names, texts, strict=True):
        assert name in flat
        assert " ".join(body.split()) in flat, body
