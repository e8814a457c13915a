"""Evaluation rates tuned by self-play: an N-tuple bandit evolutionary search (NTBEA, as TAG tunes game parameters)
over the rates of evaluation.toml, each on a small grid, judged by seeded games against players at the rates it
started from.

A candidate (one grid level for every rate tuned) is judged on one seed of its own: one game for each seat, the
candidate's player in that seat and players at the starting rates in all the others, so neither the deal nor the
seat favours it. Its fitness is its mean score lead over the mean of the others at its table, in VP (less noisy than
its wins, which are reported beside). The model keeps the mean fitness of every level of each rate, of every pair of
levels and of every whole candidate seen; each step proposes neighbours of the current candidate (a rate or two
moved to another level), evaluates the few the model rates highest with an exploration bonus for the little seen,
and moves to the best of them. The recommendation is the candidate evaluated whose model mean is highest, and it is
checked against the starting rates on fresh seeds, never those it was selected on: its win share with a Wilson
interval, and whether that lies above an even chance (1 / players).

The budget is counted in games and every random choice comes from the seed, so a seed fixes the result for any
--jobs: the games of a step go out together and come back in order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from runtime.analysis.games import Setup
from runtime.analysis.ladder import Standing, standing
from runtime.analysis.runner import Source, run
from runtime.players.evaluation import Rates

MULTIPLES = (0.0, 0.5, 1.0, 1.5, 2.0)  # a rate's grid: these times the rate it starts from
ZERO_GRID = (0.0, 0.1, 0.2, 0.3, 0.4)  # the grid of a rate that starts at 0 (VP a unit or a round)
BATCH = 8  # candidates evaluated a step, their games played together
NEIGHBOURS = 50  # neighbours of the current candidate proposed a step, the BATCH best by the model kept
EXPLORE = 2.0  # VP of score lead: the exploration bonus's weight (about a game's spread of the lead over 3 seats)
EPSILON = (
    0.5  # added to a count in the bonus, as NTBEA does: a level never evaluated gets a big bonus, not an infinite one
)


class TuningError(ValueError):
    """A tuning run asked for that cannot run: an unknown rate, a budget below one step."""


Point = tuple[int, ...]  # a candidate: the grid level of each rate tuned


@dataclass(frozen=True)
class Space:
    """The rates tuned, each on its grid around the rate it starts from; the others stay as they start."""

    start: Rates
    names: tuple[str, ...]

    @classmethod
    def of(cls, start: Rates, names: Sequence[str] = ()) -> Space:
        known = start.flat()
        for name in names:
            if name not in known:
                raise TuningError(f"unknown rate {name!r}; the rates are {', '.join(known)}")
        return cls(start, tuple(dict.fromkeys(names)) or tuple(known))

    def grid(self, name: str) -> tuple[float, ...]:
        value = self.start.flat()[name]
        if value == 0:
            return ZERO_GRID
        # rounded as the tuned file writes them (+ 0.0: no -0.0), the starting value kept exactly as it is
        return tuple(sorted(value if multiple == 1 else round(value * multiple, 6) + 0.0 for multiple in MULTIPLES))

    @property
    def origin(self) -> Point:
        """The starting rates as a candidate."""
        start = self.start.flat()
        return tuple(self.grid(name).index(start[name]) for name in self.names)

    def rates(self, point: Point) -> Rates:
        return self.start.with_rates(self.values(point))

    def values(self, point: Point) -> dict[str, float]:
        return {name: self.grid(name)[level] for name, level in zip(self.names, point, strict=True)}

    def neighbour(self, point: Point, rng: random.Random) -> Point:
        """The point with each rate moved to another level with chance 1 / rates, at least one moved."""
        moved = [index for index in range(len(point)) if rng.random() < 1 / len(point)] or [rng.randrange(len(point))]
        result = list(point)
        for index in moved:
            result[index] = rng.choice(
                [level for level in range(len(self.grid(self.names[index]))) if level != point[index]]
            )
        return tuple(result)


@dataclass
class Model:
    """The N-tuple model: the fitness seen for each level of each rate, each pair of levels, and each whole point."""

    rates: int
    stats: dict[tuple, list[float]] = field(default_factory=dict)  # (tuple of rate indices, their levels) -> [sum, n]
    evaluations: int = 0

    def tuples(self) -> Iterator[tuple[int, ...]]:
        indices = range(self.rates)
        yield from ((index,) for index in indices)
        yield from combinations(indices, 2)
        if self.rates > 2:
            yield tuple(indices)

    def add(self, point: Point, fitness: float) -> None:
        self.evaluations += 1
        for chosen in self.tuples():
            seen = self.stats.setdefault((chosen, tuple(point[index] for index in chosen)), [0.0, 0])
            seen[0] += fitness
            seen[1] += 1

    def value(self, point: Point, explore: float = 0.0) -> float:
        """The mean over the tuples of their mean fitness at the point (0, an even game, where unseen), plus the
        exploration bonus for the little seen when `explore` is given."""
        total = 0.0
        count = 0
        for chosen in self.tuples():
            summed, seen = self.stats.get((chosen, tuple(point[index] for index in chosen)), (0.0, 0))
            total += summed / seen if seen else 0.0
            if explore:
                total += explore * math.sqrt(math.log(self.evaluations + 1) / (seen + EPSILON))
            count += 1
        return total / count


@dataclass(frozen=True)
class Check:
    """The recommendation against the starting rates on fresh seeds, seats rotated."""

    seeds: range
    standing: Standing

    @property
    def beats(self) -> bool:
        return self.standing.beats


@dataclass
class Tuning:
    """Where a run stands: the candidates evaluated, the model, the best so far, and the final check once made."""

    space: Space
    seed: int
    players: int
    agent: str
    budget: int
    model: Model
    evaluated: dict[Point, list[float]] = field(default_factory=dict)  # point -> its fitness on each seed played
    wins: dict[Point, list[float]] = field(default_factory=dict)  # point -> its win share on each seed played
    games: int = 0
    steps: int = 0
    check: Check | None = None
    interrupted: bool = False

    @property
    def steps_planned(self) -> int:
        return self.budget // (BATCH * self.players)

    @property
    def search_seeds(self) -> range:
        """The seeds the search may use: one a candidate evaluated, BATCH a step."""
        return range(self.seed, self.seed + self.steps_planned * BATCH)

    @property
    def best(self) -> Point:
        """The candidate evaluated that the model rates highest (the starting rates before any)."""
        if not self.evaluated:
            return self.space.origin
        return max(self.evaluated, key=self.model.value)

    @property
    def best_rates(self) -> Rates:
        return self.space.rates(self.best)


def seatings(seed: int, players: int, agent: str, mine: Rates, theirs: Rates) -> list[Setup]:
    """One game for each seat on the seed: `mine` in that seat, `theirs` in all the others."""
    return [
        Setup(seed, (agent,) * players, rates=tuple(mine if seat == place else theirs for seat in range(players)))
        for place in range(players)
    ]


def tune(
    source: Source,
    start: Rates,
    names: Sequence[str] = (),
    budget: int = 1200,
    check_games: int = 600,
    seed: int = 0,
    players: int = 3,
    agent: str = "greedy",
    workers: int = 1,
    cluster: str | None = None,
    progress: Callable[[str], None] = lambda line: None,
) -> Tuning:
    """Search for rates that beat `start` within `budget` games, then check the best on `check_games` fresh games.
    Ctrl-C stops the run and returns what it found so far (interrupted, no check)."""
    space = Space.of(start, names)
    tuning = Tuning(space, seed, players, agent, budget, Model(len(space.names)))
    if tuning.steps_planned < 1:
        raise TuningError(f"a budget of {budget} games is below one step ({BATCH} candidates x {players} seats)")
    if check_games < players:
        raise TuningError(f"the check needs at least one seed: {players} games at {players} players")
    rng = random.Random(f"nus tune {seed}")
    current = space.origin

    def play(setups: list[Setup]):
        return list(run({"cards": source}, [("cards", setup) for setup in setups], workers, cluster, chunk=players))

    try:
        for step in range(tuning.steps_planned):
            batch = proposals(space, tuning.model, current, rng)
            first = tuning.search_seeds[step * BATCH]
            setups = [
                setup
                for offset, point in enumerate(batch)
                for setup in seatings(first + offset, players, agent, space.rates(point), start)
            ]
            records = play(setups)
            for offset, point in enumerate(batch):
                mine = standing(records[offset * players : (offset + 1) * players], range(players), players)
                tuning.model.add(point, mine.lead.mean)
                tuning.evaluated.setdefault(point, []).append(mine.lead.mean)
                tuning.wins.setdefault(point, []).append(mine.win_rate.mean)
            tuning.games += len(records)
            tuning.steps += 1
            current = max(batch, key=tuning.model.value)
            progress(step_line(tuning))
        first = tuning.search_seeds.stop
        seeds = range(first, first + check_games // players)
        progress(f"checking the best against the starting rates on fresh seeds {seeds.start}-{seeds.stop - 1}")
        best = tuning.best_rates
        setups = [setup for each in seeds for setup in seatings(each, players, agent, best, start)]
        records = play(setups)
        tuning.check = Check(seeds, standing(records, [place for _ in seeds for place in range(players)], players))
    except KeyboardInterrupt:
        tuning.interrupted = True
    return tuning


def proposals(space: Space, model: Model, current: Point, rng: random.Random) -> list[Point]:
    """The BATCH distinct neighbours of `current` the model rates highest with its exploration bonus (ties: the
    first proposed)."""
    found = list(dict.fromkeys(space.neighbour(current, rng) for _ in range(NEIGHBOURS)))
    return sorted(found, key=lambda point: -model.value(point, EXPLORE))[:BATCH]


def step_line(tuning: Tuning) -> str:
    best = tuning.best
    seen = tuning.evaluated[best]
    changed = changes(tuning.space, best)
    return (
        f"step {tuning.steps}/{tuning.steps_planned}: {tuning.games:,} of {tuning.budget:,} games; best so far "
        f"(model {tuning.model.value(best):+.2f} VP lead; {len(seen)} seed(s) played, "
        f"lead {sum(seen) / len(seen):+.2f}): "
        + (", ".join(f"{name} {value:g}" for name, value in changed.items()) or "the starting rates")
    )


def changes(space: Space, point: Point) -> dict[str, float]:
    """The rates the point moves from where they started."""
    start = space.start.flat()
    return {name: value for name, value in space.values(point).items() if value != start[name]}
