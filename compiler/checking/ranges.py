"""The values an expression can take, and the printed label for them ("1-7", "0, 5, or 7-9", "6 or more").

Cards print their cost and VP this way; the reference shows the same labels and a test compares
them with the rulebook's header lines. Counts take their `bounds` from the vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.checking import vocabulary as vocab
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op

SMALL = 12  # a finite set larger than this is treated as its interval


@dataclass(frozen=True)
class Values:
    """Either a finite set of values, or every integer from low up to high (None: no upper end)."""

    low: int
    high: int | None
    finite: frozenset[int] | None = None

    @staticmethod
    def of(values: set[int]) -> Values:
        if len(values) > SMALL:
            return Values(min(values), max(values))
        return Values(min(values), max(values), frozenset(values))

    def members(self) -> set[int] | None:
        if self.finite is not None:
            return set(self.finite)
        if self.high is not None and self.high - self.low <= SMALL:
            return set(range(self.low, self.high + 1))
        return None


def combine(left: Values, right: Values, operation) -> Values:
    a, b = left.members(), right.members()
    if a is not None and b is not None:
        return Values.of({operation(x, y) for x in a for y in b})
    corners = [operation(x, y) for x in (left.low, left.high) for y in (right.low, right.high) if None not in (x, y)]
    unbounded = left.high is None or right.high is None
    return Values(min(corners), None if unbounded else max(corners))


def values(expr: n.Expr) -> Values:
    if isinstance(expr, n.Number):
        return Values(expr.value, expr.value, frozenset({expr.value}))
    if isinstance(expr, n.Negate):
        inner = values(expr.operand)
        return combine(Values(-1, -1, frozenset({-1})), inner, Op.MULTIPLY.evaluate)
    if isinstance(expr, n.Binary):
        if expr.op is Op.CAPPED:
            return capped(expr)
        return combine(values(expr.left), values(expr.right), expr.op.evaluate)
    if isinstance(expr, n.Table):
        return table(expr)
    if isinstance(expr, n.Ref) and expr.source == "count":
        low, high = next(e.bounds for e in vocab.COUNTS if e.impl == expr.name)
        return Values(low, high)
    return Values(0, None)


def capped(expr: n.Binary) -> Values:
    """x capped at y: at most y, so the upper end is the smaller one and unbounded only if both are."""
    left, right = values(expr.left), values(expr.right)
    members = left.members(), right.members()
    if None not in members:
        return Values.of({min(x, y) for x in members[0] for y in members[1]})
    highs = [h for h in (left.high, right.high) if h is not None]
    return Values(min(left.low, right.low), min(highs) if highs else None)


def table(expr: n.Table) -> Values:
    results = set()
    for row in expr.rows:
        row_values = values(row.value).members()
        if row_values is None:
            return Values(0, None)
        results |= row_values
    if not any(r.low is None for r in expr.rows) and not covers_everything(expr):
        results.add(0)
    return Values.of(results)


def covers_everything(expr: n.Table) -> bool:
    """Rows from the key's lowest value up without a gap to an open-ended row."""
    key = values(expr.key)
    rows = sorted((r.low, r.high) for r in expr.rows if r.low is not None)
    expected = key.low
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
            parts.append(f"{label(values(amount))} {good}")
    return ", ".join(parts)


def vp_label(card: n.Card) -> str:
    return f"{label(values(card.vp[0]))} VP" if card.vp else ""
