"""Forests on the Harbor board: removing them one at a time, Deforest, Thin Out and Reforest."""

from __future__ import annotations

from runtime.board import forest_count, forested_doubles, reforestable
from runtime.decisions import ask
from runtime.events import emit
from runtime.goods import gain
from runtime.play import rule
from runtime.state import IllegalAction, Player, Table


def remove_forest(table: Table, player: Player) -> None:
    """The player picks the double space; the after-window says whether a Building space was revealed."""
    doubles = forested_doubles(player)
    if not doubles:
        raise IllegalAction(f"P{player.index} has no Forest to remove")
    double = ask(table, player.index, "forest", doubles, "remove a Forest from which double space?")
    player.harbor.forests[double] -= 1
    revealed = player.harbor.forests[double] == 0
    table.say(f"P{player.index} removes a forest from double space {double}")
    emit(table, "remove_forest", "after", player, revealed_space=revealed)


def remove_all_forests(table: Table, player: Player) -> int:
    removed = 0
    while forest_count(player):
        remove_forest(table, player)
        removed += 1
    return removed


def deforest(table: Table, player: Player) -> None:
    """Assumed: remove one Forest and take deforest_wood wood."""
    emit(table, "deforest", "before", player)
    remove_forest(table, player)
    gain(table, player, "wood", table.rules.deforest_wood)
    emit(table, "deforest", "after", player)


def thin_out(table: Table, player: Player) -> None:
    """Assumed: wood per Forest (at least thin_out_min_wood); the Forests stay. Pointless at the wood limit."""
    if player.supply["wood"] >= rule(table, player, "wood_limit"):
        raise IllegalAction(f"P{player.index} is at the wood limit")
    emit(table, "thin_out", "before", player)
    wood = max(table.rules.thin_out_min_wood, forest_count(player) * table.rules.thin_out_wood_per_forest)
    gain(table, player, "wood", wood)
    emit(table, "thin_out", "after", player)


def reforest(table: Table, player: Player, on_action_space: bool) -> None:
    """Place 1..N Forests (N the owner's reforest_up_to) on one double space free of Buildings."""
    emit(table, "reforest", "before", player, on_action_space=on_action_space)
    doubles = reforestable(table, player)
    if not doubles:
        raise IllegalAction(f"P{player.index} has no double space to reforest")
    double = ask(table, player.index, "double_space", doubles, "reforest which double space?")
    most = rule(table, player, "reforest_up_to")
    count = ask(table, player.index, "how_many", list(range(most, 0, -1)), "how many Forests?")
    player.harbor.forests[double] += count
    table.say(f"P{player.index} places {count} forests on double space {double}")
    emit(table, "reforest", "after", player, on_action_space=on_action_space)
