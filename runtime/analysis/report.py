"""A balance report as a terminal table, JSON, CSV, or one self-contained HTML page with plots.

Every figure shown carries its interval and sample size and says what it measures. Card names come from a card
file, so they are escaped wherever they land: rich markup in the terminal, Jinja2 autoescaping in HTML, the csv
module (and a leading quote before a formula's first character), plain labels in plots.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import math
import sys
from typing import Any

from runtime.model.data import data_line
from runtime.wording import counted, printable, spreadsheet_text

CARD_COLUMNS = [
    "name",
    "code",
    "kind",
    "letter",
    "value",
    "ci_low",
    "ci_high",
    "n",
    "cost",
    "win_delta",
    "win_delta_ci_low",
    "win_delta_ci_high",
    "win_delta_n",
    "paid_built",
    "paid_built_ci_low",
    "paid_built_ci_high",
    "paid_built_n",
    "paid_built_round",
    "free_value",
    "free_ci_low",
    "free_ci_high",
    "free_n",
    "built",
    "built_ci_low",
    "built_ci_high",
    "built_n",
    "built_round",
    "builder_win",
    "builder_win_ci_low",
    "builder_win_ci_high",
    "builder_win_n",
    "seeds_to_resolve_1vp",
]
AGAINST_COLUMNS = [
    "was",
    "text_changed",
    "value_old",
    "value_new",
    "delta",
    "delta_ci_low",
    "delta_ci_high",
    "delta_n",
    "p",
    "free_value_old",
    "free_delta",
    "free_delta_ci_low",
    "free_delta_ci_high",
    "free_delta_n",
    "free_p",
    "in_play_delta",
    "in_play_delta_ci_low",
    "in_play_delta_ci_high",
    "in_play_p",
    "built_old",
    "built_delta",
    "built_delta_ci_low",
    "built_delta_ci_high",
    "built_p",
    "p_adjusted",
    "flag",
]
EVEN_COLUMNS = ["even_suggested_text", "even_value", "even_ci_low", "even_ci_high"]


def as_json(result: dict) -> str:
    return json.dumps(result, indent=2, ensure_ascii=False) + "\n"


def flat(card: dict) -> dict:
    """A card's figures as one CSV row: the nested blocks (free value, the paid games' build rate, changes) spread into
    prefixed columns."""
    row = dict(card)
    paid, free = card.get("paid_value") or {}, card.get("free_value") or {}
    for key in ("built", "built_ci_low", "built_ci_high", "built_n", "built_round"):
        row[f"paid_{key}"] = paid.get(key)
    for key in ("value", "ci_low", "ci_high", "n"):
        row["free_value" if key == "value" else f"free_{key}"] = free.get(key)
    row["seeds_to_resolve_1vp"] = (card.get("seeds_to_resolve") or {}).get("seeds")
    if "value_old" in card:
        row["free_value_old"] = (free.get("old") or {}).get("value")
        for key in ("delta", "delta_ci_low", "delta_ci_high", "delta_n", "p"):
            row[f"free_{key}"] = free.get(key)
        built = card.get("built_change") or {}
        row["built_old"] = (built.get("old") or {}).get("built")
        for key in ("delta", "delta_ci_low", "delta_ci_high", "p"):
            row[f"built_{key}"] = built.get(key)
            row[f"in_play_{key}"] = (card.get("rounds_in_play_change") or {}).get(key)
    even = card.get("even") or {}
    for key in ("suggested_text", "value", "ci_low", "ci_high"):
        row[f"even_{key}"] = even.get(key)
    return row


def as_csv(result: dict) -> str:
    """One row per measured card; the A/B columns only when the report compares two files, the even columns only
    with --even."""
    columns = CARD_COLUMNS + (AGAINST_COLUMNS if "against" in result else [])
    columns += EVEN_COLUMNS if any("even" in card for card in result["cards"]) else []
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for card in result["cards"]:
        row = flat(card)
        writer.writerow({key: csv_cell(row.get(key)) for key in columns})
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


def block_interval(block: dict | None, percent: bool = False, signed: bool = True, key: str = "value") -> str:
    """A value block's figure with its interval (keys value, ci_low, ci_high; or delta, delta_ci_low, ...)."""
    if not block:
        return NO_DATA
    low, high = ("ci_low", "ci_high") if key == "value" else (f"{key}_ci_low", f"{key}_ci_high")
    return interval(block.get(key), block.get(low), block.get(high), percent, signed)


def rate(value: Any) -> str:
    return NO_DATA if value is None else f"{value * 100:.0f}%"


def card_name(card: dict) -> str:
    """A card as the report shows it: a card renamed by the edit (the same kind and code) with its old name too; an
    Elder says so. Control characters from the card file show as escapes (printable)."""
    name = f"{card['name']} (was {card['was']})" if card.get("was") else card["name"]
    return printable(f"{name} (Elder)" if card.get("kind") == "elder" else name)


def sorted_cards(result: dict) -> list[dict]:
    """Largest estimate first; cards with no data last, in file order."""
    key = "delta" if "against" in result else "value"
    return sorted(result["cards"], key=lambda card: (card.get(key) is None, -(card.get(key) or 0.0)))


def seeds_played(result: dict) -> str:
    """What was played, in seeds and games: every seed once as dealt and, per measured card, without it and once for
    each value measured, in each file."""
    seeds, cards = result["games"], len(result["cards"])
    files = "each card file" if "against" in result else "the card file"
    per_card = 1 + len(result["values"])
    return (
        f"{counted(seeds, 'seed')} ({result['seed']} to {result['seed'] + seeds - 1}), each played once as dealt and "
        f"{per_card} times for each of {counted(cards, 'measured card')} (without it, in the seat's hand, given free): "
        f"{counted(seeds * (1 + cards * per_card), 'game')} in {files}"
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


def players_words(result: dict) -> str:
    agents = result.get("agents") or [result["agent"]]
    if len(set(agents)) == 1:
        return f"{agents[0]} players"
    return "seats played by " + ", ".join(agents)


MEANING = (
    "paid value: the seat's final score with the card put in its hand at the start of round {round} (built if and when "
    "its player chooses, paying its cost with a worker action) minus its score on the same seed without the card; "
    "free value: the same with the card put into play for it unpaid. A printed +1 VP reads below +1 in the paid "
    "value when the card is not always built, and can move the other way when building it changes the game."
)
CHANGE_MEANING = (
    "change: new − old on the same seeds (the games without the card are the same game in both files), its 95% t "
    "interval and an exact sign-flip test; p adjusted with Benjamini-Hochberg over all {tests} tests of the run (each "
    "card's paid and free value, the rounds the seat had it in play in its paid games, and its as-dealt build rate)."
)


def resolve_line(card: dict, result: dict) -> str | None:
    """'to resolve 1 VP for X with greedy players: about N seeds, about M minutes at this run's pace'."""
    seeds = (card.get("seeds_to_resolve") or {}).get("seeds")
    if seeds is None:
        return None
    per_game = (result.get("run") or {}).get("seconds_per_game")
    files = 2 if "against" in result else 1
    games = seeds * files * (2 + len(result["values"]))  # as dealt, without the card, each value
    minutes = "" if per_game is None else f", about {max(1, math.ceil(games * per_game / 60))} min at this run's pace"
    what = "a change of 1 VP" if "against" in result else "1 VP"
    return f"to resolve {what} for {card_name(card)} with {players_words(result)}: about {seeds} seeds{minutes}"


UNWRAPPED = 10_000  # columns: wide enough for any row, so none wraps and no name or flag is cut short
RESOLVE_LINES = 6  # cards the "seeds to resolve" lines are shown for (those measured with --card, or compared)


def report_console() -> Any:
    """A terminal's width on a terminal; piped or saved, each row on one line whatever its length (rich would take
    80 columns, wrap every cell and cut names and flags to "Realto…", "chang…")."""
    from rich.console import Console

    return Console() if sys.stdout.isatty() else Console(width=UNWRAPPED)


def print_table(result: dict, console: Any = None) -> None:
    """The terminal report: per-card values (or their changes), then seats and game figures."""
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    console = console or report_console()
    against = "against" in result
    title = f"{counted(result['games'], 'seed')}, {result['players']} players, {players_words(result)}"
    heading = f"Card value, paid and free, from round {result['round']} ({title})"
    table = Table(title=Text(heading, no_wrap=True, overflow="ignore"))  # one line, even over a narrow table
    columns = ["card", "cost"]
    if against:
        columns += ["paid value old → new", "paid change (95% CI)", "free change (95% CI)"]
        columns += ["rounds in play, change (95% CI)", "built* old → new"]
        columns += ["p adj.", "flag"]
    else:
        columns += ["paid value (95% CI)", "n", "seat built it", "free value (95% CI)", "Δ win, paid (95% CI)"]
        columns += ["built* (95% CI)"]
    for column in columns:
        table.add_column(column, justify="left" if column in ("card", "flag") else "right")
    for card in sorted_cards(result):
        table.add_row(*[escape(cell) for cell in card_cells(card, against)])
    console.print(table)
    console.print(MEANING.format(round=result["round"]))
    if against:
        console.print(CHANGE_MEANING.format(tests=result["against"]["tests"]))
    console.print("* observational: how often the card was built in the games as dealt, not its effect")
    console.print(f"{seeds_played(result)}; n/a: no data (n = 0)")
    if even_cards(result):
        console.print(even_table(result))
    if len(result["cards"]) <= RESOLVE_LINES:
        for card in result["cards"]:
            line = resolve_line(card, result)
            if line:
                console.print(escape(line))
    if result.get("data_files"):
        console.print(escape(data_line(result["data_files"])))  # a path the designer chose
    if precision_line(result):
        console.print(escape(printable(precision_line(result))))  # it names a card
    if result.get("left_out"):
        names = ", ".join(escape(printable(name)) for name in result["left_out"])
        console.print(f"not measured, not part of games of {result['players']} players (their players line): {names}")
    console.print(seats_table(result))
    scores, turns = result["scores"], result["turns"]
    length = NO_DATA if turns["mean"] is None else f"{turns['mean']:.1f}"
    console.print(
        f"final score {interval(scores['mean'], scores['score_ci_low'], scores['score_ci_high'], signed=False)} "
        f"(n={scores['score_n']} games); game length {length} worker turns (n={turns['turns_n']} games)"
    )
    run = result.get("run") or {}
    if run.get("interrupted"):
        console.print("interrupted (Ctrl-C): the figures are those of the seeds finished")
    if against:
        overall = result["against"]["overall"]
        console.print(
            f"overall change in mean score: "
            f"{interval(overall['score_delta'], overall['score_delta_ci_low'], overall['score_delta_ci_high'])} "
            f"(n={overall['score_delta_n']}); flagged at a false discovery rate of "
            f"{result['against']['false_discovery_rate']}: {escape(flagged(result))}"
        )


def card_cells(card: dict, against: bool) -> list[str]:
    cells = [card_name(card), f"{card['cost']:.2f}"]
    paid, free = card.get("paid_value") or {}, card.get("free_value") or {}
    if against:
        old = (paid.get("old") or {}).get("value")
        built_old = (card.get("built_change") or {}).get("old", {}).get("built")
        cells += [
            f"{shown(old)} → {shown(card.get('value'))}",
            interval(card.get("delta"), card.get("delta_ci_low"), card.get("delta_ci_high")),
            block_interval(free, key="delta"),
            block_interval(card.get("rounds_in_play_change"), key="delta"),
            f"{rate(built_old)} → {rate(card.get('built'))}",
            NO_DATA if card.get("p_adjusted") is None else f"{card['p_adjusted']:.4f}",
            flag_text(card),
        ]
        return cells
    cells += [
        interval(card["value"], card["ci_low"], card["ci_high"]),
        str(card["n"]),
        rate(paid.get("built")),
        block_interval(free),
        interval(card["win_delta"], card["win_delta_ci_low"], card["win_delta_ci_high"], percent=True),
        interval(card["built"], card["built_ci_low"], card["built_ci_high"], percent=True, signed=False),
    ]
    return cells


def shown(value: Any) -> str:
    return NO_DATA if value is None else f"{value:+.2f}"


FLAG_WORDS = {"paid_value": "paid", "free_value": "free", "rounds_in_play": "rounds in play", "built": "build rate"}


def flag_text(card: dict) -> str:
    if not card.get("flag"):
        return ""
    return f"{card['flag']}: {', '.join(FLAG_WORDS[what] for what in card.get('flagged_by', []))}"


def flagged(result: dict) -> str:
    """The cards the comparison flags, each with its flag, largest change first; "none" when no card is."""
    found = [f"{card_name(card)} ({flag_text(card)})" for card in sorted_cards(result) if card.get("flag")]
    return ", ".join(found) or "none"


def even_cards(result: dict) -> list[dict]:
    """The cards with an --even suggestion, furthest from even first."""
    cards = [card for card in result["cards"] if card.get("even")]
    return sorted(cards, key=lambda card: -abs(card["even"].get("distance") or 0.0))


def even_table(result: dict) -> Any:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="At what cost is each card even? (paid value against its letter's median)")
    for column in ("card", "now", "suggested", "at the suggestion: against the median (95% CI)", "checked"):
        table.add_column(column, justify="left" if column in ("card", "now", "suggested") else "right")
    for card in even_cards(result):
        even = card["even"]
        table.add_row(
            escape(card_name(card)),
            escape(printable(even.get("current_text") or "")),
            escape(printable(even.get("suggested_text") or "no change")),
            interval(even.get("value"), even.get("ci_low"), even.get("ci_high")),
            "played" if even.get("checked") else "",
        )
    return table


def seats_table(result: dict, title: str = "Seats (first-player advantage), games as dealt") -> Any:
    from rich.table import Table

    table = Table(title=title)
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
        block_interval=block_interval,
        rate=rate,
        card_name=card_name,
        flag_text=flag_text,
        even_cards=even_cards(result),
        resolve_lines=[line for card in result["cards"] if (line := resolve_line(card, result))][:RESOLVE_LINES],
        meaning=MEANING.format(round=result["round"]),
        change_meaning=CHANGE_MEANING.format(tests=result["against"]["tests"]) if "against" in result else "",
        seeds_played=seeds_played(result),
        players_words=players_words(result),
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


def edited(result: dict) -> set[str]:
    """The codes of the cards the edit changed or added: highlighted in every plot and table."""
    if "against" not in result:
        return set()
    return {card["code"] for card in result["cards"] if card.get("text_changed") or card.get("value_old") is None}


def plots(result: dict) -> dict[str, Any]:
    marked = edited(result)
    drawings = {
        "values": lambda plt: forest(
            plt, result["cards"], "value", "ci_low", "ci_high", "paid value, Δ final score", marked
        ),
        "cost": lambda plt: value_against_cost(plt, result["cards"], marked),
    }
    if "against" in result:
        drawings["changes"] = lambda plt: forest(
            plt, result["cards"], "delta", "delta_ci_low", "delta_ci_high", "change in paid value (new − old)", marked
        )
    drawings["scores"] = lambda plt: score_histogram(plt, result["scores"]["histogram"])
    drawings["seats"] = lambda plt: seat_bars(plt, result["seats"])
    return drawings


HIGHLIGHT = "#d62728"


def forest(
    plt: Any, cards: list[dict], key: str, low: str, high: str, label: str, marked: frozenset | set = frozenset()
) -> Any:
    """Each card's estimate and 95% interval, largest at the top, with the zero line; edited cards in red."""
    shown_cards = sorted((card for card in cards if card.get(key) is not None), key=lambda card: card[key])
    figure, axes = plt.subplots(figsize=(7, max(2.0, 0.22 * len(shown_cards) + 1)))
    for position, card in enumerate(shown_cards):
        value = card[key]
        below = value - (card[low] if card[low] is not None else value)
        above = (card[high] if card[high] is not None else value) - value
        colour = HIGHLIGHT if card.get("code") in marked else "#1f77b4"
        axes.errorbar([value], [position], xerr=[[below], [above]], fmt="o", markersize=3, capsize=2, color=colour)
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_yticks(list(range(len(shown_cards))), [plain(card_name(card)) for card in shown_cards], fontsize=7)
    for tick, card in zip(axes.get_yticklabels(), shown_cards, strict=True):
        if card.get("code") in marked:
            tick.set_color(HIGHLIGHT)
            tick.set_fontweight("bold")
    axes.set_xlabel(f"{label}, VP (95% interval)")
    return figure


LETTER_COLOURS = {"A": "#1f77b4", "B": "#2ca02c", "C": "#9467bd", "": "#7f7f7f"}
NAMED_OUTLIERS = 6  # cards furthest from the fitted line, named on the plot


def fitted_line(points: list[tuple[float, float]]) -> tuple[float, float] | None:
    """Least squares: value = intercept + slope * cost. None with fewer than two distinct costs."""
    if len({x for x, _ in points}) < 2:
        return None
    n = len(points)
    mean_x, mean_y = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / sum((x - mean_x) ** 2 for x, _ in points)
    return mean_y - slope * mean_x, slope


def value_against_cost(plt: Any, cards: list[dict], marked: set[str] = frozenset()) -> Any:
    """Every card a point (paid value against its cost in VP, coloured by letter), the fitted line, the cards
    furthest from it named, edited cards ringed in red."""
    shown_cards = [card for card in cards if card.get("value") is not None]
    figure, axes = plt.subplots(figsize=(7, 5))
    for letter, colour in LETTER_COLOURS.items():
        mine = [card for card in shown_cards if (card.get("letter") or "") == letter]
        if mine:
            axes.scatter(
                [card["cost"] for card in mine],
                [card["value"] for card in mine],
                s=18,
                color=colour,
                label=f"{letter} cards" if letter else "Elders",
            )
    line = fitted_line([(card["cost"], card["value"]) for card in shown_cards])
    if line is not None:
        intercept, slope = line
        costs = [card["cost"] for card in shown_cards]
        ends = [min(costs), max(costs)]
        axes.plot(ends, [intercept + slope * x for x in ends], color="grey", linewidth=0.8, label="fitted line")
        far = sorted(shown_cards, key=lambda card: -abs(card["value"] - intercept - slope * card["cost"]))
        for card in far[:NAMED_OUTLIERS]:
            axes.annotate(
                plain(card_name(card)),
                (card["cost"], card["value"]),
                fontsize=7,
                xytext=(3, 3),
                textcoords="offset points",
            )
    for card in shown_cards:
        if card.get("code") in marked:
            axes.scatter([card["cost"]], [card["value"]], s=90, facecolors="none", edgecolors=HIGHLIGHT, linewidths=1.5)
            axes.annotate(
                plain(card_name(card)),
                (card["cost"], card["value"]),
                fontsize=8,
                color=HIGHLIGHT,
                xytext=(3, -10),
                textcoords="offset points",
            )
    axes.axhline(0, color="grey", linewidth=0.5, linestyle=":")
    axes.set_xlabel("cost, VP (cheapest way to pay, at the evaluation rates)")
    axes.set_ylabel("paid value, Δ final score (VP)")
    axes.legend(fontsize=7, loc="best")
    return figure


def plain(name: str) -> str:
    """A card name (printable already) as a plot label: `$` not read as mathtext."""
    return name.replace("$", r"\$")


def score_histogram(plt: Any, histogram: list[list[float]]) -> Any:
    figure, axes = plt.subplots(figsize=(6, 3))
    axes.bar([score for score, _ in histogram], [count for _, count in histogram], width=0.45)
    axes.set_xlabel("final score (VP)")
    axes.set_ylabel("player-games")
    return figure


def seat_bars(plt: Any, seats: list[dict]) -> Any:
    figure, axes = plt.subplots(figsize=(4, 3))
    seats = [seat for seat in seats if seat["win_rate"] is not None]  # no game played: no bar
    rates = [seat["win_rate"] for seat in seats]
    errors = [
        [rate - seat["win_rate_ci_low"] for rate, seat in zip(rates, seats, strict=True)],
        [seat["win_rate_ci_high"] - rate for rate, seat in zip(rates, seats, strict=True)],
    ]
    axes.bar([f"seat {seat['seat']}" for seat in seats], rates, yerr=errors, capsize=4)
    if seats:
        axes.axhline(1 / len(seats), color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylabel("win rate (95% Wilson interval)")
    return figure


def print_counts(result: dict, console: Any = None) -> None:
    """--ladder or a --players range: one section per player count."""
    from rich.table import Table

    console = console or report_console()
    for section in result["by_players"]:
        if "ladder" in section:
            console.print(ladder_tables(section))
            continue
        console.print(seats_table(section, f"Seats at {section['players']} players, {players_words(section)}"))
        scores = section["scores"]
        console.print(
            f"final score {interval(scores['mean'], scores['score_ci_low'], scores['score_ci_high'], signed=False)} "
            f"(n={scores['score_n']} games)"
        )
    if not result["by_players"]:
        console.print(Table(title="nothing measured"))


def ladder_tables(section: dict) -> Any:
    """Who beats whom at one player count: each pairing's win share against an even chance, then the ladder."""
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table

    players, even = section["players"], section["even"]
    seatings = f"one seat of {players} (seats rotated), {section['seeds']} seeds from {section['first_seed']}"
    matrix = Table(title=f"Win share of a player in {seatings} against the others; even: {even * 100:.0f}%")
    for column in ("player", "against", "win share (95% CI)", "n", "beats it", "score lead (95% CI)"):
        matrix.add_column(column, justify="left" if column in ("player", "against") else "right")
    for row in section["matrix"]:
        matrix.add_row(
            escape(row["agent"]),
            escape(row["against"]),
            interval(row["win_share"], row["ci_low"], row["ci_high"], percent=True, signed=False),
            str(row["n"]),
            "yes" if row["beats"] else "",
            interval(row["lead"], row["lead_ci_low"], row["lead_ci_high"]),
        )
    ranking = Table(title=f"Ladder at {players} players: mean win share against every other player")
    for column in ("rung", "player", "win share (95% CI)", "n"):
        ranking.add_column(column, justify="left" if column == "player" else "right")
    for rung, row in enumerate(section["ladder"], start=1):
        ranking.add_row(
            str(rung),
            escape(row["agent"]),
            interval(row["win_share"], row["ci_low"], row["ci_high"], percent=True, signed=False),
            str(row["n"]),
        )
    return Group(matrix, ranking)
