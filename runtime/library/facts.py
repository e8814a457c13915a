"""Facts: the truths a condition reads (the vocabulary's FACTS)."""

from __future__ import annotations

from runtime.model.cards import Context


def during_action(ctx: Context) -> bool:
    return ctx.table.action_depth > 0


def elder_left_supply(ctx: Context, elder: str) -> bool:
    return all(spec.name != elder for stack in ctx.table.elder_stacks for spec in stack)
