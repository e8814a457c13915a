"""Checked AST to rulebook-style English, phrased by the vocabulary's `english` templates.

A new noun or verb needs only its vocabulary line: nothing here names a card, a count or an
effect. Placeholders in `english`: the pattern's slots, `{value}` and `{default}` for rules,
`{cost}` for a payment that qualifies the rest of its cost option.
"""

from __future__ import annotations

import math
import re

from compiler.checking import vocabulary
from compiler.checking.vocabulary import ACTIONS, BEFORE, DECKS, GOODS, PLURALS, Entry, caused_by
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op
from runtime.model.declarations import Actor, CardKind, Timing, TriggerKind
from runtime.model.rules import player_counts

NOUNS = {"guest": ("Guest", "Guests"), "wood": ("wood", "wood"), "fish": ("fish", "fish"), "gold": ("gold", "gold")}
MASS_NOUNS = {good for good in GOODS if NOUNS[good][0] == NOUNS[good][1]}
ONCE = "immediately (and only once via this Building)"
HOW_MANY = ("the total number of ", "the number of ")
NONE_OPS = {(Op.EQUAL, 0), (Op.AT_MOST, 0)}  # comparisons with 0 read "there are no …" / "there are any …"
ANY_OPS = {(Op.MORE_THAN, 0), (Op.NOT_EQUAL, 0)}
ACTION_EVENTS = {name for action in ACTIONS.values() for name in caused_by(action)}
SIBILANT_ENDINGS = ("s", "sh", "ch", "x", "z")


def third_person(text: str) -> str:
    """'return a Guest to your supply' -> 'returns a Guest to their supply': what any player does."""
    verb, _, rest = text.partition(" ")
    verb += "es" if verb.endswith(SIBILANT_ENDINGS) else "s"
    return re.sub(r"\byour\b", "their", f"{verb} {rest}".strip())


def event_words(entry: Entry, timing: Timing) -> str:
    """An action is taken before and completed after: 'before you take', 'after you complete' (rulebook usage)."""
    if timing is Timing.AFTER and entry.impl in ACTION_EVENTS and entry.english.startswith("take "):
        return "complete " + entry.english.removeprefix("take ")
    return entry.english


def clause(text: str) -> str:
    """A phrase with a comma inside ('half the fish, rounded down') gets a closing comma before more words follow."""
    return f"{text}," if "," in text else text


def good_name(good: str, amount: n.Expr | str | None) -> str:
    singular, plural = NOUNS.get(good, (good, good + "s"))
    return singular if isinstance(amount, n.Number) and amount.value == 1 else plural


def actor_doing(actor: Actor, doing: str) -> str:
    """An event's English ("take an Elder") said of whoever a hook hears: "another player takes an Elder"."""
    if actor is Actor.YOU:
        return f"you {doing}"
    who = "any player (including you)" if actor is Actor.ANY_PLAYER else actor
    return f"{who} {third_person(doing)}"


def sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def listing(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def player_counts_text(counts: tuple[int, ...], every: tuple[int, ...]) -> str:
    """A `players` line as a player reads it: "Only in games of 5 players.", "... of 2 or 4 players.", "... of 3-5
    players."; nothing for a card in every game (counts of `every`, the game's player counts)."""
    if not counts or set(every) <= set(counts):
        return ""
    runs: list[list[int]] = []
    for count in sorted(counts):
        if runs and runs[-1][-1] == count - 1:
            runs[-1].append(count)
        else:
            runs.append([count])
    parts = [f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs]
    words = ", ".join(parts).rsplit(", ", 1)
    noun = "player" if counts == (1,) else "players"
    return f"Only in games of {' or '.join(words)} {noun}."


def unknown(kind: str, words: str) -> str:
    """A phrase the checker did not resolve, as written: a card that does not check yet still reads (in the editor's
    hover), in the words of its diagnostic."""
    return f"(unknown {kind} '{words}')"


def count_entry(ref: n.Ref) -> Entry:
    return vocabulary.count_entry(ref.name, ref.args)


def quantity(text: str) -> tuple[str, str] | None:
    """'the number of fish in your Reserve' -> ('fish in your Reserve', 'is'); None if not a count of things."""
    for prefix in HOW_MANY:
        if text.startswith(prefix):
            rest = text[len(prefix) :]
            return rest, "is" if rest.split()[0] in MASS_NOUNS else "are"
    return None


def interval(low: int, high: int | None) -> str:
    if high is None:
        return f"{low} or more"
    if low == high:
        return "none" if low == 0 else str(low)
    return f"{high} or fewer" if low == 0 else f"{low}-{high}"


def uncovered(rows: list[n.Row]) -> tuple[int, int | None] | None:
    """The one interval of keys (0 and up) no row covers, if they form exactly one."""
    gaps: list[tuple[int, int | None]] = []
    cursor: float = 0
    for row in sorted(rows, key=lambda r: r.low):
        if row.low > cursor:
            gaps.append((int(cursor), row.low - 1))
        cursor = max(cursor, math.inf if row.high is None else row.high + 1)
    if cursor != math.inf:
        gaps.append((int(cursor), None))
    return gaps[0] if len(gaps) == 1 else None


FOR_GOOD = "decline_card"  # an effect done once for good: an any-time ability of it is no repeatable action
PREPOSITIONS = frozenset({"in", "of", "on", "at", "for", "by", "under"})


def plural_name(name: str) -> bool:
    """Whether a card's name is a plural noun ("Queuing Barriers", "Picnic Benches"), by its head word: the last
    word before any preposition ("Cabin in the Woods" is one Cabin). An acronym (FLGS) or a possessive is singular;
    no name (what the base rules' examples are written under) is no plural."""
    words = name.split()
    if not words:
        return False
    head = next((words[i - 1] for i, word in enumerate(words) if i and word.lower() in PREPOSITIONS), words[-1])
    return head.endswith("s") and not head.endswith(("ss", "'s")) and not head.isupper()


class English:
    def __init__(self, card: n.Card, cards: tuple[n.Card, ...] = ()):
        """`cards`: the card file's cards, for what another card's text says of this one (a Building discarded to
        build another)."""
        self.card = card
        self.cards = cards
        self.subject = "the Elder" if card.kind is CardKind.ELDER else f"the {card.name}"
        self.plural = card.kind is not CardKind.ELDER and plural_name(card.name)
        self.lets: dict[str, n.Expr] = {}
        self.phrases: dict[str, str] = {}  # the English of the fields (or rule scope) in reach: the event's, the rule's

    def agree(self, verb: str) -> str:
        """A verb in the third person singular, made to agree with the card's name ("the Queuing Barriers have")."""
        if not self.plural:
            return verb
        return {"has": "have", "is": "are"}.get(verb, verb.removesuffix("s"))

    # Facts

    def players(self) -> str:
        """The sentence for the card's `players` line; "" when it is in every game."""
        if not self.card.players:
            return ""
        return player_counts_text(self.card.players[0].counts, player_counts())

    def cost(self) -> str:
        if not self.card.costs:
            return ""
        return " or ".join(self.payments(option, qualifiers=False) for option in self.card.costs[0].options)

    def payments(self, option: n.CostOption, qualifiers: bool = True) -> str:
        return listing([self.payment(p) for p in option.payments if qualifiers or not self.qualifier(p)])

    def payment(self, payment: n.Call | n.Phrase) -> str:
        return unknown("cost payment", payment.text) if isinstance(payment, n.Phrase) else self.phrase(payment)

    def instead(self, option: n.CostOption) -> str:
        """Another way to pay, as something you do: 'pay 3 fish and remove the "Market" from play ...'."""
        return listing([("pay " if self.goods(p) else "") + self.payment(p) for p in option.payments])

    @staticmethod
    def goods(payment: n.Call | n.Phrase) -> bool:
        return isinstance(payment, n.Call) and payment.entry.impl == "goods"

    @staticmethod
    def qualifier(payment: n.Call | n.Phrase) -> bool:
        return isinstance(payment, n.Call) and "{cost}" in payment.entry.english

    def vp(self) -> str:
        if not self.card.vp:
            return ""
        expr = self.card.vp[0]
        if isinstance(expr, n.Number):
            return f"{expr.value} VP"
        if isinstance(expr, n.Negate) and isinstance(expr.operand, n.Number):
            return f"-{expr.operand.value} VP"
        if isinstance(expr, n.Table):
            key, rows = self.table(expr, unit="VP")
            return f"depending on {key}: {rows}"
        return f"VP equal to {self.expr(expr)}"

    # The ability text

    def text(self) -> str:
        parts = [self.requirement(r) for r in self.card.requires]
        parts += self.cost_sentences()
        parts += [self.rule(r) for r in self.card.rules]
        parts += [self.ability(a) for a in self.card.abilities]
        parts += self.discarded_for()
        if self.card.vp and not isinstance(self.card.vp[0], n.Number | n.Negate):
            parts.append(f"During scoring at the end of the game, {self.subject} {self.agree('scores')} {self.vp()}.")
        if not parts:
            parts.append(sentence(f"{self.subject} {self.agree('has')} no effect"))
        return " ".join(parts)

    def cost_sentences(self) -> list[str]:
        """What the facts line cannot say: alternatives, qualified payments and computed amounts."""
        found = []
        for line in self.card.costs:
            first, *others = line.options
            plain = self.payments(first, qualifiers=False)
            for other in others:
                found.append(sentence(f"instead of paying {plain} for {self.subject}, you may {self.instead(other)}"))
            for payment in first.payments:
                if self.qualifier(payment):
                    found.append(sentence(payment.entry.english.replace("{cost}", plain)))
            found += self.computed_costs(first)
        return found

    def discarded_for(self) -> list[str]:
        """What another card's `discard "THIS"` payment lets this card do, said on this card as the rulebook does:
        "The Toy Shop allows you to build the Wooden Tramway at no cost if you discard the Toy Shop"."""
        found = []
        for other in self.cards:
            for line in other.costs:
                for option in line.options:
                    if not any(discards(payment, self.card) for payment in option.payments):
                        continue
                    rest = [p for p in option.payments if not discards(p, self.card)]
                    price = f"for {listing([self.payment(p) for p in rest])}" if rest else "at no cost"
                    found.append(
                        sentence(
                            f"{self.subject} {self.agree('allows')} you to build the {other.name} {price} if you "
                            f"discard {self.subject}"
                        )
                    )
        return found

    def computed_costs(self, option: n.CostOption) -> list[str]:
        shared: dict[str, tuple[n.Expr, list[str]]] = {}
        for payment in (p for p in option.payments if isinstance(p, n.Call)):
            amount, good = (payment.args + (None, None))[:2]
            if isinstance(amount, n.Expr) and not isinstance(amount, n.Number) and isinstance(good, str):
                shared.setdefault(self.expr(amount), (amount, []))[1].append(good)
        found = []
        for text, (amount, goods) in shared.items():
            names = listing([NOUNS.get(g, (g, g))[1] for g in goods])
            if len(goods) == 1:
                found.append(sentence(f"the number of {names} you pay for {self.subject} is equal to {text}"))
            else:
                example = self.illustration(amount, goods)
                found.append(
                    sentence(f"the numbers of {names} you pay for {self.subject} are both equal to {text}{example}")
                )
        return found

    @staticmethod
    def illustration(amount: n.Expr, goods: list[str]) -> str:
        """Several goods priced by one settable count: show the first two prices, rulebook style."""
        if not (isinstance(amount, n.Ref) and amount.source == "count" and count_entry(amount).settable):
            return ""
        prices = [
            f"{listing([f'{v} {good_name(g, n.Number(None, v))}' for g in goods])} when it is {v}" for v in (1, 2)
        ]
        return f": {', '.join(prices)}, and so on"

    def requirement(self, condition: n.Expr) -> str:
        return sentence(f"you may only build {self.subject} if {self.condition(condition)}")

    def rule(self, rule: n.Rule) -> str:
        if rule.entry is None:
            return sentence(unknown("rule parameter", rule.phrase.text))
        self.phrases = rule.entry.phrases
        change = relative_change(rule.value)
        if change is not None and isinstance(change, n.Number):
            return sentence(relative_english(rule.entry, change.value))
        value = "" if rule.value is None else self.expr(rule.value)
        english = rule.entry.english if rule.on else rule.entry.parameter.english_off
        text = english.replace("{value}", value).replace("{default}", str(rule.entry.default))
        return sentence(text)

    def ability(self, ability: n.Ability) -> str:
        trigger = ability.trigger
        self.phrases = trigger.entry.phrases if trigger.entry is not None else {}
        body = self.statements(ability.body)
        kind = trigger.kind
        if self.guard_inside(trigger):
            body = f"if {self.condition(negated(trigger.guard.condition))}, {body}"
        once = f"{ONCE}, {body}" if body.startswith("if ") else f"{ONCE} {body}"
        if kind is TriggerKind.WHEN_BUILT:
            text = sentence(once)
        elif kind is TriggerKind.AS_SOON_AS:
            text = sentence(f"as soon as {self.condition(trigger.condition)}, {once}")
        elif kind is TriggerKind.EACH_TIME:
            doing = (
                unknown("event", trigger.event.text)
                if trigger.entry is None
                else event_words(trigger.entry, trigger.timing)
            )
            text = sentence(f"each time {trigger.timing} {actor_doing(trigger.actor, doing)}, {body}")
        elif kind is TriggerKind.AT_MOMENT:
            moment = unknown("moment", trigger.event.text) if trigger.entry is None else trigger.entry.english
            text = sentence(f"at {moment}, {body}")
        elif kind is TriggerKind.WORKER_SPACE:
            text = self.worker_space(ability, body)
            only_you = sentence(f"only you may use {self.subject}; other players may not")
            return f"{self.guarded(trigger, text)} {only_you}"
        elif kind is TriggerKind.ANY_TIME and all(call.entry.impl == FOR_GOOD for call in n.calls_in(ability.body)):
            text = sentence(f"at any time before scoring, you may {body}")
        elif kind is TriggerKind.ANY_TIME:
            text = sentence(f"at any time (and any number of times) before scoring, {body}")
        else:
            text = sentence(f"when you use the Elder, place a fish from the Banquet Table on it as usual, then {body}")
        return self.guarded(trigger, text)

    def worker_space(self, ability: n.Ability, body: str) -> str:
        """The Worker goes on this Building, or, for an effect that says where it goes (an Elder), there."""
        turn = "once per Round, as one of your three turns, you may"
        if any(call.entry.worker_on_elder for call in n.calls_in(ability.body)):
            return sentence(f"{turn} {body}")
        return sentence(f"{turn} place a Worker on {self.subject} to {body}")

    def guard_inside(self, trigger: n.Trigger) -> bool:
        """An `unless` guard said inside its ability's sentence ("..., if there are any Elders in your Elder Council,
        you may ..."): it guards that ability alone, so the card's "no effect" sentence would deny the rest of it.
        A worker space keeps its "but only if" after the sentence."""
        guard = trigger.guard
        return guard is not None and guard.unless and not self.whole_card() and trigger.kind != "worker_space"

    def whole_card(self) -> bool:
        """Whether the card's one ability is all it does, so "the X has no effect if ..." says what its guard does."""
        return len(self.card.abilities) == 1 and not self.card.rules

    def guarded(self, trigger: n.Trigger, text: str) -> str:
        guard = trigger.guard
        if guard is None or self.guard_inside(trigger):
            return text
        if guard.unless and self.whole_card():
            condition = self.condition(guard.condition)
            no_effect = sentence(f"{self.subject} {self.agree('has')} no effect if {condition}")
            return f"{text} {no_effect}"
        condition = self.condition(negated(guard.condition) if guard.unless else guard.condition)
        return f"{text[:-1]}, but only if {condition}."

    # Statements

    def statements(self, statements: tuple[n.Statement, ...]) -> str:
        """Joined as one clause; what follows a "you may" is said to happen whether or not you do, so that "you may
        A, and B" cannot be read as "you may B" too."""
        split = mandatory_after_may(statements)
        if split is not None:
            chosen, rest = self.statements(statements[:split]), self.statements(statements[split:])
            return f"{chosen}; whether or not you do, {rest}"
        rendered = [self.statement(s) for s in statements]
        rendered = [r for r in rendered if r]
        if len(rendered) <= 1:
            return "".join(rendered)
        if any(isinstance(s, n.If) for s in statements):
            return "; ".join(rendered)
        return ", ".join(rendered[:-1]) + ", and " + rendered[-1]

    def statement(self, statement: n.Statement) -> str:
        if isinstance(statement, n.Call):
            return self.phrase(statement)
        if isinstance(statement, n.Phrase):  # an effect the checker did not resolve
            return unknown("effect", statement.text)
        if isinstance(statement, n.Let):
            self.lets[statement.name] = statement.value
            return ""
        if isinstance(statement, n.May):
            return self.may(statement.body)
        if isinstance(statement, n.UpTo):
            body = self.statements(statement.body)
            if isinstance(statement.times, n.Number):
                return f"up to {statement.times.value} times, you may {body}"
            return f"you may {body}, as many times as you like up to {self.expr(statement.times)}"
        if isinstance(statement, n.If):
            text = f"if {self.condition(statement.condition)}, {self.statements(statement.then)}"
            if statement.otherwise:
                text += f"; otherwise {self.statements(statement.otherwise)}"
            return text
        assert isinstance(statement, n.ChooseOne)
        options = [self.statements(option) for option in statement.options]
        if any("," in option for option in options):
            return "choose one: " + "; or ".join(options)
        return "either " + " or ".join(options)

    def may(self, body: tuple[n.Statement, ...]) -> str:
        return f"you may {self.offered(body)}"

    def offered(self, body: tuple[n.Statement, ...]) -> str:
        """What a "you may" offers, 'A; if you do, B': the first thing is the choice, the rest follows from it (all or
        nothing). A player's yes/no question says it too."""
        shown = [s for s in body if self.statement(s)]
        if len(shown) <= 1:
            return self.statements(body)
        return f"{self.statement(shown[0])}; if you do, {self.statements(tuple(shown[1:]))}"

    def phrase(self, call: n.Call) -> str:
        entry = call.entry
        slots = [e for e in entry.elements if not isinstance(e, str)]
        text = entry.english
        values = dict(zip((s.name for s in slots), call.args, strict=True))
        amount = values.get("amount")
        for slot in slots:
            if slot.type == "good":
                word = good_name(values[slot.name], amount)
                if amount is not None and not isinstance(amount, n.Number):
                    text = text.replace(f"{{amount}} {{{slot.name}}}", self.computed_amount(amount, values[slot.name]))
                text = text.replace(f"{{{slot.name}}}", word)
        for slot in slots:
            value = values[slot.name]
            text = text.replace(f"{{{slot.name}}}", value if isinstance(value, str) else self.expr(value))
        return text

    def computed_amount(self, amount: n.Expr, good: str) -> str:
        """'a number of fish equal to …', '1 fish for every 3 wood in …', 'fish depending on …'."""
        plural = good_name(good, None)
        if isinstance(amount, n.Table):
            key, rows = self.table(amount)
            return f"a number of {plural} depending on {key} ({rows})"
        if isinstance(amount, n.Binary) and amount.op is Op.CAPPED:
            left, cap = self.expr(amount.left), self.expr(amount.right)
            return f"a number of {plural} equal to {left}, but at most {cap} {plural},"
        if (
            isinstance(amount, n.Binary)
            and amount.op is Op.DIVIDE_DOWN
            and isinstance(amount.right, n.Number)
            and amount.right.value != 2
        ):
            counted = quantity(self.expr(amount.left))
            if counted:
                return f"1 {good_name(good, n.Number(None, 1))} for every {amount.right.value} {counted[0]}"
        return clause(f"a number of {plural} equal to {self.expr(amount)}")

    # Expressions

    def condition(self, expr: n.Expr) -> str:
        if isinstance(expr, n.Compare):
            return self.comparison(expr)
        if isinstance(expr, n.Logic):
            return f" {expr.op} ".join(self.condition(o) for o in expr.operands)
        if isinstance(expr, n.Not):
            return f"not ({self.condition(expr.operand)})"
        return self.expr(expr)

    def comparison(self, expr: n.Compare) -> str:
        left = self.expr(expr.left)
        bound = expr.right.value if isinstance(expr.right, n.Number) else None
        counted = quantity(left)
        if (expr.op, bound) in NONE_OPS:
            return f"there {counted[1]} no {counted[0]}" if counted else f"{left} is zero"
        if (expr.op, bound) in ANY_OPS:
            return f"there {counted[1]} any {counted[0]}" if counted else f"{left} is more than zero"
        return expr.op.english.format(left=left, right=self.expr(expr.right))

    def expr(self, expr: n.Expr) -> str:
        if isinstance(expr, n.Number):
            return str(expr.value)
        if isinstance(expr, n.Negate):
            return f"minus {self.expr(expr.operand)}"
        if isinstance(expr, n.Ref):
            return self.ref(expr)
        if isinstance(expr, n.Binary):
            return self.binary(expr)
        if isinstance(expr, n.Table):
            key, rows = self.table(expr)
            return f"depending on {key}: {rows}"
        if isinstance(expr, n.Quantity):
            return unknown("count", " ".join(expr.words))
        return self.condition(expr)

    def ref(self, ref: n.Ref) -> str:
        if ref.source == "local" and ref.name in self.lets:
            return f"{self.expr(self.lets[ref.name])} just before"
        if ref.source in ("field", "scope"):
            return self.phrases.get(ref.name, ref.text)
        if ref.source != "count":
            return ref.text
        entry = count_entry(ref)
        text = entry.english
        slots = [e for e in entry.elements if not isinstance(e, str)]
        for slot, value in zip(slots, ref.args[len(entry.args) :], strict=True):
            text = text.replace(
                f"{{{slot.name}}}", NOUNS.get(value, (value, value))[1] if slot.type == "good" else value
            )
        return text

    def binary(self, expr: n.Binary) -> str:
        left, right = self.operand(expr, expr.left), self.operand(expr, expr.right, right=True)
        factor = {"2": "double", "3": "triple"}.get(left)
        if expr.op is Op.MULTIPLY and factor:
            return f"{factor} {right}"
        if expr.op.divides and right == "2":
            return f"half {left}, rounded {expr.op.rounding}"
        return expr.op.english.format(left=left, right=right)

    def operand(self, parent: n.Binary, expr: n.Expr, right: bool = False) -> str:
        """An operand in parentheses where the words alone would group it otherwise: "double (5 minus the number of
        Elders)", "10 minus (the number of Elders plus 1)"; a sum inside a sum, a product inside a product, reads
        the same either way."""
        text = self.expr(expr)
        if not isinstance(expr, n.Binary):
            return text
        inner, outer = expr.op.precedence, parent.op.precedence
        if inner < outer or (inner == outer and right and parent.op not in (Op.ADD, Op.MULTIPLY)):
            return f"({text})"
        return text

    def table(self, table: n.Table, unit: str = "") -> tuple[str, str]:
        """The key and its rows in rulebook style: '4 VP if 9 or fewer, 5 VP if 10-17, …'."""
        ranged = [row for row in table.rows if row.low is not None]
        rows = [f"{self.row_value(row.value, unit)} if {interval(row.low, row.high)}" for row in ranged]
        for row in table.rows:
            if row.low is None:
                rest = uncovered(ranged)
                where = f"if {interval(*rest)}" if rest else "otherwise"
                rows.append(f"{self.row_value(row.value, unit)} {where}")
        return self.expr(table.key), listing(rows)

    def row_value(self, value: n.Expr, unit: str) -> str:
        if unit and isinstance(value, n.Number) and value.value == 0:
            return "nothing"
        return f"{self.expr(value)} {unit}".strip()


def optional(statement: n.Statement) -> bool:
    """A "you may" block, or an effect whose own English offers the choice ("you may now place Guests ...")."""
    return isinstance(statement, n.May) or (
        isinstance(statement, n.Call) and statement.entry.english.startswith("you may ")
    )


def mandatory_after_may(statements: tuple[n.Statement, ...]) -> int | None:
    """Where the first statement that must be carried out stands after a "you may" block, if one does (a `let`
    says nothing: skipped)."""
    seen = False
    for index, statement in enumerate(statements):
        if isinstance(statement, n.May):
            seen = True
        elif seen and not optional(statement) and not isinstance(statement, n.Let):
            return index
    return None


DISCARD = "discard_building"  # the payment that discards a named Building


def discards(payment: n.Call | n.Phrase, card: n.Card) -> bool:
    """Whether a payment discards this card (a Building named in a `discard "NAME"` payment)."""
    return (
        isinstance(payment, n.Call)
        and payment.entry.impl == DISCARD
        and card.kind is CardKind.BUILDING
        and payment.args == (card.name,)
    )


NEGATED = {
    Op.AT_LEAST: Op.LESS_THAN,
    Op.LESS_THAN: Op.AT_LEAST,
    Op.AT_MOST: Op.MORE_THAN,
    Op.MORE_THAN: Op.AT_MOST,
    Op.EQUAL: Op.NOT_EQUAL,
    Op.NOT_EQUAL: Op.EQUAL,
}


def negated(condition: n.Expr) -> n.Expr:
    """The condition that holds exactly when this one does not, said as plainly: `elders = 0` -> `elders != 0`
    ("there are any Elders"); and/or by De Morgan's laws."""
    if isinstance(condition, n.Compare):
        return n.Compare(condition.span, NEGATED[condition.op], condition.left, condition.right)
    if isinstance(condition, n.Logic):
        op = "or" if condition.op == "and" else "and"
        return n.Logic(condition.span, op, tuple(negated(o) for o in condition.operands))
    if isinstance(condition, n.Not):
        return condition.operand
    return n.Not(condition.span, condition)


def relative_change(value: n.Expr | None) -> n.Expr | None:
    """A rule's value written relative to the value in force (`elder seats + 1`, `sloop wood cost - 1`): the signed
    change (a Number, negative for `-`, or the expression added); None for a value that is not such a change."""
    if not isinstance(value, n.Binary) or value.op not in (Op.ADD, Op.SUBTRACT):
        return None
    before = [side for side in (value.left, value.right) if is_before(side)]
    change = value.right if is_before(value.left) else value.left
    if len(before) != 1 or (value.op is Op.SUBTRACT and not is_before(value.left)):
        return None
    if any(is_before(node) for node in n.walk(change)):
        return None
    if value.op is Op.SUBTRACT:
        return n.Number(change.span, -change.value) if isinstance(change, n.Number) else None
    return change


def is_before(expr: n.Expr) -> bool:
    return isinstance(expr, n.Ref) and expr.source == "scope" and expr.name == BEFORE


def relative_english(entry: Entry, amount: int) -> str:
    """'You have 1 more Elder seat', 'your sloops cost 1 wood less': the parameter's own words for a change if it
    declares them, else its English with the value as the change ('holds up to 3 more wood')."""
    up, size = amount >= 0, abs(amount)
    declared = entry.parameter.change
    if declared:
        return declared[0 if up else 1].replace("{amount}", str(size)).replace("{s}", "" if size == 1 else "s")
    before, _, after = entry.english.partition("{value}")
    after = re.sub(r" instead of( the usual)? \{default\}", "", after)
    noun, _, rest = after.strip().partition(" ")
    singular = PLURALS.get(noun.lower())
    countable = singular is not None or noun.lower() in (*GOODS, "vp", *PLURALS.values())
    if not countable or "{value}" in after:
        return f'your "{entry.pattern}" is {size} {"higher" if up else "lower"}'
    if noun.lower() == "guest":
        noun = "Guest" if size == 1 else "Guests"
    if size == 1 and singular is not None:
        noun = noun[: len(singular)]
    mass = noun.lower() in (*MASS_NOUNS, "vp")
    more = "more" if up else ("less" if mass else "fewer")
    return f"{before}{size} {more} {noun} {rest}".strip()


def deck_name(deck: str) -> str:
    return DECKS.get(deck, deck)
