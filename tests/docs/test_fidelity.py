"""The generated English says what the rulebook says: its numbers, goods and named actions.

The text is rendered from the card language; this compares it with the rulebook entry in
seeds/ so that a card whose language drifts from its printed rule is caught.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from compiler import compile_text
from compiler.backends.render import English
from compiler.checking.vocabulary import ACTIONS
from runtime.model.declarations import GOODS
from tests.kit.rulebook import ROOT, Entry, entries

NUMBER = re.compile(r"(?<![\w.])\d+(?![\w])")
ACTION_NAMES = [f'"{words.title()}"' for words in ACTIONS] + ['"Take and Elder"']


@cache
def rendered() -> dict[str, str]:
    compiled = compile_text((ROOT / "cards.nus").read_text(encoding="utf-8"), "cards.nus")
    assert not compiled.diagnostics
    return {card.name: English(card).text() for card in compiled.program.cards if card.kind == "building"}


WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
NUMBER_WORDS = {word: str(value) for value, word in enumerate(WORDS, 1)}


def numbers(text: str) -> set[str]:
    return set(NUMBER.findall(text))


def numbers_in_words_too(text: str) -> set[str]:
    """The entry may spell a number out ("four spaces"); the generated text writes it as digits."""
    spelled = {NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in NUMBER_WORDS}
    return numbers(text) | spelled


def goods(text: str) -> set[str]:
    lowered = text.lower()
    return {good for good in GOODS if re.search(rf"\b{good}s?\b", lowered)}


def actions(text: str) -> set[str]:
    return {name.lower() for name in ACTION_NAMES if name.lower() in text.lower()}


def problems(entry: Entry, text: str) -> list[str]:
    found = []
    whole = f"{entry.text} {entry.cost} {entry.vp}"
    missing = numbers(entry.rule_text) - numbers(text)
    if missing:
        found.append(f"rule numbers missing from the generated text: {sorted(missing, key=int)}")
    invented = numbers(text) - numbers_in_words_too(whole)
    if invented:
        found.append(f"generated numbers not in the entry: {sorted(invented, key=int)}")
    absent_goods = goods(entry.rule_text.replace(entry.name, "")) - goods(text.replace(entry.name, ""))
    if absent_goods:
        found.append(f"goods missing: {sorted(absent_goods)}")
    absent_actions = actions(entry.rule_text) - actions(text) - {'"take and elder"'}
    if absent_actions:
        found.append(f"named actions missing: {sorted(absent_actions)}")
    return found


def score(entry: Entry, text: str) -> float:
    rule_text = entry.rule_text
    checks = len(numbers(rule_text)) + len(goods(rule_text.replace(entry.name, ""))) + len(actions(rule_text)) + 1
    return 1 - len(problems(entry, text)) / checks


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.code)
def test_generated_text_keeps_the_rulebook_facts(entry: Entry) -> None:
    text = rendered().get(entry.name)
    assert text is not None, f"{entry.name} is not in cards.nus"
    assert problems(entry, text) == [], f"{entry.name}: {text}"


def test_report_per_card_scores() -> None:
    """Prints the per-card fidelity score (run with -s to see it; captured otherwise, as a test's output should
    be, not written into pytest's progress line); every card scores 1.0."""
    scores = {e.name: score(e, rendered().get(e.name, "")) for e in entries()}
    print("\nfidelity per card:", ", ".join(f"{name} {value:.2f}" for name, value in sorted(scores.items())))
    assert min(scores.values()) == 1.0
