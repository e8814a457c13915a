"""The choices a card offers (may, choose one, up to) and its rule values. A question offers only what can be carried
out (issue 34 §4): each option is first tried on the table, the journal undoing the trial, and a `you may` whose body
cannot be carried out is not asked. A body that still fails in full is undone and counts as not chosen."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from runtime.core.attempts import attempt, choose_legal
from runtime.core.decisions import Decision, DecisionKind, ask
from runtime.core.rules_in_force import rule as rule_value
from runtime.model.cards import Context
from runtime.model.errors import CardError
from runtime.model.state import IllegalAction, Table

TRIALS = 8  # answer sequences a trial tries before it gives up and lets the player be asked


class Trial:
    """The decider while a trial runs: the answers given (a place for each question, in order), then each question's
    first option; it notes how many options each question had, so the next trial can answer one differently."""

    def __init__(self, answers: tuple[int, ...]):
        self.answers = answers
        self.counts: list[int] = []

    def choose(self, decision: Decision, game: Any) -> int:
        asked = len(self.counts)
        self.counts.append(len(decision.options))
        return self.answers[asked] if asked < len(self.answers) else 0

    def others(self) -> list[tuple[int, ...]]:
        """The answer sequences that differ from this trial's at one question it answered by default, nearest first."""
        given = self.answers + (0,) * (len(self.counts) - len(self.answers))
        return [
            given[:asked] + (other,)
            for asked in range(len(self.counts) - 1, len(self.answers) - 1, -1)
            for other in range(self.counts[asked] - 1, 0, -1)
        ]


def can_carry_out(table: Table, act: Callable[[], object]) -> bool:
    """Whether act can be carried out in full on the table as it stands: tried, every question inside it answered by
    a Trial (another answer sequence after a failure, up to TRIALS), the journal undoing each try. Inside a trial the
    trial's own answers decide, so this says yes; a trial that runs out of tries, or meets a card error, says yes too
    (the player is asked, and a failure is declined as before)."""
    session = table.session
    decider, tracer = session.decider, session.tracer
    if decider.__class__ is Trial:
        return True
    untried: list[tuple[int, ...]] = [()]
    mark = table.snapshot()
    session.tracer = None
    try:
        for _ in range(TRIALS):
            if not untried:
                return False
            trial = session.decider = Trial(untried.pop())
            try:
                act()
                return True
            except IllegalAction:
                untried += reversed(trial.others())
            except CardError:  # a card gone wrong is not judged here: it goes wrong in play, traced and reported
                return True
            finally:
                table.restore(mark)
        return True
    finally:
        session.decider, session.tracer = decider, tracer
        table.release(mark)


def may(ctx: Context, text: str, body: Callable[[], None]) -> bool:
    """Ask yes/no, only when the body can be carried out; the body runs all-or-nothing, and a body that cannot be
    completed counts as declined."""
    table = ctx.table
    if not can_carry_out(table, body):
        return False
    if not ask(table, ctx.me.index, DecisionKind.MAY, [True, False], f"{card_name(ctx)}: you may {text}"):
        return False
    try:
        attempt(table, body)
    except IllegalAction as why:
        table.say(f"{ctx.me.name} {card_name(ctx)}: could not {text} ({why})", ctx.me.index, card=ctx.card)
        return False
    return True


def choose_one(ctx: Context, text: str, options: list[tuple[str, Callable[[], None]]]) -> None:
    """Mandatory: only the options that can be carried out are offered (a lone one is taken without asking); an option
    that fails all the same is not legal, so the table is restored and it is asked again without it. `text` says
    every option in English; each option is named as an example's `answer` names it."""
    table = ctx.table
    bodies = dict(options)
    offered = [text for text, body in options if can_carry_out(table, body)] or list(bodies)
    choose_legal(
        table,
        ctx.me.index,
        DecisionKind.CHOOSE_ONE,
        offered,
        f"{card_name(ctx)}: {text}",
        lambda text: bodies[text](),
    )


def up_to(ctx: Context, times: int, text: str, body: Callable[[], None]) -> None:
    """The player picks how many times, from the most that can be carried out down to 0; none asked when that is 0.
    A count that fails all the same is not legal, so the player is asked again among the others (0 always is)."""

    def repeat(count: int) -> None:
        for _ in range(count):
            body()

    table = ctx.table
    most = next((count for count in range(times, 0, -1) if can_carry_out(table, partial(repeat, count))), 0)
    if most <= 0:
        return
    prompt = f"{card_name(ctx)}: {text} how often?"
    choose_legal(table, ctx.me.index, DecisionKind.UP_TO, list(range(most, -1, -1)), prompt, repeat)


def rule(ctx: Context, key: str, **scope: Any) -> Any:
    return rule_value(ctx.table, ctx.me, key, **scope)


def card_name(ctx: Context) -> str:
    return ctx.card.name if ctx.card is not None else "effect"
