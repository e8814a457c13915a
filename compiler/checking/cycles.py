"""Hooks that set themselves off: an `each time ... EVENT` ability whose effect causes EVENT again, directly or
through other cards' hooks, would run without end. Where the language makes it visible — an unguarded hook, an
effect carried out unconditionally, an effect whose vocabulary entry declares the events it `causes` — it is a
diagnostic naming every line of the loop. Loops hidden behind guards or choices are stopped at run time
(runtime/core/events.py, TriggerLoop)."""

from __future__ import annotations

from dataclasses import dataclass

from compiler import diagnostic_codes as codes
from compiler.checking import vocabulary as vocab
from compiler.diagnostics import Diagnostic, Span
from compiler.syntax import nodes as n
from runtime.model.declarations import Actor, TriggerKind


@dataclass(frozen=True)
class Link:
    """A hook on `event` (heard from `actor`) that, unconditionally, carries out an effect causing `causes`: plain
    data (the card's name, the hook's span and text, the effect's line and readable pattern), cached with its card."""

    event: str
    causes: str
    card: str
    actor: Actor
    hook: Span
    hook_text: str
    effect_line: int
    effect_pattern: str


def links(card: n.Card) -> list[Link]:
    found = []
    for ability in card.abilities:
        trigger = ability.trigger
        if trigger.kind is not TriggerKind.EACH_TIME or trigger.entry is None or trigger.guard is not None:
            continue
        for statement in ability.body:
            if isinstance(statement, n.Call):
                found += [
                    Link(
                        trigger.entry.impl,
                        caused,
                        card.name,
                        trigger.actor,
                        trigger.span,
                        hook_text(trigger),
                        statement.span.line,
                        vocab.readable(statement.entry.pattern),
                    )
                    for caused in statement.entry.caused(statement.args)
                ]
    return found


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
    by_event: dict[str, list[Link]] = {}
    for link in every:
        by_event.setdefault(link.event, []).append(link)
    reported: set[frozenset[int]] = set()
    diagnostics = []
    for link in every:
        loop = loop_from(link, by_event)
        if loop is None or frozenset(map(id, loop)) in reported:
            continue
        reported.add(frozenset(map(id, loop)))
        diagnostics.append(loop_diagnostic(loop))
    return diagnostics


def owner_only(path: list[Link]) -> bool:
    """A chain on one card whose hooks include an `another player` one cannot close: every effect in it is the
    card owner's, and that hook never hears its owner."""
    return len({link.card for link in path}) == 1 and any(link.actor is Actor.ANOTHER_PLAYER for link in path)


def hook_text(trigger: n.Trigger) -> str:
    return f"each time {trigger.timing} {trigger.actor} {trigger.entry.pattern}"


def loop_diagnostic(loop: list[Link]) -> Diagnostic:
    steps = [
        f'line {link.hook.line} "{link.hook_text}" ({link.card}), line {link.effect_line} "{link.effect_pattern}"'
        for link in loop
    ]
    message = (
        "this ability sets itself off without end"
        if len(loop) == 1
        else "these abilities set each other off without end"
    )
    return codes.TRIGGER_LOOP.diagnostic(
        message,
        loop[0].hook,
        " -> ".join(steps) + f" -> line {loop[0].hook.line} again; guard the hook or change the effect",
    )
