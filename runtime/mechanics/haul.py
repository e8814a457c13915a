"""The haul's distribution, steps 1 to 3 of the Fishing Phase: fish on Elders, on others' Shares, on one's own
Shares and for the Guests on Ships, the rest to the Reserve, and the surplus back to the general supply."""

from __future__ import annotations

from runtime.core.decisions import DecisionKind, ask
from runtime.core.rules_in_force import rule
from runtime.mechanics.elders import add_fish_to_elder
from runtime.mechanics.goods import gain, to_reserve
from runtime.mechanics.shares import held_by_others, held_by_self
from runtime.model.state import Player, Table


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
        if elder in player.council:  # not one an earlier Elder's discard (a hook of it) took out of the council
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
