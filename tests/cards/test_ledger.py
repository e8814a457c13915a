"""The clause ledger: every sentence of every card's rulebook entry is proven by a named test or worked example.

Ledgers are the `ledger_*.toml` files beside this one, one table per card:

    ["Barrel Maker"]
    clauses = [
      { sentence = 1, says = "serving 3+ fish in one action gives 2 wood", test = "test_trout.py::test_name" },
      { sentence = 2, says = "...", example = "the title of one of the card's worked examples in cards.nus" },
      { sentence = 4, says = "...", outside = "names the Fortress, a card of the Herring deck" },
    ]

`sentence` numbers follow `Entry.sentences` in tests/kit/rulebook.py. A clause the example language can say is
proven by the card's worked example (`nus test` runs each, and tests/docs runs them all); Python tests are for what
it cannot say. `outside` exempts a sentence only when it names a card that is in neither cards.nus nor the two
decks.
"""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from compiler import load_examples
from tests.kit.rulebook import ROOT, Entry, entries

HERE = Path(__file__).resolve().parent


@cache
def ledger() -> dict[str, list[dict]]:
    merged: dict[str, list[dict]] = {}
    for path in sorted(HERE.glob("ledger_*.toml")):
        for card, table in tomllib.loads(path.read_text(encoding="utf-8")).items():
            assert card not in merged, f"{card} is in two ledgers"
            merged[card] = table["clauses"]
    return merged


@cache
def functions_in(filename: str) -> frozenset[str]:
    path = HERE / filename
    if not path.exists():
        return frozenset()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))


@cache
def examples_of(card: str) -> frozenset[str]:
    """The titles of the card's worked examples in cards.nus."""
    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    return frozenset(example.title for example in load_examples(text, "cards.nus") if example.card == card)


@cache
def known_names() -> frozenset[str]:
    cards = (ROOT / "cards.nus").read_text(encoding="utf-8")
    return frozenset(re.findall(r'^(?:building|elder) "([^"]+)"', cards, flags=re.M))


def test_every_card_has_a_ledger_and_no_stranger_does() -> None:
    assert sorted(ledger()) == sorted(e.name for e in entries())


@pytest.mark.slow
@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.code)
def test_every_sentence_is_proven(entry: Entry) -> None:
    clauses = ledger().get(entry.name, [])
    covered = {clause["sentence"] for clause in clauses}
    assert covered == set(range(1, len(entry.sentences) + 1)), f"{entry.name}: sentences {entry.sentences}"
    for clause in clauses:
        sentence = entry.sentences[clause["sentence"] - 1]
        assert clause.get("says"), f"{entry.name} sentence {clause['sentence']} needs 'says'"
        if "outside" in clause:
            named = set(re.findall(r'"([^"]+)"', sentence))
            assert named - known_names(), f"{entry.name}: '{sentence}' names no card outside our decks"
            continue
        if "example" in clause:
            assert clause["example"] in examples_of(entry.name), f"{entry.name}: no example {clause['example']!r}"
            continue
        filename, _, function = clause["test"].partition("::")
        assert function in functions_in(filename), f"{entry.name}: no test {clause['test']}"
