"""The typed AST. Every node keeps the span of the source text it came from."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields, replace
from typing import Any

from compiler.diagnostics import Span
from compiler.syntax.ops import Op
from runtime.model.declarations import Actor, CardKind, Timing, TriggerKind


@dataclass(frozen=True)
class Node:
    span: Span = field(compare=False, repr=False)


# Expressions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Number(Node):
    value: int


@dataclass(frozen=True)
class Quantity(Node):
    """A count, fact, event field or local name, resolved against the vocabulary by the checker."""

    words: tuple[str, ...]
    word_spans: tuple[Span, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Binary(Node):
    op: Op  # arithmetic
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Negate(Node):
    operand: Expr


@dataclass(frozen=True)
class Row(Node):
    low: int | None  # None with high None: the 'else' row
    high: int | None  # None: no upper bound
    value: Expr

    @property
    def written(self) -> str:
        """The row's range as a card writes it, for the formatter and for messages: `else`, `5+`, `3-4`, `2`."""
        if self.low is None:
            return "else"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Table(Node):
    key: Expr
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Compare(Node):
    op: Op  # a comparison
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Logic(Node):
    op: str  # and or
    operands: tuple[Expr, ...]


@dataclass(frozen=True)
class Not(Node):
    operand: Expr


@dataclass(frozen=True)
class Ref(Node):
    """A quantity after checking. source: count, fact, field, scope or local."""

    source: str
    name: str
    args: tuple[str, ...] = ()
    type: str = "number"
    text: str = ""  # the words as written, for the English of fields and locals


Expr = Number | Quantity | Binary | Negate | Table | Compare | Logic | Not | Ref


# Phrases: a verb or noun phrase with its slots, matched against the vocabulary --------


@dataclass(frozen=True)
class Word(Node):
    text: str


@dataclass(frozen=True)
class Name(Node):
    """A quoted name such as "Contractor"."""

    text: str


Part = Word | Number | Name | Expr


@dataclass(frozen=True)
class Phrase(Node):
    parts: tuple[Part, ...]

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


@dataclass(frozen=True)
class Effect(Node):
    phrase: Phrase


@dataclass(frozen=True)
class Let(Node):
    name: str
    value: Expr


@dataclass(frozen=True)
class May(Node):
    """'you may:' - all of the body or none of it."""

    body: tuple[Statement, ...]


@dataclass(frozen=True)
class ChooseOne(Node):
    options: tuple[tuple[Statement, ...], ...]


@dataclass(frozen=True)
class UpTo(Node):
    times: Expr
    body: tuple[Statement, ...]


@dataclass(frozen=True)
class If(Node):
    condition: Expr
    then: tuple[Statement, ...]
    otherwise: tuple[Statement, ...]
    else_line: int = field(default=0, compare=False, repr=False)  # where 'else:' stands, for nus fmt


@dataclass(frozen=True)
class Call(Node):
    """An effect or payment phrase after checking: the vocabulary entry and its slot values."""

    entry: Any
    args: tuple[Expr | str, ...]


Statement = Effect | Let | May | ChooseOne | UpTo | If | Call


def calls_in(statements: tuple[Statement, ...]) -> list[Call]:
    """Every checked effect call in a body, however deeply nested."""
    return [node for node in walk(statements) if isinstance(node, Call)]


def counts_in(root: Node | tuple) -> list[Ref]:
    """Every checked count read in a tree (`wood in supply`), however deeply nested."""
    return [node for node in walk(root) if isinstance(node, Ref) and node.source == "count"]


# Abilities ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Guard(Node):
    unless: bool
    condition: Expr


@dataclass(frozen=True)
class Trigger(Node):
    kind: TriggerKind
    guard: Guard | None = None
    condition: Expr | None = None  # as_soon_as
    timing: Timing | None = None  # each_time: before or after; at_moment: at
    actor: Actor = Actor.YOU  # each_time: whose events it hears
    event: Phrase | None = None
    entry: Any = None  # the vocabulary event, once checked


@dataclass(frozen=True)
class Ability(Node):
    trigger: Trigger
    body: tuple[Statement, ...]


@dataclass(frozen=True)
class CostOption(Node):
    payments: tuple[Phrase | Call, ...]


@dataclass(frozen=True)
class CostLine(Node):
    options: tuple[CostOption, ...]


@dataclass(frozen=True)
class PlayerRange(Node):
    """One range of a `players` line: `5` (low = high), `3+` (high None) or `2-4`."""

    low: int
    high: int | None


@dataclass(frozen=True)
class Players(Node):
    """A `players` line: the card is part of the game only at these player counts. `counts` is every count the
    ranges cover, filled in by the checker from the game's player counts (rules.toml), so `3+` needs no bound."""

    ranges: tuple[PlayerRange, ...]
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rule(Node):
    phrase: Phrase
    value: Expr | None  # a switch's `= on` / `= off` is read by the checker into `on`, leaving None
    entry: Any = None  # the vocabulary rule, once checked
    on: bool = True  # a switch: turned on (`rule X`) or off (`rule X = off`)


@dataclass(frozen=True)
class Setting(Node):
    quantity: Expr  # a Quantity, a Ref once checked
    value: Expr


@dataclass(frozen=True)
class Given(Node):
    settings: tuple[Setting, ...]
    player: int = 1  # who the settings are about, counted from 1 (player 1 owns the example's card)


@dataclass(frozen=True)
class Do(Node):
    statements: tuple[Statement, ...]
    player: int = 1  # who carries the effects out


@dataclass(frozen=True)
class Answers(Node):
    """Answers, in the words of the language, to the questions the step before asks, in order."""

    values: tuple[str, ...]
    player: int = 0  # only this player's questions; 0: written without `player N:`, so player 1's


@dataclass(frozen=True)
class Expect(Node):
    conditions: tuple[Expr, ...]
    player: int = 1  # whose counts the conditions read


@dataclass(frozen=True)
class ExpectIllegal(Node):
    """Effects that must not be possible, optionally for a reason the refusal mentions; the table stays as it was."""

    statements: tuple[Statement, ...]
    because: str | None = None
    player: int = 1


Step = Given | Do | Answers | Expect | ExpectIllegal


@dataclass(frozen=True)
class Example(Node):
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Card(Node):
    kind: CardKind
    name: str
    name_span: Span = field(compare=False, repr=False)
    deck: str = ""
    deck_span: Span = field(compare=False, repr=False, default=None)
    code: str = ""
    code_span: Span = field(compare=False, repr=False, default=None)
    players: tuple[Players, ...] = ()  # at most one; a second is the checker's error
    costs: tuple[CostLine, ...] = ()
    vp: tuple[Expr, ...] = ()
    requires: tuple[Expr, ...] = ()
    rules: tuple[Rule, ...] = ()
    abilities: tuple[Ability, ...] = ()
    examples: tuple[Example, ...] = ()

    @property
    def letter(self) -> str:
        """A Building's letter deck (A, B or C) is its code's first character; Elders belong to none."""
        return self.code[:1] if self.kind is CardKind.BUILDING else ""


@dataclass(frozen=True)
class Program(Node):
    cards: tuple[Card, ...]
    examples: tuple[Example, ...] = ()  # examples of base rules, outside any card


# Traversal ----------------------------------------------------------------------------------


def children(node: Node) -> Iterator[Node]:
    """The nodes directly inside `node`, field by field; tuples of nodes (also nested ones, as a choice's
    options) are flattened. Vocabulary entries, words and numbers a node holds are not nodes."""
    for item in fields(node):
        yield from nodes_in(getattr(node, item.name))


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
        changes = {item.name: moved(item.name, getattr(node, item.name), lines, rebuilt) for item in fields(node)}
        rebuilt[id(node)] = replace(node, **changes)
    return moved("", root, lines, rebuilt)


def moved(name: str, value: object, lines: int, rebuilt: dict[int, Node]) -> object:
    if isinstance(value, Node):
        return rebuilt[id(value)]
    if isinstance(value, Span):
        return replace(value, line=value.line + lines, end_line=value.end_line + lines)
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
    for name, value in vars(node).items():
        if name.endswith("span") or value is None or value is False or value in ((), ""):
            continue  # what a node leaves out; a 0 is a value and is shown
        if isinstance(value, Node | tuple) and value:
            lines.append(f"{pad}  {name}:")
            lines.append(pretty(value, indent + 2))
        else:
            lines.append(f"{pad}  {name}: {getattr(value, 'pattern', value)!s}")
    return "\n".join(lines)
