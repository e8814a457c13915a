"""A failed action leaves the table equal to a full deep copy taken before it (not the snapshot's own view)."""

import copy

import pytest

from compiler import load_cards
from runtime.core.attempts import attempt, choose_legal
from runtime.core.decisions import DecisionKind, RandomPlayer
from runtime.core.rules_in_force import rule
from runtime.game.actions import place_worker
from runtime.game.forward import Game
from runtime.model.state import IllegalAction, Session, State, Table
from tests.kit.table_kit import NOT_GAME_STATE, every_card, make_table, put_in_play, question, script


def structure(root: Table) -> object:
    """The whole table as plain nested data; table objects are numbered in the order first met, so two
    tables compare equal exactly when every field of every object, and how they refer to each other, agree."""
    numbers: dict[int, int] = {}
    objects: list[object] = []

    def walk(value: object) -> object:
        if isinstance(value, State):
            if id(value) not in numbers:
                numbers[id(value)] = len(numbers)
                objects.append(None)
                fields = {k: v for k, v in vars(value).items() if k not in NOT_GAME_STATE}
                objects[numbers[id(value)]] = (type(value).__name__, {k: walk(v) for k, v in sorted(fields.items())})
            return ("object", numbers[id(value)])
        if isinstance(value, dict):
            return ("dict", [(walk(k), walk(v)) for k, v in value.items()])
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, [walk(v) for v in value])
        if isinstance(value, set):
            return ("set", sorted(map(repr, value)))
        return value

    walk(root)
    return objects


def deep_copy(table: Table) -> Table:
    memo = {id(table.rules): table.rules, id(table.session): Session()}
    for spec in every_card():
        memo[id(spec)] = spec
    return copy.deepcopy(table, memo)


@pytest.mark.parametrize("space", ["build_ship", "buy_all_shares", "serve_fish", "take_elder", "transfer_reserve"])
def test_a_failed_action_leaves_the_table_equal_to_a_deep_copy_taken_before(space: str) -> None:
    table = make_table(3, specs=every_card(), seed=5)
    player = table.players[0]
    player.supply.update(wood=1, fish=0, gold=0, guest=0)  # too poor for any Ship, Share or plate
    table.elder_stacks = [[] for _ in table.elder_stacks]  # and no Elder to take
    table.session.decider = RandomPlayer(0)  # every option is tried in turn and refused
    before, log = deep_copy(table), list(table.log)
    with pytest.raises(IllegalAction):
        attempt(table, lambda: place_worker(table, player, space))
    assert structure(table) == structure(before)
    assert table.log == log
    assert table.spaces[space] == []  # the Worker did not stay on the space either


HALFWAY = """
building "Halfway Yard" (trout A901)
  cost none
  vp 0
  worker space:
    take 3 wood, take 2 guests, deforest, return 9 gold

building "Guest Book" (trout A902)
  cost none
  vp 0
  each time after you place a new guest in supply:
    take 1 fish
"""


def test_an_effect_that_fails_on_its_last_step_leaves_the_table_equal_to_a_deep_copy_taken_before() -> None:
    """Wood, two Guests (each setting off a hook that takes a fish), a Forest removed and its own event, and the
    Worker on the card all come before the payment that cannot be made: every one of them is taken back."""
    yard_spec, book_spec = load_cards(HALFWAY, "halfway.nus")
    table = make_table(2, specs=every_card(), seed=5)
    player = table.players[0]
    yard, _ = put_in_play(table, player, yard_spec), put_in_play(table, player, book_spec)
    player.supply.update(wood=0, fish=0, gold=1, guest=0)
    forests = list(player.harbor.forests)
    script(table, "0")  # the Forest removed: the first double space's
    before, log = deep_copy(table), list(table.log)
    with pytest.raises(IllegalAction, match="needs 9"):
        attempt(table, lambda: place_worker(table, player, yard))
    assert structure(table) == structure(before)
    assert table.log == log
    assert player.supply == {"wood": 0, "fish": 0, "gold": 1, "guest": 0}
    assert list(player.harbor.forests) == forests and yard.worker is None and yard.used_round != table.round

    script(table, "0")
    player.supply["gold"] = 9  # now it can pay: the same steps all happen, and stay
    place_worker(table, player, yard)
    wood = 3 + rule(table, player, "deforest_wood")  # the Deforest action's own wood too
    assert player.supply == {"wood": wood, "fish": 2, "gold": 0, "guest": 2}
    assert list(player.harbor.forests) == [forests[0] - 1, *forests[1:]] and yard.worker == player.index


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_undo_to_a_mark_taken_anywhere_in_a_game_gives_back_the_table_of_a_deep_copy_taken_there(seed: int) -> None:
    """Whatever a game changes after a mark (cards built, Elders taken, decks dealt, rounds ended), undo
    takes it all back: the journal misses no way the table changes."""
    players = 2 + seed % 3
    game = Game.new(every_card(), players, seed, [None] * players)
    marks = 0
    while (decision := game.to_move()) is not None:
        if len(game.table.log) % 7 == seed % 7:  # a spread of positions, different for each seed
            before, log = deep_copy(game.table), list(game.table.log)
            with game.mark() as mark:
                game.copy().play_out(RandomPlayer(seed))  # a copy's play goes on its own table
                game.play_out(RandomPlayer(seed))
                assert game.over
                game.undo(mark)
            assert structure(game.table) == structure(before)
            assert game.table.log == log and question(game.to_move()) == question(decision)
            marks += 1
        game.apply(len(decision.options) - 1)
    assert marks > 5
    assert game.table._journal.entries == []  # every mark released: nothing is journaled any more


def test_choose_legal_asks_again_without_a_failed_option_and_leaves_the_options_given_as_they_were() -> None:
    table = make_table()
    me = table.players[0]
    options = ["fails", "gains", "never asked"]
    script(table, "fails", "gains")

    def act(choice: str) -> str:
        me.supply["gold"] += 1
        if choice == "fails":
            raise IllegalAction("not this one")
        return choice

    before = me.supply["gold"]
    assert choose_legal(table, me.index, DecisionKind.CHOOSE_ONE, options, "which?", act) == "gains"
    assert me.supply["gold"] == before + 1  # the failed try was undone
    assert options == ["fails", "gains", "never asked"]
    assert table.session.decider.asked == [
        (0, "choose_one", ["fails", "gains", "never asked"]),
        (0, "choose_one", ["gains", "never asked"]),
    ]
    script(table, "fails")  # then "gains" is the only one left, taken without asking
    with pytest.raises(IllegalAction, match="P1 has no legal choose_one: fails: not this one; gains: no"):
        choose_legal(table, me.index, DecisionKind.CHOOSE_ONE, ("fails", "gains"), "which?", refuse)
    assert me.supply["gold"] == before + 1


def refuse(choice: str) -> None:
    raise IllegalAction("not this one" if choice == "fails" else "no")
