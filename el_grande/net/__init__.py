"""Play across screens: a table hosted by one process, its seats and watchers on screens of
their own, over websockets (docs/protocol.md).

`codec` turns the values a screen draws into JSON and back; `protocol` checks every message
on both ends; the hosted table (`table`) holds the one authoritative game and hands each
connection only what its seat (or a watcher) may see; `server` and `client` carry the
messages; `remote` keeps a screen's decoded state. Plain Python and asyncio: the screens of a
remote seat are the app's (`el_grande.app.screens.remote_game`).
"""
