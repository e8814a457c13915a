"""Personal supply limits, the Reserve, and where Guests may go and what they are worth."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.core.rules_in_force import rule
from runtime.mechanics.goods import empty_reserve, gain, offer_guests_on_ships, pay, place_guest_on_ship, to_reserve
from runtime.mechanics.payment import payment_options
from runtime.mechanics.scoring import score
from runtime.mechanics.ships import ship_cost
from runtime.model.cards import CostOption
from runtime.model.state import CardInPlay, IllegalAction, Ship
from tests.kit.table_kit import make_table, mechanic, script


def test_wood_over_twelve_goes_back_at_once():
    table = make_table()
    me = table.players[0]
    me.supply["wood"] = 10
    gain(table, me, "wood", 5)
    assert me.supply["wood"] == 12


def test_a_card_rule_raises_the_wood_limit_for_its_owner_only():
    table = make_table()
    me, other = table.players
    me.buildings.append(CardInPlay(mechanic(rules={"wood_limit": lambda ctx, before: 15}), me))
    gain(table, me, "wood", 20)
    gain(table, other, "wood", 20)
    assert me.supply["wood"] == 15 and other.supply["wood"] == 12


def test_fish_and_gold_are_unlimited():
    table = make_table()
    me = table.players[0]
    gain(table, me, "fish", 40)
    gain(table, me, "gold", 40)
    assert me.supply["fish"] == 42 and me.supply["gold"] == 42


def test_reserve_holds_at_most_eight_fish_but_any_wood_and_guests():
    table = make_table()
    me = table.players[0]
    assert to_reserve(table, me, "fish", 10) == 8
    to_reserve(table, me, "wood", 3)
    to_reserve(table, me, "guest", 1)
    assert me.reserve == {"wood": 3, "fish": 8, "gold": 0, "guest": 1}


def test_transfer_reserve_moves_everything_and_observes_the_wood_limit():
    table = make_table()
    me = table.players[0]
    me.supply["wood"] = 11
    me.reserve.update(wood=3, fish=8, guest=1)
    empty_reserve(table, me)
    assert me.supply == {"wood": 12, "fish": 10, "gold": 2, "guest": 1}
    assert me.reserve == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


def test_paying_more_than_you_have_is_illegal():
    table = make_table()
    me = table.players[0]
    with pytest.raises(IllegalAction):
        pay(table, me, "gold", 3)
    assert me.supply["gold"] == 2


def test_one_guest_per_ship_never_on_the_catboat():
    table = make_table()
    me = table.players[0]
    me.supply["guest"] = 3
    me.track.ships = [Ship("sloop")]
    script(table, 0)
    offer_guests_on_ships(table, me)
    assert me.track.ships[0].guest and me.supply["guest"] == 2
    assert table.session.decider.asked == [(0, "guest_on_ship", ["no", 0])]  # no catboat option
    with pytest.raises(IllegalAction):
        place_guest_on_ship(table, me, 0)
    offer_guests_on_ships(table, me)  # no open Ship: nothing asked
    assert len(table.session.decider.asked) == 1


def test_guests_are_worth_half_in_supply_and_one_on_a_ship():
    table = make_table()
    me = table.players[0]
    me.supply.update(guest=3, gold=0)
    me.track.ships = [Ship("sloop", guest=True)]
    parts = score(table, me)
    assert parts["guests"] == Fraction(5, 2)


def test_double_guest_rule_makes_supply_guests_worth_one():
    table = make_table()
    me = table.players[0]
    me.supply["guest"] = 3
    me.buildings.append(CardInPlay(mechanic(rules={"double_guest_vp": lambda ctx, before: True}), me, cell=None))
    assert score(table, me)["guests"] == 3


def test_guests_never_pay_gold_and_pay_ship_costs():
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=0, fish=0, gold=0, guest=5)
    assert payment_options(table, me, ship_cost(table, me, "cutter")) == []  # 6 wood + 1 gold: the gold is missing
    sloop = payment_options(table, me, ship_cost(table, me, "sloop"))
    assert [(p.wood, p.fish, p.guests) for p in sloop] == [(0, 0, 2)]  # 1 Guest for the wood, 1 for the fish


def test_no_guests_part_forbids_guests_and_return_guests_is_its_own_payment():
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=12, guest=6)
    strict = (CostOption((("goods", 12, "wood"), ("no_guests",))),)
    assert [(p.wood, p.guests) for p in payment_options(table, me, strict)] == [(12, 0)]
    by_guests = (CostOption((("goods", 21, "fish"),)), CostOption((("return_guests", 5),)))
    options = payment_options(table, me, by_guests)
    assert [(p.fish, p.guests) for p in options] == [(0, 5)]  # 7 Guests would be needed for 21 fish


@settings(max_examples=300, deadline=None)
@given(
    supply=st.tuples(*[st.integers(0, 7)] * 4),
    owed=st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 2)),
    returned=st.integers(0, 2),
    guests_allowed=st.booleans(),
)
@pytest.mark.slow
def test_a_cost_option_offers_each_affordable_payment_once(supply, owed, returned, guests_allowed):
    """Every way of spending Guests that saves something and leaves goods the player has, and each only once."""
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=supply[0], fish=supply[1], gold=supply[2], guest=supply[3])
    wood, fish, gold = owed
    parts = (("goods", wood, "wood"), ("goods", fish, "fish"), ("goods", gold, "gold"), ("return_guests", returned))
    option = CostOption(parts if guests_allowed else (*parts, ("no_guests",)))
    wood_each, fish_each = rule(table, me, "guest_wood"), rule(table, me, "guest_fish")
    spare = supply[3] - returned if guests_allowed else 0
    expected = {
        (max(0, wood - w * wood_each), max(0, fish - f * fish_each), gold, returned + w + f)
        for w in range(-(-wood // wood_each) + 1)
        for f in range(-(-fish // fish_each) + 1)
        if w + f <= spare
        and max(0, wood - w * wood_each) <= supply[0]
        and max(0, fish - f * fish_each) <= supply[1]
        and gold <= supply[2]
        and returned <= supply[3]
    }
    offered = [(p.wood, p.fish, p.gold, p.guests) for p in payment_options(table, me, (option,))]
    assert len(offered) == len(set(offered))
    assert set(offered) == expected
