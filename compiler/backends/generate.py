"""Checked AST to a Python module of card functions whose line numbers are cards.nus lines.

Everything taken from the source (names, texts) becomes an ast.Constant, so no card text is
ever run as code. Generated functions call the runtime library as `rt.<impl>(ctx, ...)`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from enum import Enum

from compiler.diagnostics import Span, source_lines
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op

PRELUDE = (
    "from runtime import library as rt\n"
    "from runtime.model.cards import Ability, CardSpec, CostOption, Example, ExampleStep\n"
    "from runtime.model.declarations import Actor, Timing, TriggerKind\n"
)


def name(identifier: str) -> ast.Name:
    return ast.Name(identifier, ast.Load())


def const(value) -> ast.Constant:
    return ast.Constant(value)


def member(value: Enum) -> ast.Attribute:
    """An enum member as the code names it (`TriggerKind.EACH_TIME`); its class is imported in PRELUDE."""
    return ast.Attribute(name(type(value).__name__), value.name, ast.Load())


def call(function: ast.expr, *args: ast.expr, **keywords: ast.expr) -> ast.Call:
    return ast.Call(function, list(args), [ast.keyword(k, v) for k, v in keywords.items()])


def rt(impl: str) -> ast.Attribute:
    return ast.Attribute(name("rt"), impl, ast.Load())


def located(node: ast.AST, span: Span) -> ast.AST:
    """Stamp a node with its card line; generate() lets its children inherit it, for tracebacks."""
    if "lineno" in node._attributes and not hasattr(node, "lineno"):
        node.lineno, node.end_lineno = span.line, span.end_line
        node.col_offset, node.end_col_offset = span.column - 1, span.end_column - 1
    return node


def function(identifier: str, params: list[str], body: list[ast.stmt], span: Span) -> ast.FunctionDef:
    arguments = ast.arguments([], [ast.arg(p) for p in params], None, [], [], None, [])
    definition = ast.FunctionDef(name=identifier, args=arguments, body=body or [ast.Pass()], decorator_list=[])
    return located(definition, span)


class CardGenerator:
    """Generates the functions of one card; counters keep nested names unique."""

    def __init__(self, card: n.Card, lines: list[str]):
        self.card = card
        self.source_lines = lines
        self.prefix = f"{card.kind}_{identifier_part(card.code)}"
        self.functions: list[ast.stmt] = []
        self.counter = 0

    def fresh(self, what: str) -> str:
        self.counter += 1
        return f"{self.prefix}_{what}_{self.counter}"

    def text(self, span: Span) -> str:
        """The source of a span, sliced by columns; the lines of a multi-line span joined by spaces."""
        lines = self.source_lines[span.line - 1 : span.end_line]
        if not lines:
            return ""
        if len(lines) == 1:
            return lines[0][span.column - 1 : span.end_column - 1].strip()
        first, *middle, last = lines
        parts = [first[span.column - 1 :], *middle, last[: span.end_column - 1]]
        return " ".join(part.strip() for part in parts if part.strip())

    def label(self, body: tuple[n.Statement, ...]) -> str:
        """What a player is asked about: the source of the statements."""
        return ", ".join(self.text(s.span) for s in body)

    def define(self, what: str, params: list[str], body: list[ast.stmt], span: Span) -> ast.Name:
        identifier = self.fresh(what)
        self.functions.append(function(identifier, params, body, span))
        return name(identifier)

    def returning(self, what: str, expr: ast.expr, span: Span, params: list[str] | None = None) -> ast.Name:
        return self.define(what, params or ["ctx"], [located(ast.Return(expr), span)], span)

    # The card

    def spec(self) -> ast.Call:
        card = self.card
        keywords = {
            "kind": const(card.kind),
            "name": const(card.name),
            "deck": const(card.deck),
            "code": const(card.code),
            "costs": self.costs(),
            "abilities": ast.Tuple([self.ability(a) for a in card.abilities], ast.Load()),
            "rules": self.rules(),
            "line": const(card.span.line),
        }
        if card.players:
            keywords["players"] = ast.Tuple([const(count) for count in card.players[0].counts], ast.Load())
        if card.vp:
            keywords["vp"] = self.returning("vp", Expressions(self).expr(card.vp[0]), card.vp[0].span)
        if card.requires:
            keywords["requires"] = self.returning("requires", self.all_of(card.requires), card.requires[0].span)
        return located(call(name("CardSpec"), **keywords), card.span)

    def all_of(self, conditions: tuple[n.Expr, ...]) -> ast.expr:
        compiled = [Expressions(self).expr(c) for c in conditions]
        return compiled[0] if len(compiled) == 1 else ast.BoolOp(ast.And(), compiled)

    def costs(self) -> ast.expr:
        """The function giving the card's cost options. Options whose every amount is a number are the same on every
        call: made once, as a constant of the module the function returns (the engine asks a card's costs whenever
        it weighs building it)."""
        if not self.card.costs:
            return self.returning("costs", ast.Tuple([], ast.Load()), self.card.span)
        line = self.card.costs[0]
        options = ast.Tuple([self.cost_option(option) for option in line.options], ast.Load())
        if not all(isinstance(arg, str | n.Number) for option in line.options for arg in arguments_of(option)):
            return self.returning("costs", options, line.span)
        identifier = self.fresh("costs")
        self.functions.append(assign(f"{identifier}_options", options, line.span))
        self.functions.append(function(identifier, ["ctx"], [ast.Return(name(f"{identifier}_options"))], line.span))
        return name(identifier)

    def cost_option(self, option: n.CostOption) -> ast.expr:
        parts = [self.call_tuple(payment) for payment in option.payments]
        return call(name("CostOption"), ast.Tuple(parts, ast.Load()))

    def call_tuple(self, payment: n.Call) -> ast.expr:
        values = [const(payment.entry.impl), *map(const, payment.entry.args), *self.arguments(payment)]
        return ast.Tuple(values, ast.Load())

    def arguments(self, phrase: n.Call) -> list[ast.expr]:
        """The slots' values; an amount that may come out below 0 is clamped, as an amount below 0 counts as 0."""
        compiled = []
        for arg in phrase.args:
            if isinstance(arg, str):
                compiled.append(const(arg))
            elif isinstance(arg, n.Number):
                compiled.append(const(arg.value))
            else:
                compiled.append(call(name("max"), const(0), Expressions(self).expr(arg)))
        return compiled

    def rules(self) -> ast.expr:
        keys, values = [], []
        for rule in self.card.rules:
            params = ["ctx", *(attr for attr, _ in rule.entry.scope.values())]
            value = const(rule.on) if rule.value is None else Expressions(self).expr(rule.value)
            keys.append(const(rule.entry.impl))
            values.append(self.returning("rule", value, rule.span, params))
        return ast.Dict(keys, values)

    def ability(self, ability: n.Ability) -> ast.expr:
        trigger = ability.trigger
        keywords = {
            "kind": member(trigger.kind),
            "effect": self.define("effect", ["ctx"], self.statements(ability.body), ability.span),
            "text": const(self.text(trigger.span)),
            "line": const(trigger.span.line),
        }
        guard = self.guard(trigger)
        if guard is not None:
            keywords["guard"] = guard
            keywords["explain"] = self.guard(trigger, explaining=True)
        if trigger.entry is not None:
            keywords["event"] = const(trigger.entry.impl)
            keywords["timing"] = member(trigger.timing)
            keywords["actor"] = member(trigger.actor)
        if any(call.entry.worker_on_elder for call in n.calls_in(ability.body)):
            keywords["on_elder"] = const(True)
        return call(name("Ability"), **keywords)

    def guard(self, trigger: n.Trigger, explaining: bool = False) -> ast.Name | None:
        """The trigger's condition as a function of ctx; explaining, its twin that reports each part."""
        expressions = Explaining(self) if explaining else Expressions(self)
        params = ["ctx", "count", "test"] if explaining else ["ctx"]
        if trigger.condition is not None:
            condition = expressions.expr(trigger.condition)
            return self.returning("explain" if explaining else "condition", condition, trigger.condition.span, params)
        if trigger.guard is None:
            return None
        test = expressions.expr(trigger.guard.condition)
        if trigger.guard.unless:
            test = ast.UnaryOp(ast.Not(), test)
        return self.returning("explain" if explaining else "guard", test, trigger.guard.span, params)

    # Examples

    def example(self, example: n.Example, card: str | None) -> ast.expr:
        steps = [located(s, step.span) for step in example.steps for s in self.steps(step)]
        keywords = {
            "title": const(example.title),
            "steps": ast.Tuple(steps, ast.Load()),
            "card": const(card),
            "line": const(example.span.line),
        }
        return located(call(name("Example"), **keywords), example.span)

    def steps(self, step: n.Step) -> list[ast.expr]:
        line = {"text": const(self.text(step.span)), "line": const(step.span.line), "player": const(step.player)}
        if isinstance(step, n.Answers):
            return [call(name("ExampleStep"), kind=const("answers"), answers=const(step.values), **line)]
        if isinstance(step, n.Do):
            body = self.define("do", ["ctx"], self.statements(step.statements), step.span)
            return [call(name("ExampleStep"), kind=const("do"), run=body, **line)]
        if isinstance(step, n.ExpectIllegal):
            body = self.define("illegal", ["ctx"], self.statements(step.statements), step.span)
            return [call(name("ExampleStep"), kind=const("illegal"), run=body, because=const(step.because), **line)]
        if isinstance(step, n.Given):
            body = [located(ast.Expr(self.setter(s)), s.span) for s in step.settings]
            return [
                call(
                    name("ExampleStep"), kind=const("given"), run=self.define("given", ["ctx"], body, step.span), **line
                )
            ]
        assert isinstance(step, n.Expect)
        return [self.expectation(condition, step.player) for condition in step.conditions]

    def setter(self, setting: n.Setting) -> ast.expr:
        ref = setting.quantity
        value = Expressions(self).expr(setting.value)
        return call(rt("set_count"), name("ctx"), const(ref.name), const(ref.args), value)

    def expectation(self, condition: n.Expr, player: int) -> ast.expr:
        keywords = {
            "kind": const("expect"),
            "player": const(player),
            "run": self.returning("expect", Expressions(self).expr(condition), condition.span),
            "text": const(self.text(condition.span)),
            "line": const(condition.span.line),
        }
        if isinstance(condition, n.Compare):
            keywords["actual"] = self.returning("actual", Expressions(self).expr(condition.left), condition.span)
        return call(name("ExampleStep"), **keywords)

    # Statements

    def statements(self, statements: tuple[n.Statement, ...]) -> list[ast.stmt]:
        return [located(compiled, s.span) for s in statements for compiled in self.statement(s)]

    def statement(self, statement: n.Statement) -> list[ast.stmt]:
        """One statement; a choice also defines its bodies as local functions, just before it."""
        if isinstance(statement, n.Call):
            entry = statement.entry
            args = [name("ctx"), *map(const, entry.args), *self.arguments(statement)]
            return [ast.Expr(call(rt(entry.impl), *args))]
        if isinstance(statement, n.Let):
            target = ast.Name(local_name(statement.name), ast.Store())
            return [ast.Assign([target], Expressions(self).expr(statement.value))]
        if isinstance(statement, n.If):
            then = self.statements(statement.then) or [ast.Pass()]
            return [ast.If(Expressions(self).expr(statement.condition), then, self.statements(statement.otherwise))]
        if isinstance(statement, n.May):
            body = self.nested("may", statement.body, statement.span)
            return [body, ast.Expr(call(rt("may"), name("ctx"), const(self.label(statement.body)), name(body.name)))]
        if isinstance(statement, n.UpTo):
            body = self.nested("repeat", statement.body, statement.span)
            times = Expressions(self).expr(statement.times)
            label = const(self.label(statement.body))
            return [body, ast.Expr(call(rt("up_to"), name("ctx"), times, label, name(body.name)))]
        assert isinstance(statement, n.ChooseOne)
        bodies = [self.nested("option", option, option[0].span) for option in statement.options]
        options = [
            ast.Tuple([const(self.label(option)), name(body.name)], ast.Load())
            for option, body in zip(statement.options, bodies, strict=True)
        ]
        return [*bodies, ast.Expr(call(rt("choose_one"), name("ctx"), ast.List(options, ast.Load())))]

    def nested(self, what: str, body: tuple[n.Statement, ...], span: Span) -> ast.FunctionDef:
        """A choice body as a local function, so it sees the enclosing locals."""
        self.counter += 1
        return function(f"{what}_{self.counter}", [], self.statements(body), span)


def arguments_of(option: n.CostOption) -> list[object]:
    return [arg for payment in option.payments for arg in payment.args]


def local_name(word: str) -> str:
    return "local_" + identifier_part(word)


def identifier_part(text: str) -> str:
    """ASCII letters and digits as they are, anything else as _XX_ (its code point): two different texts never
    give one name, and Python's NFKC folding of identifiers (A６１３ -> A613) has nothing to fold."""
    return re.sub(r"[^A-Za-z0-9]", lambda m: f"_{ord(m.group()):x}_", text)


class Expressions:
    """Compiles one expression; tables get fresh temporaries for their key."""

    def __init__(self, card: CardGenerator):
        self.card = card

    def expr(self, expr: n.Expr) -> ast.expr:
        return located(self.compile(expr), expr.span)

    def compile(self, expr: n.Expr) -> ast.expr:
        if isinstance(expr, n.Number):
            return const(expr.value)
        if isinstance(expr, n.Ref):
            return self.ref(expr)
        if isinstance(expr, n.Negate):
            return ast.UnaryOp(ast.USub(), self.expr(expr.operand))
        if isinstance(expr, n.Binary):
            return self.binary(expr)
        if isinstance(expr, n.Compare):
            return ast.Compare(self.expr(expr.left), [expr.op.python()], [self.expr(expr.right)])
        if isinstance(expr, n.Logic):
            op = ast.And() if expr.op == "and" else ast.Or()
            return ast.BoolOp(op, [self.expr(o) for o in expr.operands])
        if isinstance(expr, n.Not):
            return ast.UnaryOp(ast.Not(), self.expr(expr.operand))
        assert isinstance(expr, n.Table), expr
        return self.table(expr)

    def ref(self, ref: n.Ref) -> ast.expr:
        if ref.source == "count":
            return call(rt(ref.name), name("ctx"), *map(const, ref.args))
        if ref.source == "field":
            return ast.Attribute(ast.Attribute(name("ctx"), "event", ast.Load()), ref.name, ast.Load())
        if ref.source == "scope":
            return name(ref.name)
        return name(local_name(ref.name))

    def binary(self, expr: n.Binary) -> ast.expr:
        left, right = self.expr(expr.left), self.expr(expr.right)
        if expr.op is Op.CAPPED:
            return call(name("min"), left, right)
        if expr.op.divides and not isinstance(expr.right, n.Number):
            return self.guarded_division(expr.op, left, right)
        return self.arithmetic(expr.op, left, right)

    @staticmethod
    def arithmetic(op: Op, left: ast.expr, right: ast.expr) -> ast.expr:
        if op is Op.DIVIDE_UP:
            return ast.UnaryOp(ast.USub(), ast.BinOp(ast.UnaryOp(ast.USub(), left), ast.FloorDiv(), right))
        return ast.BinOp(left, op.python(), right)

    def guarded_division(self, op: Op, left: ast.expr, right: ast.expr) -> ast.expr:
        """(divisor := right) and left / divisor: a divisor that comes out 0 at run time gives 0, not a crash."""
        divisor = self.card.fresh("divisor")
        walrus = ast.NamedExpr(ast.Name(divisor, ast.Store()), right)
        return ast.BoolOp(ast.And(), [walrus, self.arithmetic(op, left, name(divisor))])

    def table(self, table: n.Table) -> ast.expr:
        """A chain of conditional expressions over the key, evaluated once; no row matching gives 0."""
        key = self.card.fresh("key")
        result: ast.expr = const(0)
        otherwise = [r for r in table.rows if r.low is None and r.high is None]
        if otherwise:
            result = self.expr(otherwise[0].value)
        for row in reversed([r for r in table.rows if r.low is not None]):
            result = ast.IfExp(self.in_range(name(key), row), self.expr(row.value), result)
        walrus = ast.NamedExpr(ast.Name(key, ast.Store()), self.expr(table.key))
        return self.bind(walrus, result)

    @staticmethod
    def in_range(key: ast.Name, row: n.Row) -> ast.expr:
        if row.high is None:
            return ast.Compare(key, [ast.GtE()], [const(row.low)])
        if row.low == row.high:
            return ast.Compare(key, [ast.Eq()], [const(row.low)])
        return ast.Compare(const(row.low), [ast.LtE(), ast.LtE()], [key, const(row.high)])

    @staticmethod
    def bind(walrus: ast.NamedExpr, result: ast.expr) -> ast.expr:
        """(key := value, result)[1]: evaluates the key once, then the row chain."""
        pair = ast.Tuple([walrus, result], ast.Load())
        return ast.Subscript(pair, const(1), ast.Load())


class Explaining(Expressions):
    """The same expression, with each count or event field passed through `count(text, value)` and each
    comparison through `test(text, held)`: what `nus trace` shows of a condition. Both return their value, so
    the result is the condition's own; only a tracer calls it, so the guard itself stays as fast as it was."""

    def compile(self, expr: n.Expr) -> ast.expr:
        compiled = super().compile(expr)
        if isinstance(expr, n.Compare):
            return call(name("test"), const(self.card.text(expr.span)), compiled)
        if isinstance(expr, n.Ref) and expr.source in ("count", "field"):
            return call(name("count"), const(self.card.text(expr.span)), compiled)
        return compiled


@dataclass(frozen=True)
class CardCode:
    """One card's block of the module (its functions, its spec, its examples' list) and what CARDS and EXAMPLES
    take from it. It depends on the card alone, so compiler/units.py keeps it with the card."""

    statements: tuple[ast.stmt, ...]
    spec: ast.expr
    examples: tuple[ast.expr, ...]


def card_code(card: n.Card, lines: list[str]) -> CardCode:
    generator = CardGenerator(card, lines)
    spec = generator.spec()
    card_examples = [generator.example(e, card.name if card.kind == "building" else None) for e in card.examples]
    block = [*generator.functions, assign(generator.prefix, spec, card.span)]
    examples = define_examples(generator, card_examples, block, card.span)
    block[0].card_header = (f'{card.kind} "{card.name}" ({card.deck} {card.code})', card.span.line)
    return CardCode(tuple(located_fully(statement) for statement in block), name(generator.prefix), tuple(examples))


def located_fully(statement: ast.stmt) -> ast.stmt:
    """Children without a line take their statement's: done once per card, not over the whole module."""
    inherit_location(statement, (1, 0, 1, 0))
    return statement


def inherit_location(node: ast.AST, where: tuple[int, int, int, int]) -> None:
    """ast.fix_missing_locations, at half its cost (it was near a fifth of a compile): a node without
    a line takes its nearest located ancestor's, all four positions at once, as located() sets them."""
    if "lineno" in node._attributes:
        if hasattr(node, "lineno"):
            where = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
        else:
            node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = where
    for field in node._fields:
        value = getattr(node, field, None)
        if isinstance(value, list):
            for item in value:
                if isinstance(item, ast.AST):
                    inherit_location(item, where)
        elif isinstance(value, ast.AST):
            inherit_location(value, where)


def generate(program: n.Program, source: str) -> ast.Module:
    lines = source_lines(source)
    return assemble(program, [card_code(card, lines) for card in program.cards], lines)


def assemble(program: n.Program, cards: list[CardCode], lines: list[str]) -> ast.Module:
    """One block per card: its functions, then its spec (and its examples); CARDS and EXAMPLES list them all.

    Each block's first statement carries `card_header` (kind, name, deck and code, and its cards.nus line),
    which python_text prints as the block's heading comment."""
    body: list[ast.stmt] = list(ast.parse(PRELUDE).body)
    examples: list[ast.expr] = []
    for code in cards:
        body.extend(code.statements)
        examples.extend(code.examples)
    base_start = len(body)
    base = CardGenerator(n.Card(program.span, "base", "", program.span, code="rules"), lines)
    base_examples = [base.example(e, None) for e in program.examples]
    block = list(base.functions)
    examples += define_examples(base, base_examples, block, program.span)
    if block:
        block[0].card_header = ("worked examples of the base rules", program.span.line)
        body.extend(block)
    body.append(assign("CARDS", ast.List([code.spec for code in cards], ast.Load()), program.span))
    body.append(assign("EXAMPLES", ast.List(examples, ast.Load()), program.span))
    body[base_start:] = [located_fully(statement) for statement in body[base_start:]]
    return ast.Module(body, [])


def assign(target: str, value: ast.expr, span: Span) -> ast.stmt:
    return located(ast.Assign([ast.Name(target, ast.Store())], value), span)


def define_examples(
    generator: CardGenerator, examples: list[ast.expr], block: list[ast.stmt], span: Span
) -> list[ast.expr]:
    """A block's examples as one list named after it; what EXAMPLES unpacks."""
    if not examples:
        return []
    target = f"{generator.prefix}_examples"
    block.append(assign(target, ast.List(examples, ast.Load()), span))
    return [ast.Starred(name(target), ast.Load())]
