"""Card-file text made inert where the reference puts it: Markdown, and JSON inside an HTML page.

HTML itself is escaped by Jinja's autoescape (see docs.environment). Everything here treats a name,
title or path from a card file as text that may hold any character the language lets through a quoted
string: markup, backticks, a lone carriage return, U+2028.
"""

from __future__ import annotations

import json
import re

from markupsafe import Markup

from compiler.diagnostics import printable

# CommonMark lets any ASCII punctuation be escaped with a backslash; these are the ones that can start
# markup inside a line (emphasis, links, images, raw HTML, entities, code spans, tables, strikethrough).
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>&|~!#])")
# At the start of a line these begin a list, a heading, a quote, a setext underline or a numbered list.
LINE_START = re.compile(r"^([-+=>]|\d+(?=[.)]))")


def visible(text: str) -> str:
    """Control and separator characters (CR, tab, U+2028...) shown as escapes, so none breaks a line: as the
    terminal shows them (diagnostics.printable)."""
    return printable(text)


def visible_lines(text: str) -> str:
    """Like `visible`, but line feeds stay line breaks (for code blocks)."""
    return "\n".join(visible(line) for line in text.split("\n"))


def markdown_text(text: str) -> str:
    """Text that renders literally in Markdown, never as markup or new blocks."""
    escaped = MARKDOWN_SPECIAL.sub(r"\\\1", visible(text))
    return LINE_START.sub(r"\\\1", escaped)


def markdown_code(text: str) -> str:
    """An inline code span around any text: a backtick fence longer than any run of backticks inside."""
    text = visible(text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    padding = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{padding}{text}{padding}{fence}"


def markdown_fence(code: str, language: str = "") -> str:
    """A fenced code block whose fence no line of the code can close."""
    lines = visible_lines(code).split("\n")
    longest = max((len(run) for line in lines for run in re.findall(r"`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return "\n".join([fence + language, *lines, fence])


def markdown_anchor_link(text: str, anchor: str) -> str:
    """A link to a heading anchor; anchors are ASCII from card codes, so only the text needs escaping."""
    return f"[{markdown_text(text)}](#{anchor})"


def script_json(value: object) -> Markup:
    """JSON safe inside <script>: no `</script>`, `<!--` or `&` reaches the HTML parser, and U+2028/2029
    (line terminators to older JavaScript) are escaped too."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Markup("".join(SCRIPT_UNSAFE.get(char, char) for char in text))


SCRIPT_UNSAFE = {char: f"\\u{ord(char):04x}" for char in "<>&\u2028\u2029"}
