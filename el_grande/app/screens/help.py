"""`?` help: the keys, the rules in short, and every action card with its full text."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from el_grande.app.closing import close
from el_grande.app.screens.styled import StyledOnce
from el_grande.text import CARD_NAMES, card_name, card_text, t

#: Card ids in stack order as printed in the rules (the help must not need the core).
CARD_STACKS: dict[int, tuple[str, ...]] = {
    1: (
        "intrigue_5_from_region",
        "intrigue_4_any",
        "intrigue_4_own",
        "intrigue_2_own_2_foreign",
        "intrigue_3_foreign",
        "intrigue_3_any",
        "intrigue_place_2",
        "intrigue_or",
        "intrigue_all_own",
    ),
    2: (
        "veto",
        "decay_all",
        "decay_three",
        "angry_king",
        "score_region",
        "return_one_each",
        "province_two_by_disk",
        "province_all_by_disk",
    ),
    3: (
        "score_fives",
        "score_fours",
        "score_six_seven",
        "score_castillo",
        "score_firsts",
        "score_most",
        "score_least",
        "score_any",
    ),
    4: (
        "scoreboard",
        "royal_adviser",
        "eviction",
        "grande",
        "power_cards",
        "court",
        "score_by_disk",
    ),
    5: ("king",),
}
assert sum(len(v) for v in CARD_STACKS.values()) == len(CARD_NAMES)


def keys_table() -> Table:
    """The keys, one a row: the key in its own column, as wide as the widest key in terminal
    cells (so the meanings line up in any language), the meaning wrapped beside it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(ratio=1)
    for row in t("help.keys").splitlines():
        key, _, meaning = row.partition("\t")
        grid.add_row(Text(key), Text(meaning))
    return grid


def cards_text() -> Text:
    out = Text()
    for stack, ids in CARD_STACKS.items():
        out.append(t("help.stack", n=stack) + "\n", style="bold underline")
        for card in ids:
            out.append(f"  {card_name(card)}", style="bold")
            out.append(f" — {card_text(card)}\n")
        out.append("\n")
    return out


class HelpScreen(StyledOnce, ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape", "close", "help.close"),
        Binding("question_mark", "close", show=False),
        Binding("q", "close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(t("help.title"), id="help-title", markup=False)
            with VerticalScroll(id="help-scroll"):
                yield Static(t("help.keys_title"), classes="help-h", markup=False)
                yield Static(keys_table(), classes="help-keys", markup=False)
                yield Static(t("help.map_title"), classes="help-h", markup=False)
                yield Static(t("board.legend"), markup=False)
                yield Static(t("board.since_legend"), markup=False)
                yield Static(t("help.rules_title"), classes="help-h", markup=False)
                yield Static(t("help.rules"), markup=False)
                yield Static(t("help.handovers_title"), classes="help-h", markup=False)
                yield Static(t("help.handovers"), markup=False)
                yield Static(t("help.cards_title"), classes="help-h", markup=False)
                yield Static(cards_text(), markup=False)
            yield Static(t("help.close"), id="help-close", markup=False)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        close(self)
