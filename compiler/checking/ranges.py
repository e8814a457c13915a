"""The values an expression can take, and the printed label for them ("1-7", "0, 5, or 7-9", "6 or more").

Cards print their cost and VP this way; the reference shows the same labels and a test compares
them with the rulebook's header lines. Counts take their `bounds` from the vocabulary. Either end of a range may be
open: `5 - elders` can be 5 at most and has no lower end, since no upper end of the Elders is known.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from compiler.checking import vocabulary as vocab
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op
from runtime.model.declarations import TriggerKind

SMALL = 12  # a finite set larger than this is treated as its interval


@dataclass(frozen=True)
class Values:
    """Either a finite set of values, or every integer from low up to high (None: no end on that side)."""

    low: int | None
    high: int | None
    finite: frozenset[int] | None = None

    @staticmethod
    def of(values: set[int]) -> Values:
        if len(values) > SMALL:
            return Values(min(values), max(values))
        return Values(min(values), max(values), frozenset(values))

    @staticmethod
    def between(low: float, high: float) -> Values:
        """The interval from low to high, an infinite end left open."""
        return Values(None if low == -math.inf else int(low), None if high == math.inf else int(high))

    def members(self) -> set[int] | None:
        if self.finite is not None:
            return set(self.finite)
        if self.low is not None and self.high is not None and self.high - self.low <= SMALL:
            return set(range(self.low, self.high + 1))
        return None

    def ends(self) -> tuple[float, float]:
        """Both ends as numbers, an open end infinite."""
        return (-math.inf if self.low is None else self.low, math.inf if self.high is None else self.high)


def times(x: float, y: float) -> float:
    """A product of ends: 0 times an open end is 0 (an amount of 0 of anything)."""
    return 0 if 0 in (x, y) else x * y


def quotient(x: float, y: float, up: bool) -> float:
    """An end divided by an end, rounded as the card says; by 0 is 0 (the runtime's rule), by an open end nearly 0."""
    if y == 0:
        return 0
    if math.isinf(y):
        if math.isinf(x):
            return x if (x > 0) == (y > 0) else -x
        return (1 if up and x * y > 0 else 0) if x * y >= 0 else (0 if up else -1)
    if math.isinf(x):
        return x if y > 0 else -x
    return -(-x // y) if up else x // y


def divisors(found: Values) -> list[float]:
    """The divisor's ends, and the values beside 0 when it may change sign (where a quotient is largest)."""
    low, high = found.ends()
    picked = [end for end in (low, high) if end != 0]
    picked += [value for value in (-1, 1) if low <= value <= high]
    if low <= 0 <= high:
        picked.append(0)
    return picked


def interval(left: Values, right: Values, op: Op) -> Values:
    """The interval an operation of two intervals gives (interval arithmetic, open ends included)."""
    (a, b), (c, d) = left.ends(), right.ends()
    if op is Op.ADD:
        return Values.between(a + c, b + d)
    if op is Op.SUBTRACT:
        return Values.between(a - d, b - c)
    if op is Op.MULTIPLY:
        corners = [times(x, y) for x in (a, b) for y in (c, d)]
    else:
        corners = [quotient(x, y, op is Op.DIVIDE_UP) for x in (a, b) for y in divisors(right)]
    return Values.between(min(corners), max(corners))


def combine(left: Values, right: Values, op: Op) -> Values:
    a, b = left.members(), right.members()
    if a is not None and b is not None:
        return Values.of({op.evaluate(x, y) for x in a for y in b})
    return interval(left, right, op)


def values(expr: n.Expr, card: n.Card | None = None) -> Values:
    """`card`: the card the expression is on, whose own abilities bound the goods that can land on it."""
    if isinstance(expr, n.Number):
        return Values(expr.value, expr.value, frozenset({expr.value}))
    if isinstance(expr, n.Negate):
        return combine(Values(-1, -1, frozenset({-1})), values(expr.operand, card), Op.MULTIPLY)
    if isinstance(expr, n.Binary):
        if expr.op is Op.CAPPED:
            return capped(expr, card)
        return combine(values(expr.left, card), values(expr.right, card), expr.op)
    if isinstance(expr, n.Table):
        return table(expr, card)
    if isinstance(expr, n.Ref) and expr.source == "count":
        entry = vocab.count_entry(expr.name, expr.args)
        low, high = entry.bounds
        if entry.onto_card and card is not None:
            landing = landed(card, expr.args[-1])
            high = landing if high is None else (high if landing is None else min(high, landing))
        return Values(low, high)
    return Values(0, None)


def landed(card: n.Card, good: str) -> int | None:
    """The most of a good that can land on this card in a game (None: no most): what its own abilities put there,
    each ability that does run only once a game (a when-built, an "as soon as", a moment that comes once); a rule
    that lets the good land there, or an ability that repeats, has no most. No other card puts goods on it."""
    if any(rule.entry is not None and rule.on and rule.entry.parameter.onto_card == good for rule in card.rules):
        return None
    total = 0
    for ability in card.abilities:
        most = body_most(ability.body, good, card)
        if most == 0:
            continue
        if most is None or not runs_once(ability.trigger):
            return None
        total += most
    return total


def runs_once(trigger: n.Trigger) -> bool:
    if trigger.kind in (TriggerKind.WHEN_BUILT, TriggerKind.AS_SOON_AS):
        return True
    return trigger.kind is TriggerKind.AT_MOMENT and trigger.entry is not None and trigger.entry.once


def body_most(statements: tuple[n.Statement, ...], good: str, card: n.Card) -> int | None:
    """The most of a good these statements put on the card, one run of them (None: no most)."""
    total = 0
    for statement in statements:
        most = statement_most(statement, good, card)
        if most is None:
            return None
        total += most
    return total


def statement_most(statement: n.Statement, good: str, card: n.Card) -> int | None:
    if isinstance(statement, n.Call):
        if not statement.entry.onto_card:
            return 0
        slots = [e.name for e in statement.entry.elements if isinstance(e, vocab.Slot)]
        given = dict(zip(slots, statement.args, strict=True))
        if given[statement.entry.onto_card] != good:
            return 0
        amount = given.get("amount")
        most = 1 if amount is None else values(amount, card).high
        return None if most is None else max(most, 0)
    if isinstance(statement, n.May):
        return body_most(statement.body, good, card)
    if isinstance(statement, n.UpTo):
        body, times = body_most(statement.body, good, card), values(statement.times, card).high
        return 0 if body == 0 else None if body is None or times is None else body * max(times, 0)
    if isinstance(statement, n.ChooseOne | n.If):
        branches = statement.options if isinstance(statement, n.ChooseOne) else (statement.then, statement.otherwise)
        found = [body_most(branch, good, card) for branch in branches]
        return None if None in found else max(found, default=0)
    return 0


def capped(expr: n.Binary, card: n.Card | None = None) -> Values:
    """x capped at y: at most y, so the upper end is the smaller one and open only if both are."""
    left, right = values(expr.left, card), values(expr.right, card)
    members = left.members(), right.members()
    if None not in members:
        return Values.of({min(x, y) for x in members[0] for y in members[1]})
    (a, b), (c, d) = left.ends(), right.ends()
    return Values.between(min(a, c), min(b, d))


def table(expr: n.Table, card: n.Card | None = None) -> Values:
    results = set()
    for row in expr.rows:
        row_values = values(row.value, card).members()
        if row_values is None:
            return tables_interval(expr, card)
        results |= row_values
    if not any(r.low is None for r in expr.rows) and not covers_everything(expr, card):
        results.add(0)
    return Values.of(results)


def tables_interval(expr: n.Table, card: n.Card | None = None) -> Values:
    """A table with an open row: from its lowest row value to its highest (0 too where no row matches)."""
    ends = [values(row.value, card).ends() for row in expr.rows]
    if not any(r.low is None for r in expr.rows) and not covers_everything(expr, card):
        ends.append((0, 0))
    return Values.between(min(low for low, _ in ends), max(high for _, high in ends))


def covers_everything(expr: n.Table, card: n.Card | None = None) -> bool:
    """Rows from the key's lowest value up without a gap to an open-ended row."""
    key = values(expr.key, card)
    rows = sorted((r.low, r.high) for r in expr.rows if r.low is not None)
    expected = key.low
    if expected is None:
        return False
    for low, high in rows:
        if low > expected:
            return False
        if high is None:
            return True
        expected = max(expected, high + 1)
    return key.high is not None and expected > key.high


def label(found: Values) -> str:
    members = found.members()
    if members is None:
        if found.low is None:
            return "any number" if found.high is None else f"at most {found.high}"
        return f"{found.low} or more" if found.high is None else f"{found.low}-{found.high}"
    runs = []
    for value in sorted(members):
        if runs and value == runs[-1][1] + 1:
            runs[-1][1] = value
        else:
            runs.append([value, value])
    parts = [str(a) if a == b else (f"{a}, {b}" if b == a + 1 else f"{a}-{b}") for a, b in runs]
    if len(runs) == 1 and runs[0][1] > runs[0][0]:
        return f"{runs[0][0]}-{runs[0][1]}"
    words = ", ".join(parts).split(", ")
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return f"{words[0]} or {words[1]}"
    return ", ".join(words[:-1]) + ", or " + words[-1]


def cost_label(card: n.Card) -> str:
    """The first way to pay, as printed: goods with their amounts; 'N/A' for a card that costs nothing."""
    if not card.costs:
        return "N/A"
    parts = []
    for payment in card.costs[0].options[0].payments:
        if payment.entry.impl == "free":
            return "N/A"
        if payment.entry.impl == "goods":
            amount, good = payment.args
            parts.append(f"{label(values(amount, card))} {good}")
    return ", ".join(parts)


def vp_label(card: n.Card) -> str:
    return f"{label(values(card.vp[0], card))} VP" if card.vp else ""
