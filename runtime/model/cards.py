"""What the compiler hands the runtime: one CardSpec per card, made of plain callables.

Generated code builds these; the runtime never sees card text and knows no card by name.
Every callable takes a Context first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from fractions import Fraction
from typing import Any, NamedTuple

from runtime.model.declarations import Actor, CardKind, Timing, TriggerKind


class Context:
    """Who is acting, on whose card, in answer to which event. Passed to every compiled callable."""

    __slots__ = ("table", "me", "card", "event")

    def __init__(self, table: Any, me: Any, card: Any = None, event: Any = None):
        self.table = table
        self.me = me
        self.card = card
        self.event = event


class CostOption(NamedTuple):
    """One way to pay. parts are (vocabulary PAYMENTS impl, *slot values in pattern order):
    ("goods", amount, good), ("free",), ("return_guests", amount), ("discard_building", name), ("no_guests",).
    A named tuple: a card's costs are made afresh whenever they are asked, and a tuple is the cheapest record."""

    parts: tuple[tuple, ...]


@dataclass(frozen=True)
class Ability:
    """event/timing name the runtime event (vocabulary EVENTS impl) for each_time and at_moment.
    guard(ctx) -> bool gates the ability (as_soon_as keeps its condition here too); effect(ctx)
    carries it out. explain(ctx, count, test) is the guard again, passing each count's value through
    count(text, value) and each comparison's truth through test(text, held), for `nus trace`. text is the
    source line, for logs and choices. on_elder: a worker space whose Worker goes on an Elder, so it is an
    "available action" even where only action spaces and Elders are.
    """

    kind: TriggerKind
    effect: Callable[[Context], None]
    guard: Callable[[Context], bool] | None = None
    explain: Callable[[Context, Callable[[str, Any], Any], Callable[[str, bool], bool]], bool] | None = None
    event: str = ""
    timing: Timing | None = None
    actor: Actor = Actor.YOU  # whose events an each_time ability hears
    on_elder: bool = False
    text: str = ""
    line: int = 0

    def __post_init__(self) -> None:
        """A kind, timing or actor given by its word ("each_time", "after", "you") is held as its declared member,
        so the engine compares members by identity whoever made the ability."""
        object.__setattr__(self, "kind", TriggerKind(self.kind))
        object.__setattr__(self, "actor", Actor(self.actor))
        if self.timing is not None:
            object.__setattr__(self, "timing", Timing(self.timing))


@dataclass(frozen=True)
class CardSpec:
    kind: CardKind
    name: str
    deck: str
    code: str
    costs: Callable[[Context], tuple[CostOption, ...]]  # given as the options where they are constant (__post_init__)
    vp: Callable[[Context], int | Fraction] | None = None  # given as the number where it is one
    requires: Callable[[Context], bool] | None = None
    rules: dict[str, Callable[..., Any]] = field(default_factory=dict)  # a value where it is a number or a switch
    # The parameters whose change reads the value before it (`rule elder seats = elder seats + 1`): relative changes,
    # layered after every fixed one (runtime.core.rules_in_force.rule_changes).
    relative_rules: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    line: int = 0
    players: tuple[int, ...] | None = None  # the player counts it is part of (its `players` line); None: all

    def in_game(self, players: int) -> bool:
        """Whether set-up puts this card on the table (an Elder on the supply board, a Building in its deck) in a
        game of `players` players."""
        return self.players is None or players in self.players

    def __eq__(self, other: object) -> bool:
        """As the dataclass's (every field equal), with the code compared first: no two cards share one, and the
        engine compares cards often (is this card still on offer?)."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.code == other.code and field_values(self) == field_values(other)

    def __post_init__(self) -> None:
        """A cost, VP or rule value the card gives as a value (`cost 1 wood`, `vp 2`, `rule wood limit = 15`) is
        made a function giving it: the engine asks every card the same way. And what the engine asks of a card on
        every turn, worked out once: its deck letter, and its abilities of each kind in card order (`letter`,
        `abilities_by_kind`). Written with object.__setattr__, not as cached_property: that writes through
        __dict__, which makes every attribute read on the card slower (see runtime/model/journal.py)."""
        object.__setattr__(self, "kind", CardKind(self.kind))  # generated code gives its word
        if not callable(self.costs):
            object.__setattr__(self, "costs", always(self.costs))
        if self.vp is not None and not callable(self.vp):
            object.__setattr__(self, "vp", always(self.vp))
        changes = self.rules  # the card's own rule changes (rules.toml's data is read in core/rules_in_force.py)
        if not all(callable(change) for change in changes.values()):
            rules = {key: change if callable(change) else always(change) for key, change in changes.items()}
            object.__setattr__(self, "rules", rules)
        by_kind: dict[TriggerKind, tuple[Ability, ...]] = {}
        for ability in self.abilities:
            by_kind[ability.kind] = (*by_kind.get(ability.kind, ()), ability)
        object.__setattr__(self, "abilities_by_kind", by_kind)
        object.__setattr__(self, "letter", self.code[0] if self.kind is CardKind.BUILDING else "")


def always(value: Any) -> Callable[..., Any]:
    """A function of any context (and, for a rule, the value before it) giving `value`."""

    def given(*_: Any, **__: Any) -> Any:
        return value

    return given


def field_values(obj: Any) -> tuple:
    return tuple(getattr(obj, each.name) for each in fields(obj))


class StepKind(StrEnum):
    """The kinds of line in a worked example."""

    GIVEN = "given"
    DO = "do"
    ANSWERS = "answers"
    EXPECT = "expect"
    ILLEGAL = "illegal"


@dataclass(frozen=True)
class ExampleStep:
    """kind: given or do (run changes the table), answers (the words answering the questions of the step
    before), expect (run returns whether it holds; of a comparison, its two sides, which compare compares, so a
    failure shows the value found), illegal (run must be refused, for a reason mentioning `because` when given).
    player counts from 1."""

    kind: StepKind
    run: Callable[[Context], Any] | None = None
    compare: Callable[[Any, Any], bool] | None = None
    answers: tuple[str, ...] = ()
    because: str | None = None
    text: str = ""
    line: int = 0
    player: int = 1
    on_card: bool = False  # it reads or acts on the example's card: the player named must have it in play


@dataclass(frozen=True)
class Example:
    """A worked example: on a card or of the base rules. `card` names the Building it starts with in play (None for
    the base rules and an Elder's); `code` is the code of the card it is written under, an Elder's too (None for the
    base rules), which `nus test --card` and `nus watch` pick examples by."""

    title: str
    steps: tuple[ExampleStep, ...]
    card: str | None = None
    line: int = 0
    code: str | None = None
    builds: bool = False  # a step builds the card (`do build this building`): it starts in hand, not in play
