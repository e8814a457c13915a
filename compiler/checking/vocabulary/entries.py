"""The words of the card language and what a phrase of it is: the nouns patterns use, the kinds of
entry (Count, Event, Effect, Payment, Rule) and the pattern syntax (see the package docstring)."""

from __future__ import annotations

from functools import cache

from compiler.plain import Plain
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


# ASCII: codes name generated functions
CODE_PATTERNS = {declared.CardKind.BUILDING: r"[ABC][0-9]{3,5}", declared.CardKind.ELDER: r"E[0-9]{2}"}

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
CARD_KINDS = tuple(declared.CardKind)  # what a name slot is named: the kind of card its quoted name must be
WORD_SLOTS = {"good": GOODS, "ship": SHIP_TYPES, "letter": LETTERS}


# Entries -------------------------------------------------------------------------------------


class Slot(Plain):
    __slots__ = ("name", "type")

    def __init__(self, name: str, type: str) -> None:
        self.name = name
        self.type = type


class Entry(Plain):
    """One phrase of the language: its pattern, the runtime name it compiles to, its English. Each kind of phrase
    is a class of its own below, with what only that kind has."""

    __slots__ = ("pattern", "impl", "english", "args")

    def __init__(self, pattern: str, impl: str, english: str, args: tuple = ()) -> None:
        self.pattern = pattern
        self.impl = impl
        self.english = english
        self.args = args  # fixed arguments passed before the slots

    @property
    def elements(self) -> tuple[str | Slot, ...]:
        return parse_pattern(self.pattern)

    @property
    def slots(self) -> tuple[Slot, ...]:
        """The pattern's slots, in order: what a phrase's values fill."""
        return pattern_slots(self.pattern)


class Count(Entry):
    """A number a condition, amount or VP formula can use; with result "truth", a fact a condition can test."""

    __slots__ = (
        "result",
        "settable",
        "example_only",
        "event_only",
        "bounds",
        "onto_card",
        "on_card",
        "per_player",
        "limited_by",
    )

    def __init__(
        self,
        pattern: str,
        impl: str,
        english: str,
        args: tuple = (),
        *,
        result: str = "number",
        settable: bool = False,
        example_only: bool = False,
        event_only: bool = False,
        bounds: tuple[int, int | None] = (0, None),
        onto_card: str = "",
        on_card: bool = False,
        per_player: bool = True,
        limited_by: tuple[tuple[str, str], ...] = (),
    ) -> None:
        super().__init__(pattern, impl, english, args)
        self.result = result
        self.settable = settable  # an example's `given` may set it
        self.example_only = example_only  # only a worked example may read it
        self.event_only = event_only  # about the event being heard: only in an `each time` ability
        self.bounds = bounds  # the values it can take, for printed ranges
        # the good slot it counts on this Building (its bound: what the card's own abilities put there)
        self.onto_card = onto_card
        self.on_card = on_card  # reads this Building in play: nothing yet where it is being built (requires, cost)
        # a count of the player's own things, which OTHER_PLAYERS reads for each other player
        self.per_player = per_player
        # the rule parameter bounding it for a good slot's value (wood in supply: the wood limit), for the
        # reference's interactions: a card reading it interacts with a card changing that limit
        self.limited_by = limited_by


class Event(Entry):
    """A moment a card can hook, with the fields its handlers may read."""

    __slots__ = ("fields", "timings", "phrases", "once", "known_at")
    UNHASHED = ("fields", "phrases", "known_at")

    def __init__(
        self,
        pattern: str,
        impl: str,
        english: str,
        args: tuple = (),
        *,
        fields: dict | None = None,
        timings: tuple[declared.Timing, ...] = declared.BEFORE_AND_AFTER,
        phrases: dict | None = None,
        once: bool = False,
        known_at: dict | None = None,
    ) -> None:
        super().__init__(pattern, impl, english, args)
        self.fields = {} if fields is None else fields  # field pattern -> (attr, type)
        self.timings = timings
        self.phrases = {} if phrases is None else phrases  # a field's attr -> its English
        self.once = once  # a moment that comes once a game (its hook runs once, as a when-built does)
        # field pattern -> its timings, where fewer than timings
        self.known_at = {} if known_at is None else known_at

    def fields_at(self, timing: declared.Timing) -> dict:
        """The fields a handler at `timing` may read: pattern -> (attr, type)."""
        return {
            words: typed for words, typed in self.fields.items() if timing in self.known_at.get(words, self.timings)
        }


class Effect(Entry):
    """Something a card or a worked example does."""

    __slots__ = (
        "causes",
        "gains",
        "returns",
        "may_cause",
        "ruled_by",
        "lowers",
        "changes_counts",
        "takes_turn",
        "onto_card",
        "on_card",
        "worker_on_elder",
        "example_only",
        "zero_is_nothing",
    )

    def __init__(
        self,
        pattern: str,
        impl: str,
        english: str,
        args: tuple = (),
        *,
        causes: tuple[str, ...] = (),
        gains: str = "",
        returns: str = "",
        may_cause: tuple[str, ...] = (),
        ruled_by: tuple[str, ...] = (),
        lowers: tuple[str, ...] = (),
        changes_counts: tuple[str, ...] = (),
        takes_turn: bool = False,
        onto_card: str = "",
        on_card: bool = False,
        worker_on_elder: bool = False,
        example_only: bool = False,
        zero_is_nothing: bool = True,
    ) -> None:
        super().__init__(pattern, impl, english, args)
        self.causes = causes  # the events it sets off, for the reference's interactions and trigger loops
        # the good slot whose good comes into the personal supply (a Guest sets off an event)
        self.gains = gains
        self.returns = returns  # the good slot whose good goes back to the general supply (a Guest sets off an event)
        # events it sets off only when the table holds their cause (a removed Ship's Guest goes back): for the
        # reference's interactions; no loop check counts them, since a player runs out of that cause
        self.may_cause = may_cause
        # for the reference's interactions: the rule parameters that change what it does (the distribution order,
        # where an Elder's discard goes, the Ghost Ship's gap that follows a removed Ship), and the counts it can
        # lower, so a card's "as soon as" reading one may lapse and hold again (a Ship removed lowers the haul size)
        self.ruled_by = ruled_by
        self.lowers = lowers
        # for the reference's interactions: counts it changes besides goods, another player's (a Worker on their
        # Elder) or the turn's (an extra turn is a fourth Worker's turn)
        self.changes_counts = changes_counts
        # carries out a turn on an available action, which a worker_on_elder worker space is
        self.takes_turn = takes_turn
        self.onto_card = onto_card  # the good slot whose good lands on this Building (bounds `GOOD on this building`)
        # acts on this Building in play (an example step needs the player named to have it)
        self.on_card = on_card
        # a worker space using it puts its Worker on an Elder (an available action)
        self.worker_on_elder = worker_on_elder
        self.example_only = example_only  # only a worked example may do it
        self.zero_is_nothing = zero_is_nothing  # an amount of 0 does nothing, so a constant 0 is an error

    def caused(self, args: tuple) -> tuple[str, ...]:
        """The events a call with these slot values sets off: those declared, and the event of a good it gains
        (declared.GAINED), so `take 1 guest` places a new Guest in the supply and `take 1 wood` does not."""
        if not self.gains:
            return self.causes
        slots = [slot.name for slot in self.slots]
        event = declared.GAINED.get(dict(zip(slots, args, strict=True))[self.gains])
        return self.causes if event is None else (*self.causes, event.name)

    def sets_off(self, args: tuple) -> tuple[str, ...]:
        """Every event a call with these slot values may set off, for the reference's interactions: those it causes,
        and the event of a good it returns (declared.RETURNED), which no loop check counts (a player runs out)."""
        if not self.returns:
            return (*self.caused(args), *self.may_cause)
        slots = [slot.name for slot in self.slots]
        event = declared.RETURNED.get(dict(zip(slots, args, strict=True))[self.returns])
        returned = () if event is None else (event.name,)
        return (*self.caused(args), *self.may_cause, *returned)


class Payment(Entry):
    """One part of a way to pay a Building's cost."""

    __slots__ = ("zero_is_nothing", "causes")

    def __init__(
        self,
        pattern: str,
        impl: str,
        english: str,
        args: tuple = (),
        *,
        zero_is_nothing: bool = True,
        causes: tuple[str, ...] = (),
    ) -> None:
        super().__init__(pattern, impl, english, args)
        self.zero_is_nothing = zero_is_nothing  # paying 0 asks nothing, so a constant 0 is an error
        self.causes = causes  # the events paying it sets off, for the reference's interactions

    def sets_off(self, args: tuple) -> tuple[str, ...]:
        return self.causes


class Rule(Entry):
    """A standing rule parameter a card may change for its owner: declared in runtime/model/parameters.py, its
    base-game value in rules.toml."""

    __slots__ = ("parameter",)

    def __init__(
        self, pattern: str, impl: str, english: str, args: tuple = (), *, parameter: parameters.Parameter
    ) -> None:
        super().__init__(pattern, impl, english, args)
        self.parameter = parameter

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


@cache
def pattern_slots(pattern: str) -> tuple[Slot, ...]:
    return tuple(element for element in parse_pattern(pattern) if isinstance(element, Slot))


def normalise(word: str) -> str:
    """Articles vanish and plurals become singular, in patterns and in source alike."""
    if word in LETTERS:
        return word
    word = word.lower()
    if word in ARTICLES:
        return ""
    return PLURALS.get(word, word)
