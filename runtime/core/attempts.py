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
    The options are Options or raw values (asked with their default labels). legal, when given, is a check cheaper
    than trying: whether an option's value could succeed as the table is; the options it refuses are not offered
    (legal_choice). After a failure exactly the legal options left are asked among."""
    remaining = list(options)
    failures: list[tuple[str, str]] = []
    mark = table.snapshot()
    try:
        while (index := legal_choice(table, player, kind, remaining, prompt, legal)) is not None:
            choice = remaining[index]
            try:
                return act(value_of(choice))
            except IllegalAction as why:
                table.restore(mark)
                label = label_of_option(choice)
                if table.session.keep_log:
                    table.say(f"{player_name(player)} {kind} {label}: not possible ({why})", player)
                failures.append((label, str(why)))  # not the exception: its traceback holds this frame, a cycle
                del remaining[index]
                if legal is not None:
                    remaining = [option for option in remaining if legal(value_of(option))]
                    legal = None
    finally:
        table.release(mark)
    reasons = "; ".join(f"{label}: {why}" for label, why in failures)
    raise IllegalAction(f"{player_name(player)} has no legal {kind}{': ' if reasons else ''}{reasons}")


def legal_choice(
    table: Table,
    player: int,
    kind: DecisionKind,
    candidates: list[Any],
    prompt: str,
    legal: Callable[[Any], bool] | None,
) -> int | None:
    """The place among candidates of the option chosen from those `legal` allows (every one when it is None); None
    when there is none. A decider is shown exactly the legal ones, with where they sit among the candidates (the
    Decision's `among`). A decider that picks (a random player, see decide_among) is shown nothing: it draws among
    the candidates, and only the one drawn is checked; a refused one is dropped from candidates and the draw made
    again. That picks among the legal ones as evenly, and as a random player shown the Decision picks (random_pick),
    so a game plays the same either way, while a pick checks only the options drawn, not all of them."""
    if not candidates:
        return None
    if legal is None:
        return decide_among(table, player, kind, candidates, prompt)
    session = table.session
    if session.tracer is None and getattr(session.decider, "pick", None) is not None:
        return draw_legal(table, player, kind, candidates, prompt, legal)
    places = tuple([place for place, option in enumerate(candidates) if legal(value_of(option))])
    if not places:
        return None
    if len(places) == len(candidates):
        return decide_among(table, player, kind, candidates, prompt)
    shown = [candidates[place] for place in places]
    return places[decide_among(table, player, kind, shown, prompt, (len(candidates), places))]


def draw_legal(
    table: Table, player: int, kind: DecisionKind, remaining: list[Any], prompt: str, legal: Callable[[Any], bool]
) -> int | None:
    """A picking decider's draw among remaining (its place there) of an option legal allows, each option drawn that
    it refuses dropped from remaining; None once none is left, and without a draw when none is legal (a decider
    shown no option is not asked). value_of is inlined: asked for most options of every turn."""
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
