"""The typed AST. Every node keeps the span of the source text it came from.

The nodes are written out by hand (compiler/plain.py), not made by `@dataclass`: making these 38 classes as frozen
dataclasses compiled six methods each from source at import, a twelfth of a cold `nus check`. A node is plain data
that nothing changes after it is made: the checker makes changed copies with `replace`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.diagnostics import Span
from compiler.diagnostics import moved as span_moved
from compiler.plain import Plain
from compiler.syntax.ops import Op
from runtime.model.declarations import Actor, CardKind, Timing, TriggerKind


def is_position(name: str) -> bool:
    """A field that says where something stands in the file (`span`, `word_spans`, `else_line`): left out of ==,
    hashes and repr, as two texts that differ only in layout make equal nodes."""
    return name.endswith(("span", "spans", "_line"))


class Node(Plain):
    """A node's fields are its `__slots__`, its bases' first (FIELDS): compared by value but for positions."""

    __slots__ = ("span",)

    @classmethod
    def compares(cls, name: str) -> bool:
        return not is_position(name)


# Expressions ---------------------------------------------------------------------------


class Number(Node):
    __slots__ = ("value",)

    def __init__(self, span: Span, value: int) -> None:
        self.span, self.value = span, value


class Quantity(Node):
    """A count, fact, event field or local name, resolved against the vocabulary by the checker."""

    __slots__ = ("words", "word_spans")

    def __init__(self, span: Span, words: tuple[str, ...], word_spans: tuple[Span, ...] = ()) -> None:
        self.span, self.words, self.word_spans = span, words, word_spans


class Binary(Node):
    __slots__ = ("op", "left", "right")

    def __init__(self, span: Span, op: Op, left: Expr, right: Expr) -> None:  # op: arithmetic
        self.span, self.op, self.left, self.right = span, op, left, right


class Negate(Node):
    __slots__ = ("operand",)

    def __init__(self, span: Span, operand: Expr) -> None:
        self.span, self.operand = span, operand


class Row(Node):
    __slots__ = ("low", "high", "value")

    def __init__(self, span: Span, low: int | None, high: int | None, value: Expr) -> None:
        self.span, self.value = span, value
        self.low = low  # None with high None: the 'else' row
        self.high = high  # None: no upper bound

    @property
    def written(self) -> str:
        """The row's range as a card writes it, for the formatter and for messages: `else`, `5+`, `3-4`, `2`."""
        if self.low is None:
            return "else"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class Table(Node):
    __slots__ = ("key", "rows")

    def __init__(self, span: Span, key: Expr, rows: tuple[Row, ...]) -> None:
        self.span, self.key, self.rows = span, key, rows


class Compare(Node):
    __slots__ = ("op", "left", "right")

    def __init__(self, span: Span, op: Op, left: Expr, right: Expr) -> None:  # op: a comparison
        self.span, self.op, self.left, self.right = span, op, left, right


class Logic(Node):
    __slots__ = ("op", "operands")

    def __init__(self, span: Span, op: str, operands: tuple[Expr, ...]) -> None:  # op: and, or
        self.span, self.op, self.operands = span, op, operands


class Not(Node):
    __slots__ = ("operand",)

    def __init__(self, span: Span, operand: Expr) -> None:
        self.span, self.operand = span, operand


class Ref(Node):
    """A quantity after checking. source: count, fact, field, scope or local."""

    __slots__ = ("source", "name", "args", "type", "text")

    def __init__(
        self, span: Span, source: str, name: str, args: tuple[str, ...] = (), type: str = "number", text: str = ""
    ) -> None:
        self.span, self.source, self.name, self.args, self.type = span, source, name, args, type
        self.text = text  # the words as written, for the English of fields and locals


Expr = Number | Quantity | Binary | Negate | Table | Compare | Logic | Not | Ref


# Phrases: a verb or noun phrase with its slots, matched against the vocabulary --------


class Word(Node):
    __slots__ = ("text",)

    def __init__(self, span: Span, text: str) -> None:
        self.span, self.text = span, text


class Name(Node):
    """A quoted name such as "Contractor"."""

    __slots__ = ("text",)

    def __init__(self, span: Span, text: str) -> None:
        self.span, self.text = span, text


Part = Word | Number | Name | Expr


class Phrase(Node):
    __slots__ = ("parts",)

    def __init__(self, span: Span, parts: tuple[Part, ...]) -> None:
        self.span, self.parts = span, parts

    @property
    def text(self) -> str:
        return " ".join(part_text(p) for p in self.parts)


def part_text(part: Part) -> str:
    if isinstance(part, Word):
        return part.text
    if isinstance(part, Number):
        return str(part.value)
    if isinstance(part, Name):
        return f'"{part.text}"'
    return "(...)"


# Statements -------------------------------------------------------------------------------


class Effect(Node):
    __slots__ = ("phrase",)

    def __init__(self, span: Span, phrase: Phrase) -> None:
        self.span, self.phrase = span, phrase


class Let(Node):
    __slots__ = ("name", "value")

    def __init__(self, span: Span, name: str, value: Expr) -> None:
        self.span, self.name, self.value = span, name, value


class May(Node):
    """'you may:' - all of the body or none of it."""

    __slots__ = ("body",)

    def __init__(self, span: Span, body: tuple[Statement, ...]) -> None:
        self.span, self.body = span, body


class ChooseOne(Node):
    __slots__ = ("options",)

    def __init__(self, span: Span, options: tuple[tuple[Statement, ...], ...]) -> None:
        self.span, self.options = span, options


class UpTo(Node):
    __slots__ = ("times", "body")

    def __init__(self, span: Span, times: Expr, body: tuple[Statement, ...]) -> None:
        self.span, self.times, self.body = span, times, body


class If(Node):
    __slots__ = ("condition", "then", "otherwise", "else_line")

    def __init__(
        self,
        span: Span,
        condition: Expr,
        then: tuple[Statement, ...],
        otherwise: tuple[Statement, ...],
        else_line: int = 0,
    ) -> None:
        self.span, self.condition, self.then, self.otherwise = span, condition, then, otherwise
        self.else_line = else_line  # where 'else:' stands, for nus fmt


class Call(Node):
    """An effect or payment phrase after checking: the vocabulary entry and its slot values."""

    __slots__ = ("entry", "args")

    def __init__(self, span: Span, entry: Any, args: tuple[Expr | str, ...]) -> None:
        self.span, self.entry, self.args = span, entry, args


Statement = Effect | Let | May | ChooseOne | UpTo | If | Call


def calls_in(statements: tuple[Statement, ...]) -> list[Call]:
    """Every checked effect call in a body, however deeply nested."""
    return [node for node in walk(statements) if isinstance(node, Call)]


def counts_in(root: Node | tuple) -> list[Ref]:
    """Every checked count read in a tree (`wood in supply`), however deeply nested."""
    return [node for node in walk(root) if isinstance(node, Ref) and node.source == "count"]


# Abilities ----------------------------------------------------------------------------------


class Guard(Node):
    __slots__ = ("unless", "condition")

    def __init__(self, span: Span, unless: bool, condition: Expr) -> None:
        self.span, self.unless, self.condition = span, unless, condition


class Trigger(Node):
    __slots__ = ("kind", "guard", "condition", "timing", "actor", "event", "entry")

    def __init__(
        self,
        span: Span,
        kind: TriggerKind,
        guard: Guard | None = None,
        condition: Expr | None = None,
        timing: Timing | None = None,
        actor: Actor = Actor.YOU,
        event: Phrase | None = None,
        entry: Any = None,
    ) -> None:
        self.span, self.kind, self.guard = span, kind, guard
        self.condition = condition  # as_soon_as
        self.timing = timing  # each_time: before or after; at_moment: at
        self.actor = actor  # each_time: whose events it hears
        self.event = event
        self.entry = entry  # the vocabulary event, once checked


class Ability(Node):
    __slots__ = ("trigger", "body")

    def __init__(self, span: Span, trigger: Trigger, body: tuple[Statement, ...]) -> None:
        self.span, self.trigger, self.body = span, trigger, body


class CostOption(Node):
    __slots__ = ("payments",)

    def __init__(self, span: Span, payments: tuple[Phrase | Call, ...]) -> None:
        self.span, self.payments = span, payments


class CostLine(Node):
    __slots__ = ("options",)

    def __init__(self, span: Span, options: tuple[CostOption, ...]) -> None:
        self.span, self.options = span, options


class PlayerRange(Node):
    """One range of a `players` line: `5` (low = high), `3+` (high None) or `2-4`."""

    __slots__ = ("low", "high")

    def __init__(self, span: Span, low: int, high: int | None) -> None:
        self.span, self.low, self.high = span, low, high


class Players(Node):
    """A `players` line: the card is part of the game only at these player counts. `counts` is every count the
    ranges cover, filled in by the checker from the game's player counts (rules.toml), so `3+` needs no bound."""

    __slots__ = ("ranges", "counts")

    def __init__(self, span: Span, ranges: tuple[PlayerRange, ...], counts: tuple[int, ...] = ()) -> None:
        self.span, self.ranges, self.counts = span, ranges, counts


class Rule(Node):
    __slots__ = ("phrase", "value", "entry", "on")

    def __init__(self, span: Span, phrase: Phrase, value: Expr | None, entry: Any = None, on: bool = True) -> None:
        self.span, self.phrase = span, phrase
        self.value = value  # a switch's `= on` / `= off` is read by the checker into `on`, leaving None
        self.entry = entry  # the vocabulary rule, once checked
        self.on = on  # a switch: turned on (`rule X`) or off (`rule X = off`)


class Setting(Node):
    __slots__ = ("quantity", "value")

    def __init__(self, span: Span, quantity: Expr, value: Expr) -> None:  # quantity: a Quantity, a Ref once checked
        self.span, self.quantity, self.value = span, quantity, value


class Given(Node):
    __slots__ = ("settings", "player")

    def __init__(self, span: Span, settings: tuple[Setting, ...], player: int = 1) -> None:
        self.span, self.settings = span, settings
        self.player = player  # who the settings are about, counted from 1 (player 1 owns the example's card)


class Do(Node):
    __slots__ = ("statements", "player")

    def __init__(self, span: Span, statements: tuple[Statement, ...], player: int = 1) -> None:
        self.span, self.statements = span, statements
        self.player = player  # who carries the effects out


class Answers(Node):
    """Answers, in the words of the language, to the questions the step before asks, in order."""

    __slots__ = ("values", "player")

    def __init__(self, span: Span, values: tuple[str, ...], player: int = 0) -> None:
        self.span, self.values = span, values
        self.player = player  # only this player's questions; 0: written without `player N:`, so player 1's


class Expect(Node):
    __slots__ = ("conditions", "player")

    def __init__(self, span: Span, conditions: tuple[Expr, ...], player: int = 1) -> None:
        self.span, self.conditions = span, conditions
        self.player = player  # whose counts the conditions read


class ExpectIllegal(Node):
    """Effects that must not be possible, optionally for a reason the refusal mentions; the table stays as it was."""

    __slots__ = ("statements", "because", "player")

    def __init__(
        self, span: Span, statements: tuple[Statement, ...], because: str | None = None, player: int = 1
    ) -> None:
        self.span, self.statements, self.because, self.player = span, statements, because, player


Step = Given | Do | Answers | Expect | ExpectIllegal


class Example(Node):
    __slots__ = ("title", "steps")

    def __init__(self, span: Span, title: str, steps: tuple[Step, ...]) -> None:
        self.span, self.title, self.steps = span, title, steps


class Card(Node):
    __slots__ = (
        "kind",
        "name",
        "name_span",
        "deck",
        "deck_span",
        "code",
        "code_span",
        "players",
        "costs",
        "vp",
        "requires",
        "rules",
        "abilities",
        "examples",
    )

    def __init__(
        self,
        span: Span,
        kind: CardKind,
        name: str,
        name_span: Span,
        deck: str = "",
        deck_span: Span | None = None,
        code: str = "",
        code_span: Span | None = None,
        players: tuple[Players, ...] = (),
        costs: tuple[CostLine, ...] = (),
        vp: tuple[Expr, ...] = (),
        requires: tuple[Expr, ...] = (),
        rules: tuple[Rule, ...] = (),
        abilities: tuple[Ability, ...] = (),
        examples: tuple[Example, ...] = (),
    ) -> None:
        self.span, self.kind, self.name, self.name_span = span, kind, name, name_span
        self.deck, self.deck_span, self.code, self.code_span = deck, deck_span, code, code_span
        self.players = players  # at most one; a second is the checker's error
        self.costs, self.vp, self.requires, self.rules = costs, vp, requires, rules
        self.abilities, self.examples = abilities, examples

    @property
    def letter(self) -> str:
        """A Building's letter deck (A, B or C) is its code's first character; Elders belong to none."""
        return self.code[:1] if self.kind is CardKind.BUILDING else ""


class Program(Node):
    __slots__ = ("cards", "examples")

    def __init__(self, span: Span, cards: tuple[Card, ...], examples: tuple[Example, ...] = ()) -> None:
        self.span, self.cards = span, cards
        self.examples = examples  # examples of base rules, outside any card


# Traversal ----------------------------------------------------------------------------------


def children(node: Node) -> Iterator[Node]:
    """The nodes directly inside `node`, field by field; tuples of nodes (also nested ones, as a choice's
    options) are flattened. Vocabulary entries, words and numbers a node holds are not nodes."""
    for name in node.FIELDS:
        yield from nodes_in(getattr(node, name))


def nodes_in(value: object) -> Iterator[Node]:
    if isinstance(value, Node):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from nodes_in(item)


def walk(root: Node | tuple) -> Iterator[Node]:
    """Every node from `root` down (a node before its children, fields in order); without recursion, so a
    deeply nested card costs no Python stack."""
    stack = list(nodes_in(root))[::-1]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(children(node))))


def shifted(root: tuple, lines: int) -> tuple:
    """`root`'s nodes as they are `lines` lines further down the file: every span and every `*_line` field moved,
    for a definition checked before that an edit above has moved. Children are rebuilt before their parents,
    without recursion, as walk."""
    if not lines:
        return root
    rebuilt: dict[int, Node] = {}
    for node in reversed(list(walk(root))):
        rebuilt[id(node)] = node.__class__(*(moved(name, getattr(node, name), lines, rebuilt) for name in node.FIELDS))
    return moved("", root, lines, rebuilt)


def moved(name: str, value: object, lines: int, rebuilt: dict[int, Node]) -> object:
    if isinstance(value, Node):
        return rebuilt[id(value)]
    if isinstance(value, Span):
        return span_moved(value, lines)
    if isinstance(value, tuple):
        return tuple(moved(name, item, lines, rebuilt) for item in value)
    if name.endswith("_line") and isinstance(value, int) and value:
        return value + lines
    return value


def contains(span: Span, line: int, column: int) -> bool:
    return (span.line, span.column) <= (line, column) < (span.end_line, span.end_column)


def node_at(root: Node, line: int, column: int) -> Node | None:
    """The innermost node whose span holds the position (1-based line and column, as spans count), or None
    when the position is outside `root`. For the language server: hover, go to definition."""
    if not contains(root.span, line, column):
        return None
    found = root
    while True:
        inside = [child for child in children(found) if child.span is not None and contains(child.span, line, column)]
        if not inside:
            return found
        found = min(inside, key=lambda child: (child.span.end_line - child.span.line, child.span.end_column))


def pretty(node, indent: int = 0) -> str:
    """An indented outline of a node for `nus explain`, without spans."""
    pad = "  " * indent
    if isinstance(node, tuple):
        return "\n".join(pretty(item, indent) for item in node) if node else f"{pad}(none)"
    if not isinstance(node, Node):
        return f"{pad}{getattr(node, 'pattern', node)!s}"
    lines = [f"{pad}{type(node).__name__}"]
    for name in node.FIELDS:
        value = getattr(node, name)
        if name.endswith("span") or value is None or value is False or value in ((), ""):
            continue  # what a node leaves out; a 0 is a value and is shown
        if isinstance(value, Node | tuple) and value:
            lines.append(f"{pad}  {name}:")
            lines.append(pretty(value, indent + 2))
        else:
            lines.append(f"{pad}  {name}: {getattr(value, 'pattern', value)!s}")
    return "\n".join(lines)
