"""All-or-nothing attempts: a choice whose option turns out impossible is restored and asked again without it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from runtime.engine.decisions import DecisionKind, Option, decide_among
from runtime.model.state import IllegalAction, Table, player_name

T = TypeVar("T")


def attempt(table: Table, act: Callable[[], T]) -> T:
    """Run act; if it raises IllegalAction the table is exactly as before and the exception propagates."""
    with table.snapshot() as mark:
        try:
            return act()
        except IllegalAction:
            table.restore(mark)
            raise


def choose_legal(
    table: Table,
    player: int,
    kind: DecisionKind,
    options: Sequence[Any],
    prompt: str,
    act: Callable[[Any], T],
) -> T:
    """Ask for an option and carry out its value; options that fail are not legal, none legal is IllegalAction."""
    remaining = [option if option.__class__ is Option else Option(option) for option in options]
    failures: list[tuple[Option, IllegalAction]] = []
    with table.snapshot() as mark:
        while remaining:
            choice = decide_among(table, player, kind, tuple(remaining), prompt)
            try:
                return act(choice.value)
            except IllegalAction as why:
                table.restore(mark)
                table.say(f"{player_name(player)} {kind} {choice.label}: not possible ({why})", player)
                failures.append((choice, why))
                del remaining[index_of(remaining, choice)]
    reasons = "; ".join(f"{choice.label}: {why}" for choice, why in failures)
    raise IllegalAction(f"{player_name(player)} has no legal {kind}: {reasons}")


def index_of(options: list[Option], chosen: Option) -> int:
    """Where the chosen option itself is (list.index would compare the options before it by value and label)."""
    return next(index for index, option in enumerate(options) if option is chosen)
