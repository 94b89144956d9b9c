"""`el-grande review FILE`: the Hard player's review of a finished game, as Markdown.

    el-grande review game.json                    # the people's decisions, to standard output
    el-grande review game.json --seat Ana -o ana.md
    el-grande review game.json --all              # the computer players' decisions too

The engine is `el_grande.review` (plain Python); this module loads the save file, runs it with
a progress bar on stderr (when stderr is a terminal) and writes the report: the summary, the
five biggest mistakes, a table per round, and the expected score and margin decision by
decision as a text chart. Every sentence comes from the catalogue; names from the file are
shown as text (made printable and escaped for Markdown).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from el_grande.files import Dangling, NotRegular, SameFile, reason, regular_target
from el_grande.names import fit, printable
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.review import Review, Verdict

#: Rows of a text chart.
CHART_HEIGHT = 9


def about(points: float) -> str:
    """A number of points as the review says it: rounded, "about" ("about 3")."""
    return t("review.about", n=round(points))


def about_points(points: float) -> str:
    """The same in a sentence, with its unit ("about 1 point", "about 3 points")."""
    return t("review.about_points", count=round(points))


def signed(points: float) -> str:
    n = round(points)
    return f"{n:+d}" if n else "0"


def summary(review: Review, seat: int, names: Sequence[str]) -> str:
    """The review's summary sentence: what the seat's decisions cost in all, and how far it
    finished from the best other player (`names`: as they are to be shown)."""
    name = names[seat]
    behind = review.behind(seat)
    best_other = max((s for s in range(len(names)) if s != seat), key=lambda s: review.scores[s])
    if behind:
        outcome = t("review.behind", name=name, points=behind, leader=names[best_other])
    else:
        ahead = review.scores[seat] - review.scores[best_other]
        outcome = (
            t("review.ahead", name=name, points=ahead, second=names[best_other])
            if ahead
            else t("review.shared", name=name)
        )
    return t("review.total", name=name, cost=about_points(review.cost(seat))) + " " + outcome


def render(review: Review, record: dict[str, Any], seat: int) -> str:
    """One seat's review as Markdown."""
    # start-up: `el-grande` builds this module's options for every command; the review's
    # machinery loads only when a review runs.
    from el_grande.bots.hints import reason_text
    from el_grande.narrate import choice_words, decision_words
    from el_grande.persist.export import md_escape

    names = [md_escape(n) for n in review.players]
    name = names[seat]
    verdicts = review.of(seat)
    opts = record.get("options", {})
    scores = t("join.list").join(
        t("ev.final_score", name=n, points=p) for n, p in zip(names, review.scores, strict=True)
    )
    lines = [f"# {t('review.title', name=name)}", ""]
    lines += [
        t(
            "review.setup",
            players=len(names),
            rounds=opts.get("rounds", 9),
            castillo=t(f"export.castillo_{opts.get('castillo', 'open')}"),
            scores=scores,
        ),
        "",
        t(
            "review.how",
            count=len(verdicts),
            name=name,
            playouts=sum(v.playouts for v in verdicts),
            draws=review.settings.draws,
            seed=review.settings.seed,
        ),
        "",
    ]
    if not review.complete:
        lines += [t("review.stopped"), ""]
    if not verdicts:
        lines.append(t("review.nothing", name=name))
        return "\n".join(lines).rstrip() + "\n"

    def said(v: Verdict, c: Any) -> str:
        assert v.decision is not None
        return choice_words(c, v.decision, lambda s: names[s])

    def what(v: Verdict) -> str:
        assert v.decision is not None
        return decision_words(v.decision, lambda s: names[s])

    lines += [f"## {t('review.summary')}", "", summary(review, seat, names), ""]
    lines += [t("review.cost_means"), ""]

    lines += [f"## {t('review.mistakes')}", ""]
    mistakes = [v for v in review.mistakes(seat) if round(v.cost) >= 1]
    if not mistakes:
        lines.append(t("review.no_mistakes"))
    for k, v in enumerate(mistakes, 1):
        why = reason_text(v.reason_key, v.reason, names, v.decision)
        lines.append(
            f"{k}. "
            + t(
                "review.mistake",
                round=v.round,
                what=what(v),
                choice=said(v, v.choice),
                best=said(v, v.best),
                cost=about_points(v.cost),
                why=why,
            )
        )
    lines.append("")

    lines += [f"## {t('review.rounds')}", ""]
    head = [
        t("review.col_round"),
        t("review.col_decisions"),
        t("review.col_cost"),
        t("review.col_biggest"),
        t("review.col_outlook"),
    ]
    lines += [_row(head), _row(["---"] * len(head))]
    for r in review.rounds(seat):
        biggest = (
            t(
                "review.biggest",
                choice=said(r.biggest, r.biggest.choice),
                cost=about(r.biggest.cost),
            )
            if r.biggest is not None and round(r.biggest.cost) >= 1
            else t("review.none")
        )
        lines.append(
            _row([str(r.round), str(r.decisions), about(r.cost), biggest, signed(r.margin)])
        )
    lines.append("")

    lines += [f"## {t('review.chart')}", "", t("review.chart_note", name=name), ""]
    rounds = [v.round for v in verdicts]
    lines += ["```text"]
    lines += chart(t("review.axis_margin"), [v.margin for v in verdicts], rounds, sign=True)
    lines += ["```", "", t("review.margin_scale", name=name), "", "```text"]
    lines += chart(t("review.axis_score"), [v.score for v in verdicts], rounds)
    lines += ["```", ""]

    lines += [f"## {t('review.decisions')}", ""]
    head = [
        t("review.col_n"),
        t("review.col_round"),
        t("review.col_decision"),
        t("review.col_choice"),
        t("review.col_best"),
        t("review.col_cost"),
        t("review.col_score"),
        t("review.col_margin"),
    ]
    lines += [_row(head), _row(["---"] * len(head))]
    for v in verdicts:
        best = t("review.same") if v.best == v.choice else said(v, v.best)
        cost = about(v.cost) if v.best != v.choice else ""
        lines.append(
            _row(
                [
                    str(v.index + 1),
                    str(v.round),
                    what(v),
                    said(v, v.choice),
                    best,
                    cost,
                    str(round(v.score)),
                    signed(v.margin),
                ]
            )
        )
    return "\n".join(lines).rstrip() + "\n"


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def chart(
    label: str, values: Sequence[float], rounds: Sequence[int], sign: bool = False
) -> list[str]:
    """A text chart of `values`, one column a decision, `CHART_HEIGHT` rows, the axis below
    numbered at each round's first decision; the lowest row dotted. `sign` (the margin): the
    axis says + and -, and its scale holds a row of exactly 0, dotted instead: level with the
    best other player, the line a reader measures "behind" and "ahead" from."""
    if not values:
        return []
    low, high = min(values), max(values)
    if sign:
        low, high = min(low, 0.0), max(high, 0.0)
    if high - low < 1:
        high = low + 1
    step = (high - low) / (CHART_HEIGHT - 1)
    level = 0  # the dotted row
    if sign:  # the rows shift by at most half a row, so that one is 0
        level = round(-low / step)
        low = -level * step
    top = CHART_HEIGHT - 1
    cells = [min(top, max(0, round((v - low) / step))) for v in values]
    ticks = [
        signed(low + k * step) if sign else f"{low + k * step:.0f}" for k in range(CHART_HEIGHT)
    ]
    width = max(len(x) for x in ticks + [label])
    out = [label.rjust(width)]
    for k in range(top, -1, -1):
        row = "".join("●" if c == k else ("·" if k == level else " ") for c in cells)
        out.append(f"{ticks[k].rjust(width)} ┤{row}".rstrip())
    axis = []
    last = None
    for r in rounds:
        axis.append(str(r)[-1] if r != last else "─")
        last = r
    out.append(f"{' ' * width} └{''.join(axis)}")
    out.append(f"{' ' * width}  {t('review.axis_rounds')}")
    return out


# --- the command ---------------------------------------------------------------------------


def configure(p: argparse.ArgumentParser) -> None:
    from el_grande.review import MAX_DRAWS, Settings
    from el_grande.workers import MAX_SEED, max_jobs

    p.add_argument("file", type=Path)
    p.add_argument("-o", "--output", type=Path, help="write here instead of standard output")
    p.add_argument(
        "--seat",
        action="append",
        metavar="NAME",
        help="review this player (again for more); default: every person at the table",
    )
    p.add_argument("--all", action="store_true", help="review the computer players' decisions too")
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        help=f"processes sharing the work (1 to {max_jobs()}; default: 2, or 1 on a single core)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=f"the review's own seed for the unknowns (0 to {MAX_SEED}; default 0)",
    )
    p.add_argument(
        "--draws",
        type=int,
        default=None,
        help=f"at most this many draws of the unknowns a decision (1 to {MAX_DRAWS}; "
        f"default {Settings().draws})",
    )
    p.add_argument("--no-progress", dest="progress", action="store_false")


def _fail(message: str) -> int:
    print(f"el-grande: {message}", file=sys.stderr)
    return 1


def _usage(message: str) -> int:
    """A flag beyond its bound: one line and exit code 2, as argparse's own usage errors."""
    print(f"el-grande review: error: {message}", file=sys.stderr)
    return 2


def _flags_problem(args: argparse.Namespace) -> str | None:
    """Why a flag is beyond its bound (one sentence), or None."""
    from el_grande.review import MAX_DRAWS
    from el_grande.workers import MAX_SEED, max_jobs

    if args.draws is not None and not 1 <= args.draws <= MAX_DRAWS:
        return t("review.err_draws", most=MAX_DRAWS)
    if args.jobs is not None and not 1 <= args.jobs <= max_jobs():
        return t("review.err_jobs", most=max_jobs(), cores=max_jobs() // 4)
    if not 0 <= args.seed <= MAX_SEED:
        return t("review.err_seed", most=MAX_SEED)
    return None


def run(args: argparse.Namespace) -> int:
    # start-up: as in `render`, loaded only when a review runs.
    from el_grande.atomic import atomic_write_text
    from el_grande.hands import hands_of
    from el_grande.names import key
    from el_grande.persist.errors import SaveFileError
    from el_grande.persist.store import load_game, record_of
    from el_grande.review import Seats, Settings, review
    from el_grande.workers import Stop

    problem = _flags_problem(args)
    if problem:
        return _usage(problem)
    try:
        save, game = load_game(args.file)
    except SaveFileError as exc:
        return _fail(str(exc))
    if not game.over:
        return _fail(t("review.err_unfinished"))
    names = list(save.names)
    if args.seat:
        by_name = {key(n): i for i, n in enumerate(names)}
        only = []
        for wanted in args.seat:
            seat = by_name.get(key(wanted))
            if seat is None:
                return _fail(
                    t(
                        "review.err_no_such",
                        name=fit(printable(repr(wanted)), 60),
                        names=printable(", ".join(names)),
                    )
                )
            only.append(seat)
        seats_reviewed: list[int] | None = sorted(set(only))
    else:
        seats_reviewed = None
    kinds = Seats.of([s.kind for s in save.seats], [hands_of(s.kind, s.hands) for s in save.seats])
    if not args.all and not any(kinds.has_person(s) for s in (seats_reviewed or range(len(names)))):
        return _fail(t("review.err_no_person"))
    target = None
    if args.output is not None:
        target, problem = _output_target(args.output, args.file)
        if problem:
            return _fail(problem)
    settings = Settings(seed=args.seed, **({"draws": args.draws} if args.draws else {}))
    jobs = args.jobs if args.jobs is not None else min(2, os.cpu_count() or 1)
    record = record_of(save)
    # Ctrl-C (SIGINT) or SIGTERM: the review stops at once, workers included, and what was
    # done is written where it was asked for, saying it is partial; a second one: out now.
    try:
        with Stop() as stop:
            result = _with_progress(
                args.progress,
                lambda progress: review(
                    record,
                    kinds,
                    only=seats_reviewed,
                    everyone=args.all,
                    settings=settings,
                    jobs=jobs,
                    progress=progress,
                    cancelled=stop,
                ),
            )
            text = "\n".join(render(result, record, s) for s in _reviewed(result, kinds, args.all))
            if target is None:
                sys.stdout.write(text)
            else:
                try:
                    atomic_write_text(target, text)
                except (OSError, ValueError) as exc:
                    why = printable(reason(exc))
                    return _fail(t("review.err_write", path=_shown(args.output), why=why))
    except KeyboardInterrupt:
        print(f"el-grande: {t('review.interrupted')}", file=sys.stderr)
        return 130
    if result.complete:
        return 0
    done, total = len(result.verdicts), result.total
    said = (
        t("review.partial", done=done, total=total)
        if target is None
        else t("review.partial_file", done=done, total=total, path=_shown(args.output))
    )
    print(f"el-grande: {said}", file=sys.stderr)
    return stop.exit_code


def _reviewed(result: Review, kinds: Any, everyone: bool) -> list[int]:
    """The seats with a review to show: every reviewed seat a person played (or all)."""
    return [s for s in result.seats if everyone or kinds.has_person(s)]


def _output_target(output: Path, save: Path) -> tuple[Path | None, str | None]:
    """(The regular file `-o` replaces, None), or (None, why not): never a link, a device or
    a FIFO, never the save (`files.regular_target`, as `export -o` does)."""
    out = _shown(output)
    try:
        return regular_target(output, save), None
    except SameFile:
        return None, t("review.err_over_save", path=out)
    except (Dangling, NotRegular):
        return None, t("review.err_not_file", path=out)
    except (OSError, ValueError) as exc:
        return None, t("review.err_write", path=out, why=printable(reason(exc)))


def _shown(path: Path) -> str:
    return fit(printable(str(path)), 200)  # a person may have typed thousands of characters


def _with_progress(show: bool, work: Callable[[Any], Review]) -> Review:
    """Run `work(progress)` with a progress bar on stderr when it is a terminal."""
    from rich.console import Console  # start-up: as in `render`

    err = Console(stderr=True)
    if not (show and err.is_terminal):
        return work(None)
    from el_grande.progress import progress_bar  # start-up: only on a terminal

    with progress_bar(err) as bar:
        task = bar.add_task(t("review.progress"), total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return work(progress)
