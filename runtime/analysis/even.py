"""At what cost is a card even? The card's own printed numbers are swept (each good of its cheapest cost, and its
printed VP): each variant is the card file with that one number changed, compiled and played on the same seeds as
the rest, and the number at which the card's paid value lands closest to the median paid value of its letter's
cards (Elders: of the other Elders) is the suggestion. Every suggestion is a variant that was played, never a
value extrapolated from others; its distance from the median has a 95% bootstrap interval over the seeds (the
card's values and its peers' resampled together, seed by seed).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from runtime.analysis.stats import bootstrap_interval

COST_LINE = re.compile(r"^(\s+cost\s+)(.*?)\s*$")
VP_LINE = re.compile(r"^(\s+vp\s+)(-?\d+)\s*$")
COUNTED = re.compile(r"^(\d+)\s+(wood|fish|gold|guests?)$")
MOST_STEPS = 6  # how far a sweep goes from the printed number, each way
CARD_HEADER = re.compile(r'^(building|elder)\s+"([^"]*)"')


@dataclass(frozen=True)
class Number:
    """One printed number of a card that a sweep may change: which line of the card's block, the number now, and the
    line as it reads with another number."""

    label: str  # "wood", "fish", ... or "vp"
    line: int  # index in the file's lines
    now: int
    render: Callable[[int], str]
    least: int = 0

    def line_with(self, number: int) -> str:
        return self.render(number)


def block_lines(lines: Sequence[str], name: str, kind: str) -> range:
    """The indexes of a card's own lines (its header and the indented lines after it)."""
    start = next(
        (i for i, line in enumerate(lines) if (found := CARD_HEADER.match(line)) and found.groups() == (kind, name)),
        None,
    )
    if start is None:
        return range(0)
    end = start + 1
    while end < len(lines) and lines[end][:1] in ("", " ", "\t", "#") and not CARD_HEADER.match(lines[end]):
        end += 1
    return range(start, end)


def printed_numbers(text: str, name: str, kind: str, cheapest: int) -> tuple[list[Number], str]:
    """The numbers a sweep may change: each counted good of the cost option `cheapest` (its index among the card's
    cost options), and the VP when it is a plain number. Also the card's cost line as it reads now ('' for none)."""
    lines = text.splitlines()
    numbers: list[Number] = []
    cost_now = ""
    for index in block_lines(lines, name, kind):
        line = lines[index]
        cost = COST_LINE.match(line)
        if cost:
            cost_now = line.strip()
            numbers += cost_numbers(index, cost.group(1), cost.group(2), cheapest)
        vp = VP_LINE.match(line)
        if vp:
            lead = vp.group(1)
            numbers.append(Number("vp", index, int(vp.group(2)), lambda n, lead=lead: f"{lead}{n}", least=-MOST_STEPS))
    return numbers, cost_now


def cost_numbers(index: int, lead: str, body: str, cheapest: int) -> list[Number]:
    options = [option.strip() for option in body.split(" or ")]
    if body.strip() == "none" or cheapest >= len(options):
        return []
    phrases = [phrase.strip() for phrase in options[cheapest].split(",")]
    numbers = []
    for place, phrase in enumerate(phrases):
        counted = COUNTED.match(phrase)
        if counted is None:
            continue

        def render(n: int, place: int = place, good: str = counted.group(2)) -> str:
            changed = [p for i, p in enumerate(phrases) if i != place] if n == 0 else list(phrases)
            if n:
                changed[place] = f"{n} {good}"
            option = ", ".join(changed) or "none"
            return f"{lead}{' or '.join(option if i == cheapest else o for i, o in enumerate(options))}"

        numbers.append(Number(counted.group(2), index, int(counted.group(1)), render))
    return numbers


def with_line(text: str, index: int, line: str) -> str:
    lines = text.splitlines()
    lines[index] = line
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


@dataclass
class Sweep:
    """One number swept: its values played and the card's paid values, seed by seed, at each."""

    number: Number
    played: dict[int, list[float | None]] = field(default_factory=dict)


def mean_of(values: Sequence[float | None]) -> float:
    present = [value for value in values if value is not None]
    return sum(present) / len(present) if present else 0.0


def distance(values: Sequence[float | None], peers: Sequence[Sequence[float | None]]) -> float:
    """The card's mean paid value less the median of its peers' means."""
    return mean_of(values) - statistics.median(mean_of(peer) for peer in peers)


def sweep(
    number: Number,
    now: Sequence[float | None],
    peers: Sequence[Sequence[float | None]],
    play: Callable[[int], Sequence[float | None] | None],
) -> Sweep:
    """Step the number away from its printed value in the direction that brings the card towards the median (a card
    worth more than its peers costs more or gives fewer VP), one at a time, until its value crosses the median, a
    variant does not compile (play gives None) or MOST_STEPS. The printed value's games are `now`."""
    found = Sweep(number, {number.now: list(now)})
    stronger = distance(now, peers) > 0
    step = (1 if number.label != "vp" else -1) * (1 if stronger else -1)
    value = number.now
    for _ in range(MOST_STEPS):
        value += step
        if value < number.least:
            break
        values = play(value)
        if values is None:
            break
        found.played[value] = list(values)
        if (distance(values, peers) > 0) != stronger:
            break
    return found


@dataclass(frozen=True)
class Suggestion:
    number: Number
    value: int
    distance: float
    low: float
    high: float

    @property
    def changed(self) -> bool:
        return self.value != self.number.now


def best_of(found: Sweep, peers: Sequence[Sequence[float | None]], seed: int) -> Suggestion:
    """The played value closest to even, with the bootstrap interval of its distance from the median."""
    value = min(found.played, key=lambda v: (abs(distance(found.played[v], peers)), abs(v - found.number.now)))
    values = found.played[value]
    low, high = bootstrap_interval(lambda samples: distance(samples[0], samples[1:]), [values, *peers], seed=seed)
    return Suggestion(found.number, value, distance(values, peers), low, high)


def letter_peers(cards: Sequence, card) -> list:
    """The cards a card is compared with: the other Buildings of its letter, or the other Elders."""
    kind = (card.kind, card.letter)
    return [other for other in cards if other.code != card.code and (other.kind, other.letter) == kind]


def even_block(
    text: str,
    card,
    cheapest: int,
    values: Sequence[float | None],
    peers: Sequence[Sequence[float | None]],
    play: Callable[[str], Sequence[float | None] | None],
    seed: int,
) -> dict:
    """A card's --even figures: how far it is from its peers' median now, and the cost (and, apart, the VP) that
    brings it closest, each checked by playing it. `play(text)` plays a variant of the whole file (None: it does not
    compile)."""
    numbers, cost_now = printed_numbers(text, card.name, card.kind, cheapest)
    median = statistics.median(mean_of(peer) for peer in peers)
    block = {
        "current_text": cost_now or None,
        "median": round(median, 4),
        "distance": round(distance(values, peers), 4),
        "peers": len(peers),
        "suggested_text": None,
        "value": None,
        "ci_low": None,
        "ci_high": None,
        "checked": False,
        "variants": [],
        "vp": None,
    }
    suggestions: dict[str, Suggestion] = {}
    for number in numbers:
        found = sweep(number, values, peers, lambda n, at=number: play(with_line(text, at.line, at.line_with(n))))
        for value, played in sorted(found.played.items()):
            if value != number.now:
                block["variants"].append(
                    {
                        "text": number.line_with(value).strip(),
                        "value": round(mean_of(played), 4),
                        "distance": round(distance(played, peers), 4),
                    }
                )
        suggestion = best_of(found, peers, seed)
        kind = "vp" if number.label == "vp" else "cost"
        if kind not in suggestions or abs(suggestion.distance) < abs(suggestions[kind].distance):
            suggestions[kind] = suggestion
    for kind, suggestion in suggestions.items():
        shown = {
            "suggested_text": suggestion.number.line_with(suggestion.value).strip() if suggestion.changed else None,
            "value": round(suggestion.distance, 4),
            "ci_low": round(suggestion.low, 4),
            "ci_high": round(suggestion.high, 4),
            "checked": True,
        }
        if kind == "cost":
            block.update(shown)
        else:
            block["vp"] = {"current_text": f"vp {suggestion.number.now}", **shown}
    return block


def suggested_file(text: str, cards: Sequence, blocks: dict[str, dict]) -> str:
    """The card file with every cost suggestion applied (the text of each changed cost line replaced)."""
    lines = text.splitlines()
    for card in cards:
        block = blocks.get(card.code)
        if not block or not block.get("suggested_text"):
            continue
        for index in block_lines(lines, card.name, card.kind):
            cost = COST_LINE.match(lines[index])
            if cost:
                lines[index] = cost.group(1).rstrip() + " " + block["suggested_text"].removeprefix("cost").strip()
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")
