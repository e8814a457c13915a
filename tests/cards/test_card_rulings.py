"""The independent audit's findings (issue 16): each test quotes the rulebook sentence its expectation comes from."""

from __future__ import annotations

import pytest

from runtime.core.in_play import attach, remove_from_play
from runtime.core.rules_in_force import rule
from runtime.game.actions import offer_any_time, perform
from runtime.game.phases import final_scores
from runtime.mechanics.board import free_track_spaces, haul_size
from runtime.mechanics.haul import distribute
from runtime.mechanics.payment import Payment
from runtime.model.state import CardInPlay, IllegalAction, Player, Ship, Table
from tests.kit.table_kit import build_from_hand, make_table, put_in_play, real_cards, script

# The Guest symbol's question, in the reference's English
TAKE_A_GUEST = "you may take 1 Guest from the general supply and place the Guest in your personal supply"

SPACE = (1, 2)  # a free Building space on a fresh Harbor board


def in_play(
    table: Table, player: Player, name: str, cell: tuple[int, int] | None = None, *answers: object
) -> CardInPlay:
    script(table, *answers)
    return put_in_play(table, player, real_cards()[name], cell, on_track=cell is None)


def build_card(table: Table, player: Player, name: str, *answers: object) -> CardInPlay:
    return build_from_hand(table, player, real_cards()[name], *answers)


def seat(table: Table, player: Player, name: str) -> CardInPlay:
    elder = CardInPlay(real_cards()[name], player)
    player.council.append(elder)
    attach(table, elder)
    return elder


def supply(wood: int = 0, fish: int = 0, gold: int = 0, guest: int = 0) -> dict[str, int]:
    return {"wood": wood, "fish": fish, "gold": gold, "guest": guest}


def asked_kinds(table: Table) -> list[str]:
    return [kind for _, kind, _ in table.session.decider.asked]


# 1. Forest Cabin at the wood limit ---------------------------------------------------------------


def test_forest_cabin_thin_out_at_the_wood_limit_still_pays_its_fish() -> None:
    """Forest Cabin: "Each time you take the "Thin Out" action, aside from wood that you get from the action,
    also take a number of fish ... equal to the number of Forests that are covering only Building spaces in the
    middle two columns". Base rule 3 forbids only an action "that would bring you practically nothing": at 12
    wood the action still brings the Cabin's fish, so it may be taken; the wood stays at the limit."""
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [0, 0, 0, 2, 0]  # double space 3 is (4, 2)-(4, 3): the middle columns
    in_play(table, me, "Forest Cabin", SPACE)
    me.supply["wood"] = 12
    perform(table, me, "thin_out", "space")
    assert me.supply == supply(12, 2 + 2, 2, 0)


def test_thin_out_at_the_wood_limit_with_nothing_from_cards_is_still_refused() -> None:
    """Base rule 3: "you may not occupy a space whose action would bring you practically nothing". A Forest
    Cabin with no Forest in the middle columns brings nothing either."""
    table = make_table()
    me = table.players[0]
    me.harbor.forests = [2, 1, 1, 0, 0]
    in_play(table, me, "Forest Cabin", SPACE)
    me.supply["wood"] = 12
    with pytest.raises(IllegalAction):
        perform(table, me, "thin_out", "space")
    assert me.supply == supply(12, 2, 2, 0)


# 3. Deep-Sea Trawler is a Build a Ship action: both windows ---------------------------------------


def test_deep_sea_trawler_triggers_the_galley() -> None:
    """Deep-Sea Trawler: "This is considered a "Build a Ship" action". Galley: "Each time before you take a
    "Build a Ship" action, take a number of fish ... equal to the number of fish on plates in the Banquet Table
    ... (It does not matter how you got the "Build a Ship" action.)\""""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Galley", SPACE)
    table.plates = [0, 0, 0, 0, 1, 1, 1]
    me.supply.update(supply(5, 5, 0, 0))
    build_card(table, me, "Deep-Sea Trawler")
    assert me.supply == supply(0, 3, 0, 0)


def test_deep_sea_trawler_offers_the_market_exchange() -> None:
    """Market: "Each time before you take a "Build a Ship" action, you may exchange fish ... for wood ... or vice
    versa. (It does not matter how you got the "Build a Ship" action.)\""""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Market", SPACE)
    me.supply.update(supply(5, 7, 0, 0))
    build_card(table, me, "Deep-Sea Trawler", True, "exchange up to (empty building spaces) fish for wood", 2)
    assert me.supply == supply(2, 0, 0, 0)


# 6. Harbor Grill: 7 VP only with 3 or more players ------------------------------------------------


def most_ships(table: Table, player: Player) -> int:
    """Build Ships, shortest first, until no more can be built: the most Ships one player can have."""
    player.supply.update(supply(0, 500, 100, 0))
    while True:
        types = sorted(
            (name for name, left in table.ships_left.items() if left > 0),
            key=lambda n: rule(table, player, f"{n}_length"),
        )
        if not types:
            break
        player.supply["wood"] = 12
        table.session.decider.answers[:] = [types[0], "track"]
        try:
            perform(table, player, "build_ship", "space")
        except IllegalAction:
            break
    table.session.decider.answers.clear()
    return len(player.track.ships)


def test_harbor_grill_two_players_cannot_reach_seven_points() -> None:
    """Harbor Grill: "Note that 7 VP are only possible in games with 3 or more players": with 2 players no one
    can have six Ships besides the catboat, so the Grill scores at most 6."""
    table = make_table(players=2)
    me = table.players[0]
    in_play(table, me, "Harbor Grill", SPACE)
    assert most_ships(table, me) == 5
    me.supply["fish"] = 14
    script(table, 6)
    assert final_scores(table)[0]["buildings"] == 6


def test_harbor_grill_three_players_reach_seven_points() -> None:
    """Harbor Grill: "7 VP are only possible in games with 3 or more players": with 3 players, six Ships fit."""
    table = make_table(players=3)
    me = table.players[0]
    in_play(table, me, "Harbor Grill", SPACE)
    assert most_ships(table, me) == 6
    me.supply["fish"] = 14
    script(table, 7)
    assert final_scores(table)[0]["buildings"] == 7


# 7. Cabin: the Guests' fish move with step 3 ----------------------------------------------------


def test_cabin_swap_moves_the_guests_fish_with_step_3() -> None:
    """Guests on Ships: "In step 3 of the distribution order, after placing fish on issued Shares in your
    possession, take 1 fish from the current haul for each Guest on your Ships". Cabin: "you may swap steps 1
    and 3": swapped, the Guest's fish comes before the Elders'."""
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop", guest=True)]
    seat(table, me, "Pisciculturist")
    in_play(table, me, "Cabin", SPACE)
    script(table, True)
    distribute(table, me, 3)  # 2 own Shares in my supply, then the Guest, then the Elder
    assert [s.fish for s in table.shares if s.colour == 0] == [1, 1, 0, 0, 0]
    assert me.supply["fish"] == 2 + 1
    assert me.council[0].goods["fish"] == 0


# 8. Taking an Elder that cannot be used: one ruling ----------------------------------------------


def test_cabin_in_the_woods_takes_the_elder_even_when_it_cannot_be_used() -> None:
    """Cabin in the Woods: "you may immediately ... take a "Take an Elder" action, without placing a Worker, and
    use the new Elder right away." Ruling (as for the action space): taking and using are two steps; an Elder
    that cannot be used (an empty Banquet Table) is still taken, unused."""
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[real_cards()["Pisciculturist"]], [], [], [], [], []]
    table.plates = [0] * 7
    me.supply.update(supply(3, 3, 1))
    build_card(table, me, "Cabin in the Woods", SPACE, True)
    assert [elder.name for elder in me.council] == ["Pisciculturist"]
    assert me.council[0].goods["fish"] == 0 and me.supply == supply()


def test_take_an_elder_space_takes_the_elder_even_when_it_cannot_be_used() -> None:
    """Base rule 4: using an Elder takes a fish from the Banquet Table. Ruling: with none there, the Take an Elder
    action still gives the Elder, unused: the same ruling as the Cabin in the Woods."""
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[real_cards()["Pisciculturist"]], [], [], [], [], []]
    table.plates = [0] * 7
    perform(table, me, "take_elder", "space")
    assert [elder.name for elder in me.council] == ["Pisciculturist"]
    assert me.supply == supply(2, 2, 2, 0)


# 9. The Guest symbol: you *may* take the Guest --------------------------------------------------

GUEST_SYMBOL_CARDS = (
    "Angling School",
    "Art Sculpture",
    "Boating Lake",
    "Campsite",
    "Cruise Ship",
    "Discount Warehouse",
    "FLGS",
    "Ghost Ship",
    "Glider",
    "Haunted House",
    "Investment Broker",
    "Meditation Lodge",
    "Miniature Railway",
    "Orchard",
    "Small Campsite",
    "Toy Shop",
    "Volunteer's Lodge",
    "Wooden Robot",
    "Wooden Tramway",
    "Yurt",
)


@pytest.mark.parametrize("name", GUEST_SYMBOL_CARDS)
def test_the_guest_symbol_is_a_choice_that_may_be_declined(name: str) -> None:
    """Rulebook, Guests: "This symbol on a Building card indicates that you may take a Guest from the general
    supply". Every card whose entry reads "Immediately (and only once via this Building) take 1 Guest" carries the
    symbol: declined, no Guest comes."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, name, SPACE, False, False)  # the Guest, then the Orchard's Reforest
    assert table.session.decider.decisions[0].kind == "may"
    assert table.session.decider.decisions[0].prompt == f"{name}: {TAKE_A_GUEST}"
    assert me.supply["guest"] == 0 and table.general["guest"] == 0


def test_the_guest_symbol_taken_comes_after_the_cost_is_paid() -> None:
    """Rulebook, Guests: "(You may take the Guest only after paying the Building cost.)" The Guest cannot pay for
    the Toy Shop that brings it: with no wood and no Guest the Toy Shop cannot be built, and nothing is offered."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=1))
    build_card(table, me, "Toy Shop", SPACE, True)
    assert [d.kind for d in table.session.decider.decisions] == ["space", "may"]
    assert me.supply == supply(guest=1)
    me.supply.update(supply())
    asked = len(table.session.decider.decisions)
    with pytest.raises(IllegalAction):
        build_card(table, me, "Toy Shop", (2, 2), True)
    assert (
        me.supply == supply() and [d.kind for d in table.session.decider.decisions[asked:]] == []
    )  # no space is offered for what cannot be paid


@pytest.mark.parametrize(("take", "gold_paid"), [(True, 3), (False, 2)])
def test_declining_the_guest_symbol_lowers_the_queuing_barriers_gold_cost(take: bool, gold_paid: int) -> None:
    """Queuing Barriers: "The number of gold that you must pay for the Queuing Barriers is equal to the number of
    Guests in your personal supply." With 2 Guests, the Yurt's Guest taken makes it 3 gold, declined 2."""
    table = make_table()
    me = table.players[0]
    me.supply.update(supply(wood=8, fish=3, gold=1 + 3, guest=2))
    build_card(table, me, "Yurt", SPACE, Payment(0, 3, 1, 0), take)
    assert me.supply == supply(wood=8, gold=3, guest=2 + take)
    build_card(table, me, "Queuing Barriers", (2, 2), Payment(8, 0, gold_paid, 0))
    assert me.supply == supply(gold=3 - gold_paid, guest=2 + take)


# 10. Left open last time ------------------------------------------------------------------------


def test_haunted_house_with_no_elders_asks_nothing() -> None:
    """Haunted House: "you must also immediately ... remove all Elders in your Elder Council from play ... (You
    must either literally remove all Elders or decline this effect": with no Elder there is nothing to decline."""
    table = make_table()
    me = table.players[0]
    table.round = 1
    me.supply.update(supply(1, 1, 0))
    build_card(table, me, "Haunted House", SPACE, True)
    assert [d.prompt for d in table.session.decider.decisions if d.kind == "may"] == [f"Haunted House: {TAKE_A_GUEST}"]
    assert me.supply == supply(guest=1) and me.council == []


def test_realtors_office_gives_nothing_when_the_contractor_was_never_dealt() -> None:
    """Realtor's Office: "If the Contractor is not present on the Ships and Elders supply board any longer when
    you build the Realtor's Office, you get the wood right away." A Contractor never dealt was never taken: no
    wood."""
    table = make_table()
    me = table.players[0]
    table.elder_stacks = [[real_cards()["Builder"]], [], [], [], [], []]
    me.supply.update(supply(0, 2, 2))
    build_card(table, me, "Realtor's Office", SPACE)
    assert me.supply == supply()


def test_ships_on_a_card_leaving_play_go_back_to_the_supply_board() -> None:
    """Boating Lake: Ships on it "do not count as Ships"; when the card leaves play its Ships go back to the Ships
    and Elders supply board, so every Ship is somewhere."""
    table = make_table()
    me = table.players[0]
    lake = in_play(table, me, "Boating Lake", SPACE, True)
    lake.ships.append("sloop")
    table.ships_left["sloop"] -= 1
    before = dict(table.ships_left)
    remove_from_play(table, lake)
    assert table.ships_left == {**before, "sloop": before["sloop"] + 1}


def test_reforest_places_the_usual_two_forests_without_asking_how_many() -> None:
    """Base rules notes: "Reforest places 2 Forests on one double space"; Volunteer's Lodge: "instead of the
    usual two Forests". Without a card changing it there is no choice of fewer."""
    table = make_table()
    me = table.players[0]
    script(table, 3)
    perform(table, me, "reforest", "space")
    assert me.harbor.forests == [2, 1, 1, 2, 0]
    assert "how_many" not in asked_kinds(table)


# 4. Ghost Ship: "You may decline this effect at any time" ---------------------------------------


def test_ghost_ship_declined_between_turns_is_gone_for_good() -> None:
    """Ghost Ship: "(You may decline this effect at any time, i.e., to build an actual Ship or to get more wood from
    the "Log Boom".)" Ruling (cards.nus): declined, the effect is gone for good; a Ship removed later does not bring
    the gap back, and the any-time choice is no longer offered."""
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("sloop"), Ship("sloop")]
    ghost = in_play(table, me, "Ghost Ship", SPACE, False)
    assert (free_track_spaces(table, me), haul_size(table, me)) == (10 - 2 - 3, 8)
    script(table, (ghost, ghost.spec.abilities[-1]))
    offer_any_time(table, me)
    assert (free_track_spaces(table, me), haul_size(table, me)) == (10 - 2, 6)
    assert ghost.declined and me.supply == supply(2, 2, 2, 0)
    me.track.ships.pop()
    assert (free_track_spaces(table, me), haul_size(table, me)) == (10 - 1, 5)
    asked = len(table.session.decider.decisions)
    offer_any_time(table, me)
    assert len(table.session.decider.decisions) == asked  # nothing left to offer


def test_ghost_ship_any_time_decline_is_offered_only_while_the_gap_has_effect() -> None:
    """Ghost Ship: "The Ghost Ship has no effect (temporarily) as long as there are no Ships on your Fishing track":
    with no Ship there is nothing to decline, and no question is asked between turns."""
    table = make_table()
    me = table.players[0]
    ghost = in_play(table, me, "Ghost Ship", SPACE, False)
    asked = len(table.session.decider.decisions)
    offer_any_time(table, me)
    assert len(table.session.decider.decisions) == asked and not ghost.declined


def test_deep_sea_trawler_refused_when_the_gap_is_kept_leaves_the_table_as_it_was() -> None:
    """Deep-Sea Trawler: "You may only build the Deep-Sea Trawler if (at least) four spaces of your Fishing track are
    free." With the gap 3 are free: the owner is asked to decline it; keeping it, the build is refused and nothing
    changes (no payment, the gap still there)."""
    table = make_table()
    me = table.players[0]
    me.track.ships = [Ship("cutter"), Ship("sloop"), Ship("sloop")]
    ghost = in_play(table, me, "Ghost Ship", SPACE, False)
    me.supply.update(supply(5, 5))
    with pytest.raises(IllegalAction):
        build_card(table, me, "Deep-Sea Trawler", False)
    assert me.supply == supply(5, 5) and me.track.cards == [] and not ghost.declined
    assert (
        table.session.decider.decisions[-1].prompt == "decline the gap on your Fishing track to build Deep-Sea Trawler?"
    )
    build_card(table, me, "Deep-Sea Trawler", True)
    assert [card.name for card in me.track.cards] == ["Deep-Sea Trawler"] and ghost.declined
    assert (free_track_spaces(table, me), haul_size(table, me), me.supply) == (2, 10, supply())  # length 6 + 4


# 5. The Fishing track model: spaces, length and haul agree ---------------------------------------


def test_log_boom_a_schooner_takes_the_wood_of_every_space_it_covers() -> None:
    """Log Boom: "place 1 wood ... on each free space of your Fishing track. Each time before you place a Ship on
    those spaces, move the wood into your personal supply." Track model (rules.toml, assumed): a Ship takes as many
    spaces as its length, so a schooner (length 3) is placed on 3 spaces and takes their 3 wood."""
    table = make_table()
    me = table.players[0]
    in_play(table, me, "Log Boom", SPACE)
    assert sum(lying.get("wood", 0) for lying in me.track.space_goods) == 10
    me.supply.update(supply(5, 8, 0))
    script(table, "schooner")
    perform(table, me, "build_ship", "space")
    assert me.supply == supply(0, 0, 0)  # 5 + 3 wood, 8 paid
    assert sum(lying.get("wood", 0) for lying in me.track.space_goods) == 7


def test_ships_take_spaces_by_their_length() -> None:
    """Track model (rules.toml, assumed): the spaces a Ship takes equal its length for the haul table, so three
    schooners (9 spaces) leave room for one sloop only."""
    table = make_table(players=4)
    me = table.players[0]
    me.track.ships = [Ship("schooner"), Ship("schooner"), Ship("schooner")]
    me.supply.update(supply(12, 12, 3))
    perform(table, me, "build_ship", "space")  # the sloop is the only Ship that fits: no choice is asked
    assert [ship.type for ship in me.track.ships] == ["schooner", "schooner", "schooner", "sloop"]
    with pytest.raises(IllegalAction):
        perform(table, me, "build_ship", "space")
