"""Every value of rules.toml is a rule parameter a card can change, and the runtime obeys the card.

For each parameter a one-line card `rule WORDS = VALUE` is compiled from the card language and put in play; the
test then runs the piece of the game that reads it and asserts the exact new result (and, where it matters, that
the other player keeps the base value). Set-up values are read before any card can be in play (ruling, see
rules.toml): for them the card changes what the look-up gives, and a table set up from a rules.toml with the new
value obeys it. The structural tests show that the declarations, rules.toml and the vocabulary agree by
construction and that no runtime code reads a game value past the look-up.
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

import runtime
from compiler import compile_text, load_cards
from compiler.backends import language
from compiler.backends.docs import card_docs
from compiler.backends.language import matching
from compiler.checking import vocabulary
from compiler.project.data_files import problems as data_problems
from runtime.core.rules_in_force import capacities as space_capacities
from runtime.core.rules_in_force import card_rule, rule, withdraw_rules, within_range
from runtime.game.actions import PASS, open_spaces
from runtime.game.driver import play_work_phase, start_round
from runtime.game.phases import begin_round
from runtime.game.setup import new_table
from runtime.mechanics.banquet import plate_cost, serve_fish
from runtime.mechanics.board import (
    consider_track_buildings_ships,
    covered_cells,
    forest_count,
    forests_in_middle,
    free_cells,
    free_track_spaces,
    haul_size,
    track_length,
)
from runtime.mechanics.buildings import ON_TRACK, placements
from runtime.mechanics.elders import add_fish_to_elder, free_seats
from runtime.mechanics.forests import deforest, reforest, thin_out
from runtime.mechanics.goods import gain, to_reserve
from runtime.mechanics.haul import distribute
from runtime.mechanics.payment import payment_options
from runtime.mechanics.scoring import score
from runtime.mechanics.shares import issue_share, share_cost
from runtime.mechanics.ships import build_ship, ship_cost
from runtime.model import rules as rules_module
from runtime.model.data import RULES, DataFile
from runtime.model.data import use as data_use
from runtime.model.parameters import BOUNDS, LAYOUT, PLAYER_COUNTS, TRUTH, Parameter, parameters
from runtime.model.rules import parse, player_counts, rules_data
from runtime.model.state import CardInPlay, Player, Ship, Table
from tests.kit.stages import run_stages
from tests.kit.table_kit import build_from_hand, goods, make_table, mechanic, put_in_play, script

RUNTIME = Path(runtime.__file__).parent
PARAMETERS = parameters()


@cache
def rule_card(line: str, name: str = "Rule Card"):
    """A Building whose only text is one rule line, compiled from the card language."""
    text = f'building "{name}" (trout A900)\n  cost 1 wood\n  vp 0\n  {line}\n'
    compiled = compile_text(text, "rule.nus")
    assert compiled.diagnostics == (), compiled.diagnostics
    [spec] = load_cards(text, "rule.nus")
    return spec


def line_for(parameter: Parameter, value: str) -> str:
    return f"rule {parameter.words}" + ("" if parameter.result == TRUTH else f" = {value}")


def in_play(table: Table, player: Player, parameter: Parameter, value: str = "", **where) -> CardInPlay:
    return put_in_play(table, player, rule_card(line_for(parameter, value)), **where)


def elder_of(table: Table, player: Player) -> CardInPlay:
    elder = CardInPlay(mechanic("Old One", kind="elder", code="E90"), player)
    player.council.append(elder)
    return elder


def ship_on_track(player: Player, ship_type: str = "sloop", guest: bool = False) -> None:
    player.track.ships.append(Ship(ship_type, guest=guest))


# Each play-time parameter: the value the card sets, and what the runtime then does (asserted exactly).
Probe = Callable[[Table, Player, Player, CardInPlay], None]
PROBES: dict[str, tuple[str, Probe]] = {}


def probe(name: str, value: str = "") -> Callable[[Probe], Probe]:
    def register(check: Probe) -> Probe:
        PROBES[name] = (value, check)
        return check

    return register


@probe("wood_limit", "15")
def _(table, me, other, card):
    gain(table, me, "wood", 20)
    gain(table, other, "wood", 20)
    assert (me.supply["wood"], other.supply["wood"]) == (15, 12)


@probe("elder_seats", "6")
def _(table, me, other, card):
    assert (free_seats(table, me), free_seats(table, other)) == (6, 5)


@probe("plate_cost", "printed plate cost + 1")
def _(table, me, other, card):
    assert (plate_cost(table, me, 0), plate_cost(table, other, 0)) == (3, 2)


@probe("guest_wood", "3")
def _(table, me, other, card):
    me.supply.update(wood=0, guest=1)
    assert [(p.wood, p.guests) for p in payment_options(table, me, (goods(("wood", 3)),))] == [(0, 1)]


@probe("guest_fish", "4")
def _(table, me, other, card):
    me.supply.update(fish=0, guest=1)
    assert [(p.fish, p.guests) for p in payment_options(table, me, (goods(("fish", 4)),))] == [(0, 1)]


@probe("reforest_up_to", "3")
def _(table, me, other, card):
    script(table, 4, 3)
    reforest(table, me, on_action_space=True)
    assert table.session.decider.asked[-1][2] == [3, 2, 1] and me.harbor.forests[4] == 3


@probe("reforest_forests", "3")
def _(table, me, other, card):
    script(table, 4)  # the number is not asked: 3 is the only one
    reforest(table, me, on_action_space=True)
    assert me.harbor.forests[4] == 3 and table.session.decider.answers == []


@probe("swap_distribution")
def _(table, me, other, card):
    elder = elder_of(table, me)
    table.shares[5].holder = 0  # an issued Share of player 2, held by me: step 2
    script(table, True)
    distribute(table, me, 1)  # swapped: the own issued Shares (step 3) come first and take the 1 fish
    assert elder.goods["fish"] == 0 and sum(share.fish for share in table.shares if share.colour == 0) == 1


@probe("discard_to_reserve")
def _(table, me, other, card):
    script(table, True)
    add_fish_to_elder(table, elder_of(table, me), 3)
    assert (me.reserve["fish"], me.supply["fish"]) == (1, 3)


@probe("discard_to_card")
def _(table, me, other, card):
    script(table, card)
    add_fish_to_elder(table, elder_of(table, me), 3)
    assert (card.goods["fish"], me.supply["fish"]) == (1, 2)


@probe("built_over")
def _(table, me, other, card):
    assert card in placements(table, me, mechanic("Newcomer"))


@probe("under_forests")
def _(table, me, other, card):
    assert placements(table, me, card.spec) == [(1, 3), (1, 4)]  # the only double space with 2 Forests


@probe("on_fishing_track")
def _(table, me, other, card):
    assert placements(table, me, card.spec) == [ON_TRACK]


@probe("track_spaces_taken", "4")
def _(table, me, other, card):
    me.track.cards.append(card)
    assert free_track_spaces(table, me) == 10 - 4


@probe("ship_action")
def _(table, me, other, card):
    """Building a second copy is a Build a Ship action: a hook before one gives the 1 wood that pays for it, and a
    hook after one runs once it is built."""
    text = (
        'building "Yard" (trout A901)\n  cost 1 wood\n  vp 0\n'
        "  each time before you build a ship:\n    take 1 wood\n"
        "  each time after you build a ship:\n    take 1 gold\n"
    )
    [yard] = load_cards(text, "yard.nus")
    put_in_play(table, me, yard, cell=(4, 3))
    me.supply.update(wood=0, gold=0)
    build_from_hand(table, me, card.spec, (1, 2))
    assert (me.supply["wood"], me.supply["gold"], me.harbor.cells[(1, 2)].spec) == (0, 1, card.spec)


@probe("is_forest")
def _(table, me, other, card):
    assert (forest_count(table, me), forest_count(table, other)) == (5, 4)


@probe("ships_to_card")
def _(table, me, other, card):
    me.supply.update(wood=2, fish=2)
    script(table, card)  # a sloop is the only Ship paid for, so its type is not asked
    build_ship(table, me)
    assert card.ships == ["sloop"] and me.track.ships == []


@probe("fishing_gap", "3")
def _(table, me, other, card):
    ship_on_track(me)
    assert (free_track_spaces(table, me), haul_size(table, me)) == (10 - 1 - 3, 7)  # length 2 + 1 + 3 = 6


@probe("gap_counts_track_buildings")
def _(table, me, other, card):
    for player in (me, other):
        put_in_play(table, player, rule_card("rule fishing track gap = 3", "Gap"), cell=(4, 3))
        player.track.cards.append(CardInPlay(mechanic("Shed"), player))  # takes 1 space, no Ship on the track
    assert (free_track_spaces(table, me), free_track_spaces(table, other)) == (9, 9)  # not chosen yet: no gap
    script(table, True)
    consider_track_buildings_ships(table, me)
    consider_track_buildings_ships(table, other)  # the other player has no such card: not asked
    assert (free_track_spaces(table, me), free_track_spaces(table, other)) == (6, 9)
    assert table.session.decider.answers == [] and len(table.session.decider.asked) == 1


@probe("double_guest_vp")
def _(table, me, other, card):
    me.supply["guest"] = 2
    other.supply["guest"] = 2
    assert (score(table, me)["guests"], score(table, other)["guests"]) == (2, 1)


@probe("rounds", "8")
def _(table, me, other, card):
    table.round = 7
    start_round(table)
    assert (table.round, table.stage) == (8, "fishing_between")


@probe("workers", "4")
def _(table, me, other, card):
    script(table, *[PASS] * 8)
    turns = table.turn_counter
    play_work_phase(table)
    assert (table.turn_counter - turns, table.turn) == (2 * 4, 4)


@probe("reserve_fish_limit", "10")
def _(table, me, other, card):
    to_reserve(table, me, "fish", 12)
    to_reserve(table, other, "fish", 12)
    assert (me.reserve["fish"], other.reserve["fish"]) == (10, 8)


@probe("elder_discard_at", "4")
def _(table, me, other, card):
    elder = elder_of(table, me)
    add_fish_to_elder(table, elder, 3)
    assert elder.goods["fish"] == 3
    add_fish_to_elder(table, elder, 1)
    assert (elder.goods["fish"], me.supply["fish"]) == (0, 3)


@probe("elder_discard_to_supply", "2")
def _(table, me, other, card):
    add_fish_to_elder(table, elder_of(table, me), 3)
    assert me.supply["fish"] == 2 + 2


@probe("issue_share_gold", "3")
def _(table, me, other, card):
    issue_share(table, me)
    assert me.supply["gold"] == 2 + 3


@probe("share_price", "2")
def _(table, me, other, card):
    assert (share_cost(table, me, 3), share_cost(table, other, 3)) == (6, 3)


@probe("share_discount", "usual share discount + 2")
def _(table, me, other, card):
    table.round = 4  # the usual discount is 1 from Round 4
    assert (share_cost(table, me, 4), share_cost(table, other, 4)) == (1, 3)


@probe("plate_gold", "2")
def _(table, me, other, card):
    script(table, 0, "stop")
    serve_fish(table, me)
    assert me.supply["gold"] == 2 + 2


@probe("guest_vp_supply", "1")
def _(table, me, other, card):
    me.supply["guest"] = other.supply["guest"] = 3
    assert (score(table, me)["guests"], score(table, other)["guests"]) == (3, Fraction(3, 2))


@probe("guest_vp_ship", "2")
def _(table, me, other, card):
    ship_on_track(me, guest=True)
    assert score(table, me)["guests"] == 2


@probe("empty_space_vp", "0")
def _(table, me, other, card):
    assert (score(table, me)["empty_spaces"], score(table, other)["empty_spaces"]) == (
        0,
        -8,
    )  # 14 spaces, 6 under Forests


@probe("unissued_share_vp", "0")
def _(table, me, other, card):
    assert (score(table, me)["shares"], score(table, other)["shares"]) == (2, 2 - 3)


@probe("issued_share_vp", "2")
def _(table, me, other, card):
    assert score(table, me)["shares"] == 2 * 2 - 3


@probe("gold_vp", "2")
def _(table, me, other, card):
    assert score(table, me)["gold"] == 2 * 2


@probe("deforest_wood", "7")
def _(table, me, other, card):
    script(table, 0)
    deforest(table, me)
    assert me.supply["wood"] == 2 + 7


@probe("thin_out_wood_per_forest", "2")
def _(table, me, other, card):
    thin_out(table, me)
    assert me.supply["wood"] == 2 + 4 * 2


@probe("thin_out_min_wood", "6")
def _(table, me, other, card):
    thin_out(table, me)
    assert me.supply["wood"] == 2 + 6


@probe("c_cards_round", "2")
def _(table, me, other, card):
    begin_round(table)  # Round 2
    assert (len(me.hand), len(other.hand)) == (2, 2)


@probe("c_cards_per_player", "3")
def _(table, me, other, card):
    table.round = 3
    begin_round(table)  # Round 4
    assert (len(me.hand), len(other.hand)) == (3, 2)


@probe("haul_size", "usual haul size + 2")
def _(table, me, other, card):
    assert (haul_size(table, me), haul_size(table, other)) == (5, 3)


@probe("catboat_haul", "4")
def _(table, me, other, card):
    assert (haul_size(table, me), haul_size(table, other)) == (4, 3)


@probe("catboat_length", "3")
def _(table, me, other, card):
    assert (track_length(table, me), haul_size(table, me), haul_size(table, other)) == (3, 5, 3)


@probe("track_spaces", "12")
def _(table, me, other, card):
    assert (free_track_spaces(table, me), free_track_spaces(table, other)) == (12, 10)


def ship_probes() -> None:
    for ship, values in rules_data()["ships"].items():
        for good, amount in values["cost"].items():
            probe(f"{ship}_cost_{good}", str(amount + 1))(cost_probe(ship, good, amount + 1))
        probe(f"{ship}_vp", str(values["vp"] + 2))(vp_probe(ship, values["vp"] + 2))
        probe(f"{ship}_length", str(values["length"] + 1))(length_probe(ship, values["length"] + 1))
        probe(f"{ship}_to_card")(to_card_probe(ship))


def cost_probe(ship: str, good: str, amount: int) -> Probe:
    def check(table, me, other, card):
        [option] = ship_cost(table, me, ship)
        [usual] = ship_cost(table, other, ship)
        assert dict((g, a) for _, a, g in option.parts) == {**{g: a for _, a, g in usual.parts}, good: amount}

    return check


def vp_probe(ship: str, vp: int) -> Probe:
    def check(table, me, other, card):
        ship_on_track(me, ship)
        assert score(table, me)["ships"] == vp

    return check


def length_probe(ship: str, length: int) -> Probe:
    def check(table, me, other, card):
        ship_on_track(me, ship)
        ship_on_track(other, ship)
        assert free_track_spaces(table, other) - free_track_spaces(table, me) == 1
        assert free_track_spaces(table, me) == 10 - length

    return check


def to_card_probe(ship: str) -> Probe:
    """With rules.toml saying a card may not hold this type, the Ship goes on the track; with the card's rule in play
    a card that holds Ships takes it (the base value is set off here so the card's rule turns it on; turning it off
    is tested below)."""

    def check(table, me, other, card):
        table = make_table(2, rules=rules_with(("ships", ship, "to_card"), False))
        me = table.players[0]
        holder = put_in_play(table, me, rule_card("rule sloops and cutters may go to this building", "Holder"))
        me.supply.update(wood=12, fish=20, gold=5)
        script(table, ship)
        build_ship(table, me)
        assert (holder.ships, [s.type for s in me.track.ships]) == ([], [ship])
        in_play(table, me, PARAMETERS[f"{ship}_to_card"])
        me.supply.update(wood=12, fish=20, gold=5)
        script(table, ship, holder)
        build_ship(table, me)
        assert (holder.ships, [s.type for s in me.track.ships]) == ([ship], [ship])

    return check


def capacity_probes() -> None:
    for space, capacities in rules_data()["spaces"].items():
        probe(f"capacity_{space}", str(capacities[1] + 1))(capacity_probe(space, capacities[1]))


def capacity_probe(space: str, usual: int) -> Probe:
    """At 2 players the space holds one Worker more: a space holding the usual number is still open."""

    def check(table, me, other, card):
        table.spaces[space] = [1] * usual
        assert space in open_spaces(table)
        table.spaces[space].append(1)
        assert space not in open_spaces(table)

    return check


ship_probes()
capacity_probes()


# Set-up values: (value a designer writes in rules.toml, what the new table shows).
SetUpCheck = Callable[[Table], object]
SET_UP: dict[str, tuple[object, SetUpCheck, object]] = {
    "shares_per_player": (6, lambda t: sum(share.colour == 0 for share in t.shares), 6),
    "shares_issued_at_start": (3, lambda t: sum(share.colour == 0 and share.issued for share in t.shares), 3),
    "display_a": (3, lambda t: sum(spec.letter == "A" for spec in t.display), 3),
    "display_b": (4, lambda t: sum(spec.letter == "B" for spec in t.display), 4),
    "ships_per_type": ([1, 4, 4, 4, 5], lambda t: sorted(set(t.ships_left.values())), [4]),
    "harbor_rows": (5, lambda t: len(t.players[0].harbor.cells), 5 * 4 - 2),
    "harbor_columns": (5, lambda t: len(t.players[0].harbor.cells), 4 * 5 - 2),
    "elder_stacks": (3, lambda t: len(t.elder_stacks), 3),
    **{f"start_{good}": (5, lambda t, good=good: t.players[1].supply[good], 5) for good in rules_data()["start"]},
    **{
        f"start_forests_{n}": (3, lambda t, n=n: t.players[0].harbor.forests[n], 3)
        for n in range(len(rules_data()["harbor"]["double"]))
    },
}
DECK = tuple(mechanic(f"{letter} card {n}", code=f"{letter}9{n:02}") for letter in "ABC" for n in range(12))


def rules_with(path: tuple, value: object):
    data = copy.deepcopy(rules_data())
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return parse(data)


def test_every_parameter_has_exactly_one_check():
    assert sorted(PROBES.keys() | SET_UP.keys()) == sorted(PARAMETERS)
    assert not PROBES.keys() & SET_UP.keys()
    assert sorted(SET_UP) == sorted(name for name, p in PARAMETERS.items() if p.setup_only)


@pytest.mark.parametrize("name", sorted(PROBES))
def test_a_card_changes_a_rule_and_the_runtime_obeys(name):
    value, check = PROBES[name]
    table = make_table(2, specs=DECK)
    me, other = table.players
    card = in_play(table, me, PARAMETERS[name], value, cell=(4, 4))
    check(table, me, other, card)


@pytest.mark.parametrize("name", sorted(SET_UP))
def test_a_set_up_value_is_obeyed_from_rules_toml_and_a_card_changes_only_the_look_up(name):
    """Ruling: set-up values are read before any card is in play."""
    value, shown, expected = SET_UP[name]
    parameter = PARAMETERS[name]
    table = new_table(2, DECK, rules=rules_with(parameter.path, value))
    assert shown(table) == expected
    usual = make_table(2, specs=DECK)
    before = shown(usual)
    in_play(usual, usual.players[0], parameter, "9")
    assert rule(usual, usual.players[0], name) == 9 and shown(usual) == before


# Agreement by construction -------------------------------------------------------------------------------------


def leaves(data: object, path: tuple = ()) -> list[tuple]:
    """Every value of rules.toml by its path; a list of tables is walked into, any other list is one value."""
    if isinstance(data, dict):
        return [leaf for key, value in data.items() for leaf in leaves(value, (*path, key))]
    if isinstance(data, list) and data and isinstance(data[0], dict):
        return [leaf for n, value in enumerate(data) for leaf in leaves(value, (*path, n))]
    return [path]


def covered(leaf: tuple) -> bool:
    named = [p.path for p in PARAMETERS.values()]
    words = tuple(key for key in leaf if not isinstance(key, int))
    return leaf in named or any(words[: len(path)] == path for path in (*named, *LAYOUT, *PLAYER_COUNTS, *BOUNDS))


def test_every_value_in_rules_toml_is_a_parameter_or_a_marked_board_shape():
    assert [leaf for leaf in leaves(rules_data()) if not covered(leaf)] == []


def test_every_list_by_player_count_has_one_entry_for_each_player_count_the_game_has():
    """most_players is where the player counts live: 5, and each list by player count (capacities, the Ship supply)
    gives one value for each of 1 to 5 players."""
    assert player_counts() == (1, 2, 3, 4, 5) and rules_data()["most_players"] == 5
    lists = {name: rules_data_at(p.path) for name, p in PARAMETERS.items() if p.by_player_count}
    assert len(lists) == 13 and {name: len(values) for name, values in lists.items()} == dict.fromkeys(lists, 5)


def test_every_parameter_finds_its_value_in_rules_toml():
    table = make_table(2)
    for name, parameter in PARAMETERS.items():
        scope = {parameter.usual: 1} if parameter.usual else {}
        assert rule(table, table.players[0], name, **scope) is not None, name


def test_the_vocabulary_rules_are_exactly_the_declared_parameters():
    assert [entry.parameter for entry in vocabulary.RULES] == list(PARAMETERS.values())
    assert all(
        entry.impl == entry.parameter.name and entry.pattern == entry.parameter.words for entry in vocabulary.RULES
    )


def test_the_vocabulary_keeps_no_default_and_its_ship_types_are_rules_tomls():
    source = Path(vocabulary.__file__).read_text(encoding="utf-8")
    assert "default=" not in source
    assert tuple(rules_data()["ships"]) == vocabulary.SHIP_TYPES


def test_a_rule_shows_its_rules_toml_default_in_the_reference():
    [entry] = [entry for entry in vocabulary.RULES if entry.impl == "reserve_fish_limit"]
    assert entry.default == rules_data()["reserve_fish_limit"]


# No hidden constants ----------------------------------------------------------------------------------------------

LOOK_UP = RUNTIME / "core" / "rules_in_force.py"
# Numbers above 1 that the game's runtime code may write, each with its reason. The tooling around the game (the
# analysis of many games, the players' search budgets) is not the game: runtime/analysis and runtime/players.
ALLOWED_NUMBERS = {
    ("runtime/core/events.py", 40): "a safety cap on nested triggers against card loops, no rule of the game",
    ("runtime/core/events.py", 2000): "safety caps on hook runs and decisions in answer to one event, no rule",
    ("runtime/core/events.py", 20): "a safety cap on a player's extra turns in one Round, no rule of the game",
    ("runtime/core/events.py", 100): "a safety cap on a player's any-time uses in one Round, no rule of the game",
    ("runtime/model/arithmetic.py", 1000): "the language's limit on every number (an amount in play), no rule",
    ("runtime/examples/answers.py", 2): "an answer naming a pair (a cell) has two parts",
    ("runtime/examples/table.py", 2): "worked examples play at a 2-player table: the example language's own table",
    ("runtime/library/choices.py", 8): "a trial's budget of answer sequences before the player is asked, no rule",
    ("runtime/library/counts.py", 2): "the count's meaning: double spaces with at least two Forests",
    ("runtime/library/facts.py", 2): "the fact's meaning: even and odd are remainders by 2",
    ("runtime/mechanics/board.py", 3): "the count's meaning: 3x3 blocks of Buildings",
    ("runtime/mechanics/buildings.py", 2): "the placement rule's meaning: a space under at least two Forests",
    ("runtime/model/data.py", 12): "a data file's content hash is shown by its first 12 hex digits",
}
TOOLING = ("analysis", "players", "playtest")


def runtime_files() -> list[Path]:
    return sorted(path for path in RUNTIME.rglob("*.py") if path.relative_to(RUNTIME).parts[0] not in TOOLING)


def test_no_runtime_code_reads_the_rules_data_past_the_look_up():
    readers = [
        f"{path.relative_to(RUNTIME.parent)}:{node.lineno}"
        for path in sorted(RUNTIME.rglob("*.py"))
        if path != LOOK_UP
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "rules"
        and node.attr != "get"
    ]
    assert readers == []


def test_no_literal_game_number_remains_in_the_runtime():
    found = []
    for path in runtime_files():
        name = str(path.relative_to(RUNTIME.parent))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and type(node.value) in (int, float)
                and node.value > 1
                and (name, node.value) not in ALLOWED_NUMBERS
            ):
                found.append(f"{name}:{node.lineno}: {node.value}")
    assert found == []


def test_the_rules_toml_comments_state_the_set_up_ruling():
    text = (RUNTIME / "rules.toml").read_text(encoding="utf-8")
    assert re.search(r"Ruling: set-up values .* are read while the table is set up", text.replace("\n# ", " "))


def test_the_look_up_follows_every_change_of_the_cards_in_play_and_every_undo():
    """The look-up remembers which cards change a parameter (Table.derived); every way the cards in play change
    must be seen at once: a card built, removed, declined, put back by an undo, reordered, on a copied table."""
    table = make_table(2, specs=DECK)
    me, other = table.players
    limit = PARAMETERS["wood_limit"]

    def limits(at: Table = table) -> tuple[int, int]:
        return rule(at, at.players[0], "wood_limit"), rule(at, at.players[1], "wood_limit")

    assert limits() == (12, 12)
    first = in_play(table, me, limit, "15")
    assert limits() == (15, 12)
    mark = table.snapshot()
    me.buildings.remove(first)
    assert limits() == (12, 12)
    table.restore(mark)
    assert limits() == (15, 12)
    withdraw_rules(table, first)  # declined
    assert limits() == (12, 12)
    table.restore(mark)
    table.release(mark)
    assert limits() == (15, 12)
    second = in_play(table, me, limit, "20")
    assert limits() == (20, 12)  # the most recently played card wins
    me.buildings.reverse()
    assert limits() == (15, 12)
    me.buildings = [second]
    assert limits() == (20, 12)
    me.buildings.clear()
    other.buildings.append(first)
    assert limits() == (12, 15)
    copied = copy.deepcopy(table)
    copied.players[1].buildings.clear()
    assert limits(copied) == (12, 12) and limits() == (12, 15)


def test_a_table_wide_rule_follows_every_players_cards_in_seat_order():
    table = make_table(3, specs=DECK)
    rounds = PARAMETERS["rounds"]
    assert [rule(table, player, "rounds") for player in table.players] == [7, 7, 7]
    in_play(table, table.players[2], rounds, "9")
    in_play(table, table.players[0], rounds, "8")
    assert [rule(table, player, "rounds") for player in (*table.players, None)] == [9, 9, 9, 9]
    table.players[2].council.append(table.players[2].buildings.pop())  # a rule card among the Elders counts too
    assert rule(table, None, "rounds") == 9
    table.players[2].council.clear()
    assert rule(table, None, "rounds") == 8


# A rule's value may read its own parameter ------------------------------------------------------------------------


def test_a_rule_reading_its_own_words_adds_to_the_value_before_it_and_two_cards_stack():
    """Inside `rule X = EXPR`, X is the value before this card's change (ruling, stated in `nus vocab`): the haul table
    gives 3 for the catboat alone; one card makes it 4, a second 5; the other player keeps 3."""
    table = make_table(2)
    me, other = table.players
    put_in_play(table, me, rule_card("rule haul size = haul size + 1", "Net Loft"), cell=(4, 4))
    assert (haul_size(table, me), haul_size(table, other)) == (4, 3)
    put_in_play(table, me, rule_card("rule haul size = haul size + 1", "Second Net Loft"), cell=(4, 3))
    assert (haul_size(table, me), haul_size(table, other)) == (5, 3)


def test_relative_changes_are_layered_after_the_fixed_values_whatever_the_order_played():
    """Ruling (issue 34 §3), as printed card games layer changes: the fixed values first (the last played wins), then
    every change relative to the value before it, in the order played. +3 alone: 15; a fixed 13 played after it still
    gets the +3: 16; doubling played last: 32. The other order (fixed first) gives the same."""
    shed = rule_card("rule wood limit = wood limit + 3", "Shed")
    fixed = rule_card("rule wood limit = 13", "Fixed Shed")
    double = rule_card("rule wood limit = wood limit * 2", "Double Shed")
    for order in ((shed, fixed, double), (fixed, shed, double)):
        table = make_table(2)
        me, other = table.players
        seen = []
        for cell, card in zip(((4, 4), (4, 3), (4, 2)), order, strict=True):
            put_in_play(table, me, card, cell=cell)
            seen.append(rule(table, me, "wood_limit"))
        assert seen == ([15, 16, 32] if order[0] is shed else [13, 16, 32])
        gain(table, me, "wood", 40)
        assert (me.supply["wood"], rule(table, other, "wood_limit")) == (32, 12)


def test_the_last_fixed_value_played_wins_and_a_relative_change_adds_to_it():
    table = make_table(2)
    me = table.players[0]
    put_in_play(table, me, rule_card("rule elder seats = elder seats + 1", "Annex"), cell=(4, 4))
    put_in_play(table, me, rule_card("rule elder seats = 6", "Big Hall"), cell=(4, 3))
    put_in_play(table, me, rule_card("rule elder seats = 4", "Small Hall"), cell=(4, 2))
    assert rule(table, me, "elder_seats") == 4 + 1


def test_a_placement_rule_reading_its_own_words_reads_the_rules_toml_value():
    """A Building's own track spaces (1 in rules.toml) read inside its own rule: 1 + 2."""
    card = rule_card("rule fishing spaces taken = fishing spaces taken + 2", "Long Shed")
    table = make_table(2)
    me = table.players[0]
    placed = put_in_play(table, me, card, cell=(4, 4))
    me.track.cards.append(placed)
    assert free_track_spaces(table, me) == 10 - 3


NUMBERS = sorted(name for name, parameter in PARAMETERS.items() if parameter.result != TRUTH)


@pytest.mark.parametrize("name", NUMBERS)
def test_a_value_below_a_parameters_range_is_refused_and_its_least_is_taken(name):
    """The range is declared once (Parameter.least) and the checker reads it: a literal below it is E0209, the least
    itself checks clean. A VP value has no least: a penalty of any size is a value."""
    parameter = PARAMETERS[name]
    least = parameter.least
    if least is None:
        assert rule_card(line_for(parameter, "-5"), "Penalty") is not None
        return
    compiled = compile_text(
        f'building "R" (trout A900)\n  cost 1 wood\n  vp 0\n  {line_for(parameter, f"{least - 1}")}\n', "r.nus"
    )
    assert [(d.code, d.message) for d in compiled.diagnostics] == [
        ("E0209", f"rule '{parameter.words}' cannot be {least - 1}: it is at least {least}")
    ]
    assert rule_card(line_for(parameter, str(least)), "Least") is not None


BOUNDED = sorted(name for name, parameter in PARAMETERS.items() if parameter.most is not None)


def test_the_numbers_that_set_a_games_length_have_a_most():
    """Issue 36: without one, `rule worker turns = (worker turns) * (worker turns)` built by several players gave a
    game of thousands of turns. Twice the printed 7 Rounds and 3 worker turns."""
    assert {name: PARAMETERS[name].most for name in BOUNDED} == {"rounds": 14, "workers": 6}


@pytest.mark.parametrize("name", BOUNDED)
def test_a_value_above_a_parameters_range_is_refused_and_its_most_is_taken(name):
    most = PARAMETERS[name].most
    compiled = compile_text(
        f'building "R" (trout A900)\n  cost 1 wood\n  vp 0\n  {line_for(PARAMETERS[name], str(most + 1))}\n', "r.nus"
    )
    assert [(d.code, d.message, d.help) for d in compiled.diagnostics] == [
        (
            "E0209",
            f"rule '{PARAMETERS[name].words}' cannot be {most + 1}: it is at most {most}",
            f"give it a value of {most} or less",
        )
    ]
    assert rule_card(line_for(PARAMETERS[name], str(most)), "Most") is not None


def test_a_value_worked_out_above_the_range_counts_as_its_most():
    """Ruling (as for the least): each card's change is held to the range, so a later card starts from the most."""
    table = make_table(3)
    squared = rule_card("rule worker turns = (worker turns) * (worker turns)", "Squared")
    for cell, player in zip(((4, 4), (4, 3), (3, 4)), table.players, strict=True):
        put_in_play(table, player, squared, cell=cell)
    assert rule(table, table.players[0], "workers") == 6  # 3 * 3 held to 6, then 6 * 6 and 6 * 6 held to 6
    put_in_play(table, table.players[1], rule_card("rule rounds = rounds * 3", "Long Game"), cell=(3, 3))
    assert rule(table, table.players[2], "rounds") == 14


def test_nus_vocab_and_the_language_page_state_each_numbers_range():
    rules = {phrase.words: phrase.english for phrase in language.phrases() if phrase.kind == "rule"}
    assert rules["wood limit"].endswith(
        "such cards add up; VALUE is at least 0, and one worked out below 0 counts as 0)"
    )
    assert "VALUE is from 1 to 14," in rules["rounds"]
    assert rules["worker turns"].endswith(
        "VALUE is from 1 to 6, and one worked out below 1 counts as 1, one above 6 as 6)"
    )
    assert "at least" not in rules["gold vp"] and "at least" not in rules["may be built over"]


def test_every_rules_toml_value_lies_in_its_parameters_range():
    table = make_table(2)
    for name, parameter in PARAMETERS.items():
        if parameter.least is not None and not parameter.usual:
            assert rule(table, table.players[0], name) >= parameter.least, name
        if parameter.most is not None:
            assert rule(table, table.players[0], name) <= parameter.most, name


def test_a_value_worked_out_below_the_range_counts_as_its_least():
    """Ruling: the look-up holds each card's change to the parameter's range, so a later card starts from it."""
    table = make_table(2)
    me, other = table.players
    put_in_play(table, me, rule_card("rule wood limit = wood limit - 20", "Leaky Shed"), cell=(4, 4))
    assert rule(table, me, "wood_limit") == 0 and rule(table, other, "wood_limit") == 12
    put_in_play(table, me, rule_card("rule wood limit = wood limit + 3", "Shed"), cell=(4, 3))
    assert rule(table, me, "wood_limit") == 3
    put_in_play(table, other, rule_card("rule rounds = rounds - 9", "Short Game"), cell=(4, 4))
    assert rule(table, me, "rounds") == 1
    gain(table, me, "wood", 5)
    assert me.supply["wood"] == 3


def test_a_placement_rule_worked_out_below_the_range_counts_as_its_least():
    card = rule_card("rule fishing spaces taken = fishing spaces taken - 4", "Flat Shed")
    table = make_table(2)
    me = table.players[0]
    placed = put_in_play(table, me, card, cell=(4, 4))
    me.track.cards.append(placed)
    assert card_rule(table, placed, "track_spaces_taken") == 0
    assert free_track_spaces(table, me) == 10


def test_the_reference_says_what_a_rules_own_words_mean():
    text = 'building "Net Loft" (trout A900)\n  cost 1 wood\n  vp 0\n  rule haul size = haul size + elders\n'
    [doc] = card_docs(compile_text(text, "rule.nus").program, text)
    assert doc.text == (
        "Your haul is the haul size without this card plus the number of Elders in your Elder Council instead of the "
        "haul table's value for your Ships."
    )
    text = text.replace("+ elders", "+ 1")  # a number added reads as the card says it (issue 34)
    [doc] = card_docs(compile_text(text, "rule.nus").program, text)
    assert doc.text == "Your haul is 1 fish larger."
    [phrase] = [p for p in matching(["haul", "size"]) if p.kind == "rule" and p.words == "haul size"]
    assert "'haul size' is its value without this card" in phrase.english
    assert phrase.example == "rule haul size = haul size + 1"


# A switch turned off ---------------------------------------------------------------------------------------------

SWITCHES = sorted(name for name, parameter in PARAMETERS.items() if parameter.result == TRUTH)


@pytest.mark.parametrize("name", SWITCHES)
def test_a_card_turns_a_switch_off_after_a_card_turned_it_on(name):
    """`rule WORDS = off` gives False for its owner, even after another card of theirs turned it on; the other
    player keeps the value rules.toml gives."""
    parameter = PARAMETERS[name]
    table = make_table(2)
    me, other = table.players
    usual = rule(table, other, name)
    put_in_play(table, me, rule_card(f"rule {parameter.words}", "Switch On"), cell=(4, 4))
    assert rule(table, me, name) is True
    put_in_play(table, me, rule_card(f"rule {parameter.words} = off", "Switch Off"), cell=(4, 3))
    assert (rule(table, me, name), rule(table, other, name)) == (False, usual)


def test_a_card_turns_off_a_switch_rules_toml_turns_on_and_the_runtime_obeys():
    """rules.toml lets a card that holds Ships hold a sloop; a card saying `rule sloop may go to card = off` sends
    its owner's sloops to the Fishing track, and the holder is not even offered."""
    table = make_table(2)
    me = table.players[0]
    holder = put_in_play(table, me, rule_card("rule sloops and cutters may go to this building", "Holder"), cell=(4, 4))
    put_in_play(table, me, rule_card("rule sloop may go to card = off", "No Sloops"), cell=(4, 3))
    me.supply.update(wood=2, fish=2)  # only a sloop is paid for, so its type is not asked
    script(table)
    build_ship(table, me)
    assert (holder.ships, [s.type for s in me.track.ships]) == ([], ["sloop"])
    assert table.session.decider.asked == []  # without the card the Holder would be offered (DecisionKind.SHIP_PLACE)


def test_on_is_the_same_as_naming_the_switch_and_the_reference_says_off():
    on = rule_card("rule supply guests score double = on", "Named On")
    assert on.rules["double_guest_vp"](None, before=False) is True
    text = 'building "No Sloops" (trout A900)\n  cost 1 wood\n  vp 0\n  rule sloop may go to card = off\n'
    [doc] = card_docs(compile_text(text, "rule.nus").program, text)
    assert doc.text == "No card of yours may hold a sloop: each sloop you build goes on your Fishing track."


def test_the_remembered_capacities_follow_a_card_that_changes_one_and_its_leaving():
    """space_capacities() is remembered while no card changes a capacity (then each is rules.toml's, here 1 for gold
    at two players); a card raising one, on any player's board, is seen at once, and so is its leaving play."""
    table = make_table(2, specs=DECK)
    me, other = table.players
    before = dict(space_capacities(table))
    assert before["gold"] == 1 and space_capacities(table) == before
    card = in_play(table, other, PARAMETERS["capacity_gold"], "3")
    assert space_capacities(table) == {**before, "gold": 3}
    assert "gold" in open_spaces(table)
    table.spaces["gold"].extend([0, 1])
    assert "gold" in open_spaces(table)
    other.buildings.remove(card)
    assert space_capacities(table) == before and "gold" not in open_spaces(table)


def test_each_table_has_the_base_values_of_its_own_player_count_and_rules():
    """Base values are worked out once a table (Table.bases): a table of another player count gets its own count's
    values (rules.toml's capacities: gold 1 at two players, 2 at three; the Imitation tile 0 at two, 1 at four), a
    table set up from changed rules its own."""
    three = make_table(3, specs=DECK)
    assert space_capacities(three)["gold"] == 2 and space_capacities(three)["imitation"] == 0
    two = make_table(2, specs=DECK)
    assert space_capacities(two)["gold"] == 1 and space_capacities(two)["imitation"] == 0
    four = make_table(4, specs=DECK)
    assert space_capacities(four)["gold"] == 2 and space_capacities(four)["imitation"] == 1
    again = make_table(3, specs=DECK)
    assert space_capacities(again) == space_capacities(three)
    raised = make_table(3, specs=DECK, rules=rules_with(("spaces", "gold"), [1, 1, 5, 2, 3]))
    assert space_capacities(raised)["gold"] == 5 and space_capacities(make_table(3, specs=DECK))["gold"] == 2


# Every leaf of rules.toml: a changed copy of the data, and the runtime follows it --------------------------------
#
# A leaf that is a parameter's value: the probe (or set-up test) above shows the runtime obeys the look-up, and the
# test below shows the look-up starts from the changed data, so a runtime ignoring the data fails one of them (the
# structural tests above forbid reading it past the look-up or writing the number as a literal). A leaf under a
# scoped parameter (the haul table, the Share discounts, the printed plates) and a leaf of the board's printed shape
# (LAYOUT) each has its own test with a changed copy of rules.toml.


def changed(value: object) -> object:
    """A different value of the same kind: a switch flipped, a number raised, a list by player count changed."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        return str(Fraction(value) + 1)
    if isinstance(value, list):
        return [item + 1 for item in value]
    return value + 1


PLAIN = sorted(name for name, parameter in PARAMETERS.items() if not parameter.usual)


@pytest.mark.parametrize("name", PLAIN)
def test_the_look_up_starts_from_a_changed_rules_toml(name):
    parameter = PARAMETERS[name]
    value = changed(rules_data_at(parameter.path))
    table = make_table(2, rules=rules_with(parameter.path, value))
    expected = value[1] if parameter.by_player_count else value  # this 2-player table's entry
    assert rule(table, table.players[0], name) == (Fraction(expected) if isinstance(expected, str) else expected)
    usual = make_table(2)
    assert rule(usual, usual.players[0], name) != rule(table, table.players[0], name)


def rules_data_at(path: tuple) -> object:
    value = rules_data()
    for key in path:
        value = value[key]
    return value


def haul_table_changed():
    """Each row of the haul table one higher: the catboat and a sloop (length 3) haul 6 instead of 5; the catboat
    alone (length 2, below the first row) keeps the catboat's 3."""
    rows = [[low, haul + 1] for low, haul in rules_data()["haul_table"]]
    table = make_table(2, rules=rules_with(("haul_table",), rows))
    me, other = table.players
    ship_on_track(me)
    assert (haul_size(table, me), haul_size(table, other)) == (6, 3)


def share_discount_changed():
    """A discount of 3 from Round 2: 4 Shares cost 4 - 3 = 1 gold in Round 2 (4 with rules.toml's discounts)."""
    table = make_table(2, rules=rules_with(("share_discount",), [{"from_round": 2, "discount": 3}]))
    table.round = 2
    usual = make_table(2)
    usual.round = 2
    assert (share_cost(table, table.players[0], 4), share_cost(usual, usual.players[0], 4)) == (1, 4)


def plates_changed():
    """Each printed plate one fish more: the first costs 3 fish, the last 6."""
    plates = [fish + 1 for fish in rules_data()["banquet"]["plates"]]
    table = make_table(2, rules=rules_with(("banquet", "plates"), plates))
    me = table.players[0]
    assert [plate_cost(table, me, plate) for plate in range(len(plates))] == plates


STRUCTURED = {"haul_size": haul_table_changed, "share_discount": share_discount_changed, "plate_cost": plates_changed}


@pytest.mark.parametrize("name", sorted(STRUCTURED))
def test_a_scoped_parameters_structured_data_changed_in_rules_toml_is_obeyed(name):
    STRUCTURED[name]()


def reserve_moved():
    """The Reserve printed on row 4, columns 1 and 4, instead of column 1, rows 1-2: those cells are no Building
    spaces and the old ones are; a Building may go on the freed cell, not on the Reserve; 14 spaces either way."""
    table = make_table(2, rules=rules_with(("harbor", "reserve_cells"), [[4, 1], [4, 4]]))
    me = table.players[0]
    assert {(1, 1), (2, 1)} <= set(me.harbor.cells) and not {(4, 1), (4, 4)} & set(me.harbor.cells)
    assert len(me.harbor.cells) == 14
    free = free_cells(table, me)
    assert (1, 1) in free and (4, 1) not in free
    usual = make_table(2).players[0]
    assert (1, 1) not in usual.harbor.cells and (4, 1) in usual.harbor.cells


def middle_columns_moved():
    """Middle columns 3-4 instead of 2-3: the double spaces of rows 1-3 (columns 3-4, 2 + 1 + 1 Forests at the start)
    lie in them, the one of row 4 (columns 2-3, no Forests) no longer does."""
    table = make_table(2, rules=rules_with(("harbor", "middle_columns"), [3, 4]))
    usual = make_table(2)
    assert (forests_in_middle(table, table.players[0]), forests_in_middle(usual, usual.players[0])) == (4, 0)


def double_spaces_moved():
    """Each double space in turn printed on column 2, rows 1-2 (two single Building spaces in rules.toml), with one
    Forest at the start: those two cells are covered, not free, and the double space's old cells are free."""
    for n, double in enumerate(rules_data()["harbor"]["double"]):
        data = copy.deepcopy(rules_data())
        data["harbor"]["double"][n].update(cells=[[1, 2], [2, 2]], forests=1)
        table = make_table(2, rules=parse(data))
        me = table.players[0]
        old = {tuple(cell) for cell in double["cells"]}
        assert {(1, 2), (2, 2)} <= covered_cells(table, me) and not old & covered_cells(table, me), n
        assert old <= set(free_cells(table, me)) and not {(1, 2), (2, 2)} & set(free_cells(table, me)), n


def double_space_reforested_where_rules_toml_prints_it():
    """Reforest on the fifth double space, moved to column 2, rows 1-2: its Forests cover those cells."""
    data = copy.deepcopy(rules_data())
    data["harbor"]["double"][4]["cells"] = [[1, 2], [2, 2]]
    table = make_table(2, rules=parse(data))
    me = table.players[0]
    script(table, 4)
    reforest(table, me, on_action_space=True)
    assert me.harbor.forests[4] == 2 and {(1, 2), (2, 2)} <= covered_cells(table, me)
    assert {(3, 1), (3, 2)} <= set(free_cells(table, me))


LAYOUT_TESTS = {
    ("harbor", "reserve_cells"): (reserve_moved,),
    ("harbor", "middle_columns"): (middle_columns_moved,),
    ("harbor", "double", "cells"): (double_spaces_moved, double_space_reforested_where_rules_toml_prints_it),
}


def player_counts_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game for 1 to 4 players: a 5-player table is refused at set-up and the checker refuses `players 5`, whose
    help names the new largest game; rules.toml's own data keeps both."""
    data = copy.deepcopy(rules_data())
    data["most_players"] = 4
    changed_rules = parse(data)
    assert len(new_table(4, DECK, rules=changed_rules).players) == 4
    with pytest.raises(ValueError, match="^5 players: rules.toml sets a table up for 1 to 4 players$"):
        new_table(5, DECK, rules=changed_rules)
    data["most_players"] = 6  # more player counts than the lists by player count give values for
    with pytest.raises(ValueError, match="^rules.toml: ships_per_type, capacity_gold, .* give fewer values than the 6"):
        new_table(6, DECK, rules=parse(data))
    card = 'elder "E" (base E01)\n  players 5\n  use:\n    take 1 wood\n'
    assert run_stages(card, "probe.nus").diagnostics == ()  # the whole-file check: no unit kept from before
    monkeypatch.setattr(rules_module, "load_rules", lambda: changed_rules)
    [refused] = run_stages(card, "probe.nus").diagnostics
    assert (refused.code, refused.message) == ("E0315", "no game has 5 players")
    assert refused.help == "games have 1 to 4 players (most_players in rules.toml)"


PLAYER_COUNT_TESTS = {("most_players",): player_counts_changed}


@pytest.mark.parametrize("key", sorted(PLAYER_COUNT_TESTS), ids=lambda key: ".".join(key))
def test_the_player_counts_changed_in_rules_toml_are_obeyed(key, monkeypatch):
    """No rule of a table: which tables there are. Set-up and the checker read it from rules.toml."""
    PLAYER_COUNT_TESTS[key](monkeypatch)


def bounds_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A project's rules.toml that raises the most worker turns to 8 (and sets 7): its own file checks clean, a card
    may give 8 and no more, and a value worked out above 8 counts as 8."""
    text = "workers = 7\n[most]\nworkers = 8\n"
    assert data_problems(DataFile(RULES, "project/rules.toml", text)) == []
    data_use([DataFile(RULES, "project/rules.toml", text)])
    try:
        assert rule_card("rule worker turns = 8", "Eight") is not None
        [refused] = compile_text(
            'building "R" (trout A900)\n  cost 1 wood\n  vp 0\n  rule worker turns = 9\n', "r.nus"
        ).diagnostics
        assert refused.message == "rule 'worker turns' cannot be 9: it is at most 8"
        assert within_range("workers", 49) == 8
    finally:
        data_use([])


BOUND_TESTS = {("most",): bounds_changed}


@pytest.mark.parametrize("key", sorted(BOUND_TESTS), ids=lambda key: ".".join(key))
def test_the_bounds_changed_in_rules_toml_are_obeyed(key, monkeypatch):
    """No rule of a table: the most a card may make some numbers. The checker and the look-up read it."""
    BOUND_TESTS[key](monkeypatch)


@pytest.mark.parametrize("key", sorted(LAYOUT_TESTS), ids=lambda key: ".".join(key))
def test_the_board_shape_changed_in_rules_toml_is_obeyed(key):
    """Ruling kept: the printed shape is no rule a card can change; but the runtime reads it from rules.toml."""
    for check in LAYOUT_TESTS[key]:
        check()


def test_every_leaf_of_rules_toml_has_a_test_that_changes_it():
    """Every leaf is a plain parameter's value (the look-up test above and its probe or set-up test), data behind a
    scoped parameter (STRUCTURED), the board's printed shape (LAYOUT_TESTS) or the player counts
    (PLAYER_COUNT_TESTS) or the bounds (BOUND_TESTS)."""
    plain = {PARAMETERS[name].path for name in PLAIN}
    scoped = {PARAMETERS[name].path: name for name in STRUCTURED}
    assert sorted(STRUCTURED) == sorted(name for name, parameter in PARAMETERS.items() if parameter.usual)
    assert set(LAYOUT_TESTS) == set(LAYOUT) and set(PLAYER_COUNT_TESTS) == set(PLAYER_COUNTS)
    assert set(BOUND_TESTS) == set(BOUNDS)
    uncovered = []
    for leaf in leaves(rules_data()):
        words = tuple(key for key in leaf if not isinstance(key, int))
        changed = (*scoped, *LAYOUT_TESTS, *PLAYER_COUNT_TESTS, *BOUND_TESTS)
        if leaf in plain or any(words[: len(path)] == path for path in changed):
            continue
        uncovered.append(leaf)
    assert uncovered == []


def test_the_reference_lists_the_board_shape_as_no_rule_where_it_lists_the_rules():
    page = language.markdown(language.phrases())
    rules_section = page.split("## Rules\n")[1]
    assert rules_section.startswith("\nEvery number of rules.toml is a rule a card can change. The printed shape")
    for reason in LAYOUT.values():
        assert reason.split(":")[0] in rules_section.split("|")[0]
    assert (
        "Nor is how many players the game is for (`most_players`: 1 to 5), a number that says which tables"
        in (rules_section.split("|")[0])
    )
    assert "Nor are the bounds of `[most]` (rounds 14, worker turns 6): the most a card's rule" in rules_section
