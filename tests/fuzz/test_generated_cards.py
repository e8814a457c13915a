"""Generated cards that check clean run clean: no traceback, no hang, no invariant broken (issue 36 §2).

The fast run plays FAST_CARDS cards of batch 1 on every test run; the `slow` run 10,000 cards of batch 2 on every
core. A long run is `python -m tests.fuzz` (see its --help); each failure below names the command that plays its
card again, and shows the card shrunk.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from compiler.checking import vocabulary as vocab
from runtime.model.declarations import Good
from tests.fuzz.cards import TRIGGERS, Generated, coverage
from tests.fuzz.draws import RandomDraws, Replayed
from tests.fuzz.games import Outcome, play_card
from tests.fuzz.run import Batch, Limits, run, shrink_all
from tests.fuzz.shrink import Shrinker

FAST_CARDS = 250
SLOW_CARDS = 10_000


def check_batch(batch: Batch) -> None:
    assert not batch.lost, batch.lost
    assert not batch.failures, batch.report() + batch.shrunk_report(shrink_all(batch, limits=Limits(tries=150))[0])
    assert batch.kinds["played"] > batch.cards // 2, batch.summary()  # most generated cards check clean and play


@pytest.mark.slow
def test_generated_cards_run_clean() -> None:
    check_batch(run(seed=1, cards=FAST_CARDS))


@pytest.mark.slow
def test_ten_thousand_generated_cards_run_clean() -> None:
    check_batch(run(seed=2, cards=SLOW_CARDS, jobs=os.cpu_count() or 1))


# Cards long runs found, played again every time: (card text, game seed, players).
PINNED = [
    pytest.param(  # the payment's returned Guest sets off a build of the very card being built
        'building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n  each time after any player return a guest:\n'
        "    build a building\n  when built:\n    buy all shares\n",
        40244,
        2,
        id="build-during-payment",
    ),
    pytest.param(  # a hook that reforests after each Forest removed kept "remove all forests" going
        'building "Fuzzed" (trout A999)\n  cost 3 wood\n  vp elders\n  each time after you remove a forest:\n'
        "    if fish in supply < 5: thin out\n    put a guest on each of up to (elders) visible elders\n    reforest\n"
        "  at scoring:\n    choose one:\n      - remove all forests\n      - remove a forest\n"
        "      - transfer reserve\n",
        19,
        2,
        id="remove-all-forests-reforested",
    ),
    pytest.param(  # an Elder's discard returns the next Elder, which step 1 of the haul still fed (seed 2 card 5940)
        'building "Fuzzed" (trout B999)\n  cost none\n  vp 0\n  each time after any player remove 3 fish from an '
        "elder:\n    return an elder to the supply board\n",
        3,
        2,
        id="elder-returned-mid-haul",
    ),
    pytest.param(  # worker turns squared by every player who builds it: 6,561 turns a Round (seed 2 card 3535)
        'building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n  rule worker turns = (worker turns) * (worker turns)\n'
        "  each time after you return a guest: count as a build a ship action\n",
        3535,
        5,
        id="worker-turns-squared",
    ),
    pytest.param(  # fish on each Elder as many as the goods it brings, used again and again (seed 3 card 349, db6da0f)
        'building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n  at any time:\n'
        "    put (goods in supply) fish on each elder\n    take an extra turn\n",
        1,
        2,
        id="goods-fed-back-geometrically",
    ),
]


@pytest.mark.parametrize(("text", "seed", "players"), PINNED)
def test_cards_long_runs_found_run_clean(text: str, seed: int, players: int) -> None:
    outcome = play_card(Generated(text, players, "building"), seed)
    assert outcome.kind in ("played", "stopped"), outcome.detail


@pytest.mark.slow
def test_the_generator_writes_every_phrase_and_shape() -> None:
    """Every entry of the vocabulary a card may use, every trigger and card kind, every event at each timing it is
    declared with (and at the other, which the checker must refuse), every field, payment, rule, block and number
    shape is drawn within 4,000 cards: a new entry in the vocabulary is generated, or this test names it."""
    used: Counter[str] = Counter()
    for index in range(4000):
        used.update(coverage(RandomDraws(f"coverage:{index}"))[1])
    hooked = [e for e in vocab.EVENTS if set(e.timings) & {"before", "after"}]
    expected = {
        *(f"card {kind}" for kind in vocab.CARD_KINDS),
        *(f"trigger {kind}" for kind in TRIGGERS),
        *(f"each time {timing} {event.pattern}" for event in hooked for timing in ("before", "after")),
        *(f"at {event.pattern}" for event in vocab.EVENTS if "at" in event.timings),
        *(f"field {event.pattern}: {words}" for event in vocab.EVENTS for words in event.fields),
        *(f"actor {actor}" for actor in ("you", "any player", "another player")),
        *(f"effect {entry.pattern}" for entry in vocab.EFFECTS if not entry.example_only),
        *(f"count {entry.pattern}" for entry in vocab.COUNTS if not entry.example_only),
        *(f"fact {entry.pattern}" for entry in vocab.FACTS if not entry.example_only),
        *(f"payment {entry.pattern}" for entry in vocab.PAYMENTS if entry.impl not in ("goods", "free")),
        *(f"payment {good.value}" for good in Good),
        "payment none",
        "payment or",
        *(f"rule {entry.pattern}" for entry in vocab.RULES),
        "switch named",
        "switch = on",
        "switch = off",
        "rule scope",
        *(f"block {kind}" for kind in ("statements", "you may", "choose one", "up to", "if", "else")),
        "let",
        "let read",
        "guard if",
        "guard unless",
        "requires",
        "players",
        *(f"number {kind}" for kind in ("+", "-", "*", "/ up", "/ down", "capped", "table")),
        *(f"slot {kind}" for kind in vocab.SLOT_TYPES),
    }
    assert sorted(expected - set(used)) == []


def test_a_card_is_drawn_again_from_its_recorded_choices() -> None:
    for index in range(50):
        draws = RandomDraws(f"again:{index}")
        card = coverage(draws)[0]
        assert coverage(Replayed(draws.drawn))[0] == card


def test_shrinking_keeps_the_failure_and_makes_the_card_smaller() -> None:
    """A stand-in failure (any card that names wood, whatever else it does) shrinks to a card of a few lines that still
    names wood; a card that no longer fails so is never kept."""
    for index in range(200):
        draws = RandomDraws(f"shrink:{index}")
        card = coverage(draws)[0]
        if "wood" in card.text and len(card.text.splitlines()) > 8:
            break

    def play(tried: Generated) -> Outcome:
        return Outcome("invariant", "names wood") if "wood" in tried.text else Outcome("played")

    shrunk, outcome = Shrinker(draws.drawn, play, Outcome("invariant", "names wood"), tries=400).shrink()
    assert (outcome.kind, outcome.signature) == ("invariant", "names wood")
    assert "wood" in shrunk.text
    assert len(shrunk.text.splitlines()) <= 4 < 8 < len(card.text.splitlines()), shrunk.text
