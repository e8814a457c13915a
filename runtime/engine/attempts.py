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
    draw = blind_draw(table) if legal is not None else None
    among = None
    if legal is not None and draw is None:
        places = tuple([place for place, option in enumerate(options) if legal(value_of(option))])
        if len(places) < len(options):
            among = (len(options), places)
            options = [options[place] for place in places]
    remaining = list(options) if draw is not None else options
    failures: list[tuple[str, str]] = []
    mark = table.snapshot()
    try:
        while remaining:
            if draw is not None:
                index = draw_legal(player, remaining, legal, draw)  # type: ignore[arg-type]
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
                if draw is not None:  # from here on as a decider shown the options is asked: the legal ones left
                    remaining = [option for option in remaining if legal(value_of(option))]  # type: ignore[misc]
                    draw = None
                among = None
    finally:
        table.release(mark)
    reasons = "; ".join(f"{label}: {why}" for label, why in failures)
    raise IllegalAction(f"{player_name(player)} has no legal {kind}{': ' if reasons else ''}{reasons}")


def blind_draw(table: Table) -> Callable[[int, int], int] | None:
    """The blind decider's draw (its `blind`), when it is asked blind: no tracer watches and it notes no lone option
    (a decider with `automatic` is shown each Decision instead, which picks the same, see random_pick)."""
    session = table.session
    decider = session.decider
    if session.tracer is not None or getattr(decider, "automatic", None) is not None:
        return None
    return getattr(decider, "blind", None)


def draw_legal(
    player: int, remaining: list[Any], legal: Callable[[Any], bool], draw: Callable[[int, int], int]
) -> int | None:
    """A blind decider's pick among remaining (its place there) of an option legal allows, each option drawn that it
    refuses dropped from remaining; None once none is left, and without a draw when none is legal (a decider shown
    no option is not asked). draw: the decider's blind, asked as decide_among asks it (a lone option is taken
    without a draw). value_of is inlined: asked for most options of every turn."""
    for option in remaining:
        if legal(option.value if option.__class__ is Option else option):
            break
    else:
        return None
    while remaining:
        count = len(remaining)
        index = draw(player, count) if count > 1 else 0
        option = remaining[index]
        if legal(option.value if option.__class__ is Option else option):
            return index
        del remaining[index]
    return None


def value_of(option: Any) -> Any:
    return option.value if option.__class__ is Option else option
