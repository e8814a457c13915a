"""Trout cards B625-C654: every clause of each rulebook entry, proven with the compiled card on a table.

Each test sets up a table, runs the real card from cards.nus through the runtime and asserts the exact
resulting state, including what must not happen. Filler Buildings (hand-made, no abilities) only stand
in for "a Building of letter X"; Elders are the base-game stand-ins from cards.nus.
"""

from __future__ import annotations

from functools import cache

import pytest

from runtime.game.actions import perform, place_worker, take_turn
from runtime.game.phases import final_scores
from runtime.mechanics import elders as elders_module
from runtime.mechanics.banquet import serve_fish
from runtime.mechanics.board import free_track_spaces, haul_size
from runtime.mechanics.scoring import building_vp
from runtime.model.cards import CardSpec
from runtime.model.state import CardInPlay, IllegalAction, Player, Ship, Table
from tests.kit.table_kit import ROOT, build_from_hand, make_table, mechanic, picture, put_in_play, script

# Helpers ----------------------------------------------------------------------------------------


@cache
def all_specs() -> dict[tuple[str, str], CardSpec]:
    """Keyed by kind and name: the Carpenter is both a Trout Building and a base-game Elder."""
    from compiler import load_cards

    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    return {(spec.kind, spec.name): spec for spec in load_cards(text, "cards.nus")}


def card(name: str) -> CardSpec:
    return all_specs()[("building", name)]


def elder(name: str) -> CardSpec:
    return all_specs()[("elder", name)]


def filler(letter: str, n: int) -> CardSpec:
    """A Building of the given letter with no ability, to count as 'a Building'."""
    return mechanic(name=f"Filler {letter}{n}", code=f"{letter}9{n:02d}")


def in_play(table: Table, player: Player, spec: CardSpec, cell: tuple[int, int] | None = None) -> CardInPlay:
    """Put a card on the Harbor board (on `cell` if given) and attach it, as building it would."""
    return put_in_play(table, player, spec, cell)


def build_card(table: Table, player: Player, spec: CardSpec, *answers: object, space: object = (1, 2)) -> CardInPlay:
    """Build a card from the hand for real: choose the space (unless it has only one), pay, attach."""
    return build_from_hand(table, player, spec, *([] if space is None else [space]), *answers)


def seat(player: Player, count: int, name: str = "Pisciculturist", fish: int = 0) -> list[CardInPlay]:
    """Elders already in the council (none of them listens to events)."""
    seated = [CardInPlay(elder(name), player) for _ in range(count)]
    for one in seated:
        one.goods["fish"] = fish
    player.council.extend(seated)
    return seated


def fleet(player: Player, *types: str) -> None:
    player.track.ships[:] = [Ship(kind) for kind in types]


def supply(player: Player, wood: int = 0, fish: int = 0, gold: int = 0, guest: int = 0) -> None:
    player.supply.update(wood=wood, fish=fish, gold=gold, guest=guest)


def build_sloop(table: Table, player: Player) -> None:
    """Build a sloop; with one free space on the track it is the only Ship that fits, so no one is asked."""
    if free_track_spaces(table, player) > 1:
        script(table, "sloop")
    perform(table, player, "build_ship", "space")
    assert player.track.ships[-1].type == "sloop"


def fired(table: Table, name: str) -> int:
    return sum(line.endswith(f"{name}: as soon as") for line in table.log)


def vp(table: Table, placed: CardInPlay) -> int:
    return building_vp(table, placed.owner, placed)


# Haul 10 with a cutter missing: one more sloop makes it 11 (track length 12).
NO_CUTTER = ("schooner", "schooner", "sloop", "sloop", "sloop")
# Haul 10 with all three types: one more sloop makes it 11.
ALL_TYPES = ("schooner", "schooner", "cutter", "sloop")


# Primary School (B625) --------------------------------------------------------------------------


def test_primary_school_three_c_buildings_give_five_wood_and_five_fish() -> None:
    """Only one of the three requirements is needed: 3 C Buildings, with no A or other B."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Primary School"))
    in_play(table, me, filler("C", 1))
    in_play(table, me, filler("C", 2))
    assert me.supply == {"wood": 2, "fish": 2, "gold": 2, "guest": 0}
    in_play(table, me, filler("C", 3))
    assert me.supply == {"wood": 7, "fish": 7, "gold": 2, "guest": 0}
    assert fired(table, "Primary School") == 1


def test_primary_school_counts_itself_as_a_b_building() -> None:
    """Three other B Buildings plus the Primary School make the four B."""
    table = make_table()
    me = table.players[0]
    for n in range(3):
        in_play(table, me, filler("B", n))
    supply(me, wood=2, gold=1)
    build_card(table, me, card("Primary School"))
    assert me.supply == {"wood": 5, "fish": 5, "gold": 0, "guest": 0}


def test_primary_school_counts_the_deep_sea_trawler_on_the_fishing_track() -> None:
    """Five A Buildings plus the Deep-Sea Trawler (not on a Building space) make six A."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Primary School"))
    for n in range(5):
        in_play(table, me, filler("A", n))
    supply(me, wood=5, fish=5)
    build_card(table, me, card("Deep-Sea Trawler"), space=None)
    assert me.track.cards[0].name == "Deep-Sea Trawler"
    assert me.supply == {"wood": 5, "fish": 5, "gold": 0, "guest": 0}


def test_primary_school_gives_nothing_more_for_a_second_requirement() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Primary School"))
    for n in range(3):
        in_play(table, me, filler("C", n))
    assert me.supply["wood"] == 7 and me.supply["fish"] == 7
    for n in range(6):
        in_play(table, me, filler("A", n))
    assert me.supply == {"wood": 7, "fish": 7, "gold": 2, "guest": 0}
    assert fired(table, "Primary School") == 1


def test_primary_school_pays_right_away_when_built_with_six_a_buildings() -> None:
    table = make_table()
    me = table.players[0]
    for n in range(6):
        in_play(table, me, filler("A", n))
    supply(me, wood=2, gold=1)
    build_card(table, me, card("Primary School"))
    assert me.supply == {"wood": 5, "fish": 5, "gold": 0, "guest": 0}


def test_primary_school_gives_nothing_below_every_requirement() -> None:
    """5 A, 3 B (with the School) and 2 C meet none of the three."""
    table = make_table()
    me = table.players[0]
    for letter, count in (("A", 5), ("B", 2), ("C", 2)):
        for n in range(count):
            in_play(table, me, filler(letter, n))
    supply(me, wood=2, gold=1)
    build_card(table, me, card("Primary School"))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert fired(table, "Primary School") == 0


# Harbor Branch (B626) ---------------------------------------------------------------------------


def test_harbor_branch_haul_eleven_without_a_cutter_gives_three_gold_once() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Harbor Branch"))
    fleet(me, *NO_CUTTER)
    supply(me, wood=4, fish=4, gold=0)
    build_sloop(table, me)
    assert haul_size(table, me) == 11
    assert me.supply == {"wood": 2, "fish": 2, "gold": 3, "guest": 0}
    me.track.ships.pop()  # a sloop leaves (haul 10); a new one makes 11 again
    assert haul_size(table, me) == 10
    build_sloop(table, me)
    assert haul_size(table, me) == 11 and fired(table, "Harbor Branch") == 1
    assert me.supply == {"wood": 0, "fish": 0, "gold": 3, "guest": 0}


def test_harbor_branch_pays_when_built_with_haul_eleven_and_a_type_missing() -> None:
    table = make_table()
    me = table.players[0]
    fleet(me, *NO_CUTTER, "sloop")
    supply(me, wood=2, fish=2, gold=1)
    build_card(table, me, card("Harbor Branch"))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 3, "guest": 0}


def test_harbor_branch_gives_nothing_when_built_with_all_three_types() -> None:
    table = make_table()
    me = table.players[0]
    fleet(me, *ALL_TYPES, "sloop")
    assert haul_size(table, me) == 11
    supply(me, wood=2, fish=2, gold=1)
    placed = build_card(table, me, card("Harbor Branch"))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert placed.fired == set() and fired(table, "Harbor Branch") == 0


def test_harbor_branch_pays_after_the_haul_drops_and_returns_with_a_type_missing() -> None:
    """All three types at the first haul of 11: no gold. The Ship Owner removes the cutter (haul 10);
    two new sloops make 11 again with the cutter missing, and the gold comes now. A 5-player table: the rulebook's
    "—in 5-player games—the "Ship Owner" Elder"."""
    table = make_table(5)
    me = table.players[0]
    in_play(table, me, card("Harbor Branch"))
    fleet(me, *ALL_TYPES)
    supply(me, wood=2, fish=2, gold=0)
    build_sloop(table, me)
    assert haul_size(table, me) == 11 and me.supply["gold"] == 0
    owner = seat(me, 1, "Ship Owner")[0]
    script(table, 2)  # the cutter
    elders_module.use_elder(table, me, owner, with_fish=False)
    assert haul_size(table, me) == 10 and me.supply["gold"] == 3  # the Ship Owner's own gold only
    supply(me, wood=4, fish=4, gold=3)
    table.ships_left["sloop"] = 2
    build_sloop(table, me)
    build_sloop(table, me)
    assert haul_size(table, me) == 11
    assert me.supply == {"wood": 0, "fish": 0, "gold": 6, "guest": 0}
    assert fired(table, "Harbor Branch") == 1


def test_harbor_branch_gives_no_second_gold_when_the_haul_returns() -> None:
    table = make_table(5)  # the Ship Owner is only in 5-player games
    me = table.players[0]
    in_play(table, me, card("Harbor Branch"))
    fleet(me, *NO_CUTTER)
    supply(me, wood=4, fish=4, gold=0)
    build_sloop(table, me)
    assert me.supply["gold"] == 3
    owner = seat(me, 1, "Ship Owner")[0]
    script(table, 5)  # the new sloop
    elders_module.use_elder(table, me, owner, with_fish=False)
    assert haul_size(table, me) == 10
    build_sloop(table, me)
    assert haul_size(table, me) == 11
    assert me.supply == {"wood": 0, "fish": 0, "gold": 6, "guest": 0}  # 3 Harbor Branch + 3 Ship Owner
    assert fired(table, "Harbor Branch") == 1


# Cookhouse (B627) -------------------------------------------------------------------------------


def test_cookhouse_halves_each_plate_rounded_up() -> None:
    """The 5-fish plate costs 3 fish and holds them; the gold is as usual."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Cookhouse"))
    supply(me, fish=3, gold=0)
    script(table, 6)
    perform(table, me, "serve_fish", "space")
    assert table.plates == [0, 0, 0, 0, 0, 0, 3]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 0}


def test_cookhouse_all_seven_plates_cost_one_one_two_two_two_two_three() -> None:
    """13 fish fill the whole Banquet Table for the Cookhouse owner; the other player still pays printed."""
    table = make_table()
    me, other = table.players
    in_play(table, me, card("Cookhouse"))
    supply(me, fish=13, gold=0)
    script(table, 0, 1, 2, 3, 4, 5, 6)
    assert serve_fish(table, me) == 7
    assert table.plates == [1, 1, 2, 2, 2, 2, 3]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 7, "guest": 0}
    table.plates = [0] * 7
    supply(other, fish=2, gold=0)
    script(table, 0)
    serve_fish(table, other)
    assert table.plates == [2, 0, 0, 0, 0, 0, 0] and other.supply["fish"] == 0


# Yacht House (B628) -----------------------------------------------------------------------------


def test_yacht_house_sloop_and_two_elders_without_fish_give_three_gold() -> None:
    """A third Elder with fish on it does not spoil it: two are without fish."""
    table = make_table()
    me = table.players[0]
    fleet(me, "sloop")
    seat(me, 2)
    seat(me, 1, fish=1)
    supply(me, wood=3, fish=3, gold=0)
    build_card(table, me, card("Yacht House"))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 3, "guest": 0}


@pytest.mark.parametrize(
    ("ships", "bare", "fed"),
    [(("cutter",), 2, 0), ((), 3, 0), (("sloop",), 1, 2), (("sloop",), 0, 0)],
    ids=["cutter-not-sloop", "no-ships", "one-elder-without-fish", "no-elders"],
)
def test_yacht_house_no_effect_without_sloop_or_two_bare_elders(ships: tuple[str, ...], bare: int, fed: int) -> None:
    table = make_table()
    me = table.players[0]
    fleet(me, *ships)
    seat(me, bare)
    seat(me, fed, fish=2)
    supply(me, wood=3, fish=3, gold=0)
    build_card(table, me, card("Yacht House"))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Breeding Basin (B629) --------------------------------------------------------------------------


@pytest.mark.parametrize(("before", "after"), [(10, 10), (8, 7), (5, 3), (4, 1)])
def test_breeding_basin_adds_half_the_fish_left_after_paying_rounded_down(before: int, after: int) -> None:
    """Ruling: the fish are counted once the cost (3 fish) is paid: 10 -> 7 + 3, 8 -> 5 + 2, 5 -> 2 + 1, 4 -> 1."""
    table = make_table()
    me = table.players[0]
    supply(me, wood=1, fish=before, gold=2)
    build_card(table, me, card("Breeding Basin"))
    assert me.supply == {"wood": 0, "fish": after, "gold": 0, "guest": 0}


def test_breeding_basin_no_effect_with_at_most_one_fish() -> None:
    table = make_table()
    me = table.players[0]
    supply(me, wood=1, fish=3, gold=2)
    build_card(table, me, card("Breeding Basin"))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}
    assert not any("gains" in line for line in table.log)


# Meeting Center (B630) --------------------------------------------------------------------------


def test_meeting_center_counts_workers_already_on_elders_before_placing() -> None:
    """One Elder is occupied: placing on the other gives 1 fish (not 2), then the Elder's action runs."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Meeting Center"))
    busy, _ = seat(me, 2)
    busy.worker = me.index
    table.plates = [1, 0, 0, 0, 0, 0, 0]
    supply(me, fish=0, gold=0)
    script(table, "Pisciculturist (Elder)")
    take_turn(table, me)
    assert me.supply == {"wood": 0, "fish": 1 + 2, "gold": 0, "guest": 0}  # 1 Meeting Center, 2 Pisciculturist


def test_meeting_center_gives_fish_before_any_worker_placement_and_none_for_passing() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Meeting Center"))
    for one in seat(me, 3):
        one.worker = me.index
    supply(me, fish=0, gold=0)
    script(table, "pass")
    take_turn(table, me)
    assert me.supply["fish"] == 0
    script(table, "gold")
    take_turn(table, me)
    assert me.supply == {"wood": 0, "fish": 3, "gold": 1, "guest": 0}


def test_meeting_center_counts_another_players_worker_on_my_elder() -> None:
    """Via the Art Sculpture the other player's Worker sits on my Elder; its colour does not matter.
    The other player's own placement gives me nothing from the Meeting Center."""
    table = make_table()
    me, other = table.players
    in_play(table, me, card("Meeting Center"))
    mine = seat(me, 1)[0]
    script(table, True)
    in_play(table, other, card("Art Sculpture"))
    table.plates = [1, 0, 0, 0, 0, 0, 0]
    supply(me, fish=0, gold=0)
    supply(other, fish=2)
    script(table, "Art Sculpture (worker space)")
    take_turn(table, other)
    assert mine.worker == other.index
    assert me.supply["fish"] == 2  # the other player's payment only
    script(table, "gold")
    take_turn(table, me)
    assert me.supply == {"wood": 0, "fish": 3, "gold": 1, "guest": 0}


# Realtor's Office (B631) ------------------------------------------------------------------------


def contractor_table() -> Table:
    table = make_table()
    table.elder_stacks = [[elder("Contractor")], [elder("Builder")], [], [], [], []]
    return table


def take_contractor(table: Table, player: Player) -> None:
    """On the action space; its use fails on the empty Banquet Table, so it is taken unused."""
    script(table, "Contractor")
    perform(table, player, "take_elder", "space")
    assert player.council[-1].name == "Contractor"


def test_realtors_office_another_player_taking_the_contractor_gives_six_wood() -> None:
    table = contractor_table()
    me, other = table.players
    in_play(table, me, card("Realtor's Office"))
    assert me.supply["wood"] == 2
    take_contractor(table, other)
    assert me.supply == {"wood": 8, "fish": 2, "gold": 2, "guest": 0}
    assert other.supply == {"wood": 2, "fish": 2, "gold": 2, "guest": 0}
    assert fired(table, "Realtor's Office") == 1


def test_realtors_office_taking_the_contractor_myself_gives_six_wood() -> None:
    table = contractor_table()
    me = table.players[0]
    in_play(table, me, card("Realtor's Office"))
    take_contractor(table, me)
    assert me.supply == {"wood": 8, "fish": 2, "gold": 2, "guest": 0}


def test_realtors_office_taking_another_elder_gives_nothing() -> None:
    table = contractor_table()
    me = table.players[0]
    in_play(table, me, card("Realtor's Office"))
    script(table, "Builder")
    perform(table, me, "take_elder", "space")
    assert me.supply == {"wood": 2, "fish": 2, "gold": 2, "guest": 0}


def test_realtors_office_observes_the_wood_limit() -> None:
    table = contractor_table()
    me = table.players[0]
    in_play(table, me, card("Realtor's Office"))
    me.supply["wood"] = 10
    take_contractor(table, table.players[1])
    assert me.supply["wood"] == 12


def test_realtors_office_built_after_the_contractor_was_taken_pays_right_away() -> None:
    table = contractor_table()
    me, other = table.players
    take_contractor(table, other)
    build_card(table, me, card("Realtor's Office"))
    assert me.supply == {"wood": 8, "fish": 0, "gold": 0, "guest": 0}


def test_realtors_office_built_after_the_contractor_left_the_game_via_haunted_house() -> None:
    table = contractor_table()
    me, other = table.players
    take_contractor(table, other)
    build_card(table, other, card("Haunted House"), True, True)
    assert other.council == [] and all(elder("Contractor") not in stack for stack in table.elder_stacks)
    build_card(table, me, card("Realtor's Office"))
    assert me.supply == {"wood": 8, "fish": 0, "gold": 0, "guest": 0}


def test_realtors_office_built_after_the_contractor_died_via_graveyard() -> None:
    table = contractor_table()
    me, other = table.players
    take_contractor(table, other)
    supply(other, wood=4, fish=4, gold=4)
    graveyard = build_card(table, other, card("Graveyard"), True)
    assert [one.name for one in graveyard.under] == ["Contractor"] and other.council == []
    build_card(table, me, card("Realtor's Office"))
    assert me.supply == {"wood": 8, "fish": 0, "gold": 0, "guest": 0}


def test_realtors_office_no_more_wood_when_the_contractor_returns_via_yurt_and_is_taken_again() -> None:
    table = contractor_table()
    me, other = table.players
    in_play(table, me, card("Realtor's Office"))
    take_contractor(table, me)
    assert me.supply["wood"] == 8
    supply(me, wood=8, fish=3, gold=1)
    build_card(table, me, card("Yurt"), True)
    assert me.council == [] and table.elder_stacks[0] == [elder("Contractor")]
    take_contractor(table, other)
    assert me.supply == {"wood": 8, "fish": 0, "gold": 0, "guest": 1}
    assert fired(table, "Realtor's Office") == 1


def test_realtors_office_built_while_the_contractor_is_back_on_the_board_waits_for_the_next_taking() -> None:
    """Returned via the Yurt before the Realtor's Office is built: he is present, so the wood comes
    when he is taken again."""
    table = contractor_table()
    me, other = table.players
    take_contractor(table, other)
    supply(other, fish=3, gold=1)
    build_card(table, other, card("Yurt"), True)
    assert table.elder_stacks[0] == [elder("Contractor")]
    build_card(table, me, card("Realtor's Office"))
    assert me.supply == {"wood": 2, "fish": 0, "gold": 0, "guest": 0}
    take_contractor(table, other)
    assert me.supply == {"wood": 8, "fish": 0, "gold": 0, "guest": 0}


# Building Dock (B632) ---------------------------------------------------------------------------


def test_building_dock_gives_wood_for_the_ships_of_that_type_left() -> None:
    """Three sloops on the board at the start (3 players); after building one, 2 are left."""
    table = make_table(players=3)
    me = table.players[0]
    in_play(table, me, card("Building Dock"))
    supply(me, wood=7, fish=2)
    build_sloop(table, me)
    assert table.ships_left == {"sloop": 2, "cutter": 3, "schooner": 3}
    assert me.supply == {"wood": 5 + 2, "fish": 0, "gold": 0, "guest": 0}


def test_building_dock_observes_the_wood_limit() -> None:
    """Five players: 5 sloops, 4 left after building one; 10 + 4 wood is capped at 12."""
    table = make_table(players=5)
    me = table.players[0]
    in_play(table, me, card("Building Dock"))
    supply(me, wood=12, fish=2)
    build_sloop(table, me)
    assert me.supply["wood"] == 12


def test_building_dock_wood_cannot_pay_for_the_ship() -> None:
    """1 wood is short of a sloop's 2; the Dock's 2 wood would come only after, so nothing happens."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Building Dock"))
    supply(me, wood=1, fish=8)
    before = picture(table)
    script(table, "sloop", "cutter", "schooner")  # each is refused in turn
    with pytest.raises(IllegalAction):
        perform(table, me, "build_ship", "space")
    assert picture(table) == before


def test_building_dock_no_effect_for_the_last_ship_of_its_type() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Building Dock"))
    table.ships_left["sloop"] = 1
    supply(me, wood=2, fish=2)
    build_sloop(table, me)
    assert table.ships_left["sloop"] == 0
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Community Center (C641) ------------------------------------------------------------------------


@pytest.mark.parametrize(("elders", "fish", "gold"), [(2, 7, 1), (3, 5, 2), (4, 3, 3), (5, 1, 4)])
def test_community_center_gives_fish_and_gold_by_elders(elders: int, fish: int, gold: int) -> None:
    table = make_table()
    me = table.players[0]
    seat(me, elders)
    supply(me, wood=4)
    build_card(table, me, card("Community Center"))
    assert me.supply == {"wood": 0, "fish": fish, "gold": gold, "guest": 0}


def test_community_center_offers_no_choice_of_more_fish_and_less_gold() -> None:
    """With 3 Elders the 3-Elder row is taken: the only question asked is where to build."""
    table = make_table()
    me = table.players[0]
    seat(me, 3)
    supply(me, wood=4)
    build_card(table, me, card("Community Center"))
    assert [kind for _, kind, _ in table.session.decider.asked] == ["space"]
    assert me.supply == {"wood": 0, "fish": 5, "gold": 2, "guest": 0}


def test_community_center_six_elders_with_cabin_in_the_woods_count_as_five() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Cabin in the Woods"))
    seat(me, 6)
    supply(me, wood=4)
    build_card(table, me, card("Community Center"))
    assert me.supply == {"wood": 0, "fish": 1, "gold": 4, "guest": 0}


@pytest.mark.parametrize("elders", [0, 1])
def test_community_center_no_effect_with_fewer_than_two_elders(elders: int) -> None:
    table = make_table()
    me = table.players[0]
    seat(me, elders)
    supply(me, wood=4)
    build_card(table, me, card("Community Center"))
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


# Captain's House (C642) -------------------------------------------------------------------------


def captains_table(players: int = 2) -> Table:
    """Haul 10 and a Captain's House in play; the Pisciculturist is the only visible Elder."""
    table = make_table(players)
    me = table.players[0]
    table.elder_stacks = [[elder("Pisciculturist")], [], [], [], [], []]
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    in_play(table, me, card("Captain's House"))
    fleet(me, *NO_CUTTER)
    supply(me, wood=2, fish=2, gold=0)
    return table


def test_captains_house_haul_eleven_takes_an_elder_without_a_worker() -> None:
    """Declining to use it: the Elder is taken, gets no fish, and no Worker is placed."""
    table = captains_table()
    me = table.players[0]
    script(table, True, False)  # the sloop is the only Ship that fits; take the Elder; do not use it
    perform(table, me, "build_ship", "space")
    assert [one.name for one in me.council] == ["Pisciculturist"]
    assert me.council[0].goods["fish"] == 0 and me.council[0].worker is None
    assert table.spaces["take_elder"] == [] and table.plates == [2, 0, 0, 0, 0, 0, 0]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 0}


def test_captains_house_may_be_declined_entirely() -> None:
    table = captains_table()
    me = table.players[0]
    script(table, False)
    perform(table, me, "build_ship", "space")
    assert me.council == [] and table.elder_stacks[0] == [elder("Pisciculturist")]
    assert fired(table, "Captain's House") == 1


def test_captains_house_new_elder_used_right_away_takes_a_banquet_fish() -> None:
    table = captains_table()
    me = table.players[0]
    script(table, True, True)
    perform(table, me, "build_ship", "space")
    assert me.council[0].goods["fish"] == 1 and table.plates == [1, 0, 0, 0, 0, 0, 0]
    assert me.supply == {"wood": 0, "fish": 1, "gold": 0, "guest": 0}  # Pisciculturist: 1 Elder, 1 fish


def test_captains_house_taken_elder_stays_when_the_banquet_table_is_empty() -> None:
    """Using it is impossible without a Banquet fish; the Elder is still taken, unused."""
    table = captains_table()
    me = table.players[0]
    table.plates = [0] * 7
    script(table, True, True)
    perform(table, me, "build_ship", "space")
    assert [one.name for one in me.council] == ["Pisciculturist"]
    assert me.council[0].goods["fish"] == 0 and me.supply["fish"] == 0


def test_captains_house_take_an_elder_triggers_the_dance_hall() -> None:
    """The Dance Hall lets the new Elder be used once more: two uses, two Banquet fish."""
    table = captains_table()
    me = table.players[0]
    in_play(table, me, card("Dance Hall"))
    script(table, True, True, True)  # take; Dance Hall use; Captain's House use
    perform(table, me, "build_ship", "space")
    assert me.council[0].goods["fish"] == 2 and table.plates == [0] * 7
    assert me.supply["fish"] == 2


def test_captains_house_use_triggers_the_senior_residence() -> None:
    table = captains_table()
    me = table.players[0]
    in_play(table, me, card("Senior Residence"))
    me.turns_taken = 1
    script(table, True, True)
    perform(table, me, "build_ship", "space")
    assert me.supply == {"wood": 0, "fish": 1, "gold": 1, "guest": 0}


def test_captains_house_use_triggers_the_village_hall_before_the_banquet_fish() -> None:
    """The Village Hall serves first (plate 1 for 2 fish, 1 gold); the Elder's fish then comes from a full plate."""
    table = captains_table()
    me = table.players[0]
    in_play(table, me, card("Village Hall"))
    supply(me, wood=2, fish=6, gold=0)
    script(table, True, True, True, 1, 0)  # no plate within the 4 fish is left after plate 1
    perform(table, me, "build_ship", "space")
    assert table.plates == [1, 2, 0, 0, 0, 0, 0] and me.council[0].goods["fish"] == 1
    assert me.supply == {"wood": 0, "fish": 4 - 2 + 1, "gold": 1, "guest": 0}


def test_captains_house_built_with_haul_eleven_takes_and_uses_an_elder_right_away() -> None:
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[elder("Pisciculturist")], [], [], [], [], []]
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    fleet(me, *NO_CUTTER, "sloop")
    supply(me, wood=2, fish=3, gold=2)
    build_card(table, me, card("Captain's House"), True, True)
    assert [one.name for one in me.council] == ["Pisciculturist"] and me.council[0].goods["fish"] == 1
    assert me.supply == {"wood": 0, "fish": 1, "gold": 0, "guest": 0}


def test_captains_house_no_second_elder_when_the_haul_drops_and_returns() -> None:
    """The rulebook's "—in 5-player games—the "Ship Owner" Elder": a 5-player table."""
    table = captains_table(5)
    me = table.players[0]
    table.elder_stacks[1] = [elder("Builder")]
    owner = seat(me, 1, "Ship Owner")[0]
    supply(me, wood=4, fish=4)
    script(table, True, "Pisciculturist", False)
    perform(table, me, "build_ship", "space")
    script(table, 0)  # the Ship Owner removes a schooner
    elders_module.use_elder(table, me, owner, with_fish=False)
    assert haul_size(table, me) < 11
    script(table, "schooner")
    supply(me, wood=8, fish=8)
    perform(table, me, "build_ship", "space")
    assert haul_size(table, me) >= 11
    assert [one.name for one in me.council] == ["Ship Owner", "Pisciculturist"]
    assert table.elder_stacks[1] == [elder("Builder")] and table.session.decider.answers == []
    assert fired(table, "Captain's House") == 1


def test_captains_house_no_effect_without_a_free_seat_and_not_later() -> None:
    """Ruling: with no free seat the moment passes; a seat freed later brings no Elder."""
    table = captains_table()
    me = table.players[0]
    seat(me, 5)
    perform(table, me, "build_ship", "space")
    assert len(me.council) == 5 and table.elder_stacks[0] == [elder("Pisciculturist")]
    me.council.pop()
    perform(table, me, "gold", "space")
    assert len(me.council) == 4 and table.elder_stacks[0] == [elder("Pisciculturist")]
    assert fired(table, "Captain's House") == 1 and table.latches == []


# Carpenter (C643) -------------------------------------------------------------------------------


def test_carpenter_counts_every_building_with_itself_and_the_deep_sea_trawler() -> None:
    """Two Buildings on spaces, the Deep-Sea Trawler on the Fishing track, the Carpenter: 4 wood."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, filler("A", 1), (3, 1))
    in_play(table, me, filler("B", 1), (3, 2))
    supply(me, wood=5, fish=5)
    build_card(table, me, card("Deep-Sea Trawler"), space=None)
    supply(me, wood=1, fish=10, gold=2)
    build_card(table, me, card("Carpenter"))
    assert me.supply == {"wood": 5, "fish": 0, "gold": 0, "guest": 0}


def test_carpenter_observes_the_wood_limit() -> None:
    table = make_table()
    me = table.players[0]
    for n in range(3):
        in_play(table, me, filler("A", n))
    supply(me, wood=10, fish=10, gold=2)
    build_card(table, me, card("Carpenter"))
    assert me.supply == {"wood": 12, "fish": 0, "gold": 0, "guest": 0}


# Nature Reserve (C644) --------------------------------------------------------------------------


@pytest.mark.parametrize("forests", [1, 2, 3])
def test_nature_reserve_reforest_action_space_gives_two_gold_however_many_forests(forests: int) -> None:
    """The usual Reforest places 2 Forests; with the Volunteer's Lodge and 3 Guests, 1 or 3 may be placed."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Nature Reserve"))
    supply(me, gold=0)
    if forests != 2:
        script(table, True)
        in_play(table, me, card("Volunteer's Lodge"))
        me.supply["guest"] = 3
    script(table, 3, *([forests] if forests != 2 else []))
    place_worker(table, me, "reforest")
    assert me.harbor.forests == [2, 1, 1, forests, 0]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 2, "guest": 0 if forests == 2 else 3}


def test_nature_reserve_no_gold_for_a_reforest_from_another_card() -> None:
    """The Orchard's own Reforest is not the action space."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Nature Reserve"))
    supply(me, wood=2, gold=0)
    build_card(table, me, card("Orchard"), True, True, 3, 2)
    assert me.harbor.forests == [2, 1, 1, 2, 0]
    assert me.supply == {"wood": 0, "fish": 0, "gold": 0, "guest": 1}


def test_nature_reserve_no_gold_for_a_reforest_via_the_imitation_tile() -> None:
    table = make_table(players=4)
    me = table.players[0]
    in_play(table, me, card("Nature Reserve"))
    table.spaces["reforest"] = [1]
    supply(me, gold=0)
    script(table, 3, 2)
    place_worker(table, me, "imitation")
    assert me.harbor.forests == [2, 1, 1, 2, 0] and table.spaces["imitation"] == [0]
    assert me.supply["gold"] == 0


# Cathedral (C645) -------------------------------------------------------------------------------


def test_cathedral_eight_reserve_fish_and_twelve_wood_give_three_gold_once() -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Cathedral"))
    me.reserve["fish"] = 8
    supply(me, wood=11, gold=0)
    perform(table, me, "thin_out", "space")
    assert me.supply == {"wood": 12, "fish": 0, "gold": 3, "guest": 0}
    me.supply["wood"] = 11
    perform(table, me, "thin_out", "space")
    assert me.supply["gold"] == 3 and fired(table, "Cathedral") == 1


@pytest.mark.parametrize(("reserve", "wood"), [(7, 12), (8, 11)])
def test_cathedral_nothing_while_either_half_is_short(reserve: int, wood: int) -> None:
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Cathedral"))
    me.reserve["fish"] = reserve
    supply(me, wood=wood, gold=0)
    perform(table, me, "gold", "space")
    assert me.supply == {"wood": wood, "fish": 0, "gold": 1, "guest": 0}


def test_cathedral_built_with_eight_reserve_fish_and_twelve_wood_pays_right_away() -> None:
    """Two Guests pay the 4 wood, so 12 wood are still there once it is built."""
    table = make_table()
    me = table.players[0]
    me.reserve["fish"] = 8
    supply(me, wood=12, fish=4, gold=4, guest=2)
    build_card(table, me, card("Cathedral"), "0 wood 4 fish 4 gold 2 guests")
    assert me.supply == {"wood": 12, "fish": 0, "gold": 3, "guest": 0}


def test_cathedral_counts_the_wood_before_paying_so_twelve_wood_paid_with_wood_still_pay_at_once() -> None:
    """Issue 34 (reader): "12 wood, 4 fish, 4 gold; Reserve 8 | wood 8, fish 0, gold 3 (0 + 3), Reserve 8; ability
    spent" (the after-payment reading gave 0 gold and the ability still waiting)."""
    table = make_table()
    me = table.players[0]
    me.reserve["fish"] = 8
    supply(me, wood=12, fish=4, gold=4)
    build_card(table, me, card("Cathedral"))
    assert me.supply == {"wood": 8, "fish": 0, "gold": 3, "guest": 0}
    assert me.reserve["fish"] == 8 and fired(table, "Cathedral") == 1
    me.supply["wood"] = 11
    perform(table, me, "thin_out", "space")  # 12 wood again: nothing more
    assert me.supply["gold"] == 3 and fired(table, "Cathedral") == 1


def test_cathedral_with_eleven_wood_waits_until_twelve_then_pays_once() -> None:
    """Reader: "11 wood, 4 fish, 4 gold; Reserve 8 | wood 7, fish 0, gold 0; ability waits. Later, the moment wood
    reaches 12 with Reserve still 8: gold +3, once"."""
    table = make_table()
    me = table.players[0]
    me.reserve["fish"] = 8
    supply(me, wood=11, fish=4, gold=4)
    build_card(table, me, card("Cathedral"))
    assert me.supply == {"wood": 7, "fish": 0, "gold": 0, "guest": 0} and fired(table, "Cathedral") == 0
    me.supply["wood"] = 11
    perform(table, me, "thin_out", "space")
    assert me.supply["wood"] == 12 and me.supply["gold"] == 3 and fired(table, "Cathedral") == 1


def test_cathedral_gold_cannot_pay_for_the_cathedral_itself() -> None:
    """Reader: "12 wood, 4 fish, 1 gold; Reserve 8 | cannot be built (4 gold short; the 3 gold does not come
    first); table unchanged"."""
    table = make_table()
    me = table.players[0]
    me.reserve["fish"] = 8
    supply(me, wood=12, fish=4, gold=1)
    with pytest.raises(IllegalAction):
        build_card(table, me, card("Cathedral"))
    assert me.supply == {"wood": 12, "fish": 4, "gold": 1, "guest": 0} and me.reserve["fish"] == 8
    assert not any(c.name == "Cathedral" for c in me.buildings)


# Timber Depot (C646) ----------------------------------------------------------------------------


@pytest.mark.parametrize(("wood", "points"), [(12, 7), (15, 7), (11, 0), (0, 0)])
def test_timber_depot_scores_seven_with_twelve_wood(wood: int, points: int) -> None:
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Timber Depot"))
    me.supply["wood"] = wood
    assert vp(table, placed) == points


# Dock Admin. (C647) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("forests", "ships", "points"),
    [([2, 1, 0, 0, 0], ("sloop",), 5), ([2, 0, 0, 0, 0], ("sloop",), 4), ([1, 1, 0, 0, 0], (), 3)],
    ids=["3-forests-haul-5", "2-stacked-haul-5", "2-forests-haul-3"],
)
def test_dock_admin_scores_double_the_forests_up_to_the_haul(
    forests: list[int], ships: tuple[str, ...], points: int
) -> None:
    """Stacked Forests count one by one: 2 on one double space score 4 below a haul of 5."""
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Dock Admin."))
    me.harbor.forests[:] = forests
    fleet(me, *ships)
    assert vp(table, placed) == points


def test_dock_admin_scores_nothing_without_forests() -> None:
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Dock Admin."))
    me.harbor.forests[:] = [0] * 5
    fleet(me, "schooner")
    assert vp(table, placed) == 0


# Fishing Corporation (C648) ---------------------------------------------------------------------


@pytest.mark.parametrize(("fish", "points"), [(0, 4), (4, 4), (5, 5), (9, 5), (10, 6), (14, 6), (15, 7), (30, 7)])
def test_fishing_corporation_scores_by_fish_left(fish: int, points: int) -> None:
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Fishing Corporation"))
    supply(me, wood=20, fish=fish, gold=20)
    me.reserve["fish"] = 8
    assert vp(table, placed) == points


# Harbor Grill (C649) ----------------------------------------------------------------------------


def test_harbor_grill_two_fish_per_ship_with_the_catboat() -> None:
    """Two Ships and the catboat: up to 3, each for 2 fish from the supply onto the Grill."""
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Harbor Grill"), (1, 2))
    fleet(me, "sloop", "cutter")
    supply(me, fish=7, gold=0)
    script(table, 3)
    scores = final_scores(table)
    assert table.session.decider.asked[-1] == (0, "up_to", [3, 2, 1, 0])
    assert placed.goods["fish"] == 6 and me.supply["fish"] == 1
    assert scores[0]["buildings"] == 3


def test_harbor_grill_a_count_the_fish_cannot_pay_is_not_offered() -> None:
    """Three Ships but fish for two: only 2, 1 and 0 are offered (issue 34 §4: "a Harbor Grill count the supply
    cannot pay" is not asked), and 2 are paid for."""
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Harbor Grill"), (1, 2))
    fleet(me, "sloop", "cutter")
    supply(me, fish=5, gold=0)
    script(table, 2)
    scores = final_scores(table)
    assert [question for question in table.session.decider.asked if question[1] == "up_to"] == [(0, "up_to", [2, 1, 0])]
    assert placed.goods["fish"] == 4 and me.supply["fish"] == 1
    assert scores[0]["buildings"] == 2


def test_harbor_grill_counts_only_the_ships_paid_for() -> None:
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Harbor Grill"), (1, 2))
    fleet(me, "sloop", "cutter", "schooner")
    supply(me, fish=5, gold=0)
    script(table, 2)
    scores = final_scores(table)
    assert placed.goods["fish"] == 4 and me.supply["fish"] == 1
    assert scores[0]["buildings"] == 2


def test_harbor_grill_fish_do_not_count_for_other_buildings() -> None:
    """10 fish: the Grill takes 6, so the Fishing Corporation sees 4 (4 VP), the Official Building 4
    (2 Elders would allow 6), and the Cloister Chamber 4 goods."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, card("Harbor Grill"), (1, 2))
    in_play(table, me, card("Fishing Corporation"), (2, 2))
    in_play(table, me, card("Official Building"), (3, 1))
    in_play(table, me, card("Cloister Chamber"), (3, 2))
    fleet(me, "sloop", "sloop")
    seat(me, 2)
    supply(me, fish=10, gold=0)
    script(table, 3)
    scores = final_scores(table)
    assert me.supply["fish"] == 4
    assert [building_vp(table, me, c) for c in me.buildings] == [3, 4, 4, 4]
    assert scores[0]["buildings"] == 15


def test_harbor_grill_seven_points_with_six_ships_in_a_three_player_game() -> None:
    table = make_table(players=3)
    me = table.players[0]
    in_play(table, me, card("Harbor Grill"), (1, 2))
    fleet(me, "sloop", "sloop", "sloop", "cutter", "cutter", "cutter")  # 9 of the 10 spaces
    supply(me, fish=14, gold=0)
    script(table, 7)
    assert final_scores(table)[0]["buildings"] == 7
    assert me.supply["fish"] == 0


# City Block (C650) ------------------------------------------------------------------------------

BLOCK = [(r, c) for r in (1, 2, 3) for c in (2, 3, 4)]


def fill(table: Table, player: Player, cells: list[tuple[int, int]]) -> None:
    player.harbor.forests[:] = [0] * 5
    for n, cell in enumerate(cells):
        in_play(table, player, filler("A", n), cell)


def test_city_block_scores_seven_as_part_of_a_three_by_three_block() -> None:
    table = make_table()
    me = table.players[0]
    fill(table, me, [cell for cell in BLOCK if cell != (2, 3)])
    placed = in_play(table, me, card("City Block"), (2, 3))
    assert vp(table, placed) == 7


def test_city_block_scores_seven_outside_the_block() -> None:
    table = make_table()
    me = table.players[0]
    fill(table, me, BLOCK)
    placed = in_play(table, me, card("City Block"), (4, 1))
    assert vp(table, placed) == 7


def test_city_block_no_block_in_columns_one_to_three() -> None:
    """The Reserve takes column 1 of rows 1-2: ten Buildings filling columns 1-3 make no 3x3 block."""
    table = make_table()
    me = table.players[0]
    cells = [cell for cell in me.harbor.cells if cell[1] <= 3 and cell != (4, 1)]
    fill(table, me, cells)
    placed = in_play(table, me, card("City Block"), (4, 1))
    assert len(me.buildings) == 10
    assert vp(table, placed) == 0


def test_city_block_scores_nothing_with_eight_buildings() -> None:
    """Seven fillers and the City Block itself, one space of the block left empty."""
    table = make_table()
    me = table.players[0]
    fill(table, me, [cell for cell in BLOCK if cell not in {(2, 3), (1, 4)}])
    placed = in_play(table, me, card("City Block"), (2, 3))
    assert len(me.buildings) == 8 and me.harbor.cells[(1, 4)] is None
    assert vp(table, placed) == 0


def test_city_block_scores_nothing_when_nine_buildings_are_no_rectangle() -> None:
    table = make_table()
    me = table.players[0]
    fill(table, me, [cell for cell in BLOCK if cell != (1, 4)] + [(4, 2)])
    placed = in_play(table, me, card("City Block"), (4, 3))
    assert len(me.buildings) == 10
    assert vp(table, placed) == 0


# Deep-Sea Fishery (C651) ------------------------------------------------------------------------


@pytest.mark.parametrize(("reserve", "points"), [(5, 5), (6, 7), (7, 8), (8, 9), (4, 0), (0, 0)])
def test_deep_sea_fishery_scores_by_reserve_fish(reserve: int, points: int) -> None:
    """The supply's fish do not count, only the Reserve's."""
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Deep-Sea Fishery"))
    me.reserve["fish"] = reserve
    me.supply["fish"] = 20
    assert vp(table, placed) == points


# Cloister Chamber (C652) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("goods", "points"),
    [((3, 3, 3), 4), ((4, 3, 3), 5), ((6, 6, 5), 5), ((6, 6, 6), 6), ((8, 8, 8), 6), ((12, 7, 6), 7)],
)
def test_cloister_chamber_scores_by_wood_fish_and_gold_left(goods: tuple[int, int, int], points: int) -> None:
    """Guests and the Reserve are not goods in the personal supply."""
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Cloister Chamber"))
    wood, fish, gold = goods
    supply(me, wood=wood, fish=fish, gold=gold, guest=9)
    me.reserve.update(wood=5, fish=5)
    assert vp(table, placed) == points


# Official Building (C653) -----------------------------------------------------------------------


@pytest.mark.parametrize(("elders", "fish", "points"), [(4, 10, 10), (4, 20, 12), (1, 2, 2), (3, 9, 9)])
def test_official_building_scores_triple_the_elders_up_to_the_fish(elders: int, fish: int, points: int) -> None:
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Official Building"))
    seat(me, elders)
    supply(me, fish=fish)
    assert vp(table, placed) == points


def test_official_building_seats_limit_it_to_fifteen() -> None:
    """Five seats: no sixth Elder can be taken, so 30 fish still score 15."""
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[elder("Builder")], [], [], [], [], []]
    placed = in_play(table, me, card("Official Building"))
    seat(me, 5)
    supply(me, fish=30)
    with pytest.raises(IllegalAction):
        perform(table, me, "take_elder", "space")
    assert len(me.council) == 5 and vp(table, placed) == 15


def test_official_building_eighteen_with_a_sixth_elder_via_cabin_in_the_woods() -> None:
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[elder("Pisciculturist")], [], [], [], [], []]
    table.plates = [1, 0, 0, 0, 0, 0, 0]
    placed = in_play(table, me, card("Official Building"))
    seat(me, 5)
    supply(me, wood=3, fish=33, gold=1)
    build_card(table, me, card("Cabin in the Woods"), True)  # take and use the Pisciculturist: 6 fish
    assert len(me.council) == 6 and me.supply["fish"] == 36
    assert vp(table, placed) == 18


def test_official_building_scores_nothing_without_elders() -> None:
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Official Building"))
    supply(me, fish=30)
    assert vp(table, placed) == 0


# Riverside Hut (C654) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("forests", "points"),
    [([2, 1, 1, 0, 0], 3), ([3, 2, 0, 1, 0], 6), ([2, 2, 2, 2, 2], 15), ([4, 4, 4, 4, 4], 15)],
)
def test_riverside_hut_triple_the_double_spaces_with_two_forests(forests: list[int], points: int) -> None:
    """Five double spaces at most, so 15 VP at most however high the stacks."""
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Riverside Hut"))
    me.harbor.forests[:] = forests
    assert vp(table, placed) == points


@pytest.mark.parametrize("forests", [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [1, 0, 1, 0, 1]])
def test_riverside_hut_scores_nothing_without_a_stack_of_two(forests: list[int]) -> None:
    table = make_table()
    me = table.players[0]
    placed = in_play(table, me, card("Riverside Hut"))
    me.harbor.forests[:] = forests
    assert vp(table, placed) == 0
