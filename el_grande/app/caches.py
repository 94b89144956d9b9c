"""Let go of what Textual caches for widgets that are gone.

Textual 8 caches `StylesCache.get_inner_outer` with `functools.lru_cache(1024)` on the
method, so each entry's key holds the widget's `StylesCache` — and with it every line that
widget last drew — until 1024 newer entries push it out. A closed game screen's widgets
stay reachable that way: about 12 000 objects a game (a game of five computer players,
`python -m el_grande.app.bench memory 4`). The cache only saves two `Style` objects per
widget, so clearing it when a game's screen goes costs nothing one can measure.
"""

from __future__ import annotations


def forget_closed_widgets() -> None:
    """Clear Textual's caches that keep closed widgets reachable (none in this Textual: no-op)."""
    try:
        from textual._styles_cache import StylesCache

        StylesCache.get_inner_outer.cache_clear()
    except (ImportError, AttributeError):  # a Textual without that cache
        pass
