"""Attaching compiled cards: dispatch, guards, latches, worker spaces, any-time abilities, rules, choices.

The cards here are hand-made with tiny lambdas to exercise the runtime's mechanics only.
"""

import pytest

from runtime import library
from runtime.core import events
from runtime.core.events import emit, emit_each
from runtime.core.in_play import attach, remove_from_play
from runtime.core.rules_in_force import printed_plates, rule, scoped_rule
from runtime.game.actions import offer_any_time, perform, take_turn, turn_options
from runtime.mechanics.banquet import serve_fish
from runtime.mechanics.buildings import build
from runtime.mechanics.goods import gain, pay
from runtime.model.cards import Ability, Context
from runtime.model.declarations import ROUND_END, SERVE_FISH, THIN_OUT
from runtime.model.state import CardInPlay, IllegalAction
from tests.kit.table_kit import labels, make_table, mechanic, picture, script


def on(event, timing, effect, guard=None, actor="you", kind="each_time"):
    return Ability(kind, effect, guard=guard, event=event, timing=timing, actor=actor)


def put_in_play(table, player, spec):
    card = CardInPlay(spec, player, cell=None)
    player.buildings.append(card)
    attach(table, card)
    return card


def test_each_time_hears_only_its_owner_unless_any_player():
    table = make_table()
    me, other = table.players
    heard = []
    put_in_play(table, me, mechanic("Mine", (on("return_guest", "after", lambda ctx: heard.append("mine")),)))
    put_in_play(
        table, me, mechanic("All", (on("return_guest", "after", lambda ctx: heard.append("all"), actor="any player"),))
    )
    other.supply["guest"] = 1
    library.give_back(Context(table, other), 1, "guest")
    assert heard == ["all"]


def test_the_guard_is_checked_before_the_effect():
    table = make_table()
    me = table.players[0]
    ability = on(
        "serve_fish", "after", lambda ctx: gain(table, me, "wood", 2), guard=lambda ctx: ctx.event.fish_served >= 3
    )
    put_in_play(table, me, mechanic(abilities=(ability,)))
    emit(table, SERVE_FISH, "after", me, fish_served=2, plates_filled=1)
    assert me.supply["wood"] == 2
    emit(table, SERVE_FISH, "after", me, fish_served=3, plates_filled=1)
    assert me.supply["wood"] == 4


def test_an_event_nobody_hears_builds_no_event_object(monkeypatch):
    table = make_table()
    monkeypatch.setattr(events, "Event", None)  # building one would fail
    emit(table, THIN_OUT, "before", table.players[0])
    assert table.listeners == {}


def test_as_soon_as_fires_at_build_time_if_already_true_and_only_once():
    table = make_table()
    me = table.players[0]
    latch = Ability("as_soon_as", lambda ctx: gain(table, me, "gold", 3), guard=lambda ctx: ctx.me.supply["wood"] >= 2)
    put_in_play(table, me, mechanic(abilities=(latch,)))
    assert me.supply["gold"] == 5
    gain(table, me, "wood", 5)
    perform(table, me, "gold", "space")
    assert me.supply["gold"] == 6  # the +1 gold only


def test_as_soon_as_fires_after_the_action_that_makes_it_true():
    table = make_table()
    me = table.players[0]
    latch = Ability("as_soon_as", lambda ctx: gain(table, me, "fish", 5), guard=lambda ctx: ctx.me.supply["gold"] >= 3)
    card = put_in_play(table, me, mechanic(abilities=(latch,)))
    assert me.supply["fish"] == 2 and table.latches == [(card, 0)]
    perform(table, me, "gold", "space")
    assert me.supply["fish"] == 7 and table.latches == [] and card.fired == {0}


def test_a_moment_every_player_reaches_asks_the_latches_after_the_first_emit_and_after_each_heard_one():
    """emit_each: the latches are asked after the first player's emit and after another's only if it reached a
    listener (one that reached none changed nothing since the last check); a latch a listener makes true fires at
    once, before the next player's emit."""
    table = make_table(3)
    first, second, third = table.players
    asked = []

    def enough_gold(ctx):
        asked.append(ctx.me.supply["gold"])
        return ctx.me.supply["gold"] >= 4

    latch = Ability("as_soon_as", lambda ctx: gain(table, first, "fish", 5), guard=enough_gold)
    card = put_in_play(table, first, mechanic("Latch", abilities=(latch,)))
    emit_each(table, ROUND_END, "at", table.players)  # no listener: asked once, not once a player
    assert asked == [2, 2]
    seen = []
    put_in_play(table, second, mechanic("Gold", (on("round_end", "at", lambda ctx: gain(table, first, "gold", 2)),)))
    put_in_play(table, third, mechanic("Look", (on("round_end", "at", lambda ctx: seen.append(first.supply["fish"])),)))
    asked.clear()
    first.supply["wood"] += 1
    emit_each(table, ROUND_END, "at", table.players)
    assert asked == [2, 4] and card.fired == {0} and seen == [7]  # after the second's emit, before the third's
    with pytest.raises(ValueError, match="not after"):
        emit_each(table, ROUND_END, "after", table.players)


def test_a_card_removed_from_play_stops_listening():
    table = make_table()
    me = table.players[0]
    card = put_in_play(
        table, me, mechanic(abilities=(on("thin_out", "after", lambda ctx: gain(table, me, "gold", 1)),))
    )
    remove_from_play(table, card)
    perform(table, me, "thin_out", "space")
    assert me.supply["gold"] == 2 and me.buildings == []


def test_a_triggered_ability_that_cannot_be_completed_has_no_effect():
    table = make_table()
    me = table.players[0]

    def greedy(ctx):
        gain(table, me, "fish", 1)
        library.give_back(ctx, 99, "gold")

    put_in_play(table, me, mechanic(abilities=(on("thin_out", "after", greedy),)))
    perform(table, me, "thin_out", "space")
    assert me.supply == {"wood": 6, "fish": 2, "gold": 2, "guest": 0}


def test_worker_space_from_the_next_turn_once_per_round_owner_only():
    table = make_table()
    me, other = table.players
    space = Ability("worker_space", lambda ctx: gain(table, ctx.me, "gold", 4))
    spec = mechanic("Lodge", (space,), costs=())
    table.display = [spec]
    table.turn_counter = 5
    script(table, (1, 2))
    build(table, me, spec)
    assert not any("Lodge" in o for o in labels(turn_options(table, me)))
    table.turn_counter += 1
    assert "Lodge (worker space)" in labels(turn_options(table, me))
    assert not any("Lodge" in o for o in labels(turn_options(table, other)))
    script(table, "Lodge (worker space)")
    take_turn(table, me)
    assert me.supply["gold"] == 6
    assert not any("Lodge" in o for o in labels(turn_options(table, me)))


def test_any_time_abilities_are_offered_with_their_guard_and_can_be_declined():
    table = make_table()
    me = table.players[0]
    ability = Ability(
        "any_time", lambda ctx: gain(table, me, "fish", 1), guard=lambda ctx: ctx.me.supply["fish"] < 4, text="x"
    )
    put_in_play(table, me, mechanic("Pond", (ability,)))
    script(table, "Pond: x", "Pond: x")
    offer_any_time(table, me)  # offered until the guard fails
    assert me.supply["fish"] == 4
    script(table, "done")
    me.supply["fish"] = 0
    offer_any_time(table, me)
    assert me.supply["fish"] == 0


def test_may_declined_or_impossible_changes_nothing():
    table = make_table()
    me = table.players[0]
    ctx = Context(table, me, None)
    before = picture(table)
    script(table, False)
    assert library.may(ctx, "take gold", lambda: library.take(ctx, 1, "gold")) is False

    def impossible():
        library.take(ctx, 3, "fish")
        library.give_back(ctx, 9, "gold")

    script(table, True)
    assert library.may(ctx, "swap", impossible) is False
    assert picture(table) == before


def test_choose_one_drops_failing_options_and_fails_when_none_is_legal():
    table = make_table()
    me = table.players[0]
    ctx = Context(table, me, None)
    options = [
        ("pay 9 gold", lambda: library.give_back(ctx, 9, "gold")),
        ("take 1 fish", lambda: library.take(ctx, 1, "fish")),
    ]
    script(table, "pay 9 gold")  # refused, then the only legal option is taken without asking
    library.choose_one(ctx, "choose one", options)
    assert me.supply["fish"] == 3 and me.supply["gold"] == 2
    before = picture(table)
    with pytest.raises(IllegalAction):
        library.choose_one(ctx, "choose one", [("pay 9 gold", lambda: library.give_back(ctx, 9, "gold"))])
    assert picture(table) == before


def test_up_to_runs_the_body_as_often_as_chosen():
    table = make_table()
    me = table.players[0]
    ctx = Context(table, me, None)
    script(table, 2)
    library.up_to(ctx, 3, "take 1 gold", lambda: library.take(ctx, 1, "gold"))
    assert me.supply["gold"] == 4
    assert table.session.decider.asked[-1] == (0, "up_to", [3, 2, 1, 0])


def test_rule_with_scope_overrides_the_default_for_its_owner_only():
    table = make_table()
    me, other = table.players
    put_in_play(table, me, mechanic(rules={"plate_cost": lambda ctx, printed, before: -(-printed // 2)}))
    assert [rule(table, me, "plate_cost", printed=p) for p in printed_plates(table)] == [1, 1, 2, 2, 2, 2, 3]
    assert [rule(table, other, "plate_cost", printed=p) for p in printed_plates(table)] == list(printed_plates(table))


def test_scoped_rule_answers_as_rule_with_its_keyword_while_cards_come_and_go():
    table = make_table()
    me, other = table.players
    printed = list(printed_plates(table))
    assert [scoped_rule(table, me, "plate_cost", p) for p in printed] == printed
    mark = table.snapshot()
    card = put_in_play(table, me, mechanic(rules={"plate_cost": lambda ctx, printed, before: -(-printed // 2)}))
    halved = [1, 1, 2, 2, 2, 2, 3]
    assert [scoped_rule(table, me, "plate_cost", p) for p in printed] == halved
    assert [rule(table, me, "plate_cost", printed=p) for p in printed] == halved
    assert [scoped_rule(table, other, "plate_cost", p) for p in printed] == printed
    table.restore(mark)
    assert [scoped_rule(table, me, "plate_cost", p) for p in printed] == printed
    table.release(mark)
    me.buildings.append(card)
    assert [scoped_rule(table, me, "plate_cost", p) for p in printed] == halved
    remove_from_play(table, card)
    assert [scoped_rule(table, me, "plate_cost", p) for p in printed] == printed


def test_during_action_holds_only_while_an_action_runs():
    table = make_table()
    me = table.players[0]
    seen = []
    put_in_play(
        table, me, mechanic(abilities=(on("thin_out", "after", lambda ctx: seen.append(library.during_action(ctx))),))
    )
    perform(table, me, "thin_out", "space")
    assert seen == [True] and not library.during_action(Context(table, me))


def test_the_game_log_names_an_action_and_how_it_was_taken_in_the_rulebooks_words():
    """'P1 takes a "Thin Out" action on the action space', never the runtime's 'action thin_out via space'."""
    table = make_table()
    me = table.players[0]
    perform(table, me, "thin_out", "space")
    perform(table, me, "gold", "imitation")
    perform(table, me, "issue_share", "card")
    said = [entry.text for entry in table.session.events if "action" in entry.text]
    assert said[:3] == [
        'P1 takes a "Thin Out" action on the action space',
        'P1 takes a "Gold" action on the Imitation tile',
        'P1 takes an "Issue a Share" action through a card, without a Worker',
    ]
    assert not any("_" in entry.text or " via " in entry.text for entry in table.session.events)


def test_the_game_log_counts_plates_and_names_the_card_whose_you_may_could_not_be_done():
    """'serves 2 fish on 1 plate', never '1 plates'; a "you may" that cannot be carried out is not asked (issue 34
    §4), and one answered yes that turns out impossible says which card offered it (the table is as it was)."""
    table = make_table()
    me = table.players[0]
    me.supply["fish"] = 2
    script(table, "plate of 2")
    serve_fish(table, me)
    card = put_in_play(table, me, mechanic("Pond"))
    wood = me.supply["wood"]
    asked = len(table.session.decider.asked)
    assert not library.may(Context(table, me, card), "give back 9 wood", lambda: pay(table, me, "wood", 9))
    assert len(table.session.decider.asked) == asked and me.supply["wood"] == wood
    tries: list[int] = []

    def impossible_when_done() -> None:  # carried out in the trial, impossible when done
        tries.append(1)
        pay(table, me, "wood", 1 if len(tries) == 1 else 9)

    script(table, True)
    assert not library.may(Context(table, me, card), "give back wood", impossible_when_done)
    assert me.supply["wood"] == wood
    said = [entry.text for entry in table.session.events]
    assert "P1 serves 2 fish on 1 plate" in said
    assert said[-1].startswith("P1 Pond: could not give back wood (")
