"""Build a Ship: pick a type still on the supply board, pay (Guests may help), place it on the Fishing track."""

from __future__ import annotations

from functools import cache, partial

from runtime.core.attempts import choose_legal
from runtime.core.decisions import DecisionKind, ask
from runtime.core.events import emit, heard
from runtime.core.rules_in_force import rule, rule_holders, rule_index
from runtime.mechanics.board import (
    decline_gap,
    free_track_spaces,
    ship_length,
    track_gap,
    unoccupied_track_spaces,
)
from runtime.mechanics.buildings import ON_TRACK
from runtime.mechanics.payment import Due, Payment, affordable, can_pay, choose_and_pay, payment_options, total
from runtime.model.cards import CostOption
from runtime.model.declarations import BUILD_SHIP, PAYING_GOODS, PLACE_SHIP, Timing
from runtime.model.parameters import parameters
from runtime.model.state import IllegalAction, Player, Ship, Table

PLACE_SHIP_WINDOW = (PLACE_SHIP.name, Timing.BEFORE)  # a card listening there may bring what pays for the Ship


def ship_cost(table: Table, player: Player, ship_type: str) -> tuple[CostOption, ...]:
    """The Ship's price in each good it costs (see base_price)."""
    base = base_price(table, player, ship_type)
    return priced(table, player, price_keys(ship_type)) if base is None else base[0]


def can_afford(table: Table, player: Player, ship_type: str) -> bool:
    """Whether the player can pay for the Ship: asked of every type left whenever Build a Ship may be offered."""
    base = base_price(table, player, ship_type)
    if base is None:
        return affordable(table, player, priced(table, player, price_keys(ship_type)))
    return can_pay(table, player, base[1])


def base_price(table: Table, player: Player, ship_type: str) -> tuple[tuple[CostOption, ...], Due] | None:
    """The Ship's base cost and its total while no card in play changes one of its prices (the rule index says, the
    usual case), made once for every table of the same rules and player count (Bases.ship_prices); None while one
    does."""
    keys = price_keys(ship_type)
    changed = rule_index(table)
    for _, key in keys:
        if key in changed:
            return None
    base = table.bases.ship_prices
    price = base.get(ship_type)
    if price is None:
        cost = priced(table, player, keys)
        price = base[ship_type] = (cost, total(cost[0].parts))
    return price


def priced(table: Table, player: Player, keys: tuple[tuple[str, str], ...]) -> tuple[CostOption, ...]:
    return (CostOption(tuple([("goods", rule(table, player, key), good) for good, key in keys])),)


@cache
def price_keys(ship_type: str) -> tuple[tuple[str, str], ...]:
    """(good, the rule parameter of its price) for each good a Ship type costs: the parameters never change."""
    prices = ((good, f"{ship_type}_cost_{good}") for good in PAYING_GOODS)
    return tuple((good, key) for good, key in prices if key in parameters())


def build_ship(table: Table, player: Player) -> Ship:
    """The before-window comes first, so goods it gives can pay for the Ship."""
    emit(table, BUILD_SHIP, Timing.BEFORE, player)
    types = ship_types(table, player)
    if not types:
        raise IllegalAction(f"no Ship left on the supply board that {player.name} has a place for and can pay for")
    ship, paid = choose_legal(
        table,
        player.index,
        DecisionKind.SHIP,
        types,
        "build which Ship?",
        partial(buy_and_place, table, player),  # a partial, not a lambda: no Python frame of its own
    )
    left = table.ships_left[ship.type]
    emit(
        table, BUILD_SHIP, Timing.AFTER, player, ships_left_of_type=left, guests_spent=paid.guests, fish_paid=paid.fish
    )
    return ship


def ship_types(table: Table, player: Player, first_only: bool = False) -> list[str]:
    """The types left that the player has a place for and can pay for (first_only: no further than the first, which
    tells whether there is one). A card acting before a Ship is placed may bring goods: then what it costs is left
    to the attempt."""
    paid_later = heard(table, PLACE_SHIP_WINDOW, player)
    room = None  # the track's unoccupied spaces, the same for every type: counted once, when a type can be paid for
    found = []
    for name, left in table.ships_left.items():
        if left > 0 and (paid_later or can_afford(table, player, name)):  # what it costs first: it turns away most
            if room is None:
                room = unoccupied_track_spaces(table, player)
            if has_place(table, player, name, room):
                found.append(name)
                if first_only:
                    break
    return found


def has_place(table: Table, player: Player, ship_type: str, room: int) -> bool:
    """Room on the Fishing track, room being its unoccupied spaces (a gap counted as filled may be declined for the
    Ship), or a card that may hold it."""
    return room >= ship_length(table, player, ship_type) or (
        rule(table, player, f"{ship_type}_to_card") and bool(rule_holders(table, player, "ships_to_card"))
    )


def make_room(table: Table, player: Player, ship_type: str) -> None:
    """A Ship takes as many free spaces as its length. A gap counted as filled may be declined, for good, to build a
    Ship into it (ruling: asked here only when the gap is what blocks the Ship)."""
    length = ship_length(table, player, ship_type)
    free = free_track_spaces(table, player)
    if free >= length:
        return
    gap = track_gap(table, player)
    if not gap or free + gap < length:
        raise IllegalAction(f"{player.name} has {free} free spaces on the Fishing track, a {ship_type} needs {length}")
    if not decline_gap(table, player, "to build a Ship"):
        raise IllegalAction(f"{player.name} keeps the gap on the Fishing track")


def buy_and_place(table: Table, player: Player, ship_type: str) -> tuple[Ship, Payment]:
    """Where the Ship goes is chosen first (a card whose rule lets it hold this type is offered; the choice is
    final); a Ship bound for the Fishing track needs room there and opens the before-placing window before the cost
    is paid, so goods lying on its spaces can pay for it. Returns the Ship and what was paid (the event carries it)."""
    holders = rule_holders(table, player, "ships_to_card") if rule(table, player, f"{ship_type}_to_card") else []
    where = ask(table, player.index, DecisionKind.SHIP_PLACE, [ON_TRACK, *holders], f"place the {ship_type} where?")
    if where == ON_TRACK:
        make_room(table, player, ship_type)
        emit(table, PLACE_SHIP, Timing.BEFORE, player, spaces=ship_length(table, player, ship_type))
    paid = choose_and_pay(table, player, payment_options(table, player, ship_cost(table, player, ship_type)), ship_type)
    if table.ships_left[ship_type] <= 0:  # another build took the last one meanwhile (a hook before placing)
        raise IllegalAction(f"no {ship_type} left on the supply board")
    table.ships_left[ship_type] -= 1
    if where == ON_TRACK:
        return place_ship(table, player, ship_type), paid
    where.ships.append(ship_type)
    if table.session.keep_log:
        table.say(f"{player.name} places a {ship_type} on {where.name}", player.index, card=where)
    return Ship(ship_type), paid


def place_ship(table: Table, player: Player, ship_type: str) -> Ship:
    ship = Ship(ship_type)
    player.track.ships.append(ship)
    if table.session.keep_log:
        table.say(f"{player.name} places a {ship_type} on the fishing track", player.index)
    emit(table, PLACE_SHIP, Timing.AFTER, player, spaces=ship_length(table, player, ship_type))
    return ship
