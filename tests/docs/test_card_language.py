"""The cards docs/card-language.md shows as new kinds (other players, parity, rule layers) check clean and their
worked examples hold, as `nus check` and `nus test` would run them."""

from __future__ import annotations

import random
import re

import pytest

from compiler import compile_text, load_cards, load_examples
from compiler.backends import language
from runtime.examples import run_example
from runtime.model.cards import Context
from tests.kit.rulebook import ROOT
from tests.kit.table_kit import make_table

PAGE = (ROOT / "docs" / "card-language.md").read_text(encoding="utf-8")
SECTION = PAGE[PAGE.index("## Other players, parity and rule layers") :]
[CARDS] = re.findall(r"```nus\n(.*?)```", SECTION, re.DOTALL)


def test_the_new_kinds_of_card_check_clean() -> None:
    assert compile_text(CARDS, "card-language.md").diagnostics == ()


def test_the_worked_examples_of_the_new_kinds_hold() -> None:
    specs = load_cards(CARDS, "card-language.md")
    examples = load_examples(CARDS, "card-language.md")
    assert {example.card for example in examples} == {"Harbor Watch", "Tide Mill", "Annex"}
    failures = {example.title: tuple(run_example(example, specs).failures) for example in examples}
    assert failures == dict.fromkeys(failures, ())


def test_the_card_that_leaves_play_shows_the_ruling() -> None:
    [card] = re.findall(
        r"```nus\n(.*?)```", PAGE[PAGE.index("## Cards that leave play") : PAGE.index(SECTION)], re.DOTALL
    )
    assert compile_text(card, "card-language.md").diagnostics == ()
    examples = load_examples(card, "card-language.md")
    assert len(examples) == 2
    failures = {
        example.title: tuple(run_example(example, load_cards(card, "card-language.md")).failures)
        for example in examples
    }
    assert failures == dict.fromkeys(failures, ())


def vp_card(formula: str):
    [spec] = load_cards(f'building "Probe" (trout A905)\n  cost 1 wood\n  vp {formula}\n', "probe.nus")
    return spec


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_counts_over_other_players_read_each_other_players_own_count(players: int) -> None:
    """Over 40 seeded tables: each family gives exactly the max, min, sum and number with any of the other players'
    own counts (0 with no other player), never the card owner's; parity is the count's remainder by 2."""
    families = {
        "most fish in supply among other players": lambda others: max(others, default=0),
        "fewest fish in supply among other players": lambda others: min(others, default=0),
        "total fish in supply among other players": sum,
        "other players with fish in supply": lambda others: sum(value > 0 for value in others),
    }
    specs = {formula: vp_card(formula) for formula in families}
    even = load_cards('building "Even" (trout A906)\n  cost 1 wood\n  vp 0\n  requires fish in supply is even\n', "e")[
        0
    ]
    odd = load_cards('building "Odd" (trout A907)\n  cost 1 wood\n  vp 0\n  requires fish in supply is odd\n', "o")[0]
    for seed in range(40):
        rng = random.Random(seed)
        table = make_table(players)
        for player in table.players:
            player.supply["fish"] = rng.randint(0, 9)
        me = table.players[rng.randrange(players)]
        others = [player.supply["fish"] for player in table.players if player is not me]
        ctx = Context(table, me)
        assert {formula: spec.vp(ctx) for formula, spec in specs.items()} == {
            formula: count(others) for formula, count in families.items()
        }
        assert (even.requires(ctx), odd.requires(ctx)) == (me.supply["fish"] % 2 == 0, me.supply["fish"] % 2 == 1)


def test_a_build_tells_a_buildings_cost_from_a_ships_by_its_event() -> None:
    """Issue 34 §3: "Guests spent on a Building's cost vs a Ship's cost, fish actually paid". The page's cards checked
    with errors before the build-a-building event and the two fields existed (E0101, E0103)."""
    [cards] = re.findall(
        r"```nus\n(.*?)```",
        PAGE[PAGE.index("## What a build paid") : PAGE.index("## Cards that leave play")],
        re.DOTALL,
    )
    assert compile_text(cards, "card-language.md").diagnostics == ()
    specs = load_cards(cards, "card-language.md")
    examples = load_examples(cards, "card-language.md")
    assert len(examples) == 3
    assert [run_example(example, specs).failures for example in examples] == [()] * 3
    for words in ("guests spent", "fish paid"):  # `nus vocab` says which events carry each, once
        [phrase] = [phrase for phrase in language.phrases() if phrase.kind == "event field" and phrase.words == words]
        assert phrase.english.endswith(
            "(known only in 'each time ... build a ship' or 'each time ... build a building')"
        )
