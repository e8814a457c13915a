"""What the card language and the runtime both name, declared once: the goods, the events a card can hook and
the actions a card can take.

The compiler's vocabulary gives each its words and English and refers to these objects for the name;
the runtime emits events and performs actions through the same objects. So a card cannot hook an event
under a name the runtime never emits, nor take an action the runtime does not know. (The runtime does
not import the compiler; both import this module.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Good(StrEnum):
    """A StrEnum, so a good is also its name: supplies keyed "wood" and keyed Good.WOOD are the same."""

    WOOD = "wood"
    FISH = "fish"
    GOLD = "gold"
    GUEST = "guest"


GOODS: tuple[Good, ...] = tuple(Good)
PAYING_GOODS = (Good.WOOD, Good.FISH, Good.GOLD)  # what pays a cost and counts as "goods"; a Guest reduces a cost


class CardKind(StrEnum):
    """What a card is: the word that opens it in a card file (the grammar's KIND)."""

    BUILDING = "building"
    ELDER = "elder"


# Abilities ----------------------------------------------------------------------------------------


class TriggerKind(StrEnum):
    """When a card's ability runs: the compiler reads it from the trigger line, the runtime dispatches on it (its
    value is the grammar rule's name)."""

    WHEN_BUILT = "when_built"
    AS_SOON_AS = "as_soon_as"
    EACH_TIME = "each_time"
    ANY_TIME = "any_time"
    AT_MOMENT = "at_moment"
    WORKER_SPACE = "worker_space"
    ELDER_USE = "elder_use"


class Actor(StrEnum):
    """Whose events an `each time` ability hears, as the card says it."""

    YOU = "you"
    ANY_PLAYER = "any player"
    ANOTHER_PLAYER = "another player"


class Timing(StrEnum):
    """When an ability hears its event: just before or just after an action, or at a moment of the round."""

    BEFORE = "before"
    AFTER = "after"
    AT = "at"


# Events -------------------------------------------------------------------------------------------

BEFORE_AND_AFTER = (Timing.BEFORE, Timing.AFTER)
AFTER = (Timing.AFTER,)
BEFORE = (Timing.BEFORE,)
AT = (Timing.AT,)  # phases: a moment, not an action with a before and an after


@dataclass(frozen=True)
class EventType:
    """A moment cards can hook: its name, the timings it is emitted at, and the fields handlers may read."""

    name: str
    timings: tuple[Timing, ...] = BEFORE_AND_AFTER
    fields: dict[str, str] = field(default_factory=dict, hash=False)  # attribute -> "number" or "truth"
    # a field known at fewer of the timings than the event has: attribute -> those timings (emit carries a field
    # at exactly these; the checker refuses it at the others)
    known_at: dict[str, tuple[Timing, ...]] = field(default_factory=dict, hash=False)

    def fields_at(self, timing: Timing) -> dict[str, str]:
        """The fields the event carries at `timing`: attribute -> type."""
        return {attr: kind for attr, kind in self.fields.items() if timing in self.known_at.get(attr, self.timings)}


SERVE_FISH = EventType(
    "serve_fish", fields={"fish_served": "number", "plates_filled": "number", "plates_filled_with_guests": "number"}
)
# What a build paid is known only after it: its before-window comes before the cost is paid.
PAID = {"guests_spent": "number", "fish_paid": "number"}
BUILD_BUILDING = EventType("build_building", fields=PAID, known_at=dict.fromkeys(PAID, AFTER))
# the type is chosen after the before-window: what is left of it is known only after
BUILD_SHIP = EventType(
    "build_ship",
    fields={"ships_left_of_type": "number", **PAID},
    known_at={"ships_left_of_type": AFTER, **dict.fromkeys(PAID, AFTER)},
)
PLACE_SHIP = EventType("place_ship", fields={"spaces": "number"})  # the spaces the new Ship takes
TAKE_ELDER = EventType("take_elder")
USE_ELDER = EventType("use_elder")
PLACE_WORKER = EventType("place_worker")
TRANSFER_RESERVE = EventType("transfer_reserve")
THIN_OUT = EventType("thin_out")
REFOREST = EventType("reforest", fields={"on_action_space": "truth"})
DEFOREST = EventType("deforest")
REMOVE_FOREST = EventType("remove_forest", AFTER, fields={"revealed_space": "truth"})
RETURN_GUEST = EventType("return_guest", AFTER)
GAIN_GUEST = EventType("gain_guest", AFTER)
ELDER_DISCARD = EventType("elder_discard", AFTER)
BUILD_OVER_CARD = EventType("build_over_card", BEFORE)
FISHING_PHASE_START = EventType("fishing_phase_start", AT)
RETURNING_HOME = EventType("returning_home", AT)
ROUND_END = EventType("round_end", AT)
BEFORE_SCORING = EventType("before_scoring", AT)

EVENTS: tuple[EventType, ...] = tuple(value for value in list(globals().values()) if isinstance(value, EventType))
# A good that sets off an event as it comes into a personal supply from the general supply, one event a piece:
# what runtime/mechanics/goods.gain emits (tests/runtime/library/test_runtime_vocabulary.py holds it to this), read by
# the compiler's loop check (the general supply never runs out)
GAINED: dict[Good, EventType] = {Good.GUEST: GAIN_GUEST}
# A good that sets off an event as it goes back from a personal supply to the general supply, one event a piece: what
# runtime/mechanics/goods.pay emits, read by the reference's interactions (a hook on it hears every such payment).
# No loop check reads it: a player runs out of what they return.
RETURNED: dict[Good, EventType] = {Good.GUEST: RETURN_GUEST}


# Actions ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """An action a Worker takes on an action space (or a card carries out without one); `name` is its space,
    `title` its name in the rulebook's words (for the game log), `event` the event it sets off, if any."""

    name: str
    title: str
    event: EventType | None = None


GOLD_ACTION = Action("gold", "Gold")
TRANSFER_RESERVE_ACTION = Action("transfer_reserve", "Transfer Reserve", TRANSFER_RESERVE)
SERVE_FISH_ACTION = Action("serve_fish", "Serve Fish", SERVE_FISH)
BUILD_BUILDING_ACTION = Action("build_building", "Build a Building", BUILD_BUILDING)
ISSUE_SHARE_ACTION = Action("issue_share", "Issue a Share")
BUY_ALL_SHARES_ACTION = Action("buy_all_shares", "Buy all Shares")
DEFOREST_ACTION = Action("deforest", "Deforest", DEFOREST)
THIN_OUT_ACTION = Action("thin_out", "Thin Out", THIN_OUT)
REFOREST_ACTION = Action("reforest", "Reforest", REFOREST)
BUILD_SHIP_ACTION = Action("build_ship", "Build a Ship", BUILD_SHIP)
TAKE_ELDER_ACTION = Action("take_elder", "Take an Elder", TAKE_ELDER)

ACTIONS: tuple[Action, ...] = tuple(value for value in list(globals().values()) if isinstance(value, Action))
