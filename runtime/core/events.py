"""Event dispatch and "as soon as" latches.

Listeners are keyed by (event, timing); an event nobody listens to costs one dict lookup.
A triggered ability runs all-or-nothing: if it cannot be completed it has no effect (ruling).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from runtime.core.attempts import attempt
from runtime.model.cards import Ability, Context
from runtime.model.declarations import Actor, EventType
from runtime.model.errors import CardError
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


class Event:
    """What a handler reads: the event's name, timing, acting player and its fields as attributes."""

    def __init__(self, name: str, timing: str, player: Player, fields: dict[str, Any]):
        self.name = name
        self.timing = timing
        self.player = player
        self.__dict__.update(fields)

    def __repr__(self) -> str:
        return f"<{self.timing} {self.name} {self.player.name}>"


def emit(
    table: Table, event: EventType, timing: str, player: Player, only: CardInPlay | None = None, **fields: Any
) -> None:
    """Run the listeners, then the "as soon as" checks: the event marks a change of the table either way.

    The event is a declaration the card language hooks by the same object, so its name cannot drift; a timing
    it is not declared with would never reach a card and is refused."""
    if timing not in event.timings:
        raise undeclared(event, timing)
    listeners = table.listeners.get((event.name, timing))
    if listeners:
        dispatch(table, listeners, Event(event.name, timing, player, fields), only)
    if table.latches:  # most events come with no latch pending: skip the call
        check_latches(table)


def emit_each(table: Table, event: EventType, timing: str, players: Iterable[Player], *, checked: bool = False) -> None:
    """emit for each player in turn, at a moment every player reaches together (the end of a round, say). After the
    first emit, the latches are checked only after one that reached a listener: one that reached none changed nothing
    since the check before it, which left no latch holding (`nus trace` shows every check, so with a tracer each is
    made). `checked`: the latches were checked just before, nothing changed since, so the first emit is as the
    others (a worker turn's "after placing a worker", which follows the check that ends its action)."""
    if timing not in event.timings:
        raise undeclared(event, timing)
    key, first = (event.name, timing), not checked
    for player in players:
        listeners = table.listeners.get(key)
        if listeners:
            dispatch(table, listeners, Event(event.name, timing, player, {}), None)
        if table.latches and (first or listeners or table.session.tracer is not None):
            check_latches(table)
        first = False


def undeclared(event: EventType, timing: str) -> ValueError:
    return ValueError(f"{event.name} is declared {'/'.join(event.timings)}, not {timing}")


def dispatch(table: Table, listeners: list, event: Event, only: CardInPlay | None) -> None:
    name, timing, player = event.name, event.timing, event.player
    for card, ability in list(listeners):
        if only is not None and card is not only:
            continue
        if not hears(ability.actor, card.owner, player):
            continue
        if (card, ability) not in table.listeners.get((name, timing), ()):
            continue  # removed from play by an earlier handler of this same event
        trigger(table, card, ability, event)


def hears(actor: Actor, owner: Player, player: Player) -> bool:
    """Whether a hook on a card of `owner` hears an event of `player`: "you", "any player" or "another player"."""
    if actor is Actor.ANY_PLAYER:
        return True
    return (owner is player) == (actor is Actor.YOU)


def heard(table: Table, window: tuple[str, str], player: Player, only: CardInPlay | None = None) -> bool:
    """Whether an event of `player` at window (event name, timing) would reach a listener (only: as emit's)."""
    for card, ability in table.listeners.get(window, ()):
        if (only is None or card is only) and hears(ability.actor, card.owner, player):
            return True
    return False


# The real cards' most below: over 5,496 seeded random games, each real card put in play at 2-5 players (the games of
# tests/fuzz/games.py; tests/runtime/core/test_turn_bounds.py checks a sample stays far below).
MAX_NESTED_TRIGGERS = 40  # no chain of real cards comes near; it stops a loop well before Python's recursion limit
MOST_HOOK_RUNS = 2_000  # hooks run in answer to one event: the real cards' most is 154; hooks that set their own
# event off several times over stay shallow while their runs multiply without end
MOST_HOOK_DECISIONS = 2_000  # decisions asked in answer to one event or "at any time" use: the real cards' most
# is 307; a hook run `up to (big) times: choose one` asks one a time, so 2,000 runs could ask millions
MOST_EXTRA_TURNS = 20  # extra turns one player takes in one Round: the real cards' most is 2; a turn has moments
# that may give another (an "at any time" use, a hook on another player's action), so turns could breed without end
MOST_ANY_TIME_USES = 100  # "at any time" uses by one player in one Round: the real cards' most is 17; a use may give
# a turn, with its moments to use it again


class Runaway(CardError):
    """A card's abilities that feed each other without end, stopped at one of the bounds above. `card` names the
    card."""

    def __init__(self, message: str, card: str = ""):
        super().__init__(message)
        self.card = card


class TriggerLoop(Runaway):
    """Abilities that set each other off without end, e.g. a hook on an event whose effect is that event again. `card`
    names the card whose ability recurs most."""


def trigger(table: Table, card: CardInPlay, ability: Ability, event: Any = None) -> bool:
    """Run one ability of a card for its owner if its guard allows; False if it did nothing."""
    ctx = Context(table, card.owner, card, event)
    held = ability.guard is None or ability.guard(ctx)
    if table.session.tracer is not None:
        table.session.tracer.listened(ctx, ability, held)
    if not held:
        return False
    return run_bounded(table, card, ability, ctx)


def run_bounded(table: Table, card: CardInPlay, ability: Ability, ctx: Context) -> bool:
    """Run an ability all-or-nothing (run_all_or_nothing) inside those running now (start_running): a hook's, or an
    "at any time" use, whose decisions and the hooks it sets off are bounded as a hook's. False if it did nothing."""
    running = start_running(table, card, ability)
    try:
        return run_all_or_nothing(table, ability, ctx)
    finally:
        running.pop()


def start_running(table: Table, card: CardInPlay, ability: Ability) -> list[tuple[CardInPlay, Ability]]:
    """Note an ability as running inside those running now (a hook's, an Elder's use, which may use itself, or an "at
    any time" use), past the guards against loops: the depth, and the runs since the outermost (which also starts
    the count of decisions asked meanwhile: decisions.decide_among). The caller pops it when it ends."""
    session = table.session
    running = session.triggering
    if len(running) >= MAX_NESTED_TRIGGERS:
        raise loop_error(
            running, f"kept setting itself off until {MAX_NESTED_TRIGGERS} abilities ran inside one another"
        )
    if running:
        session.hook_runs += 1
    else:  # the outermost ability starts the counts
        session.hook_runs, session.hook_decisions_left = 1, MOST_HOOK_DECISIONS
    if session.hook_runs > MOST_HOOK_RUNS:
        raise loop_error(running, f"set off {MOST_HOOK_RUNS:,} abilities in answer to one event")
    running.append((card, ability))
    return running


def too_many_decisions(table: Table) -> TriggerLoop:
    """The error for a decision past MOST_HOOK_DECISIONS in answer to one event (decisions.decide_among counts)."""
    return loop_error(
        table.session.triggering,
        f"asked {MOST_HOOK_DECISIONS:,} decisions in answer to one event or use",
        "keeps asking for decisions",
        "its effect must not set off the event it waits for, nor give a turn or a repeat that does",
    )


def loop_error(
    running: list[tuple[CardInPlay, Ability]],
    how: str,
    does: str = "sets itself off without end",
    hint: str = "its effect must not cause the event it waits for",
) -> TriggerLoop:
    """Names the ability that recurs most in the chain, with its card file line, and `how` the chain outgrew its
    bound. The message gives the bound, not how often that ability ran: the chain may have started inside another
    ability (a when-built in a game, none in an example), so the count would differ between `nus test` and `nus
    balance` for the same loop."""
    counts: dict[int, int] = {}
    for _, ability in running:
        counts[id(ability)] = counts.get(id(ability), 0) + 1
    card, ability = max(running, key=lambda pair: counts[id(pair[1])])
    where = f"{ability.effect.__code__.co_filename}:{ability.line}"
    return TriggerLoop(
        f'{where}: card "{card.name}" {does} ("{ability.text}" {how}); {hint}',
        card.name,
    )


class TooManyTurns(Runaway):
    """A player given more extra turns or "at any time" uses in one Round than MOST_EXTRA_TURNS or
    MOST_ANY_TIME_USES: the abilities giving them feed each other (docs/card-language.md)."""


def count_extra_turn(player: Player, card: CardInPlay | None, where: tuple[str, int]) -> None:
    """Count an extra turn `card` gives `player` at `where` (its file and line), past MOST_EXTRA_TURNS a Round."""
    player.extra_turns_round += 1
    if player.extra_turns_round > MOST_EXTRA_TURNS:
        abilities = [ability for ability in card.spec.abilities if ability.line <= where[1]] if card else []
        text = max(abilities, key=lambda ability: ability.line).text if abilities else ""
        raise too_many_turns(card, where, text, f"gave {player.name} {MOST_EXTRA_TURNS} extra turns in one Round")


def count_any_time_use(player: Player, card: CardInPlay, ability: Ability) -> None:
    """Count a use of an "at any time" ability, past MOST_ANY_TIME_USES a Round."""
    player.any_time_round += 1
    if player.any_time_round > MOST_ANY_TIME_USES:
        where = (ability.effect.__code__.co_filename, ability.line)
        how = f"used {MOST_ANY_TIME_USES} times by {player.name} in one Round"
        raise too_many_turns(card, where, ability.text, how)


def too_many_turns(card: CardInPlay | None, where: tuple[str, int], text: str, how: str) -> TooManyTurns:
    name = card.name if card is not None else "effect"
    return TooManyTurns(
        f'{where[0]}:{where[1]}: card "{name}" gives turns without end ("{text}" {how}); what a turn or use gives '
        "must not make another possible each time",
        name,
    )


def run_all_or_nothing(table: Table, ability: Ability, ctx: Context) -> bool:
    try:
        attempt(table, lambda: ability.effect(ctx))
    except IllegalAction as why:
        table.say(f"{ctx.me.name} {ctx.card.name}: no effect ({why})", ctx.me.index, card=ctx.card)
        done, failure = False, str(why)
    else:
        done, failure = True, ""
    if table.session.tracer is not None:
        table.session.tracer.ran(ctx, ability, done, failure)
    return done


def card_context(table: Table, card: CardInPlay) -> Context:
    """The Context a card's owner acts in on it, hearing no event (its latches, its rules)."""
    return Context(table, card.owner, card)


def action_running(table: Table) -> bool:
    """Whether an action is running, as a condition asks it."""
    return table.session.action_depth > 0


def check_latches(table: Table) -> None:
    """Fire every "as soon as" whose condition holds, once per game; repeat until none fires."""
    session = table.session
    if session.checking_latches or not table.latches:
        return
    tracer = session.tracer
    while fire_held_latches(table, tracer):
        pass


def fire_held_latches(table: Table, tracer: Any) -> bool:
    """One pass over the pending latches, in the order they were made: fire each whose condition holds."""
    session, fired = table.session, False
    for entry in list(table.latches):
        if fired and entry not in table.latches:
            continue  # its card left play in an effect fired this pass: its latches lapsed with it
        card, index = entry
        ability = card.spec.abilities[index]
        ctx = Context(table, card.owner, card)
        held = ability.guard is None or ability.guard(ctx)
        if tracer is not None:
            tracer.listened(ctx, ability, held)
        if held:
            table.latches.remove(entry)
            card.fired.add(index)
            table.say(f"{card.owner.name} {card.name}: as soon as", card.owner.index, card=card)
            session.checking_latches = True  # the effect's own events check no latches: this pass goes on
            try:
                run_all_or_nothing(table, ability, ctx)
            finally:
                session.checking_latches = False
            fired = True
    return fired
