"""Worked examples that cannot lie (issue 34 §4): an answer is the named player's, a `given` refuses a table the
rules forbid, the example table stands where play stands in Round 1 (its cards' cases, with the questions that
cannot be carried out and are not asked, are in tests/cards/test_questions_carried_out.py). Each test was written to
fail first; the expectations are helper reader's (/work/notes/
expectations-34.md), quoted where they are used."""

from __future__ import annotations

from pathlib import Path

from compiler import load_cards, load_examples
from runtime.examples import run_example

ROOT = Path(__file__).resolve().parents[3]
CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")


def probe(name: str, steps: str):
    """The probe example added to the named card of cards.nus."""
    start = CARDS.index(f'building "{name}"')
    end = CARDS.find("\nbuilding ", start + 1)
    end = len(CARDS) if end < 0 else end
    text = CARDS[:end].rstrip("\n") + '\n  example "probe":\n' + steps + CARDS[end:]
    [example] = [e for e in load_examples(text, "t.nus") if e.card == name and e.title == "probe"]
    return run_example(example, load_cards(text, "t.nus"))


# `answer` without `player N:` ---------------------------------------------------------------------------------


def test_an_answer_without_player_n_answers_only_player_1s_questions() -> None:
    """docs/examples.md: "`player N: STEP` | player N (counted from 1) sets, acts, answers or is checked; without
    it, player 1". Before: a plain `answer` also answered player 2's question."""
    result = probe("Toy Shop", '    player 2: do take an elder\n    answer "Harbor Master"\n')
    [failure] = result.failures
    assert 'player 2 is asked "take which Elder?" and no answer is given' in failure
    assert 'add the line: player 2: answer "' in failure
    result = probe(
        "Toy Shop",
        '    player 2: do take an elder\n    player 2: answer "Harbor Master"\n'
        "    player 2: expect elders = 1\n    expect elders = 0\n",
    )
    assert result.failures == ()


def test_a_plain_answer_is_taken_by_player_1_after_player_2_was_asked_first() -> None:
    result = probe(
        "Toy Shop",
        '    given fish on plates = 2\n    player 2: do take an elder\n    player 2: answer "Harbor Master"\n'
        '    do take an elder\n    answer "Builder"\n    expect elders = 1\n    player 2: expect elders = 1\n',
    )
    assert result.failures == ()


# `given` refuses a table the rules forbid ------------------------------------------------------------------------


def test_a_given_refuses_an_over_full_fishing_track() -> None:
    """Issue 34 §4: "`given` refuses a table the rules forbid: an over-full Fishing track (11 spaces on 10; beside a
    Trawler)". A sloop takes 1 space, a cutter 2, a schooner 3, the Deep-Sea Trawler 4, of 10 (runtime/rules.toml);
    2 schooners beside the Trawler fill 10, a haul of 11 (length 2 + 6 + 4 = 12)."""
    [failure] = probe("Toy Shop", "    given schooners = 2, cutters = 2, sloops = 1\n").failures
    assert failure.endswith("player 1's Ships and Buildings take 11 of the Fishing track's 10 spaces")
    [failure] = probe("Deep-Sea Trawler", "    given schooners = 2, sloops = 1\n").failures
    assert failure.endswith("player 1's Ships and Buildings take 11 of the Fishing track's 10 spaces")
    assert probe("Deep-Sea Trawler", "    given schooners = 2\n    expect haul size = 11\n").failures == ()
