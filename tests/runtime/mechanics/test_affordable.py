"""`affordable` (runtime/mechanics/payment.py) tells whether any payment is offered without making the payments: it
must agree with payment_options for every cost, supply and Guest rate, negative amounts and rates of 0 included."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.mechanics import payment
from runtime.mechanics.payment import affordable, payment_options
from runtime.model.cards import CostOption
from tests.kit.table_kit import make_table

AMOUNTS = st.integers(min_value=-2, max_value=5)
HELD = st.integers(min_value=0, max_value=5)
PARTS = st.lists(
    st.one_of(
        st.tuples(st.just("goods"), AMOUNTS, st.sampled_from(["wood", "fish", "gold", "guest"])),
        st.tuples(st.just("return_guests"), st.integers(min_value=0, max_value=3)),
        st.just(("no_guests",)),
        st.just(("free",)),
    ),
    max_size=4,
)


@settings(max_examples=2000, deadline=None)
@given(
    costs=st.lists(PARTS, max_size=3),
    supply=st.tuples(HELD, HELD, HELD, HELD),
    rates=st.tuples(st.integers(min_value=0, max_value=3), st.integers(min_value=0, max_value=3)),
)
@pytest.mark.slow
def test_affordable_agrees_with_the_payments_offered(costs: list, supply: tuple, rates: tuple) -> None:
    table = make_table(2)
    player = table.players[0]
    player.supply.update(zip(("wood", "fish", "gold", "guest"), supply, strict=True))
    options = tuple(CostOption(tuple(parts)) for parts in costs)
    guest_rates = {"guest_wood": rates[0], "guest_fish": rates[1]}
    real_rule = payment.rule

    def rule(table: Any, player: Any, key: str, **scope: Any) -> Any:
        return guest_rates[key] if key in guest_rates else real_rule(table, player, key, **scope)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(payment, "rule", rule)
        assert affordable(table, player, options) == bool(payment_options(table, player, options))


def test_affordable_counts_guests_for_wood_and_fish_together() -> None:
    """5 wood 4 fish owed, none held, a Guest saving 2 wood or 3 fish (rules.toml): 3 Guests for the wood and 2 for
    the fish, so 4 are not enough; with 1 wood held, 2 Guests cover the wood and 4 are enough."""
    table = make_table(2)
    player = table.players[0]
    player.supply.update(wood=0, fish=0, guest=4)
    cost = (CostOption((("goods", 5, "wood"), ("goods", 4, "fish"))),)
    assert not affordable(table, player, cost) and payment_options(table, player, cost) == []
    player.supply.update(wood=1)
    assert affordable(table, player, cost) and payment_options(table, player, cost)
