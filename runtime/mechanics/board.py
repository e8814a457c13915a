"""Questions about a player's boards: Harbor spaces and Forests, Fishing track and haul."""

from __future__ import annotations

from collections.abc import Callable

from runtime.core.decisions import DecisionKind, ask
from runtime.core.rules_in_force import (
    card_rule,
    decline,
    double_index,
    double_spaces,
    may_hold,
    middle_columns,
    rule,
    rule_holders,
    scoped_rule,
    usual_haul,
    withdraw_rules,
)
from runtime.model.state import CardInPlay, Player, Table

TRACK_BUILDINGS_AS_SHIPS = "gap_counts_track_buildings"


def covered_cells(table: Table, player: Player) -> set[tuple[int, int]]:
    """Building spaces covered by Forest: those of a double space under at least one Forest, and the one space of
    each Building that counts as a Forest (a Forest on that space; ruling, beside the card)."""
    under = {
        cell
        for double, forests in zip(double_spaces(table), player.harbor.forests, strict=True)
        if forests > 0
        for cell in double.cells
    }
    return under | {card.cell for card in forest_cards(table, player) if card.cell is not None}


def free_cells(table: Table, player: Player, first_only: bool = False) -> list[tuple[int, int]]:
    """Building spaces a new Building may go on: no Building and no Forest; first_only: up to the first found (which
    tells whether there is any). Asked on every build: one plain loop, no set of covered cells, no generator."""
    double_at, forests = double_index(table), player.harbor.forests
    free = []
    for cell, card in player.harbor.cells.items():
        if card is None:
            double = double_at.get(cell)
            if double is None or forests[double] <= 0:
                free.append(cell)
                if first_only:
                    break
    return free


def reforestable(table: Table, player: Player) -> list[int]:
    """Double spaces that may take Forests: neither of their spaces holds a Building (ruling)."""
    cells = player.harbor.cells
    return [i for i, double in enumerate(double_spaces(table)) if all(cells[c] is None for c in double.cells)]


def forested_doubles(player: Player) -> list[int]:
    return [i for i, forests in enumerate(player.harbor.forests) if forests > 0]


def forest_cards(table: Table, player: Player) -> list[CardInPlay]:
    """Buildings that also count as Forests."""
    return [card for card in player.buildings if card_rule(table, card, "is_forest")]


def forest_count(table: Table, player: Player) -> int:
    return sum(player.harbor.forests) + len(forest_cards(table, player))


def double_of(table: Table, cell: tuple[int, int] | None) -> int | None:
    return None if cell is None else double_index(table).get(cell)


def forests_on(table: Table, card: CardInPlay) -> int:
    """Forests stacked on top of a Building placed beneath them."""
    double = double_of(table, card.cell)
    return 0 if double is None else card.owner.harbor.forests[double]


def counted_buildings(table: Table, player: Player) -> list[CardInPlay]:
    """Buildings on the Harbor board; one still buried under Forests does not count."""
    if not may_be_buried(table, player):
        return list(player.buildings)
    return [
        card for card in player.buildings if not (card_rule(table, card, "under_forests") and forests_on(table, card))
    ]


def may_be_buried(table: Table, player: Player) -> bool:
    """Whether any of the player's Buildings may lie under Forests."""
    return may_hold(table, player.buildings, "under_forests")


def forests_in_middle(table: Table, player: Player) -> int:
    middle = set(middle_columns(table))
    return sum(
        forests
        for double, forests in zip(double_spaces(table), player.harbor.forests, strict=True)
        if all(column in middle for _, column in double.cells)
    )


def squares_of_buildings(table: Table, player: Player) -> int:
    """How many 3x3 blocks of Building spaces all hold Buildings."""
    built = {cell for cell, card in player.harbor.cells.items() if card is not None}
    rows, columns = max(r for r, _ in player.harbor.cells), max(c for _, c in player.harbor.cells)  # as set up
    return sum(
        all((r + dr, c + dc) in built for dr in range(3) for dc in range(3))
        for r in range(1, rows - 1)
        for c in range(1, columns - 1)
    )


def track_length(table: Table, player: Player) -> int:
    return rule(table, player, "catboat_length") + ships_length(table, player)


class LengthKeys(dict[str, str]):
    """Ship type -> the rule parameter of its length, each made the first time it is asked (the haul asks for every
    Ship on the track, after every event a latch waits on it: a dict look-up, not a string made each time)."""

    def __missing__(self, ship_type: str) -> str:
        key = self[ship_type] = f"{ship_type}_length"
        return key


LENGTH_KEYS = LengthKeys()


def ship_length(table: Table, player: Player, ship_type: str) -> int:
    return rule(table, player, LENGTH_KEYS[ship_type])


def ships_length(table: Table, player: Player) -> int:
    length = 0
    for ship in player.track.ships:  # a plain loop costs less than sum() over a generator: the haul asks often
        length += rule(table, player, LENGTH_KEYS[ship.type])  # ship_length inlined
    return length


def haul_size(table: Table, player: Player) -> int:
    """The haul by total Ship length, plus one per Ship a card holds (a Boating Lake style card).

    Ruling: a gap that counts as filled adds its spaces to the length, 1 each, as the Ship moved past them; a
    Building on the track, placed "as though it were a Ship", adds the spaces it takes, 1 each, though it is no
    Ship."""
    on_cards = 0
    for card in player.buildings:  # a plain loop costs less than sum() over a generator: asked on every fishing
        on_cards += len(card.ships)
    length = track_length(table, player)
    for card in player.track.cards:  # mostly none
        length += card_track_spaces(table, card)
    if rule(table, player, "fishing_gap"):  # a card's gap, counted when filled (track_gap); mostly none: not asked
        length += track_gap(table, player)
    return scoped_rule(table, player, "haul_size", usual_haul(table, player, length)) + on_cards


def card_track_spaces(table: Table, card: CardInPlay) -> int:
    return card_rule(table, card, "track_spaces_taken")


def occupied_track_spaces(table: Table, player: Player) -> int:
    """Each Ship takes as many spaces as its length, a Building on the track the spaces its rule says."""
    occupied = ships_length(table, player)
    for card in player.track.cards:  # mostly none: a loop makes no generator for them (asked before every Ship)
        occupied += card_track_spaces(table, card)
    return occupied


def track_gap(table: Table, player: Player) -> int:
    """A card's gap before the rightmost Ship counts as filled, but only with a Ship to move and room for it (whether
    Buildings on the track are the Ship is asked only of a gap: most tracks have none)."""
    gap = gap_with_room(table, player)
    return gap if gap and (player.track.ships or track_buildings_are_ships(table, player)) else 0


def gap_with_room(table: Table, player: Player) -> int:
    """The gap a card sets, or 0 while fewer free spaces than it are left (not counted without a gap, the usual case:
    the haul asks on every fishing)."""
    gap = rule(table, player, "fishing_gap")
    if not gap:
        return 0
    return gap if unoccupied_track_spaces(table, player) >= gap else 0


def track_buildings_are_ships(table: Table, player: Player) -> bool:
    """A Building on the track is the gap's Ship only where a card lets its owner consider it one and they chose to."""
    holders = rule_holders(table, player, TRACK_BUILDINGS_AS_SHIPS)
    return bool(player.track.cards) and any(card.choices.get(TRACK_BUILDINGS_AS_SHIPS) for card in holders)


def consider_track_buildings_ships(table: Table, player: Player) -> None:
    """Ask once per card that allows it whether its owner considers the Buildings on their Fishing track Ships for
    its gap, when that first matters: a Building on the track, no Ship, and room for the gap (ruling)."""
    if player.track.ships or not player.track.cards or not gap_with_room(table, player):
        return
    for card in rule_holders(table, player, TRACK_BUILDINGS_AS_SHIPS):
        if TRACK_BUILDINGS_AS_SHIPS not in card.choices:
            prompt = f"consider the Buildings on your Fishing track Ships for the effect of {card.name}?"
            card.choices[TRACK_BUILDINGS_AS_SHIPS] = ask(table, player.index, DecisionKind.MAY, [True, False], prompt)


def unoccupied_track_spaces(table: Table, player: Player) -> int:
    """The spaces no Ship or Building takes: the free ones and a gap counted as filled (which may be declined)."""
    return rule(table, player, "track_spaces") - occupied_track_spaces(table, player)


def free_track_spaces(table: Table, player: Player) -> int:
    return unoccupied_track_spaces(table, player) - track_gap(table, player)


def decline_gap(table: Table, player: Player, why: str) -> bool:
    """Offer to decline, for good, the cards whose gap now counts as filled; True if declined (a card's "You may
    decline this effect at any time", asked where the gap's spaces matter)."""
    if not track_gap(table, player):
        return False
    if not ask(table, player.index, DecisionKind.MAY, [True, False], f"decline the gap on your Fishing track {why}?"):
        return False
    for card in rule_holders(table, player, "fishing_gap"):
        decline(table, card)
    return True


def holds_without_gap(table: Table, player: Player, test: Callable[[], bool]) -> bool:
    """Whether `test` would hold with the gap declined: tried on the table and taken back."""
    if not track_gap(table, player):
        return False
    with table.snapshot() as mark:
        for card in rule_holders(table, player, "fishing_gap"):
            withdraw_rules(table, card)
        held = test()
        table.restore(mark)
    return held


def fish_on_plates(table: Table) -> int:
    return sum(table.plates)
