"""`nus vocab`: every phrase with its slots, English and example; WORDS narrow the list."""

from __future__ import annotations

import pytest

from compiler import compile_text
from compiler.backends.language import markdown, matching, phrases
from compiler.checking import vocabulary as vocab
from compiler.cli import main


def test_every_vocabulary_entry_is_listed_once_with_an_example() -> None:
    listed = [p for p in phrases() if p.kind not in ("example step", "answer", "actor", "event field")]
    entries = vocab.EFFECTS + vocab.COUNTS + vocab.FACTS + vocab.EVENTS + vocab.PAYMENTS + vocab.RULES
    assert len(listed) == len(entries) + len(vocab.COUNT_FAMILIES)  # a family of counts is listed once
    assert all(p.example and p.english and "{" not in p.words for p in listed)


def test_vocab_given_lists_exactly_the_settable_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vocab", "given"]) == 0
    out = capsys.readouterr().out
    settable = [vocab.readable(e.pattern) for e in vocab.COUNTS if e.settable]
    assert all(f"  {words} " in out for words in settable)
    counts = [p.words for p in matching(["given"]) if p.kind == "count"]
    assert sorted(counts) == sorted(settable)


def test_vocab_shows_slots_and_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vocab", "take", "good"]) == 0
    out = capsys.readouterr().out
    assert (
        "  take N GOOD\n      take N GOOD from the general supply and place the GOOD in your personal supply\n" in out
    )
    assert "      slots: N: amount, GOOD: good\n      e.g. when built: take 2 wood\n" in out


def test_vocab_lists_the_three_actors_of_an_event_hook(capsys: pytest.CaptureFixture[str]) -> None:
    assert [p.words for p in phrases() if p.kind == "actor"] == [
        "each time TIMING you EVENT",
        "each time TIMING any player EVENT",
        "each time TIMING another player EVENT",
    ]
    assert main(["vocab", "another", "player"]) == 0
    out = capsys.readouterr().out
    assert "  each time TIMING another player EVENT\n" in out
    assert "e.g. each time after another player takes an elder: take 1 gold\n" in out
    assert "  another player did it\n" in out


def test_vocab_with_nothing_matching_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vocab", "zeppelin"]) == 1
    assert "no phrase contains 'zeppelin'" in capsys.readouterr().out


def test_the_language_page_has_a_table_per_kind() -> None:
    page = markdown(phrases())
    assert "## Effects\n\n| phrase | means | example |" in page
    assert '| `place a worker on elder "ELDER"` |' in page
    assert "## Answers" in page


def check(text: str):
    from compiler import compile_text

    return [(d.code, d.message, d.help) for d in compile_text(text, "t.nus").diagnostics]


HEAD = 'building "X" (trout A001)\n  cost 1 wood\n'


def test_a_number_word_is_not_offered_a_count() -> None:
    assert check(HEAD + "  vp forests capped at four\n") == [
        ("E0103", "'four' is not a count", "write numbers in digits, e.g. '4'")
    ]


def test_a_count_without_parentheses_is_offered_them_not_another_effect() -> None:
    assert check(HEAD + "  vp 1\n  when built: take round wood\n") == [
        ("E0101", "unknown effect 'take round wood'", "a count as an amount goes in parentheses: 'take (round) wood'")
    ]


def test_a_name_the_english_quotes_itself_is_quoted_once(capsys: pytest.CaptureFixture[str]) -> None:
    """The discard payment's English quotes its name (a card shows `remove the "Toy Shop" ...`): in nus vocab and
    on the Language page the slot stands in one pair of quotes, as in every other phrase."""
    assert main(["vocab", "discard"]) == 0
    out = capsys.readouterr().out
    assert '      remove the "BUILDING" from play if it is on your Harbor board\n' in out
    assert '""' not in out
    assert '""' not in markdown(phrases())


def test_event_fields_are_listed_with_their_event_and_an_example_that_checks_clean(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A field is a phrase of the language too, known only while its event is heard: nus vocab and the Language
    page list each, and each example compiles on a card."""
    fields = [p for p in phrases() if p.kind == "event field"]
    assert sorted(p.words for p in fields) == sorted({words for e in vocab.EVENTS for words in e.fields})  # once each
    for field in fields:
        card = f'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  {field.example}\n'
        assert compile_text(card, "cards.nus").diagnostics == (), field.example
    assert main(["vocab", "fish served"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("event fields:\n  fish served\n")
    assert "(known only in 'each time ... serve fish')\n" in out
    assert "e.g. each time after you serve fish, if fish served >= 2: take 1 gold\n" in out
    assert "## Event fields\n" in markdown(phrases())
