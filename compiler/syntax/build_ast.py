"""The typed AST, built while the parser reduces: one small method per grammar rule."""

from __future__ import annotations

from functools import cache, partial
from typing import TYPE_CHECKING

from compiler.diagnostics import Span
from compiler.plain import Plain
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op
from runtime.model.declarations import Actor, CardKind, Timing, TriggerKind

if TYPE_CHECKING:
    from lark import Lark, Token
    from lark.grammar import Rule

MAX_EXPRESSION_DEPTH = 100
EXPRESSIONS = frozenset(
    {
        *(op.value for op in Op),
        *("negate", "number", "quantity", "table", "table_row", "or_condition", "and_condition", "not_"),
    }
)


def unquote(token: Token) -> str:
    return str(token)[1:-1]


class Built:
    """A rule's value on the parser's stack, with the text it covers as Lark's propagate_positions reckons it
    (from its first part's start to its last part's end, keywords and line ends included; wider than the value's own
    span where an inlined rule such as `?atom: "(" condition ")"` passed it up) and its height in the parse tree.
    It is also the meta a builder method is given: line, column, end_line, end_column."""

    __slots__ = ("value", "line", "column", "end_line", "end_column", "height")

    def __init__(self, value: object, first: object, last: object, height: int) -> None:
        self.value = value
        self.height = height
        if first is None:
            self.line = self.column = self.end_line = self.end_column = None
        else:
            self.line = first.line
            self.column = first.column
            self.end_line = last.end_line
            self.end_column = last.end_column


class Shape(Plain):
    """What Lark's tree builder does with one grammar rule's parts: which it keeps (`_NL`, keywords and punctuation
    go), which are a helper rule's to splice in (`("," x)*` becomes one), whether a `?rule` passes a lone part up."""

    __slots__ = ("name", "keep", "inline", "helper", "passes")

    def __init__(
        self, name: str, keep: tuple[tuple[int, bool], ...] | None, inline: bool, helper: bool, passes: bool
    ) -> None:
        self.name = name  # the builder method: the rule's alias, else its name
        self.keep = keep  # (part, spliced) for the parts kept; None: all, none spliced
        self.inline = inline
        self.helper = helper
        self.passes = passes  # a `?rule` of one part, kept: that part is the rule's value, covering the same text


@cache
def shapes(grammar: Lark) -> tuple[tuple[Rule, Shape], ...]:
    """Every rule's shape, read from the grammar as Lark's ParseTreeBuilder reads it."""
    found = []
    for rule in grammar.rules:
        keep = tuple(
            (index, not symbol.is_term and symbol.name.startswith("_"))
            for index, symbol in enumerate(rule.expansion)
            if rule.options.keep_all_tokens or not (symbol.is_term and symbol.filter_out)
        )
        whole = len(keep) == len(rule.expansion) and not any(spliced for _, spliced in keep)
        name, inline = rule.alias or rule.origin.name, rule.options.expand1 and not rule.alias
        passes = inline and whole and len(keep) == 1
        found.append((rule, Shape(name, None if whole else keep, inline, name.startswith("_"), passes)))
    return tuple(found)


def shape_data(shape: Shape) -> tuple:
    """A shape as plain data, kept in the plain tables (lalr.py)."""
    return shape.compared()


@cache
def shape_of(data: tuple) -> Shape:
    return Shape(*data)


class AstBuilder:
    """The parser's reduce actions: each rule's method is given the rule's meta (a Built: the span of the text it
    covers) and its parts, already built, as the rule's node in Lark's parse tree would hold them.

    Built while parsing, not from a parse tree afterwards: the tree, its positions and a second walk over it were a
    fifth of parsing's instructions. An expression nested deeper than later stages recurse is noted, not built."""

    def __init__(self, filename: str, lines: int = 0):
        self.filename = filename
        self.lines = lines  # added to every line: the file's lines above the parsed text (compiler/units.py)
        self.too_deep: Built | None = None  # the tallest expression over MAX_EXPRESSION_DEPTH, the last of a tie

    def callbacks(self, grammar: Lark) -> dict[Rule, partial]:
        return {rule: partial(self.reduce, shape) for rule, shape in shapes(grammar)}

    def reduce(self, shape: Shape, parts: list) -> object:
        """One rule's value from its parts (tokens and Builts), as Lark's tree builder would shape the rule's node."""
        if shape.passes:
            return parts[0]  # most reductions: `?expr: sum`, `?sum: product`, ...
        if shape.keep is None:
            kept = parts
        else:
            kept = []
            for index, spliced in shape.keep:
                if spliced:
                    kept.extend(parts[index].value)
                else:
                    kept.append(parts[index])
        # every part covers some text (only the root covers none, for an empty file)
        first, last = (parts[0], parts[-1]) if parts else (None, None)
        if shape.helper:
            return Built(kept, first, last, 0)
        if shape.inline and len(kept) == 1:
            only = kept[0]
            return Built(only.value, first, last, only.height) if isinstance(only, Built) else only
        height, values = 0, []
        for part in kept:  # the tallest part, and each part's value
            if part.__class__ is Built:
                if part.height > height:
                    height = part.height
                values.append(part.value)
            else:
                values.append(part)
        built = Built(None, first, last, height + 1)
        deep = shape.name in EXPRESSIONS and built.height > MAX_EXPRESSION_DEPTH
        if deep and (self.too_deep is None or built.height >= self.too_deep.height):
            self.too_deep = built
        if self.too_deep is not None:
            return built  # later stages would recurse too deep: the parse is refused, only heights still count
        built.value = getattr(self, shape.name)(built, values)
        return built

    def span(self, meta: Built) -> Span:
        return Span(self.filename, meta.line + self.lines, meta.column, meta.end_line + self.lines, meta.end_column)

    def tspan(self, token: Token) -> Span:
        return Span(self.filename, token.line + self.lines, token.column, token.end_line + self.lines, token.end_column)

    def until(self, meta: Built, last: Span) -> Span:
        """From the rule's start to the end of its last part, leaving out the closing end of line (and, for a
        block, the dedent, which Lark places at the next line's start: the next card's header)."""
        return Span(self.filename, meta.line + self.lines, meta.column, last.end_line, last.end_column)

    def block(self, meta: Built, body: tuple[n.Statement, ...]) -> Span:
        """A block statement ends at its last statement."""
        return self.until(meta, body[-1].span) if body else self.span(meta)

    # Program and cards

    def start(self, meta, definitions):
        span = self.until(meta, definitions[-1].span) if definitions else Span(self.filename, 1, 1, 1, 1)
        cards = tuple(d for d in definitions if isinstance(d, n.Card))
        return n.Program(span, cards, tuple(d for d in definitions if isinstance(d, n.Example)))

    def card(self, meta, children):
        kind, name, deck, code, *items = children
        keys = ("players", "costs", "vp", "requires", "rules", "abilities", "examples")
        fields: dict[str, list] = {key: [] for key in keys}
        for item in items:
            fields[self.item_field(item)].append(item[1] if isinstance(item, tuple) else item)
        return n.Card(
            self.until(meta, self.item_span(items[-1])) if items else self.span(meta),
            kind=CardKind(kind),
            name=unquote(name),
            name_span=self.tspan(name),
            deck=str(deck),
            deck_span=self.tspan(deck),
            code=str(code),
            code_span=self.tspan(code),
            **{key: tuple(value) for key, value in fields.items()},
        )

    @staticmethod
    def item_span(item) -> Span:
        return item[1].span if isinstance(item, tuple) else item.span

    @staticmethod
    def item_field(item) -> str:
        if isinstance(item, tuple):
            return item[0]
        kinds = {n.Players: "players", n.CostLine: "costs", n.Rule: "rules", n.Ability: "abilities"}
        return {**kinds, n.Example: "examples"}[type(item)]

    def players(self, meta, ranges):
        return n.Players(self.until(meta, ranges[-1].span), tuple(ranges))

    def one_count(self, meta, children):
        return n.PlayerRange(self.span(meta), int(children[0]), int(children[0]))

    def counts_from(self, meta, children):
        return n.PlayerRange(self.span(meta), int(children[0]), None)

    def counts_between(self, meta, children):
        return n.PlayerRange(self.span(meta), int(children[0]), int(children[1]))

    def cost(self, meta, options):
        return n.CostLine(self.until(meta, options[-1].span), tuple(options))

    def cost_option(self, meta, phrases):
        return n.CostOption(self.span(meta), tuple(phrases))

    def vp(self, meta, children):
        return ("vp", children[0])

    def requires(self, meta, children):
        return ("requires", children[0])

    def rule(self, meta, children):
        phrase, *value = children
        last = value[0] if value else phrase
        return n.Rule(self.until(meta, last.span), phrase, value[0] if value else None)

    # Examples

    def example(self, meta, children):
        title, *steps = children
        return n.Example(self.until(meta, steps[-1].span), unquote(title), tuple(steps))

    def given(self, meta, settings):
        return n.Given(self.until(meta, settings[-1].span), tuple(settings))

    def setting(self, meta, children):
        quantity, value = children
        return n.Setting(self.span(meta), quantity, value)

    def do(self, meta, children):
        statements = tuple(children[0])
        return n.Do(self.until(meta, statements[-1].span), statements)

    def answers(self, meta, answers):
        return n.Answers(self.until(meta, answers[-1][1]), tuple(text for text, _ in answers))

    def answer_part(self, meta, children):
        return [token for child in children for token in (child if isinstance(child, list) else [child])]

    def answer(self, meta, parts):
        """An answer is its words as written, names keeping their quotes: the runtime matches it to an option."""
        tokens = [token for part in parts for token in part]
        text = str(tokens[0])
        for before, token in zip(tokens, tokens[1:], strict=False):
            text += (" " if token.start_pos > before.end_pos else "") + str(token)
        return text, self.tspan(tokens[-1])

    def expect(self, meta, conditions):
        return n.Expect(self.until(meta, conditions[-1].span), tuple(conditions))

    def expect_illegal(self, meta, children):
        statements, *because = children
        statements = tuple(statements)
        if because:
            text, span = because[0]
            return n.ExpectIllegal(self.until(meta, span), statements, text)
        return n.ExpectIllegal(self.until(meta, statements[-1].span), statements)

    def because(self, meta, tokens):
        return unquote(tokens[0]), self.tspan(tokens[0])

    def for_player(self, meta, children):
        number, step = children
        return step.replace(span=self.until(meta, step.span), player=int(number))

    # Abilities

    def ability(self, meta, children):
        trigger, body = children
        return n.Ability(self.until(meta, body[-1].span) if body else self.span(meta), trigger, body)

    def when_built(self, meta, children):
        return n.Trigger(self.span(meta), TriggerKind.WHEN_BUILT, guard=self.optional(children))

    def as_soon_as(self, meta, children):
        return n.Trigger(self.span(meta), TriggerKind.AS_SOON_AS, condition=children[0])

    def each_time(self, meta, children):
        timing, actor, event, *guard = children
        return n.Trigger(
            self.span(meta),
            TriggerKind.EACH_TIME,
            guard=self.optional(guard),
            timing=Timing(timing),
            actor=actor,
            event=event,
        )

    def any_time(self, meta, children):
        return n.Trigger(self.span(meta), TriggerKind.ANY_TIME, guard=self.optional(children))

    def at_moment(self, meta, children):
        event, *guard = children
        return n.Trigger(
            self.span(meta), TriggerKind.AT_MOMENT, guard=self.optional(guard), timing=Timing.AT, event=event
        )

    def worker_space(self, meta, children):
        return n.Trigger(self.span(meta), TriggerKind.WORKER_SPACE, guard=self.optional(children))

    def elder_use(self, meta, children):
        return n.Trigger(self.span(meta), TriggerKind.ELDER_USE, guard=self.optional(children))

    @staticmethod
    def optional(children):
        return children[0] if children else None

    def you(self, meta, children):
        return Actor.YOU

    def any_player(self, meta, children):
        return Actor.ANY_PLAYER

    def another_player(self, meta, children):
        return Actor.ANOTHER_PLAYER

    def if_guard(self, meta, children):
        return n.Guard(self.span(meta), unless=False, condition=children[0])

    def unless_guard(self, meta, children):
        return n.Guard(self.span(meta), unless=True, condition=children[0])

    # Statements

    def body(self, meta, children):
        statements: list = []
        for child in children:
            statements.extend(child if isinstance(child, list) else [child])
        return tuple(statements)

    def statements(self, meta, children):
        return list(children)

    def effect(self, meta, children):
        return n.Effect(self.span(meta), children[0])

    def let(self, meta, children):
        name, value = children
        return n.Let(self.span(meta), str(name), value)

    def may(self, meta, children):
        return n.May(self.block(meta, children[0]), children[0])

    def choose_one(self, meta, options):
        return n.ChooseOne(self.block(meta, options[-1]), tuple(options))

    def option(self, meta, children):
        return tuple(children[0])

    def up_to(self, meta, children):
        times, body = children
        return n.UpTo(self.block(meta, body), times, body)

    def if_block(self, meta, children):
        condition, then, *rest = children
        if not rest:
            return n.If(self.block(meta, then), condition, then, ())
        else_token, otherwise = rest
        return n.If(self.block(meta, otherwise), condition, then, otherwise, else_token.line + self.lines)

    # Phrases and expressions

    def phrase(self, meta, parts):
        return n.Phrase(self.span(meta), tuple(self.part(p) for p in parts))

    def part(self, part):
        if not isinstance(part, str):  # a token: Lark's, or the plain loop's (lalr.py)
            return part
        if part.type == "WORD":
            return n.Word(self.tspan(part), str(part))
        if part.type == "NUMBER":
            return n.Number(self.tspan(part), int(part))
        return n.Name(self.tspan(part), unquote(part))

    def quantity(self, meta, parts):
        return n.Quantity(self.span(meta), tuple(str(p) for p in parts), tuple(self.tspan(p) for p in parts))

    def number(self, meta, children):
        return n.Number(self.span(meta), int(children[0]))

    def negate(self, meta, children):
        return n.Negate(self.span(meta), children[0])

    def table(self, meta, children):
        key, *rows = children
        return n.Table(self.span(meta), key, tuple(rows))

    def table_row(self, meta, children):
        (low, high), value = children
        return n.Row(self.span(meta), low, high, value)

    def exactly(self, meta, children):
        return (int(children[0]), int(children[0]))

    def or_more(self, meta, children):
        return (int(children[0]), None)

    def between(self, meta, children):
        return (int(children[0]), int(children[1]))

    def otherwise(self, meta, children):
        return (None, None)

    def not_(self, meta, children):
        return n.Not(self.span(meta), children[0])

    def and_condition(self, meta, children):
        return n.Logic(self.span(meta), "and", tuple(children))

    def or_condition(self, meta, children):
        return n.Logic(self.span(meta), "or", tuple(children))

    def compare(self, op, meta, children):
        left, right = children
        return n.Compare(self.span(meta), op, left, right)

    def binary(self, op, meta, children):
        left, right = children
        return n.Binary(self.span(meta), op, left, right)


def _comparison(op):
    return lambda self, meta, children: self.compare(op, meta, children)


def _binary(op):
    return lambda self, meta, children: self.binary(op, meta, children)


for _op in Op:
    setattr(AstBuilder, _op.value, _comparison(_op) if _op.compares else _binary(_op))
