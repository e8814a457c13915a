"""The Deep-Sea Trawler's cases that do not fit on its printed card (a card must print on one page): worked
examples, written as on the card and run on it, for its rulings "This is considered a "Build a Ship" action" and
"Regardless, the Deep-Sea Trawler is still considered a Building and not a Ship" (rulebook, Besøkende A716)."""

from __future__ import annotations

import re

import pytest

from compiler import load_cards, load_examples
from runtime.examples import run_example
from tests.kit.rulebook import ROOT

CARD = "Deep-Sea Trawler"
EXAMPLES = """\
  example "with the Ghost Ship, considered a Ship for its effect: the gap's 3 spaces count too":
    do put "Ghost Ship" in play
    given wood in supply = 5, fish in supply = 5
    do build this building
    answer yes
    expect free fishing spaces = 3, haul size = 9, ships with catboat = 1
  example "the Galley's fish too few: it cannot be built, and the table stays as it was":
    do put "Galley" in play
    given fish on plates = 4, wood in supply = 5, fish in supply = 0
    expect illegal: build this building
    expect wood in supply = 5, fish in supply = 0
  example "the Market's exchange comes before it is paid and pays for it":
    do put "Market" in play
    given wood in supply = 2, fish in supply = 8
    do build this building
    answer yes, exchange up to (empty building spaces) fish for wood, 3
    expect wood in supply = 0, fish in supply = 0
  example "with the Ghost Ship, not considered a Ship: no gap":
    do put "Ghost Ship" in play
    given wood in supply = 5, fish in supply = 5
    do build this building
    answer no
    expect free fishing spaces = 6, haul size = 7
  example "no Ship: the Building Dock gives nothing, the Travel Agency's Guest and the Pedalo Builder's wood come":
    do put "Building Dock" in play, put "Travel Agency" in play, put "Pedalo Builder" in play
    given wood in supply = 5, fish in supply = 5, guests in supply = 0
    do build this building
    expect wood in supply = 1, guests in reserve = 1, ships with catboat = 1, sloop on supply board = 2
  example "no Ship: the Log Boom's wood on its 4 spaces stays; a sloop after it takes the wood of its own space":
    given wood in supply = 6, fish in supply = 7
    do put "Log Boom" in play, put 1 wood on each free fishing space
    do build this building
    expect wood in supply = 1, fish in supply = 2, free fishing spaces = 6
    do build a ship
    answer sloop
    expect sloops = 1, wood in supply = 0, fish in supply = 0, free fishing spaces = 5
"""


def with_examples() -> str:
    """cards.nus with EXAMPLES appended to the Trawler's own definition (before the next card)."""
    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    start = text.index(f'building "{CARD}"')
    end = re.compile(r"^(building|elder) ", re.MULTILINE).search(text, start + 1).start()
    return text[:end].rstrip("\n") + "\n" + EXAMPLES + "\n" + text[end:]


TITLES = re.findall(r'^  example "(.+)":$', EXAMPLES, re.MULTILINE)


@pytest.mark.parametrize("title", TITLES)
def test_a_trawler_case_kept_off_its_printed_card(title: str) -> None:
    text = with_examples()
    (example,) = [e for e in load_examples(text, "cards.nus") if e.card == CARD and e.title == title]
    assert run_example(example, load_cards(text, "cards.nus")).failures == ()


def test_the_cases_here_are_not_also_on_the_card() -> None:
    on_card = [e.title for e in load_examples((ROOT / "cards.nus").read_text(encoding="utf-8"), "cards.nus")]
    assert len(TITLES) == 6
    assert not set(TITLES) & set(on_card)
