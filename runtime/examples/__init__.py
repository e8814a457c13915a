"""Worked examples written in the card language: a table set up, steps done, the table checked."""

from runtime.examples.run import Outcome, run_example, run_examples
from runtime.examples.table import ExampleFacts, example_table, place_without_building, starting_table

__all__ = [
    "ExampleFacts",
    "Outcome",
    "example_table",
    "place_without_building",
    "run_example",
    "run_examples",
    "starting_table",
]
