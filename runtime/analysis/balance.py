"""The balance experiment: what each card is worth, what an edit changed, and whether the game is fair.

Design. Every seed is played once as it comes (the baseline) and once per measured card with that card
put into play, unpaid, for one seat at the start of a chosen round (the seat turns with the seed so every
seat is measured alike). The card's causal value is the granted seat's final score (and win share) minus
its baseline on the same seed: a paired difference, so the luck of the deal cancels. With --against, both
card files play the same seeds with the same players; a card's change is the paired difference of its
values, tested against zero and corrected with Benjamini-Hochberg over all cards compared. Build rates
and builders' win rates come from the baseline games and are observational: they say who built what,
not what building it did.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from runtime.analysis.games import Grant, Record, Setup
from runtime.analysis.runner import Job, Source, run
from runtime.analysis.stats import Estimate, adjust, mean_interval, proportion_interval
from runtime.game.setup import new_table
from runtime.model.cards import CardSpec
from runtime.model.state import player_number
from runtime.players.evaluation import cost_value


@dataclass(frozen=True)
class Design:
    players: int
    agent: str
    seed: int
    round: int
    cards: tuple[str, ...]  # the Buildings whose value is measured
    left_out: tuple[str, ...] = ()  # Buildings set-up leaves out at this player count (their `players` line)
    was: tuple[tuple[str, str], ...] = ()  # with --against: each Building's name, and its name in the old file

    @property
    def agents(self) -> tuple[str, ...]:
        return (self.agent,) * self.players

    def seat(self, seed: int) -> int:
        return seed % self.players

    def jobs(self, keys: Sequence[str], first: int, count: int) -> Iterator[Job]:
        """Games `first` to `first + count` of every source, the same seed side by side."""
        for seed in range(self.seed + first, self.seed + first + count):
            for key in keys:
                yield key, Setup(seed, self.agents)
            for card in self.cards:
                for key in keys:
                    yield (
                        key,
                        Setup(seed, self.agents, Grant(self.called(card, key, keys), self.seat(seed), self.round)),
                    )

    def called(self, card: str, key: str, keys: Sequence[str]) -> str:
        """The card's name in `key`'s file: the old one (the first of two) may know it by another name."""
        return dict(self.was).get(card, card) if key != keys[-1] else card


@dataclass
class Tally:
    """What one card file's games add up to. Per-card values are kept by game index (None where the grant
    found no space), so two files' values pair up seed by seed."""

    players: int
    games: int = 0
    wins: list[list[float]] = field(default_factory=list)  # by seat, each game's win share
    scores: list[list[float]] = field(default_factory=list)  # by seat
    turns: list[float] = field(default_factory=list)
    built: dict[str, list[tuple[int, float]]] = field(default_factory=dict)  # card -> (round, builder's win)
    values: dict[str, list[float | None]] = field(default_factory=dict)
    win_values: dict[str, list[float | None]] = field(default_factory=dict)
    baseline: Record | None = None

    def __post_init__(self) -> None:
        self.wins = [[] for _ in range(self.players)]
        self.scores = [[] for _ in range(self.players)]

    def add(self, setup: Setup, record: Record) -> None:
        if setup.grant is None:
            self.add_baseline(record)
        else:
            self.add_treatment(setup.grant, record)

    def add_baseline(self, record: Record) -> None:
        self.baseline = record
        self.games += 1
        for seat in range(self.players):
            self.wins[seat].append(record.win_share(seat))
            self.scores[seat].append(record.scores[seat])
        self.turns.append(record.turns)
        for name, seat, round_built in record.built:
            self.built.setdefault(name, []).append((round_built, record.win_share(seat)))

    def add_treatment(self, grant: Grant, record: Record) -> None:
        base = self.baseline
        assert base is not None and base.seed == record.seed, "a treatment game follows its baseline"
        values = self.values.setdefault(grant.card, [])
        win_values = self.win_values.setdefault(grant.card, [])
        if record.granted:
            values.append(record.scores[grant.seat] - base.scores[grant.seat])
            win_values.append(record.win_share(grant.seat) - base.win_share(grant.seat))
        else:
            values.append(None)
            win_values.append(None)


def present(values: Sequence[float | None]) -> list[float]:
    return [value for value in values if value is not None]


def rounded(value: float) -> float | None:
    """Figures for JSON: 4 decimals; an unbounded interval end is null."""
    return round(value, 4) if abs(value) != float("inf") else None


def figures(estimate: Estimate) -> tuple[float | None, float | None, float | None]:
    """An estimate's mean and interval ends as the report shows them; all null when it rests on no game (n = 0): no
    data, which a 0 would hide."""
    if not estimate.n:
        return None, None, None
    return rounded(estimate.mean), rounded(estimate.low), rounded(estimate.high)


WIN_SHARE_RANGE = (-1.0, 1.0)  # a difference of two win shares, each from 0 to 1


def feasible(estimate: Estimate, bounds: tuple[float, float] = WIN_SHARE_RANGE) -> Estimate:
    """The estimate with its interval clipped to the values the quantity can take: a t interval of a win-share
    difference reaches past +-100% on few games, and the true difference lies within them, so clipping keeps the
    interval's coverage."""
    low, high = bounds
    return replace(estimate, low=max(estimate.low, low), high=min(estimate.high, high))


def significant_digits(p: float) -> float:
    """p-values keep 4 significant digits, so a tiny one does not print as 0."""
    return float(f"{p:.4g}")


def estimate_fields(prefix: str, estimate: Estimate, value_key: str | None = None) -> dict:
    mean, low, high = figures(estimate)
    return {value_key or prefix: mean, f"{prefix}_ci_low": low, f"{prefix}_ci_high": high, f"{prefix}_n": estimate.n}


def card_rows(tally: Tally, costs: dict[str, float]) -> list[dict]:
    rows = []
    for name in tally.values:
        value = mean_interval(present(tally.values[name]))
        win = feasible(mean_interval(present(tally.win_values[name])))
        builds = tally.built.get(name, [])
        mean, low, high = figures(value)
        row = {
            "name": name,
            "value": mean,
            "ci_low": low,
            "ci_high": high,
            "n": value.n,
            "cost": rounded(costs.get(name, 0.0)),
            **estimate_fields("win_delta", win),
            **estimate_fields("built", proportion_interval(len(builds), tally.games)),
            "built_round": rounded(sum(r for r, _ in builds) / len(builds)) if builds else None,
            **estimate_fields("builder_win", proportion_interval(sum(w for _, w in builds), len(builds))),
        }
        rows.append(row)
    return rows


def seat_rows(tally: Tally) -> list[dict]:
    return [
        {
            "seat": player_number(seat),
            **estimate_fields("win_rate", proportion_interval(sum(tally.wins[seat]), tally.games)),
            **estimate_fields("score", mean_interval(tally.scores[seat])),
        }
        for seat in range(tally.players)
    ]


def histogram(values: Sequence[float]) -> list[list[float]]:
    counts: dict[float, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return [[score, counts[score]] for score in sorted(counts)]


def game_level(tally: Tally) -> dict:
    """The mean final score's interval is over each game's mean (n = games): the seats of one game are not
    independent draws. The histogram shows every player's score."""
    every = [score for seat in tally.scores for score in seat]
    score = estimate_fields("score", mean_interval(mean_scores(tally)), "mean")
    return {
        "scores": {**score, "histogram": histogram(every)},
        "turns": estimate_fields("turns", mean_interval(tally.turns), "mean"),
    }


OBSERVATIONAL = ["built", "built_round", "builder_win"]


def report(design: Design, tally: Tally, costs: dict[str, float]) -> dict:
    return {
        "players": design.players,
        "games": tally.games,
        "agent": design.agent,
        "seed": design.seed,
        "round": design.round,
        "cards": card_rows(tally, costs),
        "left_out": list(design.left_out),
        "seats": seat_rows(tally),
        **game_level(tally),
        "observational": OBSERVATIONAL,
    }


def compare(old: Tally, new: Tally, changed: set[str], rate: float, was: dict[str, str]) -> tuple[list[dict], dict]:
    """Per card: the paired difference new - old of its value on the same seeds (the old file's games of it under
    its name there, `was`), its p-value and the Benjamini-Hochberg adjusted p-value; a card flagged with unchanged
    text is an interaction."""
    estimates = {name: mean_interval(sample) for name, sample in paired_values(old, new, was).items()}
    names = list(estimates)
    tested = [name for name in names if estimates[name].n]  # a card with no paired seed has no test to correct for
    adjusted = dict(zip(tested, adjust([estimates[name].p for name in tested]), strict=True))
    rows = []
    for name in names:
        estimate, p_adjusted = estimates[name], adjusted.get(name)
        significant = p_adjusted is not None and p_adjusted < rate
        flag = ("changed" if name in changed else "interaction") if significant else None
        rows.append(
            {
                "name": name,
                "was": None if was[name] == name else was[name],
                **estimate_fields("delta", estimate),
                "p": None if p_adjusted is None else significant_digits(estimate.p),
                "p_adjusted": None if p_adjusted is None else significant_digits(p_adjusted),
                "text_changed": name in changed,
                "flag": flag,
            }
        )
    overall = {
        **estimate_fields("score_delta", mean_interval(paired(mean_scores(old), mean_scores(new)))),
        "seat_win_delta": [
            {
                "seat": player_number(seat),
                **estimate_fields("delta", feasible(mean_interval(paired(old.wins[seat], new.wins[seat])))),
            }
            for seat in range(new.players)
        ],
    }
    return rows, overall


def paired(old: Sequence[float | None], new: Sequence[float | None]) -> list[float]:
    return [b - a for a, b in zip(old, new, strict=True) if a is not None and b is not None]


def paired_values(old: Tally, new: Tally, was: dict[str, str]) -> dict[str, list[float]]:
    """Each card both files measured, by its new name: its value's paired differences new - old on the same seeds
    (the old file's games of it under its name there, `was`)."""
    return {name: paired(old.values[was[name]], new.values[name]) for name in new.values if was.get(name) in old.values}


def mean_scores(tally: Tally) -> list[float]:
    """Each baseline game's mean score over the seats."""
    return [sum(scores) / tally.players for scores in zip(*tally.scores, strict=True)]


Key = tuple[str, str]  # a card's kind and code: the card whatever its name (as `nus cards --changed-since` pairs)


def card_texts(text: str) -> dict[Key, tuple[str, str]]:
    """Each card's name and own lines, header included (a rename is a change), comments and blank lines dropped: what
    "the text changed" compares."""
    names: dict[Key, str] = {}
    blocks: dict[Key, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        header = CARD_HEADER.match(line)
        if header:
            kind, name, code = header.groups()
            names[kind, code] = name
            current = blocks.setdefault((kind, code), [])
        elif line[:1] not in ("", " ", "\t", "#"):
            current = None
        stripped = "" if line.lstrip().startswith("#") else line.rstrip()
        if current is not None and stripped:
            current.append(stripped)
    return {key: (names[key], "\n".join(lines)) for key, lines in blocks.items()}


CARD_HEADER = re.compile(r'^(building|elder)\s+"([^"]*)"\s*\(\s*\S+\s+([^\s)]+)\s*\)')


def old_names(old_text: str, new_text: str) -> tuple[tuple[str, str], ...]:
    """Each Building of the new file the old one has too, by kind and code, with its name there (Design.was)."""
    old, new = card_texts(old_text), card_texts(new_text)
    return tuple((name, old[key][0]) for key, (name, _) in new.items() if key in old and key[0] == "building")


Progress = Callable[[Iterator[Record], int], Iterator[Record]]


def measure(
    sources: dict[str, Source],
    design: Design,
    games: int,
    workers: int = 1,
    cluster: str | None = None,
    precision: float | None = None,
    cap: int = 1000,
    progress: Progress | None = None,
) -> dict[str, Tally]:
    """Play `games` seeds; with `precision`, keep doubling the seeds until every per-card interval (and
    every A/B difference) is narrower than it in VP, or `cap` seeds are played. Deterministic either way:
    the stopping point depends on the results only. A seed counts once all its games (as dealt and with each
    card, in every file) are in, so Ctrl-C (Interrupted) keeps every seed finished and pairs stay whole."""
    keys = list(sources)
    tallies = {key: Tally(design.players) for key in keys}
    per_seed = len(keys) * (1 + len(design.cards))
    done, batch = 0, games
    while batch > 0:
        records = run(sources, design.jobs(keys, done, batch), workers, cluster)
        if progress is not None:
            records = progress(records, batch * per_seed)
        seed: list[tuple[Job, Record]] = []
        try:
            for job, record in zip(design.jobs(keys, done, batch), records, strict=True):
                seed.append((job, record))
                if len(seed) == per_seed:
                    for (key, setup), finished in seed:
                        tallies[key].add(setup, finished)
                    seed.clear()
        except KeyboardInterrupt:
            raise Interrupted(tallies) from None
        done += batch
        if precision is None or widest(list(tallies.values()), design)[0] < precision:
            break
        batch = min(done, cap - done)
    return tallies


class Interrupted(Exception):  # noqa: N818 (Ctrl-C, which is no error)
    """Ctrl-C during `measure`: the tallies of every seed finished before it, for a report of what was played."""

    def __init__(self, tallies: dict[str, Tally]):
        super().__init__("interrupted")
        self.tallies = tallies


def widest(tallies: Sequence[Tally], design: Design) -> tuple[float, str | None]:
    """The widest interval in VP of a per-card value, or of its A/B difference, with its card: what --precision
    narrows. A card with fewer than two games has an unbounded one."""
    samples = [(name, present(values)) for tally in tallies for name, values in tally.values.items()]
    if len(tallies) == 2:
        samples += paired_values(*tallies, dict(design.was)).items()
    return max(((mean_interval(sample).width, name) for name, sample in samples), default=(0.0, None))


def stopping(tallies: dict[str, Tally], design: Design, precision: float, cap: int) -> dict:
    """How a --precision run ended: the widest interval reached and its card, and whether it is narrower than asked
    (`met` false: --max-games stopped the run first)."""
    width, card = widest(list(tallies.values()), design)
    return {
        "asked": precision,
        "reached": rounded(width),
        "widest_card": card,
        "met": width < precision,
        "max_games": cap,
    }


def card_costs(specs: Sequence[CardSpec], players: int) -> dict[str, float]:
    """Each Building's cheapest cost in evaluation units, as a player would pay it at the start."""
    table = new_table(players, specs)
    return {spec.name: cost_value(table, table.players[0], spec) for spec in specs if spec.kind == "building"}


def full_report(
    design: Design, tallies: dict[str, Tally], sources: dict[str, Source], costs: dict[str, float], rate: float
) -> dict:
    """The report of the last source; with two, the first is the old file and every card gets its change."""
    keys = list(sources)
    result = report(design, tallies[keys[-1]], costs)
    if len(keys) == 1:
        return result
    old_key, new_key = keys
    old_texts, new_texts = card_texts(sources[old_key].text), card_texts(sources[new_key].text)
    changed = {name for key, (name, text) in new_texts.items() if old_texts.get(key, ("", ""))[1] != text}
    rows, overall = compare(tallies[old_key], tallies[new_key], changed, rate, dict(design.was))
    by_name = {row["name"]: row for row in rows}
    for card in result["cards"]:
        card.update({key: value for key, value in by_name.get(card["name"], {}).items() if key != "name"})
    result["against"] = {
        "old": sources[old_key].path,
        "new": sources[new_key].path,
        "false_discovery_rate": rate,
        "overall": overall,
        "added": sorted(name for key, (name, _) in new_texts.items() if key not in old_texts),
        "removed": sorted(name for key, (name, _) in old_texts.items() if key not in new_texts),
    }
    return result
