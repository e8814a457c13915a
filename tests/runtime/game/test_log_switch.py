"""A session that keeps no log (Session.keep_log False): the game plays exactly as with the log kept, only no
entry is made, and marks restore such a table as any other."""

from __future__ import annotations

from typing import Any

from runtime.core.decisions import Decision, RandomPlayer
from runtime.core.rules_in_force import rule
from runtime.game.driver import play_whole_round
from runtime.game.phases import final_scores
from runtime.game.setup import new_table
from tests.kit.table_kit import every_card


class Recording:
    """A seeded random decider that keeps every decision put to it as (player, kind, labels, prompt)."""

    def __init__(self, seed: int):
        self.random = RandomPlayer(seed)
        self.asked: list[tuple[int, str, list[str], str]] = []

    def choose(self, decision: Decision, table: Any) -> int:
        self.asked.append((decision.player, decision.kind, decision.labels, decision.prompt))
        return self.random.choose(decision, table)


def played(seed: int, keep_log: bool) -> tuple[Any, Recording, dict]:
    decider = Recording(seed)
    table = new_table(3, every_card(), seed=seed, decider=decider, keep_log=keep_log)
    while table.round < rule(table, None, "rounds"):
        play_whole_round(table)
    return table, decider, final_scores(table)


def test_a_game_without_its_log_asks_the_same_questions_and_ends_the_same() -> None:
    for seed in (3, 11):
        logged, logged_decider, logged_scores = played(seed, keep_log=True)
        silent, silent_decider, silent_scores = played(seed, keep_log=False)
        assert len(logged.session.events) > 100 and silent.session.events == [] and silent.log == []
        assert silent_decider.asked == logged_decider.asked and len(silent_decider.asked) > 50
        assert silent_scores == logged_scores
        for before, after in zip(logged.players, silent.players, strict=True):
            assert (after.supply, [card.name for card in after.buildings]) == (
                before.supply,
                [card.name for card in before.buildings],
            )


def test_a_mark_restores_a_table_without_a_log_and_the_log_of_one_with_it() -> None:
    for keep_log in (True, False):
        table = new_table(2, every_card(), seed=1, keep_log=keep_log)
        table.say("before")
        with table.snapshot() as mark:
            table.general["fish"] -= 2
            table.say("tried")
            table.restore(mark)
        assert table.general["fish"] == 0
        assert table.log == (["R0T0 before"] if keep_log else [])
