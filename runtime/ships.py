"""Build a Ship: pick a type still on the supply board, pay (Guests may help), place it on the Fishing track."""

from __future__ import annotations

from runtime.attempts import choose_legal
from runtime.board import free_track_spaces
from runtime.cards import CostOption
from runtime.events import emit
from runtime.goods import gain
from runtime.payment import choose_and_pay
from runtime.state import IllegalAction, Player, Ship, Table


def ship_cost(table: Table, ship_type: str) -> tuple[CostOption, ...]:
    cost = table.rules.ships[ship_type].cost
    return (CostOption(tuple(("goods", good, amount) for good, amount in cost.items())),)


def build_ship(table: Table, player: Player) -> Ship:
    """The before-window comes first, so goods it gives can pay for the Ship."""
    emit(table, "build_ship", "before", player)
    if free_track_spaces(table, player) <= 0:
        raise IllegalAction(f"P{player.index} has no free space on the Fishing track")
    types = [name for name, left in table.ships_left.items() if left > 0]
    if not types:
        raise IllegalAction("no Ships left on the supply board")
    ship = choose_legal(
        table, player.index, "ship", types, "build which Ship?", lambda name: buy_and_place(table, player, name)
    )
    emit(table, "build_ship", "after", player, ships_left_of_type=table.ships_left[ship.type])
    return ship


def buy_and_place(table: Table, player: Player, ship_type: str) -> Ship:
    choose_and_pay(table, player, ship_cost(table, ship_type), ship_type)
    table.ships_left[ship_type] -= 1
    return place_ship(table, player, ship_type)


def place_ship(table: Table, player: Player, ship_type: str) -> Ship:
    """Whatever a card left on the Fishing track space goes to the owner's supply as the Ship arrives (ruling)."""
    emit(table, "place_ship", "before", player)
    space = len(player.track.ships)
    lying = player.track.space_goods[space]
    for good in list(lying):
        gain(table, player, good, lying.pop(good))
    ship = Ship(ship_type)
    player.track.ships.append(ship)
    table.say(f"P{player.index} places a {ship_type} on space {space + 1}")
    emit(table, "place_ship", "after", player)
    return ship
