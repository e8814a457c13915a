"""Facts: the truths a condition reads (the vocabulary's FACTS)."""

from __future__ import annotations

from runtime.core.events import action_running
from runtime.model.cards import Context


def during_action(ctx: Context) -> bool:
    return action_running(ctx.table)


def by_another_player(ctx: Context) -> bool:
    """The event being heard was set off by a player other than the card's owner."""
    return ctx.event is not None and ctx.event.player is not ctx.me


def elder_left_supply(ctx: Context, elder: str) -> bool:
    """Taken from the supply board at some time and not back on it now: an Elder never dealt has not left it.
    Asked after every change while an "as soon as" waits on it: the board is looked through only once it was taken."""
    table = ctx.table
    if elder not in table.elders_taken:
        return False
    for stack in table.elder_stacks:
        for spec in stack:
            if spec.name == elder:
                return False
    return True
