"""The card reference: Markdown, one self-contained web page, JSON and CSV, from the checked AST."""

from __future__ import annotations

import csv
import heapq
import io
import json
from collections import defaultdict
from dataclasses import asdict, dataclass
from itertools import groupby, islice
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from compiler.backends import escape, language
from compiler.backends.card_heading import CardHeading, heading
from compiler.backends.render import DISCARD, English
from compiler.checking import ranges
from compiler.checking import vocabulary as vocab
from compiler.cli.output import write_all
from compiler.editors.lexer import highlight_css, highlighted
from compiler.syntax import nodes as n
from compiler.syntax.comments import comments, notes
from runtime.model.data import data_line, described
from runtime.model.declarations import CardKind, TriggerKind
from runtime.model.rules import player_counts
from runtime.wording import spreadsheet_text


@dataclass(frozen=True)
class ExampleDoc:
    """A worked example as the designer wrote it, with the line `nus test` reports."""

    title: str
    line: int
    code: str


@dataclass(frozen=True)
class Amount:
    """A cost amount: min = max for a printed number; a computed one spans its range (max None: unbounded)."""

    min: int
    max: int | None

    @property
    def label(self) -> str:
        return ranges.label(ranges.Values(self.min, self.max))


@dataclass(frozen=True)
class CostAlternative:
    """One way to pay: goods with their amounts, and what else it asks in English (discard, return Guests)."""

    goods: dict[str, Amount]
    other: list[str]


@dataclass(frozen=True)
class Note:
    """A designer's comment beside the card: a ruling, an Elder's stand-in note, or a plain note."""

    kind: str  # ruling, stand-in or note
    text: str
    line: int


@dataclass(frozen=True)
class CardDoc(CardHeading):
    player_counts: list[int]  # the player counts the card is part of the game at (every count without `players`)
    cost: str
    cost_alternatives: list[CostAlternative]
    vp: str
    vp_label: str
    vp_min: int | None
    vp_max: int | None
    triggers: list[str]
    events: list[str]
    text: str
    notes: list[Note]
    line: int
    anchor: str
    interacts: list[str]  # at most SHOWN_RELATED names
    interacts_more: list[str]  # when the names are cut short: what the cards share with this one, counted
    examples: list[ExampleDoc]

    @property
    def goods(self) -> list[str]:
        """Every good some way to pay asks for."""
        return sorted({good for alternative in self.cost_alternatives for good in alternative.goods})


TRIGGER_KINDS = {
    TriggerKind.WHEN_BUILT: "when built",
    TriggerKind.AS_SOON_AS: "as soon as",
    TriggerKind.EACH_TIME: "each time",
    TriggerKind.ANY_TIME: "at any time",
    TriggerKind.AT_MOMENT: "at a phase",
    TriggerKind.WORKER_SPACE: "worker space",
    TriggerKind.ELDER_USE: "Elder use",
}


def anchor(card: n.Card) -> str:
    return f"{card.kind}-{card.code}".lower()


def cost_alternatives(card: n.Card) -> list[CostAlternative]:
    english = English(card)
    found = []
    for line in card.costs:
        for option in line.options:
            goods: dict[str, Amount] = {}
            other = []
            for payment in option.payments:
                if payment.entry.impl == "goods":
                    amount, good = payment.args
                    span = ranges.values(amount, card)
                    goods[good] = Amount(span.low, span.high)
                elif payment.entry.impl != "free":
                    other.append(english.phrase(payment))
            found.append(CostAlternative(goods, other))
    return found


def vp_bounds(card: n.Card) -> tuple[int | None, int | None]:
    if not card.vp:
        return None, None
    found = ranges.values(card.vp[0], card)
    return found.low, found.high


def triggers(card: n.Card) -> list[str]:
    return sorted({TRIGGER_KINDS[a.trigger.kind] for a in card.abilities})


def events(card: n.Card) -> list[str]:
    return sorted({a.trigger.entry.pattern for a in card.abilities if a.trigger.entry is not None})


def card_notes(program: n.Program, source: str) -> list[list[Note]]:
    """Each card's notes (compiler/syntax/comments.py), in card order. A comment inside a worked example is the
    example's: the reference shows it in the example's code, not again as a note."""
    starts = [card.span.line for card in program.cards] + [example.span.line for example in program.examples]
    inside = {
        line
        for card in program.cards
        for example in card.examples
        for line in range(example.span.line, example.span.end_line + 1)
    }
    found = notes([comment for comment in comments(source) if comment.line not in inside], starts)
    return [[Note(note.kind, note.text, note.line) for note in found[card.span.line]] for card in program.cards]


# Interactions: cards that hook the same events, change the same rules, or cause what another hooks.


def hooks(card: n.Card) -> set[str]:
    return {a.trigger.entry.impl for a in card.abilities if a.trigger.entry is not None}


def effect_calls(card: n.Card) -> list[n.Call]:
    return [call for a in card.abilities for call in n.calls_in(a.body)]


def causes(card: n.Card) -> set[str]:
    """The events a card's effects, its ways to pay and its rules may set off (a Guest returned as a payment among
    them; a Building built as a Build a Ship action)."""
    calls = effect_calls(card)
    calls += [p for line in card.costs for option in line.options for p in option.payments if isinstance(p, n.Call)]
    by_rules = {event for r in card.rules for event in r.entry.parameter.sets_off}
    return by_rules | {event for call in calls for event in call.entry.sets_off(call.args)}


def ruled_by(card: n.Card) -> set[str]:
    """The rule parameters that change what the card's effects do (the distribution order for a distribution) or
    bound a count it reads (the wood limit, its wood in supply)."""
    limits = {count.impl: dict(count.limited_by) for count in vocab.TABLES["count"] if count.limited_by}
    read = n.counts_in((card.abilities, card.vp))
    bounding = {
        limits[ref.name][arg] for ref in read if ref.name in limits for arg in ref.args if arg in limits[ref.name]
    }
    return bounding | {parameter for call in effect_calls(card) for parameter in call.entry.ruled_by}


def lowers(card: n.Card) -> set[str]:
    """The counts the card's effects can lower (a Ship removed: the haul size)."""
    return {count for call in effect_calls(card) for count in call.entry.lowers}


def watches(card: n.Card) -> set[str]:
    """The counts the card's "as soon as" conditions read: lowered, such a condition may lapse and hold again."""
    conditions = [a.trigger.condition for a in card.abilities if a.trigger.kind is TriggerKind.AS_SOON_AS]
    return {ref.name for ref in n.counts_in(tuple(c for c in conditions if c is not None))}


def rules(card: n.Card) -> set[str]:
    return {r.entry.impl for r in card.rules}


def bears_on(card: n.Card) -> set[str]:
    """The events whose outcome the card's rules change (a Guest's worth in a cost: how many Guests go back)."""
    return {event for r in card.rules for event in r.entry.parameter.bears_on}


def rules_borne(card: n.Card) -> set[str]:
    """The rule parameters of other cards whose effect the card's rules change (the gap may count a Building placed
    on the Fishing track as a Ship)."""
    return {other for r in card.rules for other in r.entry.parameter.bears_on_rules}


def discarded(card: n.Card) -> set[str]:
    """The Buildings a card's ways to pay discard (`discard "Toy Shop"`)."""
    return {
        str(payment.args[0])
        for line in card.costs
        for option in line.options
        for payment in option.payments
        if isinstance(payment, n.Call) and payment.entry.impl == DISCARD
    }


def changes_counts(card: n.Card) -> set[str]:
    """The counts the card's effects change besides goods (another player's, the turn's), or that its rules decide how
    it counts in."""
    by_rules = {count for r in card.rules for count in r.entry.parameter.bears_on_counts}
    return by_rules | {count for call in effect_calls(card) for count in call.entry.changes_counts}


def reads(card: n.Card) -> set[str]:
    """The counts the card's abilities, VP and cost read."""
    return {ref.name for ref in n.counts_in((card.abilities, card.vp, card.costs))}


TURN = "a turn on an available action"  # what a card taking a turn and a worker space on an Elder share


def takes_turns(card: n.Card) -> set[str]:
    return {TURN} if any(call.entry.takes_turn for call in effect_calls(card)) else set()


def elder_turns(card: n.Card) -> set[str]:
    """A worker space putting its Worker on an Elder (another player's): an available action for a turn taken."""
    spaces = [a for a in card.abilities if a.trigger.kind is TriggerKind.WORKER_SPACE]
    return {TURN} if any(call.entry.worker_on_elder for a in spaces for call in n.calls_in(a.body)) else set()


USER = "the counts an Elder's use reads, which are its user's"  # what using another's Elder and such an Elder share


def uses_others_elders(card: n.Card) -> set[str]:
    """A card letting its owner use another player's Elder: that Elder's counts are then its user's."""
    return {USER} if any(call.entry.worker_on_elder for call in effect_calls(card)) else set()


def read_for_user(card: n.Card) -> set[str]:
    """An Elder whose use reads a count: whoever uses it, its owner or another player, is the one counted."""
    uses = tuple(a for a in card.abilities if a.trigger.kind is TriggerKind.ELDER_USE)
    return {USER} if card.kind is CardKind.ELDER and n.counts_in(uses) else set()


FACTS = {
    "hooks": hooks,
    "causes": causes,
    "rules": rules,
    "bears_on": bears_on,
    "ruled_by": ruled_by,
    "lowers": lowers,
    "watches": watches,
    "rules_borne": rules_borne,
    "changes_counts": changes_counts,
    "reads": reads,
    "takes_turns": takes_turns,
    "elder_turns": elder_turns,
    "uses_others_elders": uses_others_elders,
    "read_for_user": read_for_user,
}  # what interactions group cards by, each a card's set of events, rules, counts or turns


@dataclass(frozen=True)
class Pairing:
    """Cards interact where one card's fact shares a key with another's: `mine` of this card, `theirs` of the others,
    said as `verb` and `thing` ("{}" is the key's words: an event's or rule's pattern, or a count's where `counts`: a
    rule and a count may share a name, the haul size)."""

    mine: str
    theirs: str
    verb: str
    thing: str
    counts: bool = False


PAIRINGS = (
    Pairing("hooks", "hooks", "hear", "'{}'"),
    Pairing("hooks", "causes", "set off", "'{}'"),
    Pairing("causes", "hooks", "hear", "'{}', which it sets off"),
    Pairing("rules", "rules", "change", "the {}"),
    Pairing("hooks", "bears_on", "change", "a rule bearing on '{}'"),
    Pairing("bears_on", "hooks", "hear", "'{}', which its rules bear on"),
    Pairing("ruled_by", "rules", "change", "the {}, which rules what it does"),
    Pairing("rules", "ruled_by", "do", "what its rule '{}' changes"),
    Pairing("lowers", "watches", "watch", "'{}', which it lowers", counts=True),
    Pairing("watches", "lowers", "lower", "'{}', which it watches", counts=True),
    Pairing("rules_borne", "rules", "change", "the {}, which its rules bear on"),
    Pairing("rules", "rules_borne", "change", "a rule bearing on its '{}'"),
    Pairing("changes_counts", "reads", "read", "'{}', which it changes", counts=True),
    Pairing("reads", "changes_counts", "change", "'{}', which it reads", counts=True),
    Pairing("takes_turns", "elder_turns", "offer", "a turn on an Elder"),
    Pairing("elder_turns", "takes_turns", "take", "a turn that may use it"),
    Pairing("uses_others_elders", "read_for_user", "count", "for whoever uses it"),
    Pairing("read_for_user", "uses_others_elders", "use", "another player's Elder, counting for its user"),
)


SHOWN_RELATED = 30  # cards named as interacting with one card; past that, the rest are counted by what they share


@dataclass(frozen=True)
class Related:
    """The cards a card interacts with: their names (sorted, at most SHOWN_RELATED), and when that cuts the list,
    what the cards share with it, each counted ("1,999 cards that hear 'build a ship'")."""

    names: list[str]
    more: list[str]


Group = tuple[tuple[str, str], list[str]]  # what its cards do (said of one card, of several), and the cards


def label(card: n.Card | CardDoc) -> str:
    """A card as an interaction list names it: an Elder says so, since a Building may share its name (Carpenter)."""
    return card.name if card.kind is CardKind.BUILDING else f"{card.name} (Elder)"


def interactions(cards: tuple[n.Card, ...]) -> dict[str, Related]:
    """Cards that share a fact as PAIRINGS pair them (hook the same events, cause what another hooks, change a rule
    bearing on what another hooks or rules what another does, lower a count another reads, ...), or are discarded to
    build one another, each way; keyed by label. Worked out from the cards grouped by fact and key, never card against
    card: 10,000 cards hearing one event are 10,000 short entries, not 10,000 lists of 9,999 names."""
    members: dict[str, dict[str, list[str]]] = {fact: defaultdict(list) for fact in FACTS}
    discarders: dict[str, list[str]] = defaultdict(list)
    facts: dict[str, dict[str, set[str]]] = {}
    discards: dict[str, set[str]] = {}
    for card in sorted(cards, key=label):  # so each group is in label order
        name = label(card)
        facts[name] = {fact: find(card) for fact, find in FACTS.items()}
        discards[name] = discarded(card)
        for fact, keys in facts[name].items():
            for key in keys:
                members[fact][key].append(name)
        for discarded_name in discards[name]:
            discarders[discarded_name].append(name)
    names = {event.impl: event.pattern for event in vocab.EVENTS} | {rule.impl: rule.pattern for rule in vocab.RULES}
    counts = {count.impl: count.pattern for count in vocab.TABLES["count"]}
    words = {False: names | {TURN: TURN, USER: USER}, True: counts}
    related = {}
    for card in cards:
        name = label(card)
        groups: list[Group] = [
            (said(pairing.verb, pairing.thing.format(words[pairing.counts][key])), members[pairing.theirs][key])
            for pairing in PAIRINGS
            for key in sorted(facts[name][pairing.mine])
        ]
        if card.kind is CardKind.BUILDING:  # only a Building is discarded to build another
            groups.append((said("discard", "it to be built"), discarders[card.name]))
        discarding = sorted(discards[name] & facts.keys())
        groups.append((("is discarded to build it", "are discarded to build it"), discarding))
        related[name] = related_to(name, [group for group in groups if group[1] not in ([], [name])])
    return related


def said(verb: str, thing: str) -> tuple[str, str]:
    """A verb and its object said of one card and of several: ("sets off 'x'", "set off 'x'")."""
    first, _, rest = verb.partition(" ")
    return " ".join(part for part in (first + "s", rest, thing) if part), f"{verb} {thing}"


def related_to(name: str, groups: list[Group]) -> Related:
    """The first SHOWN_RELATED names of the groups' members besides `name` (merged, each group in name order), and
    when there are more, each group counted."""
    merged = (member for member, _ in groupby(heapq.merge(*(members for _, members in groups))) if member != name)
    names = list(islice(merged, SHOWN_RELATED + 1))
    if len(names) <= SHOWN_RELATED:
        return Related(names, [])
    more = []
    for (one, several), members in groups:
        others = len(members) - (name in members)
        if others:
            more.append(f"1 card that {one}" if others == 1 else f"{others:,} cards that {several}")
    return Related(names[:SHOWN_RELATED], more)


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
    related = interactions(program.cards)
    notes = card_notes(program, source)
    lines = source.split("\n")
    docs = []
    for card, card_notes_found in zip(program.cards, notes, strict=True):
        english = English(card, program.cards)
        vp_min, vp_max = vp_bounds(card)
        docs.append(
            CardDoc(
                **heading(card),
                player_counts=list(card.players[0].counts if card.players else player_counts()),
                cost=english.cost() or "N/A",
                cost_alternatives=cost_alternatives(card),
                vp=english.vp(),
                vp_label=ranges.vp_label(card),
                vp_min=vp_min,
                vp_max=vp_max,
                triggers=triggers(card),
                events=events(card),
                text=english.text(),
                notes=card_notes_found,
                line=card.span.line,
                anchor=anchor(card),
                interacts=related[label(card)].names,
                interacts_more=related[label(card)].more,
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
        highlight=highlighted,
    )
    env.globals["highlight_css"] = highlight_css()
    return env


def write_docs(program: n.Program, source_name: str, out: Path, source: str = "", inputs=()) -> list[Path]:
    """cards.md, index.html, cards.json and cards.csv, written together atomically; never over one of `inputs`."""
    return write_all({out / name: text for name, text in reference_texts(program, source_name, source).items()}, inputs)


def reference_texts(program: n.Program, source_name: str, source: str = "") -> dict[str, str]:
    """Each file of the reference by name, with its text; with the source text, worked examples and notes too."""
    docs = card_docs(program, source)
    env = environment()
    context = {
        "cards": docs,
        "groups": grouped(docs),
        "source": source_name,
        "anchors": {label(d): d.anchor for d in docs},  # interaction lists name cards by label
        "rule_examples": example_docs(program.examples, source.split("\n")),
        "filters": filter_choices(docs),
        "card_data": {d.anchor: filter_data(d) for d in docs},
        "data_files": data_line(described()),  # the rules the text and ranges were worked out with
    }
    return {
        "cards.md": env.get_template("cards.md.j2").render(context),
        "index.html": env.get_template("index.html.j2").render(context),
        "cards.json": json.dumps([asdict(d) for d in docs], ensure_ascii=False, indent=2) + "\n",
        "cards.csv": csv_text(docs),
        "language.md": language.markdown(language.phrases()),
    }


def filter_data(doc: CardDoc) -> dict:
    """What the page's filters read for a card (embedded as JSON, escaped for a <script>)."""
    return {
        "deck": doc.deck_name,
        "letter": doc.letter,
        "goods": doc.goods or ["none"],
        "vp": [doc.vp_min, doc.vp_max] if doc.vp_label else None,
        "triggers": doc.triggers,
        "events": doc.events,
    }


def filter_choices(docs: list[CardDoc]) -> dict[str, list[str]]:
    return {
        "decks": list(dict.fromkeys(d.deck_name for d in docs)),
        "letters": sorted({d.letter for d in docs if d.letter}),
        "goods": sorted({good for d in docs for good in d.goods}),
        "triggers": sorted({t for d in docs for t in d.triggers}),
        "events": sorted({e for d in docs for e in d.events}),
    }


CSV_COLUMNS = ("name", "kind", "deck", "code", "players", "cost", "wood", "fish", "gold", "guest", "other cost")
CSV_COLUMNS += ("vp", "vp min", "vp max", "triggers", "events", "text", "notes", "line")


def csv_text(docs: list[CardDoc]) -> str:
    """One row per card; goods columns give the first way to pay, a range when the amount is computed."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for doc in docs:
        first = doc.cost_alternatives[0] if doc.cost_alternatives else CostAlternative({}, [])
        amounts = [amount_cell(first.goods.get(good)) for good in ("wood", "fish", "gold", "guest")]
        others = first.other + [alternative_text(a) for a in doc.cost_alternatives[1:]]
        texts = [doc.name, doc.kind, doc.deck_name, doc.code, doc.players, doc.cost]
        texts2 = [" or ".join(others), doc.vp_label]
        notes = " | ".join(f"{note.kind}: {note.text}" for note in doc.notes)
        tail = [" ".join(doc.triggers), " ".join(doc.events), doc.text, notes]
        writer.writerow(
            [*map(spreadsheet_text, texts), *amounts, *map(spreadsheet_text, texts2), doc.vp_min, doc.vp_max]
            + [*map(spreadsheet_text, tail), doc.line]
        )
    return buffer.getvalue()


def amount_cell(amount: Amount | None) -> int | str:
    if amount is None:
        return 0
    return amount.min if amount.min == amount.max else amount.label


def alternative_text(alternative: CostAlternative) -> str:
    goods = [f"{amount.label} {good}" for good, amount in alternative.goods.items()]
    return ", ".join(goods + alternative.other)


def grouped(docs: list[CardDoc]) -> list[tuple[str, list[tuple[str, list[CardDoc]]]]]:
    """Decks in file order, each with its letters (Elders form one group)."""
    decks: dict[str, dict[str, list[CardDoc]]] = {}
    for doc in docs:
        label = f'"{doc.letter}" cards' if doc.letter else "Elders"
        decks.setdefault(doc.deck_name, {}).setdefault(label, []).append(doc)
    return [(deck, sorted(letters.items())) for deck, letters in decks.items()]
