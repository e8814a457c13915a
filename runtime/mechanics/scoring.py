"""End-game scoring, in exact fractions (a Guest in the personal supply is worth half a VP)."""

from __future__ import annotations

from fractions import Fraction

from runtime.engine.events import emit
from runtime.engine.phases import between_turns
from runtime.engine.play import rule
from runtime.mechanics.board import free_cells
from runtime.mechanics.shares import turn_order
from runtime.model.cards import Context
from runtime.model.declarations import BEFORE_SCORING
from runtime.model.state import Player, Table


def final_scores(table: Table) -> dict[int, dict[str, Fraction]]:
    """The before-scoring moment (with its last chance to board Guests), then every player's parts."""
    for player in turn_order(table):
        before_scoring_of(table, player)
    return {player.index: score(table, player) for player in table.players}


def before_scoring_of(table: Table, player: Player) -> None:
    emit(table, BEFORE_SCORING, "at", player)
    between_turns(table, player)


def score(table: Table, player: Player) -> dict[str, Fraction]:
    """Each part and the total, as exact fractions. Worked out in ints where the values are (a Fraction only where
    a value is one): the same numbers, without Fraction arithmetic on every term."""

    def value(key: str) -> int | Fraction:
        return rule(table, player, key)

    guest_value = 1 if rule(table, player, "double_guest_vp") else value("guest_vp_supply")
    shares = [s for s in table.shares if not s.removed]
    parts = {
        "buildings": sum(raw_building_vp(table, player, card) for card in player.buildings),
        "ships": sum(value(f"{ship.type}_vp") for ship in player.track.ships),
        "gold": player.supply["gold"] * value("gold_vp"),
        "shares": value("issued_share_vp") * sum(s.issued and s.holder == player.index for s in shares)
        + value("unissued_share_vp") * sum(not s.issued and s.colour == player.index for s in shares),
        "empty_spaces": value("empty_space_vp") * len(free_cells(table, player)),
        "guests": player.supply["guest"] * guest_value
        + value("guest_vp_ship") * sum(ship.guest for ship in player.track.ships),
    }
    parts["total"] = sum(parts.values())
    return {name: Fraction(part) for name, part in parts.items()}


def building_vp(table: Table, player: Player, card) -> Fraction:
    return Fraction(raw_building_vp(table, player, card))


def raw_building_vp(table: Table, player: Player, card) -> int | Fraction:
    return 0 if card.spec.vp is None else card.spec.vp(Context(table, player, card))
