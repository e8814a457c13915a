"""Every noun and verb of the card language, declared once with its types.

The checker matches phrases against these patterns, the code generator calls the runtime
function named by `impl`, and the English renderer fills in `english`. Adding a count, event or
effect means adding one line to its module (counts.py, events.py, effects.py with the cost payments) and
its runtime function, never a grammar change; entries.py holds the nouns and what each kind of entry is.
This module gathers them: the rule entries, the tables by kind (TABLES) and how a pattern reads.
Goods, events and actions are declared once in runtime/model/declarations.py, which the runtime
uses too; their entries here give the words and English and take the name from the declaration. Rule
parameters are declared once in runtime/model/parameters.py (words, English, where rules.toml holds the
default); the `rule` entries are built from them. Ship types are rules.toml's.

Pattern syntax: plain words, and slots `{name:type}` (`{good}` is short for `{good:good}`).
Slot types: `amount` (a number or a parenthesised expression), `good`, `ship`, `letter`, `name`
(a quoted name). Articles (a, an,
the) are ignored and plurals of declared nouns match their singular, so "take 1 guest" and
"take 2 guests" match the same entry.
"""

from __future__ import annotations

from functools import cache

from compiler.checking.vocabulary.counts import (
    COUNT_FAMILIES,
    COUNTS,
    FACTS,
    OTHER_PLAYERS,
    PARITY,
    CountFamily,
    family_entries,
    most_ships,
    their,
)
from compiler.checking.vocabulary.effects import (
    ACTIONS,
    EFFECTS,
    EXAMPLE_STEPS,
    PAYMENTS,
    SMALL_WORDS,
    caused_by,
    title,
)
from compiler.checking.vocabulary.entries import (
    ARTICLES,
    BEFORE,
    CARD_KINDS,
    CODE_PATTERNS,
    DECKS,
    GOODS,
    LETTERS,
    PLURALS,
    SHIP_TYPES,
    SLOT_TYPES,
    WORD_SLOTS,
    Count,
    Effect,
    Entry,
    Event,
    Payment,
    Rule,
    Slot,
    deck_key,
    fold_deck,
    normalise,
    parse_pattern,
)
from compiler.checking.vocabulary.events import EVENTS, event
from runtime.model import parameters

# Standing rule parameters a card may change for its owner ----------------------------------


RULES = tuple(
    Rule(parameter.words, parameter.name, parameter.english, parameter=parameter)
    for parameter in parameters.parameters().values()
)


# Lookup ---------------------------------------------------------------------------------------

TABLES = {
    "count": COUNTS + OTHER_PLAYERS + FACTS + PARITY,
    "event": EVENTS,
    "effect": EFFECTS,
    "payment": PAYMENTS,
    "rule": RULES,
}


@cache
def of_length(kind: str, length: int) -> tuple[Entry, ...]:
    """The entries of TABLES[kind] whose patterns have `length` elements, in table order: the only ones a phrase of
    that many words, numbers and names can be (phrases.match), so a phrase is matched against these, not all."""
    return tuple(entry for entry in TABLES[kind] if len(entry.elements) == length)


def count_entry(impl: str, args: tuple) -> Count:
    """The count or fact a checked reference names (n.Ref's name and args): its impl, and its fixed args leading the
    reference's args, since a family's entries share one impl (COUNT_FAMILIES)."""
    return next(e for e in TABLES["count"] if e.impl == impl and tuple(args[: len(e.args)]) == e.args)


SLOT_SHOWN = {"amount": "N", "good": "GOOD", "ship": "SHIP", "letter": "LETTER"}
NUMBER_WORDS = frozenset(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
)


def readable(pattern: str) -> str:
    """A pattern as a designer writes it: slots in capitals, names in quotes ('take N GOOD', 'vp of "BUILDING"')."""
    shown = []
    for word in pattern.split():
        if word.startswith("{"):
            name, _, type_ = word.strip("{}").partition(":")
            type_ = type_ or name
            shown.append(f'"{name.upper()}"' if type_ == "name" else SLOT_SHOWN[type_])
        else:
            shown.append(word)
    return " ".join(shown)


__all__ = [
    "ACTIONS",
    "ARTICLES",
    "BEFORE",
    "CARD_KINDS",
    "CODE_PATTERNS",
    "COUNTS",
    "COUNT_FAMILIES",
    "Count",
    "CountFamily",
    "DECKS",
    "EFFECTS",
    "EVENTS",
    "EXAMPLE_STEPS",
    "Effect",
    "Entry",
    "Event",
    "FACTS",
    "GOODS",
    "LETTERS",
    "NUMBER_WORDS",
    "OTHER_PLAYERS",
    "PARITY",
    "PAYMENTS",
    "PLURALS",
    "Payment",
    "RULES",
    "Rule",
    "SHIP_TYPES",
    "SLOT_SHOWN",
    "SLOT_TYPES",
    "SMALL_WORDS",
    "Slot",
    "TABLES",
    "WORD_SLOTS",
    "caused_by",
    "count_entry",
    "deck_key",
    "event",
    "family_entries",
    "fold_deck",
    "most_ships",
    "normalise",
    "of_length",
    "parse_pattern",
    "readable",
    "their",
    "title",
]
