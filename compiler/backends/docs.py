"""The card reference: Markdown, one self-contained web page and JSON, from the checked AST."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from compiler.backends import escape
from compiler.backends.render import English, deck_name
from compiler.output import write_all
from compiler.syntax import nodes as n


@dataclass(frozen=True)
class ExampleDoc:
    """A worked example as the designer wrote it, with the line `nus test` reports."""

    title: str
    line: int
    code: str


@dataclass(frozen=True)
class CardDoc:
    name: str
    kind: str
    deck: str
    deck_name: str
    code: str
    letter: str
    cost: str
    cost_goods: list[str]
    vp: str
    vp_value: int | None
    text: str
    line: int
    anchor: str
    interacts: list[str]
    examples: list[ExampleDoc]


def anchor(card: n.Card) -> str:
    return f"{card.kind}-{card.code}".lower()


def fixed_vp(card: n.Card) -> int | None:
    expr = card.vp[0] if card.vp else None
    if isinstance(expr, n.Number):
        return expr.value
    if isinstance(expr, n.Negate) and isinstance(expr.operand, n.Number):
        return -expr.operand.value
    return None


def cost_goods(card: n.Card) -> list[str]:
    goods = set()
    for line in card.costs:
        for option in line.options:
            for payment in option.payments:
                goods.update(a for a in payment.args if isinstance(a, str))
    return sorted(goods)


# Interactions: cards that hook the same events, change the same rules, or cause what another hooks.


def hooks(card: n.Card) -> set[str]:
    return {a.trigger.entry.impl for a in card.abilities if a.trigger.entry is not None}


def causes(card: n.Card) -> set[str]:
    return {event for a in card.abilities for call in n.calls_in(a.body) for event in call.entry.causes}


def rules(card: n.Card) -> set[str]:
    return {r.entry.impl for r in card.rules}


def interactions(cards: tuple[n.Card, ...]) -> dict[str, list[str]]:
    facts = {c.name: (hooks(c), causes(c), rules(c)) for c in cards}
    related: dict[str, list[str]] = {}
    for card in cards:
        mine_hooks, mine_causes, mine_rules = facts[card.name]
        related[card.name] = sorted(
            other.name
            for other in cards
            if other is not card
            and (
                mine_hooks & facts[other.name][0]
                or mine_rules & facts[other.name][2]
                or mine_causes & facts[other.name][0]
                or facts[other.name][1] & mine_hooks
            )
        )
    return related


def example_docs(examples: tuple[n.Example, ...], lines: list[str]) -> list[ExampleDoc]:
    """Examples keep their source text: given / do / answer / expect read best as written."""
    found = []
    for example in examples:
        header = lines[example.span.line - 1] if example.span.line <= len(lines) else ""
        indent = len(header) - len(header.lstrip())
        code = [header[indent:]]
        for line in lines[example.span.line :]:
            if line.strip() and len(line) - len(line.lstrip()) <= indent:
                break
            code.append(line[indent:])
        found.append(ExampleDoc(example.title, example.span.line, "\n".join(code).rstrip()))
    return found


def card_docs(program: n.Program, source: str = "") -> list[CardDoc]:
    buildings = tuple(c for c in program.cards if c.kind == "building")
    related = interactions(buildings)
    lines = source.split("\n")
    docs = []
    for card in program.cards:
        english = English(card)
        docs.append(
            CardDoc(
                name=card.name,
                kind=card.kind,
                deck=card.deck,
                deck_name=deck_name(card.deck),
                code=card.code,
                letter=card.code[0] if card.kind == "building" else "",
                cost=english.cost() or "N/A",
                cost_goods=cost_goods(card),
                vp=english.vp(),
                vp_value=fixed_vp(card),
                text=english.text(),
                line=card.span.line,
                anchor=anchor(card),
                interacts=related.get(card.name, []),
                examples=example_docs(card.examples, lines),
            )
        )
    return docs


def environment() -> Environment:
    """HTML templates (`*.html.j2`) escape every value; the Markdown template escapes with the md filters."""
    env = Environment(
        loader=PackageLoader("compiler.backends", "templates"),
        autoescape=select_autoescape(["html.j2"], default_for_string=True, default=False),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(
        visible=escape.visible,
        md=escape.markdown_text,
        md_code=escape.markdown_code,
        md_fence=escape.markdown_fence,
        md_link=escape.markdown_anchor_link,
        script_json=escape.script_json,
    )
    return env


def write_docs(program: n.Program, source_name: str, out: Path, source: str = "", inputs=()) -> list[Path]:
    """cards.md, index.html and cards.json, written together atomically; never over one of `inputs`."""
    return write_all({out / name: text for name, text in reference_texts(program, source_name, source).items()}, inputs)


def reference_texts(program: n.Program, source_name: str, source: str = "") -> dict[str, str]:
    """cards.md, index.html and cards.json by name; with the source text, each card's worked examples too."""
    docs = card_docs(program, source)
    groups = grouped(docs)
    env = environment()
    context = {
        "cards": docs,
        "groups": groups,
        "source": source_name,
        "anchors": {d.name: d.anchor for d in docs},
        "rule_examples": example_docs(program.examples, source.split("\n")),
    }
    texts = {target: env.get_template(template).render(context) for template, target in REFERENCE_TEMPLATES}
    texts["cards.json"] = json.dumps([asdict(d) for d in docs], ensure_ascii=False, indent=2) + "\n"
    return texts


REFERENCE_TEMPLATES = (("cards.md.j2", "cards.md"), ("index.html.j2", "index.html"))


def grouped(docs: list[CardDoc]) -> list[tuple[str, list[tuple[str, list[CardDoc]]]]]:
    """Decks in file order, each with its letters (Elders form one group)."""
    decks: dict[str, dict[str, list[CardDoc]]] = {}
    for doc in docs:
        label = f'"{doc.letter}" cards' if doc.letter else "Elders"
        decks.setdefault(doc.deck_name, {}).setdefault(label, []).append(doc)
    return [(deck, sorted(letters.items())) for deck, letters in decks.items()]
