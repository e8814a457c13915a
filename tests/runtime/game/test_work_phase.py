"""Worker turns: capacities, passing, no pointless spaces, the Imitation tile, and each action space."""

import pytest

from runtime.core.in_play import remove_from_play
from runtime.core.rules_in_force import rule
from runtime.game.actions import PASS, open_spaces, perform, take_turn, turn_options
from runtime.game.driver import play_work_phase
from runtime.game.phases import returning_home
from runtime.mechanics.board import haul_size
from runtime.mechanics.ships import ship_cost
from runtime.model.cards import Ability
from runtime.model.state import IllegalAction, Ship
from tests.kit.table_kit import labels, make_table, mechanic, picture, put_in_play, script

BASE_SPACES = [
    "gold",
    "transfer_reserve",
    "serve_fish",
    "build_building",
    "issue_share",
    "buy_all_shares",
    "deforest",
    "thin_out",
    "reforest",
    "build_ship",
    "take_elder",
]


@pytest.mark.parametrize(("players", "imitation"), [(1, True), (2, False), (3, False), (4, True), (5, True)])
def test_the_imitation_tile_is_used_with_one_four_or_five_players(players, imitation):
    table = make_table(players)
    assert open_spaces(table) == BASE_SPACES + (["imitation"] if imitation else [])


def test_a_full_space_is_not_offered():
    table = make_table(2)
    script(table, "gold")
    take_turn(table, table.players[0])
    assert table.spaces["gold"] == [0]
    assert "gold" not in open_spaces(table)
    assert "gold" not in labels(turn_options(table, table.players[1]))


def test_passing_changes_nothing():
    table = make_table(2)
    before = picture(table)
    script(table, "pass")
    assert take_turn(table, table.players[0]) is PASS
    assert picture(table) == before


def test_a_space_that_surely_cannot_be_used_is_not_offered():
    table = make_table(2)
    me = table.players[0]
    script(table, "gold")  # the Reserve is empty, no Shares are on the board: neither space is an option
    assert take_turn(table, me) == "gold"
    offered = table.session.decider.asked[0][2]
    assert "transfer_reserve" not in offered and "buy_all_shares" not in offered and "thin_out" in offered
    assert table.spaces["transfer_reserve"] == [] and table.spaces["gold"] == [0]
    assert me.supply["gold"] == 3


LACKING = ["transfer_reserve", "serve_fish", "build_building", "buy_all_shares", "build_ship", "take_elder"]


@pytest.mark.parametrize(
    ("window", "kept"),
    [
        (None, []),
        (("serve_fish", "before"), ["serve_fish"]),
        (("transfer_reserve", "before"), ["transfer_reserve"]),
        (("build_ship", "before"), ["build_ship"]),
        (("take_elder", "before"), ["take_elder"]),
        (("place_worker", "before"), LACKING),
        (("serve_fish", "after"), []),
    ],
)
def test_a_card_listening_before_a_space_s_event_or_a_worker_s_placing_keeps_it_offered(window, kept):
    """A listener there may bring what the action lacks (empty Reserve, no fish or Guest to serve or pay a Ship
    with, no Share on the board; no Building on offer and no Elder on the supply board, as this table has no cards);
    Buy all Shares sets off no event of its own."""
    table = make_table(2)
    me = table.players[0]
    if window is not None:
        event, timing = window
        heard = Ability("each_time", lambda ctx: None, event=event, timing=timing, actor="you")
        put_in_play(table, me, mechanic(abilities=(heard,)))
    me.supply["fish"] = me.supply["guest"] = 0
    offered = [label.replace(" ", "_") for label in labels(turn_options(table, me))]
    assert [name for name in offered if name in LACKING] == kept
    assert [name for name in offered if name not in LACKING] == [
        "gold",
        "issue_share",
        "deforest",
        "thin_out",
        "reforest",
    ]


def test_the_imitation_tile_is_offered_only_while_a_full_space_s_action_could_succeed():
    table = make_table(1)
    me = table.players[0]
    assert "imitation" not in labels(turn_options(table, me))  # no space is full
    table.spaces["buy_all_shares"].append(0)  # full, but no Share is on the board
    assert "imitation" not in labels(turn_options(table, me))
    table.spaces["gold"].append(0)
    assert "imitation" in labels(turn_options(table, me))


def test_a_space_that_brings_nothing_is_refused_and_another_is_asked():
    table = make_table(2)
    me = table.players[0]
    me.supply["wood"] = rule(table, me, "wood_limit")
    script(table, "thin_out", "gold")  # at the wood limit Thin Out brings nothing: found by trying it
    assert take_turn(table, me) == "gold"
    assert table.spaces["thin_out"] == [] and table.spaces["gold"] == [0]
    assert me.supply == {"wood": rule(table, me, "wood_limit"), "fish": 2, "gold": 3, "guest": 0}
    assert "thin_out" not in table.session.decider.asked[1][2]


def test_three_worker_turns_each_then_workers_return_and_the_start_player_passes():
    table = make_table(2)
    script(table, "gold", "thin_out", "deforest", 0, "issue_share", "pass", "pass")
    play_work_phase(table)
    a, b = table.players
    assert a.supply == {"wood": 2 + 5, "fish": 2, "gold": 3, "guest": 0}
    assert b.supply == {"wood": 2 + 4, "fish": 2, "gold": 4, "guest": 0}
    assert table.spaces["gold"] == [0] and table.spaces["thin_out"] == [1]
    assert table.session.decider.answers == []
    returning_home(table)
    assert all(workers == [] for workers in table.spaces.values()) and table.start_player == 1


def test_imitation_carries_out_a_fully_occupied_space():
    table = make_table(4)
    first = table.players[0]
    table.spaces["gold"] = [2, 3]
    script(table, "imitation")
    take_turn(table, first)  # gold is the only full space, so it is imitated without asking
    assert first.supply["gold"] == 3 and table.spaces["imitation"] == [0] and table.spaces["gold"] == [2, 3]


def test_deforest_removes_one_forest_for_five_wood():
    table = make_table()
    me = table.players[0]
    script(table, 0)
    perform(table, me, "deforest", "space")
    assert me.harbor.forests == [1, 1, 1, 0, 0] and me.supply["wood"] == 7


def test_thin_out_gives_wood_per_forest_and_leaves_them():
    table = make_table()
    me = table.players[0]
    perform(table, me, "thin_out", "space")
    assert me.harbor.forests == [2, 1, 1, 0, 0] and me.supply["wood"] == 6


def test_thin_out_at_the_wood_limit_is_pointless():
    table = make_table()
    me = table.players[0]
    me.supply["wood"] = 12
    with pytest.raises(IllegalAction):
        perform(table, me, "thin_out", "space")


def test_reforest_places_two_forests_on_one_empty_double_space():
    """Base rules notes: "Reforest places 2 Forests on one double space": two, no fewer."""
    table = make_table()
    me = table.players[0]
    script(table, 3)
    perform(table, me, "reforest", "space")
    assert me.harbor.forests == [2, 1, 1, 2, 0]
    assert table.session.decider.asked == [(0, "double_space", [0, 1, 2, 3, 4])]


def test_build_a_ship_pays_the_cost_takes_it_from_the_supply_board_and_raises_the_haul():
    table = make_table(3)
    me = table.players[0]
    me.supply.update(wood=6, fish=2, gold=0)
    script(table, "sloop")
    perform(table, me, "build_ship", "space")
    assert [s.type for s in me.track.ships] == ["sloop"]
    assert table.ships_left == {"sloop": 2, "cutter": 3, "schooner": 3}  # 3 of each with 3 players (assumed)
    assert me.supply == {"wood": 4, "fish": 0, "gold": 0, "guest": 0}
    assert haul_size(table, me) == 5


def test_a_ship_s_cost_follows_the_cards_that_change_its_price_through_undo_and_removal():
    table = make_table(2)
    me, other = table.players
    usual = [(good, amount) for _, amount, good in ship_cost(table, me, "sloop")[0].parts]
    assert usual == [("wood", rule(table, me, "sloop_cost_wood")), ("fish", rule(table, me, "sloop_cost_fish"))]
    mark = table.snapshot()
    dearer = {"sloop_cost_wood": lambda ctx, before: before + 2}
    card = put_in_play(table, me, mechanic("Dearer", rules=dearer))
    assert ship_cost(table, me, "sloop")[0].parts[0] == ("goods", usual[0][1] + 2, "wood")
    assert ship_cost(table, other, "sloop")[0].parts[0] == ("goods", usual[0][1], "wood")
    table.restore(mark)
    table.release(mark)
    assert [(good, amount) for _, amount, good in ship_cost(table, me, "sloop")[0].parts] == usual
    card = put_in_play(table, me, mechanic("Dearer", rules=dearer))
    assert ship_cost(table, me, "sloop")[0].parts[0] == ("goods", usual[0][1] + 2, "wood")
    fresh = make_table(2)  # the same rules and player count: its base costs are the ones worked out above
    assert [(good, amount) for _, amount, good in ship_cost(fresh, fresh.players[0], "sloop")[0].parts] == usual
    remove_from_play(table, card)
    assert [(good, amount) for _, amount, good in ship_cost(table, me, "sloop")[0].parts] == usual


def test_no_ship_left_of_a_type_is_not_offered():
    table = make_table(2)
    me = table.players[0]
    me.supply.update(wood=12, fish=12, gold=3)
    table.ships_left.update(sloop=0, schooner=0)
    perform(table, me, "build_ship", "space")
    assert [s.type for s in me.track.ships] == ["cutter"] and table.ships_left["cutter"] == 1


def test_plus_one_gold():
    table = make_table()
    perform(table, table.players[0], "gold", "space")
    assert table.players[0].supply["gold"] == 3


def test_build_a_building_needs_a_building_to_build():
    table = make_table()
    with pytest.raises(IllegalAction):
        perform(table, table.players[0], "build_building", "space")


def test_ship_limit_of_the_fishing_track():
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop") for _ in range(rule(table, me, "track_spaces"))]
    me.supply.update(wood=12, fish=12)
    with pytest.raises(IllegalAction):
        perform(table, me, "build_ship", "space")
