"""Build a Ship: pick a type still on the supply board, pay (Guests may help), place it on the Fishing track."""

from __future__ import annotations

from runtime.engine.attempts import choose_legal
from runtime.engine.decisions import DecisionKind, ask
from runtime.engine.events import emit
from runtime.engine.play import rule_holders
from runtime.mechanics.board import free_track_spaces, occupied_track_spaces, track_gap
from runtime.mechanics.buildings import ON_TRACK
from runtime.mechanics.payment import choose_and_pay
from runtime.model.cards import CostOption
from runtime.model.declarations import BUILD_SHIP, PLACE_SHIP
from runtime.model.state import IllegalAction, Player, Ship, Table


def ship_cost(table: Table, ship_type: str) -> tuple[CostOption, ...]:
    cost = table.rules.ships[ship_type].cost
    return (CostOption(tuple(("goods", amount, good) for good, amount in cost.items())),)


def build_ship(table: Table, player: Player) -> Ship:
    """The before-window comes first, so goods it gives can pay for the Ship."""
    emit(table, BUILD_SHIP, "before", player)
    if free_track_spaces(table, player) <= 0 and not decline_gap(table, player):
        raise IllegalAction(f"P{player.index} has no free space on the Fishing track")
    types = [name for name, left in table.ships_left.items() if left > 0]
    if not types:
        raise IllegalAction("no Ships left on the supply board")
    ship = choose_legal(
        table,
        player.index,
        DecisionKind.SHIP,
        types,
        "build which Ship?",
        lambda name: buy_and_place(table, player, name),
    )
    emit(table, BUILD_SHIP, "after", player, ships_left_of_type=table.ships_left[ship.type])
    return ship


def decline_gap(table: Table, player: Player) -> bool:
    """A gap counted as filled may be declined to build a Ship into it; with fewer free spaces left than the gap
    needs, the gap then lapses by itself (ruling: the player is asked only when the gap is what blocks the Ship)."""
    if track_gap(table, player) == 0 or occupied_track_spaces(player) >= table.rules.track_spaces:
        return False
    return ask(
        table, player.index, DecisionKind.MAY, [True, False], "decline the gap on your Fishing track to build a Ship?"
    )


def buy_and_place(table: Table, player: Player, ship_type: str) -> Ship:
    """Where the Ship goes is chosen first (a card whose rule lets it hold this type is offered; the choice is
    final); a Ship bound for the Fishing track opens the before-placing window before the cost is paid, so
    goods lying on its space can pay for it."""
    holders = rule_holders(table, player, "ships_to_card") if ship_type in table.rules.card_ship_types else []
    where = ask(table, player.index, DecisionKind.SHIP_PLACE, [ON_TRACK, *holders], f"place the {ship_type} where?")
    if where == ON_TRACK:
        emit(table, PLACE_SHIP, "before", player)
    choose_and_pay(table, player, ship_cost(table, ship_type), ship_type)
    table.ships_left[ship_type] -= 1
    if where == ON_TRACK:
        return place_ship(table, player, ship_type)
    where.ships.append(ship_type)
    table.say(f"P{player.index} places a {ship_type} on {where.name}", player.index, card=where)
    return Ship(ship_type)


def place_ship(table: Table, player: Player, ship_type: str) -> Ship:
    ship = Ship(ship_type)
    player.track.ships.append(ship)
    table.say(f"P{player.index} places a {ship_type} on the fishing track", player.index)
    emit(table, PLACE_SHIP, "after", player)
    return ship
