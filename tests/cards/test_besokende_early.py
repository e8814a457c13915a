"""Besøkende cards A701-A718 and B721-B724: each rulebook clause, run with the real compiled card."""

from __future__ import annotations

import pytest
from table_kit import make_table, picture, real_cards, script

from runtime import library
from runtime.actions import perform, take_turn
from runtime.buildings import build, build_building
from runtime.cards import Context
from runtime.payment import Payment, payment_options
from runtime.play import attach
from runtime.scoring import final_scores
from runtime.state import CardInPlay, IllegalAction, Player, Ship, Table

START_FORESTS = [2, 1, 1, 0, 0]  # rules.toml: four Forests on the first three double spaces


def in_play(table: Table, player: Player, name: str, cell: tuple[int, int] | None, *answers: object) -> CardInPlay:
    """A real card put on the Harbor board (or the Fishing track when cell is None) and attached.

    Attaching runs its when-built effects, answered by `answers`; tests set the supply afterwards."""
    card = CardInPlay(real_cards()[name], player, cell=cell)
    player.buildings.append(card)
    if cell is None:
        player.track.cards.append(card)
    else:
        player.harbor.cells[cell] = card
    script(table, *answers)
    attach(table, card)
    return card


def build_real(table: Table, player: Player, name: str, *answers: object) -> CardInPlay:
    """Build a real card from the hand through the runtime: space, payment, when-built effects."""
    spec = real_cards()[name]
    player.hand.append(spec)
    script(table, *answers)
    return build(table, player, spec)


def supply(player: Player, wood: int = 0, fish: int = 0, gold: int = 0, guest: int = 0) -> None:
    player.supply.update(wood=wood, fish=fish, gold=gold, guest=guest)


def asked(table: Table, kind: str) -> list[list[object]]:
    """The options of every question of one kind the decider was asked."""
    return [options for _, k, options in table.decider.asked if k == kind]


# Moot Hall (A701) -------------------------------------------------------------------------------


def moot_table() -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    supply(me, wood=6, fish=4)
    return table, me


def test_moot_hall_removes_all_forests_for_wood_and_guests() -> None:
    table, me = moot_table()
    card = build_real(table, me, "Moot Hall", (1, 2), True, 0, 0, 1)  # space, may, then which Forest each time
    assert me.harbor.forests == [0, 0, 0, 0, 0]
    assert me.supply == {"wood": 4, "fish": 0, "gold": 0, "guest": 4}
    assert me.buildings == [card] and card.spec.vp(Context(table, me, card)) == -1
    assert table.decider.answers == []


def test_moot_hall_observes_wood_limit() -> None:
    table, me = moot_table()
    me.harbor.forests[:] = [2, 2, 2, 2, 2]
    supply(me, wood=12, fish=4)
    build_real(table, me, "Moot Hall", (1, 2), True, *[0, 0, 1, 1, 2, 2, 3, 3, 4])
    assert me.supply == {"wood": 12, "fish": 0, "gold": 0, "guest": 10}  # 6 + 10 wood, held to the limit of 12
    assert me.harbor.forests == [0, 0, 0, 0, 0]
    assert any("returns 4 wood over the limit" in line for line in table.log)


def test_moot_hall_declined_removes_no_forest() -> None:
    table, me = moot_table()
    build_real(table, me, "Moot Hall", (1, 2), False)
    assert me.harbor.forests == START_FORESTS
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert asked(table, "may") == [[True, False]]  # one all-or-nothing question, no partial removal offered


def test_moot_hall_no_forests_no_effect() -> None:
    table, me = moot_table()
    me.harbor.forests[:] = [0, 0, 0, 0, 0]
    build_real(table, me, "Moot Hall", (1, 2))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert asked(table, "may") == []


def test_moot_hall_removes_the_orchard_with_the_forests() -> None:
    table, me = moot_table()
    orchard = in_play(table, me, "Orchard", (4, 1), False)
    supply(me, wood=6, fish=4)
    build_real(table, me, "Moot Hall", (1, 2), True, 0, 0, 1, orchard)
    assert me.harbor.forests == [0, 0, 0, 0, 0]
    assert orchard not in me.buildings and me.harbor.cells[(4, 1)] is None
    assert me.supply == {"wood": 5, "fish": 0, "gold": 0, "guest": 5}  # 4 Forests and the Orchard


def test_moot_hall_declined_keeps_the_orchard_too() -> None:
    table, me = moot_table()
    orchard = in_play(table, me, "Orchard", (4, 1), False)
    supply(me, wood=6, fish=4)
    build_real(table, me, "Moot Hall", (1, 2), False)
    assert orchard in me.buildings and me.harbor.cells[(4, 1)] is orchard
    assert me.harbor.forests == START_FORESTS


def test_moot_hall_with_only_the_orchard_removes_it() -> None:
    table, me = moot_table()
    me.harbor.forests[:] = [0, 0, 0, 0, 0]
    orchard = in_play(table, me, "Orchard", (4, 1), False)
    supply(me, wood=6, fish=4)
    build_real(table, me, "Moot Hall", (1, 2), True)
    assert orchard not in me.buildings
    assert me.supply == {"wood": 1, "fish": 0, "gold": 0, "guest": 1}


# Small Campsite (A702) and Campsite (A703) -----------------------------------------------------


def orphanage_display(table: Table) -> None:
    """The Orphanage (5 wood, 3 fish) is the only Building on display."""
    table.display = [real_cards()["Orphanage"]]


@pytest.mark.parametrize("name", ["Small Campsite", "Campsite"])
def test_campsites_give_one_guest_when_built_and_never_again(name: str) -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=2, fish=1)
    build_real(table, me, name, (1, 2))
    assert me.supply == {"wood": 2, "fish": 1, "gold": 0, "guest": 1}
    build_real(table, me, "Feasting Hall", (2, 2), Payment(2, 1, 0, 0))  # built elsewhere: no second Guest
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_small_campsite_may_be_built_over_giving_four_fish_first() -> None:
    table = make_table()
    me = table.players[0]
    camp = in_play(table, me, "Small Campsite", (1, 2))
    supply(me, wood=5)
    orphanage_display(table)
    script(table, camp)
    card = build_building(table, me)
    assert me.supply == {"wood": 0, "fish": 1, "gold": 0, "guest": 2}  # 4 fish in, 3 paid; Orphanage's 2 Guests
    assert camp not in me.buildings and me.harbor.cells[(1, 2)] is card and card.name == "Orphanage"
    assert [c.name for c in me.buildings] == ["Orphanage"]


def test_campsite_may_be_built_over_giving_three_wood_first() -> None:
    table = make_table()
    me = table.players[0]
    camp = in_play(table, me, "Campsite", (1, 2))
    supply(me, wood=2, fish=3)
    orphanage_display(table)
    script(table, camp)
    card = build_building(table, me)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 2}
    assert camp not in me.buildings and me.harbor.cells[(1, 2)] is card


@pytest.mark.parametrize("name", ["Small Campsite", "Campsite"])
def test_campsites_building_elsewhere_leaves_them_and_gives_nothing(name: str) -> None:
    table = make_table()
    me = table.players[0]
    camp = in_play(table, me, name, (1, 2))
    supply(me, wood=5, fish=3)
    orphanage_display(table)
    script(table, (2, 2))
    build_building(table, me)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 2}
    assert me.harbor.cells[(1, 2)] is camp and camp in me.buildings


@pytest.mark.parametrize(("name", "have"), [("Small Campsite", {"wood": 5}), ("Campsite", {"wood": 2, "fish": 3})])
def test_campsites_unaffordable_building_only_via_building_over(name: str, have: dict[str, int]) -> None:
    """The goods come before the cost is paid, so a Building short of them is only buildable over the card."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, name, (1, 2))
    supply(me, **have)
    orphanage_display(table)
    before = picture(table)
    script(table, (2, 2))
    with pytest.raises(IllegalAction):
        build_building(table, me)
    assert picture(table) == before


# Toy Shop (A704) ------------------------------------------------------------------------------


def test_toy_shop_gives_one_guest() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=1)
    build_real(table, me, "Toy Shop", (1, 2))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_toy_shop_discarded_builds_the_wooden_tramway_at_no_cost() -> None:
    table = make_table()
    me = table.players[0]
    toy = in_play(table, me, "Toy Shop", (1, 2))
    supply(me, wood=6, gold=1)
    tramway = build_real(table, me, "Wooden Tramway", (2, 2), "0 wood 0 fish 0 gold 0 guests discard Toy Shop")
    assert asked(table, "payment") == [
        [Payment(6, 0, 1, 0), Payment(0, 0, 0, 0, "Toy Shop")]
    ]  # no Guests: the printed cost or the Toy Shop
    assert toy not in me.buildings and me.harbor.cells[(1, 2)] is None
    assert me.harbor.cells[(2, 2)] is tramway
    assert me.supply == {"wood": 6, "fish": 0, "gold": 1, "guest": 1}  # the Tramway's own Guest


def test_wooden_tramway_without_toy_shop_costs_its_printed_cost() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=6, gold=1)
    spec = real_cards()["Wooden Tramway"]
    assert payment_options(table, me, spec.costs(Context(table, me))) == [Payment(6, 0, 1, 0)]


# Discount Warehouse (A705) ----------------------------------------------------------------------


def test_discount_warehouse_gives_one_guest() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=1, fish=1, gold=1)
    build_real(table, me, "Discount Warehouse", (1, 2))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def moot_payments_with_one_guest(table: Table, player: Player) -> set[tuple[int, int, int]]:
    supply(player, wood=10, fish=10, guest=1)
    cost = real_cards()["Moot Hall"].costs(Context(table, player))
    return {(p.wood, p.fish, p.guests) for p in payment_options(table, player, cost)}


def test_discount_warehouse_guests_save_three_wood_or_four_fish() -> None:
    table = make_table()
    me, other = table.players
    in_play(table, me, "Discount Warehouse", (1, 2))
    assert moot_payments_with_one_guest(table, me) == {(6, 4, 0), (3, 4, 1), (6, 0, 1)}
    assert moot_payments_with_one_guest(table, other) == {(6, 4, 0), (4, 4, 1), (6, 1, 1)}  # the usual 2 or 3


def test_discount_warehouse_build_paid_with_guests_at_the_new_rate() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Discount Warehouse", (1, 2))
    supply(me, wood=2, guest=2)
    build_real(table, me, "Orphanage", (2, 2), Payment(2, 0, 0, 2))  # 5 wood - 3, 3 fish - 4: nothing left over
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 2}  # both spent, the Orphanage's 2 gained


def test_discount_warehouse_applies_to_ship_costs() -> None:
    """Ruling: a Ship's cost is a Building cost too (the Guests section), so the better rate holds there."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Discount Warehouse", (1, 2))
    supply(me, wood=5, fish=8, guest=1)  # a schooner costs 8 wood, 8 fish: one Guest must save 3 wood
    table.ships_left.update(sloop=0, cutter=0)
    perform(table, me, "build_ship", "space")
    assert [s.type for s in me.track.ships] == ["schooner"]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Orchard (A706) -------------------------------------------------------------------------------


def test_orchard_gives_one_guest_and_may_reforest_without_a_worker() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=2)
    build_real(table, me, "Orchard", (4, 1), True, 3, 2)  # space; may; double space 3; 2 Forests
    assert me.harbor.forests == [2, 1, 1, 2, 0]
    assert table.spaces["reforest"] == []  # no Worker on the action space
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_orchard_reforest_may_be_declined() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=2)
    build_real(table, me, "Orchard", (4, 1), False)
    assert me.harbor.forests == START_FORESTS
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_orchard_reforest_triggers_volunteers_lodge() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Volunteer's Lodge", (1, 2))
    supply(me, wood=2, guest=2)
    build_real(table, me, "Orchard", (4, 1), Payment(2, 0, 0, 0), True, 3, 3)  # its Guest makes 3: up to 3 Forests
    assert asked(table, "how_many") == [[3, 2, 1]]
    assert me.harbor.forests == [2, 1, 1, 3, 0]
    assert me.supply["guest"] == 3


def test_orchard_counts_as_a_forest_for_thin_out() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Orchard", (4, 1), False)
    supply(me)
    perform(table, me, "thin_out", "space")
    assert me.supply["wood"] == 5  # 4 Forests and the Orchard, 1 wood each
    assert me.harbor.forests == START_FORESTS


def test_orchard_may_be_removed_in_place_of_a_forest_when_deforesting() -> None:
    table = make_table()
    me = table.players[0]
    orchard = in_play(table, me, "Orchard", (4, 1), False)
    supply(me)
    script(table, orchard)
    perform(table, me, "deforest", "space")
    assert asked(table, "forest") == [[0, 1, 2, orchard]]
    assert orchard not in me.buildings and me.harbor.cells[(4, 1)] is None
    assert me.harbor.forests == START_FORESTS
    assert me.supply["wood"] == 5


def test_orchard_is_no_forested_double_space() -> None:
    table = make_table()
    me = table.players[0]
    orchard = in_play(table, me, "Orchard", (4, 1), False)
    ctx = Context(table, me, orchard)
    assert library.forests(ctx) == 5
    assert library.forested_double_spaces(ctx) == 3
    assert library.stacked_double_spaces(ctx) == 1


# Feasting Hall (A707) ---------------------------------------------------------------------------


def feasting_table(fish: int) -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Feasting Hall", (1, 2))
    supply(me, fish=fish)
    return table, me


def test_feasting_hall_gives_a_guest_after_serve_fish() -> None:
    table, me = feasting_table(2)
    script(table, 0)
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}
    assert table.plates == [2, 0, 0, 0, 0, 0, 0]


def test_feasting_hall_guest_comes_after_so_fills_no_plate() -> None:
    """With no fish left the new Guest could fill the second plate, but it arrives after the action."""
    table, me = feasting_table(2)
    script(table, 0)
    perform(table, me, "serve_fish", "space")
    assert table.plates == [2, 0, 0, 0, 0, 0, 0]
    assert asked(table, "serve_with") == [] and asked(table, "serve_plate") == [[0, 1]]
    assert me.supply["guest"] == 1


def test_feasting_hall_one_guest_however_many_plates() -> None:
    table, me = feasting_table(7)
    script(table, 0, 1, 2)
    perform(table, me, "serve_fish", "space")
    assert table.plates == [2, 2, 3, 0, 0, 0, 0]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 3, "guest": 1}


def test_feasting_hall_serve_fish_from_an_elder_counts_too() -> None:
    table, me = feasting_table(2)
    table.plates = [0, 0, 0, 0, 0, 0, 5]
    fishmonger = CardInPlay(real_cards()["Fishmonger"], me)
    me.council.append(fishmonger)
    script(table, 0)
    take_turn_on(table, me, "elder 0 Fishmonger")
    assert table.plates == [2, 0, 0, 0, 0, 0, 4]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


def test_feasting_hall_serve_fish_from_a_card_counts_too() -> None:
    table, me = feasting_table(2)
    script(table, 0)
    perform(table, me, "serve_fish", "card")
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


def take_turn_on(table: Table, player: Player, option: str) -> None:
    """One worker turn on the named option (queued before the rest of the script)."""
    table.decider.answers.insert(0, option)
    take_turn(table, player)


# Log Boom (A708) ------------------------------------------------------------------------------


def log_boom_table(ships: int = 1) -> tuple[Table, Player]:
    """The Log Boom built with `ships` sloops on the Fishing track."""
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop") for _ in range(ships)]
    supply(me, fish=3, gold=1)
    build_real(table, me, "Log Boom", (1, 2))
    return table, me


def wood_on_spaces(player: Player) -> list[int]:
    return [lying.get("wood", 0) for lying in player.track.space_goods]


def test_log_boom_puts_one_wood_on_each_free_fishing_space() -> None:
    table, me = log_boom_table(ships=2)
    assert wood_on_spaces(me) == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


def test_log_boom_wood_moves_to_supply_before_a_ship_is_placed_there() -> None:
    table, me = log_boom_table()
    supply(me, wood=2, fish=2)
    script(table, "sloop")
    perform(table, me, "build_ship", "space")
    assert wood_on_spaces(me) == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    assert me.supply == {"wood": 1, "fish": 0, "gold": 0, "guest": 0}


def test_log_boom_observes_wood_limit() -> None:
    table, me = log_boom_table()
    supply(me, wood=12, fish=2)
    script(table, "sloop", Payment(2, 2, 0, 0))
    perform(table, me, "build_ship", "space")
    assert me.supply["wood"] == 10  # 12 + 1 held to 12, then 2 paid
    assert wood_on_spaces(me)[1] == 0  # the excess went back to the general supply, not onto the space


def test_log_boom_wood_arrives_before_the_ship_cost_is_paid() -> None:
    table, me = log_boom_table()
    supply(me, wood=1, fish=2)
    table.ships_left.update(cutter=0, schooner=0)
    perform(table, me, "build_ship", "space")
    assert [s.type for s in me.track.ships] == ["sloop", "sloop"]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


def test_log_boom_returns_unclaimed_wood_before_scoring() -> None:
    table, me = log_boom_table(ships=8)
    supply(me, wood=3)
    final_scores(table)
    assert wood_on_spaces(me) == [0] * 10
    assert me.supply["wood"] == 3


def test_log_boom_no_free_fishing_space_no_effect() -> None:
    table, me = log_boom_table(ships=10)
    assert wood_on_spaces(me) == [0] * 10
    assert any("no effect" in line or "Log Boom" in line for line in table.log)
