"""The rulebook's three worked Guest examples, with exact resulting states."""

import pytest

from runtime.core.in_play import attach
from runtime.game.driver import play_fishing_phase
from runtime.mechanics.banquet import serve_fish
from runtime.mechanics.buildings import build, build_building
from runtime.mechanics.goods import offer_guests_on_ships
from runtime.mechanics.haul import distribute
from runtime.mechanics.payment import Payment, payment_options
from runtime.model.cards import Ability
from runtime.model.state import CardInPlay, IllegalAction, Ship
from tests.kit.table_kit import make_table, mechanic, picture, script


def test_moot_hall_three_guests_offer_exactly_the_three_payments(cards):
    moot = cards["Moot Hall"]
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=10, fish=10, gold=0, guest=3)
    with_three = [p for p in payment_options(table, me, moot.costs(None)) if p.guests == 3]
    assert sorted((p.wood, p.fish) for p in with_three) == [(0, 4), (2, 1), (4, 0)]
    assert all(p.gold == 0 for p in with_three)


def test_moot_hall_paid_with_three_guests_as_two_wood_one_fish(cards):
    moot = cards["Moot Hall"]
    table = make_table()
    table.display = [moot]
    me = table.players[0]
    me.supply.update(wood=10, fish=10, gold=0, guest=3)
    forests_before = list(me.harbor.forests)
    script(table, (1, 2), Payment(2, 1, 0, 3), False)  # space, payment, decline its "you may"
    card = build(table, me, moot)
    assert me.supply == {"wood": 8, "fish": 9, "gold": 0, "guest": 0}
    assert me.harbor.cells[(1, 2)] is card and me.buildings == [card]
    assert me.harbor.forests == forests_before
    assert table.display == []


def test_serving_six_fish_and_two_guests_gives_four_gold():
    table = make_table()
    me = table.players[0]
    me.supply.update(fish=6, guest=2, gold=0)
    table.plates = [2, 2, 0, 0, 0, 0, 0]  # the two 2-fish plates are already full
    seen = []
    listener = Ability(
        "each_time",
        lambda ctx: seen.append((ctx.event.fish_served, ctx.event.plates_filled)),
        event="serve_fish",
        timing="after",
    )
    attach(table, CardInPlay(mechanic(abilities=(listener,)), me))
    script(table, 2, "fish", 3, "fish", 4, 5)  # the last two plates: a Guest is the only way
    assert serve_fish(table, me) == 4
    assert me.supply == {"wood": 2, "fish": 0, "gold": 4, "guest": 0}
    assert table.plates == [2, 2, 3, 3, 1, 1, 0]
    assert seen == [(14, 4)]  # each Guest counts as the fish it saved
    assert table.session.decider.answers == []


def sloop_table():
    table = make_table()
    table.round = 2
    me = table.players[0]
    me.track.ships.append(Ship("sloop"))
    me.supply["guest"] = 1
    return table, me


def test_guest_on_the_sloop_in_round_two_distribution():
    table, me = sloop_table()
    script(table, 0)  # place the Guest on the sloop (ship 0)
    offer_guests_on_ships(table, me)
    fish_before = me.supply["fish"]
    distribute(table, me, 5)
    own = [s for s in table.shares if s.colour == 0 and s.issued]
    assert [s.fish for s in own] == [1, 1]
    assert me.supply["fish"] == fish_before + 1
    assert me.reserve["fish"] == 2
    assert me.supply["guest"] == 0 and me.track.ships[0].guest
    assert all(s.fish == 0 for s in table.shares if s.colour == 1)


def test_guest_on_the_sloop_whole_fishing_phase():
    table, me = sloop_table()
    other = table.players[1]
    script(table, 0)
    play_fishing_phase(table)
    # 2 fish from the Shares and 1 from the Guest reach the supply; 2 in the Reserve
    assert me.supply == {"wood": 2, "fish": 5, "gold": 2, "guest": 0}
    assert me.reserve["fish"] == 2
    # the other player: haul 3 = 2 on their Shares, 1 in the Reserve
    assert other.supply["fish"] == 4 and other.reserve["fish"] == 1
    assert all(s.fish == 0 for s in table.shares)


def test_a_failed_build_leaves_the_table_exactly_as_it_was(cards):
    table = make_table()
    moot = cards["Moot Hall"]
    table.display = [moot]
    me = table.players[0]
    me.supply.update(wood=1, fish=1, guest=0)
    before = picture(table)
    script(table, (1, 2))
    with pytest.raises(IllegalAction):
        build_building(table, me)
    assert picture(table) == before
