"""Counts over the other players (the vocabulary's OTHER_PLAYERS): one of the player's own counts, named by its
`impl`, read for each other player as though they were the card's owner."""

from __future__ import annotations

from runtime.model.cards import Context


def each_other(ctx: Context, count: str, args: tuple) -> list[int]:
    """The count's value for each player but the card's owner, in seat order."""
    from runtime import library  # the namespace of every count; it imports this module, so not at the top

    read = getattr(library, count)
    table, me = ctx.table, ctx.me
    return [read(Context(table, other, ctx.card, ctx.event), *args) for other in table.players if other is not me]


def most_among_others(ctx: Context, count: str, *args: object) -> int:
    return max(each_other(ctx, count, args), default=0)


def fewest_among_others(ctx: Context, count: str, *args: object) -> int:
    return min(each_other(ctx, count, args), default=0)


def total_among_others(ctx: Context, count: str, *args: object) -> int:
    return sum(each_other(ctx, count, args))


def others_with(ctx: Context, count: str, *args: object) -> int:
    return sum(value > 0 for value in each_other(ctx, count, args))
