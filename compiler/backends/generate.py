"""Checked AST to a Python module of card functions whose line numbers are cards.nus lines.

Everything taken from the source (names, texts) becomes an ast.Constant, so no card text is
ever run as code. Generated functions call the runtime library as `rt.<impl>(ctx, ...)`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from compiler.backends.parts import Part
from compiler.backends.render import English, is_before
from compiler.checking import vocabulary as vocab
from compiler.diagnostics import Span, source_lines
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op
from runtime.model.cards import StepKind
from runtime.model.declarations import CardKind

CARDS_PRELUDE = (
    "from runtime import library as rt\n"
    "from runtime.model.cards import Ability, CardSpec, CostOption\n"
    "from runtime.model.declarations import Actor, CardKind, Timing, TriggerKind\n"
)
EXAMPLES_PRELUDE = (
    "import operator\n"
    "from runtime import library as rt\n"
    "from runtime.model.cards import Example, ExampleStep, StepKind\n"
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
    """Generates one card's functions (or its worked examples'), each named for its role on the card:
    `a613_vp`, `a613_ability1_guard`, `a613_example2_step3`. A name depends on the card alone, so an edit to one
    card renames nothing in another."""

    def __init__(self, card: n.Card, lines: list[str], trace: bool = False):
        self.card = card
        self.source_lines = lines
        self.trace = trace  # also generate each condition's explaining twin, for `nus trace`
        self.prefix = identifier_part(card.code).lower()
        self.functions: list[ast.stmt] = []

    @cached_property
    def english(self) -> English:
        """A question asks in the reference's words (made on first use: the base rules' examples ask none)."""
        return English(self.card)

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
        """A `choose one` option as an example's `answer` names it: the source of its statements."""
        return ", ".join(self.text(s.span) for s in body)

    def define(self, role: str, params: list[str], body: list[ast.stmt], span: Span) -> ast.Name:
        identifier = f"{self.prefix}_{role}"
        self.functions.append(function(identifier, params, body, span))
        return name(identifier)

    def returning(self, role: str, expr: ast.expr, span: Span, params: list[str] | None = None) -> ast.Name:
        return self.define(role, params or ["ctx"], [located(ast.Return(expr), span)], span)

    # The card

    def spec(self) -> ast.Call:
        card = self.card
        keywords = {
            "kind": member(card.kind),
            "name": const(card.name),
            "deck": const(card.deck),
            "code": const(card.code),
            "costs": self.costs(),
            "abilities": ast.Tuple([self.ability(a, i) for i, a in enumerate(card.abilities, 1)], ast.Load()),
            "rules": self.rules(),
            "line": const(card.span.line),
        }
        if card.players:
            keywords["players"] = ast.Tuple([const(count) for count in card.players[0].counts], ast.Load())
        relative = [rule.entry.impl for rule in card.rules if rule.value is not None and reads_before(rule.value)]
        if relative:  # changes layered after the fixed values
            keywords["relative_rules"] = call(name("frozenset"), ast.Set([const(key) for key in relative]))
        if card.vp:
            vp = card.vp[0]
            keywords["vp"] = (
                const(vp.value) if isinstance(vp, n.Number) else self.returning("vp", self.expr(vp), vp.span)
            )
        if card.requires:
            keywords["requires"] = self.returning("requires", self.all_of(card.requires), card.requires[0].span)
        return located(call(name("CardSpec"), **keywords), card.span)

    def expr(self, expr: n.Expr) -> ast.expr:
        return Expressions(self).expr(expr)

    def all_of(self, conditions: tuple[n.Expr, ...]) -> ast.expr:
        compiled = [self.expr(c) for c in conditions]
        return compiled[0] if len(compiled) == 1 else ast.BoolOp(ast.And(), compiled)

    def costs(self) -> ast.expr:
        """The cost options themselves where every amount is a number (the engine asks a constant's options as it
        asks a function's: CardSpec), else the function giving them."""
        if not self.card.costs:
            return ast.Tuple([], ast.Load())
        line = self.card.costs[0]
        options = ast.Tuple([self.cost_option(option) for option in line.options], ast.Load())
        if all(isinstance(arg, str | n.Number) for option in line.options for arg in arguments_of(option)):
            return located(options, line.span)
        return self.returning("costs", options, line.span)

    def cost_option(self, option: n.CostOption) -> ast.expr:
        parts = [self.call_tuple(payment) for payment in option.payments]
        return call(name("CostOption"), ast.Tuple(parts, ast.Load()))

    def call_tuple(self, payment: n.Call) -> ast.expr:
        values = [const(payment.entry.impl), *map(const, payment.entry.args), *self.arguments(payment)]
        return ast.Tuple(values, ast.Load())

    def arguments(self, phrase: n.Call) -> list[ast.expr]:
        """The slots' values, each amount worked out in play through rt.amount (below 0 counts as 0, above its most
        stops the card)."""
        return [const(arg) if isinstance(arg, str) else self.amount(arg) for arg in phrase.args]

    def amount(self, value: n.Expr) -> ast.expr:
        if isinstance(value, n.Number):
            return const(value.value)
        return call(rt("amount"), name("ctx"), self.expr(value))

    def rules(self) -> ast.expr:
        """Each rule parameter the card sets: its value where it is a number or a switch, else the function of the
        value before it (and the rule's scope) giving it."""
        keys, values = [], []
        for rule in self.card.rules:
            keys.append(const(rule.entry.impl))
            if rule.value is None or isinstance(rule.value, n.Number):
                values.append(const(rule.on if rule.value is None else rule.value.value))
                continue
            params = ["ctx", *(attr for attr, _ in rule.entry.scope.values())]
            values.append(self.returning(f"rule_{rule.entry.impl}", self.expr(rule.value), rule.span, params))
        return ast.Dict(keys, values)

    def ability(self, ability: n.Ability, number: int) -> ast.expr:
        trigger, role = ability.trigger, f"ability{number}"
        self.english.phrases = trigger.entry.phrases if trigger.entry is not None else {}  # its questions' field words
        keywords = {
            "kind": member(trigger.kind),
            "effect": self.define(role, ["ctx"], self.statements(ability.body), ability.span),
            "text": const(self.text(trigger.span)),
            "line": const(trigger.span.line),
        }
        condition = self.condition(trigger)
        if condition is not None:
            test, span, what = condition
            keywords["guard"] = self.returning(f"{role}_{what}", Expressions(self).expr(test), span)
            if self.trace:
                explained = Explaining(self).expr(test)
                keywords["explain"] = self.returning(f"{role}_explain", explained, span, ["ctx", "count", "test"])
        if trigger.entry is not None:
            keywords["event"] = const(trigger.entry.impl)
            keywords["timing"] = member(trigger.timing)
            keywords["actor"] = member(trigger.actor)
        if any(call.entry.worker_on_elder for call in n.calls_in(ability.body)):
            keywords["on_elder"] = const(True)
        return call(name("Ability"), **keywords)

    @staticmethod
    def condition(trigger: n.Trigger) -> tuple[n.Expr, Span, str] | None:
        """What gates an ability: an `as soon as` condition or an if/unless guard, with its span and role."""
        if trigger.condition is not None:
            return trigger.condition, trigger.condition.span, "condition"
        if trigger.guard is None:
            return None
        test = trigger.guard.condition
        if trigger.guard.unless:
            test = n.Not(trigger.guard.span, test)
        return test, trigger.guard.span, "guard"

    # Examples

    def example(self, example: n.Example, number: int, card: str | None, code: str | None) -> ast.expr:
        """An Example: `card` the Building it starts with in play, `code` the card it is written under."""
        steps: list[ast.expr] = []
        for step in example.steps:
            steps += [located(made, step.span) for made in self.steps(step, number, len(steps) + 1)]
        keywords = {
            "title": const(example.title),
            "steps": ast.Tuple(steps, ast.Load()),
            "card": const(card),
            "line": const(example.span.line),
        }
        if code is not None:
            keywords["code"] = const(code)
        if builds_its_card(example):
            keywords["builds"] = const(True)
        return located(call(name("Example"), **keywords), example.span)

    def steps(self, step: n.Step, example: int, first: int) -> list[ast.expr]:
        """The ExampleSteps of one line (an expect line makes one a condition), `first` the place of the first."""
        role = step_role(example, first)
        line = {"text": const(self.text(step.span)), "line": const(step.span.line), "player": const(step.player)}
        if on_this_card(step):
            line["on_card"] = const(True)
        if isinstance(step, n.Answers):
            return [call(name("ExampleStep"), kind=member(StepKind.ANSWERS), answers=const(step.values), **line)]
        if isinstance(step, n.Do):
            body = self.define(role, ["ctx"], self.statements(step.statements), step.span)
            return [call(name("ExampleStep"), kind=member(StepKind.DO), run=body, **line)]
        if isinstance(step, n.ExpectIllegal):
            body = self.define(role, ["ctx"], self.statements(step.statements), step.span)
            return [
                call(name("ExampleStep"), kind=member(StepKind.ILLEGAL), run=body, because=const(step.because), **line)
            ]
        if isinstance(step, n.Given):
            body = [located(ast.Expr(self.setter(s)), s.span) for s in step.settings]
            return [
                call(
                    name("ExampleStep"),
                    kind=member(StepKind.GIVEN),
                    run=self.define(role, ["ctx"], body, step.span),
                    **line,
                )
            ]
        assert isinstance(step, n.Expect)
        return [
            self.expectation(condition, step.player, step_role(example, first + index))
            for index, condition in enumerate(step.conditions)
        ]

    def setter(self, setting: n.Setting) -> ast.expr:
        ref = setting.quantity
        return call(rt("set_count"), name("ctx"), const(ref.name), const(ref.args), self.expr(setting.value))

    def expectation(self, condition: n.Expr, player: int, role: str) -> ast.expr:
        """A condition an example expects. A comparison's function gives both its sides and the step names the
        comparison (`compare=operator.eq`): a failure shows the value found, worked out once."""
        keywords: dict[str, ast.expr] = {"kind": member(StepKind.EXPECT), "player": const(player)}
        if isinstance(condition, n.Compare):
            sides = ast.Tuple([self.expr(condition.left), self.expr(condition.right)], ast.Load())
            keywords["run"] = self.returning(role, sides, condition.span)
            keywords["compare"] = ast.Attribute(name("operator"), condition.op.evaluate.__name__, ast.Load())
        else:
            keywords["run"] = self.returning(role, self.expr(condition), condition.span)
        if on_this_card(condition):
            keywords["on_card"] = const(True)
        return call(
            name("ExampleStep"), **keywords, text=const(self.text(condition.span)), line=const(condition.span.line)
        )

    # Statements

    def statements(self, statements: tuple[n.Statement, ...]) -> list[ast.stmt]:
        return [
            located(compiled, s.span)
            for number, s in enumerate(statements, 1)
            for compiled in self.statement(s, number)
        ]

    def statement(self, statement: n.Statement, number: int) -> list[ast.stmt]:
        """One statement (`number` its place in its block); a choice also defines its bodies as local functions,
        just before it, named by that place."""
        if isinstance(statement, n.Call):
            entry = statement.entry
            args = [name("ctx"), *map(const, entry.args), *self.arguments(statement)]
            return [ast.Expr(call(rt(entry.impl), *args))]
        if isinstance(statement, n.Let):
            self.english.statement(statement)  # a question below says what the name stands for
            target = ast.Name(local_name(statement.name), ast.Store())
            return [ast.Assign([target], self.expr(statement.value))]
        if isinstance(statement, n.If):
            then = self.statements(statement.then) or [ast.Pass()]
            return [ast.If(self.expr(statement.condition), then, self.statements(statement.otherwise))]
        if isinstance(statement, n.May):
            body = self.nested(f"may{number}", statement.body, statement.span)
            question = const(self.english.offered(statement.body))
            return [body, ast.Expr(call(rt("may"), name("ctx"), question, name(body.name)))]
        if isinstance(statement, n.UpTo):
            body = self.nested(f"repeat{number}", statement.body, statement.span)
            times = self.amount(statement.times)
            question = const(self.english.statements(statement.body))
            return [body, ast.Expr(call(rt("up_to"), name("ctx"), times, question, name(body.name)))]
        assert isinstance(statement, n.ChooseOne)
        bodies = [
            self.nested(f"choice{number}_option{index}", option, option[0].span)
            for index, option in enumerate(statement.options, 1)
        ]
        options = [
            ast.Tuple([const(self.label(option)), name(body.name)], ast.Load())
            for option, body in zip(statement.options, bodies, strict=True)
        ]
        question = const(self.english.statement(statement))
        return [*bodies, ast.Expr(call(rt("choose_one"), name("ctx"), question, ast.List(options, ast.Load())))]

    def nested(self, identifier: str, body: tuple[n.Statement, ...], span: Span) -> ast.FunctionDef:
        """A choice body as a local function, so it sees the enclosing locals."""
        return function(identifier, [], self.statements(body), span)


def step_role(example: int, step: int) -> str:
    """A step's functions are named by its example's place on the card and its own place in the example."""
    return f"example{example}_step{step}"


def reads_before(value: n.Expr) -> bool:
    """Whether a rule's value reads the value before its change (its own words): a relative change."""
    return any(is_before(node) for node in n.walk(value))


ON_CARD_COUNTS = frozenset(entry.impl for entry in vocab.COUNTS if entry.on_card)


def on_this_card(root: n.Node) -> bool:
    """Whether an example's step reads or acts on this Building (`gold on this building`, `put 1 gold on this
    building`): then the player it names must have the card in play, and the example says so when they do not."""
    return any(
        (isinstance(node, n.Ref) and node.source == "count" and node.name in ON_CARD_COUNTS)
        or (isinstance(node, n.Call) and node.entry.on_card)
        for node in n.walk(root)
    )


BUILD_THIS_CARD = "build_this_card"  # the example step that builds the example's own card


def builds_its_card(example: n.Example) -> bool:
    """Whether a step of the example builds its card: then the card starts in hand, and nothing of it runs before."""
    return any(
        isinstance(step, n.Do | n.ExpectIllegal)
        and any(c.entry.impl == BUILD_THIS_CARD for c in n.calls_in(step.statements))
        for step in example.steps
    )


def arguments_of(option: n.CostOption) -> list[object]:
    return [arg for payment in option.payments for arg in payment.args]


def local_name(word: str) -> str:
    return "local_" + identifier_part(word)


def identifier_part(text: str) -> str:
    """ASCII letters and digits as they are, anything else as _XX_ (its code point): two different texts never
    give one name, and Python's NFKC folding of identifiers (A６１３ -> A613) has nothing to fold."""
    return re.sub(r"[^A-Za-z0-9]", lambda m: f"_{ord(m.group()):x}_", text)


class Expressions:
    """Compiles one expression."""

    def __init__(self, card: CardGenerator):
        self.card = card
        self.dividends = 0  # how many guarded divisions' dividends the expression being compiled lies in

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
        if expr.op.divides and not isinstance(expr.right, n.Number):
            return self.guarded_division(expr)
        left, right = self.expr(expr.left), self.expr(expr.right)
        if expr.op is Op.CAPPED:
            return call(name("min"), left, right)
        return self.arithmetic(expr.op, left, right)

    @staticmethod
    def arithmetic(op: Op, left: ast.expr, right: ast.expr) -> ast.expr:
        if op is Op.DIVIDE_UP:
            return ast.UnaryOp(ast.USub(), ast.BinOp(ast.UnaryOp(ast.USub(), left), ast.FloorDiv(), right))
        return ast.BinOp(left, op.python(), right)

    def guarded_division(self, expr: n.Binary) -> ast.expr:
        """(divisor := right) and left // divisor: a divisor that comes out 0 at run time gives 0, not a crash, and
        the dividend is then not worked out. A division inside a dividend binds a name of its own (divisor2...),
        so it cannot change the divisor of the division around it."""
        divisor = "divisor" if self.dividends == 0 else f"divisor{self.dividends + 1}"
        right = self.expr(expr.right)
        self.dividends += 1
        left = self.expr(expr.left)
        self.dividends -= 1
        walrus = ast.NamedExpr(ast.Name(divisor, ast.Store()), right)
        return ast.BoolOp(ast.And(), [walrus, self.arithmetic(expr.op, left, name(divisor))])

    def table(self, table: n.Table) -> ast.expr:
        """rt.by_rows(key, ((low, high, value), ...), otherwise): the value of the row the key falls in (high None:
        no upper bound), else the `else` row's, else 0."""
        otherwise = next((self.row_value(r) for r in table.rows if r.low is None and r.high is None), const(0))
        rows = [
            ast.Tuple([const(r.low), const(r.high), self.row_value(r)], ast.Load())
            for r in table.rows
            if r.low is not None
        ]
        return call(rt("by_rows"), self.expr(table.key), ast.Tuple(rows, ast.Load()), otherwise)

    def row_value(self, row: n.Row) -> ast.expr:
        """A number as it is; a value that counts as a function giving it, worked out only for the row chosen."""
        value = self.expr(row.value)
        if isinstance(value, ast.Constant):
            return value
        return located(ast.Lambda(ast.arguments([], [], None, [], [], None, []), value), row.span)


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
    """One card's block of a module (its functions and what they make: its spec, or its examples' list) and what
    the module's CARDS or EXAMPLES list takes from it. It depends on the card alone, so compiler/units.py keeps it
    with the card."""

    statements: tuple[ast.stmt, ...]
    listed: tuple[ast.expr, ...]


def card_code(card: n.Card, lines: list[str], trace: bool = False) -> CardCode:
    """The card's functions and its CardSpec; `trace`: with each condition's explaining twin (`nus trace`)."""
    generator = CardGenerator(card, lines, trace)
    spec = generator.spec()
    block = [*generator.functions, assign(generator.prefix, spec, card.span)]
    return CardCode(headed(block, card), (name(generator.prefix),))


def example_code(card: n.Card, lines: list[str]) -> CardCode:
    """The functions of the card's worked examples and their list (a card with none has an empty block)."""
    generator = CardGenerator(card, lines)
    owner = card.name if card.kind is CardKind.BUILDING else None
    examples = [generator.example(example, number, owner, card.code) for number, example in enumerate(card.examples, 1)]
    return examples_block(generator, examples, card)


def examples_block(generator: CardGenerator, examples: list[ast.expr], card: n.Card) -> CardCode:
    if not examples:
        return CardCode((), ())
    target = f"{generator.prefix}_examples"
    block = [*generator.functions, assign(target, ast.List(examples, ast.Load()), card.span)]
    return CardCode(headed(block, card), (ast.Starred(name(target), ast.Load()),))


def headed(block: list[ast.stmt], card: n.Card) -> tuple[ast.stmt, ...]:
    """The block's first statement carries `card_header`, which python_text prints as the block's heading."""
    title = (
        f'{card.kind} "{card.name}" ({card.deck} {card.code})'
        if card.code != BASE
        else "worked examples of the base rules"
    )
    block[0].card_header = (title, card.span.line)
    return tuple(located_fully(statement) for statement in block)


BASE = "rules"  # the code the base rules' worked examples are generated under: `rules_example1_step1`


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


def code(card: n.Card, lines: list[str], part: Part) -> CardCode:
    if part is Part.EXAMPLES:
        return example_code(card, lines)
    return card_code(card, lines, trace=part is Part.TRACED_CARDS)


def module(program: n.Program, blocks: list[CardCode], lines: list[str], part: Part) -> ast.Module:
    return examples_module(program, blocks, lines) if part is Part.EXAMPLES else cards_module(program, blocks)


def generate(program: n.Program, source: str, trace: bool = False) -> tuple[ast.Module, ast.Module]:
    """The whole file at once: its cards' module and its worked examples' module."""
    lines = source_lines(source)
    cards = cards_module(program, [card_code(card, lines, trace) for card in program.cards])
    examples = examples_module(program, [example_code(card, lines) for card in program.cards], lines)
    return cards, examples


def cards_module(program: n.Program, blocks: list[CardCode]) -> ast.Module:
    """One block per card, then CARDS, the list of them all: what simulation loads."""
    body = [*ast.parse(CARDS_PRELUDE).body, *(statement for block in blocks for statement in block.statements)]
    listed = [spec for block in blocks for spec in block.listed]
    body.append(located_fully(assign("CARDS", ast.List(listed, ast.Load()), program.span)))
    return ast.Module(body, [])


def examples_module(program: n.Program, blocks: list[CardCode], lines: list[str]) -> ast.Module:
    """One block per card with worked examples, then the base rules' examples, then EXAMPLES: what `nus test` runs."""
    base = CardGenerator(n.Card(program.span, "base", "", program.span, code=BASE), lines)
    examples = [base.example(example, number, None, None) for number, example in enumerate(program.examples, 1)]
    blocks = [*blocks, examples_block(base, examples, base.card)]
    body = [*ast.parse(EXAMPLES_PRELUDE).body, *(statement for block in blocks for statement in block.statements)]
    listed = [examples for block in blocks for examples in block.listed]
    body.append(located_fully(assign("EXAMPLES", ast.List(listed, ast.Load()), program.span)))
    return ast.Module(body, [])


def assign(target: str, value: ast.expr, span: Span) -> ast.stmt:
    return located(ast.Assign([ast.Name(target, ast.Store())], value), span)
