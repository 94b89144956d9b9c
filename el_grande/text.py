"""The message catalogue: every sentence a player reads comes from here.

Widgets and screens never hold text of their own; they ask this module. English is here; a
translation is another `Catalogue` with the same keys in a module of its own (Korean:
`el_grande/text_ko.py`), registered in `LANGUAGES` (built when first used) and chosen with
`use(lang)` — the command line picks it with `resolve_language` (docs/i18n.md). The active
language is a context variable: `use` sets it for the code running now and everything it
starts (asyncio tasks copy it), never for other threads: a function handed to a thread takes
it along with `carry(fn)`. Strings are `str.format` templates; keep the placeholders when
translating. Grammar belongs to the language, never to the code: plurals (`Plural` and the
catalogue's `plural` rule), word order (whole sentences, never parts glued together in code),
list separators (`join.*` keys), names at the start of a sentence (`region(place,
start=True)`), and a language's own field formats (Korean chooses its particles with
`{name:이/가}`, see `text_ko.py`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from contextvars import ContextVar, copy_context
from dataclasses import field
from typing import ParamSpec, TypeVar

from el_grande.records import record

REGION_NAMES = {
    "galicia": "Galicia",
    "basque_country": "Basque Country",
    "aragon": "Aragon",
    "catalonia": "Catalonia",
    "old_castile": "Old Castile",
    "new_castile": "New Castile",
    "valencia": "Valencia",
    "seville": "Seville",
    "granada": "Granada",
    "castillo": "the Castillo",
    "court": "the court",
    "province": "the province",
}

# The same at the start of a sentence ("The Castillo: Ana +5 (1st).").
REGION_START = {
    **REGION_NAMES,
    "castillo": "The Castillo",
    "court": "The court",
    "province": "The province",
}

# Short names used where a cell is narrow (the map at 100 columns).
REGION_SHORT = {
    "galicia": "Galicia",
    "basque_country": "Basque",
    "aragon": "Aragon",
    "catalonia": "Catalonia",
    "old_castile": "Old Castile",
    "new_castile": "New Castile",
    "valencia": "Valencia",
    "seville": "Seville",
    "granada": "Granada",
    "castillo": "Castillo",
}

CARD_NAMES = {
    "intrigue_5_from_region": "Intrigue: clear a region",
    "intrigue_4_any": "Intrigue: move 4",
    "intrigue_4_own": "Intrigue: move 4 own",
    "intrigue_2_own_2_foreign": "Intrigue: 2 own + 2 foreign",
    "intrigue_3_foreign": "Intrigue: move 3 foreign",
    "intrigue_3_any": "Intrigue: move 3",
    "intrigue_place_2": "Intrigue: place 2 more",
    "intrigue_or": "Intrigue: either/or",
    "intrigue_all_own": "Intrigue: all own out",
    "veto": "Veto",
    "decay_all": "Decay: whole court",
    "decay_three": "Decay: 3 from court",
    "angry_king": "The Angry King",
    "score_region": "Score a region",
    "return_one_each": "One from each",
    "province_two_by_disk": "Disk: 2 home",
    "province_all_by_disk": "Disk: all home",
    "score_fives": "Score the 5-regions",
    "score_fours": "Score the 4-regions",
    "score_six_seven": "Score the 6- and 7-regions",
    "score_castillo": "Score the Castillo",
    "score_firsts": "First places only",
    "score_most": "Score the fullest",
    "score_least": "Score the emptiest",
    "score_any": "Score any place",
    "scoreboard": "Mobile scoreboard",
    "royal_adviser": "Royal adviser",
    "eviction": "Eviction",
    "grande": "Move your Grande",
    "power_cards": "Power card back",
    "court": "Court: +2",
    "score_by_disk": "Disk: score the lonely",
    "king": "The King",
}

CARD_TEXTS = {
    "intrigue_5_from_region": "Choose one region; move up to 5 Caballeros of any colours out of "
    "it (each to any other region or the Castillo).",
    "intrigue_4_any": "Move up to 4 Caballeros of any colours.",
    "intrigue_4_own": "Move up to 4 of your own Caballeros.",
    "intrigue_2_own_2_foreign": "Move up to 2 of your own and up to 2 of other players' "
    "Caballeros.",
    "intrigue_3_foreign": "Move up to 3 of other players' Caballeros.",
    "intrigue_3_any": "Move up to 3 Caballeros of any colours.",
    "intrigue_place_2": "Place up to 2 more Caballeros from your court into any regions (not the "
    "King's) and/or the Castillo.",
    "intrigue_or": "Either move all your Caballeros out of one region (split freely), or place up "
    "to 2 more Caballeros from your court into any regions (not the King's) and/or the Castillo.",
    "intrigue_all_own": "Choose one region; move all your Caballeros out of it (split freely).",
    "veto": "Keep a Veto: once, this round or next, cancel another player's special action.",
    "decay_all": "Every other player returns all Caballeros in their court.",
    "decay_three": "Every other player returns 3 Caballeros from their court (all, if fewer).",
    "angry_king": "Starting left of you, every other player returns 3 of their own Caballeros, "
    "each from their court and/or regions (not the King's region, not the Castillo).",
    "score_region": "Choose one region (the King's region allowed, the Castillo not); score it "
    "now.",
    "return_one_each": "For each other player, you may choose one of their Caballeros in a region "
    "(not the King's region) and return it.",
    "province_two_by_disk": "Every other player with 2+ Caballeros in some region (not the "
    "King's) secretly chooses one such region; then each returns 2 Caballeros from it.",
    "province_all_by_disk": "Every other player with Caballeros in some region (not the King's) "
    "secretly chooses one such region; then each returns all their Caballeros from it.",
    "score_fives": "Score every region whose first-place value is 5.",
    "score_fours": "Score every region whose first-place value is 4.",
    "score_six_seven": "Score every region whose first-place value is 6 or 7.",
    "score_castillo": "Score the Castillo; its Caballeros stay inside.",
    "score_firsts": "Score all nine regions, first place only (value plus bonuses); a tie for "
    "first scores nothing there.",
    "score_most": "Score the region(s) holding the most Caballeros (all colours together).",
    "score_least": "Score the region(s) holding the fewest Caballeros, ignoring empty regions.",
    "score_any": "Choose any region (the King's allowed) or the Castillo; score it now.",
    "scoreboard": "Put a mobile scoreboard onto a region or the Castillo, or move one from where "
    "it lies. Never into or out of the King's region; never two on one place.",
    "royal_adviser": "Move the King to a region next to the King's region.",
    "eviction": "Choose a region (not the King's). Every other player with Caballeros there "
    "secretly chooses a destination; then each moves all of theirs there.",
    "grande": "Move your Grande to another region (not into or out of the King's region). It "
    "becomes your home region.",
    "power_cards": "Take one of your played power cards back into your hand.",
    "court": "Move up to 2 of your Caballeros from the province to your court.",
    "score_by_disk": "Every player, you included, secretly chooses a region. Every region chosen "
    "by exactly one player is scored.",
    "king": "Move the King to any region.",
}


@record
class Plural:
    """A sentence whose words depend on a number: ``t(key, count=n)`` picks the form.

    The forms and the rule that picks one belong to the language (`Catalogue.plural`), so
    word order and plurals stay in the catalogue, never in code."""

    one: str
    other: str


def english_plural(n: int) -> str:
    return "one" if n == 1 else "other"


Template = str | Plural

#: Fills a template with its fields (`str.format` unless a language needs more).
Formatter = Callable[[str, Mapping[str, object]], str]


@record(frozen=False)
class Catalogue:
    """One language: template strings by key, the names of places and cards, and the
    language's grammar (its plural rule, and how fields are formatted)."""

    lang: str
    strings: Mapping[str, Template]
    regions: dict[str, str] = field(default_factory=lambda: dict(REGION_NAMES))
    regions_short: dict[str, str] = field(default_factory=lambda: dict(REGION_SHORT))
    card_names: dict[str, str] = field(default_factory=lambda: dict(CARD_NAMES))
    card_texts: dict[str, str] = field(default_factory=lambda: dict(CARD_TEXTS))
    #: Place names at the start of a sentence (English capitalises "the Castillo").
    regions_start: dict[str, str] = field(default_factory=lambda: dict(REGION_START))

    #: The plural form ("one" or "other") for a number.
    plural: Callable[[int], str] = english_plural
    #: How a template is filled (None: `str.format`).
    formatter: Formatter | None = None

    def template(self, key: str, count: object = None) -> str:
        """The raw template for `key` (English if this language lacks it; the key itself if
        nobody has it), its plural form chosen by `count`."""
        template = self.strings.get(key)
        if template is None:
            template = EN.get(key, key)
        if isinstance(template, Plural):
            form = self.plural(count) if isinstance(count, int) else "other"
            template = template.one if form == "one" else template.other
        return template

    def __call__(self, key: str, /, **kwargs: object) -> str:
        template = self.template(key, kwargs.get("count"))
        if not kwargs:
            return template
        if self.formatter is not None:
            return self.formatter(template, kwargs)
        return template.format(**kwargs)


EN: dict[str, Template] = {
    # --- app / title -------------------------------------------------------------------------
    "app.title": "El Grande",
    # Two lines, broken where the sense breaks (the title box is narrow).
    "app.subtitle": "Spain, 15th century: Kramer & Ulrich's area-control classic,\n"
    "played hot-seat at one keyboard",
    "title.new": "New game",
    "title.resume": "Resume a saved game",
    "title.resume_missing": "Resume (saving is not available yet)",
    "title.rules": "Rules and keys",
    "title.quit": "Quit",
    "title.hint": "↑↓ to choose · Enter to open · ctrl+q quits at any time",
    # Separators a language writes between the items of a list.
    "join.list": ", ",
    "join.winners": " & ",
    "join.parts": " · ",
    "join.sentences": " ",
    "too_small": "The terminal is {w}×{h}. El Grande needs at least {min_w}×{min_h} — please "
    "enlarge the window.\n\nThe game is paused: no key acts on it until then (? help, "
    "ctrl+q quits).",
    "too_small.saved": "The game is saved.",
    # --- new game ----------------------------------------------------------------------------
    "new.title": "New game",
    "new.players": "Players (2–5)",
    "new.player_n": "Player {n}",
    "new.name_placeholder": "name (empty: no player)",
    "new.colour": "colour",
    "new.kind": "seat",
    "kind.human": "human",
    "new.rounds": "Rounds",
    "new.rounds_9": "9 rounds (full game)",
    "new.rounds_6": "6 rounds (short game)",
    "new.veto": "Veto cards in play",
    "new.castillo": "Castillo",
    "new.castillo_open": "open (counts shown)",
    "new.castillo_hidden": "hidden (total only)",
    "new.seed": "Seed (empty: random)",
    "new.start": "Start player",
    "new.start_random": "random",
    "new.select": "Select",
    "new.begin": "Start the game",
    "new.back": "Back",
    "new.err_few": "At least 2 players are needed.",
    "new.err_dup_colour": "Two players have the colour {colour}; colours must differ.",
    "new.err_seed": "The seed must be a whole number.",
    "new.default_names": "Ana,Ben,Cy",
    # --- names (el_grande/names.py: every way a name comes in) ---------------------------------
    "name.err_empty": "A player's name may not be empty.",
    "name.err_control": "The name {name} holds {char}: names may not hold control or "
    "formatting characters (tabs, new lines, escape codes, direction marks, zero-width "
    "characters).",
    "name.err_wide": "The name {name} is {width} columns wide: names may be at most {n} "
    "columns wide (a Hangul syllable or an emoji takes 2).",
    "name.err_legacy_long": "The name {name} is longer than {n} characters.",
    "name.err_long": "The name {name} has {count} characters: a name may have at most {n} "
    "(accents and other marks count too).",
    "name.err_blank": "A player's name must show something: this one is only blank or "
    "invisible characters.",
    "name.err_invisible": "The name {name} holds {char}, which the terminal draws as nothing: "
    "it would look like another name.",
    "name.err_mark_first": "A name may not start with a combining mark ({char}): it has no "
    "letter to sit on.",
    "name.err_other_width": "The name {name} holds {char}, which terminals draw at another "
    "width than the game measures (the board's lines would shift): leave it out.",
    "name.err_drawn_wide": "The name {name} is drawn {drawn} columns wide by this terminal but "
    "measured {width} by the game (the board's lines would shift): leave out its emoji or "
    "marks.",
    "name.err_confusable": "The names {name} and {other} look alike: players at one table "
    "must be told apart at a glance.",
    "name.err_dup": "Two players are called {name}; names must differ (capitals do not count).",
    "colour.yellow": "yellow",
    "colour.red": "red",
    "colour.green": "green",
    "colour.blue": "blue",
    "colour.purple": "purple",
    "colour.cyan": "cyan",
    "colour.white": "white",
    "colour.orange": "orange",
    # --- keys shared by dialogs ------------------------------------------------------------
    "keys.back": "Back",
    "keys.cancel": "Cancel",
    "keys.close": "Close",
    "keys.close_list": "Close the list",
    "keys.quit": "Quit",
    # --- tooltips (app/tips.py): what the whole table may know ------------------------------
    "tip.region": "{name} · values {values}",
    "tip.castillo": "The Castillo · values {values}",
    "tip.castillo_total": Plural(
        "{count} Caballero inside in all", "{count} Caballeros inside in all"
    ),
    "tip.castillo_secret": "Who has how many in the Castillo is secret until it is scored.",
    "tip.king": "The King is here (♔).",
    "tip.home": "Home region (⌂) of {names}.",
    "tip.neighbours": "Neighbours: {names}",
    "tip.caballeros": "Caballeros: {counts}",
    "tip.count": "{name}\u00a0{n}",  # a name and its count on one line
    "tip.nobody": "Nobody has a Caballero here yet.",
    "tip.tie": "{names} share the lead with {n}.",
    "tip.leads": "{name} leads with {n}, by {by}.",
    "tip.player": "{name} · {score} points",
    "tip.player_counts": "Court {court} · province {province} · Castillo {castillo}",
    "tip.player_home": "Home region (Grande): {region}",
    "tip.player_hand": "Power cards in hand: {cards}",
    "tip.player_vetoes": Plural("Holds {count} Veto card.", "Holds {count} Veto cards."),
    # --- resume, save as -------------------------------------------------------------------
    "resume.title": "Resume a saved game",
    "resume.none": "No unfinished games in {where}.",
    "resume.keys": "Enter: resume · Esc: back",
    "resume.skipped": Plural(
        "{count} unreadable file skipped, left untouched",
        "{count} unreadable files skipped, left untouched",
    ),
    "resume.line": "{names} · {round} · {decisions} · saved {when}",
    "resume.round": "round {n}",
    "resume.not_started": "not started",
    "resume.finished": "finished",
    "resume.decisions": Plural("{count} decision", "{count} decisions"),
    "resume.open_elsewhere": "open in another window",
    "resume.cannot_lock": "cannot lock {path}: {why}",
    "resume.skipped_file": "(skipped: {problem})",
    "resume.finished_head": "Finished games",
    "resume.keys_all": "Enter: resume (a finished game: replay) · v: review a finished game · "
    "n: name · x: export · d: delete · t: the trash (restore) · Esc: back",
    "resume.key_review": "Review",
    "resume.not_finished": "Only a finished game can be reviewed.",
    "resume.named": "“{name}”",
    "resume.key_name": "Name",
    "resume.key_export": "Export",
    "resume.key_delete": "Delete",
    "manage.name_title": "Name this save",
    "manage.name_note": "Enter: keep the name (an empty name takes it off) · Esc: cancel",
    "manage.name_control": "A save's name may not hold control or formatting characters ({char}).",
    "manage.name_long": "A save's name is at most {n} terminal cells wide.",
    "manage.named": "The save is now called “{name}”.",
    "manage.unnamed": "The save has no name any more.",
    "manage.export_title": "Export this game (Markdown for a file ending in `.md`, else text)",
    "manage.export_note": "Enter: export · Esc: cancel · a finished game is told whole, an "
    "unfinished one as the table saw it",
    "manage.delete_title": "Delete this save?",
    "manage.delete_note": "It goes to the trash in the data folder and is removed for good "
    "after {days} days.",
    "manage.delete_yes": "Delete",
    "manage.delete_keys": "y: delete · n or Esc: keep it",
    "manage.deleted": "Deleted: {game} is in the trash ({path}) for {days} days.",
    "manage.confirm": "Delete {game} ({names})? It goes to the trash for {days} days. [y/N] ",
    "manage.kept": "Nothing deleted.",
    "manage.no_tty": "Not deleted: give `--yes` to delete without being asked.",
    # --- issue 33 (small): the trash's restore
    "manage.restored": "Restored: {game} is back in the resume list.",
    "manage.trash_keys": "Enter: restore (back into the resume list) · Esc: back",
    "resume.key_trash": "Trash",
    "manage.restored_as": "Restored as {game}: a save with the id {old} is there already.",
    "manage.trash_none": "The trash is empty ({path}).",
    "manage.trash_head": "In the trash ({path}; each kept {days} days):",
    "manage.no_such_trashed": "No save '{key}' in the trash ({path}).",
    "manage.many_trashed": "'{key}' matches {count} saves in the trash ({path}); give more of "
    "the id.",
    "export.over_save": "{path} is the save file itself: the export is not written over it.",
    "export.not_a_file": "{path} is not a regular file: the export is not written into it.",
    "export.dangling": "{path} is a symbolic link to nothing: the export is not written.",
    "export.written": "Exported to {path}.",
    "save.title": "Save the game to a file",
    "save.note": "Enter: save · Esc: cancel · the game is autosaved anyway; load the file with "
    "`el-grande load FILE`",
    "save.exists": "{path} already exists; choose another name.",
    "save.cannot": "Cannot write {path}: {why}.",
    "save.saved": "Saved to {path}.",
    "save.empty": "Type a file name to save to.",
    "save.problem_exit": "When the game closed: {problem}",
    "save.failed": "Autosave failed: cannot write {path}: {reason}.",
    "save.off": "Autosave is off: the players' seats cannot be written to a save.",
    "save.unloadable": "El Grande would not load it again, a bug to report ({problem}); "
    "nothing was written, the last save is kept",
    "save.busy": "the game is open in another window",
    "save.locked": "The game {game} ({names}) is open in another window; close it there first "
    "(a game is played in one window at a time).",
    "save.cannot_lock": "Cannot lock {path}: {why}. The game is not opened: without its lock "
    "a second window could play it at the same time (remove what is there, or make it a file "
    "you may write).",
    # --- game screen keys -----------------------------------------------------------------
    # the key bar's short labels, issue 33 item 5 (app/widgets/keybar.py: used only where the
    # whole labels do not fit the width; by binding id)
    "keys.short.preview": "Calculator",
    "keys.short.save_as": "Save",
    "keys.short.skip_ahead": "Skip",
    "keys.short.quit": "Quit",
    "keys.help": "Help",
    "keys.preview": "Scoring calculator",
    "keys.log": "Log",
    "keys.undo": "Undo",
    "keys.hint": "Hint",
    "hint.title": "Hints for {name}: the strong computer player's best three",
    "hint.thinking": "Thinking… (a second at most; Esc cancels)",
    "hint.ready": "Expected points over a typical choice, and where each leaves you at the "
    "round's end.",
    "hint.gain": "{gain} points over a typical choice",
    # Under hint.gain: the expected margin over the best other player, in words ({margin} >= 0).
    "hint.ahead": "round's end: {margin} ahead of everyone",
    "hint.behind": "round's end: {margin} behind the leader",
    "hint.level": "round's end: level with the leader",
    "hint.same": "as good as the first, as far as the analysis can tell",
    "hint.none": "No hint this time (cancelled or no time to think).",
    "hint.failed": "The hint could not be worked out.",
    "hint.keys": "1–3 or Enter: move the cursor to that choice · Esc: close",
    "hint.key_close": "Close",
    "hint.off": "Hints are off at this table.",
    "hint.curtain": "A hint for {name} only",
    "hint.curtain_why": "Hidden Castillo: a hint could give away {name}'s own count.",
    "over.hints": "Hints used: {counts}",
    "over.hint_count": "{name} {count}",
    "over.no_hints": "Hints were off at this table.",
    "keys.save_as": "Save as",
    "keys.skip": "Skip ahead",
    "undo.what": "Undo",
    "undo.over": "the game is over",
    "undo.nothing": "there is nothing of yours to take back yet",
    "undo.other_player": "the last decision was another player's",
    "undo.secret": "a secret choice cannot be taken back",
    "undo.revealed": "it turned up something nobody knew before",
    "undo.bot": "a computer player is choosing",
    # --- replay ----------------------------------------------------------------------------
    "replay.next": "Next",
    "replay.back": "Back",
    "replay.next_round": "Next round",
    "replay.prev_round": "Round back",
    "replay.start": "Start",
    "replay.end": "End",
    "replay.doing_next": "the next decision",
    "replay.doing_end": "the end",
    "replay.where": "{title} — decision {pos} of {of}, round {round}",
    "replay.at_end": "the end of the record",
    "replay.secret": " (secret)",
    "replay.answer": " → {answer}",
    "replay.next_line": "next: {name}{secret}: {what}{answer}",
    # --- curtain -----------------------------------------------------------------------------
    "curtain.to": "Pass the keyboard to {name}",
    "curtain.why": "{name} chooses in secret: {what}.",
    "curtain.back": "{name} has chosen.",
    "curtain.back_to": "{name} has chosen. Pass the keyboard to {next}",
    "curtain.back_all": "All secret choices are made",
    "curtain.continue": "Continue",
    "curtain.letter": "When only {name} is looking, press {letter} (or click Continue).",
    "curtain.letter_why": "Keys typed ahead never count: the letter works only after {seconds}s "
    "with no key or click, and it changes every time, so nobody sees or answers someone else's "
    "secret by accident.",
    "curtain.enter_hint": "Let everyone see, then press Enter (or click Continue).",
    "curtain.enter_why": "Keys typed ahead never count: Enter works only after {seconds}s with "
    "no key or click.",
    "curtain.nudge": "Not that key: once the keyboard has been quiet, press {letter} to show "
    "{name}'s secret choice.",
    # --- hand-overs (el_grande/flow/handover.py) -------------------------------------------
    "handover.banner": "{name}'s turn: take the keyboard",
    "handover.banner_letter": "When {name} has the keyboard, press {letter} (or click Continue).",
    "handover.banner_why": "After a scoring or a curtain the next player takes over on purpose: "
    "keys typed ahead never count, and the letter works only after {seconds}s with no key or "
    "click.",
    "handover.waiting": "Waiting for a quiet keyboard: {press} counts once no key has been "
    "pressed for {seconds}s.",
    "handover.ready": "Ready: press {press} now.",
    "handover.nudge": "Not that key: once {name} has the keyboard and it has been quiet, press "
    "{letter}.",
    # issue 33 item 7: a key the hand-over guard dropped at a prompt (app/screens/game.py)
    "handover.dropped": "{name}'s turn: that key did not count (after a change of player, keys "
    "count after {seconds}s).",
    "handover.quiet": "{name}'s turn: at a change of player, keys count after {seconds}s with "
    "no key pressed.",
    "why.not_now": "nothing can be answered right now",
    "why.court_empty": "your court is empty: nothing to place",
    # --- issue 33, "Smaller" (small): digits at "bring to court", the sheet's numbers, the trash
    "why.court_most": "at most {n} can come to court",
    "prompt.keys_count": "a digit picks how many, then Enter",
    "sheet.typing": "{n} … a second digit makes {low}–{high}; Enter or Tab keeps {n}.",
    "sheet.clear_kept": "Nothing is cleared.",
    "sheet.typing_one": "{n} … 0 makes {low}; Enter or Tab keeps {n}.",
    "prompt.does_nothing": "{choice} ({why})",
    "caution.cost": Plural(
        "about {count} point worse than the best choice",
        "about {count} points worse than the best choice",
    ),
    "caution.court": "your province has more",
    "caution.both": "{first}; {second}",
    # --- display: a caution in words, for the highlighted choice (app/widgets/status.py)
    "caution.status": "⚠ {choice}: {why}.",
    "flow.resumed_scoring": "The game goes on after {what}: its points are in the log.",
    "flow.resumed_reveal": "The game goes on after the secret disks were revealed: see the log.",
    "handover.wait": "at a change of player, keys count after a moment of quiet",
    # --- board -------------------------------------------------------------------------------
    "board.king": "♔ King",
    "board.castillo": "Castillo",
    "board.castillo_total": "inside: {n}",
    "board.castillo_hidden": "hidden: only the total is known",
    "board.neighbour": "next to the King",
    "board.legend": "♔ the King's region (tinted) · ◇ next to the King · ◦ next to the place under "
    "the cursor or the mouse · ▸ a legal choice now (tinted too) · ✦ the place being scored · A3: "
    "3 Caballeros of player A · ⌂A: A's Grande (home) · ▣ a mobile scoreboard lies here (its "
    "values count) · #N: key N picks the place, 0 the Castillo · power cards: bold in hand, dim "
    "played, reversed this round · (b) after a name: a computer player · score, court, prov., "
    "Cast., V: points, Caballeros in the court, in the province and in the Castillo, Veto cards "
    "held",
    "board.round": "Round {number} of {of}",
    "board.scoring_after": "scoring after rounds 3, 6, 9",
    "board.track": "Rounds",
    "board.cards_title": "Action cards this round",
    "board.card_taken": "taken by {name}",
    "board.card_place": "place {n}",
    "board.no_cards": "The action cards are revealed at the start of the round.",
    "board.players": "Players",
    "board.log": "What happened",
    "board.log_back": "l: back to the board",
    "player.bot_mark": "(b)",
    "player.score": "{score} pts",
    "player.court": "court {n}",
    "player.province": "prov {n}",
    "player.castillo": "castillo {n}",
    "player.hand": "power cards (struck: played)",
    "player.col_score": "score",
    "player.col_court": "court",
    "player.col_province": "prov.",
    "player.col_castillo": "Cast.",
    "player.played": "played {card}",
    "player.veto": "VETO",
    "player.col_veto": "V",
    "player.veto_mark": "V",
    "player.home": "home {region}",
    "player.to_move": "◀ to move",
    # --- decisions ---------------------------------------------------------------------------
    "prompt.title": "{name}: {what}",
    "prompt.secret": "SECRET — only {name} may look",
    "prompt.illegal": "{what} is not possible now: {why}",
    "prompt.keys_map": "1–9/0 then Enter, or click the map",
    "prompt.keys_cards": "a–e then Enter, or click a card",
    "prompt.keys_list": "↑↓ and Enter, or click",
    "prompt.keys_power": "1–9 pick 1–9, 0 then 0–3 pick 10–13; Enter plays it; a–e read a card",
    "prompt.reading": "“{card}” is shown in full (press its letter again to fold it).",
    "prompt.power_tens": "0 … now 0, 1, 2 or 3 for power card 10, 11, 12 or 13",
    # --- computer players --------------------------------------------------------------------
    "bot.thinking": "{name} ({level}) is thinking…",
    "bot.secret": "{name} is choosing in secret…",
    "bot.chooses": "{name} ({level}) chooses: {choice}",
    "bot.busy": "{name} (computer) is choosing; wait, or press f to skip ahead.",
    "bot.skip": "f: skip ahead",
    "bot.failed": "{name}'s computer player failed and played a random legal choice.",
    "why.not_legal": "not one of the legal choices",
    "why.king_region": "the King's region is taboo (no one may enter or leave it)",
    "why.not_adjacent": "placements go next to the King's region or into the Castillo",
    "why.castillo_source": "nothing ever leaves the Castillo before a general scoring",
    "why.no_card": "there is no card there",
    "why.not_card_now": "no card is being chosen now",
    "why.not_region_now": "no region is being chosen now",
    "why.card_taken": "that card is already taken this round",
    "why.power_taken": "not in hand, or already played by someone else this round",
    # --- display: Enter after a refused key (app/screens/game_input.py) ---
    "prompt.choose_first": "Nothing is highlighted: choose with ↑↓, a key or a click, then Enter.",
    "decision.power": "play a power card",
    "decision.court": "bring Caballeros from the province to the court",
    "decision.recall": "take a Caballero from a region to the court (province is short)",
    "decision.action_card": "take an action card",
    "decision.turn": "placement or special action next?",
    "decision.placement": "place Caballeros from the court",
    "decision.veto": "veto {name}'s special action?",
    "decision.move_from": "move a Caballero: from which region?",
    "decision.move_whose": "whose Caballero?",
    "decision.move_to": "move it to where?",
    "decision.region": "choose a region",
    "decision.mode": "which half of the card?",
    "decision.place_any": "place a Caballero anywhere (not the King's region)",
    "decision.score": "choose the place to score",
    "decision.return_one": "return one of {name}'s Caballeros?",
    "decision.angry_king": "the angry King: return one of your Caballeros",
    "decision.scoreboard": "which mobile scoreboard?",
    "decision.scoreboard_to": "put the scoreboard where?",
    "decision.king": "move the King where?",
    "decision.grande": "move your Grande where?",
    "decision.retrieve": "take a played power card back",
    "decision.court_card": "bring up to 2 Caballeros to the court",
    "decision.disk": "set your secret disk",
    "decision.disk_purpose": "set your secret disk: {purpose}",
    "decision.unknown": "choose",
    "purpose.castillo": "where your Castillo Caballeros go",
    "purpose.province_two_by_disk": "a region where you will lose 2 Caballeros",
    "purpose.province_all_by_disk": "a region where you will lose all your Caballeros",
    "purpose.eviction": "where your evicted Caballeros go",
    "purpose.score_by_disk": "a region to score (if nobody else picks it)",
    # The same, said on the curtain to the whole table (third person).
    "curtain.purpose.castillo": "where their Castillo Caballeros go",
    "curtain.purpose.province_two_by_disk": "where they lose 2 Caballeros",
    "curtain.purpose.province_all_by_disk": "where they lose all their Caballeros",
    "curtain.purpose.eviction": "where their evicted Caballeros go",
    "curtain.purpose.score_by_disk": "a region scored if only they pick it",
    "progress.count": "{done} of up to {of} done",
    "progress.placed": "{placed} of up to {limit} placed, {left} more possible — Done to finish",
    "progress.moved": "{done} of up to {of} moved — choose Done to finish",
    "progress.moved_all": "{done} of {of} moved",
    "progress.card": "card: {card}",
    "progress.target": "for {name}",
    "progress.left": "{n} left",
    # --- choice labels -----------------------------------------------------------------------
    # A no-break space (\u00a0) keeps a bracket's few words on one line (the choice list and
    # the hints wrap with `present.Glued`, which honours it).
    "choice.power": "Power card {n}  ({court}\u00a0to\u00a0court)",
    "choice.power_short": "Power card {n}",
    "choice.court": "Bring {n} to court",
    "choice.recall": "From {region}",
    "choice.card": "{name}  (place\u00a0{n})",
    "choice.turn.place": "Place Caballeros now",
    "choice.turn.special": "Do the special action",
    "choice.turn.skip": "Skip the special action",
    "choice.place": "Place in {region}",
    "choice.done": "Done",
    "choice.veto.yes": "Veto it",
    "choice.veto.no": "Let it happen",
    "choice.from": "From {region}",
    "choice.whose": "{name}'s Caballero",
    "choice.to": "To {region}",
    "choice.region": "{region}",
    "choice.mode.move": "Move all your Caballeros out of one region",
    "choice.mode.place": "Place up to 2 more Caballeros",
    "choice.score": "Score {region}",
    "choice.return": "Return one from {region}",
    "choice.return_court": "Return one from the court",
    "choice.pass": "Pass (return\u00a0none)",
    "choice.board": "Scoreboard {board}",
    "choice.king": "King to {region}",
    "choice.grande": "Grande to {region}",
    "choice.retrieve": "Take back power card {n}",
    "choice.disk": "Disk: {region}",
    "choice.disk_court": "Disk: {region} (the\u00a0King's) — back to your court",
    # --- events ------------------------------------------------------------------------------
    "ev.round": "— Round {number} of {of} —",
    "ev.cards": "Face up: {cards}.",
    "ev.power": "{name} plays power card {n}.",
    "ev.order": "Turn order: {names}.",
    "ev.turn": "{name}'s turn (power card {power}).",
    "move.court": Plural(
        "{name} brings {count} Caballero from {src} to the court.",
        "{name} brings {count} Caballeros from {src} to the court.",
    ),
    "move.place": Plural(
        "{name} places {count} Caballero in {dst}.",
        "{name} places {count} Caballeros in {dst}.",
    ),
    "move.place_hidden": "{name} places Caballeros in {dst} (how many stays hidden).",
    "move.own": Plural(
        "{name} moves {count} Caballero from {src} to {dst}.",
        "{name} moves {count} Caballeros from {src} to {dst}.",
    ),
    "move.own_hidden": "{name} moves Caballeros from {src} to {dst} (how many stays hidden).",
    "move.other": Plural(
        "{actor} moves {count} of {name}'s Caballeros from {src} to {dst}.",
        "{actor} moves {count} of {name}'s Caballeros from {src} to {dst}.",
    ),
    "move.other_hidden": "{actor} moves {name}'s Caballeros from {src} to {dst} (how many "
    "stays hidden).",
    "move.return": Plural(
        "{name} returns {count} Caballero from {src} to the province.",
        "{name} returns {count} Caballeros from {src} to the province.",
    ),
    "move.return_by": Plural(
        "{actor} sends {count} of {name}'s Caballeros from {src} back to the province.",
        "{actor} sends {count} of {name}'s Caballeros from {src} back to the province.",
    ),
    "move.march": Plural(
        "{name}: {count} Caballero marches from the Castillo to {dst}.",
        "{name}: {count} Caballeros march from the Castillo to {dst}.",
    ),
    "move.march_court": Plural(
        "{name}: {count} Caballero goes from the Castillo back to the court.",
        "{name}: {count} Caballeros go from the Castillo back to the court.",
    ),
    "ev.card": "{name} takes “{card}”.",
    "ev.card_quoted": "“{card}”",
    "ev.gain": "{name} +{points}",
    "ev.final_score": "{name} {points}",
    "ev.announced": "{name} announces “{card}”.",
    "ev.vetoed": "{by} vetoes {name}'s “{card}”!",
    "ev.skipped": "{name} skips the special action of “{card}”.",
    "ev.veto_kept": "{name} keeps a Veto.",
    "ev.veto_expired": "{name}'s Veto expires.",
    "ev.king": "The King moves from {src} to {dst}.",
    "ev.grande": "{name}'s Grande moves to {region}: the new home.",
    "ev.scoreboard": "Scoreboard {board} now lies on {region}.",
    "ev.scoreboard_from": "Scoreboard {board} moves from {src} to {dst}.",
    "ev.retrieved": "{name} takes power card {n} back.",
    "ev.secret": "{name} has chosen in secret.",
    "ev.revealed_none": "No secret disks to reveal.",
    "ev.revealed": "Disks revealed: {choices}.",
    "ev.revealed_one": "{name} → {region}",
    "ev.revealed_court": "{name} → {region} (the King's: back to the court)",
    "ev.scoring": "Scoring: {what}.",
    "ev.scored": "{region}: {awards}.",
    "ev.scored_none": "{region}: nobody scores.",
    "ev.award": "{name} +{points} ({why})",
    "ev.scoring_end": "Scoring over: {points}.",
    "ev.no_points": "no points",
    "ev.turn_summary": "{name}'s turn: {parts}.",
    "sum.power": "power card {n}",
    "sum.court": Plural("{count} to court", "{count} to court"),
    "sum.placed": Plural("placed {count}", "placed {count}"),
    "sum.placed_hidden": "placed (partly in secret)",
    "sum.special_none": "no special action",
    "sum.special_done": "special action done",
    "sum.special_skipped": "special action skipped",
    "sum.special_vetoed": "special action vetoed",
    "ev.game_over": "Game over! {winners} Final scores: {scores}.",
    "ev.other": "{text}",
    "why.first": "1st",
    "why.second": "2nd",
    "why.third": "3rd",
    "why.tie": "tie",
    "why.tie_at": "tie, {position}",
    "why.king": "King's bonus",
    "why.home": "home bonus",
    "scoring.general": "general scoring {n} of 3",
    "scoring.special": "“{card}”",
    "scoring.heading_general": "General scoring {n} of 3",
    "scoring.heading_special": "Scoring: “{card}”",
    "scoring.step": "step {i} of {n}",
    "scoring.continue": "Enter / Space: next step · Esc: skip to the end",
    "scoring.last": "Enter: back to the game",
    "scoring.table_title": "Totals of this scoring",
    "scoring.this": "scored",
    "scoring.total": "total",
    "scoring.castillo_title": "The Castillo is scored",
    "scoring.reveal_title": "The disks are revealed",
    "scoring.reveal_heading": "The secret disks are revealed",
    "scoring.back_to_court": "(the King's region: back to the court)",
    "scoring.to_court": "the court",
    "scoring.key_next": "Next",
    "scoring.key_skip": "Skip",
    "scoring.march_title": "The Castillo's Caballeros march out",
    "scoring.moves_title": "The Caballeros move",
    "scoring.region_title": "{region} is scored",
    "scoring.counts": "Caballeros: {counts}",
    "scoring.count": "{name} {count}",
    "scoring.award_line": "{name} +{points}  ({why})",
    "scoring.march_line": "{name}: {count} → {where}",
    "scoring.reveal_line": "{name} → {region}",
    "scoring.step_title": "{title}  ·  {step}",
    "scoring.nobody": "No Caballeros here: nobody scores.",
    "calc.title": "Scoring calculator: a general scoring now",
    "calc.note": "The regions and the Castillo as the board shows them; Castillo Caballeros "
    "stay where they are (the disks are secret). ♔ King's bonus · ⌂ home bonus · = a tie.",
    "calc.now": "Now",
    "calc.with_place": "What if: one more of your Caballeros in {region}",
    "calc.with_march": "What if: your Castillo Caballeros march to {region}",
    "calc.hidden": "The Castillo is hidden: it is left out of the totals.",
    "calc.col_place": "place",
    "calc.col_values": "values",
    "calc.row_now": "score now",
    "calc.row_gain": "would gain",
    "calc.row_after": "would have",
    "calc.rank_1": "1st",
    "calc.rank_2": "2nd",
    "calc.rank_3": "3rd",
    "calc.rank_4": "4th",
    "calc.rank_5": "5th",
    "calc.key_what_if": "What if",
    "calc.keys": "Esc / Enter / p: close",
    "calc.keys_what_if": "w: with or without your highlighted choice · Esc / Enter / p: close",
    # w with nothing to try: why.
    "calc.no_what_if_turn": "w shows a choice applied during your own decision only (not "
    "while another player or a scoring is on).",
    "calc.no_what_if_kind": "w tries a placement, or your Castillo disk: this decision has no "
    "such choice.",
    "calc.no_what_if_cursor": "The highlighted choice places no Caballero: highlight a region "
    "on the prompt (1–9, 0), then press w here.",
    # --- game over ---------------------------------------------------------------------------
    "over.title": "Game over",
    "over.key_new": "New game",
    "over.key_title": "Title screen",
    "over.key_replay": "Replay the game",
    "over.winner": "{names} wins!",
    "over.winners": "{names} share the victory!",
    "over.final": "Final scores",
    "over.breakdown": "Points by scoring",
    "over.specials": "special scorings, rounds {a}–{b}",
    "over.general": "general scoring {n}",
    "over.total": "total",
    "over.keys": "←/→: the other pages · m: rematch (the same table) · n: new game · t: title "
    "screen · r: replay · v: review · s: save to a file · q: quit",
    # game over, issue 33 item 6: a rematch, and the bonuses of the last scoring
    "over.key_rematch": "Rematch",
    "over.bonus_legend": "♔ the King's bonus (+2) · ⌂ the home bonus (+2), marked as on the "
    "scoring sheet · ★ won the place",
    "over.tab_result": "Result",
    "over.tab_board": "Final board",
    "over.tab_scoring": "Last scoring",
    "over.tab_chart": "Scores by round",
    "over.tab_players": "Players",
    "over.key_tabs": "Pages",
    "over.last_scoring": "General scoring {n} (round {round}), place by place: Caballeros there, "
    "then points (★ won it)",
    "over.no_scoring": "No general scoring took place.",
    "over.col_place": "place",
    "over.col_values": "values",
    "over.cell": "{count} → {points}",
    "over.chart_title": "Each player's total after every round (the letters are the players)",
    "over.round_col": "round",
    "over.player_head": "{name}: {points} points",
    "over.won": "Regions won: {scorings}",
    "over.won_in": "scoring {n}: {places}",
    "over.none": "none",
    "over.castillo": "Castillo: {scorings}",
    "over.castillo_in": "scoring {n}: {count} there, {rank}, {points} points, marched to {region}",
    "over.castillo_empty": "scoring {n}: none there",
    "over.rank_none": "unranked",
    "over.specials_of": "Special scorings: {list}",
    "over.special_in": Plural(
        "round {round}, {card}: {count} point", "round {round}, {card}: {count} points"
    ),
    "over.powers": "Power cards played: {cards}",
    "export.scorings": "Scorings",
    "export.scoring_head": "{what}, round {round}",
    "export.by_round": "Score by round",
    "export.total_row": "total",
    # --- export (el-grande export) -----------------------------------------------------------
    "export.title": "El Grande: {names}",
    "export.setup": "Seed {seed}, {rounds} rounds, veto {veto}, Castillo {castillo}.",
    "export.setup_unfinished": "{rounds} rounds, veto {veto}, Castillo {castillo} (the seed, "
    "which fixes every card still to come, is shown once the game is over).",
    "export.veto_on": "on",
    "export.veto_off": "off",
    "export.castillo_open": "open",
    "export.castillo_hidden": "hidden",
    "export.result": "Result",
    "export.result_line": "Result: {scores}",
    "export.unfinished": Plural(
        "(The game is unfinished: {count} decision so far.)",
        "(The game is unfinished: {count} decisions so far.)",
    ),
    # --- help --------------------------------------------------------------------------------
    "help.title": "Help — keys, rules, cards",
    "help.close": "Esc or ? closes this help",
    "help.keys_title": "Keys",
    # One key a line: the key, a tab, what it does (the help lines them up in two columns).
    "help.keys": (
        "↑ ↓\tmove through the choices\n"
        "Enter\tchoose the highlighted choice\n"
        "1–9\tpick a region (its #N on the map)\n"
        "0\tpick the Castillo; power cards: 0 then 0–3 picks 10–13\n"
        "a–e\tpick a face-up action card (or read it, when no card is to be chosen)\n"
        "mouse\tclick a region, card, power card or choice\n"
        "p\tthe scoring calculator: points if a general scoring happened now\n"
        "w\tin the calculator: the table with the highlighted choice applied\n"
        "h\thints: the strong computer player's three best answers for you\n"
        "u\tundo (when the rules allow it; otherwise it says why)\n"
        "t\tend my turn, when its last choice waits for it (confirm my turn; Enter too, after "
        "a quiet moment; u takes the choice back)\n"
        "s\tsave the game to a file of your choice (it is autosaved anyway)\n"
        "l\tthe log, large (↑ ↓ PgUp PgDn scroll; l again: back to the board)\n"
        "f\tskip ahead: computer players move at once until a human decides or a "
        "scoring is shown\n"
        "o\tsettings: theme, player colours, pace (not while a secret choice is open)\n"
        "r\tseats: give a seat to a computer player, or take it back\n"
        "i\tthe coach of a guided game: hide it, bring it back; a tip: dismiss it (Esc too)\n"
        "[ ]\tlessons met in a guided game: read the one before or after the one on show\n"
        "?\tthis help\n"
        "ctrl+q\tquit (ctrl+c too)"
    ),
    "help.map_title": "Reading the board",
    "help.rules_title": "The rules in short",
    "help.rules": (
        "Each round: five action cards lie face up, the top card of each of the stacks 1–4 "
        "and the King (always there). Everyone "
        "plays a power card (1–13, a value nobody played yet this round); the highest goes "
        "first. On your turn: bring Caballeros from your province to your court (up to the "
        "number your power card allows: card 7 brings 3), take an action card, then place up "
        "to the card's number of "
        "Caballeros from your court into regions next to the King or into the Castillo, and "
        "do the card's special action (before or after placing, or skip it).\n\n"
        "The King's region is taboo: nothing enters or leaves it, but it is scored.\n\n"
        "After rounds 3, 6 and 9 there is a general scoring: everyone with Caballeros in the "
        "Castillo secretly sets a disk to a region; the Castillo is scored; the disks are "
        "revealed and the Castillo's Caballeros march there (a disk on the King's region sends "
        "them back to their owner's court); then all nine regions are scored. "
        "Most Caballeros scores the first value, second the second, third the third (2 players: "
        "first only; 3 players: first and second). Tied players get the next lower value. "
        "Strictly the most Caballeros in the King's region: +2; in your Grande's home region: "
        "+2 (a tie for first: no bonus).\n\n"
        "After the third general scoring the highest score wins; tied leaders share the "
        "victory."
    ),
    "help.cards_title": "The action cards",
    "help.stack": "Stack {n} — place up to {n}",
    # --- bots --------------------------------------------------------------------------------
    # Levels (el_grande/bots/registry.py): label, one-line description, new-game seat entry.
    "bots.random.label": "Easy",
    "bots.random.about": "Plays any legal move at random.",
    "bots.random.seat": "computer: easy",
    "bots.greedy.label": "Medium",
    "bots.greedy.about": "Takes whatever gains the most right now; quick.",
    "bots.greedy.seat": "computer: medium",
    "bots.strong.label": "Hard",
    "bots.strong.about": "Plays each option out to the end of the round; thinks up to 2 s.",
    "bots.strong.seat": "computer: hard",
    # Hints (el_grande/bots/hints.py): a forced choice; a reason out of time.
    "bots.hint.forced": "The only legal choice.",
    # By how much: the hint's own line says it in words (screens/hints.py, outlook).
    "bots.hint.outlook": "Best outlook by the end of the round.",
    # Reasons (el_grande/bots/reasons.py): what the advised choice changes that {other} (the
    # choice it is compared with) does not, at the round's end. {place} and {seat} arrive as
    # names, {rank} as "1st"…, {seats} and {cards} as lists; numbers are averages over draws.
    "bots.why.place_rank": "In {place} at the round's end you would be {rank}, not "
    "{other_rank} as after “{other}”: {count} points in a scoring there, not {other_count}.",
    "bots.why.place": Plural(
        "In {place} at the round's end a scoring would give you {count} point, not "
        "{other_count} as after “{other}”.",
        "In {place} at the round's end a scoring would give you {count} points, not "
        "{other_count} as after “{other}”.",
    ),
    "bots.why.rival": Plural(
        "In {place} at the round's end a scoring would give {seat} {count} point, not "
        "{other_count} as after “{other}”.",
        "In {place} at the round's end a scoring would give {seat} {count} points, not "
        "{other_count} as after “{other}”.",
    ),
    "bots.why.scored": Plural(
        "You score {count} point by the round's end, not {other_count} as after “{other}”.",
        "You score {count} points by the round's end, not {other_count} as after “{other}”.",
    ),
    "bots.why.rival_scored": Plural(
        "{seat} scores {count} point by the round's end, not {other_count} as after “{other}”.",
        "{seat} scores {count} points by the round's end, not {other_count} as after “{other}”.",
    ),
    "bots.why.court": "Caballeros in your court at the round's end: {count}, not "
    "{other_count} as after “{other}”.",
    "bots.why.caballeros": Plural(
        "In {place} at the round's end you would have {count} Caballero, not {other_count} as "
        "after “{other}”.",
        "In {place} at the round's end you would have {count} Caballeros, not {other_count} as "
        "after “{other}”.",
    ),
    "bots.why.rival_caballeros": Plural(
        "In {place} at the round's end {seat} would have {count} Caballero, not {other_count} "
        "as after “{other}”.",
        "In {place} at the round's end {seat} would have {count} Caballeros, not {other_count} "
        "as after “{other}”.",
    ),
    "bots.why.king": "At the round's end the King stands in {place}, not in {other_place} as "
    "after “{other}”.",
    "bots.why.same": "By the round's end every place holds the same Caballeros and the scores "
    "are the same as after “{other}”.",
    "bots.why.power_before": "With the {card} you place before {seats} this round; with the "
    "{other_card}, after them.",
    "bots.why.power_after": "With the {card} you place after {seats} this round; with the "
    "{other_card}, before them.",
    "bots.why.power_order": "The {card} and the {other_card} give you the same place in this "
    "round's turn order.",
    "bots.why.power_court": Plural(
        "{count} Caballero to court, not {other_count}.",
        "{count} Caballeros to court, not {other_count}.",
    ),
    "bots.why.power_court_same": Plural(
        "{count} Caballero to court with either.", "{count} Caballeros to court with either."
    ),
    "bots.why.power_keeps": Plural(
        "Keeps the {card} ({brings} to court) for the last round.",
        "Keeps the {card} ({brings} to court) for one of the {count} rounds to come.",
    ),
    "bots.why.power_keeps_hand": Plural(
        "Keeps the {card} ({brings} to court) for the last round; left in hand: {cards}.",
        "Keeps the {card} ({brings} to court) for one of the {count} rounds to come; left in "
        "hand: {cards}.",
    ),
    # --- review (el_grande/review.py, el-grande review: el_grande/review_report.py) ----------
    "review.title": "{name}'s game, reviewed",
    "review.setup": "El Grande, {players} players, {rounds} rounds, Castillo {castillo}. "
    "Final scores: {scores}.",
    "review.how": Plural(
        "The Hard player judged {name}'s {count} decision with a choice from {name}'s own view "
        "at that moment (nothing {name} could not know then), playing every choice out to the "
        "start of the next round: {playouts} play-outs, at most {draws} draws of the unknowns "
        "a decision (review seed {seed}).",
        "The Hard player judged {name}'s {count} decisions with a choice from {name}'s own view "
        "at that moment (nothing {name} could not know then), playing every choice out to the "
        "start of the next round: {playouts} play-outs, at most {draws} draws of the unknowns "
        "a decision (review seed {seed}).",
    ),
    "review.stopped": "(The review was stopped before its end: some decisions are missing.)",
    "review.nothing": "{name} had no decision with more than one choice.",
    "review.summary": "Summary",
    "review.total": "In all, {name}'s decisions cost {cost} against the best choices "
    "the Hard player found.",
    "review.behind": "{name} finished {points} points behind {leader}.",
    "review.ahead": "{name} won, {points} points ahead of {second}.",
    "review.shared": "{name} shared the victory.",
    "review.cost_means": "A decision's cost is how much better the best choice's expected final "
    "margin (your points minus the best other player's) was than your choice's, in points, "
    "rounded; a chance that was still open later in the same turn counts once, where it was "
    "lost.",
    "review.mistakes": "The five biggest mistakes",
    "review.no_mistakes": "No decision cost a point or more.",
    "review.mistake": "Round {round} ({what}): you chose {choice}; {best} was {cost} better. {why}",
    "review.rounds": "Round by round",
    "review.col_round": "Round",
    "review.col_decisions": "Decisions",
    "review.col_cost": "Cost",
    "review.col_biggest": "Costliest decision",
    "review.col_outlook": "Expected margin at the round's end",
    "review.biggest": "{choice} ({cost})",
    "review.none": "none",
    "review.about": "about {n}",
    "review.about_points": Plural("about {count} point", "about {count} points"),
    "review.chart": "Expected margin and score, decision by decision",
    "review.chart_note": "As {name} could estimate them right after each choice: the expected "
    "final margin (points minus the best other player's), then the expected final score; one "
    "column a decision.",
    # Under the margin chart and the rounds' margins: what the scale means (a margin near -10
    # at the start reads as discouraging when it is only the best of several opponents).
    "review.margin_scale": "The margin is {name}'s expected final score minus the best other "
    "player's: 0 is level with them, below 0 behind and above 0 ahead; against several players "
    "it often starts below 0, because the best of them is likely to be ahead of any one player.",
    "review.axis_margin": "margin",
    "review.axis_score": "score",
    "review.axis_rounds": "the round each decision was made in (its last digit where a round "
    "starts)",
    "review.decisions": "Every decision",
    "review.col_n": "#",
    "review.col_decision": "Decision",
    "review.col_choice": "Chosen",
    "review.col_best": "Best",
    "review.col_score": "Expected score",
    "review.col_margin": "Expected margin",
    "review.same": "the same",
    "review.progress": "reviewing",
    "review.err_unfinished": "the game is not finished: a review is of a finished game.",
    "review.err_no_such": "there is no player called {name} (the players: {names}).",
    "review.err_no_person": "no person played at this table: --all reviews the computer "
    "players, --seat NAME one of them.",
    "review.err_over_save": "will not write the review over the save file {path}.",
    "review.err_not_file": "will not write the review to {path}: it is not a regular file "
    "(leave out -o to print the review).",
    "review.err_write": "cannot write {path}: {why}.",
    # Issue 26, item 7: every flag's bound, and a review stopped by Ctrl-C or SIGTERM.
    "review.err_draws": "--draws must be between 1 and {most}.",
    "review.err_jobs": "--jobs must be between 1 and {most} (four for each of the machine's "
    "{cores} cores).",
    "review.err_seed": "--seed must be between 0 and {most}.",
    "review.partial": "the review was stopped after {done} of {total} decisions; what was done "
    "is printed, marked as partial.",
    "review.partial_file": "the review was stopped after {done} of {total} decisions; what was "
    "done is in {path}, marked as partial.",
    "review.interrupted": "the review was stopped at once; nothing was written.",
    # --- the review in the app (el_grande/app/screens/review_screen.py) ---------------------
    "review.app_choose": "Review: whose decisions?",
    "review.app_choose_note": "The Hard player looks again at every decision with more than "
    "one choice, from what the player knew then. Enter: review · a: the computer players too "
    "· Esc: back",
    "review.app_choose_note_all": "The Hard player looks again at every decision with more "
    "than one choice, from what the player knew then. Enter: review · a: the people only · "
    "Esc: back",
    "review.app_choose_note_one": "The Hard player looks again at every decision with more "
    "than one choice, from what the player knew then. Enter: review · Esc: back",
    "review.app_computer": "{name} (computer player)",
    "review.app_running": "Reviewing {name}'s decisions…",
    "review.app_running_note": "This takes a while. Esc: stop (what is done is shown)",
    "review.app_stopping": "Stopping…",
    "review.app_stopped_empty": "The review of {name} was stopped before its first decision.",
    "review.app_failed": "The review failed: {why}",
    "review.app_decision": "Decision {n} of {of}, round {round}",
    "review.app_chose": "Chosen: {choice}",
    "review.app_was_best": "The best choice, by the Hard player's count.",
    "review.app_best": "Best: {best}, {cost} better",
    "review.app_as_good": "Best: {best}, about as good",
    "review.app_outlook": "Expected after it: {score} points, margin {margin}",
    "review.app_mistake": "{k}. round {round}: {choice} → {best} ({cost})",
    "review.app_round": Plural(
        "Round {round}: {count} decision, cost {cost}; costliest {biggest}; margin {margin}",
        "Round {round}: {count} decisions, cost {cost}; costliest {biggest}; margin {margin}",
    ),
    "review.app_where": "{name}'s review",
    "review.app_own_view": "the board as {name} saw it (r: reveal everything)",
    "review.app_revealed": "everything revealed (r: {name}'s own view)",
    "review.key_mistake": "Next big mistake",
    "review.key_mistake_back": "Previous big mistake",
    "review.key_reveal": "Reveal / own view",
    "review.key_seat": "Another player",
    "review.key_all": "Computer players",
    "over.key_review": "Review the game",
    # --- settings (el_grande/settings: the file; app/screens/settings.py: the screen) ---------
    "settings.problem": "The settings in {path} are not used: {why}. The defaults apply, and "
    "the file is left as it is until you save the settings.",
    "settings.err_unreadable": "the file cannot be read ({why})",
    "settings.err_not_file": "it is not a regular file",
    "settings.err_too_big": "the file is larger than {kib} KiB",
    "settings.err_not_utf8": "the file is not UTF-8 text",
    "settings.err_toml": "the file is not valid TOML ({detail})",
    "settings.err_deep": "the file nests arrays or tables too deeply to read",
    "settings.err_number": "the file holds a number of more than {n} digits",
    "settings.err_unknown": "there is no setting called {key} (the settings are {keys})",
    "settings.err_unknown_player": "player {n} has {key}, but a player has only a name, a "
    "colour and a kind",
    "settings.err_must": "{where} must be {must} (found {found})",
    "settings.err_value": "{where}: {why}",
    "settings.where_player": "player {n} in players",
    "settings.where_player_key": "the {key} of player {n} in players",
    "settings.found_table": "a table",
    "settings.found_array": "an array",
    "settings.must.language": '"en" or "ko" (or left out)',
    "settings.must.theme": "the name of one of Textual's themes (el-grande config lists them)",
    "settings.must.palette": '"standard" or "colour-blind"',
    "settings.must.bot_delay": "a number of seconds from 0 to {max}",
    "settings.must.auto_advance": "false, true or a number of seconds above 0 and at most {max}",
    "settings.must.players": "a list of at most 5 players ([[players]] tables with a name and, "
    "if you like, a colour and a kind)",
    "settings.must.players.name": "a name in quotes",
    "settings.must.players.colour": "one of {colours}",
    "settings.must.players.kind": "one of {kinds}",
    "settings.file_header": "# El Grande's settings, written by its settings screen (o in a game, "
    "or the title screen).\n# `el-grande config` shows the values in effect; docs/app.md "
    "describes every key.",
    # --- play across screens: the wire (el_grande.net.server, client, net_cli)
    "wire.full": "The table has no room for another screen now; try again later.",
    "wire.locked": "Too many wrong codes came from this address: try again in a minute.",
    "wire.too_fast": "Messages came too fast: this connection is closed.",
    "wire.hello_late": "No code came in time: this connection is closed.",
    "wire.not_websocket": "This is an El Grande table: open it with el-grande join or "
    "el-grande watch.",
    "wire.codes_title": "Join codes",
    "wire.codes_who": "Seat",
    "wire.codes_code": "Code",
    "wire.codes_watchers": "Watchers",
    "wire.codes_give": "Give each player only their own seat's code: whoever has it plays "
    "that seat.",
    "wire.cert_and_key": "--cert and --key go together.",
    "wire.bad_port": "--port must be between 0 and 65535.",
    "wire.cannot_tls": "TLS cannot be set up: {reason}.",
    "wire.cannot_save": "The game cannot be autosaved, so it is not hosted: {reason}.",
    "wire.bad_here": "--here {seat}: not people's seats of this table (a name or a number "
    "each, once).",
    "wire.resume_with": "Autosaved: el-grande host --resume {game} hosts this table again "
    "with the same codes.",
    "wire.no_tls": "Listening on {address} without TLS: anyone on the network between can "
    "read the codes and the game (give --cert and --key).",
    "wire.cannot_listen": "Cannot listen on {address}: {reason}.",
    "wire.listening": "The table is open at {url} (Ctrl-C closes it).",
    "wire.host_over": "The game is over: the table closes once every screen has left.",
    "wire.bad_address": "That is not a table's address: HOST, HOST:PORT or a ws:// URL.",
    "wire.ask_code": "Code: ",
    "serve.open": "Open {url} in a browser: each tab asks for its seat's code (or the watch code).",
    "serve.needs_extra": "el-grande serve needs textual-serve: pip install 'el-grande[web]'.",
    "serve.bad_port": "--port takes a number from 1 to 65535.",
    "serve.no_tls": "Serving on {address} without TLS: anyone on the network between can "
    "read the codes and the game; put it behind a TLS proxy (README) and give --public-url "
    "https://….",
    "wire.code_not_argument": "A code is never given on the command line (others on this "
    "machine and the shell's history would see it): set EL_GRANDE_CODE or type it when asked.",
    "wire.cannot_connect": "The table at {url} cannot be joined: {reason}.",
    "wire.no_code": "No code was given: set EL_GRANDE_CODE or type it when asked.",
    "config.file": "Settings file: {path}",
    "config.missing": "(not there: every value is the default)",
    "config.unused": "(not used: every value is the default)",
    "config.from.default": "default",
    "config.from.file": "file",
    "config.unset": "not set",
    "config.off": "off",
    "config.on": "on",
    "config.seconds": "{n} s",
    "config.player": "{name} ({colour}, {kind})",
    "config.none": "none",
    "config.themes": "Themes: {themes}",
    "config.flags": "Command-line flags (--bot-delay) win over these for the run they are "
    "given to.",
    "crash.line": "El Grande stopped on an error of its own (exit status {code}); what went "
    "wrong is in {path}.",
    "crash.line_saved": "El Grande stopped on an error of its own (exit status {code}); what "
    "went wrong is in {path} (no game is lost: every decision made is in its autosave).",
    "crash.no_log": "El Grande stopped on an error of its own (exit status {code}); the crash "
    "log could not be written ({why}).",
    "crash.no_log_saved": "El Grande stopped on an error of its own (exit status {code}); the "
    "crash log could not be written ({why}), but no game is lost: every decision made is in "
    "its autosave.",
    "app.needs_terminal": "El Grande needs a terminal: its standard input is not one (it reads "
    "the keys from there), so nothing was opened; run it in a terminal window.",
    # --- the command line ----------------------------------------------------------------------
    "cli.empty_name": "the file name is empty",
    "check.finished": Plural(
        "{path}: a legal finished game, {count} decision.",
        "{path}: a legal finished game, {count} decisions.",
    ),
    "check.unfinished": Plural(
        "{path}: a legal unfinished game, {count} decision.",
        "{path}: a legal unfinished game, {count} decisions.",
    ),
    "title.settings": "Settings",
    "keys.settings": "Settings",
    "set.title": "Settings",
    "set.language": "Language",
    "set.language_unset": "not set (system language)",
    "set.language_en": "English",
    "set.language_ko": "한국어 (Korean)",
    "set.theme": "Theme",
    "set.palette": "Player colours",
    "set.palette_standard": "standard",
    "set.palette_colour_blind": "colour-blind safe (Okabe–Ito)",
    "set.bot_delay": "Computer players' pace",
    "set.bot_delay_unit": "seconds a decision (0–{max})",
    "set.auto_advance": "Scoring displays",
    "set.auto_off": "wait for Enter at every step",
    "set.strict": "Hand-overs",
    "set.strict_off": "a letter after scorings and curtains",
    "set.strict_on": "strict: a letter at every change of player",
    "set.warnings": "Warnings",
    "set.warnings_on": "mark likely mistakes (tables with hints)",
    "set.warnings_off": "off",
    "set.auto_after": "go on after {n} s",
    "set.players": "Players the new-game form starts with",
    "set.player_n": "Player {n}",
    "set.save": "Save",
    "set.cancel": "Cancel",
    "set.saved": "Settings saved to {path}.",
    "set.cannot": "Cannot save the settings to {path}: {why}.",
    "set.err_bot_delay": "The computer players' pace must be a number of seconds from 0 to {max}.",
    "set.broken": "{problem} Saving here replaces the file.",
    "set.hint": "Theme and colours change at once, the language at the next start · Tab/↑↓ "
    "move · Enter opens a list · ctrl+s saves · Esc cancels",
    "set.preview": "Player colours: ",
    "new.options": "Options",
    "new.hint": "Tab: the names, then the options · arrows: move like in a table (← → along a "
    "row) · Enter or Space: open a list · ctrl+s: start",
    # --- the scoring sheet for a real board (el_grande/sheet, app/screens/sheet.py) --------
    "title.sheet": "Scoring sheet (a game on a real board)",
    "sheet.title": "Scoring sheet for a game on a real board",
    "sheet.scoring_1": "1st scoring",
    "sheet.scoring_2": "2nd scoring",
    "sheet.scoring_3": "3rd scoring",
    "sheet.after_round": "after round {round}",
    "sheet.total": "total",
    "sheet.note": "Count the Castillo as it is scored, the regions after its Caballeros have "
    "gone to their disks' regions.",
    "sheet.reduced_2": "2 players: only 1st places score.",
    "sheet.reduced_3": "3 players: only 1st and 2nd places score.",
    "sheet.hint": "0–9: the count, then on to the next player (10–30: two digits) · + −: one "
    "more or less · Backspace: back and clear · Enter: the next place · arrows, Tab: move",
    "sheet.kept": "Saved after every key in {path}.",
    "sheet.kept_aside": "The file that could not be used is kept as {aside}.",
    "sheet.no_king": "Where is the King? k in his region's row.",
    "sheet.no_home": "No Grande for {names} yet: g in the home region's row, the player's column.",
    "sheet.king_here": "The King stands in {region}.",
    "sheet.home_here": "{name}'s Grande stands in {region}, {name}'s home region.",
    "sheet.board_here": "The {board} scoreboard lies on {place}.",
    "sheet.board_none": "No mobile scoreboard on {place}.",
    "sheet.copied": "The King, the Grandes and the scoreboards are as at the scoring before: "
    "change whatever has moved.",
    "sheet.clear_confirm": "Press c again to clear the three scorings for a new game (the names "
    "stay).",
    "sheet.cleared": "The three scorings are cleared: a new game.",
    "sheet.err_count": "A count is a whole number from 0 to {n}.",
    "sheet.err_total": "{name} would have {count} Caballeros on the board; a player has {n} in "
    "play.",
    "sheet.err_king_castillo": "The King stands in a region, never in the Castillo.",
    "sheet.err_home_castillo": "A Grande stands in a region, never in the Castillo.",
    "sheet.err_board": "There are two mobile scoreboards: {boards}.",
    "sheet.err_place": "There is no place called {place}.",
    "sheet.err_two_boards": "{place} already holds the {board} scoreboard; a place holds at "
    "most one.",
    "sheet.err_players": "A sheet needs {low} to {high} players.",
    "sheet.err_players_fixed": "This sheet has counts for {n} players: clear it (c) to change "
    "the number of players.",
    "sheet.err_scoring": "A game has {n} general scorings.",
    "sheet.save_problem": "The sheet cannot be saved to {path}: {why}. What you type stays on "
    "screen, and every key tries again.",
    "sheet.file_problem": "The scoring sheet in {path} cannot be used: {why}. The sheet starts "
    "empty, and that file is kept as {aside} when the new sheet is first saved.",
    # --- the data folder's own files (issue 26: saves, locks, trash, sheet) ---
    "kind.link": "a symbolic link",
    "kind.directory": "a directory",
    "kind.file": "a regular file",
    "kind.fifo": "a named pipe (FIFO)",
    "kind.device": "a device",
    "kind.socket": "a socket",
    "kind.other": "not a regular file",
    "save.dir_not_own": "{path} is {kind}, not the saves folder El Grande keeps: no game is "
    "listed from it or written into it (make it a folder)",
    "save.own_link": "{path} is a symbolic link: El Grande keeps only its own files in its "
    "saves folder and never follows a link there (`el-grande load` opens the file it points to).",
    "lock.not_own": "{kind} is there, not a lock file El Grande made",
    "manage.not_own": "{path} is {kind} now, not a save file El Grande keeps: it is left as it is.",
    "manage.trash_not_own": "{path} is {kind}, not the trash folder El Grande keeps: nothing is "
    "moved there (move it out of the way, then delete again).",
    "sheet.file_link": "it is a symbolic link, and El Grande never follows one in its data folder",
    "sheet.file_number": "the file holds a number of more than {n} digits",
    "sheet.file_set_aside": "The scoring sheet in {path} cannot be used: {why}; it is kept as "
    "{aside}, and the sheet starts empty.",
    "sheet.file_unreadable": "the file cannot be read ({why})",
    "sheet.file_not_file": "it is not a regular file",
    "sheet.file_too_big": "the file is larger than {kib} KiB",
    "sheet.file_not_utf8": "the file is not UTF-8 text",
    "sheet.file_json": "the file is not valid JSON (line {line}, column {column})",
    "sheet.file_json_deep": "the file's JSON is nested too deeply",
    "sheet.file_format": "it is not an El Grande scoring sheet",
    "sheet.file_newer": "it was written by a newer El Grande (sheet format {found}; this one "
    "reads format {known})",
    "sheet.file_unknown": "{key} is not part of a scoring sheet",
    "sheet.file_must": "{where} must be {must} (found {found})",
    "sheet.file_at": "{where}: {why}",
    "sheet.must_version": "a whole number from 1",
    "sheet.must_players": "a list of {low} to {high} names",
    "sheet.must_scorings": "a list of {n} scorings",
    "sheet.must_current": "a whole number from 0 to {last}",
    "sheet.must_object": "an object",
    "sheet.must_counts": "a list of {n} whole numbers",
    "sheet.must_region": "one of the nine regions' ids (galicia, aragon…) or null",
    "sheet.must_place": "the id of a region or castillo, or null",
    "sheet.must_homes": "a list of {n} regions' ids or nulls",
    "sheet.names_title": "Scoring sheet: the players",
    "sheet.names_note": "2 to 5 names, in the order of the sheet's columns (colours will do: "
    "Yellow, Red…).",
    "sheet.names_ok": "To the sheet",
    "sheet.key_king": "King",
    "sheet.key_grande": "Grande",
    "sheet.key_board": "Scoreboard",
    "sheet.key_prev": "Scoring before",
    "sheet.key_next": "Scoring after",
    "sheet.key_names": "Names",
    "sheet.key_clear": "New game",
    # --- learn: the guided first game and tips (el_grande/flow/lessons.py, app/widgets/coach.py)
    "title.learn": "Learn to play (a guided first game)",
    "learn.you": "Player",
    "learn.bot1": "Carmen",
    "learn.bot2": "Diego",
    "learn.coach_title": "Coach",
    "learn.coach_wait": "The coach explains each rule the first time it matters. Play as you "
    "like: every choice is yours.",
    "learn.coach_keys": "{title} — i: hide · h: the Hard player's pick and why",
    "learn.coach_keys_tip": "i or Esc: dismiss",
    "set.tips": "Tips",
    "set.tips_auto": "in the first three games finished here",
    "set.tips_on": "always: a card or a rule met the first time",
    "set.tips_off": "off",
    "settings.must.tips": '"auto", "on" or "off"',
    "learn.tip": "Tip — {title}: {text}",
    "learn.tip_card": "Tip — {card}: {text}",
    "learn.key_coach": "Coach",
    "learn.summary_title": "What you learned",
    "learn.summary_met": "Lessons met ({n}):",
    "learn.summary_missed": "Lessons this game never reached ({n}):",
    "learn.summary_none": "none",
    "learn.summary_line": "{title} — help: {page}",
    "learn.summary_close": "Enter or Esc: close",
    # Reading back the lessons met (`[` and `]`, el_grande/app/widgets/coach.py).
    "learn.coach_page": "Lesson {n} of {of}: {title}",
    "learn.coach_keys_pages": "{title} — [ ]: lessons met · i: hide · h: the Hard player's "
    "pick and why",
    "lesson.power.title": "Power cards and turn order",
    "lesson.power.1": "Everyone plays one power card a round, a value not yet played this "
    "round; a played card is gone, unless an action card gives it back.",
    "lesson.power.2": "The highest card goes first this round, then the next highest.",
    "lesson.power.3": "Whoever plays the lowest card starts choosing next round: a low card "
    "now buys the first pick later.",
    "lesson.court.title": "Court and province",
    "lesson.court.1": "Your Caballeros wait in your province; only those in your court can "
    "go onto the board.",
    "lesson.court.2": "Each turn you may bring Caballeros from the province to the court, up "
    "to the number your power card allows: card 7 brings 3, card 1 brings 6 (the power "
    "cards' choices show it).",
    "lesson.action_card.title": "Taking an action card",
    "lesson.action_card.1": "You must take one of the face-up action cards: its number is how "
    "many Caballeros you may place.",
    "lesson.action_card.2": "Each card also has a special action; the cards nobody takes are "
    "gone at the end of the round.",
    "lesson.turn.title": "Placing and the special action",
    "lesson.turn.1": "Place your Caballeros and do the card's special action in the order you "
    "like, one finished before the other.",
    "lesson.turn.2": "You may skip the special action.",
    "lesson.king.title": "Placing next to the King",
    "lesson.king.1": "Caballeros go only into regions next to the King's region, or into the "
    "Castillo.",
    "lesson.king.2": "The King's region itself is closed: nothing enters or leaves it, but it "
    "is scored.",
    "lesson.king.3": "The map marks the regions you may place in.",
    "lesson.castillo.title": "The Castillo",
    "lesson.castillo.1": "The Castillo is not a region: it is scored first at each general "
    "scoring.",
    "lesson.castillo.2": "Then its Caballeros march out to the region each owner chose in "
    "secret, which can swing a region at the last moment.",
    "lesson.veto.title": "The Veto",
    "lesson.veto.1": "Taking a Veto card and doing its special action keeps a Veto in front "
    "of you.",
    "lesson.veto.2": "When another player announces a special action, you may veto it: that "
    "action is cancelled, their placing is not.",
    "lesson.veto.3": "A Veto is used once, this round or the next; unused, it is then gone.",
    "lesson.card_king.title": "Moving the King",
    "lesson.card_king.1": "The King card (always there) moves the King anywhere; the Royal "
    "Adviser moves him next door.",
    "lesson.card_king.2": "Where the King goes decides where everyone may place next, and "
    "locks the Caballeros in his new region.",
    "lesson.card_move.title": "Intrigue cards",
    "lesson.card_move.1": "Intrigue cards move Caballeros from regions (the card says whose "
    "and how many) to other regions or into the Castillo; one places 2 more from your court.",
    "lesson.card_move.2": "Moves ignore the King's neighbourhood but never touch the King's "
    "region, and nothing ever leaves the Castillo this way.",
    "lesson.card_score.title": "Scoring cards",
    "lesson.card_score.1": "Scoring cards score some places at once, between the general "
    "scorings, with the usual ranks and bonuses.",
    "lesson.card_score.2": "Points scored now are kept: a place can pay you now and again at the "
    "next general scoring.",
    "lesson.card_return.title": "Sending Caballeros home",
    "lesson.card_return.1": "Some cards send other players' Caballeros back to their province, "
    "from the court or from regions (never from the King's region or the Castillo).",
    "lesson.card_return.2": "Caballeros in the province must be brought to court again "
    "before they can be placed.",
    "lesson.card_disk.title": "Secret choices",
    "lesson.card_disk.1": "Some cards make players choose a region in secret, with the disk.",
    "lesson.card_disk.2": "Who chooses depends on the card: most ask only the other players it "
    "concerns, one asks everyone, you too; no choice is seen until all are revealed together.",
    "lesson.card_scoreboard.title": "Mobile scoreboards",
    "lesson.card_scoreboard.1": "A mobile scoreboard laid on a place replaces its values "
    "(8/4/0 or 4/0/0).",
    "lesson.card_scoreboard.2": "It can make a small region worth a lot, or a rich one worth "
    "little.",
    "lesson.card_grande.title": "Your Grande and your home region",
    "lesson.card_grande.1": "Your Grande marks your home region: strictly the most Caballeros "
    "there scores 2 more (a tie for first: no bonus).",
    "lesson.card_grande.2": "The Grande card moves your Grande, and your home with it (never "
    "into or out of the King's region).",
    "lesson.card_hand.title": "Power cards and court cards",
    "lesson.card_hand.1": "These cards give back a power card you played, or bring up to 2 "
    "Caballeros from your province to your court.",
    "lesson.disk.title": "The secret disk",
    "lesson.disk.1": "At a general scoring, each player with Caballeros in the Castillo sets "
    "a disk to a region in secret.",
    "lesson.disk.2": "After the Castillo is scored, each player's Caballeros in it march to "
    "the region on their disk.",
    "lesson.disk.3": "A disk on the King's region sends them back to the court instead.",
    "lesson.general.title": "The general scoring",
    "lesson.general.1": "After the 3rd, 6th and 9th rounds every place is scored, the "
    "Castillo first, then the nine regions in order.",
    "lesson.general.2": "Most Caballeros scores a region's first value, second most the "
    "second; with three players there is no third place.",
    "lesson.general.3": "Grandes never count, and a player with no Caballero there scores nothing.",
    "lesson.tie.title": "Ties",
    "lesson.tie.1": "Tied players all score the next lower value: two tied for first both "
    "score the second value.",
    "lesson.tie.2": "A tie pushes the places below it down too.",
    "lesson.king_bonus.title": "The King's bonus",
    "lesson.king_bonus.1": "Whoever has strictly the most Caballeros in the King's region "
    "scores 2 more.",
    "lesson.king_bonus.2": "A tie for first there gives no bonus.",
    "lesson.home_bonus.title": "The home bonus",
    "lesson.home_bonus.1": "Strictly the most Caballeros in your own home region (your "
    "Grande's) scores 2 more.",
    "lesson.home_bonus.2": "It adds to the King's bonus: both in one region is 4 more.",
    # --- since: what changed since a player's turn (el_grande/flow/changes.py) ---------------
    "since.head": "Since your turn: {what}",
    "since.king": "the King moved to {to}",
    "since.grande": "{name}'s Grande moved to {to}",
    "since.board": "scoreboard {board} to {to}",
    "since.board_off": "scoreboard {board} off the board",
    "since.scored": "{name} scored {n}",
    "since.lost": "{name} lost {n}",
    "since.caballeros": "{name} {n} in {place}",
    "since.more": "and {n} more on the board",
    # since, issue 33 item 7: the Vetoes, and the player it is for in the second person
    "since.veto": Plural("{name} took a Veto", "{name} took {n} Vetoes"),
    "since.veto_you": Plural("you took a Veto", "you took {n} Vetoes"),
    "since.vetoed": "{name} vetoed {whose} “{card}”",
    "since.vetoed_you": "you vetoed {whose} “{card}”",
    "since.whose": "{name}'s",
    "since.yours": "your",
    "since.grande_you": "your Grande moved to {to}",
    "since.scored_you": "you scored {n}",
    "since.lost_you": "you lost {n}",
    "since.caballeros_you": "you {n} in {place}",
    "since.more_only": Plural(
        "{n} change, marked on the board", "{n} changes, marked on the board"
    ),
    "board.since_legend": "At your decision after the others played, what changed since your "
    "previous one: ▲ came, ▼ went · A3▲2: A has 3 here, 2 more · ♔▲ the King came (only where it "
    "is) · ⌂A▲ A's Grande came · ▣8/4/0▲ a scoreboard came · 12▲ a score rose, 5▼ a court shrank "
    "(the summary is on the status line; o: settings turn it off)",
    "set.since": "Since your turn",
    "set.since_on": "mark what the others changed",
    "set.since_off": "off",
    # --- confirm: confirm my turn (el_grande/flow/confirm.py, app/widgets/confirm.py) --------
    "keys.end_turn": "Confirm",
    "confirm.title_turn": "{name}, end your turn?",
    "confirm.title_other": "{name}, play this? Another player decides next.",
    "confirm.title_reveal": "{name}, play this? It shows what nobody knew yet.",
    "confirm.held": "Held: {choice}",
    "confirm.held_choice": "{choice} ({what})",
    "confirm.nothing_yet": "Nothing is played before you confirm.",
    "confirm.keys_turn": "T end my turn · U take it back",
    "confirm.keys_play": "T play it · U take it back",
    "confirm.enter_wait": "Enter does it too, once the keyboard has been quiet.",
    "confirm.enter_ready": "Enter does it too.",
    "confirm.enter_early": "Enter counts here only after a moment of quiet: press T to confirm "
    "now.",
    "confirm.wrong_key": "This waits for your confirmation: T plays it, U takes it back.",
    "config.confirm_auto": "auto (on when two or more people play)",
    "set.confirm": "Confirm my turn",
    "set.confirm_auto": "auto: on with two or more people",
    "set.confirm_on": "on: every turn waits for T",
    "set.confirm_off": "off: a turn ends with its last choice",
    "settings.must.confirm_turn": '"auto", true or false',
    # --- seats: seats change hands (flow/seats.py, el_grande/hands.py, screens/seat_menu.py) ---
    "keys.seats": "Seats",
    "seats.title": "Who plays each seat",
    "seats.note": "↑↓ a seat · Enter: choose who plays it · Esc: close. From the decision at "
    "hand on; the game stays the same game.",
    "seats.kinds_note": "Who plays {name}'s seat from now on? ↑↓ · Enter · Esc: back to the seats.",
    "seats.row": "{name}: {who}",
    "seats.person": "a person",
    "seats.over": "The game is over: its seats stay as they were.",
    "seats.not_secret": "Seats change hands only while no secret choice is pending.",
    "seats.not_display": "Seats change hands after the display, not during it.",
    "seats.not_held": "Seats change hands once this turn is ended (T) or taken back (U).",
    "seats.not_now": "Seats change hands at a player's decision, once the keyboard is theirs.",
    "seats.unknown": "There is no such seat or player.",
    "seats.to_bot": "From now on the {level} computer player plays {name}'s seat.",
    "seats.to_person": "{name} plays their own seat again.",
    "seats.counted": "Hints are off at this table: handing the seat to the Hard player counts "
    "as a hint for {name}.",
    "hands.bot": "the {level} player",
    "hands.line": "{name}: {spells}.",
    "hands.span": "decisions {first}–{last} by {who}",
    "hands.one": "decision {n} by {who}",
    "hands.from": "from decision {first} on by {who}",
    "hands.head": "Seats that changed hands:",
    "over.hard_counted": "Hints were off at this table; handing a seat to the Hard player "
    "counted as a hint: {counts}",
    "cli.no_such_player": "{flag}: no player called {name} (players: {names})",
    "cli.twice": "{flag}: {name} is given twice",
    "cli.seat_bad": "{flag} cannot be used with {others}",
    # --- hand-overs, round three (flow/handover.py: keys while a computer player decides; the help)
    "handover.banner_why_strict": "Strict hand-overs: at every change of player the next player "
    "takes over on purpose: keys typed ahead never count, and the letter works only after "
    "{seconds}s with no key or click.",
    "handover.watch": "{name} (computer) is choosing: keys that change something count after a "
    "quiet moment.",
    "help.handovers_title": "Hand-overs",
    "help.handovers": (
        "Default: when the player changes, keys count only after a moment of quiet (1.2 s with "
        "no key), and after a scoring, a curtain or before a secret choice the next player "
        "presses their letter once the keyboard has been quiet (2.4 s); a confirmed turn "
        "spares the next player that letter (a secret choice still waits behind its "
        "curtain).\n"
        "Strict hand-overs: the next player presses their letter at every change of player, a "
        "confirmed turn included.\n"
        "With one person at the table (the rest computer players) there is nobody to pass "
        "the keyboard to: no letter and no curtain, only the moment of quiet."
    ),
    # --- the statistics screen (issue 32: app/screens/stats.py, app/widgets/record.py) ---------
    "statscreen.entry": "Statistics",
    "statscreen.title": "Statistics: every recorded game",
    "statscreen.col_name": "Player",
    "statscreen.col_games": "Games",
    "statscreen.col_wins": "Wins",
    "statscreen.col_rating": "Rating",
    "statscreen.empty": "No game is recorded yet: a finished game appears here once it ends.",
    "statscreen.broken": "The games database could not be read: {why}",
    "statscreen.nobody": "Nothing is recorded for {name} any more.",
    "statscreen.percent": "{n}%",
    "statscreen.games": Plural("{count} game", "{count} games"),
    "statscreen.wins": Plural("{count} win", "{count} wins"),
    "statscreen.shared": Plural("{count} of them shared", "{count} of them shared"),
    "statscreen.totals": "{games} · {wins} ({share}), {shared}",
    "statscreen.average": "Average {points} points, margin {margin} · {rating}",
    "statscreen.rating": "rating {rating}",
    "statscreen.no_rating": "no rating yet",
    "statscreen.by_players": "By number of players (games won)",
    "statscreen.players_n": "{n} players",
    "statscreen.by_opponent": "By opponents (games won)",
    "statscreen.with_people": "people only",
    "statscreen.with_level": "with {level}",
    "statscreen.trend_wins": "Games won, % (bars)",
    "statscreen.trend_points": "Average points (dots)",
    "statscreen.h2h_head": "Head to head: {a} and {b}",
    "statscreen.h2h_line": "{name}: {wins}, average {points} points",
    "statscreen.never_met": "{a} and {b} have played no recorded game together.",
    "statscreen.pick_other": "Head to head with {name}: choose the other player (Enter), Esc: "
    "not now.",
    "statscreen.same": "Choose somebody else to compare with.",
    "statscreen.key_h2h": "Head to head",
    "statscreen.key_rename": "Rename",
    "statscreen.key_forget": "Forget",
    "statscreen.key_delete": "Delete a game",
    "statscreen.yes": "Yes",
    "statscreen.ask_keys": "y: yes · n or Esc: no, change nothing",
    "statscreen.rename_title": "Rename {name} in every recorded game",
    "statscreen.rename_keys": "Enter: go on (asked once more) · Esc: cancel",
    "statscreen.same_name": "That is the name already.",
    "statscreen.rename_ask": "Rename “{old}” to “{new}” in every recorded game?",
    "statscreen.rename_note": "The save files keep the names they were played with.",
    "statscreen.renamed": "“{old}” is now “{new}” in every recorded game.",
    "statscreen.forget_ask": "Forget “{name}”?",
    "statscreen.forget_note": "Their name is replaced in every recorded game; the games stay, "
    "for the other players' records.",
    "statscreen.forgotten": "“{name}” is forgotten; their games stay for the others.",
    "statscreen.games_title": "{name}'s games, the latest first",
    "statscreen.games_keys": "Enter: delete this game (asked first) · Esc: back",
    "statscreen.game_line": "{when} · {players} players · {score} points, place {rank}",
    "statscreen.no_games": "No recorded game to delete here.",
    "statscreen.delete_ask": "Delete this game from the statistics? {game}",
    "statscreen.delete_note": "Only its record goes; a save file of it stays where it is.",
    "statscreen.deleted": "The game is deleted from the statistics.",
    # --- the games database (persist/games.py) ---------------------------------------------
    "games.locked": "The games database {path} is in use by another El Grande (locked): "
    "nothing was changed; a finished game is recorded at the next start.",
    "games.read_only": "The games database {path} cannot be written (read-only): nothing was "
    "changed; a finished game is recorded once it can be.",
    "games.corrupt": "{path} is not a games database El Grande can read (damaged, or another "
    "kind of file): it is left as it is (move it away and El Grande starts a new one).",
    "games.newer": "The games database {path} was written by a newer version of El Grande "
    "(its version {version}, this one knows {known}): it is left as it is; please update "
    "El Grande.",
    "games.not_own": "{path} is {kind}, not the games database El Grande keeps: it is never "
    "followed or written (move it away).",
    "games.full": "The disk is full: the games database {path} cannot grow, and nothing was "
    "changed; a finished game is recorded at the next start once there is room.",
    "games.cannot": "The games database {path} cannot be used: {reason}; nothing was changed.",
    "games.forgotten": "(forgotten)",
    # --- a seat's own screen at a hosted table (app/screens/remote_game.py)
    "remote.code_title": "The code for your seat at {where} (or the watch code):",
    "remote.code_note": "Enter: join · Esc: leave. The host gave each player their own code.",
    "remote.connecting": "Connecting to {where}…",
    "remote.connecting_table": "Connecting to the table…",
    "remote.display_seen": "Seen: the table goes on once every seat has seen it…",
    "remote.lost": "The connection to the table is lost: trying again… (your seat is kept)",
    "remote.offline": "not connected to the table just now",
    "remote.your_turn": "Your decision.",
    "remote.sent": "Sent to the table…",
    "remote.deciding": "{name} is deciding…",
    "remote.secret": "{name} is choosing in secret…",
    "remote.watchers": "{n} watching",
    "remote.final": "{name}: {points} points",
    "remote.over_keys": "v: the review of your decisions (worked out at the host) · q: leave",
    "remote.over_watching": "The game is over. q: leave",
    "remote.hints_asked": "Asking the table for hints…",
    "remote.hints_title": "Hints: the strong computer player's best three (Enter highlights one)",
    "remote.review_asked": "The host is reviewing your decisions… (this can take a minute)",
    "remote.key_take_back": "take back",
    "remote.key_leave": "leave (the seat is kept)",
    "remote.key_codes": "Join codes",
    "remote.seat_after_display": "The seat changes hands right after this display.",
    "remote.codes_where": "Screens join at {where}",
    # --- play across screens (el_grande.net): the protocol's sentences
    "net.bad_binary": "The table reads text messages only.",
    "net.too_big": "That message is too long for the table.",
    "net.bad_json": "That message is not JSON.",
    "net.bad_message": "That message is not one the table knows.",
    "stats.arg_name": "a person's name (any spelling) or a computer level ({level}); "
    "without it, everybody",
    "stats.arg_vs": "head to head: NAME against OTHER in the games they played together",
    "stats.arg_json": "print JSON (stable field names)",
    "stats.arg_csv": "print CSV (a header line, then one line each)",
    "stats.arg_rename": "rename a person in every recorded game (asked first)",
    "stats.arg_forget": "forget a person: their name goes, their games stay for the "
    "others (asked first)",
    "stats.arg_delete": "delete one recorded game by its id (asked first; the save is not touched)",
    "stats.arg_import": "record the finished saves not recorded yet",
    "stats.arg_yes": "do not ask before renaming, forgetting or deleting",
    "stats.not_asked": "Not done: there is no terminal to ask on (add --yes to do it anyway).",
    "stats.yes_word": "yes",
    "stats.imported": "{n} finished games recorded from the saves.",
    "stats.ask_rename": "Rename {old} to {new} in every recorded game?",
    "stats.ask_forget": "Forget {name}? Their name is replaced in every game; the "
    "games stay for the others.",
    "stats.ask_delete": "Delete the recorded game {id}? Its save, if any, is not touched.",
    "stats.nobody": "No recorded game has a player called {name}.",
    "stats.no_game": "No recorded game has the id {id}.",
    "stats.renamed": "{old} is now {new} in every recorded game.",
    "stats.forgotten": "{name} is forgotten.",
    "stats.deleted": "The recorded game {id} is deleted.",
    "stats.none_yet": "No games are recorded yet: a game is recorded when it ends.",
    "stats.everybody": "Everybody's record",
    "stats.never_together": "{a} and {b} have no recorded game together.",
    "stats.h2h_title": "{a} against {b}",
    "stats.col_name": "name",
    "stats.col_games": "games",
    "stats.col_wins": "wins",
    "stats.col_shared": "shared",
    "stats.col_average": "average",
    "stats.col_margin": "margin",
    "stats.col_best": "best",
    "stats.col_rating": "rating",
    "stats.col_ahead": "ahead of the other",
    "stats.col_a": "player",
    "stats.col_b": "other",
    "stats.col_a_wins": "player's wins",
    "stats.col_b_wins": "other's wins",
    "stats.col_a_average": "player's average",
    "stats.col_b_average": "other's average",
    "stats.col_a_ahead": "player ahead",
    "stats.col_b_ahead": "other ahead",
    "stats.level": "computer: {level}",
    "stats.summary": "{games} games, {wins} won ({share} %, {shared} shared); "
    "{average} points a game, {margin} against the best of the others; rating {rating}",
    "stats.by_players": "By number of players",
    "stats.players": "{n} players",
    "stats.by_opponent": "By opponents",
    "stats.vs_people": "people only",
    "stats.trend": "Over time (wins; ø average points)",
    # --- the hosted table (el_grande.net.table): what a screen across the wire is told
    "net.hello_first": "A screen says hello with its code first.",
    "net.hello_again": "This screen has said hello already.",
    "net.version": "This table speaks version {v} of the protocol, that screen another: "
    "please use the same version of El Grande.",
    "net.no_code": "That code opens no seat at this table.",
    "net.moved_on": "That decision has moved on.",
    "net.not_choice": "That is not one of the decision's choices.",
    "net.not_taken": "That was not taken: {why}.",
    "net.watching": "A watcher's screen answers nothing.",
    "net.no_human": "Seat {seat} has no join code: only a computer player can take it.",
    "net.closed": "The table is closed.",
    "net.review_not_over": "The review comes once the game is over.",
    "net.review_failed": "The review could not be worked out.",
    # --- the table clock (el_grande.net.table_clock): a hosted table's, set by its host
    "clock.bad_time": "The clock's {what} must be a number of seconds from {least} to 86400.",
    "wire.clock_needed": "--reserve and --out set the table clock: give --clock too.",
    "clock.bad_out": "Out of time is `hard` (the Hard player decides that decision) or "
    "`computer` (a computer player takes the seat until its player is back).",
    "clock.rules": "Table clock: {move} for each decision, then a reserve of {reserve} for "
    "each player; out of time, {then}.",
    "clock.rules_no_reserve": "Table clock: {move} for each decision; out of time, {then}.",
    "clock.out_hard": "the Hard player decides that one decision",
    "clock.out_computer": "a computer player takes the seat until its player says they are "
    "back (i)",
    "clock.file_not_json": "The clock file is not JSON.",
    "clock.file_bad": "The clock file does not hold a table's clock.",
    "clock.file_version": "The clock file was written by another version of El Grande.",
    "clock.file_problem": "The table's clock could not be read ({reason}): it starts again "
    "with full reserves.",
    "clock.file_problem_none": "The table's clock could not be read ({reason}): the table "
    "plays without one (`--clock` sets one again).",
    "clock.cannot_keep": "The table's clock could not be kept beside the save ({reason}).",
    "clock.note_out_hard": "{name}'s time ran out: the Hard player decides this decision.",
    "clock.note_out_computer": "{name}'s time ran out: a computer player plays the seat "
    "until they are back.",
    "clock.note_out_held": "{name}'s time ran out: the turn ends as it stands.",
    "clock.note_back": "{name} is back and plays their own seat again.",
    "clock.not_away": "Your seat is yours: no computer player has it.",
    "clock.none": "This table has no clock.",
    "clock.away_banner": "Your time ran out: a computer player plays your seat. Press i when "
    "you are back to take it again.",
    "clock.key_back": "I'm back",
    "clock.away_banner_seats": "The time ran out for {names}: a computer player plays the "
    "seat. Press i when they are back to take it again.",
    "clock.paused": "paused",
    "clock.waiting": "(starts once everybody is here)",
    "clock.away": "away (a computer player plays)",
    "clock.title": "Clock",
    "clock.short": "Time is short: {left} left.",
}

EN_CATALOGUE = Catalogue(lang="en", strings=EN)


def _korean() -> Catalogue:
    from el_grande import text_ko  # start-up: an English game never loads the Korean texts

    return Catalogue(
        lang="ko",
        strings=text_ko.KO,
        regions=text_ko.REGION_NAMES,
        regions_short=text_ko.REGION_SHORT,
        card_names=text_ko.CARD_NAMES,
        card_texts=text_ko.CARD_TEXTS,
        regions_start=text_ko.REGION_NAMES,  # no capitals in Korean
        plural=text_ko.korean_plural,
        formatter=text_ko.korean_format,
    )


#: Every language there is, by code (`use`, `resolve_language`; docs/i18n.md): how to build
#: its catalogue. English is built here; another language when it is first asked for
#: (`catalogue`), so that a game in English does not pay for loading the others.
LANGUAGES: dict[str, Callable[[], Catalogue]] = {"en": lambda: EN_CATALOGUE, "ko": _korean}
_built: dict[str, Catalogue] = {"en": EN_CATALOGUE}


def catalogue(lang: str) -> Catalogue:
    """The catalogue of a language of `LANGUAGES` (built the first time it is asked for)."""
    found = _built.get(lang)
    if found is None:
        found = _built[lang] = LANGUAGES[lang]()
    return found


#: The language of the code running now (see the module's docstring).
_active: ContextVar[Catalogue] = ContextVar("el_grande_language", default=EN_CATALOGUE)

_P = ParamSpec("_P")
_R = TypeVar("_R")


def use(lang: str) -> Catalogue:
    """Switch the active language (unknown languages fall back to English) for the code
    running now and what it starts from here on."""
    chosen = catalogue(lang) if lang in LANGUAGES else EN_CATALOGUE
    _active.set(chosen)
    return chosen


def language() -> str:
    """The active language's code ("en", "ko")."""
    return _active.get().lang


def carry(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """`fn`, to be run in another thread (a Textual thread worker, a hint's search) in the
    language active now, and with every other context variable as it is now. A new thread
    starts with none of them set (Textual's thread workers run in a plain executor thread):
    `run_worker(carry(work), thread=True)`."""
    context = copy_context()

    def carried(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        return context.copy().run(fn, *args, **kwargs)

    return carried


#: The locale variables that name the language of messages, in POSIX's order of precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

#: Values that mean "not chosen here: ask the next source".
_UNSET = frozenset({"", "auto", "system", "default"})


def language_code(value: str) -> str:
    """The language a value names: "ko_KR.UTF-8", "ko-KR", "KO" → "ko"; "C" → "c"."""
    code = value.strip().lower()
    for sep in ("_", "-", ".", "@"):
        code = code.split(sep, 1)[0]
    return code


def resolve_language(
    cli: str | None, settings: str | None, environ: Mapping[str, str] | None = None
) -> str:
    """The language to play in: `--lang`, else the settings file's `language`, else the
    locale (`LC_ALL`, then `LC_MESSAGES`, then `LANG`: the first one set decides), else
    English. The first source that names a language decides; a language there is no
    catalogue for means English (never an error). Empty, "auto" or "system" leave the choice
    to the next source. Returns a key of `LANGUAGES`."""
    for value in (cli, settings):
        if value is not None and value.strip().lower() not in _UNSET:
            code = language_code(value)
            return code if code in LANGUAGES else "en"
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            code = language_code(value)
            return code if code in LANGUAGES else "en"
    return "en"


def t(key: str, /, **fields: object) -> str:
    """The sentence `key` in the active language, with `fields` filled in."""
    return _active.get()(key, **fields)


def template(key: str, count: object = None) -> str:
    """The active language's raw template for `key` (for code that styles its fields)."""
    return _active.get().template(key, count)


def region(place: str, short: bool = False, start: bool = False) -> str:
    """A place's name (`short`: for a narrow map cell; `start`: at the start of a sentence)."""
    active = _active.get()
    names = active.regions_short if short else active.regions_start if start else active.regions
    return names.get(place, place.replace("_", " ").title())


def card_name(card_id: str) -> str:
    return _active.get().card_names.get(card_id, card_id.replace("_", " "))


def card_text(card_id: str) -> str:
    return _active.get().card_texts.get(card_id, "")
