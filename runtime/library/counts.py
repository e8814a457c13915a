"""Counts: the numbers a condition, an amount or a VP formula reads (the vocabulary's COUNTS)."""

from __future__ import annotations

from runtime.core.rules_in_force import double_sizes, may_hold, rule, ship_types
from runtime.mechanics import board
from runtime.mechanics.elders import free_seats, visible_on_supply_board
from runtime.model.cards import Context
from runtime.model.declarations import PAYING_GOODS
from runtime.model.state import CardInPlay


def good_in_supply(ctx: Context, good: str) -> int:
    return ctx.me.supply[good]


def good_in_supply_before_paying(ctx: Context, good: str) -> int:
    """While this card is being built, the builder's supply before its cost was paid; at any other time, now."""
    card = ctx.card
    if card is not None and card.paid_from is not None and card.owner is ctx.me:
        return dict(card.paid_from)[good]
    return ctx.me.supply[good]


def good_in_reserve(ctx: Context, good: str) -> int:
    return ctx.me.reserve[good]


def good_on_card(ctx: Context, good: str) -> int:
    return ctx.card.goods[good]


def goods_in_supply(ctx: Context) -> int:
    return sum(ctx.me.supply[good] for good in PAYING_GOODS)


def elders(ctx: Context) -> int:
    return len(ctx.me.council)


def elders_without_fish(ctx: Context) -> int:
    return sum(elder.goods["fish"] == 0 for elder in ctx.me.council)


def free_elder_seats(ctx: Context) -> int:
    return max(0, free_seats(ctx.table, ctx.me))


def elders_under_card(ctx: Context) -> int:
    return len(ctx.card.under)


def visible_elders(ctx: Context) -> int:
    return len(visible_on_supply_board(ctx.table))


def workers_on_elders(ctx: Context) -> int:
    return sum(elder.worker is not None for elder in ctx.me.council)


def elders_used_this_round(ctx: Context) -> int:
    return ctx.me.elders_used_round


def forests(ctx: Context) -> int:
    return board.forest_count(ctx.table, ctx.me)


def forested_double_spaces(ctx: Context) -> int:
    return len(board.forested_doubles(ctx.me))


def stacked_double_spaces(ctx: Context) -> int:
    return sum(count >= 2 for count in ctx.me.harbor.forests)


def forests_in_middle_columns(ctx: Context) -> int:
    return board.forests_in_middle(ctx.table, ctx.me)


def buildings(ctx: Context) -> int:
    """Latches ask after every event: while none of the player's Buildings may lie under Forests, each counts and
    no list of them is made."""
    table, me = ctx.table, ctx.me
    if board.may_be_buried(table, me):
        return len(board.counted_buildings(table, me))
    return len(me.buildings)


def buildings_of_letter(ctx: Context, letter: str) -> int:
    """The player's Buildings that bear the letter (one still buried under Forests does not count)."""
    return count_letter(board.counted_buildings(ctx.table, ctx.me), letter.upper())


def count_letter(cards: list[CardInPlay], wanted: str) -> int:
    count = 0
    for card in cards:  # a loop costs less than sum() over a generator
        if card.spec.letter == wanted:
            count += 1
    return count


def forests_on_card(ctx: Context) -> int:
    return board.forests_on(ctx.table, ctx.card)


def empty_building_spaces(ctx: Context) -> int:
    return len(board.free_cells(ctx.table, ctx.me))


def forest_covered_spaces(ctx: Context) -> int:
    """board.covered_cells counted without making the set (a latch asks after every event): no Building space lies
    in two double spaces (Rules refuses such a board), so the forested double spaces' sizes add up to theirs; a
    Building that counts as a Forest adds its own space unless a forested double space holds it already. Whether any
    Building may count as a Forest is asked first, as most tables have none."""
    table, me = ctx.table, ctx.me
    count = 0
    for size, forests in zip(double_sizes(table), me.harbor.forests, strict=True):
        if forests > 0:
            count += size
    if may_hold(table, me.buildings, "is_forest"):
        for card in board.forest_cards(table, me):
            double = board.double_of(table, card.cell)
            if card.cell is not None and (double is None or me.harbor.forests[double] <= 0):
                count += 1
    return count


def building_squares(ctx: Context) -> int:
    return board.squares_of_buildings(ctx.table, ctx.me)


def haul_size(ctx: Context) -> int:
    return board.haul_size(ctx.table, ctx.me)


def ships(ctx: Context) -> int:
    return len(ctx.me.track.ships)


def ships_with_catboat(ctx: Context) -> int:
    return len(ctx.me.track.ships) + 1


def ships_of_type(ctx: Context, ship: str) -> int:
    return sum(s.type == ship for s in ctx.me.track.ships)


def missing_ship_types(ctx: Context) -> int:
    present = {s.type for s in ctx.me.track.ships}
    return sum(kind not in present for kind in ship_types(ctx.table))


def guests_on_ships(ctx: Context) -> int:
    return sum(s.guest for s in ctx.me.track.ships)


def free_fishing_spaces(ctx: Context) -> int:
    return board.free_track_spaces(ctx.table, ctx.me)


def filled_fishing_gap(ctx: Context) -> int:
    return board.track_gap(ctx.table, ctx.me)


def ship_values_on_card(ctx: Context) -> int:
    return sum(rule(ctx.table, ctx.me, f"{kind}_vp") for kind in ctx.card.ships)


def fish_on_plates(ctx: Context) -> int:
    return board.fish_on_plates(ctx.table)


def issued_shares_in_supply(ctx: Context) -> int:
    return sum(s.issued and not s.removed and s.holder == ctx.me.index for s in ctx.table.shares)


def own_issued_shares_in_supply(ctx: Context) -> int:
    me = ctx.me.index
    return sum(s.issued and not s.removed and s.holder == me and s.colour == me for s in ctx.table.shares)


def round_number(ctx: Context) -> int:
    return ctx.table.round


def worker_turn(ctx: Context) -> int:
    return ctx.me.turns_taken
