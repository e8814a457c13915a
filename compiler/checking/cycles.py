"""Hooks that set themselves off: an `each time ... EVENT` ability whose effect causes EVENT again, directly or
through other cards' hooks, would run without end. Where the language makes it visible — an unguarded hook, an
effect carried out unconditionally, an effect whose vocabulary entry declares the events it `causes` — it is an
error naming every line of the loop. A loop through a guard, a choice or a repeat may end, as the table and the
players decide: it is a warning naming the same lines (issue 36). Either is stopped at run time if it never ends
(runtime/core/events.py, TriggerLoop)."""

from __future__ import annotations

from collections.abc import Iterator

from compiler import diagnostic_codes as codes
from compiler.checking import vocabulary as vocab
from compiler.diagnostics import Diagnostic, Span
from compiler.plain import Plain
from compiler.syntax import nodes as n
from runtime.model.declarations import Actor, TriggerKind


class Link(Plain):
    """A hook on `event` (heard from `actor`) that, unconditionally, carries out an effect causing `causes`: plain
    data (the card's name, the hook's span and text, the effect's line and readable pattern), cached with its card."""

    __slots__ = ("event", "causes", "card", "actor", "hook", "hook_text", "effect_line", "effect_pattern", "certain")

    def __init__(
        self,
        event: str,
        causes: str,
        card: str,
        actor: Actor,
        hook: Span,
        hook_text: str,
        effect_line: int,
        effect_pattern: str,
        certain: bool,
    ) -> None:
        self.event = event
        self.causes = causes
        self.card = card
        self.actor = actor
        self.hook = hook
        self.hook_text = hook_text
        self.effect_line = effect_line
        self.effect_pattern = effect_pattern
        # an unguarded hook and an effect carried out whatever the table holds and the players choose
        self.certain = certain


def links(card: n.Card) -> list[Link]:
    found = []
    for ability in card.abilities:
        trigger = ability.trigger
        if trigger.kind is not TriggerKind.EACH_TIME or trigger.entry is None:
            continue
        for call, certain in calls(ability.body, trigger.guard is None):
            found += [
                Link(
                    trigger.entry.impl,
                    caused,
                    card.name,
                    trigger.actor,
                    trigger.span,
                    hook_text(trigger),
                    call.span.line,
                    vocab.readable(call.entry.pattern),
                    certain,
                )
                for caused in call.entry.caused(call.args)
            ]
    return found


def calls(body: tuple[n.Statement, ...], certain: bool) -> Iterator[tuple[n.Call, bool]]:
    """Each effect of a body, and whether it is carried out whenever the body is: not inside a choice, a repeat of a
    number the table decides, or a condition."""
    for statement in body:
        if isinstance(statement, n.Call):
            yield statement, certain
        elif isinstance(statement, n.May | n.UpTo):
            yield from calls(statement.body, False)
        elif isinstance(statement, n.ChooseOne):
            for option in statement.options:
                yield from calls(option, False)
        elif isinstance(statement, n.If):
            yield from calls((*statement.then, *statement.otherwise), False)


def loop_from(start: Link, by_event: dict[str, list[Link]]) -> list[Link] | None:
    """The shortest chain of links from `start` back to its own hook, breadth first."""
    paths = [[start]]
    seen = {id(start)}
    while paths:
        longer = []
        for path in paths:
            for following in by_event.get(path[-1].causes, []):
                if following is start and not owner_only(path):
                    return path
                if id(following) not in seen:
                    seen.add(id(following))
                    longer.append([*path, following])
        paths = longer
    return None


def trigger_loops(every: list[Link]) -> list[Diagnostic]:
    """An error for each loop of certain links; a warning for each other loop whose first hook is in no error's."""
    certain = loops([link for link in every if link.certain])
    erred = {link.hook for loop in certain for link in loop}
    maybe = [loop for loop in loops(every) if not all(link.certain for link in loop) and loop[0].hook not in erred]
    return [*(loop_diagnostic(loop) for loop in certain), *(loop_diagnostic(loop, maybe=True) for loop in maybe)]


def loops(every: list[Link]) -> list[list[Link]]:
    """The shortest loop through each link, each loop once."""
    by_event: dict[str, list[Link]] = {}
    for link in every:
        by_event.setdefault(link.event, []).append(link)
    reported: set[frozenset[int]] = set()
    found = []
    for link in every:
        loop = loop_from(link, by_event)
        if loop is None or frozenset(map(id, loop)) in reported:
            continue
        reported.add(frozenset(map(id, loop)))
        found.append(loop)
    return found


def owner_only(path: list[Link]) -> bool:
    """A chain on one card whose hooks include an `another player` one cannot close: every effect in it is the
    card owner's, and that hook never hears its owner."""
    return len({link.card for link in path}) == 1 and any(link.actor is Actor.ANOTHER_PLAYER for link in path)


def hook_text(trigger: n.Trigger) -> str:
    return f"each time {trigger.timing} {trigger.actor} {trigger.entry.pattern}"


def loop_diagnostic(loop: list[Link], maybe: bool = False) -> Diagnostic:
    steps = [
        f'line {link.hook.line} "{link.hook_text}" ({link.card}), line {link.effect_line} "{link.effect_pattern}"'
        for link in loop
    ]
    if len(loop) == 1:
        message = f"this ability {'may set' if maybe else 'sets'} itself off without end"
    else:
        message = f"these abilities {'may ' if maybe else ''}set each other off without end"
    hint = "make sure a condition or choice ends it" if maybe else "guard the hook or change the effect"
    return (codes.TRIGGER_LOOP_MAYBE if maybe else codes.TRIGGER_LOOP).diagnostic(
        message, loop[0].hook, " -> ".join(steps) + f" -> line {loop[0].hook.line} again; {hint}"
    )
