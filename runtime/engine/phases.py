"""The round: Fishing Phase, Work Phase, end of round, Returning Home Phase."""

from __future__ import annotations

from collections.abc import Iterator

from runtime.engine.actions import offer_any_time, take_turn
from runtime.engine.decisions import DecisionKind, ask
from runtime.engine.events import check_latches, emit_each
from runtime.engine.play import rule
from runtime.mechanics.board import haul_size
from runtime.mechanics.elders import add_fish_to_elder
from runtime.mechanics.goods import gain, offer_guests_on_ships, to_reserve
from runtime.mechanics.shares import held_by_others, held_by_self, settle_share_fish, turn_order
from runtime.model.declarations import FISHING_PHASE_START, RETURNING_HOME, ROUND_END
from runtime.model.state import Player, Table


def play_round(table: Table) -> None:
    for _ in round_steps(table):
        pass


def round_steps(table: Table) -> Iterator[str]:
    """The round one step at a time, so a caller can look at the table between the steps it names."""
    begin_round(table)
    fishing_phase(table)
    yield "fishing phase"
    yield from work_steps(table)
    end_of_round(table)
    yield "end of round"
    returning_home(table)
    yield "returning home"


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
    for player in table.players:
        player.elders_used_round = 0
    if table.round == rule(table, None, "c_cards_round"):
        deal_c_cards(table)


def fishing_phase(table: Table) -> None:
    fishing_phase_start(table)
    for player in turn_order(table):
        between_turns(table, player)
    for player in turn_order(table):
        distribute(table, player, haul_size(table, player))
    end_fishing(table)


def fishing_phase_start(table: Table) -> None:
    emit_each(table, FISHING_PHASE_START, "at", turn_order(table))


def end_fishing(table: Table) -> None:
    settle_share_fish(table)
    check_latches(table)


def distribute(table: Table, player: Player, haul: int) -> None:
    """Steps 1-3 (1 and 3 swapped if the owner's rule allows and they choose), then the Reserve and the surplus.
    The Guests on Ships are part of step 3 ("after placing fish on issued Shares in your possession"), so they move
    with it."""
    steps = [fish_elders, fish_others_shares, fish_own_shares]
    if rule(table, player, "swap_distribution") and ask(
        table, player.index, DecisionKind.SWAP_DISTRIBUTION, [False, True], "swap distribution steps 1 and 3?"
    ):
        steps.reverse()
    if table.session.keep_log:
        table.say(f"{player.name} distributes a haul of {haul}", player.index)
    for step in steps:
        haul = step(table, player, haul)
    kept = to_reserve(table, player, "fish", haul)
    if haul > kept and table.session.keep_log:
        table.say(f"{player.name} returns {haul - kept} surplus fish", player.index)


def fish_elders(table: Table, player: Player, haul: int) -> int:
    for elder in list(player.council):
        if haul == 0:
            break
        table.from_general("fish", 1)
        add_fish_to_elder(table, elder, 1)
        haul -= 1
    return haul


def fish_others_shares(table: Table, player: Player, haul: int) -> int:
    return fish_on_shares(table, held_by_others(table, player), haul)


def fish_own_shares(table: Table, player: Player, haul: int) -> int:
    """Step 3: own issued Shares in one's own supply, then 1 fish per Guest on a Ship."""
    return fish_guests_on_ships(table, player, fish_on_shares(table, held_by_self(table, player), haul))


def fish_on_shares(table: Table, shares: list, haul: int) -> int:
    """One fish of the haul on each Share, in order, while the haul lasts (taken from the general supply at once)."""
    fished = shares[:haul]
    if fished:
        table.from_general("fish", len(fished))
    for share in fished:
        share.fish += 1
    return haul - len(fished)


def fish_guests_on_ships(table: Table, player: Player, haul: int) -> int:
    guests = 0
    for ship in player.track.ships:  # a plain loop costs less than sum() over a generator: asked on every fishing
        guests += ship.guest
    fish = min(haul, guests)
    gain(table, player, "fish", fish)
    return haul - fish


def work_phase(table: Table) -> None:
    for _ in work_steps(table):
        pass


def work_steps(table: Table) -> Iterator[str]:
    for turn in range(1, rule(table, None, "workers") + 1):
        table.turn = turn
        for player in turn_order(table):
            player.turns_taken = turn
            take_turn(table, player)
            between_turns(table, player)
            yield "worker turn"


def between_turns(table: Table, player: Player) -> None:
    """The moments "at any time" abilities and Guests boarding Ships are offered (ruling)."""
    offer_guests_on_ships(table, player)
    offer_any_time(table, player)


def end_of_round(table: Table) -> None:
    """Ruling: "end of round" fires after the three turns and before the Workers return home."""
    table.turn = rule(table, None, "workers") + 1
    emit_each(table, ROUND_END, "at", turn_order(table))


def returning_home(table: Table) -> None:
    emit_each(table, RETURNING_HOME, "at", turn_order(table))
    for workers in table.spaces.values():
        workers.clear()
    for player in table.players:
        for card in player.council + player.buildings:
            if card.worker is not None:
                card.worker = None
    table.start_player = (table.start_player + 1) % len(table.players)
    check_latches(table)
