"""The steps of a round the driver takes (runtime/game/driver.py): its start, the Fishing Phase's start and end, the
moments between turns, the end of the round, Returning Home; and the moment before scoring."""

from __future__ import annotations

from fractions import Fraction

from runtime.core.events import check_latches, emit_each
from runtime.core.in_play import any_time_owners
from runtime.core.rules_in_force import rule
from runtime.game.actions import offer_any_time
from runtime.mechanics.goods import offer_guests_on_ships
from runtime.mechanics.scoring import score
from runtime.mechanics.shares import settle_share_fish, turn_order
from runtime.model.declarations import BEFORE_SCORING, FISHING_PHASE_START, RETURNING_HOME, ROUND_END, Timing
from runtime.model.state import Player, Table


def deal_c_cards(table: Table) -> None:
    """Assumed: each player is dealt c_cards_per_player C cards into their hand, as far as the deck goes."""
    for player in turn_order(table):
        for _ in range(rule(table, player, "c_cards_per_player")):
            if table.decks["C"]:
                player.hand.append(table.decks["C"].pop())


def begin_round(table: Table) -> None:
    table.round += 1
    table.turn = 0
    table.say("round starts")
    for player in table.players:  # the counts of a Round restart: its first turn is turn 1 again (ruling)
        player.elders_used_round = player.turns_taken = player.extra_turns_round = player.any_time_round = 0
    if table.round == rule(table, None, "c_cards_round"):
        deal_c_cards(table)


def fishing_phase_start(table: Table) -> None:
    emit_each(table, FISHING_PHASE_START, Timing.AT, turn_order(table))


def end_fishing(table: Table) -> None:
    settle_share_fish(table)
    check_latches(table)


def between_turns(table: Table, player: Player) -> None:
    """A player's moment between actions: Guests may board Ships and "at any time" abilities may be used (ruling)."""
    offer_guests_on_ships(table, player)
    offer_any_time(table, player)


def between_actions(table: Table) -> None:
    """A moment outside every action, for every player in turn order: after each worker turn (whoever took it), after
    the distribution, at the end of the Round and after Returning Home (ruling: "at any time ... except during an
    action"). A player with no Guest and no such ability is asked nothing, and not looked at further; while no
    player is either (most moments), nobody is (after every worker turn: it saves 3.1% of a game's instructions)."""
    if not any_time_owners(table):
        for player in table.players:  # noqa: SIM110 - a plain loop costs less than any() over a generator
            if player.supply["guest"]:
                break
        else:
            return
    for player in turn_order(table):
        if player.supply["guest"] or player.index in any_time_owners(table):
            between_turns(table, player)


def end_of_round(table: Table) -> None:
    """Ruling: "end of round" fires after the three turns and before the Workers return home."""
    table.turn = rule(table, None, "workers") + 1
    emit_each(table, ROUND_END, Timing.AT, turn_order(table))


def returning_home(table: Table) -> None:
    emit_each(table, RETURNING_HOME, Timing.AT, turn_order(table))
    for workers in table.spaces.values():
        workers.clear()
    for player in table.players:
        for card in player.council + player.buildings:
            if card.worker is not None:
                card.worker = None
    table.start_player = (table.start_player + 1) % len(table.players)
    check_latches(table)


def final_scores(table: Table) -> dict[int, dict[str, int | Fraction]]:
    """The before-scoring moment (the last chance to board Guests or use an "at any time" ability), the start of
    scoring, then every player's parts."""
    before_scoring(table)
    return {player.index: score(table, player) for player in table.players}


def before_scoring(table: Table) -> None:
    between_actions(table)
    scoring_starts(table)


def scoring_starts(table: Table) -> None:
    """The start of scoring ("at scoring" abilities, such as paying for what is counted), after every player's
    before-scoring moment: "before scoring" comes before anything done during scoring (ruling)."""
    emit_each(table, BEFORE_SCORING, Timing.AT, turn_order(table))
