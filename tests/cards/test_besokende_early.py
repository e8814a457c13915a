"""Besøkende cards A701-A718 and B721-B724: each rulebook clause, run with the real compiled card."""

from __future__ import annotations

import pytest

from runtime import library
from runtime.game.actions import offer_any_time, perform, take_turn, turn_options
from runtime.game.driver import play_fishing_phase
from runtime.game.phases import final_scores
from runtime.mechanics.buildings import build_building, buildable
from runtime.mechanics.goods import offer_guests_on_ships
from runtime.mechanics.payment import Payment, payment_options
from runtime.model.cards import Context
from runtime.model.state import CardInPlay, IllegalAction, Player, Ship, Table
from tests.kit.table_kit import (
    build_from_hand,
    labels,
    make_table,
    picture,
    put_in_play,
    real_cards,
    real_elder,
    script,
)

START_FORESTS = [2, 1, 1, 0, 0]  # rules.toml: four Forests on the first three double spaces


def in_play(table: Table, player: Player, name: str, cell: tuple[int, int] | None, *answers: object) -> CardInPlay:
    """A real card put on the Harbor board (or the Fishing track when cell is None) and attached.

    Attaching runs its when-built effects, answered by `answers`; tests set the supply afterwards."""
    script(table, *answers)
    return put_in_play(table, player, real_cards()[name], cell, on_track=cell is None)


def build_real(table: Table, player: Player, name: str, *answers: object) -> CardInPlay:
    return build_from_hand(table, player, real_cards()[name], *answers)


def supply(player: Player, wood: int = 0, fish: int = 0, gold: int = 0, guest: int = 0) -> None:
    player.supply.update(wood=wood, fish=fish, gold=gold, guest=guest)


def asked(table: Table, kind: str) -> list[list[object]]:
    """The options of every question of one kind the decider was asked."""
    return [options for _, k, options in table.session.decider.asked if k == kind]


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
    assert table.session.decider.answers == []


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
    orchard = in_play(table, me, "Orchard", (4, 1), True, False)
    supply(me, wood=6, fish=4)
    build_real(table, me, "Moot Hall", (1, 2), True, 0, 0, 1, orchard)
    assert me.harbor.forests == [0, 0, 0, 0, 0]
    assert orchard not in me.buildings and me.harbor.cells[(4, 1)] is None
    assert me.supply == {"wood": 5, "fish": 0, "gold": 0, "guest": 5}  # 4 Forests and the Orchard


def test_moot_hall_declined_keeps_the_orchard_too() -> None:
    table, me = moot_table()
    orchard = in_play(table, me, "Orchard", (4, 1), True, False)
    supply(me, wood=6, fish=4)
    build_real(table, me, "Moot Hall", (1, 2), False)
    assert orchard in me.buildings and me.harbor.cells[(4, 1)] is orchard
    assert me.harbor.forests == START_FORESTS


def test_moot_hall_with_only_the_orchard_removes_it() -> None:
    table, me = moot_table()
    me.harbor.forests[:] = [0, 0, 0, 0, 0]
    orchard = in_play(table, me, "Orchard", (4, 1), True, False)
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
    build_real(table, me, name, (1, 2), True)
    assert me.supply == {"wood": 2, "fish": 1, "gold": 0, "guest": 1}
    build_real(table, me, "Feasting Hall", (2, 2), Payment(2, 1, 0, 0))  # built elsewhere: no second Guest
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_small_campsite_may_be_built_over_giving_four_fish_first() -> None:
    table = make_table()
    me = table.players[0]
    camp = in_play(table, me, "Small Campsite", (1, 2), True)
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
    camp = in_play(table, me, "Campsite", (1, 2), True)
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
    camp = in_play(table, me, name, (1, 2), True)
    supply(me, wood=5, fish=3)
    orphanage_display(table)
    script(table, (2, 2))
    build_building(table, me)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 2}
    assert me.harbor.cells[(1, 2)] is camp and camp in me.buildings


@pytest.mark.parametrize(
    ("name", "have", "fish_left"), [("Small Campsite", {"wood": 5}, 1), ("Campsite", {"wood": 2, "fish": 3}, 0)]
)
def test_campsites_unaffordable_building_only_via_building_over(name: str, have: dict, fish_left: int) -> None:
    """The goods come before the cost is paid, so a Building short of them is only buildable over the card:
    a space it cannot be paid on is not offered, so the space over the card is the only one, taken unasked."""
    table = make_table()
    me = table.players[0]
    camp = in_play(table, me, name, (1, 2), True)
    supply(me, **have)
    orphanage_display(table)
    script(table)
    orphanage = build_building(table, me)
    assert asked(table, "space") == []
    assert me.harbor.cells[(1, 2)] is orphanage and camp not in me.buildings
    assert me.supply == {"wood": 0, "fish": fish_left, "gold": 0, "guest": 2}  # the Orphanage's 2 Guests


# Toy Shop (A704) ------------------------------------------------------------------------------


def test_toy_shop_gives_one_guest() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=1)
    build_real(table, me, "Toy Shop", (1, 2), True)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_toy_shop_discarded_builds_the_wooden_tramway_at_no_cost() -> None:
    table = make_table()
    me = table.players[0]
    toy = in_play(table, me, "Toy Shop", (1, 2), True)
    supply(me, wood=6, gold=1)
    tramway = build_real(table, me, "Wooden Tramway", (2, 2), "0 wood 0 fish 0 gold 0 guests discard Toy Shop", True)
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
    build_real(table, me, "Discount Warehouse", (1, 2), True)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def moot_payments_with_one_guest(table: Table, player: Player) -> set[tuple[int, int, int]]:
    supply(player, wood=10, fish=10, guest=1)
    cost = real_cards()["Moot Hall"].costs(Context(table, player))
    return {(p.wood, p.fish, p.guests) for p in payment_options(table, player, cost)}


def test_discount_warehouse_guests_save_three_wood_or_four_fish() -> None:
    table = make_table()
    me, other = table.players
    in_play(table, me, "Discount Warehouse", (1, 2), True)
    assert moot_payments_with_one_guest(table, me) == {(6, 4, 0), (3, 4, 1), (6, 0, 1)}
    assert moot_payments_with_one_guest(table, other) == {(6, 4, 0), (4, 4, 1), (6, 1, 1)}  # the usual 2 or 3


def test_discount_warehouse_build_paid_with_guests_at_the_new_rate() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Discount Warehouse", (1, 2), True)
    supply(me, wood=2, guest=2)
    build_real(table, me, "Orphanage", (2, 2), Payment(2, 0, 0, 2))  # 5 wood - 3, 3 fish - 4: nothing left over
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 2}  # both spent, the Orphanage's 2 gained


def test_discount_warehouse_applies_to_ship_costs() -> None:
    """Ruling: a Ship's cost is a Building cost too (the Guests section), so the better rate holds there."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Discount Warehouse", (1, 2), True)
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
    build_real(table, me, "Orchard", (4, 1), True, True, 3, 2)  # space; may; double space 3; 2 Forests
    assert me.harbor.forests == [2, 1, 1, 2, 0]
    assert table.spaces["reforest"] == []  # no Worker on the action space
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_orchard_reforest_may_be_declined() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=2)
    build_real(table, me, "Orchard", (4, 1), True, False)
    assert me.harbor.forests == START_FORESTS
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_orchard_reforest_triggers_volunteers_lodge() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Volunteer's Lodge", (1, 2), True)
    supply(me, wood=2, guest=2)
    build_real(
        table, me, "Orchard", (4, 1), Payment(2, 0, 0, 0), True, True, 3, 3
    )  # its Guest makes 3: up to 3 Forests
    assert asked(table, "how_many") == [[3, 2, 1]]
    assert me.harbor.forests == [2, 1, 1, 3, 0]
    assert me.supply["guest"] == 3


def test_orchard_counts_as_a_forest_for_thin_out() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Orchard", (4, 1), True, False)
    supply(me)
    perform(table, me, "thin_out", "space")
    assert me.supply["wood"] == 5  # 4 Forests and the Orchard, 1 wood each
    assert me.harbor.forests == START_FORESTS


def test_orchard_may_be_removed_in_place_of_a_forest_when_deforesting() -> None:
    table = make_table()
    me = table.players[0]
    orchard = in_play(table, me, "Orchard", (4, 1), True, False)
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
    orchard = in_play(table, me, "Orchard", (4, 1), True, False)
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
    take_turn_on(table, me, "Fishmonger (Elder)")
    assert table.plates == [2, 0, 0, 0, 0, 0, 4]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


def test_feasting_hall_serve_fish_from_a_card_counts_too() -> None:
    table, me = feasting_table(2)
    script(table, 0)
    perform(table, me, "serve_fish", "card")
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


def take_turn_on(table: Table, player: Player, option: str) -> None:
    """One worker turn on the named option (queued before the rest of the script)."""
    table.session.decider.answers.insert(0, option)
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


def wood_on_spaces(player: Player, spaces: int = 10) -> list[int]:
    """Wood on each of the track's spaces after the catboat (rules.toml: 10); the list of what lies on them ends after
    the last space anything was ever put on."""
    lying = player.track.space_goods
    return [lying[space].get("wood", 0) if space < len(lying) else 0 for space in range(spaces)]


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


def test_log_boom_wood_under_the_deep_sea_trawler_stays_until_scoring() -> None:
    """Deep-Sea Trawler: "Place the Deep-Sea Trawler to the right of your Ships as though it were a Ship ...
    Regardless, the Deep-Sea Trawler is still considered a Building and not a Ship." Log Boom: "Each time before you
    place a Ship on those spaces, move the wood into your personal supply ... Before scoring, return any unclaimed
    wood to the general supply." Ruling (cards.nus): the Trawler's 4 spaces keep their wood; a sloop after it takes
    the wood of its own space only; scoring returns the other 8 to the general supply, none to the player."""
    table, me = log_boom_table()  # a sloop on the first space, 1 wood on each of the other 9
    supply(me, wood=5, fish=5)
    trawler = build_real(table, me, "Deep-Sea Trawler")
    assert me.track.cards == [trawler] and me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert wood_on_spaces(me) == [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    supply(me, wood=1, fish=2)
    table.ships_left.update(cutter=0, schooner=0)
    perform(table, me, "build_ship", "space")
    assert [s.type for s in me.track.ships] == ["sloop", "sloop"]
    assert wood_on_spaces(me) == [0, 1, 1, 1, 1, 0, 1, 1, 1, 1]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}  # 1 + 1 wood, 2 paid
    general = table.general["wood"]
    final_scores(table)
    assert wood_on_spaces(me) == [0] * 10
    assert table.general["wood"] == general + 8 and me.supply["wood"] == 0


def test_log_boom_wood_stays_under_a_trawler_the_ghost_ship_counts_as_a_ship() -> None:
    """Ghost Ship: "(For the purposes of this effect only, you may consider the "Deep-Sea Trawler" a Ship.)" Ruling
    (cards.nus): taken for the Ghost Ship's Ship, the Trawler is still no Ship for the Log Boom: placing it moves no
    wood; its 4 spaces and the 3 of the gap leave 3 free, and all 10 wood stay on the track."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Log Boom", (1, 2))
    ghost = in_play(table, me, "Ghost Ship", (2, 2), False)  # no Guest; no Ship yet, so no gap
    supply(me, wood=5, fish=5)
    build_real(table, me, "Deep-Sea Trawler", True)  # consider it a Ship for the Ghost Ship's effect
    assert ghost.choices == {"gap_counts_track_buildings": True} and table.session.decider.answers == []
    assert library.free_fishing_spaces(Context(table, me)) == 10 - 4 - 3
    assert wood_on_spaces(me) == [1] * 10
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


def test_log_boom_no_free_fishing_space_no_effect() -> None:
    table, me = log_boom_table(ships=10)
    assert wood_on_spaces(me) == [0] * 10
    assert any("no effect" in line or "Log Boom" in line for line in table.log)


# Tourist Office (A709) --------------------------------------------------------------------------


def tourist_table(*elders: str) -> tuple[Table, Player, Player]:
    """The Tourist Office built by player 0 with these Elders visible, one per stack."""
    table = make_table()
    me, other = table.players
    table.elder_stacks = [[real_elder(table, name)] for name in elders]
    supply(me, wood=2, fish=3)
    return table, me, other


def test_tourist_office_puts_guests_on_up_to_three_visible_elders() -> None:
    table, me, _ = tourist_table("Builder", "Pisciculturist", "Fishmonger", "Harbor Master")
    build_real(table, me, "Tourist Office", (1, 2), 3, "Builder", "Pisciculturist", "Fishmonger")
    assert asked(table, "how_many") == [[3, 2, 1, 0]]  # never more than 3
    assert table.elder_guests == {"Builder": [0], "Pisciculturist": [0], "Fishmonger": [0]}
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


def test_tourist_office_owner_taking_the_elder_gets_its_guest() -> None:
    table, me, _ = tourist_table("Builder", "Pisciculturist")
    build_real(table, me, "Tourist Office", (1, 2), 1, "Builder")
    script(table, "Builder")
    perform(table, me, "take_elder", "card")
    assert me.supply["guest"] == 1
    assert table.elder_guests == {}


def test_tourist_office_guest_goes_to_its_owner_when_another_player_takes_the_elder() -> None:
    table, me, other = tourist_table("Builder", "Pisciculturist")
    build_real(table, me, "Tourist Office", (1, 2), 2, "Builder", "Pisciculturist")
    script(table, "Pisciculturist")
    perform(table, other, "take_elder", "card")
    assert me.supply["guest"] == 1 and other.supply["guest"] == 0
    assert table.elder_guests == {"Builder": [0]}


def test_tourist_office_no_visible_elders_no_effect() -> None:
    table, me, _ = tourist_table()
    build_real(table, me, "Tourist Office", (1, 2))
    assert table.elder_guests == {} and asked(table, "how_many") == []
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Volunteer's Lodge (A710) -----------------------------------------------------------------------


def lodge_table(guests: int) -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Volunteer's Lodge", (1, 2), True)
    supply(me, guest=guests)
    return table, me


def test_volunteers_lodge_gives_one_guest() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=3, fish=3)
    build_real(table, me, "Volunteer's Lodge", (1, 2), True)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_volunteers_lodge_reforest_places_as_many_forests_as_guests() -> None:
    table, me = lodge_table(4)
    script(table, 3, 4)
    perform(table, me, "reforest", "space")
    assert asked(table, "how_many") == [[4, 3, 2, 1]]
    assert me.harbor.forests == [2, 1, 1, 4, 0]  # all on the one double space chosen
    assert len(asked(table, "double_space")) == 1


def test_volunteers_lodge_needs_three_guests_to_beat_the_usual_two() -> None:
    table, me = lodge_table(2)
    script(table, 3, 2)
    perform(table, me, "reforest", "space")
    assert asked(table, "how_many") == [[2, 1]]
    assert me.harbor.forests == [2, 1, 1, 2, 0]


def test_volunteers_lodge_one_guest_still_allows_the_usual_two() -> None:
    """Ruling: the Lodge only adds; with fewer than 2 Guests the usual two Forests stay available."""
    table, me = lodge_table(1)
    script(table, 3, 2)
    perform(table, me, "reforest", "space")
    assert asked(table, "how_many") == [[2, 1]]
    assert me.harbor.forests == [2, 1, 1, 2, 0]


def test_volunteers_lodge_may_place_fewer_and_keeps_every_guest() -> None:
    table, me = lodge_table(5)
    script(table, 4, 3)
    perform(table, me, "reforest", "space")
    assert me.harbor.forests == [2, 1, 1, 0, 3]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 5}


# Coin Museum (A711) ---------------------------------------------------------------------------


@pytest.mark.parametrize(("guests", "gold"), [(1, 1), (2, 2), (3, 3), (5, 3)])
def test_coin_museum_gold_per_guest_in_supply_at_most_three(guests: int, gold: int) -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=6, gold=1, guest=guests)
    build_real(table, me, "Coin Museum", (1, 2), Payment(6, 0, 1, 0))
    assert me.supply == {"wood": 0, "fish": 0, "gold": gold, "guest": guests}


def test_coin_museum_counts_guests_left_after_paying_its_cost() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=2, gold=1, guest=3)
    build_real(table, me, "Coin Museum", (1, 2), Payment(2, 0, 1, 2))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


def test_coin_museum_no_guests_in_supply_no_effect() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=6, gold=1)
    me.reserve["guest"] = 2
    me.track.ships = [Ship("sloop", guest=True)]
    build_real(table, me, "Coin Museum", (1, 2))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Travel Agency (A712) ---------------------------------------------------------------------------


def agency_table() -> tuple[Table, Player]:
    """The Travel Agency in play; exactly a sloop's cost in the supply, only sloops left."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Travel Agency", (1, 2))
    supply(me, wood=2, fish=2)
    table.ships_left.update(cutter=0, schooner=0)
    return table, me


def test_travel_agency_guest_into_reserve_after_build_a_ship() -> None:
    table, me = agency_table()
    perform(table, me, "build_ship", "space")
    assert me.reserve == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert asked(table, "payment") == []  # the only way to pay: no Guest to spend on that Ship


def test_travel_agency_build_a_ship_via_an_elder_counts_too() -> None:
    table, me = agency_table()
    table.plates = [0, 0, 0, 0, 0, 0, 5]
    me.council.append(CardInPlay(real_cards()["Harbor Master"], me))
    take_turn_on(table, me, "Harbor Master (Elder)")
    assert [s.type for s in me.track.ships] == ["sloop"]
    assert me.reserve["guest"] == 1 and me.supply["guest"] == 0


def test_travel_agency_build_a_ship_via_the_pedalo_builder_counts_too() -> None:
    table, me = agency_table()
    in_play(table, me, "Pedalo Builder", (2, 2))
    table.turn_counter = 1
    take_turn_on(table, me, "Pedalo Builder (worker space)")
    assert me.reserve["guest"] == 1
    assert me.supply == {"wood": 1, "fish": 0, "gold": 0, "guest": 0}  # the Pedalo Builder's wood


# Chip Shop (A713), Orphanage (A714), Ticket Booth (A715) ---------------------------------------


def guest_card_table(name: str, **goods: int) -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    in_play(table, me, name, (1, 2))
    supply(me, **goods)
    return table, me


def test_chip_shop_new_guest_may_exchange_three_fish_for_a_gold() -> None:
    table, me = guest_card_table("Chip Shop", fish=4)
    script(table, True)
    library.take(Context(table, me), 1, "guest")
    assert me.supply == {"wood": 0, "fish": 1, "gold": 1, "guest": 1}


def test_chip_shop_exchange_may_be_declined() -> None:
    table, me = guest_card_table("Chip Shop", fish=4)
    script(table, False)
    library.take(Context(table, me), 1, "guest")
    assert me.supply == {"wood": 0, "fish": 4, "gold": 0, "guest": 1}


def test_chip_shop_once_per_guest() -> None:
    table, me = guest_card_table("Chip Shop", fish=9)
    script(table, True)
    library.take(Context(table, me), 1, "guest")
    assert asked(table, "may") == [[True, False]]
    assert me.supply == {"wood": 0, "fish": 6, "gold": 1, "guest": 1}
    script(table, True, True)
    library.take(Context(table, me), 2, "guest")  # two Guests: two exchanges
    assert me.supply == {"wood": 0, "fish": 0, "gold": 3, "guest": 3}


def test_chip_shop_not_for_guests_into_the_reserve_until_they_reach_the_supply() -> None:
    table, me = guest_card_table("Chip Shop", fish=3)
    library.put_in_reserve(Context(table, me), 1, "guest")
    assert asked(table, "may") == [] and me.supply["fish"] == 3
    script(table, True)
    perform(table, me, "transfer_reserve", "space")
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


def test_orphanage_gives_two_guests() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=5, fish=3)
    build_real(table, me, "Orphanage", (1, 2))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 2}


def test_ticket_booth_new_guest_may_remove_a_forest_for_a_gold() -> None:
    table, me = guest_card_table("Ticket Booth")
    script(table, True, 0)
    library.take(Context(table, me), 1, "guest")
    assert me.harbor.forests == [1, 1, 1, 0, 0]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


def test_ticket_booth_declined_keeps_the_forest() -> None:
    table, me = guest_card_table("Ticket Booth")
    script(table, False)
    library.take(Context(table, me), 1, "guest")
    assert me.harbor.forests == START_FORESTS
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_ticket_booth_one_forest_per_guest() -> None:
    table, me = guest_card_table("Ticket Booth")
    script(table, True, 0, True, 1)
    library.take(Context(table, me), 2, "guest")
    assert asked(table, "may") == [[True, False], [True, False]]
    assert me.harbor.forests == [1, 0, 1, 0, 0]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 2, "guest": 2}


def test_ticket_booth_removal_is_no_deforest_action() -> None:
    table, me = guest_card_table("Ticket Booth")
    in_play(table, me, "Log Boom", (2, 2))  # any card would do; nothing here listens for Deforest but the log
    supply(me)
    script(table, True, 0)
    library.take(Context(table, me), 1, "guest")
    assert me.supply["wood"] == 0  # no Deforest wood
    assert not any("action deforest" in line for line in table.log)


def test_ticket_booth_not_for_guests_into_the_reserve_until_they_reach_the_supply() -> None:
    table, me = guest_card_table("Ticket Booth")
    library.put_in_reserve(Context(table, me), 1, "guest")
    assert asked(table, "may") == [] and me.harbor.forests == START_FORESTS
    script(table, True, 2)
    perform(table, me, "transfer_reserve", "space")
    assert me.harbor.forests == [2, 1, 0, 0, 0]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 1}


# Deep-Sea Trawler (A716) ------------------------------------------------------------------------


def trawler_table(ships: int) -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop") for _ in range(ships)]
    supply(me, wood=5, fish=5)
    table.display = [real_cards()["Deep-Sea Trawler"]]
    return table, me


def test_deep_sea_trawler_needs_four_free_fishing_spaces() -> None:
    table, me = trawler_table(ships=7)  # 3 free spaces
    assert buildable(table, me) == []
    table, me = trawler_table(ships=6)  # 4 free spaces
    assert [spec.name for spec in buildable(table, me)] == ["Deep-Sea Trawler"]


def test_deep_sea_trawler_goes_on_the_fishing_track_right_of_the_ships() -> None:
    table, me = trawler_table(ships=2)
    cells = dict(me.harbor.cells)
    card = build_building(table, me)
    assert asked(table, "space") == []  # the Fishing track is its only place
    assert me.track.cards == [card] and card.cell is None
    assert me.harbor.cells == cells
    assert library.free_fishing_spaces(Context(table, me)) == 10 - 2 - 4  # ruling: it takes the 4 it requires


def test_deep_sea_trawler_counts_as_build_a_ship_for_other_buildings() -> None:
    table, me = trawler_table(ships=2)
    in_play(table, me, "Travel Agency", (1, 2))
    in_play(table, me, "Pedalo Builder", (2, 2))
    supply(me, wood=5, fish=5)
    build_building(table, me)
    assert me.reserve["guest"] == 1
    assert me.supply == {"wood": 1, "fish": 0, "gold": 0, "guest": 0}


@pytest.mark.parametrize("plates, built", [(5, True), (4, False)])
def test_deep_sea_trawler_is_paid_with_the_galleys_fish(plates: int, built: bool) -> None:
    """Deep-Sea Trawler: "This is considered a "Build a Ship" action". Galley: "Each time before you take a "Build a
    Ship" action, take a number of fish ... equal to the number of fish on plates ... Note that you may use this fish
    to build the Ship." 5 wood, no fish: 5 fish on the plates pay for it (wood 0, fish 0); with 4 it cannot be built,
    and the table stays as it was (no Galley fish either)."""
    table, me = trawler_table(ships=0)
    in_play(table, me, "Galley", (1, 2))
    table.plates = [0, 0, 0, 0, 0, 0, plates]
    supply(me, wood=5)
    assert [spec.name for spec in buildable(table, me)] == ["Deep-Sea Trawler"]
    if built:
        build_building(table, me)
        assert (me.supply, [card.name for card in me.track.cards]) == (
            {"wood": 0, "fish": 0, "gold": 0, "guest": 0},
            ["Deep-Sea Trawler"],
        )
    else:
        with pytest.raises(IllegalAction):
            build_building(table, me)
        assert (me.supply, me.track.cards) == ({"wood": 5, "fish": 0, "gold": 0, "guest": 0}, [])


def test_deep_sea_trawler_is_paid_with_the_markets_exchange() -> None:
    """Market: "Each time before you take a "Build a Ship" action, you may exchange fish ... for wood ... Note that
    you may use the exchanged goods to build the Ship." 2 wood and 8 fish: 3 fish exchanged for wood pay for it."""
    table, me = trawler_table(ships=0)
    in_play(table, me, "Market", (1, 2))
    supply(me, wood=2, fish=8)
    script(table, True, "exchange up to (empty building spaces) fish for wood", 3)
    build_building(table, me)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0} and len(me.track.cards) == 1


def test_deep_sea_trawler_is_a_building_not_a_ship() -> None:
    table, me = trawler_table(ships=2)
    card = build_building(table, me)
    assert library.ships(Context(table, me)) == 2 and len(me.track.ships) == 2
    # ruling: placed "as though it were a Ship", its 4 spaces count for the haul: length 2 + 1 + 1 + 4 = 8, haul 8
    assert library.haul_size(Context(table, me)) == 8
    assert library.buildings(Context(table, me)) == 1 and card in me.buildings
    parts = final_scores(table)[0]
    assert parts["ships"] == 2 and parts["buildings"] == 3


def test_deep_sea_trawler_is_adjacent_to_no_building_space() -> None:
    table, me = trawler_table(ships=2)
    free = library.empty_building_spaces(Context(table, me))
    build_building(table, me)
    assert library.empty_building_spaces(Context(table, me)) == free  # it fills no Building space
    assert all(card is None for card in me.harbor.cells.values())


# Stove (A717) ---------------------------------------------------------------------------------


PAY, REMOVE = "pay 2 wood", "remove this building from play"


def stove_table(wood: int, guests: int = 0) -> tuple[Table, Player, CardInPlay]:
    table = make_table()
    me = table.players[0]
    stove = in_play(table, me, "Stove", (1, 2))
    supply(me, wood=wood, guest=guests)
    return table, me, stove


def test_stove_start_of_fishing_phase_pay_two_wood_or_leave() -> None:
    table, me, stove = stove_table(wood=3)
    script(table, PAY)
    play_fishing_phase(table)
    assert asked(table, "choose_one") == [[PAY, REMOVE]]
    assert me.supply["wood"] == 1 and stove in me.buildings
    table, me, stove = stove_table(wood=3)
    script(table, REMOVE)
    play_fishing_phase(table)
    assert me.supply["wood"] == 3 and stove not in me.buildings and me.harbor.cells[(1, 2)] is None


def test_stove_guests_cannot_cover_the_wood() -> None:
    table, me, stove = stove_table(wood=1, guests=3)
    script(table, PAY)  # refused: 1 wood, and Guests do not count; leaving is the only legal option
    play_fishing_phase(table)
    assert stove not in me.buildings
    assert me.supply["wood"] == 1 and me.supply["guest"] == 3


def test_stove_built_in_round_one_costs_up_to_thirteen_wood() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=12)
    stove = build_real(table, me, "Stove", (1, 2))
    paid = 1
    for _ in range(6):  # the Fishing Phases of Rounds 2 to 7
        me.supply["wood"] = 2
        script(table, PAY)
        play_fishing_phase(table)
        paid += 2 - me.supply["wood"]
    assert paid == 13 and stove in me.buildings
    assert stove.spec.vp(Context(table, me, stove)) == 6


# Boating Lake (A718) --------------------------------------------------------------------------


def lake_table() -> tuple[Table, Player, CardInPlay]:
    table = make_table()
    me = table.players[0]
    lake = in_play(table, me, "Boating Lake", (1, 2), True)
    supply(me, wood=20, fish=20, gold=5)
    return table, me, lake


def build_ship_to(table: Table, player: Player, ship: str, where: object) -> None:
    script(table, ship, where)
    perform(table, player, "build_ship", "space")


def test_boating_lake_gives_one_guest() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=1, fish=3)
    build_real(table, me, "Boating Lake", (1, 2), True)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_boating_lake_may_take_a_new_sloop_or_cutter() -> None:
    table, me, lake = lake_table()
    build_ship_to(table, me, "sloop", lake)
    script(table, "cutter", lake, Payment(6, 0, 1, 0))
    perform(table, me, "build_ship", "space")
    assert lake.ships == ["sloop", "cutter"] and me.track.ships == []
    assert asked(table, "ship_place") == [["fishing track", lake], ["fishing track", lake]]


def test_boating_lake_never_takes_a_schooner() -> None:
    table, me, lake = lake_table()
    script(table, "schooner")
    perform(table, me, "build_ship", "space")
    assert asked(table, "ship_place") == [] and lake.ships == []
    assert [s.type for s in me.track.ships] == ["schooner"]


def test_boating_lake_ships_never_move_between_lake_and_track() -> None:
    table, me, lake = lake_table()
    build_ship_to(table, me, "sloop", "fishing track")
    build_ship_to(table, me, "sloop", lake)
    table.turn_counter = 5
    assert not any("Boating Lake" in option for option in labels(turn_options(table, me)))
    offer_any_time(table, me)  # nothing is offered: the script is empty and would fail if asked
    assert lake.ships == ["sloop"] and [s.type for s in me.track.ships] == ["sloop"]


def test_boating_lake_ships_add_one_haul_each_but_are_no_ships() -> None:
    table, me, lake = lake_table()
    build_ship_to(table, me, "sloop", lake)
    ctx = Context(table, me)
    assert library.haul_size(ctx) == 4 and library.ships(ctx) == 0


def test_boating_lake_haul_may_exceed_twelve() -> None:
    table, me, lake = lake_table()
    me.track.ships = [Ship("schooner") for _ in range(5)]  # length 17: the table's top haul of 12
    lake.ships = ["sloop", "cutter"]
    assert library.haul_size(Context(table, me)) == 14


def test_boating_lake_ships_take_no_guests() -> None:
    table, me, lake = lake_table()
    lake.ships = ["sloop", "cutter"]
    supply(me, guest=2)
    offer_guests_on_ships(table, me)
    assert asked(table, "guest_on_ship") == [] and me.supply["guest"] == 2


def test_boating_lake_scores_double_the_printed_ship_values_not_as_ships() -> None:
    table, me, lake = lake_table()
    lake.ships = ["sloop", "cutter"]
    me.track.ships = [Ship("schooner")]
    parts = final_scores(table)[0]
    assert lake.spec.vp(Context(table, me, lake)) == 6
    assert parts["ships"] == 4  # the schooner only
    assert parts["buildings"] == 6


def test_boating_lake_scores_nothing_without_ships() -> None:
    table, me, lake = lake_table()
    assert lake.spec.vp(Context(table, me, lake)) == 0
    assert final_scores(table)[0]["buildings"] == 0


# Meditation Lodge (B721) ------------------------------------------------------------------------


def meditation_table() -> tuple[Table, Player, Player, CardInPlay]:
    table = make_table()
    me, other = table.players
    supply(me)
    table.turn_counter = 3
    lodge = build_real(table, me, "Meditation Lodge", (1, 2), True)
    return table, me, other, lodge


def test_meditation_lodge_gives_one_guest() -> None:
    table, me, _, _ = meditation_table()
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_meditation_lodge_worker_deforests() -> None:
    table, me, _, _ = meditation_table()
    table.turn_counter += 1
    script(table, "deforest", 0)
    take_turn_on(table, me, "Meditation Lodge (worker space)")
    assert me.harbor.forests == [1, 1, 1, 0, 0]
    assert me.supply["wood"] == 5
    assert table.spaces["deforest"] == [] and table.spaces["reforest"] == []


def test_meditation_lodge_worker_reforests_with_the_volunteers_lodge() -> None:
    table, me, _, _ = meditation_table()
    in_play(table, me, "Volunteer's Lodge", (2, 2), True)
    supply(me, guest=3)
    table.turn_counter += 1
    script(table, "reforest", 3, 3)
    take_turn_on(table, me, "Meditation Lodge (worker space)")
    assert me.harbor.forests == [2, 1, 1, 3, 0]
    assert me.supply["guest"] == 3


def test_meditation_lodge_usable_from_the_next_turn_once_per_round() -> None:
    table, me, _, _ = meditation_table()
    assert "Meditation Lodge (worker space)" not in labels(turn_options(table, me))  # not on the turn it was built
    table.turn_counter += 1
    assert "Meditation Lodge (worker space)" in labels(turn_options(table, me))
    script(table, "deforest", 0)
    take_turn_on(table, me, "Meditation Lodge (worker space)")
    assert "Meditation Lodge (worker space)" not in labels(turn_options(table, me))
    table.round += 1
    assert "Meditation Lodge (worker space)" in labels(turn_options(table, me))


def test_meditation_lodge_only_its_owner_may_use_it() -> None:
    table, _, other, _ = meditation_table()
    table.turn_counter += 1
    assert not any("Meditation Lodge" in option for option in labels(turn_options(table, other)))


# Alderman's Office (B722) -----------------------------------------------------------------------


def alderman_table() -> tuple[Table, Player, Player, CardInPlay]:
    """A 5-player table, the only one the Ship Owner (whose use can be impossible: no Ship to remove) is part of."""
    table = make_table(5)
    me, other = table.players[:2]
    table.elder_stacks = [[real_elder(table, "Pisciculturist")], [real_elder(table, "Ship Owner")]]
    table.plates = [0, 0, 0, 0, 0, 0, 5]
    supply(me, wood=2)
    table.turn_counter = 3
    office = build_real(table, me, "Alderman's Office", (1, 2))
    table.turn_counter += 1
    return table, me, other, office


def test_aldermans_office_worker_takes_an_elder() -> None:
    table, me, _, _ = alderman_table()
    script(table, "Pisciculturist", False)
    take_turn_on(table, me, "Alderman's Office (worker space)")
    assert [e.name for e in me.council] == ["Pisciculturist"]
    assert table.spaces["take_elder"] == []
    assert me.supply["fish"] == 0 and me.council[0].goods["fish"] == 0


def test_aldermans_office_may_use_the_new_elder_without_fish() -> None:
    table, me, _, _ = alderman_table()
    script(table, "Pisciculturist", True)
    take_turn_on(table, me, "Alderman's Office (worker space)")
    assert me.supply["fish"] == 1  # the Pisciculturist: 1 fish per Elder
    assert table.plates == [0, 0, 0, 0, 0, 0, 5] and me.council[0].goods["fish"] == 0


def test_aldermans_office_takes_the_elder_even_when_it_cannot_be_used() -> None:
    """The use is optional: an Elder whose action is impossible (no Ship to remove) is still taken."""
    table, me, _, _ = alderman_table()
    script(table, "Ship Owner", True)
    take_turn_on(table, me, "Alderman's Office (worker space)")
    assert [e.name for e in me.council] == ["Ship Owner"]
    assert me.supply["gold"] == 0


def test_aldermans_office_elder_needs_fish_when_used_later() -> None:
    table, me, _, _ = alderman_table()
    script(table, "Pisciculturist", True)
    take_turn_on(table, me, "Alderman's Office (worker space)")
    take_turn_on(table, me, "Pisciculturist (Elder)")
    assert table.plates == [0, 0, 0, 0, 0, 0, 4] and me.council[0].goods["fish"] == 1
    assert me.supply["fish"] == 2


def test_aldermans_office_from_the_next_turn_and_only_its_owner() -> None:
    table, me, other, _ = alderman_table()
    table.turn_counter -= 1
    assert "Alderman's Office (worker space)" not in labels(turn_options(table, me))
    table.turn_counter += 1
    assert "Alderman's Office (worker space)" in labels(turn_options(table, me))
    assert not any("Alderman" in option for option in labels(turn_options(table, other)))


# Art Sculpture (B723) ---------------------------------------------------------------------------


def sculpture_table() -> tuple[Table, Player, Player]:
    """Player 0 builds the Art Sculpture; player 1 has the Pisciculturist and Contractor in their council."""
    table = make_table()
    me, other = table.players
    for name in ("Pisciculturist", "Contractor"):
        other.council.append(CardInPlay(real_elder(table, name), other))
    table.plates = [0, 0, 0, 0, 0, 0, 5]
    supply(me, wood=4, gold=1)
    table.turn_counter = 3
    build_real(table, me, "Art Sculpture", (1, 2), True)
    supply(me, fish=2)
    supply(other)
    table.turn_counter += 1
    return table, me, other


def test_art_sculpture_gives_one_guest() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=4, gold=1)
    build_real(table, me, "Art Sculpture", (1, 2), True)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_art_sculpture_uses_another_players_elder_paying_them_two_fish() -> None:
    table, me, other = sculpture_table()
    pisciculturist = other.council[0]
    script(table, "P2 Pisciculturist")
    take_turn_on(table, me, "Art Sculpture (worker space)")
    assert pisciculturist.worker == 0 and pisciculturist.goods["fish"] == 1
    assert table.plates == [0, 0, 0, 0, 0, 0, 4]
    assert other.supply == {"wood": 0, "fish": 2, "gold": 0, "guest": 0}
    assert me.supply["fish"] == 0  # 2 paid, 0 from the Pisciculturist: I have no Elders


def test_art_sculpture_pisciculturist_counts_the_users_own_elders() -> None:
    table, me, _ = sculpture_table()
    for name in ("Builder", "Fishmonger"):
        me.council.append(CardInPlay(real_elder(table, name), me))
    script(table, "P2 Pisciculturist")
    take_turn_on(table, me, "Art Sculpture (worker space)")
    assert me.supply["fish"] == 2  # my 2 Elders, not the other's 2, and not the Pisciculturist itself


def test_art_sculpture_only_an_unoccupied_elder_is_offered() -> None:
    table, me, other = sculpture_table()
    other.council[1].worker = 1  # the Contractor is occupied
    take_turn_on(table, me, "Art Sculpture (worker space)")
    assert asked(table, "elder") == []  # the Pisciculturist is the only choice
    assert other.council[0].worker == 0 and other.supply["fish"] == 2


def test_art_sculpture_without_two_fish_cannot_be_used() -> None:
    table, me, _ = sculpture_table()
    supply(me, fish=1)
    before = picture(table)
    script(table, "P2 Pisciculturist", "pass")
    take_turn_on(table, me, "Art Sculpture (worker space)")
    assert picture(table) == before


def test_art_sculpture_third_fish_discard_goes_to_the_elders_owner() -> None:
    table, me, other = sculpture_table()
    other.council[0].goods["fish"] = 2
    script(table, "P2 Pisciculturist")
    take_turn_on(table, me, "Art Sculpture (worker space)")
    assert other.council[0].goods["fish"] == 0
    assert other.supply["fish"] == 3  # 2 paid + 1 of the discarded 3
    assert me.supply["fish"] == 0


def test_art_sculpture_from_the_next_turn_and_only_its_owner() -> None:
    table, me, other = sculpture_table()
    table.turn_counter -= 1
    assert "Art Sculpture (worker space)" not in labels(turn_options(table, me))
    table.turn_counter += 1
    assert "Art Sculpture (worker space)" in labels(turn_options(table, me))
    assert not any("Art Sculpture" in option for option in labels(turn_options(table, other)))


# Haunted House (B724) -------------------------------------------------------------------------


def haunted_table(elders: int, round_number: int = 3) -> tuple[Table, Player]:
    table = make_table()
    table.round = round_number
    me = table.players[0]
    names = ["Builder", "Contractor", "Pond Builder", "Pisciculturist", "Fishmonger", "Harbor Master"]
    for name in names[:elders]:
        me.council.append(CardInPlay(real_elder(table, name), me))
    supply(me, wood=round_number, fish=round_number)
    return table, me


def test_haunted_house_costs_the_round_in_wood_and_fish_and_gives_a_guest() -> None:
    table, me = haunted_table(elders=0, round_number=3)
    spec = real_cards()["Haunted House"]
    assert payment_options(table, me, spec.costs(Context(table, me))) == [Payment(3, 3, 0, 0)]
    build_real(table, me, "Haunted House", (1, 2), True, True)
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}
    table.round = 1
    assert payment_options(table, me, spec.costs(Context(table, me))) == []
    supply(me, wood=1, fish=1)
    assert payment_options(table, me, spec.costs(Context(table, me))) == [Payment(1, 1, 0, 0)]


def test_haunted_house_removes_all_elders_for_fish_and_gold() -> None:
    table, me = haunted_table(elders=3)
    stacks = [list(stack) for stack in table.elder_stacks]
    build_real(table, me, "Haunted House", (1, 2), True, True)
    assert me.council == []
    assert table.elder_stacks == stacks  # not back on the supply board
    assert me.supply == {"wood": 0, "fish": 3, "gold": 3, "guest": 1}


def test_haunted_house_declined_removes_no_elder() -> None:
    table, me = haunted_table(elders=3)
    build_real(table, me, "Haunted House", (1, 2), True, False)
    assert [e.name for e in me.council] == ["Builder", "Contractor", "Pond Builder"]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}
    assert asked(table, "may") == [[True, False], [True, False]]  # the Guest, then all Elders or none: not one by one


def test_haunted_house_removes_a_sixth_elder_too() -> None:
    table, me = haunted_table(elders=6)
    in_play(table, me, "Cabin in the Woods", (2, 2))  # no seat free: not asked
    supply(me, wood=3, fish=3)
    build_real(table, me, "Haunted House", (1, 2), True, True)
    assert me.council == []
    assert me.supply == {"wood": 0, "fish": 6, "gold": 6, "guest": 1}


def test_log_boom_with_ghost_ship_no_wood_in_the_gap_and_a_new_ship_claims_one() -> None:
    """The Ghost Ship's gap counts as filled and is kept (not declined), so only the 6 spaces right of it get wood;
    a Ship claims one."""
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop")]
    in_play(table, me, "Ghost Ship", (2, 2), True)
    supply(me, fish=3, gold=1)
    build_real(table, me, "Log Boom", (1, 2), False)
    assert sum(wood_on_spaces(me)) == 6
    supply(me, wood=2, fish=2)
    table.ships_left.update(cutter=0, schooner=0)
    perform(table, me, "build_ship", "space")
    assert sum(wood_on_spaces(me)) == 5
    assert me.supply == {"wood": 1, "fish": 0, "gold": 0, "guest": 0}
