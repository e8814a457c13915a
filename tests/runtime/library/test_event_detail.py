"""Event fields for the detail of an action (issue 34 §3): "the number of plates filled with Guests (not with fish)
in the Serve Fish action just taken". A card hears it, and `nus vocab` lists it with the event that carries it."""

from __future__ import annotations

from compiler import compile_text, load_cards, load_examples
from compiler.checking import vocabulary as vocab
from runtime.examples import run_example

CARD = """building "Guest Table" (trout A908)
  cost 1 wood
  vp 1
  each time after you serve fish, if plates filled with guests >= 1:
    take (plates filled with guests) wood
  example "a plate filled with a Guest, one with fish: 1 wood":
    given wood in supply = 0, fish in supply = 2, guests in supply = 1
    do place a worker on serve fish
    answer plate 2, guest, plate 2, fish
    expect wood in supply = 1, guests in supply = 0, fish in supply = 0
  example "plates filled with fish only: nothing":
    given wood in supply = 0, fish in supply = 4, guests in supply = 1
    do place a worker on serve fish
    answer plate 2, fish, plate 2, fish, stop
    expect wood in supply = 0, guests in supply = 1
"""


def test_plates_filled_with_guests_counts_only_the_plates_a_guest_filled() -> None:
    assert compile_text(CARD, "t.nus").diagnostics == ()
    specs = load_cards(CARD, "t.nus")
    failures = {example.title: run_example(example, specs).failures for example in load_examples(CARD, "t.nus")}
    assert failures == dict.fromkeys(failures, ())


def test_the_field_is_known_only_while_hearing_serve_fish() -> None:
    [serve] = [event for event in vocab.EVENTS if event.pattern == "serve fish"]
    assert "plates filled with guests" in serve.fields
    found = compile_text(CARD.replace("each time after you serve fish, ", "at end of round, "), "t.nus").diagnostics
    assert [(d.code, d.message) for d in found] == [
        ("E0306", "'plates filled with guests' is only known while handling 'serve fish'")
    ] * 2  # the condition and the amount
