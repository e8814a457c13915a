"""Serve Fish: fill empty plates of the Banquet Table with fish or Guests, 1 gold per plate filled."""

from __future__ import annotations

from functools import cache

from runtime.core.decisions import DecisionKind, Option, ask
from runtime.core.events import emit
from runtime.core.rules_in_force import printed_plates, rule, scoped_rule
from runtime.mechanics.goods import gain, pay
from runtime.model.declarations import SERVE_FISH, Timing
from runtime.model.state import IllegalAction, Player, Table
from runtime.wording import counted


def plate_options(table: Table) -> tuple[Option, ...]:
    """Each plate of the Banquet Table as an option, by its printed fish: the same Options all game (made once for
    each printing of the board; asked whenever a plate is chosen)."""
    return options_for_plates(printed_plates(table))


@cache
def options_for_plates(printed: tuple[int, ...]) -> tuple[Option, ...]:
    return tuple(Option(plate, f"plate of {fish}") for plate, fish in enumerate(printed))


def plate_cost(table: Table, player: Player, plate: int) -> int:
    return scoped_rule(table, player, "plate_cost", printed_plates(table)[plate])


def ways_to_fill(table: Table, player: Player, plate: int, served: int, limit: int | None) -> list[str]:
    """A Guest fills a plate with no fish and counts as the fish it saved, also against a limit (ruling)."""
    ways = []
    if player.supply["fish"] >= plate_cost(table, player, plate) and fits(table, player, plate, "fish", served, limit):
        ways.append("fish")
    if player.supply["guest"] >= 1 and fits(table, player, plate, "guest", served, limit):
        ways.append("guest")
    return ways


def fill_count(table: Table, player: Player, plate: int, way: str) -> int:
    """The fish a filled plate counts as served: the fish paid, or the printed fish a Guest saved.

    Ruling: a plate-cost rule changes only what fish pay; it has no effect when a Guest fills the plate."""
    return plate_cost(table, player, plate) if way == "fish" else printed_plates(table)[plate]


def fits(table: Table, player: Player, plate: int, way: str, served: int, limit: int | None) -> bool:
    return limit is None or served + fill_count(table, player, plate, way) <= limit


def serve_fish(table: Table, player: Player, limit: int | None = None) -> int:
    """Fill plates one at a time until the player stops; at least one plate or the action is impossible.

    Ruling: only empty plates can be filled; a plate filled with fish holds the fish paid (at least 1),
    a plate filled by a Guest holds 1 fish from the general supply.
    """
    emit(table, SERVE_FISH, Timing.BEFORE, player, fish_served=0, plates_filled=0, plates_filled_with_guests=0)
    served = filled = with_guests = 0
    while True:
        fillable = fillable_plates(table, player, served, limit)
        if not fillable and not filled:
            raise IllegalAction(f"{player.name} cannot fill any plate")
        plates = plate_options(table)
        options = [plates[i] for i in fillable]
        if filled:
            options.append(Option("stop", "stop"))
        if not fillable:
            break
        plate = ask(table, player.index, DecisionKind.SERVE_PLATE, options, "fill which plate?")
        if plate == "stop":
            break
        fish, way = fill_plate(table, player, plate, served, limit)
        served, filled, with_guests = served + fish, filled + 1, with_guests + (way == "guest")
    if table.session.keep_log:
        table.say(f"{player.name} serves {served} fish on {counted(filled, 'plate')}", player.index)
    emit(
        table,
        SERVE_FISH,
        Timing.AFTER,
        player,
        fish_served=served,
        plates_filled=filled,
        plates_filled_with_guests=with_guests,
    )
    return filled


def fillable_plates(table: Table, player: Player, served: int, limit: int | None) -> list[int]:
    fillable = []
    for plate, fish in enumerate(table.plates):  # a plain loop costs less than a comprehension
        if fish == 0 and ways_to_fill(table, player, plate, served, limit):
            fillable.append(plate)
    return fillable


def can_fill_a_plate(table: Table, player: Player) -> bool:
    """Whether Serve Fish could fill any plate, asked before every turn: with no limit a Guest fills any empty
    plate, so a plate's cost is looked up only without one, and only until one can be paid in fish."""
    plates = table.plates
    if 0 not in plates:
        return False
    supply = player.supply
    if supply["guest"] >= 1:
        return True
    fish = supply["fish"]
    for plate, on in enumerate(plates):  # noqa: SIM110 - a plain loop costs less than any() over a generator
        if on == 0 and fish >= plate_cost(table, player, plate):
            return True
    return False


def fill_plate(table: Table, player: Player, plate: int, served: int, limit: int | None) -> tuple[int, str]:
    """Fill one plate, with fish or a Guest as the player chooses: the fish it counts as served, and how."""
    cost = plate_cost(table, player, plate)
    way = ask(
        table,
        player.index,
        DecisionKind.SERVE_WITH,
        ways_to_fill(table, player, plate, served, limit),
        "fish or Guest?",
    )
    table.plates[plate] = max(1, cost) if way == "fish" else 1  # filled before the payment's events are heard
    table.from_general("fish", table.plates[plate])
    if way == "fish":
        pay(table, player, "fish", cost)
    else:
        pay(table, player, "guest", 1)  # a hook on the returned Guest finds this plate full
    gain(table, player, "gold", rule(table, player, "plate_gold"))
    return fill_count(table, player, plate, way), way
