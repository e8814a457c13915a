"""A new table is built on its journal part by part (runtime/game/setup.py): every container and table object
on it must be on the table's journal, or a change to it would not be undone."""

from __future__ import annotations

import random

import pytest

from runtime.game.setup import shuffle, sorted_cards
from runtime.model.journal import ATOMS, InPlayList, State, Tracked
from runtime.model.state import Table
from tests.kit.table_kit import NOT_GAME_STATE, every_card, make_table, picture, put_in_play, real_cards

IN_PLAY = frozenset({"council", "buildings", "players"})  # the lists of cards in play, and of the players


def off_the_journal(table: Table) -> list[str]:
    """Where the table holds a plain container, or a tracked one or a table object on no journal or another's,
    or a list of cards in play (or of the players) that is not an InPlayList (which forgets Table.derived when it
    changes)."""
    journal, seen, wrong = table._journal, set(), []

    def walk(value: object, where: str) -> None:
        if type(value) in ATOMS or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, State):
            if value.__dict__.get("_journal") is not journal:
                wrong.append(where)
            for name, field in vars(value).items():
                if name not in NOT_GAME_STATE:
                    if name in IN_PLAY and type(field) is not InPlayList:
                        wrong.append(f"{where}.{name} (not an InPlayList)")
                    walk(field, f"{where}.{name}")
        elif isinstance(value, list | dict | set):
            if not isinstance(value, Tracked) or value._journal is not journal:
                wrong.append(where)
            items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
            for key, item in items:
                walk(item, f"{where}[{key!r}]")
        elif isinstance(value, tuple):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")

    walk(table, "table")
    return wrong


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_container_and_object_of_a_new_table_is_on_its_journal(players: int) -> None:
    table = make_table(players, specs=every_card(), seed=players)
    assert off_the_journal(table) == []
    assert len(table.players) == players and table.display and any(table.elder_stacks)  # the walk saw a dealt table


def test_the_check_finds_a_container_left_off_the_journal() -> None:
    table = make_table(3, specs=every_card())
    spaces = table.players[1].track.space_goods
    list.append(spaces, {})  # put there without adopting it
    table.players[2].harbor.__dict__["_journal"] = None
    last = len(spaces) - 1
    assert off_the_journal(table) == [f"table.players[1].track.space_goods[{last}]", "table.players[2].harbor"]


def test_a_new_fishing_track_holds_no_goods_until_goods_are_put_on_its_spaces() -> None:
    """The track's list of what lies on each space starts empty and grows when goods go on it (Log Boom: 1 wood on
    each free space, 10 after the catboat); undone, the track is as it was."""
    table = make_table(2, specs=every_card())
    player, other = table.players
    assert list(player.track.space_goods) == [] and list(other.track.space_goods) == []
    before = picture(table)
    with table.snapshot() as mark:
        put_in_play(table, player, real_cards()["Log Boom"], cell=(1, 2))
        assert [dict(lying) for lying in player.track.space_goods] == [{"wood": 1}] * 10
        assert list(other.track.space_goods) == []
        table.restore(mark)
    assert list(player.track.space_goods) == [] and picture(table) == before


def test_the_deck_shuffle_draws_as_random_shuffle_does() -> None:
    """Same order and the same draws taken from the stream (the next draw agrees too), for every deck size up to 100
    and many seeds, the sizes around powers of two included (where rejection sampling draws again)."""
    for seed in range(60):
        for size in range(101):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, stdlib = list(range(size)), list(range(size))
            shuffle(ours, mine)
            theirs.shuffle(stdlib)
            assert mine == stdlib and ours.getrandbits(32) == theirs.getrandbits(32)


def test_the_cards_sorted_last_are_remembered_and_any_other_cards_are_sorted_afresh() -> None:
    """sorted_cards remembers the last cards it sorted: the same cards give the same sort in new lists (a shuffle of
    one game's never reaches the next game's), other cards, another player count or the same list changed in place
    are sorted again."""
    cards = list(every_card())
    elders, decks = sorted_cards(cards, 5)
    assert [spec.name for spec in elders] == [spec.name for spec in cards if spec.kind == "elder"]
    assert {letter: len(deck) for letter, deck in decks.items()} == {"A": 36, "B": 24, "C": 28}
    elders.reverse()
    decks["A"].clear()
    again, decks_again = sorted_cards(cards, 5)
    assert again == [spec for spec in cards if spec.kind == "elder"] and len(decks_again["A"]) == 36
    first_a = decks_again["A"][0]
    cards.remove(first_a)  # the same list, changed in place
    assert first_a not in sorted_cards(cards, 5)[1]["A"] and len(sorted_cards(cards, 5)[1]["A"]) == 35
    assert sorted_cards(cards[:10], 5) == ([], {"A": cards[:10], "B": [], "C": []})  # cards.nus begins with A cards
    whole = every_card()  # a tuple: known again by itself
    assert sorted_cards(whole, 5) == sorted_cards(whole, 5) == sorted_cards(list(whole), 5) == (again, decks_again)
    fewer, decks_fewer = sorted_cards(whole, 4)  # the same cards for 4 players: Ship Owner and Carpenter left out
    assert [spec.name for spec in again if spec not in fewer] == ["Ship Owner", "Carpenter"]
    assert decks_fewer == decks_again and sorted_cards(whole, 5) == (again, decks_again)
