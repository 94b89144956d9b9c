"""The table's flow in plain Python: what the table shows next, hand-overs at one keyboard,
scoring displays and computer players' pace (docs/app.md, "The table's flow").

- `el_grande.flow.table` — `TableFlow`: the table's flow, between the session and a screen;
- `el_grande.flow.scenes` — every scene a screen draws (Prompt, TakeOver, Curtain, Showing…);
- `el_grande.flow.beats` — the audience-free beats of a game at the table (Decide, Show…);
- `el_grande.flow.handover` — the hand-over guard and rule (silence, not time);
- `el_grande.flow.display` — scoring and reveal displays as plain steps;
- `el_grande.flow.clock` — the injected clock (`ManualClock` for tests);
- `el_grande.flow.confirm` — "confirm my turn": what a held choice would do (its preview);
- `el_grande.flow.cautions` — the cautions on likely mistakes at a prompt;
- `el_grande.flow.changes` — what changed since a player's previous decision;
- `el_grande.flow.lessons` — the lessons and tips, and the coach that says them;
- `el_grande.flow.guided` — the guided first game: its table and its computer players' script;
- `el_grande.flow.seats` — seats changing hands in the middle of a game (the seat menu).

Every change to the game goes through the session (`el_grande.session`), which publishes it;
the flow never writes the save (the autosave, a subscriber of the session, does). No Textual,
rich or pydantic here (a test proves it).
"""
