"""All-or-nothing attempts: a choice whose option turns out impossible is restored and asked again without it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from runtime.engine.decisions import DecisionKind, Option, decide_among, label_of_option
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
    """Ask for an option and carry out its value; options that fail are not legal, none legal is IllegalAction.
    The options are Options or raw values (asked with their default labels); a failed one is dropped by its place,
    from a copy of them made at the first failure (most choices find none)."""
    remaining = options
    failures: list[tuple[str, str]] = []
    mark = table.snapshot()
    try:
        while remaining:
            index = decide_among(table, player, kind, remaining, prompt)
            choice = remaining[index]
            try:
                return act(choice.value if choice.__class__ is Option else choice)
            except IllegalAction as why:
                table.restore(mark)
                label = label_of_option(choice)
                if table.session.keep_log:
                    table.say(f"{player_name(player)} {kind} {label}: not possible ({why})", player)
                failures.append((label, str(why)))  # not the exception: its traceback holds this frame, a cycle
                if remaining is options:
                    remaining = list(options)
                del remaining[index]
    finally:
        table.release(mark)
    reasons = "; ".join(f"{label}: {why}" for label, why in failures)
    raise IllegalAction(f"{player_name(player)} has no legal {kind}: {reasons}")
