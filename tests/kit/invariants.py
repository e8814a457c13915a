"""What no legal play may break, checked on any table: the one invariant checker of the test suite.

Conservation: the runtime's general supply is unlimited, so the table keeps it as a ledger (`Table.general`: what left
it counts down, what came back counts up). Every good and Guest on the table, in every zone, plus that ledger, must
stay at its starting total; a good created or lost outside the ledger is a runtime bug. Counts never go below zero,
the limits a player lives by hold, and a player's score parts add up to the total every caller reads.
"""

from __future__ import annotations

from collections.abc import Iterator

from runtime.core.rules_in_force import rule
from runtime.mechanics.scoring import score
from runtime.model.state import CardInPlay, Table


class InvariantBroken(AssertionError):
    """An invariant that failed: `rule` names which one (the same words for the same kind of break), the message
    says where and by how much."""

    def __init__(self, rule: str, detail: str):
        super().__init__(f"{rule}: {detail}")
        self.rule = rule


def cards_on_table(table: Table) -> list[CardInPlay]:
    """Buildings, Elders, and the cards lying under them."""
    cards = [card for player in table.players for card in player.buildings + player.council]
    return cards + [under for card in cards for under in card.under]


def goods_on_table(table: Table) -> dict[str, int]:
    """Each good and Guest summed over the ledger and every zone that can hold it; Ships wherever they are."""
    total = dict(table.general)

    def add(held: dict[str, int]) -> None:
        for good, amount in held.items():
            total[good] += amount

    for player in table.players:
        add(player.supply)
        add(player.reserve)
        for lying in player.track.space_goods:
            add(lying)
        total["guest"] += sum(ship.guest for ship in player.track.ships)
    for card in cards_on_table(table):
        add(card.goods)
    total["fish"] += sum(table.plates) + sum(share.fish for share in table.shares)
    total["guest"] += sum(len(guests) for guests in table.elder_guests.values())
    total["ship"] = sum(table.ships_left.values()) + sum(len(p.track.ships) for p in table.players)
    total["ship"] += sum(len(card.ships) for card in cards_on_table(table))
    return total


def counts(table: Table) -> Iterator[tuple[object, object, int]]:
    """Every count that can never go below zero, with where it is: (holder, key, count)."""
    yield from (("plate", i, fish) for i, fish in enumerate(table.plates))
    yield from (("ships left", kind, left) for kind, left in table.ships_left.items())
    yield from ((share, "fish", share.fish) for share in table.shares)
    for player in table.players:
        yield from ((player, good, n) for good, n in player.supply.items())
        yield from ((player, f"reserve {good}", n) for good, n in player.reserve.items())
        yield from ((player, f"forests {i}", n) for i, n in enumerate(player.harbor.forests))
        for i, lying in enumerate(player.track.space_goods):
            yield from ((player, f"fishing space {i} {good}", n) for good, n in lying.items())
    for card in cards_on_table(table):
        yield from ((card, good, n) for good, n in card.goods.items())


def check_invariants(table: Table, start: dict[str, int]) -> None:
    """Counts stay non-negative, limits hold, goods are conserved (start: goods_on_table of the table as set up)."""
    negative = [count for count in counts(table) if count[2] < 0]
    if negative:
        raise InvariantBroken("a negative count", repr(negative))
    for player in table.players:
        limit = rule(table, player, "wood_limit")
        if player.supply["wood"] > limit:
            raise InvariantBroken("wood over the limit", f"{player.name} holds {player.supply['wood']} of {limit}")
        limit = rule(table, player, "reserve_fish_limit")
        if player.reserve["fish"] > limit:
            raise InvariantBroken("reserve over the limit", f"{player.name} holds {player.reserve['fish']} of {limit}")
    now = goods_on_table(table)
    if now != start:
        changed = {good: now[good] - start[good] for good in start if now[good] != start[good]}
        raise InvariantBroken("goods not conserved", f"against the ledger: {changed}")


def check_scores(table: Table) -> None:
    """Each player's score parts add up to the total (the one a game's Record ranks the players by)."""
    for player in table.players:
        parts = score(table, player)
        total = parts.pop("total")
        if sum(parts.values()) != total:
            raise InvariantBroken("score parts not adding up", f"{player.name}: {parts} make {total}")
