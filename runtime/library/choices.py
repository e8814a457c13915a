"""The choices a card offers (may, choose one, up to) and its rule values; a body that cannot be carried out
in full is undone and counts as not chosen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runtime.core.attempts import attempt, choose_legal
from runtime.core.decisions import DecisionKind, ask
from runtime.core.rules_in_force import rule as rule_value
from runtime.model.cards import Context
from runtime.model.state import IllegalAction


def may(ctx: Context, text: str, body: Callable[[], None]) -> bool:
    """Ask yes/no; the body runs all-or-nothing, and a body that cannot be completed counts as declined."""
    if not ask(ctx.table, ctx.me.index, DecisionKind.MAY, [True, False], f"{card_name(ctx)}: you may {text}"):
        return False
    try:
        attempt(ctx.table, body)
    except IllegalAction as why:
        ctx.table.say(f"{ctx.me.name} {card_name(ctx)}: could not {text} ({why})", ctx.me.index, card=ctx.card)
        return False
    return True


def choose_one(ctx: Context, options: list[tuple[str, Callable[[], None]]]) -> None:
    """Mandatory; an option that fails is not legal, so the table is restored and it is asked again without it."""
    bodies = dict(options)
    choose_legal(
        ctx.table,
        ctx.me.index,
        DecisionKind.CHOOSE_ONE,
        list(bodies),
        f"{card_name(ctx)}: choose one",
        lambda t: bodies[t](),
    )


def up_to(ctx: Context, times: int, text: str, body: Callable[[], None]) -> None:
    """The player picks how many times (0..times); a count that cannot be carried out in full is not
    legal, so the player is asked again among the others (0 always is)."""
    if times <= 0:
        return

    def repeat(count: int) -> None:
        for _ in range(count):
            body()

    prompt = f"{card_name(ctx)}: {text} how often?"
    choose_legal(ctx.table, ctx.me.index, DecisionKind.UP_TO, list(range(times, -1, -1)), prompt, repeat)


def rule(ctx: Context, key: str, **scope: Any) -> Any:
    return rule_value(ctx.table, ctx.me, key, **scope)


def card_name(ctx: Context) -> str:
    return ctx.card.name if ctx.card is not None else "effect"
