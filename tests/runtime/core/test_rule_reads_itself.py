"""A rule whose value is worked out from a count that reads the same rule (issue 36 §1, found by the card generator):
`rule elder seats = free elder seats + 1` asks for its own value without end. It stops naming the card file, the
card and the rule, as a hook that sets itself off does, never a RecursionError. A rule reading its own name (`rule
elder seats = elder seats + 1`) is a relative change and stays fine."""

from __future__ import annotations

import pytest

from compiler import load_cards
from runtime.core.rules_in_force import RuleLoop, rule
from tests.fuzz.cards import Generated
from tests.fuzz.games import FILENAME, play_card
from tests.kit.table_kit import make_table, put_in_play

CARD = 'building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n  rule {rule}\n'
LOOP = (
    '{file}:1: card "Fuzzed": its rule "elder seats" is worked out from its own value without end (a count in it '
    "reads elder seats again); work it out from other counts, or write `elder seats + N` to change the value before it"
)


def in_play(text: str):
    (spec,) = load_cards(CARD.format(rule=text), "self.nus")
    table = make_table()
    put_in_play(table, table.players[0], spec, cell=(1, 1))
    return table


def test_a_rule_worked_out_from_itself_stops_naming_the_card() -> None:
    table = in_play("elder seats = free elder seats + 1")
    with pytest.raises(RuleLoop) as stopped:
        rule(table, table.players[0], "elder_seats")
    assert str(stopped.value) == LOOP.format(file="self.nus")
    assert table.session.rules_asked == {}  # nothing left noted: the next look-up starts clean
    assert rule(table, table.players[1], "elder_seats") == 5  # the other player's seats are not this card's


@pytest.mark.parametrize(("text", "seats"), [("elder seats = elder seats + 1", 6), ("elder seats = elders + 5", 5)])
def test_rules_reading_the_value_before_them_or_other_counts_are_no_loop(text: str, seats: int) -> None:
    table = in_play(text)
    assert rule(table, table.players[0], "elder_seats") == seats


def test_in_games_the_loop_stops_naming_the_card_never_a_traceback() -> None:
    """Seeded games (tests/fuzz/games.py): the rule is asked whenever its owner's seats count, so most games stop;
    one where the owner's seats are never asked plays to the end."""
    card = Generated(CARD.format(rule="elder seats = free elder seats + 1"), 2, "building")
    line = card.file_text.splitlines().index('building "Fuzzed" (trout A999)') + 1
    outcomes = [play_card(card, seed) for seed in range(6)]
    assert {(o.kind, o.signature) for o in outcomes} <= {("stopped", "RuleLoop"), ("played", "")}
    stopped = [o.detail for o in outcomes if o.kind == "stopped"]
    assert len(stopped) >= 3 and set(stopped) == {LOOP.format(file=FILENAME).replace(":1:", f":{line}:")}
