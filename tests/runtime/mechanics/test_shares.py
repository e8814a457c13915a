"""Issue a Share and Buy all Shares, with the round discount."""

import pytest

from runtime.mechanics.shares import buy_all_shares, issue_share
from runtime.model.state import IllegalAction
from tests.kit.table_kit import make_table, picture


def test_start_two_issued_shares_held_by_the_owner_three_unissued():
    table = make_table(players=3)
    for colour in range(3):
        mine = [s for s in table.shares if s.colour == colour]
        assert [(s.issued, s.holder) for s in mine] == [(True, colour)] * 2 + [(False, None)] * 3


def test_issue_a_share_puts_it_on_the_board_for_two_gold():
    table = make_table()
    me = table.players[0]
    share = issue_share(table, me)
    assert share.issued and share.on_board and share.colour == 0
    assert me.supply["gold"] == 4


def test_no_unissued_share_left_is_illegal():
    table = make_table()
    me = table.players[0]
    for _ in range(3):
        issue_share(table, me)
    with pytest.raises(IllegalAction):
        issue_share(table, me)


@pytest.mark.parametrize(("round_number", "price"), [(1, 3), (3, 3), (4, 2), (5, 2), (6, 1), (7, 1)])
def test_buy_all_shares_takes_every_share_at_the_round_price(round_number, price):
    table = make_table(players=3)
    table.round = round_number
    a, b, c = table.players
    issue_share(table, b)
    issue_share(table, c)
    issue_share(table, c)
    a.supply["gold"] = 5
    bought = buy_all_shares(table, a)
    assert len(bought) == 3 and all(s.holder == 0 for s in bought)
    assert a.supply["gold"] == 5 - price


def test_discount_never_below_zero():
    table = make_table()
    table.round = 7
    me, other = table.players
    issue_share(table, other)
    me.supply["gold"] = 0
    buy_all_shares(table, me)
    assert me.supply["gold"] == 0


def test_buying_shares_you_cannot_afford_or_an_empty_board_is_illegal():
    table = make_table()
    me, other = table.players
    with pytest.raises(IllegalAction):
        buy_all_shares(table, me)
    issue_share(table, other)
    issue_share(table, other)
    me.supply["gold"] = 1
    before = picture(table)
    with pytest.raises(IllegalAction):
        buy_all_shares(table, me)
    assert picture(table) == before
