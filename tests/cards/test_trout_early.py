"""Trout cards A601-A618 and B621-B624: each rulebook clause, run with the real compiled card."""

from __future__ import annotations

import pytest

from runtime import library
from runtime.core.decisions import Decision, DecisionKind
from runtime.core.in_play import attach
from runtime.game.actions import PASS, offer_any_time, perform, use_worker_space
from runtime.game.driver import play_whole_round
from runtime.game.phases import begin_round, end_of_round, final_scores, returning_home
from runtime.mechanics.elders import use_elder
from runtime.mechanics.goods import gain
from runtime.mechanics.haul import distribute
from runtime.model.cards import Ability, Context
from runtime.model.state import CardInPlay, IllegalAction, Player, Ship, Table
from tests.kit.table_kit import (
    build_from_hand,
    make_table,
    mechanic,
    picture,
    put_in_play,
    real_cards,
    real_elder,
    script,
)


def in_play(table: Table, player: Player, name: str, cell: tuple[int, int] | None = None) -> CardInPlay:
    """A real card put on the Harbor board (or the Fishing track when cell is None), as though built earlier."""
    return put_in_play(table, player, real_cards()[name], cell, on_track=cell is None)


def build_real(table: Table, player: Player, name: str, *answers: object) -> CardInPlay:
    return build_from_hand(table, player, real_cards()[name], *answers)


def seat(table: Table, player: Player, name: str) -> CardInPlay:
    """A real Elder already sitting in the player's Elder Council."""
    elder = CardInPlay(real_elder(table, name), player)
    player.council.append(elder)
    attach(table, elder)
    return elder


def stack_elders(table: Table, *names: str) -> None:
    """The supply board's Elder stacks, one real Elder on each."""
    table.elder_stacks = [[real_elder(table, name)] for name in names]


def elder_ship_track(player: Player) -> None:
    """Three schooners and a sloop: total length 12, a haul size of 11."""
    player.track.ships = [Ship("schooner"), Ship("schooner"), Ship("schooner"), Ship("sloop")]


# Cabin (A601) -----------------------------------------------------------------------------------


def cabin_table() -> tuple[Table, Player]:
    """Two own Shares held, one own Share held by the other player, two Elders in the Council."""
    table = make_table()
    me = table.players[0]
    table.shares[2].issued, table.shares[2].holder = True, 1
    seat(table, me, "Pisciculturist")
    seat(table, me, "Builder")
    in_play(table, me, "Cabin", (1, 2))
    return table, me


def own_share_fish(table: Table) -> list[int]:
    return [s.fish for s in table.shares if s.colour == 0]


def test_cabin_swapped_distribution_fills_own_shares_then_others_then_elders() -> None:
    table, me = cabin_table()
    script(table, True)
    distribute(table, me, 4)
    assert own_share_fish(table) == [1, 1, 1, 0, 0]
    assert [e.goods["fish"] for e in me.council] == [1, 0]
    assert me.reserve["fish"] == 0


def test_cabin_swap_is_optional_and_unswapped_feeds_elders_first() -> None:
    table, me = cabin_table()
    script(table, False)
    distribute(table, me, 3)
    assert [e.goods["fish"] for e in me.council] == [1, 1]
    assert own_share_fish(table) == [0, 0, 1, 0, 0]  # the other player's Share of my colour, not mine
    assert table.session.decider.asked == [(0, "swap_distribution", [False, True])]


def test_cabin_swapped_distribution_still_ends_with_reserve_then_surplus() -> None:
    table, me = cabin_table()
    me.reserve["fish"] = 6
    script(table, True)
    distribute(table, me, 9)
    assert own_share_fish(table) == [1, 1, 1, 0, 0]
    assert [e.goods["fish"] for e in me.council] == [1, 1]
    assert me.reserve["fish"] == 8  # 2 of the remaining 4 fit, 2 go back to the general supply
    assert me.supply["fish"] == 2


def test_cabin_swap_changes_only_the_order_not_the_steps() -> None:
    """A haul that reaches every step ends the same way swapped or not (the Guests' fish, part of step 3, move
    with it: see test_card_rulings.py::test_cabin_swap_moves_the_guests_fish_with_step_3)."""
    ends = []
    for swap in (False, True):
        table, me = cabin_table()
        me.track.ships = [Ship("sloop", guest=True)]
        script(table, swap)
        distribute(table, me, 8)
        ends.append(picture(table))
        assert me.supply["fish"] == 3  # 2 start + 1 for the Guest on the sloop
        assert me.reserve["fish"] == 2
    assert ends[0] == ends[1]


def test_cabin_swap_is_offered_when_the_pond_builder_distributes() -> None:
    table, me = cabin_table()
    pond = seat(table, me, "Pond Builder")
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    script(table, True)
    fish, theirs = me.supply["fish"], table.players[1].supply["fish"]
    use_elder(table, me, pond)
    # the haul's 3 fish went on the 3 issued own Shares (steps swapped) and move when the distribution ends (ruling):
    # 2 into my supply, 1 into the supply of the other player, who holds one
    assert own_share_fish(table) == [0, 0, 0, 0, 0]
    assert (me.supply["fish"], table.players[1].supply["fish"]) == (fish + 2, theirs + 1)
    assert [e.goods["fish"] for e in me.council] == [0, 0, 1]  # only the fish from the Banquet Table
    assert table.session.decider.asked == [(0, "swap_distribution", [False, True])]


def test_no_swap_without_the_cabin() -> None:
    table = make_table()
    me = table.players[0]
    seat(table, me, "Pisciculturist")
    distribute(table, me, 1)
    assert me.council[0].goods["fish"] == 1 and own_share_fish(table) == [0, 0, 0, 0, 0]
    assert table.session.decider.asked == []


# Woodcutter's Cabin (A602) ----------------------------------------------------------------------


def test_woodcutters_cabin_several_forests_are_checked_one_at_a_time() -> None:
    """The Moot Hall removes all 4 Forests: only the first, taken off a stack of 2, reveals no space."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Woodcutter's Cabin", (1, 2))
    me.supply.update(wood=6, fish=4)
    build_real(table, me, "Moot Hall", (2, 2), True, 0, 0, 1)
    assert me.harbor.forests == [0, 0, 0, 0, 0]
    assert me.supply == {"wood": 4, "fish": 0, "gold": 3, "guest": 4}


def test_woodcutters_cabin_built_via_builder_gets_no_gold_retroactively() -> None:
    table = make_table()
    me = table.players[0]
    builder = seat(table, me, "Builder")
    me.hand.append(real_cards()["Woodcutter's Cabin"])
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    script(table, 0, (1, 2))  # remove a Forest from the stack of 2, then build on (1, 2)
    use_elder(table, me, builder)
    assert me.harbor.forests[0] == 1
    assert [c.name for c in me.buildings] == ["Woodcutter's Cabin"]
    assert me.supply == {"wood": 1, "fish": 1, "gold": 2, "guest": 0}


# Pond Installation (A603) -----------------------------------------------------------------------


def test_pond_installation_pairs_of_fish_and_gold_per_three_wood_keeping_the_wood() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=10, fish=0, gold=1)
    build_real(table, me, "Pond Installation", (1, 2))
    # 10 wood before paying 1: three pairs, rounded down; no wood is lost but the 1 of the cost
    assert me.supply == {"wood": 9, "fish": 3, "gold": 3, "guest": 0}


def test_pond_installation_wood_limit_caps_at_four_pairs() -> None:
    """At the wood limit of 12, four pairs; a Guest paying the wood changes nothing of it."""
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=12, fish=0, gold=1, guest=1)
    gain(table, me, "wood", 3)
    assert me.supply["wood"] == 12
    build_real(table, me, "Pond Installation", (1, 2), "0 wood 0 fish 1 gold 1 guests")
    assert me.supply == {"wood": 12, "fish": 4, "gold": 4, "guest": 0}


def test_pond_installation_with_wood_storage_gives_five_pairs() -> None:
    """Reader: "Wood Storage in play; 15 wood, 0 fish, 1 gold | wood 14, fish 5, gold 5" ; with a Guest paying the
    wood, 15 stay."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Wood Storage", (4, 4))
    me.supply.update(wood=15, fish=0, gold=1)
    build_real(table, me, "Pond Installation", (1, 2))
    assert me.supply == {"wood": 14, "fish": 5, "gold": 5, "guest": 0}
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Wood Storage", (4, 4))
    me.supply.update(wood=15, fish=0, gold=1, guest=1)
    build_real(table, me, "Pond Installation", (1, 2), "0 wood 0 fish 1 gold 1 guests")
    assert me.supply == {"wood": 15, "fish": 5, "gold": 5, "guest": 0}


def test_pond_installation_no_effect_below_three_wood() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=2, fish=2, gold=2)
    build_real(table, me, "Pond Installation", (1, 2))
    assert me.supply == {"wood": 1, "fish": 2, "gold": 1, "guest": 0}
    assert me.reserve == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Village Hall (A604) ----------------------------------------------------------------------------


def village_hall_table(fish: int, guests: int = 0) -> tuple[Table, Player, CardInPlay]:
    table = make_table()
    me = table.players[0]
    me.supply.update(fish=fish, gold=0, guest=guests)
    in_play(table, me, "Village Hall", (1, 2))
    elder = seat(table, me, "Pisciculturist")
    return table, me, elder


def test_village_hall_serve_before_using_an_elder_without_a_worker() -> None:
    table, me, elder = village_hall_table(fish=4)
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    script(table, True, 2, "stop")
    use_elder(table, me, elder)
    # 3 fish on the 3-fish plate (1 gold); the Elder then takes a fish from the fullest plate
    assert table.plates == [0, 0, 2, 0, 0, 0, 1]
    assert me.supply == {"wood": 2, "fish": 1 + 1, "gold": 1, "guest": 0}  # Pisciculturist: 1 fish per Elder
    assert table.spaces["serve_fish"] == [] and elder.worker is None


def test_village_hall_may_be_declined() -> None:
    table, me, elder = village_hall_table(fish=4)
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    script(table, False)
    use_elder(table, me, elder)
    assert table.plates == [0, 0, 0, 0, 0, 0, 0]
    assert me.supply == {"wood": 2, "fish": 5, "gold": 0, "guest": 0}


def test_village_hall_serves_at_most_four_fish() -> None:
    table, me, elder = village_hall_table(fish=10)
    script(table, True, 0, 1, 0)
    use_elder(table, me, elder)  # after 2 + 2 fish no plate fits the limit, so serving stops
    assert table.plates == [1, 2, 0, 0, 0, 0, 0]
    assert me.supply["fish"] == 10 - 4 + 1 and me.supply["gold"] == 2
    assert table.session.decider.asked[1] == (0, "serve_plate", [0, 1, 2, 3, 4, 5])  # never the 5-fish plate


def test_village_hall_gold_for_each_newly_filled_plate() -> None:
    table, me, elder = village_hall_table(fish=4)
    script(table, True, 0, 1, 0)
    use_elder(table, me, elder)
    assert me.supply["gold"] == 2 and table.plates == [1, 2, 0, 0, 0, 0, 0]


def test_village_hall_lets_an_elder_be_used_at_an_empty_banquet_table() -> None:
    table, me, elder = village_hall_table(fish=2)
    assert table.plates == [0] * 7
    script(table, True, 0)
    use_elder(table, me, elder)
    assert table.plates == [1, 0, 0, 0, 0, 0, 0] and elder.goods["fish"] == 1
    assert me.supply == {"wood": 2, "fish": 1, "gold": 1, "guest": 0}


def test_village_hall_a_guest_counts_as_the_fish_it_saved() -> None:
    """A Guest on a 4-fish plate uses up the 4-fish limit; the 5-fish plate is never offered."""
    table, me, elder = village_hall_table(fish=0, guests=2)
    script(table, True, 4)
    use_elder(table, me, elder)
    assert table.session.decider.asked[1] == (0, "serve_plate", [0, 1, 2, 3, 4, 5])
    assert me.supply == {"wood": 2, "fish": 1, "gold": 1, "guest": 1}
    assert table.plates == [0, 0, 0, 0, 0, 0, 0]  # the Guest's 1 fish went onto the Elder


# Urban Quarter (A605) ---------------------------------------------------------------------------


def test_urban_quarter_gold_once_buildings_outnumber_forest_covered_spaces() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [0, 1, 0, 0, 0]  # one Forest covering 2 Building spaces
    in_play(table, me, "Urban Quarter", (1, 2))
    in_play(table, me, "Cabin", (2, 2))
    assert me.supply["gold"] == 2  # 2 Buildings, 2 covered spaces: not more
    in_play(table, me, "Wood Storage", (3, 1))
    assert me.supply["gold"] == 4
    in_play(table, me, "Supply Depot", (3, 2))
    assert me.supply["gold"] == 4  # only once


def test_urban_quarter_already_true_when_built_pays_at_once() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [1, 0, 0, 0, 0]
    in_play(table, me, "Cabin", (2, 2))
    in_play(table, me, "Wood Storage", (3, 1))
    build_real(table, me, "Urban Quarter", (1, 2))
    assert me.supply == {"wood": 2, "fish": 0, "gold": 4, "guest": 0}


def test_urban_quarter_buildings_off_building_spaces_count() -> None:
    """The Deep-Sea Trawler stands on the Fishing track but is a Building of the Harbor board owner."""
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [1, 0, 0, 0, 0]
    in_play(table, me, "Urban Quarter", (1, 2))
    in_play(table, me, "Cabin", (2, 2))
    assert me.supply["gold"] == 2
    in_play(table, me, "Deep-Sea Trawler")
    assert me.supply["gold"] == 4


def test_urban_quarter_counts_covered_spaces_not_forests() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [3, 0, 0, 0, 0]  # 3 Forests on one double space: 2 covered spaces
    in_play(table, me, "Urban Quarter", (1, 2))
    in_play(table, me, "Cabin", (2, 2))
    assert me.supply["gold"] == 2
    in_play(table, me, "Wood Storage", (3, 1))
    assert me.supply["gold"] == 4  # 3 Buildings > 2 spaces, though not > 3 Forests


@pytest.mark.parametrize("reforest", [False, True])
def test_urban_quarter_an_orchard_built_counts_on_both_sides_and_tips_nothing(reforest: bool) -> None:
    """Urban Quarter: "As soon as there are more Buildings on your Harbor board than Building spaces covered by
    Forest". Orchard: "the Orchard is considered both a Building and a Forest ... the Orchard occupies a single
    Building space." Ruling (cards.nus): its own Building space is covered by Forest, so building it adds 1 Building
    and 1 covered space: 2 against 2 stays 3 against 3 (or 3 against 5 after its Reforest), no gold; a plain
    Building then tips it."""
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [0, 1, 0, 0, 0]  # one Forest covering 2 Building spaces
    in_play(table, me, "Urban Quarter", (1, 2))
    in_play(table, me, "Cabin", (2, 2))
    me.supply.update(wood=2, fish=0, gold=0, guest=0)
    reforesting = (True, 3) if reforest else (False,)
    orchard = build_real(table, me, "Orchard", (4, 1), False, *reforesting)  # space; no Guest; Reforest or not
    ctx = Context(table, me)
    covered = 5 if reforest else 3
    assert (library.buildings(ctx), library.forest_covered_spaces(ctx)) == (3, covered)
    assert me.harbor.cells[(4, 1)] is orchard
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}  # no gold
    in_play(table, me, "Wood Storage", (4, 4))
    assert me.supply["gold"] == (0 if reforest else 2)  # 4 Buildings > 3 covered spaces; not > 5


def test_urban_quarter_a_single_forest_covers_two_spaces() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [0, 0, 0, 0, 1]
    in_play(table, me, "Urban Quarter", (1, 2))
    in_play(table, me, "Cabin", (2, 2))
    assert me.supply["gold"] == 2  # 2 Buildings > 1 Forest, but not > 2 covered spaces


# Forest Cabin (A606) ----------------------------------------------------------------------------


def test_forest_cabin_thin_out_gives_fish_per_forest_in_the_middle_columns() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [2, 1, 1, 3, 0]  # double space 3 is (4, 2)-(4, 3): the middle columns
    in_play(table, me, "Forest Cabin", (1, 2))
    perform(table, me, "thin_out", "space")
    assert me.supply == {"wood": 2 + 7, "fish": 2 + 3, "gold": 2, "guest": 0}  # the action's wood as well


def test_forest_cabin_outer_columns_do_not_count() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [2, 1, 1, 0, 0]  # columns 3-4 only
    in_play(table, me, "Forest Cabin", (1, 2))
    perform(table, me, "thin_out", "space")
    assert me.supply == {"wood": 2 + 4, "fish": 2, "gold": 2, "guest": 0}


def test_forest_cabin_forest_half_in_the_middle_does_not_count() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [0, 0, 0, 0, 2]  # double space 4 is (3, 1)-(3, 2): only column 2 is a middle column
    in_play(table, me, "Forest Cabin", (1, 2))
    perform(table, me, "thin_out", "space")
    assert me.supply == {"wood": 2 + 2, "fish": 2, "gold": 2, "guest": 0}


# Galley (A607) ----------------------------------------------------------------------------------


def test_galley_fish_on_plates_before_building_a_ship_pay_for_it() -> None:
    """2 wood and no fish cannot pay a sloop (2 wood, 2 fish) until the Galley's fish arrive."""
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=2, fish=0)
    table.plates = [2, 2, 3, 0, 0, 0, 0]
    in_play(table, me, "Galley", (1, 2))
    script(table, "sloop")
    perform(table, me, "build_ship", "space")
    assert [s.type for s in me.track.ships] == ["sloop"]
    assert me.supply == {"wood": 0, "fish": 7 - 2, "gold": 2, "guest": 0}
    assert table.plates == [2, 2, 3, 0, 0, 0, 0]  # the fish come from the general supply


def test_galley_any_build_a_ship_action_counts() -> None:
    """Via the Harbor Master Elder: it first eats a Banquet fish, then the Galley counts the 6 left."""
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=2, fish=0)
    table.plates = [2, 2, 3, 0, 0, 0, 0]
    in_play(table, me, "Galley", (1, 2))
    master = seat(table, me, "Harbor Master")
    script(table, "sloop")
    use_elder(table, me, master)
    assert table.plates == [2, 2, 2, 0, 0, 0, 0]
    assert [s.type for s in me.track.ships] == ["sloop"]
    assert me.supply == {"wood": 0, "fish": 6 - 2, "gold": 2, "guest": 0}


def test_galley_empty_banquet_table_gives_nothing() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=2, fish=2)
    in_play(table, me, "Galley", (1, 2))
    script(table, "sloop")
    perform(table, me, "build_ship", "space")
    assert me.supply == {"wood": 0, "fish": 0, "gold": 2, "guest": 0}


# Store Management (A608) ------------------------------------------------------------------------


def transfer_on_turn(turn: int, wood: int = 2) -> Player:
    table = make_table()
    me = table.players[0]
    me.supply["wood"] = wood
    me.reserve.update(wood=1, fish=1)
    in_play(table, me, "Store Management", (1, 2))
    me.turns_taken = turn
    perform(table, me, "transfer_reserve", "space")
    return me


def test_store_management_first_turn_transfer_gives_a_fish() -> None:
    assert transfer_on_turn(1).supply == {"wood": 3, "fish": 4, "gold": 2, "guest": 0}


def test_store_management_second_turn_transfer_gives_a_wood() -> None:
    assert transfer_on_turn(2).supply == {"wood": 4, "fish": 3, "gold": 2, "guest": 0}


def test_store_management_third_turn_transfer_gives_a_gold() -> None:
    assert transfer_on_turn(3).supply == {"wood": 3, "fish": 3, "gold": 3, "guest": 0}


def test_store_management_observes_the_wood_limit() -> None:
    me = transfer_on_turn(2, wood=11)
    assert me.supply == {"wood": 12, "fish": 3, "gold": 2, "guest": 0}


def test_store_management_transfer_via_an_elder_effect_counts() -> None:
    table = make_table()
    me = table.players[0]
    me.reserve.update(fish=2)
    in_play(table, me, "Store Management", (1, 2))
    steward = CardInPlay(
        mechanic(
            "Steward",
            (Ability("elder_use", lambda ctx: library.perform_action(ctx, "transfer_reserve")),),
            kind="elder",
            code="E90",
        ),
        me,
    )
    me.council.append(steward)
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    me.turns_taken = 3
    use_elder(table, me, steward)
    assert me.supply == {"wood": 2, "fish": 4, "gold": 3, "guest": 0}


def test_store_management_fourth_action_of_the_round_gives_nothing() -> None:
    """The Glider's extra turn at the end of the Round is a fourth turn."""
    table = make_table()
    me = table.players[0]
    me.reserve.update(fish=2)
    in_play(table, me, "Store Management", (1, 2))
    script(table, True)
    in_play(table, me, "Glider", (2, 2))
    assert me.supply["guest"] == 1
    me.turns_taken = 3
    script(table, True, "transfer_reserve")
    end_of_round(table)
    assert me.supply == {"wood": 2, "fish": 4, "gold": 2, "guest": 0}
    assert me.turns_taken == 3


def test_store_management_the_turn_count_restarts_when_a_round_begins() -> None:
    """Store Management: "on your first, second, or third Worker's turn". The count of turns restarts when each Round
    begins, as the Elders' count does: before Round 2's first turn (in its Fishing Phase) no turn of it has been
    taken, so a Transfer Reserve then (through a card) is on none of the three and gives nothing, not the third
    turn's gold of Round 1."""
    table = make_table()
    me = table.players[0]
    me.reserve.update(fish=2)
    in_play(table, me, "Store Management", (1, 2))
    me.turns_taken = table.players[1].turns_taken = 3  # Round 1's last turn
    begin_round(table)
    assert (table.round, [player.turns_taken for player in table.players]) == (2, [0, 0])
    perform(table, me, "transfer_reserve", "card")
    assert me.supply == {"wood": 2, "fish": 4, "gold": 2, "guest": 0}


# Market (A609) ----------------------------------------------------------------------------------


def test_market_exchange_fish_for_wood_before_building_a_ship_to_afford_it() -> None:
    """3 wood cannot pay a cutter (6 wood, 1 gold); 3 fish exchanged first make it 6."""
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=3, fish=3, gold=1)
    in_play(table, me, "Market", (1, 2))
    script(table, True, "exchange up to (empty building spaces) fish for wood", 3, "cutter")
    perform(table, me, "build_ship", "space")
    assert [s.type for s in me.track.ships] == ["cutter"]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


def fill_harbor_but(table: Table, player: Player, empty: int) -> None:
    """Cover or build on every free Building space but `empty` of them (Cabins: a rule that changes nothing here)."""
    player.harbor.forests = [2, 1, 1, 1, 1]
    free = [(2, 2), (4, 1), (4, 4)]
    for cell in free[: len(free) - empty]:
        in_play(table, player, "Cabin", cell)


def test_market_exchanges_limited_by_empty_building_spaces() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=0, fish=5, gold=1)
    in_play(table, me, "Market", (1, 2))
    fill_harbor_but(table, me, empty=2)
    script(table, True, "exchange up to (empty building spaces) fish for wood", 2, "sloop")
    perform(table, me, "build_ship", "space")
    assert (0, "how_many", [2, 1, 0]) in table.session.decider.asked
    assert me.supply == {"wood": 0, "fish": 1, "gold": 1, "guest": 0}  # 2 exchanged, then the sloop paid


def test_market_exchange_wood_for_fish() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=4, fish=0, gold=0)
    in_play(table, me, "Market", (1, 2))
    script(table, True, "exchange up to (empty building spaces) wood for fish", 2, "sloop")
    perform(table, me, "build_ship", "space")
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert [s.type for s in me.track.ships] == ["sloop"]


def test_market_one_direction_per_activation() -> None:
    """After exchanging fish for wood there is no second exchange back: one choice, one amount."""
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=3, fish=3, gold=1)
    in_play(table, me, "Market", (1, 2))
    script(table, True, "exchange up to (empty building spaces) fish for wood", 3)
    perform(table, me, "build_ship", "space")
    assert [kind for _, kind, _ in table.session.decider.asked] == [
        "may",
        "choose_one",
        "how_many",
    ]  # only a cutter is paid
    assert [ship.type for ship in me.track.ships] == ["cutter"]


def test_market_any_build_a_ship_action_counts() -> None:
    """Via the Pedalo Builder's worker space rather than the action space."""
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=4, fish=0, gold=0)
    in_play(table, me, "Market", (1, 2))
    pedalo = in_play(table, me, "Pedalo Builder", (2, 2))
    script(table, True, "exchange up to (empty building spaces) wood for fish", 2, "sloop")
    use_worker_space(table, me, pedalo)
    assert me.supply == {"wood": 0 + 1, "fish": 0, "gold": 0, "guest": 0}  # the Pedalo Builder's own wood after
    assert [s.type for s in me.track.ships] == ["sloop"]


def test_market_observes_the_wood_limit() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=11, fish=5, gold=0)
    in_play(table, me, "Market", (1, 2))
    script(table, True, "exchange up to (empty building spaces) fish for wood", 3, "sloop")
    perform(table, me, "build_ship", "space")
    # 3 fish for 3 wood, but only 1 fits under the limit of 12 (the rest goes back); then the sloop is paid
    assert me.supply == {"wood": 12 - 2, "fish": 5 - 3 - 2, "gold": 0, "guest": 0}


def test_market_no_effect_without_empty_building_spaces() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=2, fish=2, gold=0)
    in_play(table, me, "Market", (1, 2))
    fill_harbor_but(table, me, empty=0)
    script(table)
    perform(table, me, "build_ship", "space")
    assert [
        kind for _, kind, _ in table.session.decider.asked
    ] == []  # no exchange offered; the sloop is the only Ship paid
    assert [ship.type for ship in me.track.ships] == ["sloop"]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Reserve Assets (A610) --------------------------------------------------------------------------


def reserve_assets_after_returning_home(fish_in_reserve: int) -> Player:
    table = make_table()
    me = table.players[0]
    me.reserve["fish"] = fish_in_reserve
    in_play(table, me, "Reserve Assets", (1, 2))
    returning_home(table)
    assert me.supply == {"wood": 2, "fish": 2, "gold": 2, "guest": 0}  # never into the personal supply
    assert me.reserve["fish"] == fish_in_reserve
    return me


def test_reserve_assets_wood_into_the_reserve_by_fish_in_reserve() -> None:
    by_fish = {fish: reserve_assets_after_returning_home(fish).reserve["wood"] for fish in range(3, 9)}
    assert by_fish == {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3}


def test_reserve_assets_no_effect_below_three_fish_in_reserve() -> None:
    assert [reserve_assets_after_returning_home(fish).reserve["wood"] for fish in (0, 1, 2)] == [0, 0, 0]


# Soup Kitchen (A611) ----------------------------------------------------------------------------


def test_soup_kitchen_a_fish_on_each_elder_already_there_before_taking_an_elder() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Soup Kitchen", (1, 2))
    old = [seat(table, me, "Builder"), seat(table, me, "Contractor")]
    stack_elders(table, "Pisciculturist")
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    perform(table, me, "take_elder", "space")
    new = me.council[-1]
    assert [e.goods["fish"] for e in old] == [1, 1]
    # the new Elder only has the Banquet fish of its own use (Pisciculturist: 3 Elders, 3 fish)
    assert new.name == "Pisciculturist" and new.goods["fish"] == 1
    assert me.supply["fish"] == 2 + 3 and table.plates == [1, 0, 0, 0, 0, 0, 0]


def test_soup_kitchen_does_not_use_the_elders() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Soup Kitchen", (1, 2))
    pisci = seat(table, me, "Pisciculturist")
    stack_elders(table, "Builder")
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    perform(table, me, "take_elder", "card")  # a card's Take an Elder: the new Elder is not used
    assert pisci.goods["fish"] == 1
    assert me.elders_used_round == 0
    assert me.supply == {"wood": 2, "fish": 2, "gold": 2, "guest": 0}  # the Pisciculturist's action did not run
    assert table.plates == [2, 0, 0, 0, 0, 0, 0]


# Timber Plant (A612) ----------------------------------------------------------------------------


def test_timber_plant_a_fish_for_each_forest_removed() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Timber Plant", (1, 2))
    script(table, 1)
    perform(table, me, "deforest", "space")
    assert me.harbor.forests == [2, 0, 1, 0, 0]
    assert me.supply == {"wood": 2 + 5, "fish": 3, "gold": 2, "guest": 0}


def test_timber_plant_several_forests_on_one_turn_give_as_many_fish() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Timber Plant", (1, 2))
    me.supply.update(wood=6, fish=4)
    build_real(table, me, "Moot Hall", (2, 2), True, 0, 0, 1)  # removes all 4 Forests
    assert me.supply == {"wood": 4, "fish": 4, "gold": 2, "guest": 4}


# Barrel Maker (A613) ----------------------------------------------------------------------------


def barrel_table(fish: int = 10, guests: int = 0, wood: int = 2) -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=wood, fish=fish, gold=0, guest=guests)
    in_play(table, me, "Barrel Maker", (1, 2))
    return table, me


def test_barrel_maker_three_fish_served_gives_two_wood() -> None:
    table, me = barrel_table()
    script(table, 2, "stop")
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 4, "fish": 7, "gold": 1, "guest": 0}


def test_barrel_maker_two_fish_served_gives_nothing() -> None:
    table, me = barrel_table()
    script(table, 0, "stop")
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 2, "fish": 8, "gold": 1, "guest": 0}


def test_barrel_maker_once_per_action_whatever_the_plates() -> None:
    """2 + 2 fish on two plates make 4: 2 wood once, and the 2 gold for the plates as well."""
    table, me = barrel_table()
    script(table, 0, 1, "stop")
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 4, "fish": 6, "gold": 2, "guest": 0}


def test_barrel_maker_observes_wood_limit() -> None:
    table, me = barrel_table(wood=11)
    script(table, 2, "stop")
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 12, "fish": 7, "gold": 1, "guest": 0}


def test_barrel_maker_a_guest_counts_as_the_fish_it_saved() -> None:
    table, me = barrel_table(fish=0, guests=1)
    script(table, 2)  # a Guest fills the 3-fish plate: 3 fish served
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 4, "fish": 0, "gold": 1, "guest": 0}
    assert table.plates == [0, 0, 1, 0, 0, 0, 0]


def test_barrel_maker_a_guest_on_a_two_fish_plate_is_two_fish() -> None:
    table, me = barrel_table(fish=0, guests=1)
    script(table, 0)
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 2, "fish": 0, "gold": 1, "guest": 0}


# Wood Storage (A614) ----------------------------------------------------------------------------


def test_wood_storage_raises_the_wood_limit_to_fifteen_for_its_owner_only() -> None:
    table = make_table()
    me, other = table.players
    in_play(table, me, "Wood Storage", (1, 2))
    gain(table, me, "wood", 20)
    gain(table, other, "wood", 20)
    assert me.supply["wood"] == 15 and other.supply["wood"] == 12


def test_wood_storage_limit_holds_at_scoring() -> None:
    """15 wood stay in the supply through scoring and count there (Cloister Chamber: 15 + 3 goods = 6 VP)."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Wood Storage", (1, 2))
    chamber = in_play(table, me, "Cloister Chamber", (2, 2))
    me.supply.update(wood=15, fish=3, gold=0)
    scores = final_scores(table)
    assert me.supply["wood"] == 15
    assert library.goods_in_supply(Context(table, me, chamber)) == 18
    assert scores[0]["buildings"] == 3 + 6


# Dance Hall (A615) ------------------------------------------------------------------------------


def dance_table() -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Dance Hall", (1, 2))
    stack_elders(table, "Pisciculturist")
    table.plates = [2, 2, 0, 0, 0, 0, 0]
    return table, me


def test_dance_hall_new_elder_used_a_second_time_after_the_action_space() -> None:
    table, me = dance_table()
    script(table, 0, True)  # the action space's use feeds from plate 0; then the Dance Hall's use
    perform(table, me, "take_elder", "space")
    elder = me.council[0]
    assert elder.goods["fish"] == 2 and table.plates == [1, 1, 0, 0, 0, 0, 0]
    assert me.elders_used_round == 2 and me.supply["fish"] == 2 + 1 + 1


def test_dance_hall_use_is_optional() -> None:
    table, me = dance_table()
    script(table, 0, False)
    perform(table, me, "take_elder", "space")
    assert me.council[0].goods["fish"] == 1 and me.elders_used_round == 1 and me.supply["fish"] == 3


def test_dance_hall_uses_an_elder_a_card_gave_without_use() -> None:
    """A card's Take an Elder does not use the new Elder; the Dance Hall does anyway."""
    table, me = dance_table()
    script(table, True, 0)
    perform(table, me, "take_elder", "card")
    assert me.council[0].goods["fish"] == 1 and me.elders_used_round == 1 and me.supply["fish"] == 3
    assert table.spaces["take_elder"] == []


def test_dance_hall_after_captains_house_uses_the_elder_twice() -> None:
    """Captain's House takes an Elder (the Dance Hall uses it) and then uses it itself."""
    table, me = dance_table()
    elder_ship_track(me)
    script(table, True, True, 0, True)  # take one: yes; Dance Hall: yes, fish from plate 0; Captain's use: yes
    in_play(table, me, "Captain's House", (2, 2))
    elder = me.council[0]
    assert elder.name == "Pisciculturist" and elder.goods["fish"] == 2
    assert table.plates == [1, 1, 0, 0, 0, 0, 0]
    assert me.elders_used_round == 2 and me.supply["fish"] == 4
    assert table.session.decider.answers == []


def test_dance_hall_after_cabin_in_the_woods_uses_the_elder_twice() -> None:
    table, me = dance_table()
    script(table, True, True, 0)
    in_play(table, me, "Cabin in the Woods", (2, 2))
    assert me.council[0].goods["fish"] == 2 and me.elders_used_round == 2 and me.supply["fish"] == 4
    assert table.plates == [1, 1, 0, 0, 0, 0, 0]


# Supply Depot (A616) ----------------------------------------------------------------------------


def third_fish(answers: tuple, reserve_fish: int = 0) -> tuple[Table, Player, CardInPlay]:
    """The Ship Owner's third fish: a 5-player table, the only one the Ship Owner is part of."""
    table = make_table(5)
    me = table.players[0]
    me.reserve["fish"] = reserve_fish
    in_play(table, me, "Supply Depot", (1, 2))
    elder = seat(table, me, "Ship Owner")
    elder.goods["fish"] = 2
    me.track.ships = [Ship("sloop")]  # the Ship Owner removes it
    table.plates = [1, 0, 0, 0, 0, 0, 0]
    script(table, *answers)
    use_elder(table, me, elder)
    return table, me, elder


def test_supply_depot_third_fish_may_go_one_to_supply_one_to_reserve() -> None:
    _, me, elder = third_fish((True,))
    assert elder.goods["fish"] == 0
    assert me.supply["fish"] == 3 and me.reserve["fish"] == 1


def test_supply_depot_basic_rule_still_available() -> None:
    _, me, elder = third_fish((False,))
    assert elder.goods["fish"] == 0
    assert me.supply["fish"] == 3 and me.reserve["fish"] == 0


def test_supply_depot_observes_the_reserve_fish_limit() -> None:
    table, me, _ = third_fish((), reserve_fish=8)
    assert me.supply["fish"] == 3 and me.reserve["fish"] == 8
    assert [kind for _, kind, _ in table.session.decider.asked] == []


def test_no_reserve_option_without_supply_depot() -> None:
    table = make_table(5)  # the Ship Owner is only in 5-player games
    me = table.players[0]
    elder = seat(table, me, "Ship Owner")
    elder.goods["fish"] = 2
    me.track.ships = [Ship("sloop")]
    table.plates = [1, 0, 0, 0, 0, 0, 0]
    use_elder(table, me, elder)
    assert me.supply["fish"] == 3 and me.reserve["fish"] == 0 and table.session.decider.asked == []


# Wood Conservation (A617) -----------------------------------------------------------------------


def conservation_label() -> str:
    ability = next(a for a in real_cards()["Wood Conservation"].abilities if a.kind == "any_time")
    return f"Wood Conservation: {ability.text}"


def conservation_table(gold: int, forests: list[int]) -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    me.supply["gold"] = gold
    me.harbor.forests = forests
    in_play(table, me, "Wood Conservation", (1, 2))
    return table, me


def test_wood_conservation_gold_per_forested_double_space_buys_a_reforest() -> None:
    table, me = conservation_table(gold=5, forests=[2, 1, 1, 0, 0])
    script(table, conservation_label(), True, 3, "done")
    offer_any_time(table, me)
    assert me.supply["gold"] == 2
    assert me.harbor.forests == [2, 1, 1, 2, 0]
    assert all(workers == [] for workers in table.spaces.values())  # no Worker placed


def test_wood_conservation_any_number_of_times() -> None:
    table, me = conservation_table(gold=7, forests=[2, 1, 1, 0, 0])
    script(table, conservation_label(), True, 3, conservation_label(), True, 4, "done")
    offer_any_time(table, me)
    assert me.supply["gold"] == 0  # 3 gold, then 4 for the four forested double spaces
    assert me.harbor.forests == [2, 1, 1, 2, 2]


def test_wood_conservation_forests_per_double_space_do_not_matter() -> None:
    table, me = conservation_table(gold=1, forests=[3, 0, 0, 0, 0])
    script(table, conservation_label(), True, 4, "done")
    offer_any_time(table, me)
    assert me.supply["gold"] == 0 and me.harbor.forests == [3, 0, 0, 0, 2]


def test_wood_conservation_counts_double_spaces_not_covered_spaces() -> None:
    """One Forest covers two Building spaces yet costs 1 gold: only the double space counts."""
    table, me = conservation_table(gold=1, forests=[0, 1, 0, 0, 0])
    script(table, conservation_label(), True, 4, "done")
    offer_any_time(table, me)
    assert me.supply["gold"] == 0 and me.harbor.forests == [0, 1, 0, 0, 2]


def test_wood_conservation_declined_changes_nothing() -> None:
    table, me = conservation_table(gold=3, forests=[2, 1, 1, 0, 0])
    before = picture(table)
    script(table, conservation_label(), False, "done")
    offer_any_time(table, me)
    assert picture(table) == before


def test_wood_conservation_not_during_an_action() -> None:
    table, me = conservation_table(gold=5, forests=[2, 1, 1, 0, 0])
    table.session.action_depth = 1
    offer_any_time(table, me)
    assert table.session.decider.asked == [] and me.supply["gold"] == 5


def test_wood_conservation_offered_before_scoring() -> None:
    table, me = conservation_table(gold=5, forests=[2, 1, 1, 0, 0])
    script(table, conservation_label(), True, 3, "done")
    final_scores(table)
    assert me.supply["gold"] == 2 and me.harbor.forests == [2, 1, 1, 2, 0]


class Declining:
    """Passes every worker turn, declines every "at any time" offer and answers anything else with its first option;
    keeps who was offered an any-time ability and every question's kind, in order."""

    def __init__(self) -> None:
        self.offers: list[int] = []
        self.kinds: list[DecisionKind] = []

    def choose(self, decision: Decision, game: object) -> int:
        self.kinds.append(decision.kind)
        values = decision.values
        if decision.kind == DecisionKind.ANY_TIME:
            self.offers.append(decision.player)
            return values.index(None)
        if decision.kind == DecisionKind.ACTION:
            return values.index(PASS)
        return 0


def test_wood_conservation_is_offered_at_every_moment_outside_an_action() -> None:
    """Wood Conservation: "At any time (and any number of times) before scoring, except during an action". Ruling: at
    every moment between actions, for its owner whoever acted: in a Round of 2 players, the Fishing Phase's start and
    the end of its distribution, after each of the 6 worker turns (both players'), the end of the Round and after
    Returning Home: 10 offers to player 2, never to player 1 (no such card)."""
    table = make_table()
    other = table.players[1]
    other.supply["gold"] = 5
    in_play(table, other, "Wood Conservation", (1, 2))
    table.round = 1
    declining = table.session.decider = Declining()
    play_whole_round(table)
    assert declining.offers == [1] * 10


def test_wood_conservation_not_offered_when_the_gold_is_short() -> None:
    """Questions that cannot be carried out are not asked: 3 forested double spaces and 2 gold."""
    table, me = conservation_table(gold=2, forests=[2, 1, 1, 0, 0])
    offer_any_time(table, me)
    assert table.session.decider.asked == [] and me.supply["gold"] == 2


def test_wood_conservation_comes_before_what_is_done_during_scoring() -> None:
    """ "before scoring": its offer comes before the "at scoring" abilities, the Harbor Grill's payment here."""
    table, me = conservation_table(gold=5, forests=[2, 1, 1, 0, 0])
    in_play(table, me, "Harbor Grill", (2, 2))
    me.supply["fish"] = 4
    declining = table.session.decider = Declining()
    final_scores(table)
    assert DecisionKind.ANY_TIME in declining.kinds and len(declining.kinds) >= 2
    assert declining.kinds[0] == DecisionKind.ANY_TIME and DecisionKind.ANY_TIME not in declining.kinds[1:]


def test_wood_conservation_ruling_no_forested_double_space_costs_nothing() -> None:
    table, me = conservation_table(gold=0, forests=[0, 0, 0, 0, 0])
    script(table, conservation_label(), True, 0, "done")
    offer_any_time(table, me)
    assert me.supply["gold"] == 0 and me.harbor.forests == [2, 0, 0, 0, 0]


# Senior Residence (A618) ------------------------------------------------------------------------


def elder_user(card: str, turn: int, players: int = 2) -> tuple[Table, Player, CardInPlay]:
    table = make_table(players)
    me = table.players[0]
    in_play(table, me, card, (1, 2))
    elder = seat(table, me, "Pisciculturist")
    table.plates = [2, 2, 0, 0, 0, 0, 0]
    me.turns_taken = turn
    return table, me, elder


def test_senior_residence_elder_used_on_first_turn_gives_a_gold() -> None:
    table, me, elder = elder_user("Senior Residence", turn=1)
    script(table, 0)
    use_elder(table, me, elder)
    assert me.supply == {"wood": 2, "fish": 3, "gold": 3, "guest": 0}


def test_senior_residence_later_turns_give_nothing() -> None:
    for turn in (2, 3, 4):
        table, me, elder = elder_user("Senior Residence", turn=turn)
        script(table, 0)
        use_elder(table, me, elder)
        assert me.supply == {"wood": 2, "fish": 3, "gold": 2, "guest": 0}


def test_senior_residence_elder_used_by_a_building_on_first_turn_counts() -> None:
    """A card's Take an Elder on the first turn, the new Elder used via the Dance Hall: still a gold."""
    table, me, _ = elder_user("Senior Residence", turn=1)
    in_play(table, me, "Dance Hall", (2, 2))
    stack_elders(table, "Builder")
    script(table, True, 0)  # a card's Take an Elder, then the Dance Hall's use
    me.hand.append(real_cards()["Cabin"])
    script(table, 0, (3, 1))  # the Builder removes a Forest (from the stack of 2) and builds the Cabin
    perform(table, me, "take_elder", "card")
    assert me.supply == {"wood": 2 - 1, "fish": 2 - 1, "gold": 3, "guest": 0}
    assert [c.name for c in me.buildings] == ["Senior Residence", "Dance Hall", "Cabin"]


# Welfare (B621) ---------------------------------------------------------------------------------


def test_welfare_every_elder_use_but_the_first_of_the_round_gives_two_wood() -> None:
    table, me, elder = elder_user("Welfare", turn=1, players=5)  # the Ship Owner is only in 5-player games
    other = seat(table, me, "Ship Owner")
    me.track.ships = [Ship("sloop")]
    script(table, 0)
    use_elder(table, me, elder)
    assert me.supply["wood"] == 2
    use_elder(table, me, other)
    assert me.supply["wood"] == 4 and me.supply["gold"] == 2 + 3


def test_welfare_first_elder_of_the_round_gives_nothing() -> None:
    table, me, elder = elder_user("Welfare", turn=2)
    script(table, 0)
    use_elder(table, me, elder)
    assert me.supply == {"wood": 2, "fish": 3, "gold": 2, "guest": 0} and me.elders_used_round == 1


def test_welfare_any_way_of_using_an_elder_counts() -> None:
    """The action space's use is the first; the Dance Hall's second use of the same Elder earns the wood."""
    table, me, _ = elder_user("Welfare", turn=1)
    me.council.clear()
    in_play(table, me, "Dance Hall", (2, 2))
    stack_elders(table, "Pisciculturist")
    script(table, 0, True)
    perform(table, me, "take_elder", "space")
    assert me.elders_used_round == 2 and me.supply["wood"] == 4


def test_welfare_observes_the_wood_limit() -> None:
    table, me, elder = elder_user("Welfare", turn=1)
    me.supply["wood"] = 11
    me.elders_used_round = 1
    script(table, 0)
    use_elder(table, me, elder)
    assert me.supply["wood"] == 12


def test_welfare_first_use_counted_afresh_each_round() -> None:
    table, me, elder = elder_user("Welfare", turn=1)
    me.elders_used_round = 3
    table.round = 0
    script(table, *(["pass"] * 6))
    play_whole_round(table)
    assert me.elders_used_round == 0
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    wood = me.supply["wood"]
    use_elder(table, me, elder)
    assert me.supply["wood"] == wood


# Gazebo (B622) ----------------------------------------------------------------------------------


def one_stack(table: Table, *names: str) -> None:
    """All given Elders in one stack, so each Take an Elder has no choice."""
    table.elder_stacks = [[real_elder(table, name) for name in names]]


def test_gazebo_two_gold_once_the_fourth_elder_sits() -> None:
    table = make_table(5)  # five Elders of the eight: the Carpenter and the Ship Owner only in 5-player games
    me = table.players[0]
    for name in ("Builder", "Contractor", "Carpenter"):
        seat(table, me, name)
    in_play(table, me, "Gazebo", (1, 2))
    assert me.supply["gold"] == 2
    one_stack(table, "Pisciculturist", "Ship Owner")
    perform(table, me, "take_elder", "card")
    assert len(me.council) == 4 and me.supply["gold"] == 4
    perform(table, me, "take_elder", "card")
    assert len(me.council) == 5 and me.supply["gold"] == 4


def test_gazebo_already_four_elders_when_built_pays_at_once() -> None:
    table = make_table()
    me = table.players[0]
    for name in ("Builder", "Contractor", "Pond Builder", "Fishmonger"):
        seat(table, me, name)
    build_real(table, me, "Gazebo", (1, 2))
    assert me.supply == {"wood": 1, "fish": 2, "gold": 4, "guest": 0}


def four_elders_and_gazebo() -> tuple[Table, Player]:
    """Four Elders seated and four more to regain (regain_four): all eight, so a 5-player table, the only one the
    Carpenter and the Ship Owner are part of."""
    table = make_table(5)
    me = table.players[0]
    for name in ("Builder", "Contractor", "Carpenter", "Fishmonger"):
        seat(table, me, name)
    in_play(table, me, "Gazebo", (1, 2))
    assert me.supply["gold"] == 4
    return table, me


def regain_four(table: Table, me: Player) -> None:
    one_stack(table, "Pisciculturist", "Ship Owner", "Pond Builder", "Harbor Master")
    for _ in range(4):
        perform(table, me, "take_elder", "card")
    assert len(me.council) == 4


def test_gazebo_no_second_gold_after_elders_lost_to_haunted_house_and_regained() -> None:
    table, me = four_elders_and_gazebo()
    build_real(table, me, "Haunted House", (2, 2), True, True)  # round 1: 1 wood, 1 fish; remove all 4 Elders
    assert me.council == []
    assert me.supply == {"wood": 1, "fish": 1 + 4, "gold": 4 + 4, "guest": 1}
    regain_four(table, me)
    assert me.supply["gold"] == 8


def test_gazebo_no_second_gold_after_elders_lost_to_graveyard_and_regained() -> None:
    table, me = four_elders_and_gazebo()
    me.supply.update(wood=4, fish=4)
    graveyard = build_real(table, me, "Graveyard", (2, 2), True)
    assert me.council == [] and len(graveyard.under) == 4
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    regain_four(table, me)
    assert me.supply["gold"] == 0


# Private Company (B623) -------------------------------------------------------------------------


def company_table() -> tuple[Table, Player]:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=4, fish=4)
    return table, me


def my_shares(table: Table) -> list[tuple[bool, int | None]]:
    return [(s.issued, s.holder) for s in table.shares if s.colour == 0]


def test_private_company_unissues_one_own_share_then_five_gold() -> None:
    table, me = company_table()
    build_real(table, me, "Private Company", (1, 2))
    assert my_shares(table) == [(False, None), (True, 0), (False, None), (False, None), (False, None)]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 7, "guest": 0}


def test_private_company_only_a_share_in_your_own_supply() -> None:
    """Ruling: the issued Shares of your colour in your supply are alike, so which one turns is not asked."""
    table, me = company_table()
    table.shares[0].holder = 1  # one of my starting Shares is with the other player
    build_real(table, me, "Private Company", (1, 2))
    assert my_shares(table) == [(True, 1), (False, None), (False, None), (False, None), (False, None)]
    assert table.session.decider.asked == [(0, "space", table.session.decider.asked[0][2])]
    assert me.supply["gold"] == 7


def test_private_company_reduces_fish_income() -> None:
    table, me = company_table()
    build_real(table, me, "Private Company", (1, 2))
    distribute(table, me, 3)
    assert [s.fish for s in table.shares if s.colour == 0] == [0, 1, 0, 0, 0]
    assert me.reserve["fish"] == 2


def test_private_company_allows_four_issue_a_share_actions() -> None:
    table, me = company_table()
    build_real(table, me, "Private Company", (1, 2))
    for _ in range(4):
        perform(table, me, "issue_share", "space")
    assert all(s.issued for s in table.shares if s.colour == 0)
    with pytest.raises(IllegalAction):
        perform(table, me, "issue_share", "space")


def test_private_company_no_effect_without_issued_own_shares() -> None:
    table, me = company_table()
    me.supply["gold"] = 5
    build_real(table, me, "Small Claims Court", (2, 2))
    assert all(s.removed for s in table.shares if s.colour == 0)
    build_real(table, me, "Private Company", (1, 2))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert [(s.issued, s.removed) for s in table.shares if s.colour == 0] == [(True, True)] * 2 + [(False, True)] * 3


# Pantry (B624) ----------------------------------------------------------------------------------


def pantry_with_gold(gold: int) -> Player:
    table = make_table()
    me = table.players[0]
    me.supply.update(wood=1, fish=0, gold=gold)
    build_real(table, me, "Pantry", (1, 2))
    return me


def test_pantry_fish_equal_to_gold_after_building_keeping_the_gold() -> None:
    assert pantry_with_gold(4).supply == {"wood": 0, "fish": 3, "gold": 3, "guest": 0}


def test_pantry_at_most_eight_fish() -> None:
    assert pantry_with_gold(12).supply == {"wood": 0, "fish": 8, "gold": 11, "guest": 0}


def test_pantry_no_effect_without_gold_left() -> None:
    assert pantry_with_gold(1).supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Guests and the Cookhouse (interaction) ---------------------------------------------------------


def test_barrel_maker_with_cookhouse_a_guest_still_counts_the_printed_fish() -> None:
    """Ruling: the Cookhouse has no effect on a Guest-filled plate, so a Guest on a 3-fish plate is 3 fish."""
    table, me = barrel_table(fish=0, guests=1)
    in_play(table, me, "Cookhouse", (2, 2))
    script(table, 2)
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 4, "fish": 0, "gold": 1, "guest": 0}


def test_barrel_maker_with_cookhouse_fish_count_as_paid() -> None:
    """With fish the Cookhouse halves the price: the 3-fish plate costs 2 fish, too few for the Barrel Maker."""
    table, me = barrel_table(fish=2)
    in_play(table, me, "Cookhouse", (2, 2))
    script(table, 2, "stop")
    perform(table, me, "serve_fish", "space")
    assert me.supply == {"wood": 2, "fish": 0, "gold": 1, "guest": 0}


def test_village_hall_with_cookhouse_a_guest_cannot_fill_the_five_fish_plate() -> None:
    """Fish may fill the 5-fish plate for 3 under the limit of 4; a Guest there counts 5 and may not."""
    table, me, elder = village_hall_table(fish=3, guests=1)
    in_play(table, me, "Cookhouse", (2, 2))
    script(table, True, 6)  # the 5-fish plate: fish is the only way to fill it
    use_elder(table, me, elder)
    assert (
        table.session.decider.asked[1:] == [(0, "serve_plate", [0, 1, 2, 3, 4, 5, 6])]
        and table.session.decider.answers == []
    )
    assert me.supply == {"wood": 2, "fish": 0 + 1, "gold": 1, "guest": 1}
    assert table.plates == [0, 0, 0, 0, 0, 0, 2]
