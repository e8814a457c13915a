"""The balance experiment: what each card is worth as players pay for it, what an edit changed, and whether the game
is fair.

Design. On every seed each card file is played once as dealt (the game-level figures: seats, scores, game length,
how often each card was built) and, for each measured card, three more times with that card set aside at set-up
(runtime/analysis/grants.py): never given back (the game without the card), put into the measured seat's hand at the
start of round R (the seat's own players decide whether and when to build it, paying its cost with a worker action:
the **paid value**), and put into play for the seat unpaid at that moment (the **free value**, a grant). A value is
the seat's final score (and win share) with the card minus without it on the same seed: a paired difference, so the
luck of the deal cancels. The game without the card does not depend on the card's text, so a cheaper card measures
as worth more, and an edit of one card moves only that card's games. The seat turns with the seed.

With --against, both files play the same seeds with the same players; a card's change is the paired difference of
its values, seed by seed, tested with an exact sign-flip test (stats.py), as is the change of its build rate in the
as-dealt games; every test of the run is corrected together with Benjamini-Hochberg. Build rates and builders' win
rates come from the as-dealt games and are observational: they say who built what, not what building it did.
"""

from __future__ import annotations

import re
import resource
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace

from runtime.analysis.games import Grant, Record, Setup
from runtime.analysis.grants import Given
from runtime.analysis.runner import Job, Source, run
from runtime.analysis.stats import Estimate, adjust, mean_interval, proportion_interval, seeds_to_resolve
from runtime.analysis.store import GameStore, data_digest, game_key
from runtime.game.setup import new_table
from runtime.model.cards import CardSpec, Context
from runtime.model.declarations import CardKind
from runtime.model.state import player_number
from runtime.players.evaluation import cost_value, load_rates, option_value, prices

VALUES = (Given.PAID, Given.FREE)  # what is measured of each card, each against the game without it
VALUE_NAMES = {Given.PAID: "paid_value", Given.FREE: "free_value"}
RESOLVE_VP = 1.0  # the difference the "seeds to resolve" line is worked out for


@dataclass(frozen=True)
class Measured:
    """A measured card: its code (what pairs it across two files), kind, letter and its name in each file."""

    code: str
    kind: CardKind
    name: str
    old_name: str
    letter: str

    @property
    def renamed(self) -> bool:
        return self.name != self.old_name


def measured_card(spec: CardSpec, old_name: str | None = None) -> Measured:
    return Measured(spec.code, spec.kind, spec.name, old_name or spec.name, spec.letter)


Slot = tuple[str, str | None, Given | None]  # (source key, measured card's code or None as dealt, how it was given)


@dataclass(frozen=True)
class Design:
    players: int
    agents: tuple[str, ...]  # who plays each seat
    seed: int
    round: int
    cards: tuple[Measured, ...]
    left_out: tuple[str, ...] = ()  # cards set-up leaves out at this player count (their `players` line)
    given: tuple[Given, ...] = VALUES
    dealt: bool = True  # play each seed as dealt too (the game-level figures); a variant of --even needs none

    @property
    def agent(self) -> str:
        """The players as the report names them: one name when every seat plays alike."""
        return self.agents[0] if len(set(self.agents)) == 1 else ",".join(self.agents)

    def seat(self, seed: int) -> int:
        return seed % self.players

    def seed_jobs(self, keys: Sequence[str], seed: int) -> list[tuple[Slot, Job]]:
        """One seed's games in every source: as dealt, then per card without it and as given."""
        jobs: list[tuple[Slot, Job]] = []
        if self.dealt:
            jobs += [((key, None, None), (key, Setup(seed, self.agents))) for key in keys]
        for card in self.cards:
            for given in (Given.NEVER, *self.given):
                for key in keys:
                    name = card.old_name if key != keys[-1] else card.name
                    grant = Grant(name, self.seat(seed), self.round, given, card.kind)
                    jobs.append(((key, card.code, given), (key, Setup(seed, self.agents, grant))))
        return jobs


CardKey = tuple[CardKind, str]  # (kind, name) as a game record names a card


@dataclass
class Tally:
    """What one card file's games add up to, seed by seed, so two files' figures pair up. Per-card values are None on
    a seed where the grant found no space (a free Building) or no Council seat (a free Elder)."""

    players: int
    games: int = 0
    wins: list[list[float]] = field(default_factory=list)  # by seat, each game's win share
    scores: list[list[float]] = field(default_factory=list)  # by seat
    turns: list[float] = field(default_factory=list)
    dealt_built: list[dict[CardKey, tuple[int, float]]] = field(default_factory=list)  # per game: round, builder's win
    values: dict[Given, dict[str, list[float | None]]] = field(default_factory=dict)  # by code
    win_values: dict[Given, dict[str, list[float | None]]] = field(default_factory=dict)
    reached: dict[str, list[int | None]] = field(default_factory=dict)  # paid: the round the seat built it, or None
    in_play: dict[str, list[float]] = field(default_factory=dict)  # paid: rounds the seat had it in play (0: never)

    def __post_init__(self) -> None:
        self.wins = [[] for _ in range(self.players)]
        self.scores = [[] for _ in range(self.players)]

    def add_dealt(self, record: Record) -> None:
        self.games += 1
        for seat in range(self.players):
            self.wins[seat].append(record.win_share(seat))
            self.scores[seat].append(record.scores[seat])
        self.turns.append(record.turns)
        built: dict[CardKey, tuple[int, float]] = {}
        for kind, entries in ((CardKind.BUILDING, record.built), (CardKind.ELDER, record.taken)):
            for name, seat, round_built in entries:
                built.setdefault((kind, name), (round_built, record.win_share(seat)))
        self.dealt_built.append(built)

    def add_card(self, card: Measured, name: str, seat: int, without: Record, given: dict[Given, Record]) -> None:
        for how, record in given.items():
            values = self.values.setdefault(how, {}).setdefault(card.code, [])
            wins = self.win_values.setdefault(how, {}).setdefault(card.code, [])
            if record.granted is False:
                values.append(None)
                wins.append(None)
            else:
                values.append(record.scores[seat] - without.scores[seat])
                wins.append(record.win_share(seat) - without.win_share(seat))
            if how is Given.PAID:
                entries = record.taken if card.kind is CardKind.ELDER else record.built
                rounds = [built for built_name, owner, built in entries if built_name == name and owner == seat]
                first = min(rounds) if rounds else None
                self.reached.setdefault(card.code, []).append(first)
                self.in_play.setdefault(card.code, []).append(0.0 if first is None else record.rounds + 1 - first)

    def value(self, how: Given, code: str) -> list[float | None]:
        return self.values.get(how, {}).get(code, [])

    def win_value(self, how: Given, code: str) -> list[float | None]:
        return self.win_values.get(how, {}).get(code, [])

    def built_in(self, key: CardKey) -> list[tuple[int, float]]:
        return [game[key] for game in self.dealt_built if key in game]


def add_seed(tallies: dict[str, Tally], design: Design, seed: int, records: dict[Slot, Record]) -> None:
    keys = list(tallies)
    for key in keys:
        if design.dealt:
            tallies[key].add_dealt(records[key, None, None])
        for card in design.cards:
            name = card.old_name if key != keys[-1] else card.name
            given = {how: records[key, card.code, how] for how in design.given}
            tallies[key].add_card(card, name, design.seat(seed), records[key, card.code, Given.NEVER], given)


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


def value_block(tally: Tally, how: Given, card: Measured) -> dict:
    """One value of a card in one file: the seat's score and win-share difference, and for the paid value how often
    and in which round the seat built it."""
    value = mean_interval(present(tally.value(how, card.code)))
    mean, low, high = figures(value)
    block = {
        "value": mean,
        "ci_low": low,
        "ci_high": high,
        "n": value.n,
        **estimate_fields("win_delta", feasible(mean_interval(present(tally.win_value(how, card.code))))),
    }
    if how is Given.PAID:
        reached = tally.reached.get(card.code, [])
        rounds = present(reached)
        block.update(estimate_fields("built", proportion_interval(len(rounds), len(reached))))
        block["built_round"] = rounded(sum(rounds) / len(rounds)) if rounds else None
        block.update(estimate_fields("rounds_in_play", mean_interval(tally.in_play.get(card.code, []))))
    return block


def observed_block(tally: Tally, key: CardKey) -> dict:
    """How often a card was built (an Elder taken) in the as-dealt games, in which round, and how often its builder
    won: observational."""
    builds = tally.built_in(key)
    return {
        **estimate_fields("built", proportion_interval(len(builds), tally.games)),
        "built_round": rounded(sum(r for r, _ in builds) / len(builds)) if builds else None,
        **estimate_fields("builder_win", proportion_interval(sum(w for _, w in builds), len(builds))),
    }


def card_row(design: Design, tally: Tally, card: Measured, costs: dict[str, float]) -> dict:
    """A measured card in one file. The headline value is the paid value; both values also have blocks of their own."""
    blocks = {VALUE_NAMES[how]: value_block(tally, how, card) for how in design.given}
    headline = blocks[VALUE_NAMES[design.given[0]]]
    value = mean_interval(present(tally.value(design.given[0], card.code)))
    resolve = seeds_to_resolve(value.sd, RESOLVE_VP, 0.05)
    return {
        "name": card.name,
        "code": card.code,
        "kind": card.kind,
        "letter": card.letter,
        "value": headline["value"],
        "ci_low": headline["ci_low"],
        "ci_high": headline["ci_high"],
        "n": headline["n"],
        "cost": rounded(costs.get(card.code, 0.0)),
        **{key: headline[key] for key in ("win_delta", "win_delta_ci_low", "win_delta_ci_high", "win_delta_n")},
        **observed_block(tally, (card.kind, card.name)),
        **blocks,
        "seeds_to_resolve": {"vp": RESOLVE_VP, "seeds": resolve},
    }


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


def build_rates(tally: Tally, specs: Sequence[CardSpec], players: int) -> list[dict]:
    """Every card of the game, as built in the as-dealt games (observational)."""
    return [
        {"name": spec.name, "code": spec.code, "kind": spec.kind, **observed_block(tally, (spec.kind, spec.name))}
        for spec in specs
        if spec.in_game(players)
    ]


OBSERVATIONAL = ["built", "built_round", "builder_win"]


def game_report(design: Design, tally: Tally) -> dict:
    """The seats and game-level figures alone, for one player count."""
    return {
        "players": design.players,
        "games": tally.games,
        "agent": design.agent,
        "agents": list(design.agents),
        "seed": design.seed,
        "seats": seat_rows(tally),
        **game_level(tally),
    }


def report(design: Design, tally: Tally, costs: dict[str, float], specs: Sequence[CardSpec]) -> dict:
    """The game report with the measured cards' values and every card's build rate."""
    return {
        **game_report(design, tally),
        "round": design.round,
        "values": [VALUE_NAMES[how] for how in design.given],
        "cards": [card_row(design, tally, card, costs) for card in design.cards],
        "left_out": list(design.left_out),
        "build_rates": build_rates(tally, specs, design.players),
        "observational": OBSERVATIONAL,
    }


# Two files -------------------------------------------------------------------------------------------------------


def paired(old: Sequence[float | None], new: Sequence[float | None]) -> list[float]:
    return [b - a for a, b in zip(old, new, strict=True) if a is not None and b is not None]


def mean_scores(tally: Tally) -> list[float]:
    """Each as-dealt game's mean score over the seats."""
    return [sum(scores) / tally.players for scores in zip(*tally.scores, strict=True)]


def built_indicator(tally: Tally, key: CardKey) -> list[float]:
    return [1.0 if key in game else 0.0 for game in tally.dealt_built]


@dataclass
class Test:
    """One difference the comparison tests: the card it belongs to, what it measures, its estimate."""

    code: str
    what: str
    estimate: Estimate
    p_adjusted: float | None = None


def difference_fields(estimate: Estimate, test: Test | None) -> dict:
    return {
        **estimate_fields("delta", estimate),
        "p": significant_digits(estimate.p) if estimate.n else None,
        "p_adjusted": None if test is None or test.p_adjusted is None else significant_digits(test.p_adjusted),
    }


def compare(design: Design, old: Tally, new: Tally, rate: float) -> tuple[dict[str, dict], dict, int]:
    """Per measured card: each value's change new - old on the same seeds, the change of the rounds the seat had it in
    play in its paid games (a cheaper card is built sooner and more often), and the change of its as-dealt build rate,
    each with its interval and exact sign-flip p-value, all corrected together (Benjamini-Hochberg); a card is flagged
    when any of its tests is below the rate. Also the number of tests corrected over."""
    tests: list[Test] = []
    for card in design.cards:
        for how in design.given:
            differences = paired(old.value(how, card.code), new.value(how, card.code))
            tests.append(Test(card.code, VALUE_NAMES[how], mean_interval(differences)))
        if Given.PAID in design.given:
            uptake = paired(old.in_play.get(card.code, []), new.in_play.get(card.code, []))
            tests.append(Test(card.code, "rounds_in_play", mean_interval(uptake)))
        built = paired(built_indicator(old, (card.kind, card.old_name)), built_indicator(new, (card.kind, card.name)))
        tests.append(Test(card.code, "built", mean_interval(built)))
    tested = [test for test in tests if test.estimate.n]  # a card with no paired seed has no test to correct for
    for test, p_adjusted in zip(tested, adjust([test.estimate.p for test in tested]), strict=True):
        test.p_adjusted = p_adjusted
    by_card: dict[str, dict] = {}
    for card in design.cards:
        mine = {test.what: test for test in tests if test.code == card.code}
        by_card[card.code] = comparison_fields(design, card, mine, old, rate)
    return by_card, overall_change(old, new), len(tested)


def comparison_fields(design: Design, card: Measured, tests: dict[str, Test], old: Tally, rate: float) -> dict:
    headline = tests[VALUE_NAMES[design.given[0]]]
    done = [test for test in tests.values() if test.p_adjusted is not None]
    strongest = min(done, key=lambda test: test.p_adjusted or 0.0, default=None)
    resolve = seeds_to_resolve(headline.estimate.sd, RESOLVE_VP, rate)
    fields = {
        "was": card.old_name if card.renamed else None,
        **estimate_fields("delta", headline.estimate),
        # the card's most significant test; flagged_by names every test below the rate
        "p": None if strongest is None else significant_digits(strongest.estimate.p),
        "p_adjusted": None if strongest is None else significant_digits(strongest.p_adjusted or 0.0),
        "flagged_by": [test.what for test in done if (test.p_adjusted or 0.0) < rate],
        "seeds_to_resolve": {"vp": RESOLVE_VP, "seeds": resolve},
    }
    for how in design.given:
        test = tests[VALUE_NAMES[how]]
        fields[VALUE_NAMES[how]] = {"old": value_block(old, how, card), **difference_fields(test.estimate, test)}
    if "rounds_in_play" in tests:
        test = tests["rounds_in_play"]
        fields["rounds_in_play_change"] = difference_fields(test.estimate, test)
    fields["built_change"] = {
        "old": observed_block(old, (card.kind, card.old_name)),
        **difference_fields(tests["built"].estimate, tests["built"]),
    }
    return fields


def overall_change(old: Tally, new: Tally) -> dict:
    return {
        **estimate_fields("score_delta", mean_interval(paired(mean_scores(old), mean_scores(new)))),
        **estimate_fields("turns_delta", mean_interval(paired(old.turns, new.turns))),
        "seat_win_delta": [
            {
                "seat": player_number(seat),
                **estimate_fields("delta", feasible(mean_interval(paired(old.wins[seat], new.wins[seat])))),
            }
            for seat in range(new.players)
        ],
    }


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


@dataclass(frozen=True)
class Edit:
    """What an edit did, by kind and code: cards whose text changed, cards added, cards removed, and each card's name
    in the old file."""

    changed: frozenset[Key]
    added: tuple[str, ...]
    removed: tuple[str, ...]
    old_names: dict[Key, str]


def edit_between(old_text: str, new_text: str) -> Edit:
    old, new = card_texts(old_text), card_texts(new_text)
    return Edit(
        changed=frozenset(key for key, (_, text) in new.items() if key in old and old[key][1] != text),
        added=tuple(sorted(name for key, (name, _) in new.items() if key not in old)),
        removed=tuple(sorted(name for key, (name, _) in old.items() if key not in new)),
        old_names={key: name for key, (name, _) in old.items()},
    )


# Playing ---------------------------------------------------------------------------------------------------------

Progress = Callable[[Iterator[Record], int], Iterator[Record]]


@dataclass
class Run:
    """What a run cost: games played and read from the store, wall and CPU seconds (this process and its workers),
    and whether Ctrl-C ended it (the figures are those of the seeds finished)."""

    played: int = 0
    stored: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    interrupted: bool = False

    def as_json(self) -> dict:
        per_game = self.wall / self.played if self.played else None
        return {
            "games_played": self.played,
            "games_from_store": self.stored,
            "wall_seconds": round(self.wall, 2),
            "cpu_seconds": round(self.cpu, 2),
            "seconds_per_game": None if per_game is None else round(per_game, 4),
            "interrupted": self.interrupted,
        }


def cpu_seconds() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def measure(
    sources: dict[str, Source],
    design: Design,
    games: int,
    workers: int = 1,
    cluster: str | None = None,
    precision: float | None = None,
    cap: int = 1000,
    progress: Progress | None = None,
    store: GameStore | None = None,
) -> tuple[dict[str, Tally], Run]:
    """Play `games` seeds; with `precision`, keep doubling the seeds until every per-card interval (and every A/B
    difference) is narrower than it in VP, or `cap` seeds are played. Deterministic either way: the stopping point
    depends on the results only. Games the store holds are read, not played. Ctrl-C keeps every seed finished."""
    keys = list(sources)
    tallies = {key: Tally(design.players) for key in keys}
    spent = Run()
    started, cpu_start = time.perf_counter(), cpu_seconds()
    done, batch = 0, games
    try:
        while batch > 0:
            played = seeds_played(
                sources, design, range(done, done + batch), workers, cluster, progress, store or GameStore(None), spent
            )
            with closing(played):  # on Ctrl-C too: the games finished are kept and the workers stopped now
                for seed, records in played:
                    add_seed(tallies, design, seed, records)
                    done += 1
            if precision is None or widest(tallies, design)[0] < precision:
                break
            batch = min(done, cap - done)
    except KeyboardInterrupt:
        spent.interrupted = True
    spent.wall, spent.cpu = time.perf_counter() - started, cpu_seconds() - cpu_start
    return tallies, spent


def seeds_played(
    sources: dict[str, Source],
    design: Design,
    offsets: range,
    workers: int,
    cluster: str | None,
    progress: Progress | None,
    store: GameStore,
    spent: Run,
) -> Iterator[tuple[int, dict[Slot, Record]]]:
    """Each seed's records, seed by seed, in order: the store's where it has them, the rest played (each distinct
    game once) and kept in the store as they finish."""
    keys = list(sources)
    slots: list[tuple[int, Slot, str]] = []
    to_play: dict[str, Job] = {}
    data = data_digest()
    for offset in offsets:
        seed = design.seed + offset
        for slot, (key, setup) in design.seed_jobs(keys, seed):
            game = game_key(sources[key].text, setup, data)
            slots.append((seed, slot, game))
            to_play.setdefault(game, (key, setup))
    known = store.found(to_play)
    spent.stored += len(known)
    playing = [(game, job) for game, job in to_play.items() if game not in known]
    records: Iterator[Record] = run(sources, (job for _, job in playing), workers, cluster)
    if progress is not None:
        records = progress(records, len(playing))
    arrived = zip((game for game, _ in playing), records, strict=False)
    fresh: list[tuple[str, Record]] = []
    current: dict[Slot, Record] = {}
    try:
        for index, (seed, slot, game) in enumerate(slots):
            while game not in known:
                finished, record = next(arrived)
                known[finished] = record
                fresh.append((finished, record))
                spent.played += 1
                if len(fresh) >= 64:
                    store.keep(fresh)
                    fresh = []
            current[slot] = known[game]
            if index + 1 == len(slots) or slots[index + 1][0] != seed:
                yield seed, current
                current = {}
    finally:
        store.keep(fresh)


def widest(tallies: dict[str, Tally], design: Design) -> tuple[float, str | None]:
    """The widest interval in VP of a per-card value, or of its A/B difference, with its card: what --precision
    narrows. A card with fewer than two games has an unbounded one."""
    samples = []
    keys = list(tallies)
    for card in design.cards:
        for how in design.given:
            for key in keys:
                samples.append((card.name, present(tallies[key].value(how, card.code))))
            if len(keys) == 2:
                old, new = tallies[keys[0]], tallies[keys[1]]
                samples.append((card.name, paired(old.value(how, card.code), new.value(how, card.code))))
    return max(((mean_interval(sample).width, name) for name, sample in samples), default=(0.0, None))


def stopping(tallies: dict[str, Tally], design: Design, precision: float, cap: int) -> dict:
    """How a --precision run ended: the widest interval reached and its card, and whether it is narrower than asked
    (`met` false: --max-games stopped the run first)."""
    width, card = widest(tallies, design)
    return {
        "asked": precision,
        "reached": rounded(width),
        "widest_card": card,
        "met": width < precision,
        "max_games": cap,
    }


def cheapest_option(spec: CardSpec, players: int) -> int:
    """The index of the card's cheapest cost option at the start of a game, in evaluation units (what --even sweeps)."""
    table = new_table(players, [spec])
    player = table.players[0]
    options = spec.costs(Context(table, player))
    if not options:
        return 0
    values = [option_value(option.parts, prices(table, player), table, load_rates()) for option in options]
    return values.index(min(values))


def card_costs(specs: Sequence[CardSpec], players: int) -> dict[str, float]:
    """Each Building's cheapest cost in evaluation units (VP), as a player would pay it at the start, by code; an
    Elder costs no goods (0)."""
    table = new_table(players, specs)
    return {
        spec.code: cost_value(table, table.players[0], spec) if spec.kind is CardKind.BUILDING else 0.0
        for spec in specs
    }


def full_report(
    design: Design,
    tallies: dict[str, Tally],
    sources: dict[str, Source],
    specs: dict[str, Sequence[CardSpec]],
    rate: float,
    edit: Edit | None = None,
) -> dict:
    """The report of the last source; with two, the first is the old file and every measured card gets its change."""
    keys = list(sources)
    new_specs = specs[keys[-1]]
    result = report(design, tallies[keys[-1]], card_costs(new_specs, design.players), new_specs)
    result["false_discovery_rate"] = rate
    if len(keys) == 1 or edit is None:
        return result
    old_key, new_key = keys
    by_code, overall, tested = compare(design, tallies[old_key], tallies[new_key], rate)
    for card in result["cards"]:
        card["text_changed"] = (card["kind"], card["code"]) in edit.changed
        compared = by_code[card["code"]]
        old_paid = compared[VALUE_NAMES[design.given[0]]]["old"]
        for block in VALUE_NAMES.values():
            if block in compared:
                compared[block] = {**card[block], **compared[block]}
        card.update(compared)
        card["value_old"], card["value_new"] = old_paid["value"], card["value"]
        significant = card["flagged_by"]
        card["flag"] = ("changed" if card["text_changed"] else "interaction") if significant else None
    old_rows = build_rates(tallies[old_key], specs[old_key], design.players)
    old_rates = {(row["kind"], row["code"]): row for row in old_rows}
    for row in result["build_rates"]:
        before = old_rates.get((row["kind"], row["code"]))
        row["built_old"] = None if before is None else before["built"]
    result["against"] = {
        "old": sources[old_key].path,
        "new": sources[new_key].path,
        "false_discovery_rate": rate,
        "tests": tested,
        "overall": overall,
        "changed": sorted(card.name for card in design.cards if (card.kind, card.code) in edit.changed),
        "added": list(edit.added),
        "removed": list(edit.removed),
    }
    return result
