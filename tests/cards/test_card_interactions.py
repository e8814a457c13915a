"""Issue 16, written from the rulebook by a tester who has not read the implementation or the cards' bodies.

Each test quotes the rulebook sentence it proves. A "you may" is tested as the set of results a player's answers
can reach (`tests/kit/outcomes.py` replays every path of answers), so the test does not depend on how a question is
worded: every result the rulebook allows must be reachable, and no other. Numbers the rulebook does not give
(Fishing track of 10 spaces, Ship lengths sloop 1 / cutter 2 / schooner 3 and the catboat's 2, the haul table,
Ship costs) are the assumed values of `runtime/rules.toml`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from pathlib import Path

import pytest

from compiler import load_cards
from compiler.cli import main
from runtime.core.in_play import attach
from runtime.game.actions import offer_any_time, perform
from runtime.game.driver import play_work_phase
from runtime.game.phases import final_scores
from runtime.game.setup import new_table
from runtime.mechanics.board import free_track_spaces, haul_size
from runtime.mechanics.buildings import build, placements
from runtime.mechanics.elders import add_fish_to_elder
from runtime.mechanics.scoring import building_vp
from runtime.model.state import CardInPlay, Player, Ship, Table
from tests.kit.outcomes import REFUSED, PathDecider, outcomes
from tests.kit.table_kit import every_card, put_in_play, real_cards

ROOT = Path(__file__).resolve().parents[2]
CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")
SPACE = (1, 2)  # a free Building space on a fresh Harbor board
OTHER_SPACE = (2, 2)


def me(table: Table) -> Player:
    return table.players[0]


def supply(player: Player, wood: int = 0, fish: int = 0, gold: int = 0, guest: int = 0) -> None:
    player.supply.update(wood=wood, fish=fish, gold=gold, guest=guest)


def goods(player: Player) -> tuple[int, int, int, int]:
    """(wood, fish, gold, Guests) in the personal supply."""
    return (player.supply["wood"], player.supply["fish"], player.supply["gold"], player.supply["guest"])


def place(name: str, cell: tuple[int, int] = SPACE) -> Callable[[Table], None]:
    """Set-up step: the real card in play for player 1, as though built earlier (its when-built runs)."""

    def setup(table: Table) -> None:
        put_in_play(table, me(table), real_cards()[name], cell)

    return setup


def in_hand(table: Table, *names: str) -> None:
    me(table).hand.extend(real_cards()[name] for name in names)


def build_named(name: str) -> Callable[[Table], object]:
    """The act: player 1 builds the card from the hand (it must be put there by the set-up)."""
    return lambda table: build(table, me(table), real_cards()[name])


def at_cell(cell: tuple[int, int]) -> Callable[[object], int | None]:
    """Answer "where?" with this Building space (or the Fishing track when the card must go there)."""

    def fixed(decision) -> int | None:
        if decision.kind == "space":
            for index, value in enumerate(decision.values):
                if value == cell:
                    return index
        return None

    return fixed


def track(player: Player, table: Table) -> tuple[int, int]:
    """(free spaces on the Fishing track, haul size)."""
    return free_track_spaces(table, player), haul_size(table, player)


def wood_on_track(player: Player) -> int:
    return sum(lying.get("wood", 0) for lying in player.track.space_goods)


def reach(setup: Callable[[Table], None], act: Callable[[Table], object], observe, fixed=None) -> set[Hashable]:
    return outcomes(2, every_card(), act, observe, fixed=fixed, setup=setup)


# 1. Ghost Ship: "You may decline this effect at any time" ------------------------------------------------------------


def ghost_with_a_sloop(table: Table) -> None:
    """A sloop on the track and the Ghost Ship in play: the sloop moved 3 spaces right, the gap counted filled."""
    me(table).track.ships = [Ship("sloop")]
    place("Ghost Ship", OTHER_SPACE)(table)


def test_ghost_ship_gap_before_anything_is_declined() -> None:
    """Ghost Ship: "move the rightmost Ship on your Fishing track three spaces to the right ... The resulting gap to
    the left of that Ship is considered filled". Sloop (length 1) + gap (3) fill 4 of 10 spaces; total length
    2 (catboat) + 1 + 3 = 6 gives haul 7. Without the Ghost Ship the sloop alone: 9 free, length 3, haul 5."""

    def observe(table: Table) -> Hashable:
        return track(me(table), table)

    def sloop_only(table: Table) -> None:
        me(table).track.ships = [Ship("sloop")]

    assert reach(ghost_with_a_sloop, lambda table: None, observe) == {(6, 7)}
    assert reach(sloop_only, lambda table: None, observe) == {(9, 5)}


def test_ghost_ship_may_be_declined_to_get_more_wood_from_the_log_boom() -> None:
    """Ghost Ship: "(You may decline this effect at any time, i.e., to build an actual Ship or to get more wood from
    the "Log Boom".)" Log Boom: "Immediately ... place 1 wood from the general supply on each free space of your
    Fishing track." With a sloop and the gap, 6 spaces are free: 6 wood. Declining, the sloop is back on the first
    space and 9 spaces are free: 9 wood, haul 5 (the sloop alone). Nothing else: no 7 or 8 wood, no wood in the
    personal supply, the cost (3 fish, 1 gold) paid either way."""

    def setup(table: Table) -> None:
        ghost_with_a_sloop(table)
        in_hand(table, "Log Boom")
        supply(me(table), fish=3, gold=1)

    def observe(table: Table) -> Hashable:
        return (wood_on_track(me(table)), *track(me(table), table), goods(me(table)))

    assert reach(setup, build_named("Log Boom"), observe, at_cell(SPACE)) == {
        (6, 6, 7, (0, 0, 0, 0)),
        (9, 9, 5, (0, 0, 0, 0)),
    }


def trawler_setup(table: Table) -> None:
    """A cutter and two sloops (4 spaces) and the gap (3): 3 free spaces, one short of the Trawler's 4."""
    me(table).track.ships = [Ship("cutter"), Ship("sloop"), Ship("sloop")]
    place("Ghost Ship", OTHER_SPACE)(table)
    in_hand(table, "Deep-Sea Trawler")
    supply(me(table), wood=5, fish=5)


def trawler_observe(table: Table) -> Hashable:
    return (tuple(card.name for card in me(table).track.cards), *track(me(table), table), goods(me(table)))


def test_deep_sea_trawler_without_the_ghost_ship_takes_four_free_spaces() -> None:
    """Deep-Sea Trawler: "You may only build the Deep-Sea Trawler if (at least) four spaces of your Fishing track are
    free. Place the Deep-Sea Trawler to the right of your Ships as though it were a Ship." The control for the next
    test: 6 free spaces, the Trawler built for 5 wood and 5 fish; it takes 4 spaces (the team's ruling on the
    Deep-Sea Trawler): 2 stay free, and placed "as though it were a Ship" they count for the haul: length
    2 + 2 + 1 + 1 + 4 = 10, haul 10."""

    def setup(table: Table) -> None:
        me(table).track.ships = [Ship("cutter"), Ship("sloop"), Ship("sloop")]
        in_hand(table, "Deep-Sea Trawler")
        supply(me(table), wood=5, fish=5)

    assert reach(setup, build_named("Deep-Sea Trawler"), trawler_observe) == {
        (("Deep-Sea Trawler",), 2, 10, (0, 0, 0, 0))
    }


def test_ghost_ship_may_be_declined_to_meet_the_deep_sea_trawlers_four_free_spaces() -> None:
    """Ghost Ship: "You may decline this effect at any time"; Deep-Sea Trawler: "You may only build the Deep-Sea
    Trawler if (at least) four spaces of your Fishing track are free." With the gap 3 spaces are free; declined, 6
    are, so the Trawler can be built: the same table as without a Ghost Ship (2 free, haul 10). Keeping the gap the
    build is refused and nothing changes; the Trawler is never built beside the gap."""
    assert reach(trawler_setup, build_named("Deep-Sea Trawler"), trawler_observe) in (
        {(("Deep-Sea Trawler",), 2, 10, (0, 0, 0, 0))},
        {(("Deep-Sea Trawler",), 2, 10, (0, 0, 0, 0)), REFUSED},
    )


def test_ghost_ship_may_be_declined_inside_build_a_ship_for_a_ship_that_needs_the_gap() -> None:
    """Ghost Ship: "(You may decline this effect at any time, i.e., to build an actual Ship ...)". A cutter, a cutter
    and a sloop (5 spaces) and the gap (3): 2 free. A sloop (2 wood, 2 fish) fits beside the gap: 1 free, length
    2+2+2+1+1 + 3 = 11, haul 10. A schooner (8 wood, 8 fish, 3 spaces) fits only with the gap declined: 2 free,
    length 2+2+2+1+3 = 10, haul 10. A sloop with the gap declined (4 free, haul 8) and a refusal are allowed; a
    schooner beside the gap is not."""

    def setup(table: Table) -> None:
        me(table).track.ships = [Ship("cutter"), Ship("cutter"), Ship("sloop")]
        place("Ghost Ship", OTHER_SPACE)(table)
        table.ships_left = {"sloop": 1, "cutter": 0, "schooner": 2}
        supply(me(table), wood=8, fish=8)

    def observe(table: Table) -> Hashable:
        return (tuple(ship.type for ship in me(table).track.ships[3:]), *track(me(table), table), goods(me(table)))

    sloop_beside_the_gap = (("sloop",), 1, 10, (6, 6, 0, 0))
    schooner_declined = (("schooner",), 2, 10, (0, 0, 0, 0))
    found = reach(setup, lambda table: perform(table, me(table), "build_ship", "space"), observe)
    assert {sloop_beside_the_gap, schooner_declined} <= found
    assert found <= {sloop_beside_the_gap, schooner_declined, (("sloop",), 4, 8, (6, 6, 0, 0)), REFUSED}


def test_ghost_ship_may_be_declined_at_any_time_between_turns() -> None:
    """Ghost Ship: "You may decline this effect at any time". Between turns, where the owner's any-time abilities are
    offered, the owner may decline it: the sloop is back on the first space (9 free, haul 5), or keep it (6 free,
    haul 7). Declining moves no goods."""

    def setup(table: Table) -> None:
        ghost_with_a_sloop(table)
        supply(me(table), 2, 2, 2)

    def observe(table: Table) -> Hashable:
        return (*track(me(table), table), goods(me(table)))

    assert reach(setup, lambda table: offer_any_time(table, me(table)), observe) == {
        (6, 7, (2, 2, 2, 0)),
        (9, 5, (2, 2, 2, 0)),
    }


# 2. The Guest symbol: "you may take a Guest" -------------------------------------------------------------------------


def test_guest_symbol_the_guest_may_be_taken_or_not() -> None:
    """Guests: "This symbol on a Building card indicates that you may take a Guest from the general supply and place
    it in your personal supply. (You may take the Guest only after paying the Building cost.)" Toy Shop (1 wood,
    "take 1 Guest"): built with 1 wood, the player ends with 1 Guest or with none."""

    def setup(table: Table) -> None:
        in_hand(table, "Toy Shop")
        supply(me(table), wood=1)

    assert reach(setup, build_named("Toy Shop"), lambda table: goods(me(table)), at_cell(SPACE)) == {
        (0, 0, 0, 1),
        (0, 0, 0, 0),
    }


def test_guest_symbol_the_guest_comes_only_after_paying() -> None:
    """Guests: "(You may take the Guest only after paying the Building cost.)" The Toy Shop (1 wood) cannot be paid
    with its own Guest: with no wood and no Guest it cannot be built at all, and nothing changes."""

    def setup(table: Table) -> None:
        in_hand(table, "Toy Shop")
        supply(me(table))

    assert reach(setup, build_named("Toy Shop"), lambda table: goods(me(table)), at_cell(SPACE)) == {REFUSED}


def test_queuing_barriers_gold_cost_follows_the_guest_symbol_answer() -> None:
    """Queuing Barriers: "The number of gold that you must pay for the Queuing Barriers is equal to the number of
    Guests in your personal supply. (If there are no Guests in your personal supply, you must only pay 8 wood ...)"
    and the Guest symbol: "you may take a Guest". 9 wood and 1 gold: the Toy Shop (1 wood) then the Queuing
    Barriers. Guest taken: 8 wood and 1 gold (Guest kept), or 6 wood, the Guest for 2 wood and 1 gold (the gold
    counts the Guest before it is returned). Guest declined: only 8 wood, the gold kept."""

    def setup(table: Table) -> None:
        in_hand(table, "Toy Shop", "Queuing Barriers")
        supply(me(table), wood=9, gold=1)

    def act(table: Table) -> None:
        build(table, me(table), real_cards()["Toy Shop"])
        build(table, me(table), real_cards()["Queuing Barriers"])

    def fixed(decision) -> int | None:
        if decision.kind == "space":
            return 0
        return None

    assert reach(setup, act, lambda table: goods(me(table)), fixed) == {
        (0, 0, 0, 1),
        (2, 0, 0, 0),
        (0, 0, 1, 0),
    }


def test_cruise_ship_counts_its_guest_only_if_it_was_taken() -> None:
    """Cruise Ship: "take a number of wood and a number of fish from the general supply both equal to the number of
    Guests in your personal supply ... (The Guest from the Cruise Ship also counts; Guests on Ships do not.)" with
    the Guest symbol's "you may take a Guest". Paid 4 wood, 4 fish, 1 gold from exactly that: Guest taken, 1 wood
    and 1 fish; declined, nothing."""

    def setup(table: Table) -> None:
        in_hand(table, "Cruise Ship")
        supply(me(table), 4, 4, 1)

    assert reach(setup, build_named("Cruise Ship"), lambda table: goods(me(table)), at_cell(SPACE)) == {
        (1, 1, 0, 1),
        (0, 0, 0, 0),
    }


def test_a_declined_guest_is_no_new_guest_for_the_ticket_booth() -> None:
    """Ticket Booth: "Each time after you place a new Guest in your personal supply, you may remove a Forest from your
    Harbor board ... If you do, take 1 gold". With the Toy Shop's Guest declined no Guest is placed: 4 Forests stay
    and no gold. Taken: the Booth may remove one Forest for 1 gold, or not."""

    def setup(table: Table) -> None:
        place("Ticket Booth", OTHER_SPACE)(table)
        in_hand(table, "Toy Shop")
        supply(me(table), wood=1)

    def observe(table: Table) -> Hashable:
        return (sum(me(table).harbor.forests), goods(me(table)))

    assert reach(setup, build_named("Toy Shop"), observe, at_cell(SPACE)) == {
        (4, (0, 0, 0, 0)),
        (4, (0, 0, 0, 1)),
        (3, (0, 0, 1, 1)),
    }


# 3. Reforest places 2 Forests -----------------------------------------------------------------------------------------


def test_reforest_places_exactly_two_forests_on_one_double_space() -> None:
    """Base rules notes: "Reforest places 2 Forests on one double space (the Volunteer's Lodge text says "instead of
    the usual two Forests")." Whatever the player answers, the Reforest action space adds exactly 2 Forests, both on
    one double space, and no goods move."""

    def setup(table: Table) -> None:
        supply(me(table), 2, 2, 2)

    def observe(table: Table) -> Hashable:
        before, after = [2, 1, 1, 0, 0], me(table).harbor.forests
        added = tuple(sorted(a - b for a, b in zip(after, before, strict=True) if a != b))
        return (added, goods(me(table)))

    assert reach(setup, lambda table: perform(table, me(table), "reforest", "space"), observe) == {((2,), (2, 2, 2, 0))}


# 4. Cards reacting to other players: "each time after another player" --------------------------------------------

WATCHER = """
building "Watcher Test" (trout C999)
  cost none
  vp 0
  each time after another player takes an elder:
    put 1 fish on this building
"""


def first_option(decision) -> int:
    return 0


def test_each_time_after_another_player_fires_for_every_other_player_and_never_the_owner() -> None:
    """Issue 16, "Cards reacting to other players": "each time another player takes an Elder". At a 3-player table
    player 1 owns the card: player 2 takes an Elder (1 fish on the card), player 3 takes one (2), then player 1
    takes one: still 2."""
    specs = tuple(load_cards(CARDS + WATCHER, "watcher.nus"))
    table = new_table(3, specs, seed=0, decider=PathDecider((), first_option))
    table.round = 1
    card = put_in_play(table, me(table), next(spec for spec in specs if spec.name == "Watcher Test"), SPACE)
    heard = []
    for player in (table.players[1], table.players[2], table.players[0]):
        perform(table, player, "take_elder", "space")
        heard.append((len(player.council), card.goods.get("fish", 0)))
    assert heard == [(1, 1), (1, 2), (1, 2)]


@pytest.mark.parametrize(
    ("line", "phrase"),
    [
        ("  as soon as another player takes an elder:", "another player"),
        ("  when built, if another player takes an elder:", "another player"),
        ("  at end of round, if another player takes an elder:", "another player"),
    ],
)
def test_another_player_outside_an_event_trigger_is_an_error_at_the_phrase(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, phrase: str
) -> None:
    """Issue 16: "another player" is "a condition valid only inside an event trigger; elsewhere a diagnostic"."""
    path = tmp_path / "misplaced.nus"
    path.write_text(f'building "Misplaced Test" (trout C998)\n  cost none\n  vp 0\n{line}\n    take 1 fish\n')
    assert main(["check", "--no-cache", "--output-format", "json", str(path)]) == 1
    errors = [d for d in json.loads(capsys.readouterr().out) if d["severity"] == "error"]
    start = line.index(phrase) + 1
    assert errors and {(d["line"], d["column"]) for d in errors} == {(4, start)}


# 5. The appendix card by card: "may", "instead", "considered", "as one of your three turns", exceptions ------------


class WorkPolicy:
    """Player 1 takes the Building's worker space first, then gold, then Thin Out; every other player passes."""

    def __init__(self, building: str) -> None:
        self.first = f"{building} (worker space)"
        self.turns: list[str] = []

    def choose(self, decision, table: object) -> int:
        if decision.kind != "action":
            return 0
        if decision.player != 0:
            return decision.labels.index("pass")
        wanted = next(label for label in (self.first, "gold", "thin out") if label in decision.labels)
        self.turns.append(wanted)
        return decision.labels.index(wanted)


@pytest.mark.parametrize("building", ["Meditation Lodge", "Alderman's Office", "Pedalo Builder", "Art Sculpture"])
def test_a_worker_space_building_is_used_as_one_of_the_three_turns(building: str) -> None:
    """Meditation Lodge, Alderman's Office, Pedalo Builder, Art Sculpture: "Once per Round, as one of your three turns,
    you may place a Worker on ...". The round's work phase gives player 1 exactly three turns: the Building's space
    (offered once), gold, Thin Out; no fourth Worker is placed."""
    policy = WorkPolicy(building)
    table = new_table(2, every_card(), seed=0, decider=policy)
    table.round = 1
    put_in_play(table, me(table), real_cards()[building], SPACE)
    supply(me(table), 2, 2, 2)
    table.plates = [0, 0, 0, 0, 1, 1, 1]
    other_elder = CardInPlay(real_cards()["Pisciculturist"], table.players[1])
    table.players[1].council.append(other_elder)
    attach(table, other_elder)
    play_work_phase(table)
    assert policy.turns == [policy.first, "gold", "thin out"]


def test_captains_house_the_elder_may_be_taken_without_using_it() -> None:
    """Captain's House: "you may immediately ... take a "Take an Elder" action, without placing a Worker. ...
    Additionally, you may use the new Elder right away. (If you do, you must place a fish from the Banquet Table on
    the Elder as usual.)" Haul 11 (3 schooners and a sloop: length 12), the Pisciculturist chosen: no Elder; the
    Elder taken and not used (no fish on it, the plates untouched); or taken and used (one fish from a plate on it)."""

    def setup(table: Table) -> None:
        me(table).track.ships = [Ship("schooner"), Ship("schooner"), Ship("schooner"), Ship("sloop")]
        table.plates = [0, 0, 0, 0, 1, 1, 1]
        in_hand(table, "Captain's House")
        supply(me(table), 2, 3, 2)

    def fixed(decision) -> int | None:
        if decision.kind == "elder":
            return decision.labels.index("Pisciculturist")
        return at_cell(SPACE)(decision)

    def observe(table: Table) -> Hashable:
        return (tuple((elder.name, elder.goods["fish"]) for elder in me(table).council), sum(table.plates))

    found = reach(setup, build_named("Captain's House"), observe, fixed)
    assert found == {((), 3), ((("Pisciculturist", 0),), 3), ((("Pisciculturist", 1),), 2)}


def test_ghost_ship_may_or_may_not_consider_the_deep_sea_trawler_a_ship() -> None:
    """Ghost Ship: "move the rightmost Ship on your Fishing track three spaces to the right. (For the purposes of this
    effect only, you may consider the "Deep-Sea Trawler" a Ship.)" and "The Ghost Ship has no effect (temporarily) as
    long as there are no Ships on your Fishing track". Only the Trawler (4 spaces, counted for the haul as a Ship's
    would be, ruling) on the track: taken for a Ship, the gap fills 3 more (3 free, length 2 + 4 + 3 = 9, haul 9);
    not taken for one, there is no Ship and no gap (6 free, length 2 + 4 = 6, haul 7)."""

    def setup(table: Table) -> None:
        put_in_play(table, me(table), real_cards()["Deep-Sea Trawler"], on_track=True)
        in_hand(table, "Ghost Ship")
        supply(me(table), wood=3, fish=6)

    def observe(table: Table) -> Hashable:
        return (*track(me(table), table), goods(me(table))[:3])

    assert reach(setup, build_named("Ghost Ship"), observe, at_cell(SPACE)) == {(3, 9, (0, 0, 0)), (6, 7, (0, 0, 0))}


def test_building_dock_gives_no_wood_for_the_deep_sea_trawler() -> None:
    """Deep-Sea Trawler: "This is considered a "Build a Ship" action ... Regardless, the Deep-Sea Trawler is still
    considered a Building and not a Ship." Building Dock: "take a number of wood ... equal to the number of Ships left
    on the Ships and Elders supply board that are of the same type that you just built". No Ship was built, so no
    type: the Dock gives nothing (3 sloops, cutters and schooners are left, and none of it comes)."""

    def setup(table: Table) -> None:
        place("Building Dock")(table)
        in_hand(table, "Deep-Sea Trawler")
        supply(me(table), wood=5, fish=5)

    def observe(table: Table) -> Hashable:
        return (tuple(card.name for card in me(table).track.cards), goods(me(table)))

    assert reach(setup, build_named("Deep-Sea Trawler"), observe) == {(("Deep-Sea Trawler",), (0, 0, 0, 0))}


def test_harbor_grill_does_not_count_the_deep_sea_trawler() -> None:
    """Harbor Grill: "scores a number of VP up to the number of Ships on your Fishing track, including the preprinted
    starting catboat. For each Ship that you wish to count ... you must pay 2 fish". Deep-Sea Trawler: "still
    considered a Building and not a Ship". With the catboat and the Trawler and 10 fish, only the catboat can count:
    2 fish or none go onto the Grill, never 4."""

    def setup(table: Table) -> None:
        place("Harbor Grill")(table)
        put_in_play(table, me(table), real_cards()["Deep-Sea Trawler"], on_track=True)
        supply(me(table), fish=10)

    def observe(table: Table) -> Hashable:
        grill = next(card for card in me(table).buildings if card.name == "Harbor Grill")
        return (grill.goods["fish"], me(table).supply["fish"], building_vp(table, me(table), grill))

    assert reach(setup, final_scores, observe) == {(0, 10, 0), (2, 8, 1)}


@pytest.mark.parametrize(("paid", "kept"), [("Miniature Railway", "Wooden Tramway"), ("Wooden Tramway", "Toy Shop")])
def test_the_discarded_buildings_space_may_be_used_but_need_not_be(paid: str, kept: str) -> None:
    """Miniature Railway: "Instead of paying 9 wood and 4 gold ..., you may remove the "Wooden Tramway" from play ...
    (You may build the Miniature Railway on the same Building space, but you do not have to.)"; the Wooden Tramway
    says the same of the Toy Shop. With no goods, paid by the removal: the new Building may go on the vacated space
    or on any free Building space; the removed one is gone either way."""
    free: list = []

    def setup(table: Table) -> None:
        place(kept)(table)
        in_hand(table, paid)
        supply(me(table))
        free[:] = placements(table, me(table), real_cards()["Orphanage"])

    def observe(table: Table) -> Hashable:
        names = {card.name: card.cell for card in me(table).buildings}
        return (names.get(paid), kept in names, goods(me(table))[:3])

    found = reach(setup, build_named(paid), observe)
    assert found == {(cell, False, (0, 0, 0)) for cell in [*free, SPACE]}
    assert SPACE not in free and len(free) == 7


def test_orchard_counts_as_a_forest_for_the_dock_administration() -> None:
    """Orchard: "For all intents and purposes, the Orchard is considered both a Building and a Forest". Dock Admin.:
    "scores a number of VP equal to double the number of Forests on your Harbor board, up to your final haul size.
    (Every single Forest counts even if stacked together.)" Haul 11 (length 12). The 4 starting Forests and the
    Orchard: 2 x 5 = 10 VP, not 8; with the Orchard's Reforest taken, 7 Forests: 14, up to the haul: 11."""

    def setup(table: Table) -> None:
        me(table).track.ships = [Ship("schooner"), Ship("schooner"), Ship("schooner"), Ship("sloop")]
        place("Dock Admin.", OTHER_SPACE)(table)
        in_hand(table, "Orchard")
        supply(me(table), wood=2)

    def observe(table: Table) -> Hashable:
        admin = next(card for card in me(table).buildings if card.name == "Dock Admin.")
        return (sum(me(table).harbor.forests), building_vp(table, me(table), admin))

    assert reach(setup, build_named("Orchard"), observe, at_cell(SPACE)) == {(4, 10), (6, 11)}


def test_orchard_removed_in_place_of_a_forest_feeds_the_timber_plant() -> None:
    """Orchard: "you may remove it from play in place of a Forest, e.g., when taking a "Deforest" action". Timber
    Plant: "Each time after you remove a Forest from your Harbor board, take 1 fish". Deforesting, whether a Forest
    or the Orchard goes, the Timber Plant gives 1 fish (2 -> 3) and the action its 5 wood (rules.toml)."""

    def setup(table: Table) -> None:
        place("Timber Plant", OTHER_SPACE)(table)
        place("Orchard")(table)
        supply(me(table), 0, 2, 0)

    def observe(table: Table) -> Hashable:
        orchard_stays = any(card.name == "Orchard" for card in me(table).buildings)
        return (orchard_stays, goods(me(table))[:3])

    found = reach(setup, lambda table: perform(table, me(table), "deforest", "space"), observe)
    assert found == {(True, (5, 3, 0)), (False, (5, 3, 0))}


class LodgePolicy:
    """Player 1's first turn is the Meditation Lodge's Reforest; then everyone passes."""

    def choose(self, decision, table: object) -> int:
        labels = decision.labels
        if decision.kind == "action":
            lodge = "Meditation Lodge (worker space)"
            return labels.index(lodge if decision.player == 0 and lodge in labels else "pass")
        if decision.kind == "choose_one":
            return labels.index("reforest")
        return 0


def test_nature_reserve_gives_no_gold_for_a_reforest_from_the_meditation_lodge() -> None:
    """Nature Reserve: "Each time after you use the "Reforest" action space, take 2 gold ... You do not get any gold
    from this when you "Reforest" because of a different action". Meditation Lodge: "place a Worker on the
    Meditation Lodge to take your choice of a "Deforest" or "Reforest" action". A Worker is placed, but not on the
    action space: 2 Forests are placed and the gold stays at 2."""
    table = new_table(2, every_card(), seed=0, decider=LodgePolicy())
    table.round = 1
    put_in_play(table, me(table), real_cards()["Meditation Lodge"], SPACE)
    put_in_play(table, me(table), real_cards()["Nature Reserve"], OTHER_SPACE)
    supply(me(table), 2, 2, 2)
    play_work_phase(table)
    assert sum(me(table).harbor.forests) == 4 + 2
    assert goods(me(table)) == (2, 2, 2, 0)


def test_yacht_house_looks_only_when_built_not_later() -> None:
    """Yacht House: "If there are (at least) 1 sloop on your Fishing track and (at least) 2 Elders in your Elder
    Council without any fish on them, immediately (and only once via this Building) take 3 gold ... The Yacht House
    has no effect if you do not have any sloops". Built with two bare Elders and no sloop: no gold; a sloop built
    afterwards (2 wood, 2 fish) brings none either."""

    def setup(table: Table) -> None:
        for name in ("Pisciculturist", "Fishmonger"):
            elder = CardInPlay(real_cards()[name], me(table))
            me(table).council.append(elder)
            attach(table, elder)
        in_hand(table, "Yacht House")
        supply(me(table), 5, 5, 0)

    def act(table: Table) -> None:
        build(table, me(table), real_cards()["Yacht House"])
        perform(table, me(table), "build_ship", "space")

    def fixed(decision) -> int | None:
        if decision.kind == "ship":
            return decision.labels.index("sloop")
        return at_cell(SPACE)(decision)

    def observe(table: Table) -> Hashable:
        return (tuple(ship.type for ship in me(table).track.ships), goods(me(table)))

    assert reach(setup, act, observe, fixed) == {(("sloop",), (0, 0, 0, 0))}


def test_amphitheater_paid_with_five_guests_puts_five_gold_on_the_life_insurance() -> None:
    """Amphitheater: "Instead of paying 21 fish for the Amphitheater, you may return 5 Guests from your personal supply
    to the general supply." Life Insurance: "Each time any player (including you) returns a Guest to the general
    supply, place 1 gold from the general supply on the Life Insurance." 5 Guests returned: 5 gold on it, 11 VP."""

    def setup(table: Table) -> None:
        place("Life Insurance", OTHER_SPACE)(table)
        in_hand(table, "Amphitheater")
        supply(me(table), guest=5)

    def observe(table: Table) -> Hashable:
        insurance = next(card for card in me(table).buildings if card.name == "Life Insurance")
        return (insurance.goods["gold"], building_vp(table, me(table), insurance), goods(me(table)))

    assert reach(setup, build_named("Amphitheater"), observe, at_cell(SPACE)) == {(5, 11, (0, 0, 0, 0))}


def decline_every_may(decision) -> int | None:
    return decision.labels.index("no") if decision.kind == "may" else None


def test_an_orchard_in_a_middle_column_is_no_forest_for_the_forest_cabin() -> None:
    """Orchard: "For all intents and purposes, the Orchard is considered both a Building and a Forest, i.e., you count
    it when taking a "Thin Out" action ... Note that the Orchard occupies a single Building space, so it does not count
    for effects that require forested double spaces." Forest Cabin: "Each time you take the "Thin Out" action, aside
    from wood that you get from the action, also take a number of fish ... equal to the number of Forests that are
    covering only Building spaces in the middle two columns ... Forests that are covering a Building space in only one
    of these two columns, do not count." Ruling (next to the Forest Cabin): the Orchard covers a Building space in only
    one of the middle columns and is no forested double space, so the Cabin does not count it. The Orchard on column 2,
    the 4 starting Forests outside the middle columns: Thin Out gives 5 wood (4 Forests and the Orchard) and no fish."""

    def setup(table: Table) -> None:
        place("Orchard", SPACE)(table)  # row 1, column 2 (rules.toml: the middle columns are 2 and 3)
        place("Forest Cabin", (4, 4))(table)
        supply(me(table))

    def observe(table: Table) -> Hashable:
        return (tuple(me(table).harbor.forests), goods(me(table)))

    found = reach(setup, lambda table: perform(table, me(table), "thin_out", "space"), observe, decline_every_may)
    assert found == {((2, 1, 1, 0, 0), (5, 0, 0, 0))}


def test_the_deep_sea_trawler_is_a_building_on_the_harbor_board_for_the_urban_quarter() -> None:
    """Urban Quarter: "As soon as there are more Buildings on your Harbor board than Building spaces covered by Forest
    ... take 2 gold ... (The Buildings need not necessarily be on Building spaces, but they do need to be on your
    Harbor board.)" Carpenter: "All Buildings on your Harbor board count, including ... Buildings that do not occupy a
    Building space, like ... the "Deep-Sea Trawler"". One Forest covers a double space (2 Building spaces); the
    Trawler, the Toy Shop and the Urban Quarter make 3 Buildings: 2 gold (without the Trawler it would be 2, not
    more)."""

    def setup(table: Table) -> None:
        put_in_play(table, me(table), real_cards()["Deep-Sea Trawler"], on_track=True)
        place("Toy Shop", OTHER_SPACE)(table)
        in_hand(table, "Urban Quarter")
        me(table).harbor.forests[:] = [1, 0, 0, 0, 0]
        supply(me(table), fish=2)

    found = reach(setup, build_named("Urban Quarter"), lambda table: goods(me(table)), at_cell(SPACE))
    assert found == {(0, 0, 2, 0)}


def test_the_deep_sea_trawler_counts_in_the_estate_agents_cost() -> None:
    """Estate Agent: "The numbers of wood and fish that you must pay for the Estate Agent are both equal to the number
    of Buildings on your Harbor board, including the Estate Agent." The Trawler counts (Carpenter: "Buildings that do
    not occupy a Building space, like ... the "Deep-Sea Trawler""): 2 wood, 2 fish and 3 gold from 5 of each."""

    def setup(table: Table) -> None:
        put_in_play(table, me(table), real_cards()["Deep-Sea Trawler"], on_track=True)
        in_hand(table, "Estate Agent")
        supply(me(table), 5, 5, 5)

    assert reach(setup, build_named("Estate Agent"), lambda table: goods(me(table)), at_cell(SPACE)) == {(3, 3, 2, 0)}


def test_supply_depot_and_cannery_each_offer_their_instead_on_one_discard() -> None:
    """Supply Depot: "Instead of moving 1 fish into your personal supply and 2 fish into the general supply, you may,
    alternatively, move 1 fish into your personal supply, 1 fish into your Reserve, and the third fish into the general
    supply." Cannery: "Each time an Elder discards 3 fish, you can place any fish that would go into your personal
    supply from that on the Cannery instead." An Elder with 2 fish gets its third: the personal supply's fish goes to
    the supply or the Cannery, and a second fish to the Reserve or not; never more than 2 fish kept."""

    def setup(table: Table) -> None:
        place("Supply Depot")(table)
        place("Cannery", OTHER_SPACE)(table)
        elder = CardInPlay(real_cards()["Pisciculturist"], me(table))
        elder.goods["fish"] = 2
        me(table).council.append(elder)
        attach(table, elder)
        supply(me(table))

    def observe(table: Table) -> Hashable:
        cannery = next(card for card in me(table).buildings if card.name == "Cannery")
        return (
            me(table).supply["fish"],
            me(table).reserve["fish"],
            cannery.goods["fish"],
            me(table).council[0].goods["fish"],
        )

    found = reach(setup, lambda table: add_fish_to_elder(table, me(table).council[0], 1), observe)
    assert found == {(1, 0, 0, 0), (0, 0, 1, 0), (1, 1, 0, 0), (0, 1, 1, 0)}


def test_ticket_booth_may_remove_the_orchard_in_place_of_a_forest() -> None:
    """Ticket Booth: "Each time after you place a new Guest in your personal supply, you may remove a Forest from your
    Harbor board ... If you do, take 1 gold". Orchard: "you may remove it from play in place of a Forest". The Orchard's
    own Guest (its Reforest declined): keep everything, remove one of the Forests (3 left), or remove the Orchard (the
    4 Forests stay); 1 gold for a removal."""

    def setup(table: Table) -> None:
        place("Ticket Booth", OTHER_SPACE)(table)
        in_hand(table, "Orchard")
        supply(me(table), wood=2)

    def observe(table: Table) -> Hashable:
        orchard = any(card.name == "Orchard" for card in me(table).buildings)
        return (orchard, sum(me(table).harbor.forests), goods(me(table))[:3])

    def fixed(decision) -> int | None:
        if decision.kind == "may" and "reforest" in decision.prompt.lower():
            return decision.labels.index("no")
        return at_cell(SPACE)(decision)

    found = reach(setup, build_named("Orchard"), observe, fixed)
    assert found == {(True, 4, (0, 0, 0)), (True, 3, (0, 0, 1)), (False, 4, (0, 0, 1))}


def test_a_sloop_on_the_boating_lake_takes_no_log_boom_wood() -> None:
    """Boating Lake: "Each time you build a sloop or cutter, you may choose to place the new sloop or cutter on the
    Boating Lake. ... Ships on the Boating Lake do not count as Ships, but they increase your haul size by one each."
    Log Boom: "Each time before you place a Ship on those spaces, move the wood into your personal supply." A sloop
    (2 wood, 2 fish) on the track takes its space's wood (1 wood kept, 9 left, haul 5); on the Lake it takes none
    (10 wood stay on 10 free spaces, haul 3 + 1 = 4)."""

    def setup(table: Table) -> None:
        place("Boating Lake")(table)
        place("Log Boom", OTHER_SPACE)(table)
        table.ships_left = {"sloop": 2, "cutter": 0, "schooner": 0}
        supply(me(table), 2, 2)

    def observe(table: Table) -> Hashable:
        lake = next(card for card in me(table).buildings if card.name == "Boating Lake")
        on_track = tuple(ship.type for ship in me(table).track.ships)
        return (on_track, tuple(lake.ships), wood_on_track(me(table)), *track(me(table), table), goods(me(table)))

    found = reach(setup, lambda table: perform(table, me(table), "build_ship", "space"), observe)
    assert found == {(("sloop",), (), 9, 9, 5, (1, 0, 0, 0)), ((), ("sloop",), 10, 10, 4, (0, 0, 0, 0))}


def test_yacht_house_does_not_count_a_sloop_on_the_boating_lake() -> None:
    """Yacht House: "If there are (at least) 1 sloop on your Fishing track and (at least) 2 Elders in your Elder Council
    without any fish on them, immediately ... take 3 gold". Boating Lake: "Ships on the Boating Lake do not count as
    Ships". Two bare Elders and a sloop only on the Lake: no gold."""

    def setup(table: Table) -> None:
        place("Boating Lake", OTHER_SPACE)(table)
        lake = next(card for card in me(table).buildings if card.name == "Boating Lake")
        lake.ships.append("sloop")
        for name in ("Pisciculturist", "Fishmonger"):
            elder = CardInPlay(real_cards()[name], me(table))
            me(table).council.append(elder)
            attach(table, elder)
        in_hand(table, "Yacht House")
        supply(me(table), 3, 3)

    assert reach(setup, build_named("Yacht House"), lambda table: goods(me(table)), at_cell(SPACE)) == {(0, 0, 0, 0)}
