"""Facts: the truths a condition reads (the vocabulary's FACTS)."""

from __future__ import annotations

from runtime.core.events import action_running
from runtime.model.cards import Context


def during_action(ctx: Context) -> bool:
    return action_running(ctx.table)


def is_even(ctx: Context, count: str, *args: object) -> bool:
    """Whether a count (named by its impl, with its slot values) is even."""
    return counted(ctx, count, args) % 2 == 0


def is_odd(ctx: Context, count: str, *args: object) -> bool:
    return counted(ctx, count, args) % 2 == 1


def counted(ctx: Context, count: str, args: tuple) -> int:
    from runtime import library  # the namespace of every count; it imports this module, so not at the top

    return getattr(library, count)(ctx, *args)


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
