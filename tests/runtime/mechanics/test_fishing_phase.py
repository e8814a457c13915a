"""The Fishing Phase: the exact distribution order, the Reserve limit and the end-of-phase Share moves."""

from runtime.game.driver import play_fishing_phase
from runtime.mechanics.haul import distribute
from runtime.model.state import CardInPlay, Ship
from tests.kit.table_kit import make_table, mechanic, script


def seat_elders(table, player, count, fish=0):
    for i in range(count):
        elder = CardInPlay(mechanic(f"Elder {i}", kind="elder", code=f"E9{i}"), player)
        elder.goods["fish"] = fish
        player.council.append(elder)


def test_steps_run_in_order_and_stop_when_the_haul_runs_out():
    table = make_table(players=3)
    me, holder, _ = table.players
    seat_elders(table, me, 2)
    mine = [s for s in table.shares if s.colour == 0]
    mine[2].issued, mine[2].holder = True, None  # on the Share board
    mine[3].issued, mine[3].holder = True, holder.index
    distribute(table, me, 4)
    assert [e.goods["fish"] for e in me.council] == [1, 1]  # step 1
    assert mine[2].fish == 1 and mine[3].fish == 1  # step 2, board first
    assert mine[0].fish == 0 and mine[1].fish == 0  # step 3 got nothing
    assert me.reserve["fish"] == 0


def test_board_shares_come_before_shares_other_players_hold():
    table = make_table(players=3)
    me, holder, _ = table.players
    mine = [s for s in table.shares if s.colour == 0]
    mine[2].issued, mine[2].holder = True, holder.index
    mine[3].issued, mine[3].holder = True, None
    distribute(table, me, 1)
    assert mine[3].fish == 1 and mine[2].fish == 0


def test_the_rest_goes_to_the_reserve_up_to_eight_and_the_surplus_back():
    table = make_table()
    me = table.players[0]
    me.reserve["fish"] = 5
    distribute(table, me, 12)  # 2 on own Shares, 3 fill the Reserve to 8, 7 back
    assert me.reserve["fish"] == 8
    assert me.supply["fish"] == 2  # personal supply untouched during distribution
    assert [s.fish for s in table.shares if s.colour == 0 and s.issued] == [1, 1]


def test_end_of_phase_board_share_fish_return_and_held_share_fish_go_to_the_holder():
    table = make_table(players=2)
    me, other = table.players
    mine = [s for s in table.shares if s.colour == 0]
    mine[2].issued, mine[2].holder = True, None
    mine[3].issued, mine[3].holder = True, other.index
    play_fishing_phase(table)
    # me: haul 3 -> board share 1, other's share 1, own shares: one of two gets the last fish
    assert me.supply["fish"] == 2 + 1
    assert other.supply["fish"] == 2 + 1 + 2  # my Share they hold + their own two Shares
    assert me.reserve["fish"] == 0 and other.reserve["fish"] == 1
    assert all(s.fish == 0 for s in table.shares)


def test_an_elder_receiving_its_third_fish_discards_one_to_the_supply():
    table = make_table()
    me = table.players[0]
    seat_elders(table, me, 1, fish=2)
    distribute(table, me, 1)
    assert me.council[0].goods["fish"] == 0
    assert me.supply["fish"] == 3 and me.reserve["fish"] == 0


def test_guests_on_ships_step_comes_after_own_shares_and_before_the_reserve():
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop", guest=True), Ship("cutter", guest=True)]
    distribute(table, me, 3)  # 2 own Shares, then 1 of the 2 Guest fish, nothing for the Reserve
    assert me.supply["fish"] == 3 and me.reserve["fish"] == 0


def test_swap_rule_lets_the_owner_feed_own_shares_before_elders():
    swap = mechanic("Swap", rules={"swap_distribution": lambda ctx, before: True})
    table = make_table()
    me = table.players[0]
    me.buildings.append(CardInPlay(swap, me))
    seat_elders(table, me, 2)
    script(table, True)
    distribute(table, me, 2)
    assert [s.fish for s in table.shares if s.colour == 0 and s.issued] == [1, 1]
    assert [e.goods["fish"] for e in me.council] == [0, 0]
    assert table.session.decider.asked[-1][1] == "swap_distribution"


def test_without_the_swap_rule_nobody_is_asked():
    table = make_table()
    me = table.players[0]
    seat_elders(table, me, 2)
    distribute(table, me, 2)
    assert [e.goods["fish"] for e in me.council] == [1, 1]
    assert table.session.decider.asked == []
