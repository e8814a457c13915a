"""Running the worked examples written in the card language: given / answers / do / expect."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from runtime.engine.decisions import ScriptedDecider, ScriptError
from runtime.engine.play import LISTENING
from runtime.mechanics.board import free_cells
from runtime.model.cards import CardError, CardSpec, Context, Example
from runtime.model.setup import new_table
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


class ExampleFacts:
    """What an example's expect-steps may read besides counts: the card's VP, worked out when read."""

    def __init__(self, ctx: Context):
        self.ctx = ctx

    @property
    def vp(self) -> int | Fraction:
        card = self.ctx.card
        if card is None or card.spec.vp is None:
            return 0
        return card.spec.vp(Context(self.ctx.table, self.ctx.me, card))


def place_without_building(table: Table, player: Player, spec: CardSpec) -> CardInPlay:
    """The card in play for its givens: on the first free space, unpaid, its when-built not run."""
    cells = free_cells(table, player)
    card = CardInPlay(spec, player, cell=cells[0] if cells else None)
    if card.cell is None:
        player.track.cards.append(card)
    else:
        player.harbor.cells[card.cell] = card
    player.buildings.append(card)
    for index, ability in enumerate(spec.abilities):
        if ability.kind in LISTENING:
            table.listeners.setdefault((ability.event, ability.timing), []).append((card, ability))
        elif ability.kind == "as_soon_as":
            table.latches.append((card, index))
    return card


def example_table(example: Example, specs: Sequence[CardSpec], players: int = 2) -> tuple[Table, Context]:
    """A fresh seeded 2-player table in round 1; P0 acts and owns the example's card, already in play."""
    table = new_table(players, specs, seed=0, decider=ScriptedDecider())
    table.round = 1
    table.example_card = next((spec for spec in specs if spec.name == example.card), None)
    ctx = Context(table, table.players[0])
    if table.example_card is not None:
        ctx.card = place_without_building(table, ctx.me, table.example_card)
    ctx.event = ExampleFacts(ctx)
    return table, ctx


@dataclass(frozen=True)
class Outcome:
    """How one example went: failures name the line, the text and the value found."""

    example: Example
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.failures


def run_example(example: Example, specs: Sequence[CardSpec]) -> Outcome:
    """Answers are queued up front, in order, for whichever step asks; the other steps run in turn."""
    table, ctx = example_table(example, specs)
    table.decider.answers.extend(answer for step in example.steps for answer in step.answers)
    failures: list[str] = []
    for step in example.steps:
        try:
            if step.kind == "answers":
                continue
            if step.kind in ("given", "do"):
                step.run(ctx)
            elif not step.run(ctx):
                actual = f" (actual {step.actual(ctx)})" if step.actual else ""
                failures.append(f"line {step.line}: expected {step.text}{actual}")
        except (IllegalAction, ScriptError, CardError) as error:
            failures.append(f"line {step.line}: {step.text}: {error}")
            break
    if table.decider.answers and not failures:
        failures.append(f"answers never asked for: {', '.join(map(str, table.decider.answers))}")
    return Outcome(example, tuple(failures))


def run_examples(examples: Sequence[Example], specs: Sequence[CardSpec]) -> list[Outcome]:
    return [run_example(example, specs) for example in examples]
