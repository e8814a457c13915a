"""The words diagnostics use for the language's own kinds and for counts, so every message names a thing the
same way."""

from __future__ import annotations

from runtime.model.declarations import TriggerKind

WORD_SLOT_NAMES = {"good": "good", "ship": "ship type", "letter": "building letter"}
KIND_NAMES = {
    "count": "count",
    "event": "event",
    "moment": "moment",
    "effect": "effect",
    "payment": "cost payment",
    "rule": "rule parameter",
}
TRIGGER_WORDS = {
    TriggerKind.WHEN_BUILT: "'when built'",
    TriggerKind.AS_SOON_AS: "'as soon as'",
    TriggerKind.EACH_TIME: "'each time'",
    TriggerKind.ANY_TIME: "'at any time'",
    TriggerKind.AT_MOMENT: "'at'",
    TriggerKind.WORKER_SPACE: "'worker space'",
    TriggerKind.ELDER_USE: "'use'",
}


def ends(name: str) -> str:
    """Which end of a name has a blank: 'start', 'end' or 'start and end'."""
    found = [end for end, blank in (("start", name[:1].isspace()), ("end", name[-1:].isspace())) if blank]
    return " and ".join(found)


def article(noun: str) -> str:
    return "an" if noun[:1] in "aeiou" else "a"


def player_count_text(counts: list[int]) -> str:
    """'3 is' or '3 and 4 are': counts a `players` line names twice."""
    if len(counts) == 1:
        return f"{counts[0]} is"
    return f"{', '.join(map(str, counts[:-1]))} and {counts[-1]} are"
