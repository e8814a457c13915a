"""Taking and using Elders: the fullest plate, never the player's own fish, seats, the 3-fish rule."""

import pytest

from runtime.mechanics.elders import take_elder, use_elder
from runtime.model.cards import Ability
from runtime.model.state import CardInPlay, IllegalAction
from tests.kit.table_kit import make_table, mechanic, picture, script


def elder_spec(name: str, effect=lambda ctx: None):
    return mechanic(name, kind="elder", code="E90", abilities=(Ability("elder_use", effect),))


def table_with_elders(*names, players=2):
    table = make_table(players)
    table.elder_stacks = [[elder_spec(n)] for n in names]
    return table


def test_using_an_elder_takes_a_fish_from_the_fullest_plate_then_acts():
    acted = []
    table = make_table()
    me = table.players[0]
    elder = CardInPlay(elder_spec("Watcher", lambda ctx: acted.append(ctx.table.plates[:])), me)
    me.council.append(elder)
    table.plates = [2, 0, 3, 0, 4, 1, 0]
    use_elder(table, me, elder)
    assert table.plates == [2, 0, 3, 0, 3, 1, 0]
    assert acted == [[2, 0, 3, 0, 3, 1, 0]]  # the fish was placed before the action
    assert elder.goods["fish"] == 1 and me.supply["fish"] == 2 and me.elders_used_round == 1


def test_equally_full_plates_are_the_players_choice():
    table = make_table()
    me = table.players[0]
    elder = CardInPlay(elder_spec("Watcher"), me)
    table.plates = [0, 0, 3, 3, 0, 0, 0]
    script(table, 3)
    use_elder(table, me, elder)
    assert table.plates == [0, 0, 3, 2, 0, 0, 0]
    assert table.session.decider.asked == [(0, "plate", [2, 3])]


def test_an_empty_banquet_table_means_no_use_and_own_fish_never_pay():
    table = make_table()
    me = table.players[0]
    me.supply["fish"] = 9
    me.reserve["fish"] = 4
    elder = CardInPlay(elder_spec("Watcher"), me)
    me.council.append(elder)
    before = picture(table)
    with pytest.raises(IllegalAction):
        use_elder(table, me, elder)
    # the caller restores; nothing was taken from the player's own fish anyway
    assert me.supply["fish"] == 9 and me.reserve["fish"] == 4 and picture(table) == before


def test_the_third_fish_sends_one_to_the_owner_and_two_back():
    table = make_table()
    me = table.players[0]
    elder = CardInPlay(elder_spec("Watcher"), me)
    me.council.append(elder)
    elder.goods["fish"] = 2
    table.plates = [0, 0, 0, 0, 0, 0, 1]
    use_elder(table, me, elder)
    assert elder.goods["fish"] == 0 and me.supply["fish"] == 3 and table.plates == [0] * 7


def test_take_an_elder_on_the_action_space_seats_it_and_uses_it():
    table = table_with_elders("Alpha", "Beta")
    me = table.players[0]
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    script(table, "Beta")
    card = take_elder(table, me, use_now=True)
    assert me.council == [card] and card.name == "Beta" and card.goods["fish"] == 1
    assert [[s.name for s in stack] for stack in table.elder_stacks] == [["Alpha"], []]
    assert table.plates == [1, 0, 0, 0, 0, 0, 0]


def test_take_an_elder_by_card_does_not_use_it():
    table = table_with_elders("Alpha")
    me = table.players[0]
    table.plates = [2, 0, 0, 0, 0, 0, 0]
    card = take_elder(table, me, use_now=False)
    assert card.goods["fish"] == 0 and table.plates == [2, 0, 0, 0, 0, 0, 0]


def test_a_full_council_cannot_take_an_elder():
    table = table_with_elders("Alpha")
    me = table.players[0]
    me.council = [CardInPlay(elder_spec(f"E{i}"), me) for i in range(5)]
    with pytest.raises(IllegalAction):
        take_elder(table, me, use_now=True)


def test_an_extra_seat_rule_allows_a_sixth_elder():
    table = table_with_elders("Alpha")
    me = table.players[0]
    me.buildings.append(CardInPlay(mechanic(rules={"elder_seats": lambda ctx, before: 6}), me))
    me.council = [CardInPlay(elder_spec(f"E{i}"), me) for i in range(5)]
    take_elder(table, me, use_now=False)
    assert len(me.council) == 6
