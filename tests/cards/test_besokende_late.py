"""Besøkende cards B725-B732 and C741-C754: each rule clause of their entries, run on the real compiled cards."""

from __future__ import annotations

from fractions import Fraction

import pytest

from runtime import library
from runtime.core.decisions import DecisionKind
from runtime.core.in_play import attach
from runtime.game.actions import perform, take_turn, turn_options, use_worker_space
from runtime.game.driver import play_fishing_phase
from runtime.game.phases import end_of_round
from runtime.mechanics.board import free_track_spaces, haul_size
from runtime.mechanics.buildings import placements
from runtime.mechanics.elders import add_fish_to_elder, take_elder, use_elder
from runtime.mechanics.forests import remove_forest
from runtime.mechanics.goods import pay, place_guest_on_ship
from runtime.mechanics.payment import Payment, payment_options
from runtime.mechanics.scoring import building_vp, score
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

SPACE = (1, 2)  # a free Building space on a fresh Harbor board


def in_play(
    table: Table, player: Player, name: str, cell: tuple[int, int] | None = None, *answers: object
) -> CardInPlay:
    """A card put straight into play (no cost paid; its when-built effects run, answered by `answers`)."""
    script(table, *answers)
    return put_in_play(table, player, real_cards()[name], cell)


def build_card(table: Table, player: Player, name: str, *answers: object) -> CardInPlay:
    return build_from_hand(table, player, real_cards()[name], *answers)


def elder(table: Table, player: Player, name: str, fish: int = 0, origin: int = 0) -> CardInPlay:
    """A real Elder seated in a council, as if taken from supply-board stack `origin`."""
    card = CardInPlay(real_elder(table, name), player, origin=origin)
    card.goods["fish"] = fish
    player.council.append(card)
    attach(table, card)
    return card


def supply(wood: int = 0, fish: int = 0, gold: int = 0, guest: int = 0) -> dict[str, int]:
    return {"wood": wood, "fish": fish, "gold": gold, "guest": guest}


def vp(table: Table, card: CardInPlay) -> Fraction:
    return building_vp(table, card.owner, card)


# Archeological Site (B725) ---------------------------------------------------------------------


def test_archeological_site_goes_only_under_a_stack_of_two_forests() -> None:
    """Only the double space with 2 Forests is offered; the Forests stay on top of it."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(gold=1))
    assert placements(table, me, real_cards()["Archeological Site"]) == [(1, 3), (1, 4)]
    card = build_card(table, me, "Archeological Site", (1, 3))
    assert me.harbor.cells[(1, 3)] is card
    assert me.harbor.forests == [2, 1, 1, 0, 0]
    assert me.supply == supply()


def test_archeological_site_cannot_be_built_without_a_stack_of_two_forests() -> None:
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [1, 1, 1, 0, 0]
    before = picture(table)
    with pytest.raises(IllegalAction):
        build_card(table, me, "Archeological Site")
    assert me.hand == [real_cards()["Archeological Site"]]
    me.hand.clear()
    assert picture(table) == before


def test_archeological_site_covered_does_not_count_as_a_building() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Toy Shop", SPACE, True)
    in_play(table, me, "Archeological Site", (1, 3))
    ctx = Context(table, me)
    assert library.buildings(ctx) == 1
    script(table, 0, 0)
    remove_forest(table, me)
    assert library.buildings(ctx) == 1  # one Forest still covers it
    remove_forest(table, me)
    assert library.buildings(ctx) == 2


def test_archeological_site_scores_nothing_while_covered_and_2_once_uncovered() -> None:
    table = make_table()
    me = table.players[0]
    site = in_play(table, me, "Archeological Site", (1, 3))
    assert vp(table, site) == 0
    script(table, 0)
    remove_forest(table, me)
    assert vp(table, site) == 0
    script(table, 0)
    remove_forest(table, me)
    assert vp(table, site) == 2


def test_archeological_site_uncovered_gives_1_gold_and_1_guest_once() -> None:
    """The reward waits for the last Forest on it, and never comes again."""
    table = make_table()
    me = table.players[0]
    site = in_play(table, me, "Archeological Site", (1, 3))
    assert me.supply == supply(2, 2, 2, 0)
    script(table, 0)
    perform(table, me, "deforest", "space")
    assert me.supply == supply(7, 2, 2, 0)
    script(table, 0)
    perform(table, me, "deforest", "space")
    assert me.supply == supply(12, 2, 3, 1)
    script(table, 1, 2)
    perform(table, me, "deforest", "space")
    perform(table, me, "deforest", "space")
    assert me.supply == supply(12, 2, 3, 1)
    assert site.fired == {0} and table.latches == []


def test_archeological_site_uncovered_outside_an_action_pays_at_once() -> None:
    """A card's effect that removes the last Forest (not a Deforest action) uncovers it just the same."""
    table = make_table()
    me = table.players[0]
    site = in_play(table, me, "Archeological Site", (1, 3))
    ctx = Context(table, me)
    script(table, 0)
    library.remove_one_forest(ctx)
    assert me.supply == supply(2, 2, 2, 0) and site.fired == set()
    script(table, 0)
    library.remove_one_forest(ctx)
    assert me.supply == supply(2, 2, 3, 1)
    assert site.fired == {0} and table.latches == []


def test_archeological_site_uncovered_cannot_be_reforested() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Archeological Site", (1, 3))
    me.harbor.forests = [0, 1, 1, 0, 0]
    script(table, 3, 2)
    perform(table, me, "reforest", "space")
    assert table.session.decider.asked[0] == (0, "double_space", [1, 2, 3, 4])  # not double space 0, the Site's
    assert me.harbor.forests == [0, 1, 1, 2, 0]


# Pedalo Builder (B726) -------------------------------------------------------------------------


def test_pedalo_builder_worker_space_builds_a_ship_once_per_round() -> None:
    table = make_table()
    me = table.players[0]
    table.ships_left = {"sloop": 3, "cutter": 0, "schooner": 0}
    pedalo = in_play(table, me, "Pedalo Builder", SPACE)
    me.supply.update(supply(wood=2, fish=2))
    script(table, "Pedalo Builder (worker space)")
    take_turn(table, me)
    assert [s.type for s in me.track.ships] == ["sloop"]
    assert me.supply == supply(wood=1)  # the sloop's 2 wood paid, 1 wood after
    assert pedalo.worker == 0 and pedalo.used_round == 1
    assert table.spaces["build_ship"] == []
    table.turn_counter += 1
    assert not any("Pedalo" in option for option in labels(turn_options(table, me)))


def test_pedalo_builder_usable_in_the_round_it_is_built_but_not_that_turn() -> None:
    table = make_table()
    me = table.players[0]
    table.display = [real_cards()["Pedalo Builder"]]
    me.supply.update(supply(fish=3))
    script(table, "build_building", SPACE)
    take_turn(table, me)
    assert [c.name for c in me.buildings] == ["Pedalo Builder"]
    assert "Pedalo Builder (worker space)" not in labels(turn_options(table, me))
    table.turn_counter += 1
    assert "Pedalo Builder (worker space)" in labels(turn_options(table, me))


def test_pedalo_builder_is_not_offered_to_other_players() -> None:
    table = make_table()
    me, other = table.players
    in_play(table, me, "Pedalo Builder", SPACE)
    table.turn_counter = 1
    assert "Pedalo Builder (worker space)" in labels(turn_options(table, me))
    assert not any("Pedalo" in option for option in labels(turn_options(table, other)))


def test_pedalo_builder_gives_1_wood_after_any_build_a_ship_action() -> None:
    table = make_table()
    me, other = table.players
    in_play(table, me, "Pedalo Builder", SPACE)
    table.ships_left = {"sloop": 3, "cutter": 0, "schooner": 0}
    me.supply.update(supply(wood=2, fish=2))
    other.supply.update(supply(wood=2, fish=2))
    perform(table, me, "build_ship", "space")
    assert me.supply == supply(wood=1)
    perform(table, other, "build_ship", "space")
    assert other.supply == supply()  # only the owner's Ships count


def test_pedalo_builder_wood_observes_the_wood_limit() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Pedalo Builder", SPACE)
    table.ships_left = {"sloop": 3, "cutter": 0, "schooner": 0}
    me.supply.update(supply(wood=12, guest=2))
    script(table, Payment(0, 0, 0, 2))
    perform(table, me, "build_ship", "space")
    assert me.supply == supply(wood=12)
    assert table.log[-1].endswith("P1 returns 1 wood over the limit")


def test_pedalo_builder_wood_comes_too_late_to_pay_for_the_ship() -> None:
    table = make_table()
    me = table.players[0]
    pedalo = in_play(table, me, "Pedalo Builder", SPACE)
    table.ships_left = {"sloop": 3, "cutter": 0, "schooner": 0}
    me.supply.update(supply(wood=1, fish=2))
    with pytest.raises(IllegalAction):
        use_worker_space(table, me, pedalo)
    assert me.supply == supply(wood=1, fish=2) and me.track.ships == []


# Cabin in the Woods (B727) ---------------------------------------------------------------------


def five_elders(table: Table, player: Player) -> list[CardInPlay]:
    return [
        elder(table, player, name) for name in ("Builder", "Contractor", "Pond Builder", "Fishmonger", "Harbor Master")
    ]


def test_cabin_in_the_woods_allows_a_sixth_elder_and_no_seventh() -> None:
    """Seven Elders in sight: a 5-player table, the only one the seventh (the Ship Owner) is part of."""
    table = make_table(5)
    me = table.players[0]
    five_elders(table, me)
    table.elder_stacks = [[real_elder(table, "Pisciculturist")], [real_elder(table, "Ship Owner")], [], [], [], []]
    with pytest.raises(IllegalAction):
        take_elder(table, me, use_now=False)
    in_play(table, me, "Cabin in the Woods", SPACE, False)
    script(table, "Pisciculturist")
    take_elder(table, me, use_now=False)
    assert len(me.council) == 6
    with pytest.raises(IllegalAction):
        take_elder(table, me, use_now=False)
    assert table.elder_stacks[1] == [real_cards()["Ship Owner"]]


def test_cabin_in_the_woods_sixth_elder_is_part_of_the_council() -> None:
    """Wherever it is put down, it counts as an Elder and may be used like the others."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Cabin in the Woods", SPACE)  # no Elder to take: not asked
    five_elders(table, me)
    sixth = elder(table, me, "Pisciculturist")
    assert library.elders(Context(table, me)) == 6
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    script(table, "Pisciculturist (Elder)")
    take_turn(table, me)
    assert sixth.worker == 0 and sixth.goods["fish"] == 1
    assert me.supply == supply(2, 2 + 6, 2, 0)  # the Pisciculturist's 1 fish per Elder, all six


def test_cabin_in_the_woods_takes_and_uses_an_elder_without_a_worker() -> None:
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[real_cards()["Pisciculturist"]], [], [], [], [], []]
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    me.supply.update(supply(3, 3, 1))
    cabin = build_card(table, me, "Cabin in the Woods", SPACE, True)
    (new,) = me.council
    assert new.name == "Pisciculturist" and new.worker is None
    assert new.goods["fish"] == 1 and table.plates == [0] * 7  # its fish came from the Banquet Table
    assert me.supply == supply(0, 1, 0, 0)  # Pisciculturist: 1 fish per Elder
    assert all(workers == [] for workers in table.spaces.values())
    assert me.buildings == [cabin]


def test_cabin_in_the_woods_elder_may_be_declined() -> None:
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[real_cards()["Pisciculturist"]], [], [], [], [], []]
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    me.supply.update(supply(3, 3, 1))
    build_card(table, me, "Cabin in the Woods", SPACE, False)
    assert me.council == [] and table.plates == [0, 0, 0, 0, 0, 0, 1]
    assert me.supply == supply()


def test_cabin_in_the_woods_sixth_elder_counts_as_five_for_community_center() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Cabin in the Woods", SPACE)  # no Elder to take: not asked
    five_elders(table, me)
    elder(table, me, "Pisciculturist")
    me.supply.update(supply(wood=4))
    build_card(table, me, "Community Center", (2, 2))
    assert me.supply == supply(fish=1, gold=4)


def test_cabin_in_the_woods_sixth_elder_lets_official_building_reach_18() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Cabin in the Woods", SPACE)  # no Elder to take: not asked
    office = in_play(table, me, "Official Building", (2, 2))
    five_elders(table, me)
    me.supply["fish"] = 30
    assert vp(table, office) == 15
    elder(table, me, "Pisciculturist")
    assert vp(table, office) == 18
    me.supply["fish"] = 17
    assert vp(table, office) == 17


# Angling School (B728) -------------------------------------------------------------------------


def test_angling_school_gives_a_guest_and_gold_per_guest_on_ships_once() -> None:
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop", guest=True), Ship("cutter", guest=True)]
    me.supply.update(supply(4, 3, 1))
    build_card(table, me, "Angling School", SPACE, True)
    assert me.supply == supply(gold=2, guest=1)
    play_fishing_phase(table)
    perform(table, me, "gold", "space")
    assert me.supply["guest"] == 1 and me.supply["gold"] == 3  # the +1 gold of the action only


def test_angling_school_new_guest_may_board_a_ship_before_the_gold() -> None:
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop", guest=True), Ship("cutter")]
    me.supply.update(supply(4, 3, 1))
    build_card(table, me, "Angling School", SPACE, True, 1)
    assert [s.guest for s in me.track.ships] == [True, True]
    assert me.supply == supply(gold=2)


def test_angling_school_guest_kept_in_supply_does_not_count() -> None:
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop", guest=True), Ship("cutter")]
    me.supply.update(supply(4, 3, 1))
    build_card(table, me, "Angling School", SPACE, True, "no")
    assert me.supply == supply(gold=1, guest=1)


# Ghost Ship (B729) and Cruise Ship (B730) ------------------------------------------------------


@pytest.mark.parametrize("name", ["Ghost Ship", "Cruise Ship"])
def test_ship_named_buildings_go_on_a_building_space_not_the_track(name: str) -> None:
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop")]
    me.supply.update(supply(4, 6, 1))
    assert placements(table, me, real_cards()[name]) == [(1, 2), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2), (4, 3), (4, 4)]
    card = build_card(table, me, name, SPACE, True)
    assert me.harbor.cells[SPACE] is card
    assert [s.type for s in me.track.ships] == ["sloop"] and me.track.cards == []
    assert library.ships(Context(table, me)) == 1


def test_ghost_ship_gives_1_guest_once() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(3, 6))
    build_card(table, me, "Ghost Ship", SPACE, True)
    assert me.supply == supply(guest=1)
    play_fishing_phase(table)
    assert me.supply["guest"] == 1


def test_ghost_ship_moves_the_rightmost_ship_three_spaces_right() -> None:
    """Three more spaces count as filled; the haul grows as if the Ship had moved (ruling: 1 length each)."""
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop")]
    assert free_track_spaces(table, me) == 9 and haul_size(table, me) == 5
    in_play(table, me, "Ghost Ship", SPACE, True)
    assert free_track_spaces(table, me) == 6 and haul_size(table, me) == 7


@pytest.mark.parametrize("considered, free", [(True, 10 - 4 - 3), (False, 10 - 4)])
def test_ghost_ship_may_treat_the_deep_sea_trawler_as_a_ship(considered: bool, free: int) -> None:
    """Ghost Ship: "(For the purposes of this effect only, you may consider the "Deep-Sea Trawler" a Ship.)" Built
    after the Ghost Ship with no Ship on the track, the Trawler (4 spaces, ruling) is offered as the gap's Ship: taken,
    the gap fills 3 more; refused, the Ghost Ship has no effect (no Ships) and the question is not asked again."""
    table = make_table()
    me = table.players[0]
    ghost = in_play(table, me, "Ghost Ship", SPACE, True)
    me.supply.update(supply(5, 5))
    build_card(table, me, "Deep-Sea Trawler", considered)  # its only place, the track, is not asked
    assert free_track_spaces(table, me) == free
    assert table.session.decider.asked[-1][1] == DecisionKind.MAY and ghost.choices == {
        "gap_counts_track_buildings": considered
    }


def test_ghost_ship_gap_follows_the_rightmost_ship() -> None:
    """New Ships go left of the gap, a removed Ship takes the gap with it; it stays right of the last Ship."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Ghost Ship", SPACE, True)
    table.ships_left = {"sloop": 3, "cutter": 0, "schooner": 0}
    me.track.ships = [Ship("sloop")]
    me.supply.update(supply(wood=2, fish=2))
    perform(table, me, "build_ship", "space")
    assert free_track_spaces(table, me) == 10 - 2 - 3
    script(table, 0)
    library.remove_ship(Context(table, me))
    assert free_track_spaces(table, me) == 10 - 1 - 3
    script(table, 0)
    library.remove_ship(Context(table, me))
    assert free_track_spaces(table, me) == 10


def test_ghost_ship_has_no_effect_without_ships_or_three_free_spaces() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Ghost Ship", SPACE, True)
    assert free_track_spaces(table, me) == 10 and haul_size(table, me) == 3
    me.track.ships = [Ship("sloop") for _ in range(8)]
    assert free_track_spaces(table, me) == 2 and haul_size(table, me) == 10
    me.track.ships = [Ship("sloop") for _ in range(7)]
    assert free_track_spaces(table, me) == 0 and haul_size(table, me) == 11


def test_ghost_ship_gap_may_be_declined_to_build_a_ship() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Ghost Ship", SPACE, True)
    table.ships_left = {"sloop": 3, "cutter": 0, "schooner": 0}
    me.track.ships = [Ship("sloop") for _ in range(7)]
    me.supply.update(supply(wood=4, fish=4))
    script(table, False)
    with pytest.raises(IllegalAction):
        perform(table, me, "build_ship", "space")
    assert len(me.track.ships) == 7 and me.supply == supply(wood=4, fish=4)
    script(table, True)
    perform(table, me, "build_ship", "space")
    assert len(me.track.ships) == 8 and me.supply == supply(wood=2, fish=2)
    assert free_track_spaces(table, me) == 2 and haul_size(table, me) == 10


# Cruise Ship (B730) ----------------------------------------------------------------------------


def test_cruise_ship_gives_a_guest_then_wood_and_fish_per_guest_in_supply() -> None:
    """The new Guest counts; the Guest on the sloop does not."""
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop", guest=True)]
    me.supply.update(supply(4, 4, 1, 2))
    build_card(table, me, "Cruise Ship", SPACE, Payment(4, 4, 1, 0), True)
    assert me.supply == supply(3, 3, 0, 3)
    play_fishing_phase(table)
    assert me.supply["guest"] == 3 and me.supply["wood"] == 3


def test_cruise_ship_with_no_guests_before_gives_1_wood_and_1_fish() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(4, 4, 1))
    build_card(table, me, "Cruise Ship", SPACE, True)
    assert me.supply == supply(1, 1, 0, 1)


# Yurt (B731) -----------------------------------------------------------------------------------


def test_yurt_gives_a_guest_and_returns_an_elder_to_its_stack_with_its_fish() -> None:
    table = make_table()
    me = table.players[0]
    table.elder_stacks[2] = [real_cards()["Builder"]]
    returned = elder(table, me, "Pisciculturist", fish=2, origin=2)
    kept = elder(table, me, "Harbor Master", fish=1, origin=4)
    me.supply.update(supply(fish=3, gold=1))
    build_card(table, me, "Yurt", SPACE, True, "Pisciculturist")
    assert me.council == [kept] and kept.goods["fish"] == 1
    assert table.elder_stacks[2] == [real_cards()["Builder"], real_cards()["Pisciculturist"]]
    assert table.elder_stacks[4] == []
    assert me.supply == supply(fish=2, guest=1)
    assert returned.goods["fish"] == 0


def test_yurt_without_elders_only_gives_the_guest() -> None:
    """Ruling: no Elder to return; the Guest is still taken."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(fish=3, gold=1))
    stacks = [list(stack) for stack in table.elder_stacks]
    build_card(table, me, "Yurt", SPACE, True)
    assert me.supply == supply(guest=1) and me.council == []
    assert table.elder_stacks == stacks


# Wooden Tramway (B732) and Miniature Railway (C745) --------------------------------------------


def test_wooden_tramway_paid_by_removing_the_toy_shop() -> None:
    table = make_table()
    me = table.players[0]
    toy = in_play(table, me, "Toy Shop", SPACE, True)
    me.supply.update(supply(6, 0, 1))
    tramway = build_card(table, me, "Wooden Tramway", (2, 2), "0 wood 0 fish 0 gold 0 guests discard Toy Shop", True)
    assert toy not in me.buildings and me.harbor.cells[SPACE] is None
    assert me.harbor.cells[(2, 2)] is tramway
    assert me.supply == supply(6, 0, 1, 1)


def test_wooden_tramway_discard_needs_the_toy_shop_in_play() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(6, 0, 1))
    build_card(table, me, "Wooden Tramway", SPACE, True)
    assert me.supply == supply(guest=1)
    assert [kind for _, kind, _ in table.session.decider.asked] == ["space", "may"]  # one payment only; then the Guest


def test_wooden_tramway_may_take_the_toy_shops_space() -> None:
    """Taking the Toy Shop's space means paying by removing it, not with goods."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Toy Shop", SPACE, True)
    me.supply.update(supply(6, 0, 1))
    assert SPACE in placements(table, me, real_cards()["Wooden Tramway"])
    tramway = build_card(table, me, "Wooden Tramway", SPACE, True)
    assert me.harbor.cells[SPACE] is tramway and [c.name for c in me.buildings] == ["Wooden Tramway"]
    assert me.supply == supply(6, 0, 1, 1)


def test_toy_shop_built_after_the_wooden_tramway_gives_no_refund() -> None:
    table = make_table()
    me = table.players[0]
    tramway = in_play(table, me, "Wooden Tramway", SPACE, True)
    me.supply.update(supply(wood=1))
    build_card(table, me, "Toy Shop", (2, 2), True)
    assert [c.name for c in me.buildings] == ["Wooden Tramway", "Toy Shop"] and tramway.cell == SPACE
    assert me.supply == supply(guest=1)  # the Toy Shop's Guest, and no refund
    assert [kind for _, kind, _ in table.session.decider.asked] == [
        "may",
        "space",
        "may",
    ]  # the two Guests; no refund asked


def test_wooden_tramway_gives_1_guest_once() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Toy Shop", SPACE, True)
    assert me.supply == supply(2, 2, 2, 1)  # the Toy Shop's Guest
    build_card(table, me, "Wooden Tramway", SPACE, True)
    assert me.supply == supply(2, 2, 2, 2)
    play_fishing_phase(table)
    assert me.supply["guest"] == 2


def test_miniature_railway_paid_by_removing_the_wooden_tramway() -> None:
    table = make_table()
    me = table.players[0]
    tramway = in_play(table, me, "Wooden Tramway", SPACE, True)
    me.supply.update(supply(9, 0, 4))
    railway = build_card(
        table, me, "Miniature Railway", (2, 2), "0 wood 0 fish 0 gold 0 guests discard Wooden Tramway", True
    )
    assert tramway not in me.buildings and me.harbor.cells[SPACE] is None
    assert me.harbor.cells[(2, 2)] is railway
    assert me.supply == supply(9, 0, 4, 1)


def test_miniature_railway_may_take_the_wooden_tramways_space() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Wooden Tramway", SPACE, True)
    railway = build_card(table, me, "Miniature Railway", SPACE, True)
    assert me.harbor.cells[SPACE] is railway and me.buildings == [railway]
    assert me.supply == supply(2, 2, 2, 2)  # one Guest from each


def test_wooden_tramway_built_after_the_miniature_railway_gives_no_refund() -> None:
    table = make_table()
    me = table.players[0]
    railway = in_play(table, me, "Miniature Railway", SPACE, True)
    me.supply.update(supply(6, 0, 1))
    build_card(table, me, "Wooden Tramway", (2, 2), True)
    assert [c.name for c in me.buildings] == ["Miniature Railway", "Wooden Tramway"] and railway.cell == SPACE
    assert me.supply == supply(guest=1)


def test_miniature_railway_gives_1_guest_once() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(9, 0, 4))
    build_card(table, me, "Miniature Railway", SPACE, True)
    assert me.supply == supply(guest=1)
    play_fishing_phase(table)
    assert me.supply["guest"] == 1


def test_toy_shop_tramway_railway_chain_costs_only_the_toy_shop() -> None:
    """Each card pays for the next on the same space: 1 wood buys all three, and 3 Guests come with them."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=1))
    build_card(table, me, "Toy Shop", SPACE, True)
    build_card(table, me, "Wooden Tramway", SPACE, True)
    railway = build_card(table, me, "Miniature Railway", SPACE, True)
    assert me.buildings == [railway] and me.harbor.cells[SPACE] is railway
    assert me.supply == supply(guest=3)
    assert vp(table, railway) == 7


# Glider (C741) ---------------------------------------------------------------------------------


def test_glider_gives_1_guest_when_built() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(4, 0, 2))
    build_card(table, me, "Glider", SPACE, True)
    assert me.supply == supply(guest=1)


def test_glider_fourth_turn_at_end_of_round_for_a_guest() -> None:
    """Also in the Round it is built: the Guest it brings pays for that Round's extra turn."""
    table = make_table()
    me, other = table.players
    me.supply.update(supply(4, 0, 2))
    build_card(table, me, "Glider", SPACE, True)
    script(table, True, "gold")
    end_of_round(table)
    assert me.supply == supply(gold=1)
    assert table.spaces["gold"] == [0]
    assert other.supply == supply(2, 2, 2, 0)


def test_glider_fourth_turn_may_be_declined() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Glider", SPACE, True)
    script(table, False)
    end_of_round(table)
    assert me.supply == supply(2, 2, 2, 1) and all(w == [] for w in table.spaces.values())


def test_glider_fourth_turn_needs_a_guest() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Glider", SPACE, True)
    me.supply["guest"] = 0
    script(table, True)
    end_of_round(table)
    assert me.supply == supply(2, 2, 2, 0) and all(w == [] for w in table.spaces.values())


def test_glider_fourth_turn_only_uses_an_available_action() -> None:
    """ "an available action, i.e., an action space on the Action board ... that is not fully occupied or an
    unoccupied Elder in your Elder Council": full action spaces and occupied Elders are not offered, nor
    Buildings used "as one of your three turns" (Meditation Lodge, Alderman's Office); unoccupied Elders and
    open spaces are."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Glider", SPACE, True)
    in_play(table, me, "Meditation Lodge", (2, 2), True)
    in_play(table, me, "Alderman's Office", (3, 2))
    busy = elder(table, me, "Builder")
    busy.worker = 0
    free = elder(table, me, "Pisciculturist")
    table.spaces["gold"] = [1]
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    script(table, True, "Pisciculturist (Elder)")
    end_of_round(table)
    offered = next(decision.labels for decision in table.session.decider.decisions if decision.kind == "action")
    assert "gold" not in offered and "Builder (Elder)" not in offered and "pass" not in offered
    assert "Pisciculturist (Elder)" in offered and "serve fish" in offered
    assert [option for option in offered if option.endswith("(worker space)")] == []
    assert free.worker == 0 and me.supply == supply(2, 4, 2, 1)  # the Glider's and the Lodge's Guests, one spent


def test_glider_fourth_turn_may_use_the_imitation_tile() -> None:
    table = make_table(players=4)
    me = table.players[0]
    in_play(table, me, "Glider", SPACE, True)
    table.spaces["gold"] = [1, 2]
    script(table, True, "imitation")
    end_of_round(table)
    assert table.spaces["imitation"] == [0] and me.supply == supply(2, 2, 3, 0)
    assert table.session.decider.answers == []


def test_glider_fourth_turn_may_use_another_players_elder_with_art_sculpture() -> None:
    table = make_table()
    me, other = table.players
    in_play(table, me, "Glider", SPACE, True)
    in_play(table, me, "Art Sculpture", (2, 2), True)
    theirs = elder(table, other, "Pisciculturist")
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    script(table, True, "Art Sculpture (worker space)")
    end_of_round(table)
    assert theirs.worker == 0 and theirs.goods["fish"] == 1
    assert me.supply == supply(2, 0, 2, 1)  # 2 fish paid; the Pisciculturist counts my 0 Elders
    assert other.supply == supply(2, 4, 2, 0) and table.session.decider.answers == []


def test_glider_fourth_turn_may_use_another_players_elder_though_the_art_sculpture_was_used() -> None:
    """Art Sculpture: "Once per Round, as one of your three turns, you may place a Worker on an unoccupied Elder in
    another player's Elder Council"; Glider: "you may carry out a fourth turn ... an unoccupied Elder in your Elder
    Council (or in another player's Elder Council if you also have the "Art Sculpture")". Ruling: the fourth turn is
    not one of the three, so the Art Sculpture used this Round still lets it take the other unoccupied Elder (not the
    occupied one), paying its owner 2 fish."""
    table = make_table()
    me, other = table.players
    in_play(table, me, "Glider", SPACE, True)
    sculpture = in_play(table, me, "Art Sculpture", (2, 2), True)
    first = elder(table, other, "Pisciculturist")
    second = elder(table, other, "Pond Builder")
    first.worker, sculpture.used_round = 0, table.round  # used on one of the three turns
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    me.supply.update(supply(2, 4, 2, 1))
    script(table, True, "Art Sculpture (worker space)")
    end_of_round(table)
    asked = table.session.decider.asked
    assert asked[-1][1] == DecisionKind.ACTION and asked[-1][2][-1] is sculpture
    assert second.worker == 0 and second.goods["fish"] == 1 and first.goods["fish"] == 0
    assert me.supply["guest"] == 0 and other.supply["fish"] == 2 + 2


# Wooden Robot (C742) ---------------------------------------------------------------------------


def test_wooden_robot_gives_1_guest_when_built() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=12))
    build_card(table, me, "Wooden Robot", SPACE, True)
    assert me.supply == supply(guest=1)


def test_wooden_robot_gives_1_gold_on_top_of_the_elders_fish() -> None:
    table = make_table()
    me, other = table.players
    in_play(table, me, "Wooden Robot", SPACE, True)
    mine = elder(table, me, "Builder", fish=2)
    theirs = elder(table, other, "Builder", fish=2)
    add_fish_to_elder(table, mine, 1)
    assert me.supply == supply(2, 3, 3, 1) and mine.goods["fish"] == 0
    add_fish_to_elder(table, theirs, 1)
    assert me.supply == supply(2, 3, 3, 1) and other.supply == supply(2, 3, 2, 0)


def test_wooden_robot_one_gold_per_elder_discarding_in_the_fishing_phase() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Wooden Robot", SPACE, True)
    elder(table, me, "Builder", fish=2)
    elder(table, me, "Contractor", fish=2)
    elder(table, me, "Pond Builder", fish=0)
    play_fishing_phase(table)
    assert [e.goods["fish"] for e in me.council] == [0, 0, 1]
    assert me.supply == supply(2, 2 + 2, 2 + 2, 1)  # the haul of 3 all went to the Elders; 1 fish per discard


def test_wooden_robot_built_via_the_discarding_elder_gives_no_gold() -> None:
    table = make_table()
    me = table.players[0]
    builder = elder(table, me, "Builder", fish=2)
    table.display = [real_cards()["Wooden Robot"]]
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    me.supply.update(supply(wood=12))
    script(table, 0, SPACE, True)
    use_elder(table, me, builder)
    assert [c.name for c in me.buildings] == ["Wooden Robot"] and builder.goods["fish"] == 0
    assert me.supply == supply(0, 1, 0, 1)


def test_wooden_robot_cost_may_be_paid_with_guests() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=0, guest=6))
    assert payment_options(table, me, real_cards()["Wooden Robot"].costs(Context(table, me))) == [Payment(0, 0, 0, 6)]
    build_card(table, me, "Wooden Robot", SPACE, True)
    assert me.supply == supply(guest=1)


# Picnic Benches (C743) -------------------------------------------------------------------------


def test_picnic_benches_cost_cannot_be_lowered_with_guests() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=12, guest=3))
    costs = real_cards()["Picnic Benches"].costs(Context(table, me))
    assert payment_options(table, me, costs) == [Payment(12, 0, 0, 0)]
    me.supply.update(supply(wood=10, guest=5))
    before = picture(table)
    with pytest.raises(IllegalAction):
        build_card(table, me, "Picnic Benches", SPACE)
    me.hand.clear()
    assert picture(table) == before


@pytest.mark.parametrize("name", ["Picnic Benches", "Amphitheater"])
def test_building_without_an_effect_only_scores(name: str) -> None:
    """Picnic Benches and Amphitheater: paid and placed, they change nothing else and listen to nothing."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=12, fish=21))
    card = build_card(table, me, name, SPACE)
    assert me.supply == (supply(fish=21) if name == "Picnic Benches" else supply(wood=12))
    assert table.listeners == {} and table.latches == [] and card.spec.rules == {}
    assert vp(table, card) == {"Picnic Benches": 4, "Amphitheater": 7}[name]


# Investment Broker (C744) ----------------------------------------------------------------------


def test_investment_broker_gives_a_guest_and_gold_per_issued_share_held() -> None:
    """Issued Shares of any colour in the supply count; unissued ones and those on the Share board do not."""
    table = make_table()
    me, other = table.players
    other_share = next(s for s in table.shares if s.colour == 1 and s.issued)
    other_share.holder = 0
    on_board = next(s for s in table.shares if s.colour == 0 and not s.issued)
    on_board.issued, on_board.holder = True, None
    me.supply.update(supply(6, 4, 3))
    build_card(table, me, "Investment Broker", SPACE, True)
    assert me.supply == supply(gold=3, guest=1)
    assert other.supply == supply(2, 2, 2, 0)
    perform(table, me, "buy_all_shares", "space")
    perform(table, me, "gold", "space")
    assert me.supply == supply(gold=3, guest=1)  # 1 Share bought for 1 gold, 1 gold taken: nothing more from it


def test_investment_broker_guest_declined_still_gives_the_gold() -> None:
    """Investment Broker: "take 1 Guest ... Additionally, also immediately (and only once via this Building) take a
    number of gold ... equal to the number of issued Shares in your personal supply". The Guest is the Guest symbol's
    choice; the gold is not: declined, no Guest comes and the 2 gold for the 2 issued Shares held still do."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(6, 4, 3))
    build_card(table, me, "Investment Broker", SPACE, False)
    assert me.supply == supply(gold=2) and table.session.decider.answers == []


# Amphitheater (C746) ---------------------------------------------------------------------------


def test_amphitheater_paid_by_returning_5_guests() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(guest=6))
    costs = real_cards()["Amphitheater"].costs(Context(table, me))
    assert payment_options(table, me, costs) == [Payment(0, 0, 0, 5)]
    build_card(table, me, "Amphitheater", SPACE)
    assert me.supply == supply(guest=1)


def test_amphitheater_21_fish_would_take_7_guests() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(guest=7))
    costs = real_cards()["Amphitheater"].costs(Context(table, me))
    assert payment_options(table, me, costs) == [Payment(0, 0, 0, 7), Payment(0, 0, 0, 5)]
    me.supply.update(supply(fish=3, guest=6))
    assert Payment(0, 3, 0, 6) in payment_options(table, me, costs)


# Small Claims Court (C747) ---------------------------------------------------------------------


def test_small_claims_court_removes_every_share_of_your_colour() -> None:
    """Issued or not, on the Share board or held by anyone; other colours stay."""
    table = make_table()
    me, other = table.players
    mine = [s for s in table.shares if s.colour == 0]
    mine[1].holder = 1
    mine[2].issued = True
    theirs = [(s.issued, s.holder) for s in table.shares if s.colour == 1]
    assert score(table, other)["shares"] == 3 - 3 and score(table, me)["shares"] == 1 - 2
    me.supply.update(supply(gold=5))
    build_card(table, me, "Small Claims Court", SPACE)
    assert all(s.removed for s in mine)
    assert [(s.issued, s.holder, s.removed) for s in table.shares if s.colour == 1] == [
        (i, h, False) for i, h in theirs
    ]
    assert score(table, other)["shares"] == 2 - 3  # the other player lost the Share of mine they held
    assert score(table, me)["shares"] == 0
    assert me.supply == supply()


# Chalet (C748) ---------------------------------------------------------------------------------


def test_chalet_makes_each_guest_in_supply_worth_1_vp() -> None:
    table = make_table()
    me, other = table.players
    me.track.ships = [Ship("sloop", guest=True)]
    me.supply["guest"] = 3
    other.supply["guest"] = 3
    assert score(table, me)["guests"] == Fraction(3, 2) + 1
    in_play(table, me, "Chalet", SPACE)
    assert score(table, me)["guests"] == 3 + 1  # Guests on Ships stay at 1 VP
    assert score(table, other)["guests"] == Fraction(3, 2)


# Life Insurance (C749) -------------------------------------------------------------------------


def test_life_insurance_gets_1_gold_per_guest_any_player_returns() -> None:
    table = make_table()
    me, other = table.players
    insurance = in_play(table, me, "Life Insurance", SPACE)
    me.supply["guest"] = 3
    other.supply["guest"] = 2
    pay(table, me, "guest", 2)
    pay(table, other, "guest", 1)
    assert insurance.goods == supply(gold=3)
    other.track.ships = [Ship("sloop")]
    place_guest_on_ship(table, other, 0)  # boarding a Ship is not returning
    assert insurance.goods == supply(gold=3)
    assert me.supply["gold"] == 2 and other.supply["gold"] == 2


def test_life_insurance_counts_the_guest_of_a_removed_ship() -> None:
    """The rulebook's "e.g., in 5-player games, via the "Ship Owner" Elder": a 5-player table."""
    table = make_table(5)
    me, other = table.players[:2]
    insurance = in_play(table, me, "Life Insurance", SPACE)
    owner = elder(table, other, "Ship Owner")
    other.track.ships = [Ship("sloop", guest=True)]
    use_elder(table, other, owner, with_fish=False)
    assert other.track.ships == [] and other.supply == supply(2, 2, 5, 0)
    assert insurance.goods == supply(gold=1)


def test_life_insurance_scores_6_plus_its_gold() -> None:
    table = make_table()
    me = table.players[0]
    insurance = in_play(table, me, "Life Insurance", SPACE)
    assert vp(table, insurance) == 6
    insurance.goods["gold"] = 4
    assert vp(table, insurance) == 10


# Cannery (C750) --------------------------------------------------------------------------------


def test_cannery_may_take_the_discarded_fish_for_the_supply() -> None:
    table = make_table()
    me = table.players[0]
    cannery = in_play(table, me, "Cannery", SPACE)
    council = elder(table, me, "Builder", fish=2)
    script(table, cannery)
    add_fish_to_elder(table, council, 1)
    assert cannery.goods == supply(fish=1) and me.supply == supply(2, 2, 2, 0)
    council.goods["fish"] = 2
    script(table, "supply")
    add_fish_to_elder(table, council, 1)
    assert cannery.goods == supply(fish=1) and me.supply == supply(2, 3, 2, 0)


def test_cannery_scores_1_vp_per_fish_on_it_and_nothing_without() -> None:
    table = make_table()
    me = table.players[0]
    cannery = in_play(table, me, "Cannery", SPACE)
    me.supply["fish"] = 9
    assert vp(table, cannery) == 0
    cannery.goods["fish"] = 4
    assert vp(table, cannery) == 4


# FLGS (C751) -----------------------------------------------------------------------------------


def test_flgs_gives_1_guest_when_built() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(5, 4, 4))
    build_card(table, me, "FLGS", SPACE, True)
    assert me.supply == supply(guest=1)


def test_flgs_scores_elders_plus_guests_on_ships_and_nothing_without() -> None:
    table = make_table()
    me = table.players[0]
    flgs = in_play(table, me, "FLGS", SPACE, True)
    me.track.ships = [Ship("sloop"), Ship("cutter")]
    assert vp(table, flgs) == 0  # 1 Guest in the supply, empty Ships: nothing
    elder(table, me, "Builder")
    elder(table, me, "Contractor")
    me.track.ships[1].guest = True
    assert vp(table, flgs) == 3


# Estate Agent (C752) ---------------------------------------------------------------------------


def test_estate_agent_costs_wood_and_fish_per_building_including_itself() -> None:
    """A Building under Forests (Archeological Site) is not one of your Buildings."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Chalet", SPACE)
    in_play(table, me, "Pedalo Builder", (2, 2))
    in_play(table, me, "Archeological Site", (1, 3))
    me.supply.update(supply(3, 3, 3))
    agent = real_cards()["Estate Agent"]
    assert payment_options(table, me, agent.costs(Context(table, me))) == [Payment(3, 3, 3, 0)]
    build_card(table, me, "Estate Agent", (3, 1))
    assert me.supply == supply()


def test_estate_agent_costs_at_least_1_wood_1_fish_3_gold() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(1, 1, 3))
    build_card(table, me, "Estate Agent", SPACE)
    assert me.supply == supply()


def test_estate_agent_scores_1_vp_per_guest_in_supply_and_nothing_without() -> None:
    table = make_table()
    me = table.players[0]
    agent = in_play(table, me, "Estate Agent", SPACE)
    me.track.ships = [Ship("sloop", guest=True)]
    assert vp(table, agent) == 0
    me.supply["guest"] = 4
    assert vp(table, agent) == 4


# Queuing Barriers (C753) -----------------------------------------------------------------------


def test_queuing_barriers_cost_1_gold_per_guest_in_supply() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=8, gold=3, guest=3))
    build_card(table, me, "Queuing Barriers", SPACE, Payment(8, 0, 3, 0))
    assert me.supply == supply(guest=3)


def test_queuing_barriers_cost_only_8_wood_without_guests() -> None:
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=8, gold=2))
    build_card(table, me, "Queuing Barriers", SPACE)
    assert me.supply == supply(gold=2)


def test_queuing_barriers_gold_is_set_by_the_guests_held_when_building_spent_ones_included() -> None:
    """Queuing Barriers: "The number of gold that you must pay for the Queuing Barriers is equal to the number of
    Guests in your personal supply." Guests: "you can reduce the Building cost by your choice of 2 wood or 3 fish for
    each Guest that you return ... You cannot spend Guests to reduce a gold cost." Ruling (cards.nus): the cost is
    set when you build, from the Guests held then; a Guest spent on the wood still counts: every way to pay with 3
    Guests asks 3 gold, and 2 gold cannot build it."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=8, gold=3, guest=3))
    build_card(table, me, "Queuing Barriers", SPACE, Payment(2, 0, 3, 3))
    assert table.session.decider.asked[-1] == (
        0,
        DecisionKind.PAYMENT,
        [Payment(8, 0, 3, 0), Payment(6, 0, 3, 1), Payment(4, 0, 3, 2), Payment(2, 0, 3, 3)],
    )
    assert me.supply == supply(wood=6)
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=2, gold=2, guest=3))
    with pytest.raises(IllegalAction, match="cannot pay for Queuing Barriers"):
        build_card(table, me, "Queuing Barriers", SPACE)
    assert me.supply == supply(wood=2, gold=2, guest=3) and me.buildings == []


@pytest.mark.parametrize(("guests", "points"), [(0, 0), (1, 0), (2, 0), (3, 7), (4, 8), (5, 9), (9, 9)])
def test_queuing_barriers_score_by_guests_in_supply_at_the_end(guests: int, points: int) -> None:
    """Counted at scoring: Guests on Ships do not count."""
    table = make_table()
    me = table.players[0]
    barriers = in_play(table, me, "Queuing Barriers", SPACE)
    me.track.ships = [Ship("sloop", guest=True)]
    me.supply["guest"] = guests
    assert vp(table, barriers) == points
    assert score(table, me)["buildings"] == points


# Graveyard (C754) ------------------------------------------------------------------------------


def test_graveyard_takes_all_elders_under_it_and_scores_double() -> None:
    table = make_table()
    me = table.players[0]
    council = [elder(table, me, name) for name in ("Builder", "Contractor", "Pond Builder")]
    me.supply.update(supply(4, 4, 4))
    graveyard = build_card(table, me, "Graveyard", SPACE, True)
    assert me.council == [] and graveyard.under == council
    assert vp(table, graveyard) == 6
    assert [kind for _, kind, _ in table.session.decider.asked] == ["space", "may"]  # no picking of Elders


def test_graveyard_declined_keeps_every_elder_and_scores_nothing() -> None:
    table = make_table()
    me = table.players[0]
    council = [elder(table, me, name) for name in ("Builder", "Contractor", "Pond Builder")]
    me.supply.update(supply(4, 4, 4))
    graveyard = build_card(table, me, "Graveyard", SPACE, False)
    assert me.council == council and graveyard.under == []
    assert vp(table, graveyard) == 0


def test_graveyard_takes_the_sixth_elder_too() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Cabin in the Woods", SPACE)  # no Elder to take: not asked
    five_elders(table, me)
    elder(table, me, "Pisciculturist")
    me.supply.update(supply(4, 4, 4))
    graveyard = build_card(table, me, "Graveyard", (2, 2), True)
    assert me.council == [] and len(graveyard.under) == 6
    assert vp(table, graveyard) == 12


def test_graveyard_elders_cannot_be_used_anymore() -> None:
    """No worker turn on them, no fish in the Fishing Phase, no card effect reaches them."""
    table = make_table()
    me = table.players[0]
    elder(table, me, "Builder", fish=2)
    elder(table, me, "Pisciculturist", fish=2)
    in_play(table, me, "Graveyard", SPACE, True)
    table.turn_counter = 1
    assert not any(option.endswith("(Elder)") for option in labels(turn_options(table, me)))
    play_fishing_phase(table)
    assert me.supply == supply(2, 4, 2, 0)  # only the 2 fish of the own Shares
    assert me.reserve["fish"] == 1
    with pytest.raises(IllegalAction):
        library.use_new_elder(Context(table, me))
