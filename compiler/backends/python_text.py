"""The generated module as the `cards.py` a person reads: one block per card under a heading comment that names
the card and its cards.nus line, each function headed by its line, no line over 120 characters.

Only layout is decided here; re-parsing the text gives back the generated module's statements. A line is
broken only inside brackets (a call's arguments, a tuple's or list's items, a long string's pieces, an
`if ... else` chain or an `and`/`or` within parentheses), so the breaks never change the meaning.
"""

from __future__ import annotations

import ast
import re

from compiler.diagnostics import printable

WIDTH = 120
INDENT = 4
LISTS = {"CARDS": "All cards", "EXAMPLES": "All worked examples"}  # what a module's last statement lists
LOOSE = (ast.IfExp, ast.NamedExpr, ast.Lambda, ast.BoolOp)  # need parentheses as an operand of if-else or and/or


def python_text(module: ast.Module, filename: str) -> str:
    filename = printable(filename)
    chunks = [f"# Generated from {filename} by nus; do not edit.\n"]
    for statement in module.body:
        header = getattr(statement, "card_header", None)
        if header is not None:
            title, line = header
            chunks.append(f"\n\n{heading(title, f' -- {filename}:{line}')}\n")
        elif isinstance(statement, ast.Assign) and ast.unparse(statement.targets[0]) in LISTS:
            chunks.append(f"\n\n# {LISTS[ast.unparse(statement.targets[0])]}\n")
        elif not isinstance(statement, ast.Import | ast.ImportFrom):
            chunks.append("\n")
        if isinstance(statement, ast.FunctionDef):
            chunks.append(f"# {filename}:{statement.lineno}\n")
        chunks.append("".join(line + "\n" for line in statement_lines(statement, 0)))
    return "".join(chunks)


def heading(title: str, tail: str) -> str:
    """A card's heading comment within the width: a long name is cut short in the middle of its quotes (the line
    names the card's code and line, which say which card it is)."""
    text = f"# {printable(title)}{tail}"
    first, last = title.find('"'), title.rfind('"')
    if len(text) <= WIDTH or first == last:
        return text
    name, room = title[first + 1 : last], WIDTH - (len(text) - len(printable(title[first + 1 : last]))) - 3
    kept = ""
    for char in name:
        if len(printable(kept + char)) > room:
            break
        kept += char
    return f"# {printable(title[: first + 1] + kept)}...{printable(title[last:])}{tail}"


def statement_lines(statement: ast.stmt, indent: int) -> list[str]:
    pad = " " * indent
    if isinstance(statement, ast.FunctionDef):
        head = f"{pad}def {statement.name}({ast.unparse(statement.args)}):"
        return [head, *(line for s in statement.body for line in statement_lines(s, indent + INDENT))]
    if isinstance(statement, ast.If):
        lines = [f"{pad}if {expression(statement.test, indent, 3)}:"]
        lines += [line for s in statement.body for line in statement_lines(s, indent + INDENT)]
        if statement.orelse:
            lines.append(f"{pad}else:")
            lines += [line for s in statement.orelse for line in statement_lines(s, indent + INDENT)]
        return lines
    if isinstance(statement, ast.Return) and statement.value is not None:
        return f"{pad}return {expression(statement.value, indent, 7)}".split("\n")
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = ast.unparse(statement.targets[0]) + " = "
        return f"{pad}{target}{expression(statement.value, indent, len(target))}".split("\n")
    if isinstance(statement, ast.Expr):
        return f"{pad}{expression(statement.value, indent, 0)}".split("\n")
    return f"{pad}{ast.unparse(statement)}".split("\n")


def expression(node: ast.expr, indent: int, used: int, bracketed: bool = False) -> str:
    """The expression's source on a line indented by `indent` with `used` other characters on it (a `return `,
    a keyword, a trailing comma); broken over lines indented one step further when it does not fit.
    `bracketed`: inside brackets already."""
    text = ast.unparse(node)
    if indent + used + len(text) <= WIDTH:
        return text
    inner = indent + INDENT
    if isinstance(node, ast.Call):
        parts = [expression(a, inner, 1, True) for a in node.args]
        parts += [f"{k.arg}={expression(k.value, inner, len(str(k.arg)) + 2, True)}" for k in node.keywords]
        return ast.unparse(node.func) + items("(", parts, ")", indent)
    if isinstance(node, ast.Tuple):
        return items("(", [expression(e, inner, 1, True) for e in node.elts], ")", indent)
    if isinstance(node, ast.List):
        return items("[", [expression(e, inner, 1, True) for e in node.elts], "]", indent)
    if isinstance(node, ast.Dict) and None not in node.keys:  # a card's rules: one entry a line
        parts = [
            f"{ast.unparse(k)}: {expression(v, inner, len(ast.unparse(k)) + 3, True)}"
            for k, v in zip(node.keys, node.values, strict=True)
        ]
        return items("{", parts, "}", indent)
    if isinstance(node, ast.Subscript):
        return f"{expression(node.value, indent, used, bracketed)}[{ast.unparse(node.slice)}]"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        width = WIDTH - inner - (max(0, used - INDENT) if bracketed else 0)  # room for a keyword's `name=` too
        return grouped(string_pieces(node.value, width), indent, bracketed)
    if isinstance(node, ast.IfExp):
        return grouped(if_chain(node), indent, bracketed)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return "not " + expression(node.operand, indent, used + 4)  # an and/or operand keeps its parentheses
    if isinstance(node, ast.BoolOp):
        word = "and" if isinstance(node.op, ast.And) else "or"
        at = indent if bracketed else inner  # where the operands' lines start
        operands = [long_operand(v, at, len(word) + 1) for v in node.values]
        return grouped([operands[0], *(f"{word} {v}" for v in operands[1:])], indent, bracketed)
    return text


def items(opening: str, parts: list[str], closing: str, indent: int) -> str:
    inner = " " * (indent + INDENT)
    return opening + "\n" + "".join(f"{inner}{part},\n" for part in parts) + " " * indent + closing


def grouped(lines: list[str], indent: int, bracketed: bool) -> str:
    """Lines that continue one another: inside brackets at the item's indentation, else within parentheses."""
    if bracketed:
        return ("\n" + " " * indent).join(lines)
    inner = " " * (indent + INDENT)
    return "(\n" + "".join(f"{inner}{line}\n" for line in lines) + " " * indent + ")"


def if_chain(node: ast.IfExp) -> list[str]:
    lines = [f"{operand(node.body)} if {operand(node.test)}"]
    rest: ast.expr = node.orelse
    while isinstance(rest, ast.IfExp):
        lines.append(f"else {operand(rest.body)} if {operand(rest.test)}")
        rest = rest.orelse
    lines.append(f"else {operand(rest)}")
    return lines


def long_operand(node: ast.expr, indent: int, used: int) -> str:
    """An and/or operand on its own line: as one line where it fits, else a call broken over lines (a comparison of
    `nus trace`'s explaining twin: `test('...', count('...', ...) >= 12)`)."""
    text = operand(node)
    if indent + used + len(text) <= WIDTH or not isinstance(node, ast.Call):
        return text
    return expression(node, indent, used, True)


def operand(node: ast.expr) -> str:
    text = ast.unparse(node)
    return f"({text})" if isinstance(node, LOOSE) and not isinstance(node, ast.NamedExpr) else text


def string_pieces(value: str, width: int) -> list[str]:
    """A long string as adjacent literals, each within `width`, broken after spaces, and inside a word only where
    the word alone is too long (a name of 3,000 letters); joined they are the string."""
    pieces, current = [], ""
    for part in re.split(r"(?<= )", value):
        if current and len(repr(current + part)) > width:
            pieces.append(current)
            current = ""
        for char in part:
            if current and len(repr(current + char)) > width:
                pieces.append(current)
                current = ""
            current += char
    return [repr(piece) for piece in [*pieces, current]]
