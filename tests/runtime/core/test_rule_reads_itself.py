"""A rule whose value is worked out from a count that reads the same rule (issue 36 §1, found by the card generator):
`rule elder seats = free elder seats + 1` asks for its own value without end. It stops naming the card file, the
card and the rule, as a hook that sets itself off does, never a RecursionError. A rule reading its own name (`rule
elder seats = elder seats + 1`) is a relative change and stays fine."""

from __future__ import annotations

import pytest

from tests.fuzz.cards import Generated
from tests.fuzz.games import FILENAME, play_card

CARD = 'building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n  rule {rule}\n'


def played(rule: str, seed: int):
    card = Generated(CARD.format(rule=rule), 2, "building")
    return card, play_card(card, seed)


@pytest.mark.parametrize(
    ("rule", "through"),
    [
        ("elder seats = free elder seats + 1", "elder seats"),
        ("wood limit = wood in supply + 1", None),
    ],
)
def test_a_rule_worked_out_from_itself_stops_naming_the_card(rule: str, through: str | None) -> None:
    for seed in range(3):
        card, outcome = played(rule, seed)
        if through is None:  # wood in supply does not read the wood limit: it plays
            assert (outcome.kind, outcome.detail) == ("played", "")
            continue
        line = card.file_text.splitlines().index('building "Fuzzed" (trout A999)') + 1
        assert (outcome.kind, outcome.signature) == ("stopped", "RuleLoop"), outcome.detail[-500:]
        assert outcome.detail == (
            f'{FILENAME}:{line}: card "Fuzzed": its rule "{through}" is worked out from its own value without end '
            f"(a count in it reads {through} again); work it out from other counts, or write `{through} + N` to "
            "change the value before it"
        )


def test_a_relative_rule_reads_the_value_before_it() -> None:
    for seed in range(3):
        _, outcome = played("elder seats = elder seats + 1", seed)
        assert (outcome.kind, outcome.detail) == ("played", "")
