"""Checked AST to rulebook-style English, phrased by the vocabulary's `english` templates.

A new noun or verb needs only its vocabulary line: nothing here names a card, a count or an
effect.
"""

from __future__ import annotations

import re

from compiler import nodes as n
from compiler.vocabulary import DECKS

COMPARISONS = {
    "at_least": "at least",
    "at_most": "at most",
    "equal": "exactly",
    "not_equal": "other than",
    "more_than": "more than",
    "less_than": "less than",
}
NOUNS = {"guest": ("Guest", "Guests"), "wood": ("wood", "wood"), "fish": ("fish", "fish"), "gold": ("gold", "gold")}
ONCE = "immediately (and only once via this Building)"


def good_name(good: str, amount: n.Expr | str | None) -> str:
    singular, plural = NOUNS.get(good, (good, good + "s"))
    return singular if isinstance(amount, n.Number) and amount.value == 1 else plural


def sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


class English:
    def __init__(self, card: n.Card):
        self.card = card
        self.subject = "the Elder" if card.kind == "elder" else f"the {card.name}"

    # Facts

    def cost(self) -> str:
        if not self.card.costs:
            return ""
        return " or ".join(self.payments(option) for option in self.card.costs[0].options)

    def payments(self, option: n.CostOption) -> str:
        return ", ".join(self.phrase(p) for p in option.payments)

    def vp(self) -> str:
        if not self.card.vp:
            return ""
        expr = self.card.vp[0]
        if isinstance(expr, n.Number):
            return f"{expr.value} VP"
        if isinstance(expr, n.Negate) and isinstance(expr.operand, n.Number):
            return f"-{expr.operand.value} VP"
        return f"VP equal to {self.expr(expr)}"

    # The ability text

    def text(self) -> str:
        parts = [self.requirement(r) for r in self.card.requires]
        parts += [self.rule(r) for r in self.card.rules]
        parts += [self.ability(a) for a in self.card.abilities]
        if self.card.vp and not isinstance(self.card.vp[0], n.Number | n.Negate):
            parts.append(f"During scoring at the end of the game, {self.subject} scores {self.vp()}.")
        if not parts:
            parts.append(f"{sentence(self.subject)} has no effect.")
        return " ".join(parts)

    def requirement(self, condition: n.Expr) -> str:
        return sentence(f"you may only build {self.subject} if {self.condition(condition)}")

    def rule(self, rule: n.Rule) -> str:
        value = "" if rule.value is None else self.expr(rule.value)
        return sentence(rule.entry.english.replace("{value}", value))

    def ability(self, ability: n.Ability) -> str:
        trigger = ability.trigger
        body = self.statements(ability.body)
        kind = trigger.kind
        if kind == "when_built":
            text = sentence(f"{ONCE} {body}")
        elif kind == "as_soon_as":
            text = sentence(f"as soon as {self.condition(trigger.condition)}, {ONCE} {body}")
        elif kind == "each_time":
            who = "any player (including you)" if trigger.any_player else "you"
            text = sentence(f"each time {trigger.timing} {who} {trigger.entry.english}, {body}")
        elif kind == "at_moment":
            text = sentence(f"at {trigger.entry.english}, {body}")
        elif kind == "worker_space":
            text = sentence(
                "once per Round, as one of your three turns, you may place a Worker on "
                f"{self.subject} to {body} (only you may use it)"
            )
        elif kind == "any_time":
            text = sentence(f"at any time (and any number of times) before scoring, {body}")
        else:
            text = sentence(f"use: {body}")
        return self.guarded(trigger, text)

    def guarded(self, trigger: n.Trigger, text: str) -> str:
        guard = trigger.guard
        if guard is None:
            return text
        condition = self.condition(guard.condition)
        if guard.unless:
            return f"{text} {sentence(f'{self.subject} has no effect if {condition}')}"
        return f"{text[:-1]}, but only if {condition}."

    # Statements

    def statements(self, statements: tuple[n.Statement, ...]) -> str:
        rendered = [self.statement(s) for s in statements]
        rendered = [r for r in rendered if r]
        if len(rendered) <= 1:
            return "".join(rendered)
        return ", ".join(rendered[:-1]) + ", and " + rendered[-1]

    def statement(self, statement: n.Statement) -> str:
        if isinstance(statement, n.Call):
            return self.phrase(statement)
        if isinstance(statement, n.Let):
            return ""
        if isinstance(statement, n.May):
            return f"you may {self.statements(statement.body)} (all of it or none of it)"
        if isinstance(statement, n.UpTo):
            return f"up to {self.expr(statement.times)} times, you may {self.statements(statement.body)}"
        if isinstance(statement, n.If):
            text = f"if {self.condition(statement.condition)}, {self.statements(statement.then)}"
            if statement.otherwise:
                text += f"; otherwise {self.statements(statement.otherwise)}"
            return text
        assert isinstance(statement, n.ChooseOne)
        return "either " + " or ".join(self.statements(option) for option in statement.options)

    def phrase(self, call: n.Call) -> str:
        entry = call.entry
        slots = [e for e in entry.elements if not isinstance(e, str)]
        text = entry.english
        values = dict(zip((s.name for s in slots), call.args, strict=True))
        amount = values.get("amount")
        for slot in slots:
            if slot.type in NOUNS or slot.type == "good":
                word = good_name(values[slot.name], amount)
                if amount is not None and not isinstance(amount, n.Number):
                    text = text.replace(f"{{amount}} {{{slot.name}}}", f"a number of {word} equal to {{amount}}")
                text = text.replace(f"{{{slot.name}}}", word)
        for slot in slots:
            value = values[slot.name]
            text = text.replace(f"{{{slot.name}}}", value if isinstance(value, str) else self.expr(value))
        return text

    # Expressions

    def condition(self, expr: n.Expr) -> str:
        if isinstance(expr, n.Compare):
            return f"{self.expr(expr.left)} is {COMPARISONS[expr.op]} {self.expr(expr.right)}"
        if isinstance(expr, n.Logic):
            return f" {expr.op} ".join(self.condition(o) for o in expr.operands)
        if isinstance(expr, n.Not):
            return f"not ({self.condition(expr.operand)})"
        return self.expr(expr)

    def expr(self, expr: n.Expr) -> str:
        if isinstance(expr, n.Number):
            return str(expr.value)
        if isinstance(expr, n.Negate):
            return f"minus {self.expr(expr.operand)}"
        if isinstance(expr, n.Ref):
            return self.ref(expr)
        if isinstance(expr, n.Binary):
            return self.binary(expr)
        if isinstance(expr, n.Table):
            return self.table(expr)
        return self.condition(expr)

    def ref(self, ref: n.Ref) -> str:
        if ref.source != "count":
            return ref.text
        from compiler.vocabulary import TABLES

        entry = next(e for e in TABLES["count"] if e.impl == ref.name)
        text = entry.english
        slots = [e for e in entry.elements if not isinstance(e, str)]
        for slot, value in zip(slots, ref.args, strict=True):
            text = text.replace(
                f"{{{slot.name}}}", NOUNS.get(value, (value, value))[1] if slot.type == "good" else value
            )
        return text

    def binary(self, expr: n.Binary) -> str:
        left, right = self.expr(expr.left), self.expr(expr.right)
        if expr.op == "add":
            return f"{left} plus {right}"
        if expr.op == "subtract":
            return f"{left} minus {right}"
        if expr.op == "multiply":
            factor = {"2": "double", "3": "triple"}.get(left)
            return f"{factor} {right}" if factor else f"{left} times {right}"
        if expr.op == "capped":
            return f"{left}, but at most {right}"
        rounding = "up" if expr.op == "divide_up" else "down"
        if right == "2":
            return f"half {left}, rounded {rounding}"
        return f"{left} divided by {right}, rounded {rounding}"

    def table(self, table: n.Table) -> str:
        rows = []
        for row in table.rows:
            value = self.expr(row.value)
            if row.low is None:
                rows.append(f"otherwise {value}")
            elif row.high is None:
                rows.append(f"{value} if {row.low} or more")
            elif row.low == row.high:
                rows.append(f"{value} if {row.low}")
            else:
                rows.append(f"{value} if {row.low}-{row.high}")
        return f"depending on {self.expr(table.key)}: {'; '.join(rows)}"


def deck_name(deck: str) -> str:
    return DECKS.get(deck, deck)
