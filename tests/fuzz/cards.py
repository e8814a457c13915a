"""Well-typed cards written from the grammar's shapes (grammar/nus.lark) and the vocabulary's entries.

Every phrase comes from compiler/checking/vocabulary/: the counts, facts, effects, events with their fields and
timings, payments and rule parameters, each slot filled with a value of its type. So a new entry there is
generated without a change here. The shapes are the grammar's: each card kind, each trigger kind and timing,
guards, `requires`, costs with `or`, Guests and `discard`, rule changes (switches on and `off`, numbers worked out
from the rule's own scope), and bodies nesting `you may`, `choose one`, `up to N times`, `if`/`else` and `let`.

What the checker should refuse is drawn too, on purpose and less often (an event's field in a handler of the
other timing, a count on "this building" where no building is, `another player` outside an event): a card the
checker refuses never reaches play, so the checker, not the generator, decides what is legal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from compiler.checking import vocabulary as vocab
from tests.fuzz.draws import Draws, chance, pick, weighted

NAME = "Fuzzed"
# Cards every generated file holds before the generated one, so a payment or fact naming a card has one to name.
# They come first, so their lines never change and the compiler's card-by-card cache keeps them compiled.
COMPANIONS = """building "Plain Hut" (trout A998)
  cost 1 wood
  vp 1

elder "Plain Elder" (base E98)
  use:
    take 1 fish

"""
BUILDING_NAMES = ("Plain Hut", NAME)
ELDER_NAMES = ("Plain Elder", NAME)

LITERALS = (1, 2, 3, 0, 4, 5, 10)
LET_NAMES = ("kept", "noted", "counted")
COMPARISONS = (">=", "<=", "=", "!=", ">", "<")
MOST_DEPTH = 3  # blocks inside blocks
SHOWN_NAMES = {"building": BUILDING_NAMES, "elder": ELDER_NAMES}

NUMBER_COUNTS = tuple(e for e in vocab.COUNTS if not e.example_only and e.result == "number")
FACTS = tuple(e for e in vocab.FACTS if not e.example_only)
THIS_BUILDING = tuple(e for e in NUMBER_COUNTS if "this building" in e.pattern)
EFFECTS = tuple(e for e in vocab.EFFECTS if not e.example_only)
HOOKED = tuple(e for e in vocab.EVENTS if set(e.timings) & {"before", "after"})
MOMENTS = tuple(e for e in vocab.EVENTS if "at" in e.timings)
PAYMENTS = tuple(e for e in vocab.PAYMENTS if e.impl not in ("free", "goods"))


@dataclass(frozen=True)
class Scope:
    """What a phrase may name where it is written: the event heard (its fields), the `let` names made so far, the rule
    whose value is being written (its own words and scope), and the trigger kind (for the checker to judge)."""

    event: vocab.Entry | None = None
    lets: tuple[str, ...] = ()
    rule: vocab.Entry | None = None


@dataclass(frozen=True)
class Generated:
    """A card's text (the generated card alone) and the player count its game is drawn for."""

    text: str
    players: int
    kind: str

    @property
    def file_text(self) -> str:
        """The card file compiled and played: the companions, then the card."""
        return COMPANIONS + self.text


class Writer:
    def __init__(self, draws: Draws):
        self.d = draws
        self.used: Counter[str] = Counter()  # what the card holds, by kind (`coverage`)

    def use(self, tag: str) -> None:
        self.used[tag] += 1

    # Numbers -------------------------------------------------------------------------------------

    def literal(self) -> str:
        return str(pick(self.d, LITERALS))

    def filled(self, entry: vocab.Entry, scope: Scope | None = None) -> str:
        """An entry's pattern with each slot filled: a word of its type, a card name, or an amount."""
        words = []
        for element in entry.pattern.split():
            if not element.startswith("{"):
                words.append(element)
                continue
            name, _, type_ = element.strip("{}").partition(":")
            type_ = type_ or name
            self.use(f"slot {type_}")
            if type_ == "amount":
                words.append(self.amount(scope or Scope()))
            elif type_ == "name":
                words.append(f'"{pick(self.d, SHOWN_NAMES[name])}"')
            else:
                words.append(pick(self.d, vocab.WORD_SLOTS[type_]))
        return " ".join(words)

    def atom(self, scope: Scope, counted: bool = False) -> str:
        """A number: a literal (unless `counted`), a count, the event's field, a `let` name or the rule's own scope."""
        options: list[tuple[int, str]] = [(0 if counted else 30, "literal"), (35, "count"), (4, "this building")]
        if scope.event is not None and number_fields(scope.event):
            options.append((20, "field"))
        if scope.lets:
            options.append((12, "let"))
        if scope.rule is not None and rule_words(scope.rule, "number"):
            options.append((20, "rule"))
        kind = weighted(self.d, options)
        if kind == "literal":
            return self.literal()
        if kind in ("count", "this building"):
            entry = pick(self.d, NUMBER_COUNTS if kind == "count" else THIS_BUILDING)
            self.use(f"count {entry.pattern}")
            return self.filled(entry)
        if kind == "field":
            return self.field(scope.event, number_fields(scope.event))
        if kind == "let":
            self.use("let read")
            return pick(self.d, scope.lets)
        self.use("rule scope")
        return pick(self.d, rule_words(scope.rule, "number"))

    def field(self, event: vocab.Entry, fields: tuple[str, ...]) -> str:
        words = pick(self.d, fields)
        self.use(f"field {event.pattern}: {words}")
        return words

    def expr(self, scope: Scope, depth: int = 0, counted: bool = False) -> str:
        """A number, compound below a small depth; compound operands are parenthesised. `counted`: one that reads
        the table (its first operand is no literal), so it is no constant the checker refuses as such."""
        shape = weighted(self.d, [(60, "atom"), (0 if depth >= 2 else 40, "compound")])
        if shape == "atom":
            return self.atom(scope, counted)
        kind = pick(self.d, ("+", "-", "*", "/ up", "/ down", "capped", "table"))
        self.use(f"number {kind}")
        left = self.operand(scope, depth, counted=True)
        right = self.operand(scope, depth, counted=kind.startswith("/"))
        if kind in ("+", "-", "*"):
            return f"{left} {kind} {right}"
        if kind.startswith("/"):
            return f"{left} / {right} rounded {kind[2:]}"
        if kind == "capped":
            return f"{left} capped at {right}"
        return f"by {left} [{self.rows(scope, depth)}]"

    def operand(self, scope: Scope, depth: int, counted: bool = False) -> str:
        """A number inside a compound one: parenthesised when it has several words, which is always right."""
        text = self.expr(scope, depth + 1, counted)
        return text if " " not in text else f"({text})"

    def rows(self, scope: Scope, depth: int) -> str:
        """A table's rows: ranges of the key in increasing order, the last perhaps open or `else`."""
        rows, low = [], 0
        for _ in range(1 + self.d.below(3)):
            if chance(self.d, 40):
                high = low + 1 + self.d.below(3)
                rows.append(f"{low}-{high}: {self.operand(scope, depth)}")
                low = high + 1
            else:
                rows.append(f"{low}: {self.operand(scope, depth)}")
                low += 1
        end = pick(self.d, ("", "plus", "else"))
        if end == "plus":
            rows.append(f"{low}+: {self.operand(scope, depth)}")
        elif end == "else":
            rows.append(f"else: {self.operand(scope, depth)}")
        return ", ".join(rows)

    def amount(self, scope: Scope) -> str:
        """An effect's or payment's amount: a literal, or any number in parentheses."""
        if chance(self.d, 40):
            return f"({self.expr(scope, counted=True)})"
        return pick(self.d, ("1", "2", "3", "5"))

    # Conditions ----------------------------------------------------------------------------------

    def condition(self, scope: Scope, depth: int = 0) -> str:
        options: list[tuple[int, str]] = [(70, "compare"), (8, "fact")]
        if scope.event is not None and truth_fields(scope.event):
            options.append((20, "field"))
        if depth < 2:
            options += [(6, "not"), (8, "and"), (8, "or")]
        kind = weighted(self.d, options)
        self.use(f"condition {kind}")
        if kind == "compare":
            right = self.literal() if chance(self.d, 80) else self.expr(scope, 1)
            return f"{self.expr(scope, 1, counted=True)} {pick(self.d, COMPARISONS)} {right}"
        if kind == "fact":
            entry = pick(self.d, FACTS)
            self.use(f"fact {entry.pattern}")
            return self.filled(entry)
        if kind == "field":
            return self.field(scope.event, truth_fields(scope.event))
        if kind == "not":
            return f"not ({self.condition(scope, depth + 1)})"
        return f"({self.condition(scope, depth + 1)}) {kind} ({self.condition(scope, depth + 1)})"

    def guard(self, scope: Scope) -> str:
        if not chance(self.d, 35):
            return ""
        word = pick(self.d, ("if", "unless"))
        self.use(f"guard {word}")
        return f", {word} {self.condition(scope)}"

    # Bodies --------------------------------------------------------------------------------------

    def statements(self, scope: Scope) -> tuple[str, Scope]:
        """One to three statements on a line; a `let` names a number for the statements after it."""
        said = []
        for _ in range(1 + self.d.below(3)):
            free = [name for name in LET_NAMES if name not in scope.lets]
            if free and chance(self.d, 12):
                name = pick(self.d, free)
                said.append(f"let {name} = {self.expr(scope)}")
                scope = replace(scope, lets=(*scope.lets, name))
                self.use("let")
            else:
                entry = pick(self.d, EFFECTS)
                self.use(f"effect {entry.pattern}")
                said.append(self.filled(entry, scope))
        return ", ".join(said), scope

    def body(self, scope: Scope, depth: int) -> list[str]:
        """What follows a colon: statements on the same line, or an indented block (its lines start with two
        spaces more than the line with the colon)."""
        if depth >= MOST_DEPTH or not chance(self.d, 40):
            return [" " + self.statements(scope)[0]]
        return [""] + ["  " + line for line in self.block(scope, depth + 1)]

    def block(self, scope: Scope, depth: int) -> list[str]:
        lines: list[str] = []
        for _ in range(1 + self.d.below(3)):
            kind = weighted(self.d, [(60, "statements"), *((0 if depth >= MOST_DEPTH else 10, k) for k in BLOCKS)])
            self.use(f"block {kind}")
            if kind == "statements":
                text, scope = self.statements(scope)
                lines.append(text)
            elif kind == "you may":
                lines += joined("you may:", self.body(scope, depth))
            elif kind == "choose one":
                lines.append("choose one:")
                lines += [f"  - {self.statements(scope)[0]}" for _ in range(2 + self.d.below(2))]
            elif kind == "up to":
                times = self.literal() if chance(self.d, 40) else f"({self.expr(scope)})"
                lines += joined(f"up to {times} times:", self.body(scope, depth))
            else:
                lines += joined(f"if {self.condition(scope)}:", self.body(scope, depth))
                if chance(self.d, 30):
                    self.use("block else")
                    lines += joined("else:", self.body(scope, depth))
        return lines

    # Cards ---------------------------------------------------------------------------------------

    def trigger(self) -> tuple[str, Scope]:
        kind = weighted(self.d, [(weight, kind) for kind, weight in TRIGGERS.items()])
        self.use(f"trigger {kind}")
        if kind == "when built":
            return "when built" + self.guard(Scope()), Scope()
        if kind == "as soon as":
            return f"as soon as {self.condition(Scope())}", Scope()
        if kind == "each time":
            event = pick(self.d, HOOKED)
            declared = [t for t in ("before", "after") if t in event.timings]
            timing = pick(self.d, declared) if chance(self.d, 95) else pick(self.d, ("before", "after"))
            actor = weighted(self.d, [(50, "you"), (35, "any player"), (15, "another player")])
            self.use(f"each time {timing} {event.pattern}")
            self.use(f"actor {actor}")
            scope = Scope(event=event)
            return f"each time {timing} {actor} {event.pattern}{self.guard(scope)}", scope
        if kind == "at":
            moment = pick(self.d, MOMENTS)
            self.use(f"at {moment.pattern}")
            return f"at {moment.pattern}{self.guard(Scope())}", Scope()
        if kind == "at any time":
            return "at any time" + self.guard(Scope()), Scope()
        return "worker space" + self.guard(Scope()), Scope()

    def ability(self, header: str, scope: Scope) -> list[str]:
        return ["  " + line for line in joined(header + ":", self.body(scope, 0))]

    def cost(self) -> str:
        ways = []
        for _ in range(1 + (self.d.below(2) if chance(self.d, 25) else 0)):
            if chance(self.d, 15) and not ways:
                self.use("payment none")
                ways.append("none")
                continue
            parts, goods = [], list(vocab.GOODS)
            for _ in range(1 + self.d.below(3)):
                if goods and chance(self.d, 80):
                    good = goods.pop(self.d.below(len(goods)))
                    self.use(f"payment {good}")
                    parts.append(f"{self.amount(Scope())} {good}")
                else:
                    entry = pick(self.d, PAYMENTS)
                    self.use(f"payment {entry.pattern}")
                    parts.append(self.filled(entry))
            ways.append(", ".join(dict.fromkeys(parts)))
        if len(ways) > 1:
            self.use("payment or")
        return "cost " + " or ".join(ways)

    def rule_line(self, entry: vocab.Entry) -> str:
        self.use(f"rule {entry.pattern}")
        if entry.result == "truth":
            value = pick(self.d, ("", " = off", " = on"))
            self.use(f"switch{value or ' named'}")
            return f"rule {entry.pattern}{value}"
        return f"rule {entry.pattern} = {self.expr(Scope(rule=entry))}"

    def players_line(self) -> tuple[str, tuple[int, ...]]:
        self.use("players")
        low = 1 + self.d.below(5)
        form = pick(self.d, ("one", "plus", "range", "two"))
        if form == "one":
            return f"players {low}", (low,)
        if form == "plus" or low == 5:
            return f"players {low}+", tuple(range(low, 6))
        high = low + 1 + self.d.below(5 - low)
        if form == "range":
            return f"players {low}-{high}", tuple(range(low, high + 1))
        return f"players {low}, {high}+", (low, *range(high, 6))

    def card(self) -> Generated:
        players = 2 + self.d.below(4)
        kind = weighted(self.d, [(85, vocab.CARD_KINDS[0]), (15, vocab.CARD_KINDS[1])])
        self.use(f"card {kind}")
        if kind == "building":
            lines = [f'building "{NAME}" (trout {pick(self.d, ("A", "B", "C"))}999)']
        else:
            lines = [f'elder "{NAME}" (base E99)']
        counts = (2, 3, 4, 5)
        if chance(self.d, 12):
            line, counts = self.players_line()
            lines.append("  " + line)
        if kind == "elder":
            lines += self.ability("use" + self.guard(Scope()), Scope())
        else:
            lines += ["  " + self.cost(), f"  vp {self.expr(Scope())}"]
            if chance(self.d, 25):
                self.use("requires")
                lines.append(f"  requires {self.condition(Scope())}")
            rules = list(vocab.RULES)
            for _ in range(1 + self.d.below(3) if chance(self.d, 35) else 0):
                lines.append("  " + self.rule_line(rules.pop(self.d.below(len(rules)))))
            for _ in range(1 + self.d.below(3)):
                lines += self.ability(*self.trigger())
        playing = [count for count in counts if count >= 2]
        if players not in playing:
            players = playing[0] if playing else players
        return Generated("\n".join(lines) + "\n", players, kind)


BLOCKS = ("you may", "choose one", "up to", "if")
# A Building's trigger kinds (grammar/nus.lark's `trigger`, besides an Elder's `use`), each with its weight.
TRIGGERS = {"when built": 20, "as soon as": 12, "each time": 40, "at": 12, "at any time": 8, "worker": 8}


def joined(header: str, body: list[str]) -> list[str]:
    """A header ending in a colon and its body: the body's first line goes on the header's line."""
    return [header + body[0], *body[1:]]


def number_fields(event: vocab.Entry) -> tuple[str, ...]:
    return tuple(words for words, (_, type_) in event.fields.items() if type_ == "number")


def truth_fields(event: vocab.Entry) -> tuple[str, ...]:
    return tuple(words for words, (_, type_) in event.fields.items() if type_ == "truth")


def rule_words(entry: vocab.Entry, type_: str) -> tuple[str, ...]:
    return tuple(words for words, (_, kind) in entry.scope.items() if kind == type_)


def generate(draws: Draws) -> Generated:
    return Writer(draws).card()


def coverage(draws: Draws) -> tuple[Generated, Counter[str]]:
    """A card, and what it holds by kind ("effect take {amount} {good}", "each time before serve fish", ...)."""
    writer = Writer(draws)
    return writer.card(), writer.used
