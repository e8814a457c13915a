"""The checker: resolves every phrase against the vocabulary and types every expression.

It returns a checked program (phrases replaced by Calls, quantities by Refs) and every
diagnostic of the file; it never stops at the first error.
"""

from __future__ import annotations

import difflib
import math
import re
import unicodedata
from dataclasses import dataclass, field, replace

from compiler import diagnostic_codes as codes
from compiler.checking import vocabulary as vocab
from compiler.checking.cycles import Link, links, trigger_loops
from compiler.diagnostics import Diagnostic, Span
from compiler.syntax import nodes as n
from compiler.syntax.parse import MAX_DIGITS, MAX_NUMBER, MAX_TABLE_ROWS
from runtime.model.rules import player_counts

NUMBER, TRUTH = "number", "truth"
TYPE_NAMES = {NUMBER: "a number", TRUTH: "a yes/no condition"}
WORD_SLOT_NAMES = {"good": "good", "ship": "ship type", "letter": "building letter"}
SWITCH_WORDS = {"on": True, "off": False}  # the values a switch rule may be given
KIND_NAMES = {
    "count": "count",
    "event": "event",
    "moment": "moment",
    "effect": "effect",
    "payment": "cost payment",
    "rule": "rule parameter",
}
ABILITIES_OF = {
    "building": {"when_built", "as_soon_as", "each_time", "any_time", "at_moment", "worker_space"},
    "elder": {"elder_use"},
}
TRIGGER_WORDS = {
    "when_built": "'when built'",
    "as_soon_as": "'as soon as'",
    "each_time": "'each time'",
    "any_time": "'at any time'",
    "at_moment": "'at'",
    "worker_space": "'worker space'",
    "elder_use": "'use'",
}


# Phrase matching -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    """One normalised element of a phrase: a word, a number, a quoted name or an expression."""

    kind: str  # word number name expr
    text: str
    span: Span
    node: object = None


def phrase_tokens(phrase: n.Phrase) -> list[Token]:
    tokens = []
    for part in phrase.parts:
        if isinstance(part, n.Word):
            word = vocab.normalise(part.text)
            if word:
                tokens.append(Token("word", word, part.span))
        elif isinstance(part, n.Number):
            tokens.append(Token("number", str(part.value), part.span, part))
        elif isinstance(part, n.Name):
            tokens.append(Token("name", part.text, part.span))
        else:
            tokens.append(Token("expr", "(...)", part.span, part))
    return tokens


def quantity_tokens(quantity: n.Quantity) -> list[Token]:
    spans = quantity.word_spans or (quantity.span,) * len(quantity.words)
    tokens = []
    for word, span in zip(quantity.words, spans, strict=True):
        if word.isascii() and word.isdigit():
            tokens.append(Token("number", word, span, n.Number(span, int(word))))
        elif word.startswith('"'):
            tokens.append(Token("name", word[1:-1], span))
        elif vocab.normalise(word):
            tokens.append(Token("word", vocab.normalise(word), span))
    return tokens


def slot_accepts(slot: vocab.Slot, token: Token) -> bool:
    if slot.type == "amount":
        return token.kind in ("number", "expr")
    if slot.type == "name":
        return token.kind == "name"
    return token.kind == "word" and token.text in vocab.WORD_SLOTS[slot.type]


def literal_matches(element: str, token: Token) -> bool:
    return token.kind in ("word", "number") and token.text == element


def match(entry: vocab.Entry, tokens: list[Token]) -> list[Token] | None:
    """The tokens filling the entry's slots, or None when the phrase is not this entry."""
    elements = entry.elements
    if len(elements) != len(tokens):
        return None
    filled = []
    for element, token in zip(elements, tokens, strict=True):
        if isinstance(element, vocab.Slot):
            if not slot_accepts(element, token):
                return None
            filled.append(token)
        elif not literal_matches(element, token):
            return None
    return filled


@dataclass(frozen=True)
class Miss:
    """Why a phrase matched nothing: the closest entry and the one token that spoiled it."""

    entry: vocab.Entry
    element: str | vocab.Slot
    token: Token


def near_miss(entries: tuple[vocab.Entry, ...], tokens: list[Token]) -> Miss | None:
    for entry in entries:
        elements = entry.elements
        if len(elements) != len(tokens):
            continue
        misses = [
            (e, t)
            for e, t in zip(elements, tokens, strict=True)
            if not (slot_accepts(e, t) if isinstance(e, vocab.Slot) else literal_matches(e, t))
        ]
        if len(misses) == 1:
            return Miss(entry, *misses[0])
    return None


def one_left_out(entries, tokens: list[Token]) -> str:
    """The words given with the one element they leave out of an entry, if they fit it all but that: 'take wood'
    is 'take N wood' (a phrase that keeps every word given, before one that swaps a word given for another)."""
    for entry in entries:
        elements = entry.elements
        if len(elements) != len(tokens) + 1:
            continue
        for gap, missing in enumerate(elements):
            rest = elements[:gap] + elements[gap + 1 :]
            if all(
                slot_accepts(e, t) if isinstance(e, vocab.Slot) else literal_matches(e, t)
                for e, t in zip(rest, tokens, strict=True)
            ):
                words = [f'"{t.text}"' if t.kind == "name" else t.text for t in tokens]
                slot = f"{{{missing.name}:{missing.type}}}" if isinstance(missing, vocab.Slot) else missing
                return " ".join([*words[:gap], vocab.readable(slot), *words[gap:]])
    return ""


def suggestion(word: str, candidates) -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def closest_pattern(text: str, entries: tuple[vocab.Entry, ...]) -> str:
    close = difflib.get_close_matches(text, [e.pattern for e in entries], n=1, cutoff=0.4)
    return close[0] if close else ""


# The checker ----------------------------------------------------------------------------------


@dataclass
class Scope:
    """What a quantity may name at one point: event fields, rule scope, locals."""

    fields: dict = field(default_factory=dict)  # words -> (attr, type)
    rule_scope: dict = field(default_factory=dict)
    locals: dict = field(default_factory=dict)  # name -> type
    where: str = "here"
    in_example: bool = False
    in_event: bool = False  # an `each time` ability: who set the event off is known
    folded: bool = False  # inside an expression of numbers alone, whose value was held to the limit as a whole

    def with_local(self, name: str, type_: str) -> Scope:
        return replace(self, locals={**self.locals, name: type_})


@dataclass(frozen=True)
class Header:
    """What the other cards of a file need to know of one card: its kind, name and code, and where they stand."""

    kind: str
    name: str
    code: str
    span: Span
    name_span: Span
    code_span: Span

    @staticmethod
    def of(card: n.Card) -> Header:
        return Header(card.kind, card.name, card.code, card.span, card.name_span, card.code_span)


@dataclass(frozen=True)
class Reference:
    """A quoted name filling a `{building:name}` or `{elder:name}` slot: the file must hold such a card."""

    slot: str
    name: str
    span: Span


class Checker:
    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self.references: list[Reference] = []

    def error(self, code: codes.Code, message: str, span: Span, help: str = "") -> None:
        self.diagnostics.append(code.diagnostic(message, span, help))

    # Program and cards

    def program(self, program: n.Program) -> n.Program:
        cards = tuple(self.card(card) for card in program.cards)
        examples = tuple(self.example(e, on_card=False) for e in program.examples)
        return replace(program, cards=cards, examples=examples)

    def card(self, card: n.Card) -> n.Card:
        self.header(card)
        self.at_most_one(card.players, "players", card)
        self.at_most_one(card.costs, "cost", card)
        self.at_most_one(card.vp, "vp", card)
        if card.kind == "building":
            self.required(card.costs, "cost", card, "cost 1 wood, 2 fish  (or: cost none)")
            self.required(card.vp, "vp", card, "vp 2")
        scope = Scope(where="in a card fact")
        return replace(
            card,
            players=tuple(self.players(line) for line in card.players),
            costs=tuple(self.cost_line(line, scope) for line in card.costs),
            vp=tuple(self.expr_of(expr, NUMBER, scope, "VP") for expr in card.vp),
            requires=tuple(self.expr_of(expr, TRUTH, scope, "requirement") for expr in card.requires),
            rules=self.rules_once(tuple(self.rule(rule) for rule in card.rules)),
            abilities=tuple(self.ability(ability, card) for ability in card.abilities),
            examples=tuple(self.example(example, on_card=True) for example in card.examples),
        )

    def header(self, card: n.Card) -> None:
        self.name(card)
        if card.deck not in vocab.DECKS:
            self.error(
                codes.UNKNOWN_DECK,
                f"unknown deck '{card.deck}'",
                card.deck_span,
                suggestion(card.deck, vocab.DECKS) or f"decks are {', '.join(vocab.DECKS)}",
            )
        pattern = vocab.CODE_PATTERNS[card.kind]
        if not re.fullmatch(pattern, card.code):
            example = "A613" if card.kind == "building" else "E01"
            self.error(
                codes.BAD_CARD_CODE,
                f"'{card.code}' is not {article(card.kind)} {card.kind} code",
                card.code_span,
                f"{card.kind} codes look like {example}",
            )
        if card.kind == "elder" and sum(a.trigger.kind == "elder_use" for a in card.abilities) != 1:
            self.error(
                codes.ELDER_USE, "an elder needs exactly one 'use:' ability", card.name_span, "add 'use: <effects>'"
            )

    def name(self, card: n.Card) -> None:
        """A name is how examples and the reference find a card: a blank at an end is invisible and names no card."""
        trimmed = card.name.strip()
        if not trimmed:
            self.error(codes.NAME_SPACES, "the card has no name", card.name_span, "write its name between the quotes")
        elif trimmed != card.name:
            self.error(
                codes.NAME_SPACES,
                f"the card name '{card.name}' has a space at its {ends(card.name)}",
                card.name_span,
                f'write "{trimmed}"',
            )

    def at_most_one(self, items, what: str, card: n.Card) -> None:
        for extra in items[1:]:
            self.error(
                codes.REPEATED_LINE, f"'{card.name}' has more than one '{what}' line", extra.span, "merge them into one"
            )

    def required(self, items, what: str, card: n.Card, example: str) -> None:
        if not items:
            self.error(
                codes.MISSING_LINE,
                f"building '{card.name}' has no '{what}' line",
                card.name_span,
                f"add e.g. '{example}'",
            )

    def players(self, line: n.Players) -> n.Players:
        """Every range within the game's player counts (rules.toml), read from the smaller number, each count once;
        `counts` is what the ranges cover."""
        known = player_counts()
        counts: list[int] = []
        for found in line.ranges:
            low, high = found.low, found.high
            if high is not None and low > high:
                self.error(
                    codes.PLAYER_RANGE, f"empty range {low}-{high}", found.span, "write the smaller number first"
                )
                continue
            outside = [count for count in (low, high) if count is not None and count not in known]
            if outside:
                wanted = outside[-1]
                more = " or more" if high is None and wanted > known[-1] else ""
                self.error(
                    codes.NO_SUCH_PLAYER_COUNT,
                    f"no game has {wanted}{more} players",
                    found.span,
                    f"games have {known[0]} to {known[-1]} players (most_players in rules.toml)",
                )
                continue
            covered = [count for count in known if low <= count and (high is None or count <= high)]
            again = [count for count in covered if count in counts]
            if again:
                self.error(
                    codes.PLAYER_RANGE,
                    f"{player_count_text(again)} already named on this line",
                    found.span,
                    "name each player count once",
                )
            counts += [count for count in covered if count not in counts]
        return replace(line, counts=tuple(sorted(counts)))

    def cost_line(self, line: n.CostLine, scope: Scope) -> n.CostLine:
        options = tuple(
            replace(option, payments=tuple(self.phrase(p, "payment", scope) for p in option.payments))
            for option in line.options
        )
        for option in options:
            self.payments_once(option.payments)
            self.nothing_alone(option.payments)
        return replace(line, options=options)

    def nothing_alone(self, payments: tuple[n.Phrase | n.Call, ...]) -> None:
        """`none` is a way to pay nothing, so it stands alone: `cost none, 1 wood` says two things."""
        if len(payments) < 2:
            return
        for payment in payments:
            if isinstance(payment, n.Call) and payment.entry.impl == "free":
                self.error(
                    codes.NONE_BESIDE_PAYMENT,
                    "'none' stands beside another payment in one way to pay",
                    payment.span,
                    "remove 'none', or the other payments if the card costs nothing",
                )

    def payments_once(self, payments: tuple[n.Phrase | n.Call, ...]) -> None:
        """One way to pay names each good (each payment) once: `1 wood, 1 wood` is a typo or means `2 wood`."""
        first: dict[tuple, n.Call] = {}
        for payment in payments:
            if not isinstance(payment, n.Call):
                continue
            key = (payment.entry.impl, *(arg for arg in payment.args if isinstance(arg, str)))
            if key not in first:
                first[key] = payment
                continue
            earlier = first[key]
            if payment.entry.impl == "goods":
                good = payment.args[1]
                amounts = constant(earlier.args[0]), constant(payment.args[0])
                total = f"'{sum(amounts)} {good}'" if None not in amounts else f"one amount of {good}"
                what, help = f"'{good}'", f"name it once: {total}"
            else:
                what, help = f"'{vocab.readable(payment.entry.pattern)}'", "name it once"
            self.error(
                codes.NAMED_TWICE,
                f"{what} is named twice in one way to pay",
                payment.span,
                f"{help} (first named at column {earlier.span.column})",
            )

    def rules_once(self, rules: tuple[n.Rule, ...]) -> tuple[n.Rule, ...]:
        """A card sets each rule parameter once: of two values only one could hold."""
        first: dict[str, n.Rule] = {}
        for rule in rules:
            if rule.entry is None:
                continue
            if rule.entry.impl in first:
                self.error(
                    codes.RULE_SET_TWICE,
                    f"rule '{rule.entry.pattern}' is already set on this card",
                    rule.span,
                    f"first set on line {first[rule.entry.impl].span.line}; give it one value there",
                )
            else:
                first[rule.entry.impl] = rule
        return rules

    def rule(self, rule: n.Rule) -> n.Rule:
        entry, args = self.resolve(rule.phrase, "rule", Scope())
        if entry is None:
            return rule
        value = rule.value
        if entry.result == TRUTH and value is not None:
            setting = switch_setting(value)
            if setting is None:
                self.error(
                    codes.RULE_VALUE,
                    f"rule '{entry.pattern}' is a switch: its value is 'on' or 'off'",
                    value.span,
                    f"write 'rule {entry.pattern}' to turn it on or 'rule {entry.pattern} = off' to turn it off",
                )
            return replace(rule, value=None, entry=entry, on=setting is not False)
        if entry.result == NUMBER and value is None:
            self.error(
                codes.RULE_VALUE,
                f"rule '{entry.pattern}' needs a value",
                rule.span,
                f"write 'rule {entry.pattern} = ...'",
            )
        elif switch_setting(value) is not None:
            self.error(
                codes.RULE_VALUE,
                f"rule '{entry.pattern}' is a number, not a switch to turn on or off",
                value.span,
                f"give it a number, e.g. 'rule {entry.pattern} = {entry.pattern} + 1'",
            )
            value = None
        elif value is not None:
            value = self.expr_of(value, NUMBER, Scope(rule_scope=entry.scope, where="in this rule"), "rule value")
            self.in_range(entry, value)
        return replace(rule, value=value, entry=entry)

    def in_range(self, entry: vocab.Entry, value: n.Expr) -> None:
        """A value below the parameter's range whatever the table holds; one worked out below it counts as its
        least at run time (runtime.engine.play.within_range)."""
        least, found = entry.parameter.least, constant(value)
        if least is not None and found is not None and found < least:
            self.error(
                codes.RULE_OUT_OF_RANGE,
                f"rule '{entry.pattern}' cannot be {found}: it is at least {least}",
                value.span,
                f"give it a value of {least} or more",
            )

    # Examples

    def example(self, example: n.Example, on_card: bool) -> n.Example:
        fields = EXAMPLE_FIELDS if on_card else {}
        scope = Scope(fields=fields, where="in an example", in_example=True)
        self.answers_placed(example.steps)
        return replace(example, steps=tuple(self.step(step, scope) for step in example.steps))

    def answers_placed(self, steps: tuple[n.Step, ...]) -> None:
        """An answer belongs to the step that asks it, so it follows a `do` or an `expect illegal`."""
        asking = (n.Do, n.ExpectIllegal, n.Answers)
        for before, step in zip((None, *steps), steps, strict=False):
            if isinstance(step, n.Answers) and not isinstance(before, asking):
                self.error(
                    codes.ANSWER_PLACE,
                    "an answer must follow the step that asks the question",
                    step.span,
                    "move this 'answer' line right after its 'do' step",
                )
        most = player_counts()[-1]
        for step in steps:
            if not 0 <= step.player <= most or (step.player == 0 and not isinstance(step, n.Answers)):
                self.error(
                    codes.NO_SUCH_PLAYER, f"there is no player {step.player}", step.span, f"players are 1 to {most}"
                )

    def step(self, step: n.Step, scope: Scope) -> n.Step:
        if isinstance(step, n.Given):
            return replace(step, settings=self.settings_once(tuple(self.setting(s, scope) for s in step.settings)))
        if isinstance(step, n.Do | n.ExpectIllegal):
            return replace(step, statements=self.body(step.statements, scope))
        if isinstance(step, n.Expect):
            return replace(
                step, conditions=tuple(self.expr_of(c, TRUTH, scope, "expectation") for c in step.conditions)
            )
        return step

    def settings_once(self, settings: tuple[n.Setting, ...]) -> tuple[n.Setting, ...]:
        """A `given` line sets each count once: of two settings only the last would hold."""
        first: dict[tuple, n.Setting] = {}
        for setting in settings:
            quantity = setting.quantity
            if not isinstance(quantity, n.Ref):
                continue
            key = (quantity.name, quantity.args)
            if key in first:
                self.error(
                    codes.NAMED_TWICE,
                    f"'{quantity.text}' is set twice on this line",
                    quantity.span,
                    f"set it once (first set at column {first[key].span.column})",
                )
            else:
                first[key] = setting
        return settings

    def setting(self, setting: n.Setting, scope: Scope) -> n.Setting:
        value = self.expr_of(setting.value, NUMBER, scope, "value")
        quantity, _ = self.quantity(setting.quantity, Scope(in_example=True))
        if isinstance(quantity, n.Ref) and not settable(quantity):
            settables = ", ".join(vocab.readable(e.pattern) for e in vocab.COUNTS if e.settable)
            self.error(
                codes.NOT_SETTABLE,
                f"'{quantity.text or quantity.name}' cannot be set in an example",
                setting.quantity.span,
                f"set one of: {settables} ('nus vocab given' explains each)",
            )
        return replace(setting, quantity=quantity, value=value)

    # Abilities

    def ability(self, ability: n.Ability, card: n.Card) -> n.Ability:
        trigger = ability.trigger
        if trigger.kind not in ABILITIES_OF[card.kind]:
            allowed = ", ".join(sorted(TRIGGER_WORDS[k] for k in ABILITIES_OF[card.kind]))
            self.error(
                codes.ABILITY_NOT_ALLOWED,
                f"{card.kind} '{card.name}' cannot have a {TRIGGER_WORDS[trigger.kind]} ability",
                trigger.span,
                f"{article(card.kind)} {card.kind} may have: {allowed}",
            )
        trigger, scope = self.trigger(trigger)
        return replace(ability, trigger=trigger, body=self.body(ability.body, scope))

    def trigger(self, trigger: n.Trigger) -> tuple[n.Trigger, Scope]:
        scope = Scope(where=f"in a {TRIGGER_WORDS[trigger.kind]} ability")
        entry = None
        if trigger.event is not None:
            entry, _ = self.resolve(trigger.event, "event", scope, "moment" if trigger.kind == "at_moment" else "event")
            if entry is not None:
                self.timing(trigger, entry)
                scope = replace(scope, fields=entry.fields, in_event=trigger.kind == "each_time")
        guard = trigger.guard
        if guard is not None:
            guard = replace(guard, condition=self.expr_of(guard.condition, TRUTH, scope, "condition"))
        condition = trigger.condition
        if condition is not None:
            condition = self.expr_of(condition, TRUTH, scope, "condition")
        return replace(trigger, guard=guard, condition=condition, entry=entry), scope

    def timing(self, trigger: n.Trigger, entry: vocab.Entry) -> None:
        if trigger.timing in entry.timings:
            return
        if "at" in entry.timings:
            help = f"write 'at {entry.pattern}:'"
        elif trigger.timing == "at":
            help = f"write 'each time {entry.timings[0]} you {entry.pattern}:'"
        else:
            help = f"'{entry.pattern}' only has: {', '.join(entry.timings)}"
        self.error(
            codes.NO_SUCH_MOMENT, f"'{entry.pattern}' has no '{trigger.timing}' moment", trigger.event.span, help
        )

    # Statements

    def body(self, statements: tuple[n.Statement, ...], scope: Scope) -> tuple[n.Statement, ...]:
        checked = []
        for statement in statements:
            new, scope = self.statement(statement, scope)
            checked.append(new)
        return tuple(checked)

    def statement(self, statement: n.Statement, scope: Scope) -> tuple[n.Statement, Scope]:
        if isinstance(statement, n.Effect):
            return self.phrase(statement.phrase, "effect", scope), scope
        if isinstance(statement, n.Let):
            value, type_ = self.expr(statement.value, scope)
            return replace(statement, value=value), scope.with_local(statement.name, type_)
        if isinstance(statement, n.May):
            return replace(statement, body=self.body(statement.body, scope)), scope
        if isinstance(statement, n.ChooseOne):
            return replace(statement, options=tuple(self.body(o, scope) for o in statement.options)), scope
        if isinstance(statement, n.UpTo):
            times = self.expr_of(statement.times, NUMBER, scope, "repeat count")
            self.not_negative(times)
            self.not_zero(times, "the block never runs", "remove it, or repeat it 1 or more times")
            return replace(statement, times=times, body=self.body(statement.body, scope)), scope
        assert isinstance(statement, n.If)
        return (
            replace(
                statement,
                condition=self.expr_of(statement.condition, TRUTH, scope, "condition"),
                then=self.body(statement.then, scope),
                otherwise=self.body(statement.otherwise, scope),
            ),
            scope,
        )

    def phrase(self, phrase: n.Phrase, kind: str, scope: Scope) -> n.Phrase | n.Call:
        entry, args = self.resolve(phrase, kind, scope)
        if entry is None:
            return phrase
        if entry.example_only and not scope.in_example:
            self.error(
                codes.EXAMPLE_ONLY,
                f"'{entry.pattern}' only works in an example",
                phrase.span,
                "use it in 'do' of an example",
            )
        if entry.zero_is_nothing:
            for arg in args:
                if not isinstance(arg, str):
                    self.not_zero(arg, *ZERO_MEANS[kind])
        return n.Call(phrase.span, entry, args)

    def resolve(self, phrase: n.Phrase, kind: str, scope: Scope, named: str = "") -> tuple[vocab.Entry | None, tuple]:
        """`named`: what an unknown phrase is called and looked for among: an `at` trigger's event is a moment."""
        tokens = phrase_tokens(phrase)
        entries = vocab.TABLES[kind]
        for entry in entries:
            filled = match(entry, tokens)
            if filled is not None:
                self.note_names(entry, filled)
                return entry, tuple(self.slot_value(t, scope) for t in filled)
        if named in ("moment", "event"):
            entries = tuple(e for e in entries if ("at" in e.timings) == (named == "moment"))
        self.unknown(phrase.text, phrase.span, tokens, named or kind, entries)
        return None, ()

    def note_names(self, entry: vocab.Entry, filled: list[Token]) -> None:
        """Names a phrase quotes, in a card's cost, condition or effect as in an example: a game is played with
        one file's cards, so a name no card of the file has is a typo."""
        slots = [element for element in entry.elements if isinstance(element, vocab.Slot)]
        for slot, token in zip(slots, filled, strict=True):
            if slot.type == "name":
                self.references.append(Reference(slot.name, token.text, token.span))

    def number(self, number: n.Number) -> None:
        self.not_too_large(number.value, number.span)

    def not_too_large(self, value: int, span: Span) -> None:
        """A number written in the card (a literal, a table row's key) above the language's limit."""
        if value > MAX_NUMBER:
            self.error(codes.NUMBER_TOO_LARGE, f"{value} is too large", span, f"numbers go up to {MAX_NUMBER}")

    def within_limit(self, expr: n.Negate | n.Binary) -> None:
        """Numbers alone can work out past the limit (`1000 * 1000`): no game quantity either. Held to it as a
        whole, at the outermost such expression; one with a number too large is reported at that number alone."""
        value = constant(expr)
        if value is None or abs(value) <= MAX_NUMBER:
            return
        if any(isinstance(node, n.Number) and node.value > MAX_NUMBER for node in n.walk(expr)):
            return
        shown = (
            str(value)
            if abs(value) < 10**MAX_DIGITS
            else f"a number of {math.floor(math.log10(abs(value))) + 1} digits"
        )
        bound = MAX_NUMBER if value > 0 else -MAX_NUMBER
        self.error(
            codes.NUMBER_TOO_LARGE,
            f"this works out to {shown}, {'more' if value > 0 else 'less'} than {bound}",
            expr.span,
            f"numbers, and what numbers alone work out to, go from -{MAX_NUMBER} to {MAX_NUMBER}",
        )

    def slot_value(self, token: Token, scope: Scope) -> n.Expr | str:
        if token.kind == "number":
            self.number(token.node)
            return token.node
        if token.kind == "expr":
            checked = self.expr_of(token.node, NUMBER, scope, "amount")
            self.not_negative(checked)
            return checked
        return token.text

    def not_negative(self, amount: n.Expr) -> None:
        """An amount that is negative whatever the table holds is a mistake; at run time one below 0 counts as 0."""
        value = constant(amount)
        if value is not None and value < 0:
            self.error(
                codes.NEGATIVE_AMOUNT,
                f"this amount is always {value}",
                amount.span,
                "an amount below 0 counts as 0 (the effect does nothing); write a count that can be positive",
            )

    def not_zero(self, amount: n.Expr, message: str, help: str) -> None:
        """An amount that is 0 whatever the table holds makes its effect, payment or block do nothing (one that is 0
        for dividing by 0 is reported as the division by 0 alone)."""
        if constant(amount) == 0 and not divides_by_zero(amount):
            self.error(codes.ZERO_AMOUNT, f"this amount is always 0: {message}", amount.span, help)

    def another_player_outside_event(self, span: Span) -> None:
        self.error(
            codes.ANOTHER_PLAYER_OUTSIDE_EVENT,
            "'another player' is only known while a card hears an event",
            span,
            "write 'each time after another player ...:', or 'if another player did it' in an 'each time' ability",
        )

    def unknown(self, text: str, span: Span, tokens: list[Token], kind: str, entries) -> None:
        if kind in ("event", "moment") and names_another_player(text):  # `at another player ...`: no actor
            self.another_player_outside_event(span)
            return
        if self.unknown_slot_word(tokens, entries):
            return
        fitting = one_left_out(entries, tokens)
        if fitting:
            self.error(codes.UNKNOWN_PHRASE, f"unknown {KIND_NAMES[kind]} '{text}'", span, f"did you mean '{fitting}'?")
            return
        miss = near_miss(entries, tokens)
        if miss is not None and isinstance(miss.element, str) and miss.token.kind == "word":
            self.error(
                codes.UNKNOWN_PHRASE,
                f"unknown {KIND_NAMES[kind]} '{text}'",
                miss.token.span,
                f"did you mean '{miss.element}' (as in '{miss.entry.pattern}')?",
            )
            return
        close = closest_pattern(text, entries)
        help = f"did you mean '{vocab.readable(close)}'?" if close else f"'nus vocab {kind}' lists every {kind}"
        if (
            miss is not None
            and isinstance(miss.element, vocab.Slot)
            and miss.element.type == "amount"
            and any(miss.token.text == entry.pattern for entry in vocab.COUNTS)
        ):
            words = [f"({t.text})" if t is miss.token else t.text for t in tokens]
            help = f"a count as an amount goes in parentheses: '{' '.join(words)}'"
        self.error(codes.UNKNOWN_PHRASE, f"unknown {KIND_NAMES[kind]} '{text}'", span, help)

    def unknown_slot_word(self, tokens: list[Token], entries) -> bool:
        """A phrase that is one entry but for a good, ship type or letter: name that word."""
        miss = near_miss(entries, tokens)
        if miss is None or not isinstance(miss.element, vocab.Slot) or miss.token.kind != "word":
            return False
        slot_type = miss.element.type
        if slot_type not in WORD_SLOT_NAMES:
            return False
        options = vocab.WORD_SLOTS[slot_type]
        self.error(
            codes.UNKNOWN_WORD,
            f"unknown {WORD_SLOT_NAMES[slot_type]} '{miss.token.text}'",
            miss.token.span,
            suggestion(miss.token.text, options) or f"one of: {', '.join(options)}",
        )
        return True

    # Expressions

    def expr_of(self, expr: n.Expr, expected: str, scope: Scope, role: str) -> n.Expr:
        checked, type_ = self.expr(expr, scope)
        if type_ and type_ != expected:
            hint = "compare it, e.g. 'elders >= 2'" if expected == TRUTH else "use a count, not a condition"
            self.error(
                codes.WRONG_TYPE, f"the {role} must be {TYPE_NAMES[expected]}, not {TYPE_NAMES[type_]}", expr.span, hint
            )
        return checked

    def expr(self, expr: n.Expr, scope: Scope) -> tuple[n.Expr, str]:
        """The checked expression and its type ('' when an error was already reported)."""
        if isinstance(expr, n.Negate | n.Binary) and not scope.folded:
            self.within_limit(expr)
            scope = replace(scope, folded=constant(expr) is not None)
        if isinstance(expr, n.Number):
            self.number(expr)
            return expr, NUMBER
        if isinstance(expr, n.Quantity):
            return self.quantity(expr, scope)
        if isinstance(expr, n.Negate):
            return replace(expr, operand=self.expr_of(expr.operand, NUMBER, scope, "operand")), NUMBER
        if isinstance(expr, n.Binary):
            left = self.expr_of(expr.left, NUMBER, scope, "operand")
            right = self.expr_of(expr.right, NUMBER, scope, "operand")
            if expr.op in ("divide_up", "divide_down") and constant(right) == 0:
                self.error(
                    codes.DIVISION_BY_ZERO,
                    "division by 0",
                    right.span,
                    "divide by a number or count that can be above 0",
                )
            return replace(expr, left=left, right=right), NUMBER
        if isinstance(expr, n.Compare):
            left = self.expr_of(expr.left, NUMBER, scope, "compared value")
            right = self.expr_of(expr.right, NUMBER, scope, "compared value")
            self.not_constant(expr.op, left, right, expr.span)
            return replace(expr, left=left, right=right), TRUTH
        if isinstance(expr, n.Logic):
            operands = tuple(self.expr_of(o, TRUTH, scope, f"'{expr.op}' operand") for o in expr.operands)
            return replace(expr, operands=operands), TRUTH
        if isinstance(expr, n.Not):
            return replace(expr, operand=self.expr_of(expr.operand, TRUTH, scope, "'not' operand")), TRUTH
        assert isinstance(expr, n.Table)
        return self.table(expr, scope), NUMBER

    def not_constant(self, op: str, left: n.Expr, right: n.Expr, span: Span) -> None:
        """A comparison of numbers alone has one answer on every table: what it guards always or never happens."""
        values = constant(left), constant(right)
        if None in values:
            return
        if COMPARISONS[op](*values):
            message, help = "always true", "it changes nothing: compare a count, e.g. 'elders >= 2', or remove it"
        else:
            message, help = "never true", "what it guards never happens: compare a count, e.g. 'elders < 2'"
        self.error(codes.CONSTANT_CONDITION, f"this comparison of numbers is {message}", span, help)

    def table(self, table: n.Table, scope: Scope) -> n.Table:
        key = self.expr_of(table.key, NUMBER, scope, "table key")
        rows = tuple(replace(r, value=self.expr_of(r.value, NUMBER, scope, "table value")) for r in table.rows)
        self.rows_within_limit(table)
        covered: list[n.Row] = []
        for row in rows:
            for bound in (row.low, row.high):
                if bound is not None:
                    self.not_too_large(bound, row.span)
            if row.low is not None and row.high is not None and row.low > row.high:
                self.error(
                    codes.BAD_TABLE_ROW, f"empty range {row.low}-{row.high}", row.span, "write the smaller number first"
                )
            for earlier in covered:
                if overlaps(earlier, row):
                    where = f"'{earlier.written}' on line {earlier.span.line}"
                    self.error(
                        codes.BAD_TABLE_ROW, "this row overlaps an earlier row", row.span, f"it overlaps {where}"
                    )
                    break
            covered.append(row)
        return replace(table, key=key, rows=rows)

    def rows_within_limit(self, table: n.Table) -> None:
        """A table compiles to a test per row, nested: its rows and those of the tables inside them are bounded,
        reported at the outermost table within the limit's reach (an inner one too long is reported itself)."""
        depth = row_depth(table)
        inner = depth - len(table.rows)
        if depth > MAX_TABLE_ROWS >= inner:
            counting = ", counting the rows of the tables inside it" if inner else ""
            self.error(
                codes.TOO_MANY_ROWS,
                f"this table has {depth} rows{counting}",
                table.span,
                f"a table has at most {MAX_TABLE_ROWS} rows; group keys into ranges such as '3-5' or '6+'",
            )

    def quantity(self, quantity: n.Quantity, scope: Scope) -> tuple[n.Expr, str]:
        words = " ".join(quantity.words)
        if words in scope.locals:
            return n.Ref(quantity.span, "local", words, (), scope.locals[words], words), scope.locals[words]
        for source, table in (("field", scope.fields), ("scope", scope.rule_scope)):
            found = lookup_field(table, quantity)
            if found is not None:
                attr, type_ = found
                return n.Ref(quantity.span, source, attr, (), type_, words), type_
        tokens = quantity_tokens(quantity)
        for entry in vocab.TABLES["count"]:
            filled = match(entry, tokens)
            if filled is not None:
                if entry.example_only and not scope.in_example:
                    self.error(
                        codes.EXAMPLE_ONLY,
                        f"'{entry.pattern}' only works in an example",
                        quantity.span,
                        "read it in 'expect'",
                    )
                self.note_names(entry, filled)
                if entry.event_only and not scope.in_event:
                    self.another_player_outside_event(quantity.span)
                args = (*entry.args, *(t.text for t in filled))
                return n.Ref(quantity.span, "count", entry.impl, args, entry.result, words), entry.result
        self.unknown_quantity(quantity, words, tokens, scope)
        return quantity, ""

    def unknown_quantity(self, quantity: n.Quantity, words: str, tokens: list[Token], scope: Scope) -> None:
        if words in vocab.GOODS or vocab.normalise(words) in vocab.GOODS:
            good = vocab.normalise(words)
            self.error(
                codes.UNKNOWN_COUNT,
                f"'{words}' is a good, not a count",
                quantity.span,
                f"count it somewhere, e.g. '{good} in supply'",
            )
            return
        if names_another_player(words) and not scope.in_event:
            self.another_player_outside_event(quantity.span)
            return
        field_owner = next((e for e in vocab.EVENTS if lookup_field(e.fields, quantity)), None)
        if field_owner is not None:
            self.error(
                codes.FIELD_OUTSIDE_HANDLER,
                f"'{words}' is only known while handling '{field_owner.pattern}'",
                quantity.span,
                f"use it in 'each time ... {field_owner.pattern}'",
            )
            return
        if self.unknown_slot_word(tokens, vocab.TABLES["count"]):
            return
        if words.lower() in vocab.NUMBER_WORDS:
            self.error(
                codes.UNKNOWN_COUNT, f"'{words}' is not a count", quantity.span, "write numbers in digits, e.g. '4'"
            )
            return
        if any(match(entry, tokens) is not None for entry in vocab.RULES):
            self.error(
                codes.UNKNOWN_COUNT,
                f"'{words}' is a rule, not a count",
                quantity.span,
                f"a rule's value can be read only inside its own 'rule {words} = ...' (the value before that card)",
            )
            return
        known = [text for e in vocab.TABLES["count"] for text in spelled_out(e)] + [*scope.locals, *scope.fields]
        close = difflib.get_close_matches(words, known, n=1, cutoff=0.5)
        help = f"did you mean '{vocab.readable(close[0])}'?" if close else "'nus vocab count' lists every count"
        self.error(codes.UNKNOWN_COUNT, f"unknown count '{words}'", quantity.span, help)


CONSTANT_OPS = {
    "add": lambda a, b: a + b,
    "subtract": lambda a, b: a - b,
    "multiply": lambda a, b: a * b,
    "capped": min,
    "divide_down": lambda a, b: a // b if b else 0,
    "divide_up": lambda a, b: -(-a // b) if b else 0,
}


def constant(expr: n.Expr) -> int | None:
    """The value of an expression made of numbers only, or None when it depends on the table."""
    if isinstance(expr, n.Number):
        return expr.value
    if isinstance(expr, n.Negate):
        value = constant(expr.operand)
        return None if value is None else -value
    if isinstance(expr, n.Binary):
        left, right = constant(expr.left), constant(expr.right)
        return None if left is None or right is None else CONSTANT_OPS[expr.op](left, right)
    return None


COMPARISONS = {
    "at_least": lambda a, b: a >= b,
    "at_most": lambda a, b: a <= b,
    "equal": lambda a, b: a == b,
    "not_equal": lambda a, b: a != b,
    "more_than": lambda a, b: a > b,
    "less_than": lambda a, b: a < b,
}
ZERO_MEANS = {  # what an amount of 0 makes of a phrase of each kind, and the help
    "effect": ("the effect does nothing", "remove it, or write an amount above 0"),
    "payment": ("the payment asks nothing", "remove it (a card that costs nothing says 'cost none')"),
}


def divides_by_zero(expr: n.Expr) -> bool:
    return any(
        isinstance(node, n.Binary) and node.op in ("divide_up", "divide_down") and constant(node.right) == 0
        for node in n.walk(expr)
    )


def row_depth(table: n.Table) -> int:
    """How many row tests deep a table compiles: its rows, and the deepest table inside one of them."""
    inner = (row_depth(t) for row in table.rows for t in n.walk(row.value) if isinstance(t, n.Table))
    return len(table.rows) + max(inner, default=0)


def ends(name: str) -> str:
    """Which end of a name has a blank: 'start', 'end' or 'start and end'."""
    found = [end for end, blank in (("start", name[:1].isspace()), ("end", name[-1:].isspace())) if blank]
    return " and ".join(found)


def name_key(name: str) -> str:
    """A name as a reader tells names apart: in any case and any Unicode form of its accents (canonical caseless
    matching), so "Alpha" and "alpha", or a composed and a decomposed "ø", are one name."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).casefold())


def article(noun: str) -> str:
    return "an" if noun[:1] in "aeiou" else "a"


EXAMPLE_FIELDS = {"vp": ("vp", NUMBER)}  # an example on a card may check the card's VP


def settable(ref: n.Ref) -> bool:
    return ref.source == "count" and any(e.impl == ref.name and e.settable for e in vocab.COUNTS)


def names_another_player(text: str) -> bool:
    """A phrase about the player who set an event off ("another player takes an elder", "other players")."""
    words = [vocab.normalise(word) for word in text.lower().split()]
    pairs = set(zip(words, words[1:], strict=False))
    return bool(pairs & {("another", "player"), ("other", "player"), ("other", "players")})


def switch_setting(value: n.Expr) -> bool | None:
    """A switch's value as written: `on` or `off`; None for anything else."""
    if isinstance(value, n.Quantity) and len(value.words) == 1:
        return SWITCH_WORDS.get(vocab.normalise(value.words[0]))
    return None


def lookup_field(fields: dict, quantity: n.Quantity):
    wanted = tuple(w for w in (vocab.normalise(x) for x in quantity.words) if w)
    for pattern, value in fields.items():
        if tuple(w for w in (vocab.normalise(x) for x in pattern.split()) if w) == wanted:
            return value
    return None


def spelled_out(entry: vocab.Entry) -> list[str]:
    """A count's pattern as written, each word slot filled in every way, for 'did you mean' hints."""
    texts = [entry.pattern]
    for element in entry.elements:
        if isinstance(element, vocab.Slot) and element.type in vocab.WORD_SLOTS:
            slot = f"{{{element.name}}}" if element.name == element.type else f"{{{element.name}:{element.type}}}"
            texts = [t.replace(slot, word) for t in texts for word in vocab.WORD_SLOTS[element.type]]
    return texts


def player_count_text(counts: list[int]) -> str:
    """'3 is' or '3 and 4 are': counts a `players` line names twice."""
    if len(counts) == 1:
        return f"{counts[0]} is"
    return f"{', '.join(map(str, counts[:-1]))} and {counts[-1]} are"


def overlaps(a: n.Row, b: n.Row) -> bool:
    if a.low is None and a.high is None:
        return b.low is None and b.high is None
    if b.low is None and b.high is None:
        return False
    a_high = a.high if a.high is not None else float("inf")
    b_high = b.high if b.high is not None else float("inf")
    return a.low <= b_high and b.low <= a_high


def check(program: n.Program) -> tuple[n.Program, list[Diagnostic]]:
    """The whole file at once; compiler/units.py does the same card by card, through the same file_diagnostics."""
    checker = Checker()
    checked = checker.program(program)
    file_wide = file_diagnostics(
        [Header.of(card) for card in checked.cards], checker.references, [*links_of(checked.cards)]
    )
    return checked, checker.diagnostics + file_wide


def links_of(cards: tuple[n.Card, ...]) -> list[Link]:
    return [link for card in cards for link in links(card)]


def file_diagnostics(headers: list[Header], references: list[Reference], every_link: list[Link]) -> list[Diagnostic]:
    """What no card shows alone: a name or code used twice (per kind: an Elder may share a Building's name), a
    quoted name no card in the file has, and hooks that set each other off."""
    return [
        *duplicates(headers, "name", codes.DUPLICATE_NAME, "card name"),
        *duplicates(headers, "code", codes.DUPLICATE_CODE, "card code"),
        *unknown_names(headers, references),
        *trigger_loops(every_link),
    ]


def duplicates(headers: list[Header], attr: str, code: codes.Code, what: str) -> list[Diagnostic]:
    """Names are compared as a reader tells them apart (name_key); codes as written (ASCII, checked)."""
    fold = name_key if attr == "name" else str
    first: dict[tuple[str, str], Header] = {}
    found = []
    for header in headers:
        written = getattr(header, attr)
        key = (header.kind, fold(written))
        if key in first:
            earlier = getattr(first[key], attr)
            where = f"first used on line {first[key].span.line}"
            if earlier != written:
                where += f" as '{earlier}' (the same name in another case or Unicode form)"
            found.append(code.diagnostic(f"duplicate {what} '{written}'", getattr(header, f"{attr}_span"), where))
        else:
            first[key] = header
    return found


OTHER_KIND = dict(zip(vocab.CARD_KINDS, reversed(vocab.CARD_KINDS), strict=True))


def unknown_names(headers: list[Header], references: list[Reference]) -> list[Diagnostic]:
    """A name is looked for among the cards of its slot's kind (a Building or an Elder); one that names a card of
    the other kind says so."""
    names = {kind: {header.name for header in headers if header.kind == kind} for kind in vocab.CARD_KINDS}
    hints: dict[tuple[str, str], str] = {}  # a hint compares with every name: a name quoted often is compared once
    found = []
    for reference in references:
        known = names[reference.slot]
        if reference.name in known:
            continue
        key = (reference.slot, reference.name)
        if key not in hints:
            hints[key] = name_hint(reference, known, names)
        found.append(
            codes.UNKNOWN_CARD_NAME.diagnostic(
                f"no {reference.slot} named '{reference.name}' in this file", reference.span, hints[key]
            )
        )
    return found


def name_hint(reference: Reference, known: set[str], names: dict[str, set[str]]) -> str:
    """A card of the other kind by that name is a mix-up, not a typo: say so before looking for a close name."""
    wanted, other = (f"{article(kind)} {kind.capitalize()}" for kind in (reference.slot, OTHER_KIND[reference.slot]))
    if reference.name in names[OTHER_KIND[reference.slot]]:
        return f"'{reference.name}' is {other}, not {wanted}"
    return suggestion(reference.name, known) or f"name {wanted} this file defines"
