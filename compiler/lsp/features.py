"""What the language server answers, as plain functions of the text: diagnostics, hover, completion,
definition, symbols and formatting. Positions are 0-based lines and characters (one a Python character): the
server turns the client's units (UTF-16 by default) into these.

Everything goes through the same front door as `nus check` (`compiler.compile_text`), so an editor
shows the same codes, spans and help; hover shows the English the reference prints.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

from compiler import compile_text
from compiler.backends.escape import markdown_text
from compiler.backends.format import format_text
from compiler.backends.render import English, deck_name, player_counts_text
from compiler.checking import ranges
from compiler.checking import vocabulary as vocab
from compiler.checking.vocabulary.entries import Entry
from compiler.diagnostics import Diagnostic, Span
from compiler.syntax import nodes as n
from compiler.syntax.parse import card_header
from compiler.units import MEMO, split
from runtime.model.declarations import CardKind, Timing
from runtime.model.rules import player_counts


@dataclass(frozen=True)
class Symbol:
    name: str
    detail: str
    span: Span
    name_span: Span


@dataclass(frozen=True)
class Analysis:
    """One compile of a document: its diagnostics (errors and warnings), its checked program when it parsed, and its
    outline (every definition's card, also those that do not parse)."""

    text: str
    diagnostics: tuple[Diagnostic, ...]
    program: n.Program | None
    symbols: tuple[Symbol, ...] = ()


def analyse(text: str, filename: str) -> Analysis:
    compiled = compile_text(text, filename)
    return Analysis(text, (*compiled.diagnostics, *compiled.warnings), compiled.program, outline(text, filename))


def path_to(node: n.Node, line: int, column: int) -> list[n.Node]:
    """The nodes from `node` down to the innermost one whose span holds the 0-based editor position."""
    found = [node]
    for child in n.children(node):
        if child.span is not None and n.contains(child.span, line + 1, column + 1):
            return found + path_to(child, line, column)
    return found


def card_at(program: n.Program | None, line: int) -> n.Card | None:
    if program is None:
        return None
    return next((c for c in program.cards if c.span.line <= line + 1 <= c.span.end_line), None)


# Hover ---------------------------------------------------------------------------------------


def hover(analysis: Analysis, line: int, column: int) -> str | None:
    """Markdown: a card's facts and English on its header; under the cursor elsewhere, the English of the item
    (ability, cost, VP, rule) and what the word or number under the cursor is."""
    card = card_at(analysis.program, line)
    if card is None:
        return None
    english = English(card, analysis.program.cards)
    if line + 1 == card.span.line:
        return card_summary(card, english)
    path = path_to(card, line, column)
    parts = [item_english(english, card, node) for node in path[1:2]]
    details = (node_detail(english, node, parent) for parent, node in reversed(list(pairwise(path[1:]))))
    parts += [detail for detail in details if detail][:1]
    return "\n\n".join(part for part in parts if part) or None


def card_summary(card: n.Card, english: English) -> str:
    """Markdown: every word from the card file escaped, so a name or phrase as written is never markup."""
    facts = [f"{deck_name(card.deck)} {card.code}"]
    if card.costs:
        facts.append(f"Cost: {english.cost()}")
    if card.vp:
        facts.append(ranges.vp_label(card))
    players = english.players()
    text = f"{players + ' ' if players else ''}{english.text()}"
    return f"**{markdown_text(card.name)}** — {markdown_text(' · '.join(facts))}\n\n{markdown_text(text)}"


def item_english(english: English, card: n.Card, node: n.Node) -> str:
    """Markdown, escaped as card_summary is."""
    if isinstance(node, n.Example):
        return f"Worked example “{markdown_text(node.title)}”, run by `nus test`."
    return markdown_text(item_text(english, card, node))


def item_text(english: English, card: n.Card, node: n.Node) -> str:
    if isinstance(node, n.Ability):
        return english.ability(node)
    if isinstance(node, n.Rule):
        return english.rule(node)
    if isinstance(node, n.Players):
        return english.players() or "In every game: these are all the player counts the game has."
    if isinstance(node, n.CostLine):
        return " ".join([f"Cost: {english.cost()}.", *english.cost_sentences()])
    if card.vp and node is card.vp[0]:
        return f"VP: {english.vp()} ({ranges.vp_label(card)})"
    if node in card.requires:
        return english.requirement(node)
    return ""


def node_detail(english: English, node: n.Node, parent: n.Node) -> str:
    """What the innermost meaningful node is: a count with its range, a number and the slot it fills, a phrase."""
    if isinstance(node, n.Ref) and node.source == "count":
        entry = vocab.count_entry(node.name, node.args)
        low, high = entry.bounds
        return (
            f"`{entry.pattern}`: {markdown_text(english.ref(node))} (a count: {ranges.label(ranges.Values(low, high))})"
        )
    if isinstance(node, n.Number):
        return f"`{node.value}`: written in the card, {number_role(node, parent)}"
    if isinstance(node, n.Call):
        return f"`{node.entry.pattern}`: {markdown_text(english.phrase(node))}"
    return ""


def number_role(number: n.Number, parent: n.Node) -> str:
    if isinstance(parent, n.Call):
        slots = [e for e in parent.entry.elements if not isinstance(e, str)]
        slot = next((s.name for s, arg in zip(slots, parent.args, strict=False) if arg is number), "amount")
        return f"the {slot} of `{parent.entry.pattern}`"
    if isinstance(parent, n.Row):
        return "a value of the table"
    return "part of the expression around it"


# Completion ----------------------------------------------------------------------------------


class Offer(StrEnum):
    """What a completion offers; the server shows each with its own editor icon."""

    KEYWORD = "keyword"
    EVENT = "event"
    COUNT = "count"
    EFFECT = "effect"
    RULE = "rule"
    PLAYER_COUNT = "player count"
    GOOD = "good"


@dataclass(frozen=True)
class Completion:
    label: str
    snippet: str
    kind: Offer
    detail: str


ITEM_KEYWORDS = ("players ", "cost ", "vp ", "requires ", "rule ", "when built:", "as soon as ")
ITEM_KEYWORDS += ("each time after you ", "each time before you ", "at ", "at any time:", "worker space:", "use:")
ITEM_KEYWORDS += ('example "":',)
TOP_KEYWORDS = {
    "building": 'building "${1:Name}" (${2:trout} ${3:A000})',
    "elder": 'elder "${1:Name}" (base ${2:E00})',
    "example": 'example "${1:title}":',
}
# Where the cursor stands, judged by the text before it on its line; `typed` is what has been written of the phrase
# wanted there, which the offers must start with. The first context that matches wins.
TYPED = r"(?P<typed>[\w' ]*)$"
COUNT_AFTER = r"\b(if|unless|as soon as|requires|vp|given|expect|and|or|not|capped at|by)|[(=<>+*/-]"


def amount_then_good() -> re.Pattern:
    """An amount (a number, or a bracketed formula) where the vocabulary's phrases put one before a good: after the
    words that lead up to it (`take`, `exchange up to`), or as a payment in a cost line. The good comes next."""
    leads = {
        match[1]
        for entry in (*vocab.EFFECTS, *vocab.PAYMENTS)
        if (match := re.match(r"(.*?)\s*\{amount\} \{(?:\w+:)?good\}", entry.pattern))
    }
    before = "|".join(rf"\b{re.escape(words)}" for words in sorted(leads - {""}, key=len, reverse=True))
    payment = r"^\s*cost\b(.*[,\s](or\s)?)?"
    return re.compile(rf"(?:{before}|{payment})\s*(\d+|\([^()]*\))\s+(?P<typed>[\w']*)$")


def snippet(pattern: str) -> str:
    number = 0

    def slot(match: re.Match) -> str:
        nonlocal number
        number += 1
        return f"${{{number}:{match[1].partition(':')[0]}}}"

    return re.sub(r"\{([^}]+)\}", slot, pattern)


def phrases(kind: Offer, found: Iterable[Entry]) -> list[Completion]:
    return [Completion(e.pattern, snippet(e.pattern), kind, e.english) for e in found]


def player_ranges() -> list[Completion]:
    """What a `players` line may name: each player count the game has, and each from one count up."""
    counts = player_counts()
    ranges = [(str(count), (count,)) for count in counts]
    ranges += [(f"{count}+", counts[index:]) for index, count in enumerate(counts) if 0 < index < len(counts) - 1]
    return [Completion(text, text, Offer.PLAYER_COUNT, player_counts_text(covered, counts)) for text, covered in ranges]


def good_offers() -> list[Completion]:
    return [Completion(good, good, Offer.GOOD, f"an amount of {good}") for good in vocab.GOODS]


def event_offers() -> list[Completion]:
    return phrases(Offer.EVENT, [e for e in vocab.EVENTS if Timing.AT not in e.timings])


def moment_offers() -> list[Completion]:
    return phrases(Offer.EVENT, [e for e in vocab.EVENTS if Timing.AT in e.timings])


def rule_offers() -> list[Completion]:
    return phrases(Offer.RULE, vocab.RULES)


def count_offers() -> list[Completion]:
    return phrases(Offer.COUNT, vocab.COUNTS + vocab.FACTS)


def effect_offers() -> list[Completion]:
    return phrases(Offer.EFFECT, [e for e in vocab.EFFECTS if not e.example_only])


CONTEXTS: tuple[tuple[Callable[[], list[Completion]], re.Pattern], ...] = (
    (player_ranges, re.compile(r"^\s*players [\d,+\- ]*?(?P<typed>[\d+]*)$")),
    (event_offers, re.compile(rf"^\s*each time (before|after) (you|any player|another player) {TYPED}")),
    (moment_offers, re.compile(rf"^\s*at (?!any\b){TYPED}")),
    (rule_offers, re.compile(rf"^\s*rule {TYPED}")),
    (good_offers, amount_then_good()),
    (effect_offers, re.compile(rf"^\s*-\s+{TYPED}")),  # an option of `choose one`, not a minus
    (count_offers, re.compile(rf"({COUNT_AFTER})\s*{TYPED}")),
)


def offers(before: str) -> tuple[list[Completion], str]:
    """What fits at the end of `before`, and what of it is typed already."""
    for offered, pattern in CONTEXTS:
        found = pattern.search(before)
        if found:
            return offered(), found["typed"].lstrip()
    typed = re.search(r"[\w']*$", before)[0]
    start = before[: len(before) - len(typed)]
    indent = len(start) - len(start.lstrip())
    if not start.strip() and indent == 0:
        return [
            Completion(k, v, Offer.KEYWORD, "starts a card or a worked example") for k, v in TOP_KEYWORDS.items()
        ], typed
    if not start.strip() and indent <= 2:
        return [Completion(k, k, Offer.KEYWORD, "a card line") for k in ITEM_KEYWORDS], typed
    return effect_offers(), re.search(r"(?:^|[:,])\s*(?P<typed>[^:,]*)$", before)["typed"]


def completions(text: str, line: int, column: int) -> list[Completion]:
    """Phrases valid where the cursor stands, judged by the words before it on its line; within a word or a phrase,
    those that complete what is typed (in any case)."""
    lines = text.split("\n")
    before = lines[line][:column] if line < len(lines) else ""
    found, typed = offers(before)
    typed = typed.casefold()
    return [offer for offer in found if offer.label.casefold().startswith(typed)]


# Definition, symbols, formatting ------------------------------------------------------------------


NAME = re.compile(r'"([^"\n]*)"')


def definition(analysis: Analysis, line: int, column: int) -> Span | None:
    """The header of the card a quoted name under the cursor names (`discard "Toy Shop"`); Buildings first."""
    if analysis.program is None:
        return None
    lines = analysis.text.split("\n")
    for match in NAME.finditer(lines[line] if line < len(lines) else ""):
        if match.start() <= column <= match.end():
            named = [c for c in analysis.program.cards if c.name == match[1]]
            named.sort(key=lambda c: c.kind is not CardKind.BUILDING)
            return named[0].name_span if named else None
    return None


def symbols(analysis: Analysis) -> list[Symbol]:
    return list(analysis.symbols)


def outline(text: str, filename: str) -> tuple[Symbol, ...]:
    """The cards of each definition as compiled (the units compile_text has just compiled, remembered); one that
    does not parse stands by its header line when that reads as one, so a syntax error hides no card from the
    outline."""
    found: list[Symbol] = []
    for block in split(text):
        unit = MEMO.unit(block, filename)
        if unit.facts.parsed:
            found += [Symbol(c.name, detail(c.kind, c.deck, c.code), c.span, c.name_span) for c in unit.cards]
            continue
        lines = block.text.rstrip().split("\n")
        header = card_header().match(lines[0])
        for card in unit.facts.headers:
            span = Span(filename, block.start, 1, block.start + len(lines) - 1, len(lines[-1]) + 1)
            found.append(Symbol(card.name, detail(card.kind, header["deck"], card.code), span, card.name_span))
    return tuple(found)


def detail(kind: str, deck: str, code: str) -> str:
    return f"{kind} {deck_name(deck)} {code}"


def formatted(text: str, filename: str) -> str | None:
    """The canonical layout `nus fmt` prints, or None when the text does not parse."""
    return format_text(text, filename)[0]
