"""A card's `players` line: set-up leaves a card out of a game of any other player count (an Elder off the supply
board, a Building out of its deck and the display), and nothing of the game then meets it.

The rulebook names the base game's Ship Owner and Carpenter Elders as 5-player cards every time ("e.g., in
5-player games, via the "Ship Owner" Elder"; "or—in 5-player games—the "Carpenter""), and cards.nus gives both
`players 5`."""

from __future__ import annotations

import pytest

from compiler import load_cards, load_examples
from runtime.examples import run_example, starting_table
from runtime.game.setup import new_table
from runtime.model.cards import CardSpec
from runtime.model.state import Table
from tests.kit.rulebook import ROOT
from tests.kit.table_kit import every_card, played

FIVE_PLAYER_ELDERS = {"Ship Owner", "Carpenter"}
EVERY_GAME_ELDERS = ["Builder", "Contractor", "Pond Builder", "Pisciculturist", "Fishmonger", "Harbor Master"]
SEEDS = range(12)


def elder(name: str) -> CardSpec:
    [spec] = [spec for spec in every_card() if spec.kind == "elder" and spec.name == name]
    return spec


def stack_names(table: Table) -> list[list[str]]:
    return [[spec.name for spec in stack] for stack in table.elder_stacks]


def test_cards_nus_gives_ship_owner_and_carpenter_players_5_and_no_other_card_a_players_line() -> None:
    assert {spec.name: spec.players for spec in every_card() if spec.players is not None} == {
        "Ship Owner": (5,),
        "Carpenter": (5,),
    }
    assert elder("Carpenter").players == (5,)
    [building] = [spec for spec in every_card() if spec.kind == "building" and spec.name == "Carpenter"]
    assert building.players is None  # the Trout Building C643 of the same name is in every game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_below_five_players_the_supply_board_holds_six_elders_one_a_stack_and_neither_five_player_elder(
    players: int,
) -> None:
    for seed in SEEDS:
        stacks = stack_names(new_table(players, every_card(), seed=seed))
        assert [len(stack) for stack in stacks] == [1] * 6, seed
        assert sorted(name for stack in stacks for name in stack) == sorted(EVERY_GAME_ELDERS), seed


def test_at_five_players_the_supply_board_holds_all_eight_elders_in_the_six_stacks() -> None:
    seen_first = set()
    for seed in SEEDS:
        stacks = stack_names(new_table(5, every_card(), seed=seed))
        assert [len(stack) for stack in stacks] == [2, 2, 1, 1, 1, 1], seed
        assert sorted(name for stack in stacks for name in stack) == sorted([*EVERY_GAME_ELDERS, *FIVE_PLAYER_ELDERS])
        seen_first |= {stack[0] for stack in stacks[:2]}
    assert seen_first >= FIVE_PLAYER_ELDERS  # each is dealt on top of a stack in some seed, as any Elder is


def five_player_elder_entries(table: Table) -> list[str]:
    """Log entries that name the Ship Owner or the Carpenter Elder (not the Carpenter Building, which logs its name
    on its own line of cards.nus): its card and line, or its name after "elder"."""
    lines = {elder(name).line for name in FIVE_PLAYER_ELDERS}
    return [
        str(entry)
        for entry in table.session.events
        if (entry.card in FIVE_PLAYER_ELDERS and entry.line in lines)
        or "Ship Owner" in entry.text
        or "elder Carpenter" in entry.text
    ]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_below_five_players_never_name_ship_owner_or_carpenter(players: int) -> None:
    taken = 0
    for seed in SEEDS:
        table = played(list(every_card()), players, seed).table
        assert five_player_elder_entries(table) == [], seed
        taken += sum(" takes elder " in entry.text for entry in table.session.events)
    assert taken > len(SEEDS)  # Elders are taken in these games: the other six


def test_seeded_five_player_games_do_take_and_use_them() -> None:
    """The same scan sees them where they are part of the game."""
    found = [line for seed in SEEDS for line in five_player_elder_entries(played(every_card(), 5, seed).table)]
    assert any(" takes elder Ship Owner" in line for line in found)
    assert any(" takes elder Carpenter" in line for line in found)
    assert any(" uses elder " in line for line in found)


HALL = """
building "Meeting Hall" (trout A990)
  players 3-5
  cost 1 wood
  vp 1
"""


def with_hall() -> list[CardSpec]:
    text = (ROOT / "cards.nus").read_text(encoding="utf-8") + HALL
    return load_cards(text, "cards.nus")


def offered(table: Table) -> list[str]:
    """Every Building the table holds before round 1: the display, the decks and the hands."""
    pools = [table.display, *table.decks.values(), *(player.hand for player in table.players)]
    return [spec.name for pool in pools for spec in pool]


def test_a_building_for_three_to_five_players_is_in_the_decks_at_three_and_in_none_at_two() -> None:
    specs = with_hall()
    [hall] = [spec for spec in specs if spec.name == "Meeting Hall"]
    assert hall.players == (3, 4, 5)
    for seed in SEEDS:
        three, two = new_table(3, specs, seed=seed), new_table(2, specs, seed=seed)
        assert offered(three).count("Meeting Hall") == 1, seed
        assert hall in three.display or hall in three.decks["A"], seed
        assert "Meeting Hall" not in offered(two), seed
        assert len(offered(two)) == len(offered(three)) - 1 == 88, seed


def test_a_building_left_out_is_never_dealt_nor_built_in_a_whole_game() -> None:
    specs = with_hall()
    for seed in range(4):
        table = played(specs, 2, seed).table
        assert not [str(entry) for entry in table.session.events if "Meeting Hall" in entry.text], seed
        assert "Meeting Hall" not in [card.name for player in table.players for card in player.buildings]


def test_a_table_of_a_player_count_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="^6 players: rules.toml sets a table up for 1 to 5 players$"):
        new_table(6, every_card())
    with pytest.raises(ValueError, match="^0 players: rules.toml sets a table up for 1 to 5 players$"):
        new_table(0, every_card())


FOUR_UP = """
building "Guild House" (trout A991)
  players 4+
  cost none
  vp 2
  example "set up for four players":
    given fish on elder "Builder" = 1
    player 4: expect fish in supply = 2
"""


def test_an_example_of_a_card_not_in_two_player_games_starts_at_the_fewest_players_it_is_in() -> None:
    text = (ROOT / "cards.nus").read_text(encoding="utf-8") + FOUR_UP
    specs = load_cards(text, "cards.nus")
    [example] = [example for example in load_examples(text, "cards.nus") if example.card == "Guild House"]
    assert run_example(example, specs).failures == ()
    [guild] = [spec for spec in specs if spec.name == "Guild House"]
    assert starting_table(specs, guild)[0].startswith("4 players, seed 0, Round 1")
    assert starting_table(specs)[0].startswith("2 players, seed 0, Round 1")
    assert "6 Elders in 6 stacks" in starting_table(specs)[3]
    assert "6 Elders in 6 stacks" in starting_table(specs, guild)[3]


def test_an_example_that_seats_an_elder_its_table_leaves_out_fails_at_that_line_and_says_why() -> None:
    text = (ROOT / "cards.nus").read_text(encoding="utf-8") + (
        'example "a five-player Elder at two players":\n  given fish on elder "Ship Owner" = 0\n'
    )
    specs = load_cards(text, "cards.nus")
    example = load_examples(text, "cards.nus")[-1]
    assert run_example(example, specs).failures == (
        f'line {example.steps[0].line}: given fish on elder "Ship Owner" = 0: the Elder "Ship Owner" is not in a '
        "game of 2 players: set-up left it out",
    )
