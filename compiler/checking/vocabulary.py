"""Every noun and verb of the card language, declared once with its types.

The checker matches phrases against these patterns, the code generator calls the runtime
function named by `impl`, and the English renderer fills in `english`. Adding a count, effect or
rule parameter means adding one line here (and its runtime function), never a grammar change.
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

import re
from dataclasses import dataclass, field
from functools import cache

from runtime.model import declarations as declared
from runtime.model import parameters
from runtime.model.rules import load_rules

# Nouns -------------------------------------------------------------------------------------

GOODS: tuple[str, ...] = tuple(good.value for good in declared.GOODS)
SHIP_TYPES: tuple[str, ...] = load_rules().ship_types
LETTERS = ("A", "B", "C")  # capitals: a lowercase "a" is an article
DECKS = {"trout": "Trout", "besøkende": "Besøkende", "base": "Base game"}


def fold_deck(text: str) -> str:
    """Deck names as typed on any keyboard: 'Besøkende', 'besøkende' and 'besokende' are one deck."""
    return text.casefold().replace("ø", "o")


def deck_key(text: str) -> str | None:
    """The deck a header or `--deck` names, as DECKS spells it (one spelling in every output); None if none."""
    return {fold_deck(key): key for key in DECKS}.get(fold_deck(text))


CODE_PATTERNS = {"building": r"[ABC][0-9]{3,5}", "elder": r"E[0-9]{2}"}  # ASCII: codes name generated functions

# Plural nouns and third-person verbs ("any player returns a guest") -> the base form.
PLURALS = {
    "returns": "return",
    "takes": "take",
    "builds": "build",
    "serves": "serve",
    "uses": "use",
    "removes": "remove",
    "places": "place",
    "guests": "guest",
    "elders": "elder",
    "forests": "forest",
    "ships": "ship",
    "sloops": "sloop",
    "cutters": "cutter",
    "schooners": "schooner",
    "buildings": "building",
    "spaces": "space",
    "shares": "share",
    "workers": "worker",
    "plates": "plate",
    "goods": "good",
    "types": "type",
    "turns": "turn",
    "columns": "column",
    "seats": "seat",
    "values": "value",
}
ARTICLES = frozenset({"a", "an", "the"})
BEFORE = parameters.BEFORE

SLOT_TYPES = {"amount", "good", "ship", "letter", "name"}
CARD_KINDS = ("building", "elder")  # what a name slot is named: the kind of card its quoted name must be
WORD_SLOTS = {"good": GOODS, "ship": SHIP_TYPES, "letter": LETTERS}


# Entries -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    name: str
    type: str


@dataclass(frozen=True)
class Entry:
    """One phrase of the language: its pattern, the runtime name it compiles to, its English. Each kind of phrase
    is a class of its own below, with what only that kind has."""

    pattern: str
    impl: str
    english: str
    args: tuple = ()  # fixed arguments passed before the slots

    @property
    def elements(self) -> tuple[str | Slot, ...]:
        return parse_pattern(self.pattern)


@dataclass(frozen=True, kw_only=True)
class Count(Entry):
    """A number a condition, amount or VP formula can use; with result "truth", a fact a condition can test."""

    result: str = "number"
    settable: bool = False  # an example's `given` may set it
    example_only: bool = False  # only a worked example may read it
    event_only: bool = False  # about the event being heard: only in an `each time` ability
    bounds: tuple[int, int | None] = (0, None)  # the values it can take, for printed ranges
    onto_card: str = ""  # the good slot it counts on this Building (its bound: what the card's own abilities put there)
    on_card: bool = False  # reads this Building in play: nothing yet where it is being built (requires, cost)
    per_player: bool = True  # a count of the player's own things, which OTHER_PLAYERS reads for each other player


@dataclass(frozen=True, kw_only=True)
class Event(Entry):
    """A moment a card can hook, with the fields its handlers may read."""

    fields: dict = field(default_factory=dict, hash=False)  # field pattern -> (attr, type)
    timings: tuple[declared.Timing, ...] = declared.BEFORE_AND_AFTER
    phrases: dict = field(default_factory=dict, hash=False)  # a field's attr -> its English
    once: bool = False  # a moment that comes once a game (its hook runs once, as a when-built does)
    known_at: dict = field(default_factory=dict, hash=False)  # field pattern -> its timings, where fewer than timings

    def fields_at(self, timing: declared.Timing) -> dict:
        """The fields a handler at `timing` may read: pattern -> (attr, type)."""
        return {
            words: typed for words, typed in self.fields.items() if timing in self.known_at.get(words, self.timings)
        }


@dataclass(frozen=True, kw_only=True)
class Effect(Entry):
    """Something a card or a worked example does."""

    causes: tuple[str, ...] = ()  # the events it sets off, for the reference's interactions and trigger loops
    gains: str = ""  # the good slot whose good comes into the personal supply (a Guest sets off an event)
    returns: str = ""  # the good slot whose good goes back to the general supply (a Guest sets off an event)
    onto_card: str = ""  # the good slot whose good lands on this Building (bounds `GOOD on this building`)
    worker_on_elder: bool = False  # a worker space using it puts its Worker on an Elder (an available action)
    example_only: bool = False  # only a worked example may do it
    zero_is_nothing: bool = True  # an amount of 0 does nothing, so a constant 0 is an error

    def caused(self, args: tuple) -> tuple[str, ...]:
        """The events a call with these slot values sets off: those declared, and the event of a good it gains
        (declared.GAINED), so `take 1 guest` places a new Guest in the supply and `take 1 wood` does not."""
        if not self.gains:
            return self.causes
        slots = [element.name for element in self.elements if isinstance(element, Slot)]
        event = declared.GAINED.get(dict(zip(slots, args, strict=True))[self.gains])
        return self.causes if event is None else (*self.causes, event.name)

    def sets_off(self, args: tuple) -> tuple[str, ...]:
        """Every event a call with these slot values may set off, for the reference's interactions: those it causes,
        and the event of a good it returns (declared.RETURNED), which no loop check counts (a player runs out)."""
        if not self.returns:
            return self.caused(args)
        slots = [element.name for element in self.elements if isinstance(element, Slot)]
        event = declared.RETURNED.get(dict(zip(slots, args, strict=True))[self.returns])
        return self.caused(args) if event is None else (*self.caused(args), event.name)


@dataclass(frozen=True, kw_only=True)
class Payment(Entry):
    """One part of a way to pay a Building's cost."""

    zero_is_nothing: bool = True  # paying 0 asks nothing, so a constant 0 is an error
    causes: tuple[str, ...] = ()  # the events paying it sets off, for the reference's interactions

    def sets_off(self, args: tuple) -> tuple[str, ...]:
        return self.causes


@dataclass(frozen=True, kw_only=True)
class Rule(Entry):
    """A standing rule parameter a card may change for its owner: declared in runtime/model/parameters.py, its
    base-game value in rules.toml."""

    parameter: parameters.Parameter

    @property
    def result(self) -> str:
        return self.parameter.result

    @property
    def phrases(self) -> dict[str, str]:
        """The English of what a rule's value may read: its scope, and its own value before this card's change."""
        return {**self.parameter.phrases, BEFORE: f"the {self.parameter.words} without this card"}

    @property
    def scope(self) -> dict:
        """The quantities a rule's value may use -> (attr, type). Besides a scoped rule's own base value, the
        rule's own words name its value before this card's change (as the other cards and rules.toml set it), so
        `rule haul size = haul size + 1` adds to it and two such cards stack."""
        return {**self.parameter.scope, self.parameter.words: (BEFORE, self.parameter.result)}

    @property
    def default(self) -> object:
        """The base game's value, as rules.toml gives it for a table of the usual player count."""
        if self.parameter.usual:
            return None
        value = load_rules().default(self.parameter.path)
        return "the count for the table" if self.parameter.by_player_count else value


@cache
def parse_pattern(pattern: str) -> tuple[str | Slot, ...]:
    elements: list[str | Slot] = []
    for word in pattern.split():
        if word.startswith("{"):
            name, _, type_ = word.strip("{}").partition(":")
            type_ = type_ or name
            assert type_ in SLOT_TYPES, word
            assert type_ != "name" or name in CARD_KINDS, word
            elements.append(Slot(name, type_))
        else:
            normal = normalise(word)
            if normal:
                elements.append(normal)
    return tuple(elements)


def normalise(word: str) -> str:
    """Articles vanish and plurals become singular, in patterns and in source alike."""
    if word in LETTERS:
        return word
    word = word.lower()
    if word in ARTICLES:
        return ""
    return PLURALS.get(word, word)


# Counts: numbers a condition, amount or VP formula can use ---------------------------------


def most_ships(only: str = "") -> int:
    """The most Ships (of one type, or of any) a Fishing track holds under rules.toml at any player count: the
    shortest first, as many as the supply board has of each, while the track's spaces last. A printed range counts
    Ships this way (Harbor Grill's "1-7 VP")."""
    rules = load_rules()
    spaces = rules.default(("fishing_track", "spaces"))
    kinds = sorted((rules.default(("ships", kind, "length")), kind) for kind in SHIP_TYPES if not only or kind == only)
    most = 0
    for supply in rules.default(("fishing_track", "ships_per_type")):
        left, placed = spaces, 0
        for length, _ in kinds:
            fitting = min(supply, left // length) if length else supply
            placed, left = placed + fitting, left - fitting * length
        most = max(most, placed)
    return most


COUNTS = (
    Count("{good} in supply", "good_in_supply", "the number of {good} in your personal supply", settable=True),
    Count(
        "{good} in supply before paying",
        "good_in_supply_before_paying",
        "the number of {good} in your personal supply (when you build this Building, before you pay for it)",
        per_player=False,
    ),
    Count("{good} in reserve", "good_in_reserve", "the number of {good} in your Reserve", settable=True),
    Count(
        "{good} on this building",
        "good_on_card",
        "the number of {good} on this Building",
        settable=True,
        onto_card="good",
        on_card=True,
        per_player=False,
    ),
    Count("goods in supply", "goods_in_supply", "the total number of goods (wood, fish, gold) in your personal supply"),
    Count("elders", "elders", "the number of Elders in your Elder Council", settable=True),
    Count("elders without fish", "elders_without_fish", "the number of Elders in your Elder Council without any fish"),
    Count("free elder seats", "free_elder_seats", "the number of free seats in your Elder Council"),
    Count(
        "forests on this building",
        "forests_on_card",
        "the number of Forests on top of this Building",
        per_player=False,
        on_card=True,
    ),
    Count(
        "elders under this building",
        "elders_under_card",
        "the number of Elders underneath this Building",
        per_player=False,
        on_card=True,
    ),
    Count(
        "visible elders",
        "visible_elders",
        "the number of visible Elders on the Ships and Elders supply board",
        per_player=False,
    ),
    Count(
        "workers on elders",
        "workers_on_elders",
        "the number of Workers on Elders in your Elder Council (of any color)",
    ),
    Count(
        "elders used this round",
        "elders_used_this_round",
        "the number of times you have used an Elder this Round so far (each use counts, even of the same Elder)",
    ),
    Count("forests", "forests", "the number of Forests on your Harbor board", settable=True),
    Count(
        "forested double spaces",
        "forested_double_spaces",
        "the number of forested double spaces on your Harbor board",
        bounds=(0, len(load_rules().doubles)),
    ),
    Count(
        "double spaces with stacked forests",
        "stacked_double_spaces",
        "the number of double spaces on your Harbor board holding at least 2 Forests",
        bounds=(0, len(load_rules().doubles)),
    ),
    Count(
        "forests in middle columns",
        "forests_in_middle_columns",
        "the number of Forests covering only Building spaces in the middle two columns of your Harbor board",
    ),
    Count("buildings", "buildings", "the number of Buildings on your Harbor board"),
    Count("{letter} buildings", "buildings_of_letter", 'the number of "{letter}" Buildings on your Harbor board'),
    Count("empty building spaces", "empty_building_spaces", "the number of empty Building spaces on your Harbor board"),
    Count(
        "forest covered building spaces",
        "forest_covered_spaces",
        "the number of Building spaces covered by Forest (a Building that counts as a Forest covers its own space)",
    ),
    Count(
        "building squares of 3 by 3",
        "building_squares",
        "the number of 3-by-3 rectangles of Buildings on your Harbor board (9 Buildings over 3 rows and 3 columns; "
        "8 or fewer Buildings never make one)",
    ),
    Count("haul size", "haul_size", "your haul size"),
    Count("ships", "ships", "the number of Ships on your Fishing track", bounds=(0, most_ships())),
    Count(
        "ships with catboat",
        "ships_with_catboat",
        "the number of Ships on your Fishing track, including the preprinted catboat",
        bounds=(1, most_ships() + 1),
    ),
    Count(
        "{ship}",
        "ships_of_type",
        "the number of {ship}s on your Fishing track",
        settable=True,
        bounds=(0, max(most_ships(kind) for kind in SHIP_TYPES)),
    ),
    Count("missing ship types", "missing_ship_types", "the number of Ship types missing from your Fishing track"),
    Count("guests on ships", "guests_on_ships", "the number of Guests on your Ships", settable=True),
    Count("free fishing spaces", "free_fishing_spaces", "the number of free spaces on your Fishing track"),
    Count(
        "filled fishing gap",
        "filled_fishing_gap",
        "the number of gap spaces on your Fishing track that count as filled",
    ),
    Count(
        "printed ship values on this building",
        "ship_values_on_card",
        "the sum of printed values of the Ships on this Building",
        on_card=True,
        per_player=False,
    ),
    Count(
        "fish on plates",
        "fish_on_plates",
        "the number of fish on plates of the Banquet Table",
        settable=True,
        per_player=False,
    ),
    Count("issued shares in supply", "issued_shares_in_supply", "the number of issued Shares in your personal supply"),
    Count(
        "own issued shares in supply",
        "own_issued_shares_in_supply",
        "the number of issued Shares of your color in your personal supply",
    ),
    Count(
        "round",
        "round_number",
        "the current Round",
        settable=True,
        bounds=(1, load_rules().default(("rounds",))),
        per_player=False,
    ),
    Count("worker turn", "worker_turn", "the number of your current Worker's turn", settable=True),
    # Read and set only in worked examples
    Count(
        "{ship} on supply board",
        "ships_on_supply_board",
        "the number of {ship}s left on the Ships and Elders supply board",
        settable=True,
        example_only=True,
    ),
    Count(
        "fish on elder {elder:name}",
        "fish_on_named_elder",
        "the number of fish on the {elder} Elder in your Elder Council (setting it seats that Elder)",
        settable=True,
        example_only=True,
    ),
    Count(
        "issued shares of player {player:amount} in supply",
        "shares_of_player_in_supply",
        "the number of issued Shares of player {player}'s color in your personal supply",
        settable=True,
        example_only=True,
    ),
    Count(
        "own shares on share board",
        "own_shares_on_board",
        "the number of issued Shares of your color on the Share board",
        settable=True,
        example_only=True,
    ),
    Count(
        "own unissued shares",
        "own_unissued_shares",
        "the number of Shares of your color still unissued",
        example_only=True,
    ),
    Count("score", "score_total", "your final score, all parts added up", example_only=True),
    Count("vp of {building:name}", "vp_of_card", "the VP of the {building} in play", example_only=True),
) + tuple(
    Count(f"score from {part}", "score_part", f"the VP your {part} score at the end", args=(key,), example_only=True)
    for part, key in (
        ("buildings", "buildings"),
        ("ships", "ships"),
        ("gold", "gold"),
        ("shares", "shares"),
        ("empty building spaces", "empty_spaces"),
        ("guests", "guests"),
    )
)


@dataclass(frozen=True)
class CountFamily:
    """A phrase made of any count of a kind, declared once: it gives one entry for each such count (`family_entries`)
    and one line in `nus vocab`. `pattern` holds COUNT where the count's words go; `english` holds {count} for the
    count's English (said of another player in an `others` family: "your" reads "their"), {measure} for it as a
    measure ("number of Elders in their Elder Council", "value of their haul size")."""

    pattern: str
    impl: str
    english: str
    result: str = "number"
    others: bool = False  # read for each other player: only counts of the player's own things (Count.per_player)
    bounds: str = "count"  # "count": the count's own; "open": 0 or more; "players": 0 to the other players' number

    def entry(self, count: Count) -> Count:
        english = their(count.english) if self.others else count.english
        measure = english.removeprefix("the ") if english.startswith("the number of ") else f"value of {english}"
        most = load_rules().default(("most_players",)) - 1
        bounds = {"count": count.bounds, "open": (0, None), "players": (0, most)}[self.bounds]
        return Count(
            self.pattern.replace("COUNT", count.pattern),
            self.impl,
            self.english.replace("{count}", english).replace("{measure}", measure),
            args=(count.impl, *count.args),
            result=self.result,
            bounds=bounds,
            per_player=False,
        )

    def takes(self, count: Count) -> bool:
        """Whether the family is made of this count: a number any card may read, its slots all words or names (an
        amount slot cannot be passed on), and for an `others` family one of the player's own things."""
        return (
            count.result == "number"
            and not count.example_only
            and not count.event_only
            and not any(isinstance(element, Slot) and element.type == "amount" for element in count.elements)
            and (count.per_player or not self.others)
        )


def their(english: str) -> str:
    """A count's English said of another player: "the number of Elders in your Elder Council" -> "... their ..."."""
    return re.sub(r"\byour\b", "their", english)


COUNT_FAMILIES = (
    CountFamily(
        "most COUNT among other players",
        "most_among_others",
        "the highest {measure} among the other players",
        others=True,
    ),
    CountFamily(
        "fewest COUNT among other players",
        "fewest_among_others",
        "the lowest {measure} among the other players",
        others=True,
    ),
    CountFamily(
        "total COUNT among other players",
        "total_among_others",
        "{count}, added up over all the other players",
        others=True,
        bounds="open",
    ),
    CountFamily(
        "other players with COUNT",
        "others_with",
        "the number of other players for whom {count} is at least 1",
        others=True,
        bounds="players",
    ),
    CountFamily("COUNT is even", "is_even", "{count} is even", result="truth"),
    CountFamily("COUNT is odd", "is_odd", "{count} is odd", result="truth"),
)


def family_entries(result: str) -> tuple[Count, ...]:
    return tuple(
        family.entry(count)
        for family in COUNT_FAMILIES
        if family.result == result
        for count in COUNTS
        if family.takes(count)
    )


FACTS = (
    Count("during an action", "during_action", "you are in the middle of an action", result="truth"),
    Count("another player did it", "by_another_player", "another player did it", result="truth", event_only=True),
    Count(
        "elder {elder:name} has left the supply board",
        "elder_left_supply",
        "the {elder} Elder has been taken from the Ships and Elders supply board and is no longer on it",
        result="truth",
    ),
)

OTHER_PLAYERS = family_entries("number")  # counts over the other players
PARITY = family_entries("truth")  # even and odd

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
            "plates filled": ("plates_filled", "the number of plates you filled"),
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
            )
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

# Effects: what a card does ------------------------------------------------------------------

ACTIONS: dict[str, declared.Action] = {
    "build a building": declared.BUILD_BUILDING_ACTION,
    "build a ship": declared.BUILD_SHIP_ACTION,
    "issue a share": declared.ISSUE_SHARE_ACTION,
    "buy all shares": declared.BUY_ALL_SHARES_ACTION,
    "take an elder": declared.TAKE_ELDER_ACTION,
    "serve fish": declared.SERVE_FISH_ACTION,
    "transfer reserve": declared.TRANSFER_RESERVE_ACTION,
    "thin out": declared.THIN_OUT_ACTION,
    "deforest": declared.DEFOREST_ACTION,
    "reforest": declared.REFOREST_ACTION,
}


SMALL_WORDS = frozenset({"a", "an", "the", "all", "of", "on", "to", "for"})


def title(words: str) -> str:
    """An action's name as the rulebook writes it: "Build a Ship", "Take an Elder", "Buy all Shares"."""
    first, *rest = words.split()
    return " ".join([first.capitalize(), *(w if w in SMALL_WORDS else w.capitalize() for w in rest)])


def caused_by(action: declared.Action) -> tuple[str, ...]:
    return (action.event.name,) if action.event is not None else ()


EFFECTS = (
    Effect(
        "take {amount} {good}",
        "take",
        "take {amount} {good} from the general supply and place the {good} in your personal supply",
        gains="good",
    ),
    Effect(
        "return {amount} {good}",
        "give_back",
        "return {amount} {good} from your personal supply to the general supply",
        returns="good",
    ),
    Effect(
        "pay {amount} {good}",
        "give_back",
        "return {amount} {good} from your personal supply to the general supply (Guests cannot pay it)",
        returns="good",
    ),
    Effect(
        "put {amount} {good} in reserve",
        "put_in_reserve",
        "place {amount} {good} from the general supply in your Reserve",
    ),
    Effect(
        "put {amount} {good} on this building",
        "put_on_card",
        "place {amount} {good} from the general supply on this Building",
        onto_card="good",
    ),
    Effect(
        "move {amount} {good} from supply to this building",
        "move_to_card",
        "move {amount} {good} from your personal supply onto this Building",
        onto_card="good",
    ),
    Effect("remove this building from play", "remove_card", "remove this Building from play"),
    Effect(
        "decline the effect of this building",
        "decline_card",
        "decline this Building's effect for good (its rules no longer apply; it still scores)",
    ),
    Effect(
        "remove a forest",
        "remove_one_forest",
        "remove a Forest from your Harbor board",
        causes=(declared.REMOVE_FOREST.name,),
    ),
    Effect(
        "remove all forests",
        "remove_all_forests",
        "remove all Forests from your Harbor board",
        causes=(declared.REMOVE_FOREST.name,),
    ),
    Effect("remove all elders from play", "remove_all_elders", "remove all Elders in your Elder Council from play"),
    Effect(
        "put all elders under this building",
        "put_elders_under_card",
        "place all Elders from your Elder Council under this Building",
    ),
    Effect("use the new elder", "use_new_elder", "use the new Elder right away", causes=(declared.USE_ELDER.name,)),
    Effect(
        "try to use the new elder",
        "try_new_elder",
        'use the new Elder right away, as on the "Take an Elder" action space: if it cannot be used (no fish on the '
        "Banquet Table, or its action impossible), you keep it unused",
        causes=(declared.USE_ELDER.name,),
    ),
    Effect(
        "use the new elder without fish",
        "use_new_elder_without_fish",
        "use the new Elder right away, without placing fish from the Banquet Table on it",
        causes=(declared.USE_ELDER.name,),
    ),
    Effect(
        "serve up to {amount} fish",
        "serve_limited",
        'take a "Serve Fish" action, serving at most {amount} fish '
        "(taking 1 gold for each newly filled plate, as usual)",
        causes=(declared.SERVE_FISH.name,),
    ),
    Effect(
        "exchange up to {amount} {give:good} for {get:good}",
        "exchange",
        "exchange {give} from your personal supply for {get} from the general supply at a 1:1 ratio, "
        "up to {amount} {give}",
    ),
    Effect(
        "put {amount} fish on each elder",
        "fish_on_each_elder",
        "place {amount} fish from the general supply on each Elder already in your Elder Council",
    ),
    Effect(
        "take an extra turn",
        "extra_turn",
        "carry out an additional turn: place a Worker on an available action, i.e. an action space on the Action "
        "board (or the Imitation tile, in games that use it) that is not fully occupied, or an unoccupied Elder in "
        "your Elder Council (or in another player's, if a card of yours allows it); not on a Building",
    ),
    Effect(
        "distribute {amount} fish",
        "distribute_fish",
        "distribute {amount} fish from the general supply in the Fishing Phase order; as at the end of the Fishing "
        "Phase, the fish on Shares then move: into the personal supply of whoever holds them, or back to the general "
        "supply from the Share board",
    ),
    Effect("remove a ship", "remove_ship", "remove one of your Ships from your Fishing track"),
    Effect(
        "board guests on ships",
        "board_guests",
        "you may now place Guests from your personal supply on your Ships (1 per Ship, as at any time)",
    ),
    Effect("build this building", "build_this_card", "build this Building, paying its cost", example_only=True),
    Effect("run the fishing phase", "run_fishing_phase", "carry out a Fishing Phase", example_only=True),
    Effect(
        "put {building:name} in play",
        "put_in_play",
        "put the {building} into play as though built earlier",
        example_only=True,
    ),
    Effect("place a guest on a ship", "guest_on_ship", "place a Guest on one of your Ships", example_only=True),
    Effect(
        "unissue an own share",
        "unissue_share",
        'turn an issued Share of your color in your personal supply to "Unissued"',
    ),
    Effect(
        "remove all own shares from play",
        "remove_own_shares",
        "remove all Shares of your color from play, issued or not, whoever holds them",
    ),
    Effect(
        "put a guest on each of up to {amount} visible elders",
        "guests_on_visible_elders",
        "place 1 Guest from the general supply on each of up to {amount} visible Elders on the Ships and Elders "
        "supply board; when any player (including you) takes one of those Elders, move its Guest into your "
        "personal supply",
    ),
    Effect(
        "put {amount} wood on each free fishing space",
        "wood_on_fishing_spaces",
        "place {amount} wood from the general supply on each free space of your Fishing track",
    ),
    Effect(
        "take the wood under the new ship",
        "take_wood_under_ship",
        "move the wood from the spaces the new Ship takes into your personal supply",
    ),
    Effect(
        "return the wood on fishing spaces",
        "return_fishing_space_wood",
        "return the wood left on your Fishing track to the general supply",
    ),
    Effect(
        "return an elder to the supply board",
        "return_elder",
        "move the fish on one of your Elders into your personal supply, "
        "then return that Elder to its space on the Ships and Elders supply board",
    ),
    Effect(
        "use another player's elder paying {amount} fish",
        "use_other_elder",
        "place a Worker on an unoccupied Elder in another player's Elder Council and use it as though it were "
        "yours: first pay its owner {amount} fish from your personal supply, which they place in their personal "
        "supply; then place a fish from the Banquet Table on the Elder as usual (if that is its third fish, the "
        "owner gets the fish it discards, not you)",
        causes=(declared.USE_ELDER.name,),
        worker_on_elder=True,
        zero_is_nothing=False,  # paying 0 fish: the Elder is used for free
    ),
    Effect(
        "count as a build a ship action",
        "as_ship_action",
        'this counts as taking a "Build a Ship" action: whatever happens before and after one happens now',
        causes=(declared.BUILD_SHIP.name,),
    ),
) + tuple(
    Effect(words, "perform_action", f'take a "{title(words)}" action', args=(action.name,), causes=caused_by(action))
    for words, action in ACTIONS.items()
)

# Example-only steps: what a worked example does besides card effects (kept apart from the cards' effects).
EXAMPLE_STEPS = (
    Effect(
        "place a worker on this building",
        "worker_on_this_card",
        "place a Worker on this Building's worker space",
        example_only=True,
    ),
    Effect(
        "place a worker on {building:name}",
        "worker_on_card",
        "place a Worker on the worker space of your {building}",
        example_only=True,
    ),
    Effect(
        "place a worker on elder {elder:name}",
        "worker_on_elder",
        "place a Worker on the {elder} Elder in your Elder Council",
        example_only=True,
    ),
    Effect("run the work phase", "run_work_phase", "carry out a Work Phase", example_only=True),
    Effect("run the end of the round", "run_round_end", "carry out the end of the Round", example_only=True),
    Effect("run the returning home phase", "run_returning_home", "carry out a Returning Home Phase", example_only=True),
    Effect("play a round", "play_a_round", "play the current Round through, then the next one", example_only=True),
    Effect(
        "play to the end of the game",
        "play_to_end",
        "play the remaining Rounds, then score the game",
        example_only=True,
    ),
    Effect("score the game", "score_game", "carry out the scoring at the end of the game", example_only=True),
) + tuple(
    Effect(
        f"place a worker on {words}",
        "worker_on_space",
        f'place a Worker on the "{title(words)}" action space',
        args=(space,),
        example_only=True,
    )
    for words, space in {
        **{words: action.name for words, action in ACTIONS.items()},
        "gold": declared.GOLD_ACTION.name,
        "imitation": "imitation",
    }.items()
)
EFFECTS += EXAMPLE_STEPS

# Cost payments --------------------------------------------------------------------------------

PAYMENTS = (
    Payment("{amount} {good}", "goods", "{amount} {good}"),
    Payment("none", "free", "N/A"),
    Payment(
        "return {amount} guests",
        "return_guests",
        "return {amount} Guests from your personal supply to the general supply",
        causes=(declared.RETURN_GUEST.name,),
    ),
    Payment(
        "discard {building:name}",
        "discard_building",
        'remove the "{building}" from play if it is on your Harbor board',
    ),
    Payment("without guests", "no_guests", "you may not reduce the Building cost of {cost} with Guests"),
)

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
