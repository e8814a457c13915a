"""Whole seeded games: every game ends, and a seed fixes the whole log."""

import os
from fractions import Fraction

import pytest

from runtime.analysis.simulate import Summary, record_line
from runtime.core.decisions import Option
from runtime.game.forward import Record
from runtime.game.setup import new_table
from runtime.mechanics.scoring import score
from runtime.model.state import CardInPlay, LogEntry, Ship
from tests.kit.table_kit import every_card, make_table, played, real_cards


def records(players: int, games: int, seed: int) -> list[Record]:
    return [played(every_card(), players, seed + game).record() for game in range(games)]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_seeded_random_games_finish(players):
    results = records(players, 5, 100)
    assert len(results) == 5
    for result in results:
        assert len(result.scores) == players and result.winners
        assert any("R7T3" in line for line in result.log)


GAMES_PER_PLAYER_COUNT = int(os.environ.get("NUS_GAMES", "1000")) // 4


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_thousand_seeded_games_of_two_to_five_players_finish(players):
    """250 games per player count (NUS_GAMES sets the total): every one reaches scoring in round 7."""
    results = records(players, GAMES_PER_PLAYER_COUNT, 10_000 * players)
    assert len(results) == GAMES_PER_PLAYER_COUNT
    assert all(len(r.scores) == players and r.winners and r.log[-1].startswith("R7T") for r in results)


def test_games_use_every_card_even_when_an_elder_shares_a_buildings_name():
    kinds = {(spec.kind, spec.name) for spec in every_card()}
    assert len(every_card()) == 96
    assert {("building", "Carpenter"), ("elder", "Carpenter")} <= kinds
    assert real_cards()["Carpenter"].kind == "elder"


def test_the_same_seed_gives_the_same_log_and_another_seed_another():
    first, again, other = (played(every_card(), 3, seed).table for seed in (7, 7, 8))
    assert first.log == again.log
    assert first.log != other.log


def test_a_games_line_gives_seed_scores_and_winner():
    def record(seed: int, totals: tuple[Fraction, ...], winners: tuple[int, ...]) -> Record:
        return Record(seed, ("random",) * 2, tuple({"total": total} for total in totals), winners, 42, ())

    assert record_line(record(4, (Fraction(61, 2), Fraction(30)), (0,))) == "seed 4: P1 30½, P2 30; won by P1"
    assert record_line(record(5, (Fraction(12), Fraction(12)), (0, 1))) == "seed 5: P1 12, P2 12; won by P1 and P2"


def test_summary_gives_the_mean_score_with_its_interval_over_games():
    # game averages 15, 16 and 20: mean 17, sd sqrt(7), t(0.975, 2) 4.3027, so 17 -/+ 6.57; min and max over seats
    totals = Summary(2)
    totals.add([10.0, 20.0], ["Sauna"])
    totals.add([12.0, 20.0], ["Sauna", "Stove"])
    totals.add([0.0, 40.0], [])
    assert totals.text() == (
        "3 games, 2 players\n"
        "score: mean 17.0 (95% CI 10.4 to 23.6, n=3 games), min 0.0, max 40.0\n"
        "most built: Sauna (2), Stove (1)"
    )  # no "least built" line: both are named as most built already


def test_one_game_gives_no_interval():
    totals = Summary(3)
    totals.add([3.0, 4.0, 5.0], [])
    assert totals.text().splitlines()[:2] == [
        "1 game, 3 players",
        "score: mean 4.0 (one game: no interval), min 3.0, max 5.0",
    ]


def test_summary_reports_scores_and_buildings():
    totals = Summary(2)
    for record in records(2, 3, 1):
        totals.add_record(record)
    text = totals.text()
    assert text.startswith("3 games, 2 players\nscore: mean ")
    assert "most built: " in text


def test_end_scoring_parts():
    table = make_table(2)
    me, other = table.players
    me.supply.update(gold=5, guest=1)
    me.track.ships = [Ship("sloop"), Ship("schooner", guest=True)]
    building = CardInPlay(real_cards()["Wood Storage"], me, cell=(1, 2))
    me.harbor.cells[(1, 2)] = building
    me.buildings.append(building)
    theirs = [s for s in table.shares if s.colour == 1]
    theirs[2].issued, theirs[2].holder = True, me.index  # one of their Shares bought by me
    parts = score(table, me)
    assert parts["buildings"] == 3
    assert parts["ships"] == 1 + 4
    assert parts["gold"] == 5
    assert parts["shares"] == 3 - 3  # two own + one bought, minus three own unissued
    assert parts["empty_spaces"] == -7  # 8 free spaces at the start, one built on
    assert parts["guests"] == 1 + 0.5
    assert parts["total"] == 3 + 5 + 5 + 0 - 7 + 1.5 == Fraction(15, 2)


def test_the_log_is_structured_and_its_text_is_rendered_from_the_entries():
    table = played(every_card(), 3, 7).table
    entries = table.session.events
    assert [str(entry) for entry in entries] == table.log
    builds = [entry for entry in entries if " builds " in entry.text]
    assert builds, "seed 7 builds at least one Building"
    specs = {spec.name: spec for spec in every_card() if spec.kind == "building"}
    for entry in builds:
        assert entry.text.startswith(f"P{entry.player + 1} builds {entry.card} at ")
        assert entry.line == specs[entry.card].line > 0
    assert {entry.player for entry in entries if entry.text.endswith("round starts")} == {None}


def test_the_engines_records_keep_their_defaults_and_the_log_makes_whole_entries() -> None:
    assert LogEntry(2, 1, "P1 passes") == LogEntry(2, 1, "P1 passes", None, None, 0)
    assert str(LogEntry(2, 1, "P1 passes")) == "R2T1 P1 passes"
    table = new_table(2, every_card())
    spec = table.display[0]
    table.say("P1 passes", 0)
    table.say("P2 builds", 1, card=spec)
    table.say("P2 uses it", 1, card=CardInPlay(spec, table.players[1]))
    assert table.session.events == [
        LogEntry(0, 0, "P1 passes", 0),
        LogEntry(0, 0, "P2 builds", 1, spec.name, spec.line),
        LogEntry(0, 0, "P2 uses it", 1, spec.name, spec.line),
    ]
    assert [entry.card for entry in table.session.events] == [None, spec.name, spec.name] and spec.line > 0
    assert Option(3, "plate of 3") == Option(3, "plate of 3") and Option(3, "x") != Option(3, "y")
