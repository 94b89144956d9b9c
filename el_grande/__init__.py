"""El Grande for the terminal: a rules core, a hot-seat Textual app, saves and bots."""

__version__ = "0.1.0"
