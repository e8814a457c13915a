"""Running a worked example: each step in turn, with the answers written after it, and the checks play makes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from runtime.core.decisions import ScriptError
from runtime.core.events import check_latches
from runtime.examples.decider import Answer, Asked, ExampleDecider
from runtime.examples.table import example_table, problems
from runtime.model.cards import CardSpec, Context, Example, ExampleStep, StepKind
from runtime.model.errors import CardError
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


@dataclass(frozen=True)
class Outcome:
    """How one example went: failures name the line, the text and the value found; asked lists every question."""

    example: Example
    failures: tuple[str, ...]
    asked: tuple[Asked, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.failures


class StepFailed(Exception):
    """A step that did not go as the example says; the example stops there."""


def answers_after(steps: Sequence[ExampleStep], index: int) -> list[Answer]:
    found = []
    for step in steps[index + 1 :]:
        if step.kind is not StepKind.ANSWERS:
            break
        # an answer without `player N:` is player 1's, as every other step without it is (docs/examples.md)
        found += [Answer.written(text, step.line, max(step.player, 1) - 1) for text in step.answers]
    return found


def acting(ctx: Context, step: ExampleStep) -> Context:
    """The context a step runs in: the player it names, with the example's card as that player has it in play (each
    Building is one card: once another player builds it, it is theirs). ctx.event, the example's facts, reads `vp`
    through the step's context."""
    table = ctx.table
    if step.player > len(table.players):
        seats = len(table.players)
        raise StepFailed(f"line {step.line}: there is no player {step.player} at this {seats}-player table")
    player = table.players[max(step.player, 1) - 1]
    card = held(player, table.session.example_card)
    if step.on_card and card is None:
        name = table.session.example_card.name if table.session.example_card else "this card"
        raise StepFailed(f'line {step.line}: {step.text}: player {step.player} does not have "{name}" in play')
    stepping = Context(table, player, card, ctx.event)
    ctx.event.ctx = stepping
    return stepping


def held(player: Player, spec: CardSpec | None) -> CardInPlay | None:
    return next((card for card in player.buildings if card.spec is spec), None) if spec is not None else None


def run_example(example: Example, specs: Sequence[CardSpec]) -> Outcome:
    table, ctx = example_table(example, specs)
    decider: ExampleDecider = table.session.decider
    failures: list[str] = []
    for index, step in enumerate(example.steps):
        if step.kind is StepKind.ANSWERS:
            continue
        try:
            if step.kind is StepKind.EXPECT:
                failures += expectation(step, acting(ctx, step))
                continue
            decider.give(answers_after(example.steps, index))
            changing(step, acting(ctx, step), table)
            if decider.pending:
                unused = decider.pending[0]
                raise StepFailed(
                    f"line {unused.line}: answer {unused.text} was never asked for{decider.lone_note(unused)}"
                )
        except StepFailed as failed:
            failures.append(str(failed))
            break
        except (IllegalAction, ScriptError, CardError) as error:
            failures.append(f"line {step.line}: {step.text}: {error}")
            break
    return Outcome(example, tuple(failures), tuple(decider.asked))


def changing(step: ExampleStep, ctx: Context, table: Table) -> None:
    """A given, do or expect-illegal step, then what play checks after every action: limits, as-soon-as."""
    if step.kind is StepKind.ILLEGAL:
        refused(step, ctx, table)
    else:
        step.run(ctx)
    if step.kind is StepKind.GIVEN:
        found = problems(table)
        if found:
            raise StepFailed(f"line {step.line}: {step.text}: the rules do not allow this set-up: {'; '.join(found)}")
    check_latches(table)


def refused(step: ExampleStep, ctx: Context, table: Table) -> None:
    with table.snapshot() as mark:
        try:
            step.run(ctx)
        except IllegalAction as why:
            table.restore(mark)
            if step.because is not None and step.because.lower() not in str(why).lower():
                raise StepFailed(f'line {step.line}: refused, but not because "{step.because}": {why}') from None
            return
        table.restore(mark)
    raise StepFailed(f"line {step.line}: {step.text}: it was carried out, not refused")


def expectation(step: ExampleStep, ctx: Context) -> list[str]:
    if step.compare is not None:
        found, expected = step.run(ctx)
        return [] if step.compare(found, expected) else [f"line {step.line}: expected {step.text} (actual {found})"]
    return [] if step.run(ctx) else [f"line {step.line}: expected {step.text}"]


def run_examples(examples: Sequence[Example], specs: Sequence[CardSpec]) -> list[Outcome]:
    return [run_example(example, specs) for example in examples]
