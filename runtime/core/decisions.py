"""Who makes a player's choices: every choice is a typed Decision listing its legal Options.

The one decider protocol, shared by the engine, the forward model, tests, worked examples, look-ahead players and
the trace:

- `Option(value, label)`: `value` is what the engine acts on (an action space name, an Elder or Building
  in play, a plate index, a Payment, True/False, a Ship type...); `label` is the same in human words
  ("build ship", "Meditation Lodge (worker space)", "plate of 3", "yes").
- `Decision(kind, player, options, prompt)`: `kind` is a DecisionKind, `player` the index of who decides.
- `Decider.choose(decision, game) -> int`: the index of the chosen option in `decision.options` (any integral
  number; a negative one, one past the options or a truth is refused with the decision named). `game` is the
  forward model's Game at this question (runtime/game/forward.py; `game.table` is the live table), or None for a
  table no Game drives (a test's, a worked example's).
- An optional `pick(player, count) -> int`: a decider whose answer rests on nothing but how many options there are
  (the random player) says so, and is then asked that inside the engine, with no Decision made, unless a tracer
  watches (it is shown every Decision). Most decisions of a simulated game are answered so.
- `ask(table, player, kind, options, prompt)` returns the chosen option's value; a lone option is no
  choice, so it is taken without asking. Raw values passed to `ask` get a default label (`label_of`).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

from runtime.model.state import player_name


class DecisionKind(StrEnum):
    """Every kind of choice the runtime asks; equal to its lower-case name as a string."""

    ACTION = "action"  # a worker turn: an action space, an own Elder, an own worker-space Building, or pass
    IMITATE = "imitate"
    ANY_TIME = "any_time"
    MAY = "may"
    CHOOSE_ONE = "choose_one"
    UP_TO = "up_to"
    HOW_MANY = "how_many"
    PLATE = "plate"
    SERVE_PLATE = "serve_plate"
    SERVE_WITH = "serve_with"
    PAYMENT = "payment"
    SPACE = "space"
    DOUBLE_SPACE = "double_space"
    FOREST = "forest"
    ELDER = "elder"
    BUILDING = "building"
    SHIP = "ship"
    SHIP_PLACE = "ship_place"
    GUEST_ON_SHIP = "guest_on_ship"
    SWAP_DISTRIBUTION = "swap_distribution"
    DISCARD_FISH = "discard_fish"


class Option:
    """An immutable (value, label) pair. A label left out is the value's default words (label_of), worked out when
    first read: most options are never read by anyone but a player who answers by position."""

    __slots__ = ("value", "_label")

    def __init__(self, value: Any, label: str | None = None):
        self.value = value
        self._label = label

    @property
    def label(self) -> str:
        label = self._label
        if label is None:
            label = self._label = label_of(self.value)
        return label

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Option:
            return NotImplemented
        return self.value == other.value and self.label == other.label  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.value, self.label))

    def __repr__(self) -> str:
        return f"Option({self.label!r})"


class Decision(NamedTuple):
    """One question to a player. A named tuple: immutable, and made for half the cost of a frozen dataclass (every
    choice of every game makes one)."""

    kind: DecisionKind
    player: int
    options: tuple[Option, ...]
    prompt: str
    among: tuple[int, tuple[int, ...]] | None = None  # see choose_legal: how many candidates, where the options sit

    @property
    def values(self) -> list[Any]:
        return [option.value for option in self.options]

    @property
    def labels(self) -> list[str]:
        return [option.label for option in self.options]


class Decider(Protocol):
    def choose(self, decision: Decision, game: Any) -> int: ...


def label_of(value: Any) -> str:
    """Default words for a raw option value: yes/no for truth, a card's name, str() otherwise."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    name = getattr(value, "name", None)
    return name if isinstance(name, str) else str(value)


class ScriptError(AssertionError):
    """A scripted test asked for something it did not expect."""


def option_index(value: Any, refusal: str) -> int:
    """value as an index: any integral number (a numpy integer too), but not a truth (True is an int to Python, but no
    option's place), a float or None; `refusal` words the TypeError."""
    if value.__class__ is bool:
        raise TypeError(refusal)
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(refusal) from None


def checked_answer(decision: Decision, answer: Any) -> int:
    """A decider's answer that is not plainly an index of an option: an integral one is taken as an int; anything
    else, a negative index or one past the options is refused, naming the decision (never taken as another option,
    as -1 would be the last)."""
    index = option_index(answer, f"a decider answered {answer!r}, not an option's index, to {describe(decision)}")
    if not 0 <= index < len(decision.options):
        last = len(decision.options) - 1
        raise ValueError(f"a decider answered {index}, not an index from 0 to {last}, to {describe(decision)}")
    return index


def describe(decision: Decision) -> str:
    return f"{player_name(decision.player)} {decision.kind} ({decision.prompt}) options {decision.labels!r}"


def uniform_index(rng: random.Random, count: int) -> int:
    """An index below count, each equally likely. It is the rejection sampling CPython's randrange(count) does, written
    out: a seed's choices then rest on the Mersenne Twister's bits alone (not on how a Python version words
    randrange), and a random player's decision costs one call, not three."""
    bits = count.bit_length()
    index = rng.getrandbits(bits)
    while index >= count:
        index = rng.getrandbits(bits)
    return index


class RandomPlayer:
    """Seeded uniform choices: the same seed gives the same game. One in every seat draws from one stream (a game's
    default); one a seat (runtime.players.seat_deciders) from a stream of each seat's own."""

    name = "random"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, game: Any) -> int:
        return random_pick(self.rng, decision)

    def pick(self, player: int, count: int) -> int:
        return uniform_index(self.rng, count)


def random_pick(rng: random.Random, decision: Decision) -> int:
    """A random player's choice: each option equally likely. Options picked from more candidates (`among`, see
    choose_legal) are drawn as `pick` draws them: among every candidate left, a candidate not offered dropped and the
    draw made again, so that a player shown the Decision and one that picks make the same choice."""
    if decision.among is None:
        return uniform_index(rng, len(decision.options))
    candidates, places = decision.among
    left = list(range(candidates))
    while True:
        count = len(left)
        drawn = left[uniform_index(rng, count) if count > 1 else 0]
        if drawn in places:
            return places.index(drawn)
        left.remove(drawn)


def ask(table: Any, player: int, kind: DecisionKind, options: Sequence[Any], prompt: str) -> Any:
    """Ask the decider and return the chosen option's value; a lone option is taken without asking."""
    chosen = options[decide_among(table, player, kind, options, prompt)]
    return chosen.value if chosen.__class__ is Option else chosen


def as_options(values: Sequence[Any]) -> tuple[Option, ...]:
    """Raw values as Options with their default labels; Options as they are."""
    return tuple([value if value.__class__ is Option else Option(value) for value in values])


def label_of_option(option: Any) -> str:
    """The label of an option as asked: an Option's own, a raw value's default."""
    return option.label if option.__class__ is Option else label_of(option)


def decide_among(
    table: Any,
    player: int,
    kind: DecisionKind,
    options: Sequence[Any],
    prompt: str,
    among: tuple[int, tuple[int, ...]] | None = None,
) -> int:
    """The index of the chosen option among options (Options or raw values): every decision comes here. A Decision
    is made only for whoever looks at one: a decider that chooses by it, a tracer, or a worked example's decider
    told of a lone option (`automatic`); a lone option is otherwise taken, and a decider that picks just counts.
    among: the options were picked from more candidates (choose_legal); a lone one is then asked too, as a random
    player draws for it."""
    count = len(options)
    session = table.session
    if session.triggering:  # asked in answer to an event: events.MOST_HOOK_DECISIONS bounds how many
        session.hook_decisions_left -= 1
        if session.hook_decisions_left < 0:
            from runtime.core.events import too_many_decisions  # noqa: PLC0415 - events imports this module

            raise too_many_decisions(table)
    decider = session.decider
    if session.tracer is None and among is None:
        if count == 1:
            if getattr(decider, "automatic", None) is None:
                return 0
        elif count:
            pick = getattr(decider, "pick", None)
            if pick is not None:
                return pick(player, count)
    if not count:
        raise ValueError(f"no options for {kind}: {prompt}")
    decision = Decision(kind, player, as_options(options), prompt, among)
    if count == 1 and (among is None or getattr(decider, "automatic", None) is not None):
        note = getattr(decider, "automatic", None)
        if note is not None:  # a worked example's decider records it for `nus test -v`
            note(decision, table)
        index = 0
    else:
        index = decider.choose(decision, session.game)
        if index.__class__ is not int or not 0 <= index < count:
            index = checked_answer(decision, index)
    if session.tracer is not None:
        session.tracer.answered(decision, decision.options[index])
    return index
