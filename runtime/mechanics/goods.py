"""Moving goods between the general supply, personal supplies, Reserves and cards.

The general supply is unlimited (the rulebook says to improvise if Guests run out), so it is a ledger
(Table.from_general / to_general). `gain` takes from the general supply; a move into the personal supply
from a table zone (a Share, an Elder, a fishing space) first returns the goods there.
"""

from __future__ import annotations

from runtime.core.decisions import DecisionKind, ask
from runtime.core.events import emit
from runtime.core.rules_in_force import WOOD_LIMIT, return_excess, rule
from runtime.model.declarations import GAIN_GUEST, RETURN_GUEST, Timing
from runtime.model.state import IllegalAction, Player, Table


def gain(table: Table, player: Player, good: str, amount: int) -> None:
    """Goods from the general supply into the personal supply; new Guests fire their event one by one."""
    if amount <= 0:
        return
    table.general.add(good, -amount)  # Table.from_general without the call: every gain comes here
    if good == "guest":
        for _ in range(amount):
            player.supply.add("guest", 1)
            if table.session.keep_log:
                table.say(f"{player.name} gains a guest", player.index)
            emit(table, GAIN_GUEST, Timing.AFTER, player)
        return
    player.supply.add(good, amount)  # `+=` in one call (TrackedDict.add): every gain and payment changes a supply
    if table.session.keep_log:
        table.say(f"{player.name} gains {amount} {good}", player.index)
    if good == "wood":
        return_excess(table, player, WOOD_LIMIT)


def holdings(player: Player) -> tuple:
    """Everything a player owns that an action can bring: supply, Reserve, and goods on their cards."""
    on_cards = tuple(tuple(card.goods.values()) for card in player.buildings + player.council)
    return tuple(player.supply.values()), tuple(player.reserve.values()), on_cards


def pay(table: Table, player: Player, good: str, amount: int) -> None:
    """Goods from the personal supply back to the general supply; a returned Guest fires its event."""
    if amount <= 0:
        return
    if player.supply[good] < amount:
        raise IllegalAction(f"{player.name} has {player.supply[good]} {good}, needs {amount}")
    player.supply.add(good, -amount)
    table.general.add(good, amount)  # Table.to_general without the call: every payment comes here
    if table.session.keep_log:
        table.say(f"{player.name} returns {amount} {good}", player.index)
    if good == "guest":
        for _ in range(amount):
            emit(table, RETURN_GUEST, Timing.AFTER, player)


def to_reserve(table: Table, player: Player, good: str, amount: int) -> int:
    """Goods from the general supply into the Reserve; fish beyond the Reserve limit stay in the supply."""
    if good == "fish":
        amount = min(amount, rule(table, player, "reserve_fish_limit") - player.reserve["fish"])
    if amount > 0:
        table.from_general(good, amount)
        player.reserve.add(good, amount)
        if table.session.keep_log:
            table.say(f"{player.name} puts {amount} {good} in reserve", player.index)
    return max(amount, 0)


def empty_reserve(table: Table, player: Player) -> None:
    """Transfer Reserve: everything in it into the personal supply (wood limit and Guest events apply)."""
    moved = dict(player.reserve)
    for good in moved:
        player.reserve[good] = 0
        table.to_general(good, moved[good])
    for good, amount in moved.items():
        gain(table, player, good, amount)


def ships_open_for_guests(player: Player) -> list[int]:
    return [i for i, ship in enumerate(player.track.ships) if not ship.guest]


def offer_guests_on_ships(table: Table, player: Player) -> None:
    """A Guest may board each Ship that has none (never the catboat); it stays there for good."""
    while player.supply["guest"] > 0:
        open_ships = ships_open_for_guests(player)
        if not open_ships:
            return
        options: list[object] = ["no", *open_ships]
        choice = ask(table, player.index, DecisionKind.GUEST_ON_SHIP, options, "place a Guest on a Ship?")
        if choice == "no":
            return
        place_guest_on_ship(table, player, choice)


def place_guest_on_ship(table: Table, player: Player, ship_index: int) -> None:
    ship = player.track.ships[ship_index]
    if ship.guest or player.supply["guest"] < 1:
        raise IllegalAction(f"{player.name} cannot place a Guest on ship {ship_index}")
    player.supply["guest"] -= 1
    ship.guest = True
    if table.session.keep_log:
        table.say(
            f"{player.name} places a Guest on their {ship.type}, Ship {ship_index + 1} on the Fishing track",
            player.index,
        )
