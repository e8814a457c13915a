"""`nus trace`: why one card fired, or why it kept silent, in one seeded game.

The game is played exactly as `nus simulate` (or `nus balance`) plays it; a Tracer on the table's session is
told by the engine each time a card listened (an event of its trigger, an "as soon as" check, a phase hook,
when built) and whether its condition held, what was answered, and when the card ran and entered play. It only
reads the table, so the game is the same with or without it. Players are named from P1, as `nus simulate`
names them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from runtime.analysis.games import Grant, Record, Setup, play
from runtime.core.decisions import Decision, Option
from runtime.core.rules_in_force import rule
from runtime.game.setup import new_table
from runtime.model.cards import Ability, CardSpec, Context
from runtime.model.declarations import TriggerKind
from runtime.model.errors import CardError
from runtime.model.state import CardInPlay, Table, player_name
from runtime.wording import counted

View = dict[str, Any]


@dataclass
class Moment:
    """One time the card listened: when (as `moment_name` words it), whose card, which ability, what came of it."""

    at: str
    owner: int
    ability: Ability
    held: bool
    tests: list[tuple[str, bool]]  # each comparison of the condition, in the order it was evaluated
    counts: list[tuple[str, Any]]  # each count and event field read by it
    explained: bool  # what the explaining twin of the condition gave: always `held` (tests check it)
    actor: int | None = None  # who acted, when the event was another player's
    outcome: str = "silent"
    answers: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)

    @property
    def parts(self) -> tuple:
        return (tuple(self.tests), tuple(self.counts))


@dataclass(frozen=True)
class Entered:
    """The card came into play (built, given, or taken as an Elder)."""

    at: str
    owner: int


class Tracer:
    """Collects the moments of one card; the engine calls it (runtime/core/events.py, decisions.py, in_play.py)."""

    def __init__(self, card: CardSpec):
        self.card = card
        self.timeline: list[Moment | Entered] = []
        self.running: list[tuple[Moment, CardInPlay, View]] = []

    def listened(self, ctx: Context, ability: Ability, held: bool) -> None:
        if ctx.card.spec is not self.card:
            return
        table = ctx.table
        tests, counts, explained = explain(ctx, ability)
        actor = getattr(ctx.event, "player", None)
        moment = Moment(moment_name(table), ctx.card.owner.index, ability, held, tests, counts, explained)
        if actor is not None and actor is not ctx.card.owner:
            moment.actor = actor.index
        self.timeline.append(moment)
        if held:
            self.running.append((moment, ctx.card, view(table)))

    def ran(self, ctx: Context, ability: Ability, done: bool, failure: str) -> None:
        if not self.running or self.running[-1][1] is not ctx.card or self.running[-1][0].ability is not ability:
            return  # not a run the card listened for (an any-time or worker-space use)
        moment, _, before = self.running.pop()
        moment.outcome = "fired" if done else f"fired, no effect ({failure}; the table is as it was)"
        moment.changes = differences(before, view(ctx.table))

    def answered(self, decision: Decision, option: Option) -> None:
        if self.running:
            self.running[-1][0].answers.append(answer_text(decision, option))

    def entered(self, table: Table, card: CardInPlay) -> None:
        if card.spec is self.card:
            self.timeline.append(Entered(moment_name(table), card.owner.index))

    def position(self) -> int:
        return len(self.timeline)

    def rewind(self, position: int) -> None:
        """An option tried and found impossible is undone from the table (Table.restore), so from the trace too:
        the trace shows the game as it was played."""
        del self.timeline[position:]
        kept = {id(moment) for moment in self.timeline}
        self.running = [entry for entry in self.running if id(entry[0]) in kept]

    @property
    def moments(self) -> list[Moment]:
        return [moment for moment in self.timeline if isinstance(moment, Moment)]


def explain(ctx: Context, ability: Ability) -> tuple[list[tuple[str, bool]], list[tuple[str, Any]], bool]:
    """Each comparison's truth and each count's value, by running the compiled condition's explaining twin;
    and the condition's result as the twin gives it."""
    tests: list[tuple[str, bool]] = []
    counts: list[tuple[str, Any]] = []
    if ability.explain is None:
        return tests, counts, ability.guard is None or ability.guard(ctx)

    def count(text: str, value: Any) -> Any:
        if (text, value) not in counts:
            counts.append((text, value))
        return value

    def test(text: str, held: bool) -> bool:
        tests.append((text, bool(held)))
        return held

    explained = bool(ability.explain(ctx, count, test))
    return tests, counts, explained


SHOWN_OPTIONS = 6  # a long list of options (exchange how many?) is cut short after these


def answer_text(decision: Decision, option: Option) -> str:
    if len(decision.options) == 1:
        return f'{player_name(decision.player)} "{decision.prompt}": "{option.label}" (the only option)'
    labels = [f'"{label}"' for label in decision.labels]
    if len(labels) > SHOWN_OPTIONS:
        labels = [*labels[:SHOWN_OPTIONS], f"{len(labels) - SHOWN_OPTIONS} more"]
    return f'{player_name(decision.player)} "{decision.prompt}": answered "{option.label}" (of {", ".join(labels)})'


def view(table: Table) -> View:
    """What a change is read from: every player's goods, Workers placed, cards and Ships, goods on cards,
    and the general supply, Ships left and the display."""
    seen: View = {}
    for player in table.players:
        who = player.name
        for good, amount in player.supply.items():
            seen[f"{who} {good}"] = amount
        for good, amount in player.reserve.items():
            seen[f"{who} {good} in reserve"] = amount
        placed = sum(spaces.count(player.index) for spaces in table.spaces.values())
        placed += sum(
            card.worker == player.index for other in table.players for card in other.buildings + other.council
        )
        seen[f"{who} Workers placed"] = placed
        seen[f"{who} buildings"] = tuple(card.name for card in player.buildings)
        seen[f"{who} elders"] = tuple(card.name for card in player.council)
        seen[f"{who} hand"] = tuple(spec.name for spec in player.hand)
        seen[f"{who} ships"] = tuple(ship.type + (" with a guest" if ship.guest else "") for ship in player.track.ships)
        seen[f"{who} shares"] = sum(share.holder == player.index and not share.removed for share in table.shares)
        for card in player.buildings + player.council:
            for good, amount in card.goods.items():
                seen[f"{good} on {who}'s {card.name}"] = amount
    for good, amount in table.general.items():
        seen[f"general supply {good}"] = amount
    for ship_type, left in table.ships_left.items():
        seen[f"{ship_type}s left"] = left
    seen["display"] = tuple(spec.name for spec in table.display)
    return seen


def differences(before: View, after: View) -> list[str]:
    changes = []
    for key, old in before.items():
        new = after.get(key, old)
        if new == old:
            continue
        if isinstance(old, tuple):
            gone = [name for name in old if name not in new]
            came = [name for name in new if name not in old]
            changes.append(f"{key} " + " ".join([*(f"-{name}" for name in gone), *(f"+{name}" for name in came)]))
        elif key.startswith("general supply"):
            changes.append(f"{key} {'+' if new > old else ''}{new - old}")
        else:
            changes.append(f"{key} {old} -> {new}")
    changes += [f"{key} {value}" for key, value in after.items() if key not in before and value]
    return changes


# The abilities that listen; the rest are used by the player's choice.
TRACED = (TriggerKind.WHEN_BUILT, TriggerKind.AS_SOON_AS, TriggerKind.EACH_TIME, TriggerKind.AT_MOMENT)


@dataclass
class Trace:
    """A traced game: the card, how the game was set up, where the card lay at the start, what the tracer saw,
    and the game's record (the same as `nus simulate` gives for its seed); or, for a game a card error stopped, no
    record and the error, the tracer holding what it saw before it."""

    spec: CardSpec
    setup: Setup
    start: str
    tracer: Tracer
    record: Record | None
    error: CardError | None = None

    @property
    def in_play(self) -> bool:
        return any(isinstance(event, Entered) for event in self.tracer.timeline)


def trace_game(specs: Sequence[CardSpec], card: CardSpec, setup: Setup) -> Trace:
    """Play the game of `setup` with a tracer watching `card` (one of `specs`)."""
    tracer = Tracer(card)
    start = starting_place(specs, setup, card)
    try:
        record = play(specs, setup, tracer)
    except CardError as error:
        for moment, _, _ in tracer.running:
            moment.outcome = CUT_OFF
        return Trace(card, setup, start, tracer, None, error)
    return Trace(card, setup, start, tracer, record)


CUT_OFF = "fired, cut off by the error"  # a run still going when a card error stopped the game


def starting_place(specs: Sequence[CardSpec], setup: Setup, card: CardSpec) -> str:
    """Where the deal put the card: the deal depends on the seed alone, so a fresh table shows it."""
    table = new_table(setup.players, specs, seed=setup.seed)
    if card in table.display:
        return "in the display"
    for letter, deck in table.decks.items():
        if card in deck:
            return f"in deck {letter}"
    for stack, elders in enumerate(table.elder_stacks):
        if card in elders:
            return f"in Elder stack {stack + 1} on the supply board"
    return "nowhere on the table"


def moment_name(table: Table) -> str:
    """When something happened: "R3T2" in a worker turn, "R3 start" before the first turn (the round's start and
    its Fishing Phase), "R3 end" after the last (the end of the round and Returning Home); "start" before round 1."""
    if not table.round:
        return "start"
    if not table.turn:
        return f"R{table.round} start"
    if table.turn > rule(table, None, "workers"):
        return f"R{table.round} end"
    return f"R{table.round}T{table.turn}"


def render(trace: Trace, source: str = "cards.nus", command: Callable[[str], str] | None = None) -> list[str]:
    """The trace as lines of text: a header, every moment (runs of identical silent ones folded), a summary per
    ability, and the game's result line. `command` words the hint for a card that was never in play."""
    setup, spec = trace.setup, trace.spec
    game = f"seed {setup.seed}, {counted(setup.players, 'player')}"
    lines = [f'nus trace: "{spec.name}" ({source}:{spec.line}) in {game}']
    lines.append("players: " + ", ".join(f"{player_name(seat)} {agent}" for seat, agent in enumerate(setup.agents)))
    if setup.grant is not None:
        lines.append(setup.grant.given.words(player_name(setup.grant.seat), setup.grant.round))
    aside = ", set aside when the cards are dealt" if setup.grant is not None else ""
    lines.append(f"at the start: {trace.start}{aside}")
    if not trace.in_play:
        lines.append(f"{spec.name} was never in play in this game, so it never listened.")
        if setup.grant is not None and trace.record is not None:
            lines.append(f"It could not be given: {why_not_given(trace.record, setup.grant)}.")
        elif setup.grant is None and command is not None:
            lines.append(f"To watch it anyway, put it into play for player P at the start: {command('--give P')}")
        lines.append(end_line(trace))
        return lines
    for group in folded(trace.tracer.timeline):
        lines += moment_lines(group, spec)
    lines += summary_lines(spec, trace.tracer.moments)
    lines.append(end_line(trace))
    return lines


def why_not_given(record: Record, grant: Grant) -> str:
    if record.granted is None:
        return f"the game ended before round {grant.round}"
    return "it has no space it may take at that moment"


def end_line(trace: Trace) -> str:
    """The game's result line, as `nus simulate` prints it; or, when a card error stopped it, where it stopped."""
    from runtime.analysis.simulate import record_line

    if trace.record is None:
        return f"seed {trace.setup.seed}: stopped by a card error, after the moments above"
    return record_line(trace.record)


def folded(timeline: Sequence[Moment | Entered]) -> list[list[Moment | Entered]]:
    """Consecutive silent moments of one ability of one owner with the same values fold into one group."""
    groups: list[list[Moment | Entered]] = []
    for moment in timeline:
        last = groups[-1][-1] if groups else None
        if (
            isinstance(moment, Moment)
            and isinstance(last, Moment)
            and moment.outcome == last.outcome == "silent"
            and moment.ability is last.ability
            and moment.owner == last.owner
            and moment.actor == last.actor
            and moment.parts == last.parts
        ):
            groups[-1].append(moment)
        else:
            groups.append([moment])
    return groups


def moment_lines(group: list[Moment | Entered], spec: CardSpec) -> list[str]:
    first, last = group[0], group[-1]
    at = first.at
    if isinstance(first, Entered):
        return [f"{at} {player_name(first.owner)}: {spec.name} comes into play"]
    assert isinstance(first, Moment)
    if len(group) > 1:
        at += f" to {last.at} ({len(group)} times)"
    actor = f" ({player_name(first.actor)} acted)" if first.actor is not None else ""
    lines = [f"{at} {player_name(first.owner)} {first.ability.text}{actor}: {first.outcome}"]
    if first.tests or first.counts:
        lines.append(f"    condition {'held' if first.held else 'failed'}: {condition_text(first)}")
    lines += [f"    {answer}" for answer in first.answers]
    if first.outcome not in ("silent", CUT_OFF):
        lines.append("    changed: " + ("; ".join(first.changes) or "nothing"))
    return lines


def condition_text(moment: Moment) -> str:
    tests = ", ".join(f"`{text}` {'true' if held else 'false'}" for text, held in moment.tests)
    counts = ", ".join(f"{text} = {value}" for text, value in moment.counts)
    return f"{tests} ({counts})" if tests and counts else tests or counts


def summary_lines(spec: CardSpec, moments: Sequence[Moment]) -> list[str]:
    fired = sum(moment.outcome != "silent" for moment in moments)
    lines = [f"summary: listened {times(len(moments))}, fired {times(fired)}"]
    for ability in spec.abilities:
        if ability.kind not in TRACED:
            lines.append(f"  {ability.text}: used by the player's choice, not a moment it listens to")
            continue
        own = [moment for moment in moments if moment.ability is ability]
        lines.append(f"  {ability.text}: {ability_summary(own)}")
    return lines


def ability_summary(moments: Sequence[Moment]) -> str:
    if not moments:
        return "never listened: its moment never came while the card was in play"
    fired = sum(moment.outcome != "silent" for moment in moments)
    if fired:
        return f"listened {times(len(moments))}, fired {times(fired)}"
    return f"listened {times(len(moments))}; never fired: {silence(moments)}"


def silence(moments: Sequence[Moment]) -> str:
    """What the condition's parts were each time it kept the card silent: each comparison's tally, then the
    range of each count."""
    tallies: dict[str, list[bool]] = {}
    values: dict[str, list[Any]] = {}
    for moment in moments:
        for text, held in moment.tests:
            tallies.setdefault(text, []).append(held)
        for text, value in moment.counts:
            values.setdefault(text, []).append(value)
    parts = [tally_text(text, results, len(moments)) for text, results in tallies.items()]
    ranges = [f"{text} was {value_range(seen)}" for text, seen in values.items()]
    words = "; ".join(parts) or "its condition failed"
    return f"{words} ({', '.join(ranges)})" if ranges else words


def tally_text(text: str, results: list[bool], listened: int) -> str:
    true = sum(results)
    if true in (0, len(results)):
        every = "every time" if len(results) == listened else f"each of the {times(len(results))} it was looked at"
        return f"`{text}` was {'true' if true else 'false'} {every}"
    return f"`{text}` was true {true} of {len(results)} times"


def value_range(seen: list[Any]) -> str:
    if all(isinstance(value, int) for value in seen):
        low, high = min(seen), max(seen)
        return str(low) if low == high else f"{low}-{high}"
    distinct = list(dict.fromkeys(seen))
    return " or ".join(str(value) for value in distinct)


def times(count: int) -> str:
    return "1 time" if count == 1 else f"{count} times"
