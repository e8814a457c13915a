"""Events: the moments a card can hook, with the fields their handlers may read."""

from __future__ import annotations

from compiler.checking.vocabulary.entries import (
    Event,
)
from runtime.model import declarations as declared

# Events: moments a card can hook, with the fields their handlers may read ------------------


def event(
    pattern: str,
    declaration: declared.EventType,
    english: str,
    fields: dict[str, tuple[str, str]] | None = None,
    once: bool = False,
) -> Event:
    """An event's phrase; its runtime name, timings and field types are the runtime's declaration. `fields` maps
    a field's words to its attribute and the English a player reads for it. An action's event says "take"; the
    reference says "complete" after it."""
    fields = fields or {}
    typed = {words: (attr, declaration.fields[attr]) for words, (attr, _) in fields.items()}
    phrases = dict(fields.values())
    known_at = {
        words: declaration.known_at[attr] for words, (attr, _) in fields.items() if attr in declaration.known_at
    }
    return Event(
        pattern,
        declaration.name,
        english,
        fields=typed,
        timings=declaration.timings,
        phrases=phrases,
        once=once,
        known_at=known_at,
    )


# What a build paid, read by a hook after it: the same words for a Building's cost and a Ship's, told apart by the
# event heard (`each time after you build a building` / `... build a ship`)
PAID = {
    "guests spent": (
        "guests_spent",
        "the number of Guests you spent on its cost (reducing it, or returned as the cost itself)",
    ),
    "fish paid": ("fish_paid", "the number of fish you actually paid for it, after any Guests reduced its cost"),
}

EVENTS = (
    event(
        "serve fish",
        declared.SERVE_FISH,
        'take a "Serve Fish" action',
        fields={
            "fish served": (
                "fish_served",
                "the number of fish you served to the Banquet Table (a Guest counts as the fish it saved)",
            ),
            "plates filled": ("plates_filled", "the number of plates you filled, with fish or Guests"),
            "plates filled with guests": (
                "plates_filled_with_guests",
                "the number of plates you filled with Guests, not with fish",
            ),
        },
    ),
    event(
        "build a ship",
        declared.BUILD_SHIP,
        'take a "Build a Ship" action',
        fields={
            "ships left of built type": (
                "ships_left_of_type",
                "the number of Ships of the type you just built left on the Ships and Elders supply board",
            ),
            **PAID,
        },
    ),
    event(
        "place a ship",
        declared.PLACE_SHIP,
        "place a Ship on your Fishing track",
        fields={"spaces the new ship takes": ("spaces", "the number of spaces the new Ship takes")},
    ),
    event("take an elder", declared.TAKE_ELDER, 'take a "Take an Elder" action'),
    event("use an elder", declared.USE_ELDER, "use an Elder"),
    event("place a worker", declared.PLACE_WORKER, "place a Worker"),
    event("transfer reserve", declared.TRANSFER_RESERVE, 'take a "Transfer Reserve" action'),
    event("thin out", declared.THIN_OUT, 'take a "Thin Out" action, besides the wood the action gives'),
    event(
        "reforest",
        declared.REFOREST,
        'take a "Reforest" action',
        fields={"you used the action space": ("on_action_space", 'you took it on the "Reforest" action space')},
    ),
    event("deforest", declared.DEFOREST, 'take a "Deforest" action'),
    event(
        "remove a forest",
        declared.REMOVE_FOREST,
        "remove a Forest from your Harbor board",
        fields={
            "a building space was revealed": (
                "revealed_space",
                "removing that Forest revealed a Building space (a Forest taken from a stack of two or more "
                "reveals none)",
            )
        },
    ),
    event("return a guest", declared.RETURN_GUEST, "return a Guest to the general supply"),
    event("place a new guest in supply", declared.GAIN_GUEST, "place a new Guest in your personal supply"),
    event("remove 3 fish from an elder", declared.ELDER_DISCARD, "remove 3 fish from an Elder in your Elder Council"),
    event("build a building", declared.BUILD_BUILDING, "build a Building", fields=PAID),
    event("build over this building", declared.BUILD_OVER_CARD, "build over this Building"),
    event("start of fishing phase", declared.FISHING_PHASE_START, "the start of each Fishing Phase"),
    event("returning home phase", declared.RETURNING_HOME, "each Returning Home Phase"),
    event("end of round", declared.ROUND_END, "the end of each Round, after all players have had three turns"),
    event(
        "scoring",
        declared.BEFORE_SCORING,
        "the start of scoring at the end of the game, before anything is counted",
        once=True,
    ),
)
