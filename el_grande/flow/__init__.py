"""The table's flow in plain Python: what the table shows next, hand-overs at one keyboard,
scoring displays and computer players' pace (docs/app.md, "The table's flow").

- `el_grande.flow.table` — `TableFlow` and its scenes;
- `el_grande.flow.handover` — the hand-over guard and rule (silence, not time);
- `el_grande.flow.display` — scoring and reveal displays as plain steps;
- `el_grande.flow.clock` — the injected clock (`ManualClock` for tests).

No Textual, rich or pydantic here (a test proves it).
"""
