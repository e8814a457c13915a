"""All-or-nothing attempts: a choice whose option turns out impossible is restored and asked again without it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from runtime.core.decisions import DecisionKind, Option, decide_among, label_of_option
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
    legal: Callable[[Any], bool] | None = None,
) -> T:
    """Ask for an option and carry out its value; options that fail are not legal, none legal is IllegalAction.
    The options are Options or raw values (asked with their default labels); a failed one is dropped by its place,
    from a copy of them made at the first failure (most choices find none).

    legal, when given, is a check cheaper than trying: whether an option's value could succeed as the table is. The
    options it refuses are not offered. A decider is shown exactly the others, with where they sit among the
    candidates (the Decision's `among`). A blind decider (random players, see decide_among) is shown nothing: it
    draws among the candidates (once one is found legal), and only the one drawn is checked; a refused one is
    dropped and the draw made again. That picks among the others as evenly, and as a random player shown the
    Decision picks (random_pick), so a game plays the same either way, while a blind pick checks only the options
    drawn, not all of them."""
    session = table.session
    blind = legal is not None and session.tracer is None and getattr(session.decider, "blind", None) is not None
    among = None
    if legal is not None and not blind:
        places = tuple([place for place, option in enumerate(options) if legal(value_of(option))])
        if len(places) < len(options):
            among = (len(options), places)
            options = [options[place] for place in places]
    remaining = list(options) if blind else options
    failures: list[tuple[str, str]] = []
    mark = table.snapshot()
    try:
        while remaining:
            if blind:
                index = draw_legal(table, player, kind, remaining, prompt, legal)  # type: ignore[arg-type]
                if index is None:
                    break
            else:
                index = decide_among(table, player, kind, remaining, prompt, among)
            choice = remaining[index]
            try:
                return act(value_of(choice))
            except IllegalAction as why:
                table.restore(mark)
                label = label_of_option(choice)
                if table.session.keep_log:
                    table.say(f"{player_name(player)} {kind} {label}: not possible ({why})", player)
                failures.append((label, str(why)))  # not the exception: its traceback holds this frame, a cycle
                if remaining is options:
                    remaining = list(options)
                del remaining[index]
                if blind:  # from here on as a decider shown the options is asked: exactly the legal ones left
                    remaining = [option for option in remaining if legal(value_of(option))]  # type: ignore[misc]
                    blind = False
                among = None
    finally:
        table.release(mark)
    reasons = "; ".join(f"{label}: {why}" for label, why in failures)
    raise IllegalAction(f"{player_name(player)} has no legal {kind}{': ' if reasons else ''}{reasons}")


def draw_legal(
    table: Table, player: int, kind: DecisionKind, remaining: list[Any], prompt: str, legal: Callable[[Any], bool]
) -> int | None:
    """A blind decider's pick among remaining (its place there) of an option legal allows, each option drawn that it
    refuses dropped from remaining; None once none is left, and without a draw when none is legal (a decider shown
    no option is not asked). value_of is inlined: asked for most options of every turn."""
    for option in remaining:
        if legal(option.value if option.__class__ is Option else option):
            break
    else:
        return None
    while remaining:
        index = decide_among(table, player, kind, remaining, prompt)
        option = remaining[index]
        if legal(option.value if option.__class__ is Option else option):
            return index
        del remaining[index]
    return None


def value_of(option: Any) -> Any:
    return option.value if option.__class__ is Option else option
