"""The table's flow in plain Python: what the table shows next, hand-overs at one keyboard,
scoring displays and computer players' pace (docs/app.md, "The table's flow"), for every
audience (docs/table-api.md).

- `el_grande.flow.table` — `TableFlow`: the hot-seat table's facade, between the session and
  a screen (a director, the hot-seat policy and the features, registered once);
- `el_grande.flow.hotseat` — the hot-seat policy: beats to scenes for one shared screen;
- `el_grande.flow.own_screen` — a seat's own screen's policy: its own view, no curtain;
- `el_grande.flow.spectate` — a spectator's policy: public views only, by type;
- `el_grande.flow.broadcast` — one director's beats to several audiences' policies;
- `el_grande.flow.director` — the director: what happens next, for no audience (beats);
- `el_grande.flow.players` — the computer players' turns and their pace (the director's);
- `el_grande.flow.feature` — the features' protocol, the table's options;
- `el_grande.flow.scenes` — every scene a screen draws (Prompt, TakeOver, Curtain, Showing…);
- `el_grande.flow.beats` — the audience-free beats of a game at the table (Decide, Show…);
- `el_grande.flow.audience` — who looks (Seat, Table, Spectator) and the one function that
  hands out a seat's own view (docs/table-api.md);
- `el_grande.flow.marks` — the marks a prompt carries (a caution, what changed since);
- `el_grande.flow.handover` — the hand-over guard and rule (silence, not time);
- `el_grande.flow.display` — scoring and reveal displays as plain steps;
- `el_grande.flow.thinker` — the injected thinker (a bot's choice, a decision's cautions);
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
