"""`nus fmt`: the canonical layout of a card file, printed from its AST.

Two-space indentation, single spaces between words, one blank line between definitions,
items in the order players, cost, vp, requires, rule, abilities, examples. Comments are kept where they
make the same notes of the reference (see Placement): a comment line stays before the line that followed
it, an end-of-line comment stays on its line, an indented comment after a card's last line stays in the
card. Statements written on one line stay on one line.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from compiler.diagnostics import Diagnostic
from compiler.syntax import nodes as n
from compiler.syntax.comments import Comment, code_lines, comments, continues, notes
from compiler.syntax.ops import Op
from compiler.syntax.parse import parse
from runtime.model.declarations import TriggerKind

INDENT = "  "


@dataclass(frozen=True)
class Line:
    source_line: int
    depth: int
    text: str


# Expressions ---------------------------------------------------------------------------------


def expr(node: n.Expr, context: int = 1) -> str:
    """An expression where the grammar wants `expr`: a bare condition there needs parentheses (context 1).

    Contexts: 1 expr, 2 sum, 3 product, 4 unary; an operator looser than its context is parenthesised."""
    if isinstance(node, n.Number):
        return str(node.value)
    if isinstance(node, n.Quantity):
        return " ".join(node.words)
    if isinstance(node, n.Negate):
        return f"-{expr(node.operand, 4)}"
    if isinstance(node, n.Table):
        rows = ", ".join(f"{r.written}: {expr(r.value)}" for r in node.rows)
        return f"by {expr(node.key, 4)} [{rows}]"
    if isinstance(node, n.Binary):
        own = node.op.precedence
        left_context = own if node.op is not Op.CAPPED else own + 1  # 'capped at' takes two sums: it does not chain
        text = node.op.written.format(left=expr(node.left, left_context), right=expr(node.right, own + 1))
        return f"({text})" if own < context else text
    return condition(node, context)


def count(node: n.Expr) -> str:
    """A repeat count in parentheses unless it is a number, so the words never run into 'times'."""
    return expr(node) if isinstance(node, n.Number) else f"({expr(node)})"


def player_range(node: n.PlayerRange) -> str:
    """A range as written: the checker, not the formatter, reads what it covers."""
    if node.high is None:
        return f"{node.low}+"
    return str(node.low) if node.low == node.high else f"{node.low}-{node.high}"


def condition(node: n.Expr, context: int = -3) -> str:
    """Conditions bind looser than any arithmetic: -2 'or', -1 'and', 0 'not', 1 inside arithmetic."""
    if isinstance(node, n.Logic):
        level = -2 if node.op == "or" else -1
        text = f" {node.op} ".join(condition(o, level + 1) for o in node.operands)  # a nested 'or' keeps its ()
        return f"({text})" if level < context else text
    if isinstance(node, n.Not):
        text = f"not {condition(node.operand, 1)}"
        return f"({text})" if context > 0 else text
    if isinstance(node, n.Compare):
        text = node.op.written.format(left=expr(node.left, 1), right=expr(node.right, 1))
        return f"({text})" if context > 0 else text
    return expr(node, context)


def phrase(node: n.Phrase) -> str:
    return " ".join(part(p) for p in node.parts)


def part(node: n.Part) -> str:
    if isinstance(node, n.Word):
        return node.text
    if isinstance(node, n.Number):
        return str(node.value)
    if isinstance(node, n.Name):
        return f'"{node.text}"'
    return f"({expr(node)})"


# Statements and blocks --------------------------------------------------------------------------


class Printer:
    def __init__(self) -> None:
        self.lines: list[Line] = []

    def emit(self, node: n.Node, depth: int, text: str) -> None:
        self.lines.append(Line(node.span.line, depth, text))

    def body(self, header_node: n.Node, depth: int, header: str, body: tuple[n.Statement, ...]) -> None:
        """A header with its body: inline when the source had the body on the header's line."""
        if body and body[0].span.line == header_node.span.line and all(is_simple(s) for s in same_line(body)):
            inline = same_line(body)
            self.emit(header_node, depth, f"{header} {', '.join(simple(s) for s in inline)}")
            self.block(body[len(inline) :], depth + 1)
        else:
            self.emit(header_node, depth, header)
            self.block(body, depth + 1)

    def block(self, body: tuple[n.Statement, ...], depth: int) -> None:
        index = 0
        while index < len(body):
            statement = body[index]
            if is_simple(statement):
                group = same_line(body[index:])
                self.emit(statement, depth, ", ".join(simple(s) for s in group))
                index += len(group)
            else:
                self.compound(statement, depth)
                index += 1

    def compound(self, statement: n.Statement, depth: int) -> None:
        if isinstance(statement, n.May):
            self.body(statement, depth, "you may:", statement.body)
        elif isinstance(statement, n.UpTo):
            self.body(statement, depth, f"up to {count(statement.times)} times:", statement.body)
        elif isinstance(statement, n.If):
            self.body(statement, depth, f"if {condition(statement.condition)}:", statement.then)
            if statement.otherwise:
                self.lines.append(Line(statement.else_line, depth, "else:"))
                self.block(statement.otherwise, depth + 1)
        else:
            assert isinstance(statement, n.ChooseOne)
            self.emit(statement, depth, "choose one:")
            for option in statement.options:
                self.emit(option[0], depth + 1, f"- {', '.join(simple(s) for s in option)}")


def is_simple(statement: n.Statement) -> bool:
    return isinstance(statement, n.Effect | n.Let)


def simple(statement: n.Statement) -> str:
    if isinstance(statement, n.Let):
        return f"let {statement.name} = {expr(statement.value)}"
    return phrase(statement.phrase)


def same_line(body: tuple[n.Statement, ...]) -> tuple[n.Statement, ...]:
    """The simple statements written on the same source line as the first one."""
    line = body[0].span.line
    taken = []
    for statement in body:
        if statement.span.line != line or not is_simple(statement):
            break
        taken.append(statement)
    return tuple(taken)


# Cards ------------------------------------------------------------------------------------------


def trigger(node: n.Trigger) -> str:
    guard = ""
    if node.guard is not None:
        guard = f", {'unless' if node.guard.unless else 'if'} {condition(node.guard.condition)}"
    if node.kind is TriggerKind.WHEN_BUILT:
        return f"when built{guard}:"
    if node.kind is TriggerKind.AS_SOON_AS:
        return f"as soon as {condition(node.condition)}:"
    if node.kind is TriggerKind.EACH_TIME:
        return f"each time {node.timing} {node.actor} {phrase(node.event)}{guard}:"
    if node.kind is TriggerKind.AT_MOMENT:
        return f"at {phrase(node.event)}{guard}:"
    words = {
        TriggerKind.ANY_TIME: "at any time",
        TriggerKind.WORKER_SPACE: "worker space",
        TriggerKind.ELDER_USE: "use",
    }[node.kind]
    return f"{words}{guard}:"


def card(printer: Printer, node: n.Card) -> None:
    printer.emit(node, 0, f'{node.kind} "{node.name}" ({node.deck} {node.code})')
    for line in node.players:
        printer.emit(line, 1, f"players {', '.join(player_range(r) for r in line.ranges)}")
    for line in node.costs:
        options = " or ".join(", ".join(phrase(p) for p in option.payments) for option in line.options)
        printer.emit(line, 1, f"cost {options}")
    for value in node.vp:
        printer.lines.append(Line(value.span.line, 1, f"vp {expr(value)}"))
    for requirement in node.requires:
        printer.lines.append(Line(requirement.span.line, 1, f"requires {condition(requirement)}"))
    for rule in node.rules:
        value = "" if rule.value is None else f" = {expr(rule.value)}"
        printer.emit(rule, 1, f"rule {phrase(rule.phrase)}{value}")
    for ability in node.abilities:
        printer.body(ability.trigger, 1, trigger(ability.trigger), ability.body)
    for example_node in node.examples:
        example(printer, example_node, 1)


def example(printer: Printer, node: n.Example, depth: int) -> None:
    printer.emit(node, depth, f'example "{node.title}":')
    for step in node.steps:
        who = f"player {step.player}: " if step.player != (0 if isinstance(step, n.Answers) else 1) else ""
        printer.emit(step, depth + 1, who + example_step(step))


def example_step(step: n.Step) -> str:
    if isinstance(step, n.Given):
        return "given " + ", ".join(f"{expr(s.quantity)} = {expr(s.value)}" for s in step.settings)
    if isinstance(step, n.Do):
        return f"do {', '.join(simple(s) for s in step.statements)}"
    if isinstance(step, n.Answers):
        return f"answer {', '.join(step.values)}"
    if isinstance(step, n.ExpectIllegal):
        because = f' because "{step.because}"' if step.because is not None else ""
        return f"expect illegal: {', '.join(simple(s) for s in step.statements)}{because}"
    return f"expect {', '.join(condition(c) for c in step.conditions)}"


def layout(program: n.Program, source: str) -> str:
    printer = Printer()
    definitions: list[tuple[int, n.Node]] = [(c.span.line, c) for c in program.cards]
    definitions += [(e.span.line, e) for e in program.examples]
    starts = []
    for _, definition in sorted(definitions, key=lambda pair: pair[0]):
        starts.append(len(printer.lines))
        if isinstance(definition, n.Card):
            card(printer, definition)
        else:
            example(printer, definition, 0)
    return Placement(printer.lines, starts, source).text()


@dataclass(frozen=True)
class Placed:
    """A comment on a line of its own in the output, at a depth."""

    comment: Comment
    depth: int


class Placement:
    """Where each comment of the source goes among the printed lines, so that it makes the same notes
    (compiler/syntax/comments.py): a comment line stays before the line that followed it, one inside a line
    printed as one (a multi-line [...] table) goes after that line, an end-of-line comment stays on its line, and
    an indented comment after a definition's last line stays in the definition. A comment at the margin stays
    at the margin, an indented one indented; the comment lines of one note stay together, and two notes that
    would run into one where they meet are kept apart by a blank line."""

    def __init__(self, lines: list[Line], starts: list[int], source: str) -> None:
        self.lines, self.starts = lines, starts
        self.before: dict[int, list[Placed]] = {}
        self.after: dict[int, list[Placed]] = {}
        self.trailing: dict[int, Comment] = {}
        self.tail: list[Placed] = []
        self.first: dict[int, int] = {}
        for index, line in enumerate(lines):
            self.first.setdefault(line.source_line, index)
        self.printed = sorted(self.first)
        self.definitions = [lines[index].source_line for index in starts]
        self.code = code_lines(source)
        found = comments(source)
        self.indented = [comment.line for comment in found if comment.indented and not comment.trailing]
        by_definition = notes(found, self.definitions).values()
        self.note_of = {line: note.lines[0] for own in by_definition for note in own for line in note.lines}
        slots: dict[int, list[Placed]] = {}  # by comment line: where the next line of its note goes
        for comment in found:
            where, index, depth = self.where(comment)
            if self.note_of.get(comment.line, comment.line) != comment.line and not comment.trailing:
                slots[comment.line] = slots[comment.line - 1]  # a note's lines are consecutive
                slots[comment.line].append(Placed(comment, depth))
                continue
            if where == "trailing":
                self.trailing[index] = comment
                slots[comment.line] = self.after.setdefault(index, [])
                continue
            slot = (self.before if where == "before" else self.after).setdefault(index, []) if index >= 0 else self.tail
            slot.append(Placed(comment, depth))
            slots[comment.line] = slot

    def last_of_run(self, index: int) -> int:
        """The last printed line of those printed for the source line of `index`."""
        while index + 1 < len(self.lines) and self.lines[index + 1].source_line == self.lines[index].source_line:
            index += 1
        return index

    def containing(self, line: int) -> int:
        """The printed line of the item that source line `line` is part of."""
        start = self.printed[bisect.bisect_right(self.printed, line) - 1]
        return self.last_of_run(self.first[start])

    def definition_end(self, line: int) -> int | None:
        """The last printed line of the definition standing above source line `line`, if one does."""
        above = bisect.bisect_left(self.definitions, line)
        if not above:
            return None
        return [*self.starts[1:], len(self.lines)][above - 1] - 1

    def where(self, comment: Comment) -> tuple[str, int, int]:
        """Where a comment goes: on a printed line's end, or on a line of its own before or after a printed line
        (-1: at the file's end), and how deep."""
        if comment.trailing and comment.line in self.first:
            return "trailing", self.last_of_run(self.first[comment.line]), 0
        if comment.trailing:
            return self.put_after(self.containing(comment.line), comment)
        later = bisect.bisect_right(self.code, comment.line)
        upcoming = self.code[later] if later < len(self.code) else None
        end = self.definition_end(comment.line)
        if (upcoming is None or upcoming in self.definitions) and end is not None and self.inside(comment, upcoming):
            return self.put_after(end, comment)
        if upcoming is None:
            return "after", -1, 0
        if upcoming not in self.first:
            return self.put_after(self.containing(upcoming), comment)
        index = self.first[upcoming]
        return "before", index, self.lines[index].depth if comment.indented else 0

    def inside(self, comment: Comment, upcoming: int | None) -> bool:
        """Whether a comment after a definition's last line stays in it: an indented one does, and so does one at
        the margin with an indented one after it, which keeps the comments in order."""
        if comment.indented:
            return True
        later = bisect.bisect_right(self.indented, comment.line)
        return later < len(self.indented) and (upcoming is None or self.indented[later] < upcoming)

    def put_after(self, index: int, comment: Comment) -> tuple[str, int, int]:
        """After a printed line: indented at least into the definition, or at the margin where it was."""
        return "after", index, max(1, self.lines[index].depth) if comment.indented or comment.trailing else 0

    def text(self) -> str:
        out: list[tuple[str, Comment | None]] = []  # each output line, and the comment it carries
        starts = set(self.starts)
        for index, line in enumerate(self.lines):
            if index in starts and out and out[-1][0] != "":
                out.append(("", None))
            for placed in self.before.get(index, []):
                out.append((INDENT * placed.depth + placed.comment.text, placed.comment))
                if placed.comment.blank_after and line.depth == 0:
                    out.append(("", None))
            comment = self.trailing.get(index)
            text = INDENT * line.depth + line.text + (f"  {comment.text}" if comment else "")
            out.append((text, comment))
            out += [(INDENT * p.depth + p.comment.text, p.comment) for p in self.after.get(index, [])]
        if self.tail and out and out[-1][0] != "":
            out.append(("", None))
        out += [(p.comment.text, p.comment) for p in self.tail]
        while out and out[-1][0] == "":
            out.pop()
        return "".join(line + "\n" for line in self.apart(out))

    def apart(self, out: list[tuple[str, Comment | None]]) -> list[str]:
        """The lines, with a blank line between two comments of different notes that would run into one."""
        kept: list[str] = []
        for index, (line, comment) in enumerate(out):
            before = out[index - 1][1] if index else None
            if (
                comment is not None
                and before is not None
                and self.in_note(line, comment)
                and self.in_note(out[index - 1][0], before)
                and self.note_of.get(before.line, before.line) != self.note_of.get(comment.line, comment.line)
                and continues(before.words, comment.words)
            ):
                kept.append("")
            kept.append(line)
        return kept

    @staticmethod
    def in_note(line: str, comment: Comment) -> bool:
        """Whether the output line's comment is one a card keeps as a note: at its end, or indented."""
        return comment.trailing or line[:1] == " "


def format_text(text: str, filename: str) -> tuple[str | None, list[Diagnostic]]:
    """The canonical form, or None and the syntax errors when the file does not parse."""
    program, diagnostics = parse(text, filename)
    if program is None:
        return None, diagnostics
    return layout(program, text), []
