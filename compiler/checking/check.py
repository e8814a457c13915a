"""The checker: resolves every phrase against the vocabulary and types every expression.

It returns a checked program (phrases replaced by Calls, quantities by Refs) and every
diagnostic of the file; it never stops at the first error.
"""

from __future__ import annotations

import re

from compiler import diagnostic_codes as codes
from compiler.checking import numbers
from compiler.checking import vocabulary as vocab
from compiler.checking.english import TRIGGER_WORDS, article, ends, player_count_text
from compiler.checking.phrases import (
    Token,
    another_player_outside_event,
    lookup_field,
    match,
    phrase_tokens,
    quantity_tokens,
    suggestion,
    unknown_count,
    unknown_phrase,
)
from compiler.checking.whole_file import Header, Reference, file_diagnostics, links_of
from compiler.diagnostics import Diagnostic, Diagnostics, Span
from compiler.plain import Plain
from compiler.syntax import nodes as n
from runtime.model.declarations import CardKind, Timing, TriggerKind
from runtime.model.parameters import parameters
from runtime.model.rules import player_counts

NUMBER, TRUTH = "number", "truth"
TYPE_NAMES = {NUMBER: "a number", TRUTH: "a yes/no condition"}
SWITCH_WORDS = {"on": True, "off": False}  # the values a switch rule may be given
ABILITIES_OF = {
    CardKind.BUILDING: set(TriggerKind) - {TriggerKind.ELDER_USE},
    CardKind.ELDER: {TriggerKind.ELDER_USE},
}


class Scope(Plain):
    """What a quantity may name at one point: event fields, rule scope, locals."""

    __slots__ = (
        "fields",
        "fields_elsewhere",
        "event",
        "unbuilt",
        "rule_scope",
        "locals",
        "where",
        "in_example",
        "in_event",
        "folded",
    )

    def __init__(
        self,
        fields: dict | None = None,
        fields_elsewhere: dict | None = None,
        event: vocab.Event | None = None,
        unbuilt: bool = False,
        rule_scope: dict | None = None,
        locals: dict | None = None,
        where: str = "here",
        in_example: bool = False,
        in_event: bool = False,
        folded: bool = False,
    ) -> None:
        self.fields = {} if fields is None else fields  # words -> (attr, type)
        # the event's fields known only at its other timings
        self.fields_elsewhere = {} if fields_elsewhere is None else fields_elsewhere
        self.event = event  # the event an `each time` or `at` ability handles
        self.unbuilt = unbuilt  # a card's requires and cost: asked while it is built, with no Building in play yet
        self.rule_scope = {} if rule_scope is None else rule_scope
        self.locals = {} if locals is None else locals  # name -> type
        self.where = where
        self.in_example = in_example
        self.in_event = in_event  # an `each time` ability: who set the event off is known
        # inside an expression of numbers alone, whose value was held to the limit as a whole
        self.folded = folded

    def with_local(self, name: str, type_: str) -> Scope:
        return self.replace(locals={**self.locals, name: type_})


class Checker:
    def __init__(self) -> None:
        self.diagnostics = Diagnostics()
        self.references: list[Reference] = []

    def error(self, code: codes.Code, message: str, span: Span, help: str = "") -> None:
        self.diagnostics.add(code.diagnostic(message, span, help))

    def report(self, found: Diagnostic | None) -> None:
        if found is not None:
            self.diagnostics.add(found)

    # Program and cards

    def program(self, program: n.Program) -> n.Program:
        cards = tuple(self.card(card) for card in program.cards)
        examples = tuple(self.example(e, on_card=False) for e in program.examples)
        return program.replace(cards=cards, examples=examples)

    def card(self, card: n.Card) -> n.Card:
        self.header(card)
        self.at_most_one(card.players, "players", card)
        self.at_most_one(card.costs, "cost", card)
        self.at_most_one(card.vp, "vp", card)
        if card.kind is CardKind.BUILDING:
            self.required(card.costs, "cost", card, "cost 1 wood, 2 fish  (or: cost none)")
            self.required(card.vp, "vp", card, "vp 2")
        scope = Scope(where="in a card fact")
        unbuilt = scope.replace(unbuilt=True)
        return card.replace(
            deck=vocab.deck_key(card.deck) or card.deck,
            players=tuple(self.players(line) for line in card.players),
            costs=tuple(self.cost_line(line, unbuilt) for line in card.costs),
            vp=tuple(self.expr_of(expr, NUMBER, scope, "VP") for expr in card.vp),
            requires=tuple(self.expr_of(expr, TRUTH, unbuilt, "requirement") for expr in card.requires),
            rules=self.rules_once(tuple(self.rule(rule) for rule in card.rules)),
            abilities=tuple(self.ability(ability, card) for ability in card.abilities),
            examples=tuple(self.example(example, on_card=True) for example in card.examples),
        )

    def header(self, card: n.Card) -> None:
        self.name(card)
        if vocab.deck_key(card.deck) is None:
            self.error(
                codes.UNKNOWN_DECK,
                f"unknown deck '{card.deck}'",
                card.deck_span,
                suggestion(card.deck, vocab.DECKS) or f"decks are {', '.join(vocab.DECKS)}",
            )
        pattern = vocab.CODE_PATTERNS[card.kind]
        if not re.fullmatch(pattern, card.code):
            example = "A613" if card.kind is CardKind.BUILDING else "E01"
            self.error(
                codes.BAD_CARD_CODE,
                f"'{card.code}' is not {article(card.kind)} {card.kind} code",
                card.code_span,
                f"{card.kind} codes look like {example}",
            )
        if card.kind is CardKind.ELDER and sum(a.trigger.kind is TriggerKind.ELDER_USE for a in card.abilities) != 1:
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
        return line.replace(counts=tuple(sorted(counts)))

    def cost_line(self, line: n.CostLine, scope: Scope) -> n.CostLine:
        options = tuple(
            option.replace(payments=tuple(self.phrase(p, "payment", scope) for p in option.payments))
            for option in line.options
        )
        for option in options:
            self.payments_once(option.payments)
            self.nothing_alone(option.payments)
        return line.replace(options=options)

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
                amounts = numbers.constant(earlier.args[0]), numbers.constant(payment.args[0])
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
            return rule.replace(value=None, entry=entry, on=setting is not False)
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
        return rule.replace(value=value, entry=entry)

    def in_range(self, entry: vocab.Rule, value: n.Expr) -> None:
        """A value outside the parameter's range whatever the table holds; one worked out outside it counts as the
        nearer end at run time (runtime.core.rules_in_force.within_range). The bounds in use: a project's rules.toml
        may raise a most."""
        parameter, found = parameters()[entry.parameter.name], numbers.constant(value)
        least, most = parameter.least, parameter.most
        if found is None:
            return
        if least is not None and found < least:
            bound, hint = f"at least {least}", f"{least} or more"
        elif most is not None and found > most:
            bound, hint = f"at most {most}", f"{most} or less"
        else:
            return
        self.error(
            codes.RULE_OUT_OF_RANGE,
            f"rule '{entry.pattern}' cannot be {found}: it is {bound}",
            value.span,
            f"give it a value of {hint}",
        )

    # Examples

    def example(self, example: n.Example, on_card: bool) -> n.Example:
        fields = EXAMPLE_FIELDS if on_card else {}
        scope = Scope(fields=fields, where="in an example", in_example=True)
        self.answers_placed(example.steps)
        return example.replace(steps=tuple(self.step(step, scope) for step in example.steps))

    def answers_placed(self, steps: tuple[n.Step, ...]) -> None:
        """An answer belongs to the step that asks it, so it follows a `do`, an `expect illegal` or a `given` (which
        may set off an "as soon as" that asks)."""
        asking = (n.Do, n.ExpectIllegal, n.Given, n.Answers)
        for before, step in zip((None, *steps), steps, strict=False):
            if isinstance(step, n.Answers) and not isinstance(before, asking):
                self.error(
                    codes.ANSWER_PLACE,
                    "an answer must follow the step that asks the question",
                    step.span,
                    "move this 'answer' line right after the 'do' or 'given' step that asks it",
                )
        most = player_counts()[-1]
        for step in steps:
            if not 0 <= step.player <= most or (step.player == 0 and not isinstance(step, n.Answers)):
                self.error(
                    codes.NO_SUCH_PLAYER, f"there is no player {step.player}", step.span, f"players are 1 to {most}"
                )

    def step(self, step: n.Step, scope: Scope) -> n.Step:
        if isinstance(step, n.Given):
            return step.replace(settings=self.settings_once(tuple(self.setting(s, scope) for s in step.settings)))
        if isinstance(step, n.Do | n.ExpectIllegal):
            return step.replace(statements=self.body(step.statements, scope))
        if isinstance(step, n.Expect):
            return step.replace(conditions=tuple(self.expr_of(c, TRUTH, scope, "expectation") for c in step.conditions))
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
        return setting.replace(quantity=quantity, value=value)

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
        return ability.replace(trigger=trigger, body=self.body(ability.body, scope))

    def trigger(self, trigger: n.Trigger) -> tuple[n.Trigger, Scope]:
        scope = Scope(where=f"in a {TRIGGER_WORDS[trigger.kind]} ability")
        entry = None
        if trigger.event is not None:
            entry, _ = self.resolve(
                trigger.event, "event", scope, "moment" if trigger.kind is TriggerKind.AT_MOMENT else "event"
            )
            if entry is not None:
                self.timing(trigger, entry)
                fields = entry.fields_at(trigger.timing)
                scope = scope.replace(
                    fields=fields,
                    fields_elsewhere={w: entry.known_at.get(w, entry.timings) for w in entry.fields if w not in fields},
                    event=entry,
                    in_event=trigger.kind is TriggerKind.EACH_TIME,
                )
        guard = trigger.guard
        if guard is not None:
            guard = guard.replace(condition=self.expr_of(guard.condition, TRUTH, scope, "condition"))
        condition = trigger.condition
        if condition is not None:
            condition = self.expr_of(condition, TRUTH, scope, "condition")
        return trigger.replace(guard=guard, condition=condition, entry=entry), scope

    def timing(self, trigger: n.Trigger, entry: vocab.Event) -> None:
        if trigger.timing in entry.timings:
            return
        if Timing.AT in entry.timings:
            help = f"write 'at {entry.pattern}:'"
        elif trigger.timing is Timing.AT:
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
            return statement.replace(value=value), scope.with_local(statement.name, type_)
        if isinstance(statement, n.May):
            return statement.replace(body=self.body(statement.body, scope)), scope
        if isinstance(statement, n.ChooseOne):
            return statement.replace(options=tuple(self.body(o, scope) for o in statement.options)), scope
        if isinstance(statement, n.UpTo):
            times = self.expr_of(statement.times, NUMBER, scope, "repeat count")
            self.report(numbers.always_negative(times))
            self.report(numbers.always_zero(times, "the block never runs", "remove it, or repeat it 1 or more times"))
            return statement.replace(times=times, body=self.body(statement.body, scope)), scope
        assert isinstance(statement, n.If)
        return (
            statement.replace(
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
        if isinstance(entry, vocab.Effect) and entry.example_only and not scope.in_example:
            self.error(
                codes.EXAMPLE_ONLY,
                f"'{entry.pattern}' only works in an example",
                phrase.span,
                "use it in 'do' of an example",
            )
        if entry.zero_is_nothing:
            for arg in args:
                if not isinstance(arg, str):
                    self.report(numbers.always_zero(arg, *ZERO_MEANS[kind]))
        return n.Call(phrase.span, entry, args)

    def resolve(self, phrase: n.Phrase, kind: str, scope: Scope, named: str = "") -> tuple[vocab.Entry | None, tuple]:
        """`named`: what an unknown phrase is called and looked for among: an `at` trigger's event is a moment."""
        tokens = phrase_tokens(phrase)
        for entry in vocab.of_length(kind, len(tokens)):
            filled = match(entry, tokens)
            if filled is not None:
                self.note_names(entry, filled)
                return entry, tuple(self.slot_value(t, scope) for t in filled)
        entries = vocab.TABLES[kind]
        if named in ("moment", "event"):
            entries = tuple(e for e in entries if (Timing.AT in e.timings) == (named == "moment"))
        self.diagnostics.add(unknown_phrase(phrase.text, phrase.span, tokens, named or kind, entries))
        return None, ()

    def note_names(self, entry: vocab.Entry, filled: list[Token]) -> None:
        """Names a phrase quotes, in a card's cost, condition or effect as in an example: a game is played with
        one file's cards, so a name no card of the file has is a typo."""
        for slot, token in zip(entry.slots, filled, strict=True):
            if slot.type == "name":
                self.references.append(Reference(slot.name, token.text, token.span))

    def slot_value(self, token: Token, scope: Scope) -> n.Expr | str:
        if token.kind == "number":
            self.report(numbers.too_large(token.node.value, token.node.span))
            return token.node
        if token.kind == "expr":
            checked = self.expr_of(token.node, NUMBER, scope, "amount")
            self.report(numbers.always_negative(checked))
            return checked
        return token.text

    # Expressions

    def expr_of(self, expr: n.Expr, expected: str, scope: Scope, role: str) -> n.Expr:
        checked, type_ = self.expr(expr, scope, expected)
        if type_ and type_ != expected:
            hint = "compare it, e.g. 'elders >= 2'" if expected == TRUTH else "use a count, not a condition"
            self.error(
                codes.WRONG_TYPE, f"the {role} must be {TYPE_NAMES[expected]}, not {TYPE_NAMES[type_]}", expr.span, hint
            )
        return checked

    def expr(self, expr: n.Expr, scope: Scope, expected: str = "") -> tuple[n.Expr, str]:
        """The checked expression and its type ('' when an error was already reported); `expected`, the type its
        place needs, if one: an unknown name there is offered names of that type only."""
        if isinstance(expr, n.Negate | n.Binary) and not scope.folded:
            self.report(numbers.beyond_limit(expr))
            scope = scope.replace(folded=numbers.constant(expr) is not None)
        if isinstance(expr, n.Number):
            self.report(numbers.too_large(expr.value, expr.span))
            return expr, NUMBER
        if isinstance(expr, n.Quantity):
            return self.quantity(expr, scope, expected)
        if isinstance(expr, n.Negate):
            return expr.replace(operand=self.expr_of(expr.operand, NUMBER, scope, "operand")), NUMBER
        if isinstance(expr, n.Binary):
            left = self.expr_of(expr.left, NUMBER, scope, "operand")
            right = self.expr_of(expr.right, NUMBER, scope, "operand")
            if expr.op.divides and numbers.constant(right) == 0:
                self.error(
                    codes.DIVISION_BY_ZERO,
                    "division by 0",
                    right.span,
                    "divide by a number or count that can be above 0",
                )
            return expr.replace(left=left, right=right), NUMBER
        if isinstance(expr, n.Compare):
            left = self.expr_of(expr.left, NUMBER, scope, "compared value")
            right = self.expr_of(expr.right, NUMBER, scope, "compared value")
            self.report(numbers.one_answer(expr.op, left, right, expr.span))
            return expr.replace(left=left, right=right), TRUTH
        if isinstance(expr, n.Logic):
            operands = tuple(self.expr_of(o, TRUTH, scope, f"'{expr.op}' operand") for o in expr.operands)
            return expr.replace(operands=operands), TRUTH
        if isinstance(expr, n.Not):
            return expr.replace(operand=self.expr_of(expr.operand, TRUTH, scope, "'not' operand")), TRUTH
        assert isinstance(expr, n.Table)
        return self.table(expr, scope), NUMBER

    def table(self, table: n.Table, scope: Scope) -> n.Table:
        key = self.expr_of(table.key, NUMBER, scope, "table key")
        rows = tuple(r.replace(value=self.expr_of(r.value, NUMBER, scope, "table value")) for r in table.rows)
        self.diagnostics.extend(numbers.table_rows(table))
        return table.replace(key=key, rows=rows)

    def quantity(self, quantity: n.Quantity, scope: Scope, expected: str = "") -> tuple[n.Expr, str]:
        words = " ".join(quantity.words)
        if words in scope.locals:
            return n.Ref(quantity.span, "local", words, (), scope.locals[words], words), scope.locals[words]
        for source, table in (("field", scope.fields), ("scope", scope.rule_scope)):
            found = lookup_field(table, quantity)
            if found is not None:
                attr, type_ = found
                return n.Ref(quantity.span, source, attr, (), type_, words), type_
        timings = lookup_field(scope.fields_elsewhere, quantity)
        if timings is not None:
            self.error(
                codes.FIELD_OUTSIDE_HANDLER,
                f"'{words}' is known only {' and '.join(timings)} '{scope.event.pattern}'",
                quantity.span,
                f"read it in 'each time {timings[0]} ... {scope.event.pattern}:'",
            )
            return quantity, ""
        tokens = quantity_tokens(quantity)
        for entry in vocab.of_length("count", len(tokens)):
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
                    self.diagnostics.add(another_player_outside_event(quantity.span))
                if entry.on_card and scope.unbuilt:
                    self.error(
                        codes.THIS_BUILDING_NOT_BUILT,
                        f"'{words}' reads this Building, which is not built yet when its requires and cost are asked",
                        quantity.span,
                        "read it in an ability or in 'vp', once the Building is in play",
                    )
                args = (*entry.args, *(t.text for t in filled))
                return n.Ref(quantity.span, "count", entry.impl, args, entry.result, words), entry.result
        names = {**scope.locals, **{words: type_ for words, (_, type_) in scope.fields.items()}}
        self.diagnostics.add(unknown_count(quantity, tokens, names, scope.in_event, expected))
        return quantity, ""


ZERO_MEANS = {  # what an amount of 0 makes of a phrase of each kind, and the help
    "effect": ("the effect does nothing", "remove it, or write an amount above 0"),
    "payment": ("the payment asks nothing", "remove it (a card that costs nothing says 'cost none')"),
}


EXAMPLE_FIELDS = {"vp": ("vp", NUMBER)}  # an example on a card may check the card's VP


def switch_setting(value: n.Expr) -> bool | None:
    """A switch's value as written: `on` or `off`; None for anything else."""
    if isinstance(value, n.Quantity) and len(value.words) == 1:
        return SWITCH_WORDS.get(vocab.normalise(value.words[0]))
    return None


SETTABLE = frozenset(e.impl for e in vocab.COUNTS if e.settable)  # the counts an example's `given` may set


def settable(ref: n.Ref) -> bool:
    return ref.source == "count" and ref.name in SETTABLE


def check(program: n.Program) -> tuple[n.Program, tuple[Diagnostic, ...]]:
    """The whole file at once; compiler/units.py does the same card by card, through the same file_diagnostics."""
    checker = Checker()
    checked = checker.program(program)
    file_wide = file_diagnostics(
        [Header.of(card) for card in checked.cards], checker.references, [*links_of(checked.cards)]
    )
    return checked, tuple(Diagnostics([*checker.diagnostics, *file_wide]))
