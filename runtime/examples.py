"""Running the worked examples written in the card language: given / answers / do / expect."""

from __future__ import annotations

from collections.abc import Sequence

from runtime.cards import CardSpec, Context, Example
from runtime.decisions import ScriptedDecider
from runtime.setup import new_table
from runtime.state import Table


def example_table(example: Example, specs: Sequence[CardSpec], players: int = 2) -> tuple[Table, Context]:
    """A 2-player table in round 1 with no cards dealt; P0 acts. The example's card waits to be built."""
    table = new_table(players, (), seed=0, decider=ScriptedDecider())
    table.round = 1
    table.example_card = next((spec for spec in specs if spec.name == example.card), None)
    return table, Context(table, table.players[0])


def run_example(example: Example, specs: Sequence[CardSpec]) -> list[str]:
    """The failed expectations, as 'line N: text (actual value)'; empty when the example holds."""
    table, ctx = example_table(example, specs)
    failures = []
    for step in example.steps:
        if step.kind == "answers":
            table.decider.answers.extend(step.answers)
        elif step.kind in ("given", "do"):
            step.run(ctx)
        elif not step.run(ctx):
            actual = f" (actual {step.actual(ctx)})" if step.actual else ""
            failures.append(f"line {step.line}: {step.text}{actual}")
    return failures
