"""Forests on the Harbor board: removing them one at a time, Deforest, Thin Out and Reforest."""

from __future__ import annotations

from runtime.core.decisions import DecisionKind, ask
from runtime.core.events import emit
from runtime.core.in_play import remove_from_play
from runtime.core.rules_in_force import rule
from runtime.mechanics.board import forest_cards, forest_count, forested_doubles, reforestable
from runtime.mechanics.goods import gain, holdings
from runtime.model.declarations import DEFOREST, REFOREST, REMOVE_FOREST, THIN_OUT, Timing
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


def remove_forest(table: Table, player: Player) -> None:
    """The player picks a double space, or a Building that counts as a Forest (it leaves play, revealing its
    space); the after-window says whether a Building space was revealed."""
    options: list[object] = [*forested_doubles(player), *forest_cards(table, player)]
    if not options:
        raise IllegalAction(f"{player.name} has no Forest to remove")
    choice = ask(table, player.index, DecisionKind.FOREST, options, "remove which Forest?")
    if isinstance(choice, CardInPlay):
        remove_from_play(table, choice)
        revealed = True
    else:
        player.harbor.forests[choice] -= 1
        revealed = player.harbor.forests[choice] == 0
        if table.session.keep_log:
            table.say(f"{player.name} removes a forest from double space {choice}", player.index)
    emit(table, REMOVE_FOREST, Timing.AFTER, player, revealed_space=revealed)


def remove_all_forests(table: Table, player: Player) -> int:
    """Ruling: the Forests there when it starts, one at a time; Forests a hook of a removal puts back stay (else
    such a hook would refill the board as fast as it empties, without end), and it ends early once none is left."""
    present, removed = forest_count(table, player), 0
    while removed < present and forest_count(table, player):
        remove_forest(table, player)
        removed += 1
    return removed


def deforest(table: Table, player: Player) -> None:
    """Assumed: remove one Forest and take deforest_wood wood."""
    emit(table, DEFOREST, Timing.BEFORE, player)
    remove_forest(table, player)
    gain(table, player, "wood", rule(table, player, "deforest_wood"))
    emit(table, DEFOREST, Timing.AFTER, player)


def thin_out(table: Table, player: Player) -> None:
    """Assumed: wood per Forest (at least thin_out_min_wood); the Forests stay. Base rule 3: an action that brings
    practically nothing is not allowed, counting what cards give for it too (so at the wood limit a card paying
    out for it makes it worth taking); the caller restores the table."""
    before = holdings(player)
    emit(table, THIN_OUT, Timing.BEFORE, player)
    per_forest = rule(table, player, "thin_out_wood_per_forest")
    wood = max(rule(table, player, "thin_out_min_wood"), forest_count(table, player) * per_forest)
    gain(table, player, "wood", wood)
    emit(table, THIN_OUT, Timing.AFTER, player)
    if holdings(player) == before:
        raise IllegalAction(f"{player.name} gains nothing from Thin Out")


def reforest(table: Table, player: Player, on_action_space: bool) -> None:
    """Place the usual number of Forests (reforest_forests) on one double space free of Buildings; a card's
    reforest_up_to lets the owner place any number from 1 up to it instead (ruling: the usual number stays
    available)."""
    emit(table, REFOREST, Timing.BEFORE, player, on_action_space=on_action_space)
    doubles = reforestable(table, player)
    if not doubles:
        raise IllegalAction(f"{player.name} has no double space to reforest")
    double = ask(table, player.index, DecisionKind.DOUBLE_SPACE, doubles, "reforest which double space?")
    usual = rule(table, player, "reforest_forests")
    counts = sorted({usual, *range(1, rule(table, player, "reforest_up_to") + 1)}, reverse=True)
    count = ask(table, player.index, DecisionKind.HOW_MANY, counts, "how many Forests?")
    player.harbor.forests[double] += count
    if table.session.keep_log:
        table.say(f"{player.name} places {count} forests on double space {double}", player.index)
    emit(table, REFOREST, Timing.AFTER, player, on_action_space=on_action_space)
