"""What numbers alone work out to, and the diagnostics that follow from it: a number past the language's limit,
an amount that is always 0 or below, a comparison with one answer on every table, a table's rows. Each judgment
returns its diagnostics for the checker to keep; none needs the checker's state."""

from __future__ import annotations

import math

from compiler import diagnostic_codes as codes
from compiler.diagnostics import Diagnostic, Span
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op
from compiler.syntax.parse import MAX_DIGITS, MAX_NUMBER, MAX_TABLE_ROWS


def constant(expr: n.Expr) -> int | None:
    """The value of an expression made of numbers only, or None when it depends on the table."""
    if isinstance(expr, n.Number):
        return expr.value
    if isinstance(expr, n.Negate):
        value = constant(expr.operand)
        return None if value is None else -value
    if isinstance(expr, n.Binary):
        left, right = constant(expr.left), constant(expr.right)
        return None if left is None or right is None else expr.op.evaluate(left, right)
    return None


def divides_by_zero(expr: n.Expr) -> bool:
    return any(isinstance(node, n.Binary) and node.op.divides and constant(node.right) == 0 for node in n.walk(expr))


def row_depth(table: n.Table) -> int:
    """How many row tests deep a table compiles: its rows, and the deepest table inside one of them."""
    inner = (row_depth(t) for row in table.rows for t in n.walk(row.value) if isinstance(t, n.Table))
    return len(table.rows) + max(inner, default=0)


def overlaps(a: n.Row, b: n.Row) -> bool:
    if a.low is None and a.high is None:
        return b.low is None and b.high is None
    if b.low is None and b.high is None:
        return False
    a_high = a.high if a.high is not None else float("inf")
    b_high = b.high if b.high is not None else float("inf")
    return a.low <= b_high and b.low <= a_high


def too_large(value: int, span: Span) -> Diagnostic | None:
    """A number written in the card (a literal, a table row's key) above the language's limit."""
    if value > MAX_NUMBER:
        return codes.NUMBER_TOO_LARGE.diagnostic(f"{value} is too large", span, f"numbers go up to {MAX_NUMBER}")
    return None


def beyond_limit(expr: n.Negate | n.Binary) -> Diagnostic | None:
    """Numbers alone can work out past the limit (`1000 * 1000`): no game quantity either. Held to it as a
    whole, at the outermost such expression; one with a number too large is reported at that number alone."""
    value = constant(expr)
    if value is None or abs(value) <= MAX_NUMBER:
        return None
    if any(isinstance(node, n.Number) and node.value > MAX_NUMBER for node in n.walk(expr)):
        return None
    shown = (
        str(value) if abs(value) < 10**MAX_DIGITS else f"a number of {math.floor(math.log10(abs(value))) + 1} digits"
    )
    bound = MAX_NUMBER if value > 0 else -MAX_NUMBER
    return codes.NUMBER_TOO_LARGE.diagnostic(
        f"this works out to {shown}, {'more' if value > 0 else 'less'} than {bound}",
        expr.span,
        f"numbers, and what numbers alone work out to, go from -{MAX_NUMBER} to {MAX_NUMBER}",
    )


def always_negative(amount: n.Expr) -> Diagnostic | None:
    """An amount that is negative whatever the table holds is a mistake; at run time one below 0 counts as 0."""
    value = constant(amount)
    if value is not None and value < 0:
        return codes.NEGATIVE_AMOUNT.diagnostic(
            f"this amount is always {value}",
            amount.span,
            "an amount below 0 counts as 0 (the effect does nothing); write a count that can be positive",
        )
    return None


def always_zero(amount: n.Expr, message: str, help: str) -> Diagnostic | None:
    """An amount that is 0 whatever the table holds makes its effect, payment or block do nothing (one that is 0
    for dividing by 0 is reported as the division by 0 alone)."""
    if constant(amount) == 0 and not divides_by_zero(amount):
        return codes.ZERO_AMOUNT.diagnostic(f"this amount is always 0: {message}", amount.span, help)
    return None


def one_answer(op: Op, left: n.Expr, right: n.Expr, span: Span) -> Diagnostic | None:
    """A comparison of numbers alone has one answer on every table: what it guards always or never happens."""
    values = constant(left), constant(right)
    if None in values:
        return None
    if op.evaluate(*values):
        message, help = "always true", "it changes nothing: compare a count, e.g. 'elders >= 2', or remove it"
    else:
        message, help = "never true", "what it guards never happens: compare a count, e.g. 'elders < 2'"
    return codes.CONSTANT_CONDITION.diagnostic(f"this comparison of numbers is {message}", span, help)


def table_rows(table: n.Table) -> list[Diagnostic]:
    """Too many rows, a row key too large, an empty range, a row that overlaps an earlier one."""
    found = [] if (too_many := too_many_rows(table)) is None else [too_many]
    covered: list[n.Row] = []
    for row in table.rows:
        found += [d for bound in (row.low, row.high) if bound is not None and (d := too_large(bound, row.span))]
        if row.low is not None and row.high is not None and row.low > row.high:
            found.append(
                codes.BAD_TABLE_ROW.diagnostic(
                    f"empty range {row.low}-{row.high}", row.span, "write the smaller number first"
                )
            )
        earlier = next((earlier for earlier in covered if overlaps(earlier, row)), None)
        if earlier is not None:
            where = f"'{earlier.written}' on line {earlier.span.line}"
            found.append(
                codes.BAD_TABLE_ROW.diagnostic("this row overlaps an earlier row", row.span, f"it overlaps {where}")
            )
        covered.append(row)
    return found


def too_many_rows(table: n.Table) -> Diagnostic | None:
    """A table compiles to a test per row, nested: its rows and those of the tables inside them are bounded,
    reported at the outermost table within the limit's reach (an inner one too long is reported itself)."""
    depth = row_depth(table)
    inner = depth - len(table.rows)
    if depth > MAX_TABLE_ROWS >= inner:
        counting = ", counting the rows of the tables inside it" if inner else ""
        return codes.TOO_MANY_ROWS.diagnostic(
            f"this table has {depth} rows{counting}",
            table.span,
            f"a table has at most {MAX_TABLE_ROWS} rows; group keys into ranges such as '3-5' or '6+'",
        )
    return None
