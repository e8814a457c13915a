"""All-or-nothing attempts: a choice whose option turns out impossible is restored and asked again without it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from runtime.engine.decisions import DecisionKind, Option, as_options, decide_among
from runtime.model.state import IllegalAction, Table, player_name

T = TypeVar("T")


def attempt(table: Table, act: Callable[[], T]) -> T:
    """Run act; if it raises IllegalAction the table is exactly as before and the exception propagates. (The marks
    here are released in `finally`, not by `with`: these two run on every turn, and a with-block costs two calls.)"""
    mark = table.snapshot()
    try:
        return act()
    except IllegalAction:
        table.restore(mark)
        raise
    finally:
        table.release(mark)


def choose_legal(
    table: Table,
    player: int,
    kind: DecisionKind,
    options: Sequence[Any],
    prompt: str,
    act: Callable[[Any], T],
) -> T:
    """Ask for an option and carry out its value; options that fail are not legal, none legal is IllegalAction."""
    remaining = as_options(options)
    failures: list[tuple[Option, str]] = []
    mark = table.snapshot()
    try:
        while remaining:
            choice = decide_among(table, player, kind, remaining, prompt)
            try:
                return act(choice.value)
            except IllegalAction as why:
                table.restore(mark)
                if table.session.keep_log:
                    table.say(f"{player_name(player)} {kind} {choice.label}: not possible ({why})", player)
                failures.append((choice, str(why)))  # not the exception: its traceback holds this frame, a cycle
                remaining = without(remaining, choice)
    finally:
        table.release(mark)
    reasons = "; ".join(f"{choice.label}: {why}" for choice, why in failures)
    raise IllegalAction(f"{player_name(player)} has no legal {kind}: {reasons}")


def without(options: tuple[Option, ...], chosen: Option) -> tuple[Option, ...]:
    """The options but the chosen one itself (tuple.index would compare the options before it by value and label)."""
    return tuple([option for option in options if option is not chosen])
