"""End-game scoring, in exact fractions (a Guest in the personal supply is worth half a VP)."""

from __future__ import annotations

from fractions import Fraction

from runtime.core.rules_in_force import rule
from runtime.mechanics.board import free_cells
from runtime.model.cards import Context
from runtime.model.state import CardInPlay, Player, Table


def score(table: Table, player: Player) -> dict[str, int | Fraction]:
    """Each part and the total, exact: an int where it is whole, the total always a Fraction (a Fraction made for
    every part cost 3% of a random game, scored at its end)."""
    parts = score_parts(table, player)
    parts["total"] = Fraction(sum(parts.values()))
    return parts


def score_parts(table: Table, player: Player) -> dict[str, int | Fraction]:
    """Each part, worked out in ints where the values are (a Fraction only where a value is one): the same numbers,
    without Fraction arithmetic on every term."""

    def value(key: str) -> int | Fraction:
        return rule(table, player, key)

    supply_guests = player.supply["guest"]  # usually none: then no Fraction arithmetic for them
    guest_value = 1 if rule(table, player, "double_guest_vp") else value("guest_vp_supply")
    issued_held, own_unissued = share_counts(table, player)
    ships = player.track.ships
    return {
        "buildings": sum(raw_building_vp(table, player, card) for card in player.buildings),
        "ships": sum(value(f"{ship.type}_vp") for ship in ships),
        "gold": player.supply["gold"] * value("gold_vp"),
        "shares": value("issued_share_vp") * issued_held + value("unissued_share_vp") * own_unissued,
        "empty_spaces": value("empty_space_vp") * len(free_cells(table, player)),
        "guests": (supply_guests * guest_value if supply_guests else 0)
        + value("guest_vp_ship") * sum(ship.guest for ship in ships),
    }


def share_counts(table: Table, player: Player) -> tuple[int, int]:
    """Issued Shares the player holds (any colour) and the player's own unissued ones, removed Shares left out:
    one pass over the Shares."""
    index, issued_held, own_unissued = player.index, 0, 0
    for share in table.shares:
        if not share.removed:
            if share.issued:
                issued_held += share.holder == index
            else:
                own_unissued += share.colour == index
    return issued_held, own_unissued


def building_vp(table: Table, player: Player, card: CardInPlay) -> Fraction:
    return Fraction(raw_building_vp(table, player, card))


def raw_building_vp(table: Table, player: Player, card: CardInPlay) -> int | Fraction:
    return 0 if card.spec.vp is None else card.spec.vp(Context(table, player, card))
