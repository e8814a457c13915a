"""The rules in force: each rule parameter's value as rules.toml sets it and the cards in play change it (the rule
look-up), and the printed boards' shape read from the rules data."""

from __future__ import annotations

from typing import Any, NamedTuple

from runtime.core.events import card_context
from runtime.model.cards import CardSpec, Context
from runtime.model.errors import CardError
from runtime.model.parameters import parameters
from runtime.model.rules import DoubleSpace, Rules
from runtime.model.state import CardInPlay, Player, Table


def base_value(rules: Rules, key: str, players: int, scope: dict[str, Any] | None = None) -> Any:
    """A rule parameter's value when no card changes it: from rules.toml (this player count's entry of a list by
    player count), or for a scoped parameter the usual value its caller worked out."""
    usual, value, _ = base_of(rules, key, players)
    return scope[usual] if usual else value


def base_of(rules: Rules, key: str, players: int) -> tuple[str, Any, bool]:
    """(the scope keyword its base value comes under or "", the base value from rules.toml, whether every player's
    cards change it)."""
    parameter = parameters()[key]
    value = None if parameter.usual else rules.default(parameter.path)
    if parameter.by_player_count:
        value = value[players - 1]
    return (parameter.usual, value, parameter.reach == "table")


def table_base(table: Table, key: str) -> tuple[str, Any, bool]:
    """base_of for this table, remembered by it (Bases.parameters; the rule look-ups read that first, inline): the
    look-up asks on every move."""
    found = table.bases.parameters[key] = base_of(table.rules, key, len(table.players))
    return found


def rule_changes(table: Table) -> dict[str, tuple[tuple[Player, Context, Any], ...]]:
    """Parameter -> each card in play that changes it, with its owner and the Context its change is called with (the
    cards change only when the table's shape does). In layers, as printed card games do: first the fixed values,
    then the changes relative to the value before them (CardSpec.relative_rules), each layer in seat order and then
    in the order played; so "1 more Elder seat" adds to a card's "6 seats" whichever came first (ruling)."""
    fixed: dict[str, tuple[tuple[Player, Context, Any], ...]] = {}
    relative: dict[str, tuple[tuple[Player, Context, Any], ...]] = {}
    for owner in table.players:
        for cards in (owner.buildings, owner.council):  # not joined into one list: worked out after every undo
            for card in cards:
                spec = card.spec
                if spec.rules and not card.declined:
                    ctx = card_context(table, card)
                    for key, change in spec.rules.items():
                        layer = relative if key in spec.relative_rules else fixed
                        layer[key] = (*layer.get(key, ()), (owner, ctx, change))
    for key, changes in relative.items():
        fixed[key] = (*fixed.get(key, ()), *changes)
    return fixed


def rule_index(table: Table) -> dict[str, tuple[tuple[Player, Context, Any], ...]]:
    """rule_changes of the table as it is, remembered with the cards in play that have rules (Table.derived)."""
    derived = table._journal.derived
    index = derived.rule_changes
    if index is None:
        index = derived.rule_changes = rule_changes(table)
    return index


def rule(table: Table, player: Player | None, key: str, **scope: Any) -> Any:
    """The value of a rule parameter for `player`: rules.toml's, changed by the player's cards (by every player's
    for a table-wide parameter), in the layers of rule_changes: fixed values first, then relative changes. Each
    change receives the value before it (a rule reading its own name adds to it), so the last fixed value wins and
    every relative change adds to it, whatever the order played (ruling); each change is held to the parameter's
    range (within_range).

    Most look-ups ask for a parameter no card in play changes: one read of rule_values answers them. Which cards
    change the others is worked out with it (the rule index); what each change gives is worked out every time,
    since it may depend on anything on the table."""
    derived = table._journal.derived  # asked most
    values = derived.rule_values
    if values is None:
        values = rule_values(table)
    if key in values:
        return values[key]
    usual, value, table_wide = table.bases.parameters.get(key) or table_base(table, key)
    if usual:
        value = scope[usual]
    changes = derived.rule_changes.get(key)  # made with the values
    if changes:
        asked = table.session.rules_asked
        mark = (id(player), key)
        if mark in asked:
            raise rule_loop(asked[mark], key)
        everyone = table_wide or player is None
        try:
            for owner, ctx, change in changes:
                if everyone or owner is player:
                    asked[mark] = (ctx, change)
                    value = within_range(key, change(ctx, **scope, before=value))
        finally:
            asked.pop(mark, None)
    return value


class RuleLoop(CardError):
    """A card's rule worked out from a count that reads the same rule: its value would be asked for without end."""


def rule_loop(asking: tuple[Context, Any], key: str) -> RuleLoop:
    """Names the card whose change was being worked out when its own rule was asked for again."""
    ctx, change = asking
    code = getattr(change, "__code__", None)
    where = f"{code.co_filename}:{ctx.card.spec.line}" if code is not None else f"line {ctx.card.spec.line}"
    words = parameters()[key].words
    return RuleLoop(
        f'{where}: card "{ctx.card.name}": its rule "{words}" is worked out from its own value without end (a count '
        f"in it reads {words} again); work it out from other counts, or write `{words} + N` to change the value "
        "before it"
    )


def within_range(key: str, value: Any) -> Any:
    """A card's change held to its parameter's range (ruling): a value worked out below the parameter's `least`
    counts as `least`, so `rule wood limit = wood limit - 20` gives a limit of 0, never a negative one; one above
    its `most` counts as `most`, so squaring the worker turns gives 6, not thousands."""
    parameter = parameters()[key]
    least, most = parameter.least, parameter.most
    if least is not None and value < least:
        return least
    return most if most is not None and value > most else value


def scoped_rule(table: Table, player: Player | None, key: str, usual: Any) -> Any:
    """rule() for a scoped parameter, its one scope keyword's value (the usual value its caller worked out) given as
    `usual`: while no card in play changes the parameter (the rule index says, the usual case) that value is the
    answer, found without building the keywords a scoped look-up passes to the changes."""
    index = table._journal.derived.rule_changes
    if index is None:
        index = rule_index(table)
    if key not in index:
        return usual
    return rule(table, player, key, **{table_base(table, key)[0]: usual})


def rule_values(table: Table) -> dict[str, Any]:
    """Every parameter without a scope that no card in play changes, with its base value: made from the table's
    base values once for as long as the cards in play with rules stay the same (Table.derived, with the rule
    index)."""
    values = table._journal.derived.rule_values
    if values is not None:
        return values
    values = unscoped_bases(table)  # read, never changed
    changed = rule_index(table)
    if not values.keys().isdisjoint(changed):  # looks up each changed key; changed.keys() would walk every value
        values = dict(values)
        for key in changed:
            values.pop(key, None)
    table._journal.derived.rule_values = values
    return values


def unscoped_bases(table: Table) -> dict[str, Any]:
    """Every parameter without a scope with its base value at this table (Bases.unscoped)."""
    found = table.bases.unscoped
    if found is None:
        found = table.bases.unscoped = {}
        for key in parameters():
            usual, value, _ = table.bases.parameters.get(key) or table_base(table, key)
            if not usual:
                found[key] = value
    return found


def card_rule(table: Table, card: CardInPlay, key: str) -> Any:
    """A rule parameter as one card sets it for itself (placement rules); the base value otherwise."""
    return spec_rule(table, card.owner, card.spec, key, card)


def spec_rule(table: Table, player: Player, spec: CardSpec, key: str, card: CardInPlay | None = None) -> Any:
    """A rule parameter as a card sets it for itself, in play or not yet (where it may be built). A card in play's
    change is called with its own Context (card_context), made once while the cards in play stay the same."""
    # inline: asked for every card on every build
    value = (table.bases.parameters.get(key) or table_base(table, key))[1]
    change = spec.rules.get(key)
    if change is None:
        return value
    return within_range(
        key, change(Context(table, player) if card is None else card_context(table, card), before=value)
    )


def may_hold(table: Table, cards: list[CardInPlay], key: str) -> bool:
    """Whether card_rule(key) can be on for any of the cards: its base value is, or one of them sets it (asked
    before asking each card, which costs more)."""
    if (table.bases.parameters.get(key) or table_base(table, key))[1]:  # inline, as in rule()
        return True
    for card in cards:  # noqa: SIM110 - a plain loop costs less than any() over a generator, asked every turn
        if key in card.spec.rules:
            return True
    return False


def decline(table: Table, card: CardInPlay) -> None:
    """Its owner declines the card's standing effect for good: its rules no longer apply (it still scores)."""
    withdraw_rules(table, card)
    table.say(f"{card.owner.name} declines the effect of {card.name}", card.owner.index, card=card)
    hold_limits(table)


def hold_limits(table: Table) -> None:
    """A limit lowered below what a player holds takes the excess back to the general supply at once (ruling, from
    the Wood Storage: "only you can have up to 15 wood in your personal supply": a limit is what a supply holds, not
    a check on gains; tests/runtime/core/test_lowered_limits.py). Called where a card's rule comes into or out of
    force, and after each step of the game for limits worked out from counts (hold_limits_after_step). A limit worked
    out from what it returns (`wood limit = wood in supply / 2 rounded down`) falls again: returned until none is
    over (it ends, as each pass returns at least one good)."""
    while any([return_excess(table, player, limit) for player in table.players for limit in LIMITS]):
        pass


def hold_limits_after_step(table: Table) -> None:
    """hold_limits at the end of a step of the game, for a limit a card works out from counts the step may have
    changed: only while a card in play changes a limit (the rule index says). Otherwise every limit is its base
    value, which no holding passes: a gain returns what is over it at once (goods.gain, goods.to_reserve), a worked
    example's given may not set more (examples/table.problems), and a card's rule coming into or out of force holds
    the limits there (in_play.attach, in_play.detach, decline)."""
    if not LIMIT_KEYS.isdisjoint(rule_index(table)):
        hold_limits(table)


class Limit(NamedTuple):
    """A limit on what a player holds: the holding, its good, the rule parameter, and the words for the excess."""

    holding: str
    good: str
    key: str
    words: str


WOOD_LIMIT = Limit("supply", "wood", "wood_limit", "over the limit")
LIMITS = (WOOD_LIMIT, Limit("reserve", "fish", "reserve_fish_limit", "over the Reserve limit"))
LIMIT_KEYS = frozenset(limit.key for limit in LIMITS)


def return_excess(table: Table, player: Player, limit: Limit) -> bool:
    """The player's goods over one limit back to the general supply; whether there were any."""
    held = getattr(player, limit.holding)
    over = held[limit.good] - rule(table, player, limit.key)
    if over <= 0:
        return False
    held.add(limit.good, -over)
    table.to_general(limit.good, over)
    table.say(f"{player.name} returns {over} {limit.good} {limit.words}", player.index)
    return True


def withdraw_rules(table: Table, card: CardInPlay) -> None:
    """The card's rules no longer apply (declined): what was derived from the cards in play is forgotten, now and
    when this is undone."""
    card.declined = True
    table._journal.forget_derived()


def rule_holders(table: Table, player: Player, key: str) -> list[CardInPlay]:
    """The owner's cards whose rule parameter `key` is on, for rules that name their card: of the cards that set it
    (the rule index, in the order played), those whose value is on."""
    changes = rule_index(table).get(key, ())
    return [ctx.card for owner, ctx, _ in changes if owner is player and card_rule(table, ctx.card, key)]


# The printed shape of the boards and the structured tables behind scoped rules: read here, so the look-up module
# is the only reader of the rules data.


def printed_plates(table: Table) -> tuple[int, ...]:
    return table.rules.plates


def double_spaces(table: Table) -> tuple[DoubleSpace, ...]:
    return table.rules.doubles


def double_sizes(table: Table) -> tuple[int, ...]:
    """How many Building spaces each double space has (Bases.double_sizes): a latch counts the forest-covered spaces
    after every event."""
    found = table.bases.double_sizes
    if found is None:
        found = table.bases.double_sizes = tuple(len(double.cells) for double in table.rules.doubles)
    return found


def double_index(table: Table) -> dict[tuple[int, int], int]:
    """Building space -> the double space it lies in (Rules.double_at)."""
    return table.rules.double_at


def middle_columns(table: Table) -> tuple[int, ...]:
    return table.rules.middle_columns


def ship_types(table: Table) -> tuple[str, ...]:
    return table.rules.ship_types


def capacity(table: Table, space: str) -> int:
    """How many Workers an action space holds at this table (0: not in use)."""
    return rule(table, None, f"capacity_{space}")


def capacities(table: Table) -> dict[str, int]:
    """Every action space's capacity, for a question that needs several (read it, do not change it): the base values
    (Bases.capacities) while no card in play changes a capacity."""
    keys, bases, capacity_keys = base_capacities(table)
    if capacity_keys.isdisjoint(rule_index(table)):  # looks up each changed parameter (not every capacity)
        return bases
    return {name: rule(table, None, key) for name, key in keys.items()}


def base_capacities(table: Table) -> tuple[dict[str, str], dict[str, int], frozenset[str]]:
    """Each action space's capacity parameter and its base value, and the parameters as a set, remembered by the
    table (Bases.capacities): the spaces, rules and player count never change, and the capacities are
    asked after every undo."""
    found = table.bases.capacities
    if found is None:
        keys = {name: f"capacity_{name}" for name in table.spaces}
        bases = {name: table_base(table, key)[1] for name, key in keys.items()}
        found = table.bases.capacities = (keys, bases, frozenset(keys.values()))
    return found


NO_ROW = object()  # a length not looked up yet


def usual_haul(table: Table, player: Player, length: int) -> int:
    """The haul table's value for a total Ship length; below its first row, the catboat's own haul."""
    rows = table.bases.haul_rows
    row = rows.get(length, NO_ROW)
    if row is NO_ROW:
        row = rows[length] = haul_row(table.rules.haul_table, length)
    return rule(table, player, "catboat_haul") if row is None else row


def haul_row(haul_table: tuple[tuple[int, int], ...], length: int) -> int | None:
    """The value of the haul table's highest row not above the length, or None below every row: remembered for each
    length (usual_haul), since the haul is asked on every fishing and after every event a latch waits on it."""
    haul = None
    for lowest, value in haul_table:
        if length >= lowest:
            haul = value
    return haul


def usual_share_discount(table: Table) -> int:
    """Buy all Shares: the discount of the highest row of the Share discounts whose round has come."""
    best, now = None, table.round
    for start, discount in table.rules.share_discount:  # a loop, not max() over a list: asked for every Share bought
        if now >= start and (best is None or discount > best):
            best = discount
    return 0 if best is None else best
