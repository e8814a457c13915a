"""A balance report as a terminal table, JSON, CSV, or one self-contained HTML page with plots.

Every figure shown carries its interval and sample size. Card names come from a card file, so they are
escaped wherever they land: rich markup in the terminal, Jinja2 autoescaping in HTML, the csv module.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import sys
from typing import Any

from runtime.model.data import data_line
from runtime.wording import counted, printable, spreadsheet_text

CARD_COLUMNS = [
    "name",
    "value",
    "ci_low",
    "ci_high",
    "n",
    "cost",
    "win_delta",
    "win_delta_ci_low",
    "win_delta_ci_high",
    "win_delta_n",
    "built",
    "built_ci_low",
    "built_ci_high",
    "built_n",
    "built_round",
    "builder_win",
    "builder_win_ci_low",
    "builder_win_ci_high",
    "builder_win_n",
]
AGAINST_COLUMNS = [
    "was",
    "delta",
    "delta_ci_low",
    "delta_ci_high",
    "delta_n",
    "p",
    "p_adjusted",
    "text_changed",
    "flag",
]


def as_json(result: dict) -> str:
    return json.dumps(result, indent=2, ensure_ascii=False) + "\n"


def as_csv(result: dict) -> str:
    """One row per card; the A/B columns only when the report compares two files."""
    columns = CARD_COLUMNS + (AGAINST_COLUMNS if "against" in result else [])
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for card in result["cards"]:
        writer.writerow({key: csv_cell(card.get(key)) for key in columns})
    return out.getvalue()


def csv_cell(value: Any) -> Any:
    """No data is an empty cell; a name from the card file stays text in a spreadsheet (never a formula)."""
    if value is None:
        return ""
    return spreadsheet_text(value) if isinstance(value, str) else value


NO_DATA = "n/a"  # an estimate that rests on no game (n = 0)


def interval(value: Any, low: Any, high: Any, percent: bool = False, signed: bool = True) -> str:
    """`value [low, high]`; differences carry a sign, rates and levels do not. An end that is null is unbounded (fewer
    than two games): -∞ below, +∞ above; a null value is no data."""
    if value is None:
        return NO_DATA
    scale, unit, sign = (100, "%", "+" if signed else "") if percent else (1, "", "+" if signed else "")
    shown_low = "-∞" if low is None else f"{low * scale:{sign}.1f}"
    shown_high = "+∞" if high is None else f"{high * scale:{sign}.1f}"
    return f"{value * scale:{sign}.2f}{unit} [{shown_low}, {shown_high}]"


def card_name(card: dict) -> str:
    """A card as the report shows it: a card renamed by the edit (the same kind and code) with its old name too."""
    return f"{card['name']} (was {card['was']})" if card.get("was") else card["name"]


def sorted_cards(result: dict) -> list[dict]:
    """Largest estimate first; cards with no data last, in file order."""
    key = "delta" if "against" in result else "value"
    return sorted(result["cards"], key=lambda card: (card.get(key) is None, -(card.get(key) or 0.0)))


def seeds_played(result: dict) -> str:
    """What was played, in seeds and games: every seed once as dealt and once per measured card, in each file."""
    seeds, cards = result["games"], len(result["cards"])
    files = "each card file" if "against" in result else "the card file"
    return (
        f"{counted(seeds, 'seed')} ({result['seed']} to {result['seed'] + seeds - 1}), each played once as dealt "
        f"and once for each of {counted(cards, 'measured card')}: {counted(seeds * (1 + cards), 'game')} in {files}"
    )


def precision_line(result: dict) -> str | None:
    """How a --precision run ended: narrow enough, or stopped by --max-games first, with the widest interval."""
    stop = result.get("precision")
    if stop is None:
        return None
    reached = "unbounded" if stop["reached"] is None else f"{stop['reached']:.2f} VP wide"
    widest = f"the widest interval ({stop['widest_card']}) is {reached}" if stop["widest_card"] else "no interval"
    if stop["met"]:
        return f"--precision {stop['asked']:g} VP reached after {counted(result['games'], 'seed')}: {widest}"
    return (
        f"--precision {stop['asked']:g} VP not reached: stopped at {counted(result['games'], 'seed')} "
        f"(--max-games {stop['max_games']}); {widest}"
    )


UNWRAPPED = 10_000  # columns: wide enough for any row, so none wraps and no name or flag is cut short


def report_console() -> Any:
    """A terminal's width on a terminal; piped or saved, each row on one line whatever its length (rich would take
    80 columns, wrap every cell and cut names and flags to "Realto…", "chang…")."""
    from rich.console import Console

    return Console() if sys.stdout.isatty() else Console(width=UNWRAPPED)


def print_table(result: dict, console: Any = None) -> None:
    """The terminal report: per-card causal values, then seats and game figures."""
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    console = console or report_console()
    against = "against" in result
    title = f"{counted(result['games'], 'seed')}, {result['players']} players, {result['agent']} players"
    heading = f"Card value: one seat gets the card at the start of round {result['round']} ({title})"
    table = Table(title=Text(heading, no_wrap=True, overflow="ignore"))  # one line, even over a narrow table
    value = "Δ score, new file (95% CI)" if against else "Δ score (95% CI)"
    for column in ("card", value, "n", "cost", "Δ win (95% CI)", "built* (95% CI)"):
        table.add_column(column, justify="left" if column == "card" else "right")
    if against:
        table.add_column("change (95% CI)", justify="right")
        table.add_column("p adj.", justify="right")
        table.add_column("flag")
    for card in sorted_cards(result):
        row = [
            escape(printable(card_name(card))),
            interval(card["value"], card["ci_low"], card["ci_high"]),
            str(card["n"]),
            f"{card['cost']:.2f}",
            interval(card["win_delta"], card["win_delta_ci_low"], card["win_delta_ci_high"], percent=True),
            interval(card["built"], card["built_ci_low"], card["built_ci_high"], percent=True, signed=False),
        ]
        if against:
            row += [
                interval(card.get("delta"), card.get("delta_ci_low"), card.get("delta_ci_high")),
                NO_DATA if card.get("p_adjusted") is None else f"{card['p_adjusted']:.4f}",
                card.get("flag") or "",
            ]
        table.add_row(*row)
    console.print(table)
    console.print("* observational: how often the card was built in the games as played, not its effect")
    console.print(f"{seeds_played(result)}; n/a: no data (n = 0)")
    if result.get("data_files"):
        console.print(escape(data_line(result["data_files"])))  # a path the designer chose
    if precision_line(result):
        console.print(escape(printable(precision_line(result))))  # it names a card
    if result.get("left_out"):
        names = ", ".join(escape(printable(name)) for name in result["left_out"])
        console.print(f"not measured, not part of games of {result['players']} players (their players line): {names}")
    console.print(seats_table(result))
    scores, turns = result["scores"], result["turns"]
    console.print(
        f"final score {interval(scores['mean'], scores['score_ci_low'], scores['score_ci_high'], signed=False)} "
        f"(n={scores['score_n']} games); game length {turns['mean']:.1f} worker turns "
        f"(n={turns['turns_n']} games)"
    )
    if against:
        overall = result["against"]["overall"]
        console.print(
            f"overall change in mean score: "
            f"{interval(overall['score_delta'], overall['score_delta_ci_low'], overall['score_delta_ci_high'])} "
            f"(n={overall['score_delta_n']}); flagged at a false discovery rate of "
            f"{result['against']['false_discovery_rate']}: {escape(printable(flagged(result)))}"
        )


def flagged(result: dict) -> str:
    """The cards the comparison flags, each with its flag, largest change first; "none" when no card is."""
    found = [f"{card_name(card)} ({card['flag']})" for card in sorted_cards(result) if card.get("flag")]
    return ", ".join(found) or "none"


def seats_table(result: dict) -> Any:
    from rich.table import Table

    table = Table(title="Seats (first-player advantage)")
    for column in ("seat", "win rate (95% CI)", "score (95% CI)", "n"):
        table.add_column(column, justify="right")
    for seat in result["seats"]:
        table.add_row(
            str(seat["seat"]),
            interval(seat["win_rate"], seat["win_rate_ci_low"], seat["win_rate_ci_high"], percent=True, signed=False),
            interval(seat["score"], seat["score_ci_low"], seat["score_ci_high"], signed=False),
            str(seat["win_rate_n"]),
        )
    return table


def as_html(result: dict) -> str:
    """One page, no outside requests: the plots are PNGs inside the page, the data is escaped JSON."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    environment = Environment(
        loader=PackageLoader("runtime.analysis", "templates"), autoescape=select_autoescape(["html", "j2"])
    )
    page = environment.get_template("report.html.j2")
    return page.render(
        result=result,
        cards=sorted_cards(result),
        plots={name: png(draw) for name, draw in plots(result).items()},
        interval=interval,
        seeds_played=seeds_played(result),
        precision_line=precision_line(result),
        data_line=data_line(result["data_files"]) if result.get("data_files") else "",
        data=json.dumps(result, ensure_ascii=True).replace("<", "\\u003c").replace(">", "\\u003e"),
    )


def png(draw: Any) -> str:
    """A figure drawn by `draw(axes)` as a base64 PNG, rendered without a display."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure = draw(pyplot)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight", metadata={"Software": None})
    pyplot.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def plots(result: dict) -> dict[str, Any]:
    drawings = {"values": lambda plt: forest(plt, result["cards"], "value", "ci_low", "ci_high", "Δ final score")}
    if "against" in result:
        drawings["changes"] = lambda plt: forest(
            plt, result["cards"], "delta", "delta_ci_low", "delta_ci_high", "change in value (new − old)"
        )
    drawings["scores"] = lambda plt: score_histogram(plt, result["scores"]["histogram"])
    drawings["seats"] = lambda plt: seat_bars(plt, result["seats"])
    return drawings


def forest(plt: Any, cards: list[dict], key: str, low: str, high: str, label: str) -> Any:
    """Each card's estimate and 95% interval, largest at the top, with the zero line."""
    shown = sorted((card for card in cards if card.get(key) is not None), key=lambda card: card[key])
    figure, axes = plt.subplots(figsize=(7, max(2.0, 0.22 * len(shown) + 1)))
    positions = range(len(shown))
    values = [card[key] for card in shown]
    below = [card[key] - (card[low] if card[low] is not None else card[key]) for card in shown]
    above = [(card[high] if card[high] is not None else card[key]) - card[key] for card in shown]
    axes.errorbar(values, positions, xerr=[below, above], fmt="o", markersize=3, capsize=2)
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_yticks(list(positions), [plain(card_name(card)) for card in shown], fontsize=7)
    axes.set_xlabel(f"{label}, VP (95% interval)")
    return figure


def plain(name: str) -> str:
    """A card name as a plot label: control characters shown as escapes, `$` not read as mathtext."""
    return printable(name).replace("$", r"\$")


def score_histogram(plt: Any, histogram: list[list[float]]) -> Any:
    figure, axes = plt.subplots(figsize=(6, 3))
    axes.bar([score for score, _ in histogram], [count for _, count in histogram], width=0.45)
    axes.set_xlabel("final score (VP)")
    axes.set_ylabel("player-games")
    return figure


def seat_bars(plt: Any, seats: list[dict]) -> Any:
    figure, axes = plt.subplots(figsize=(4, 3))
    rates = [seat["win_rate"] for seat in seats]
    errors = [
        [rate - seat["win_rate_ci_low"] for rate, seat in zip(rates, seats, strict=True)],
        [seat["win_rate_ci_high"] - rate for rate, seat in zip(rates, seats, strict=True)],
    ]
    axes.bar([f"seat {seat['seat']}" for seat in seats], rates, yerr=errors, capsize=4)
    axes.axhline(1 / len(seats), color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylabel("win rate (95% Wilson interval)")
    return figure
