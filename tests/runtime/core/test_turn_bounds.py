"""A game's work is bounded (issue 36, the 100,000-card run on f0d16f5: four hangs, seed 3 cards 26100, 26138, 59079,
71246). The depth guard and the hook-run budget bound one chain of hooks, not what it asks: a hook run `up to (big)
times: choose one` asks a decision a time, a hook or an "at any time" use may give a turn whose moments give
another, across players' turns. Each is stopped by a card-and-line error naming the bound it outgrew
(runtime/core/events.py): decisions in answer to one event or use, extra turns and "at any time" uses a player gets
in one Round."""

from __future__ import annotations

import contextlib
import io

import pytest

from compiler import load_cards
from compiler.cli import main
from runtime.core import events
from runtime.core.decisions import DecisionKind, RandomPlayer
from runtime.game.driver import Stage, run_segment
from runtime.game.setup import new_table
from runtime.model.errors import CardError
from tests.fuzz.cards import NAME, Generated
from tests.fuzz.games import FILENAME, deal, play_card, put_in_play
from tests.fuzz.run import case
from tests.kit.rulebook import ROOT
from tests.kit.table_kit import every_card, played

DECISIONS_HINT = (
    f"asked {events.MOST_HOOK_DECISIONS:,} decisions in answer to one event or use); its effect must not set off "
    "the event it waits for, nor give a turn or a repeat that does"
)

FOUND = [  # (card number of seed 3, the line and text of the ability the error names)
    (26100, 12, "each time before any player build a building"),
    (26138, 13, "each time before any player deforest, if C buildings <= 3"),
    (59079, 14, "at any time"),
    (71246, 17, "each time before another player place a worker"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("index", "line", "text"), FOUND)
def test_the_hangs_the_100k_run_found_stop_naming_card_line_and_bound(index: int, line: int, text: str) -> None:
    """Each card as the run played it (`python -m tests.fuzz --seed 3 --first N --cards 1`): stopped, not a hang."""
    card, _ = case(3, index)
    assert card.file_text.splitlines()[line - 1].strip().rstrip(":") == text
    outcome = play_card(card, index)
    assert (outcome.kind, outcome.signature) == ("stopped", "TriggerLoop"), outcome.detail[-600:]
    assert outcome.detail == f'{FILENAME}:{line}: card "{NAME}" keeps asking for decisions ("{text}" {DECISIONS_HINT}'


class Keen(RandomPlayer):
    """A random player that uses every "at any time" ability offered, as a player valuing it would (asked one
    decision at a time: no `pick`)."""

    pick = None

    def choose(self, decision, game):  # noqa: ANN001, ANN201 - the decider protocol's
        if decision.kind is DecisionKind.ANY_TIME:
            return len(decision.options) - 1
        return super().choose(decision, game)


def keen_game(text: str, seed: int, players: int = 3) -> CardError:
    """A seeded game with the card in play for a seat and every seat Keen; the CardError that ends it."""
    card = Generated(text, players, "building")
    specs = [*every_card(), *load_cards(card.file_text, FILENAME)]
    fuzzed = specs[-1]
    table = new_table(players, specs, seed=seed, decider=Keen(seed))
    deal(table, fuzzed)
    run_segment(table)
    put_in_play(table, table.players[seed % players], fuzzed)
    with pytest.raises(CardError) as stopped:
        while table.stage != Stage.OVER:
            run_segment(table)
    return stopped.value


USED_OVER_AND_OVER = """building "Fuzzed" (trout A999)
  cost none
  vp 1
  at any time:
    take 1 fish
"""

TURN_AFTER_TURN = """building "Fuzzed" (trout A999)
  cost none
  vp 1
  at any time:
    take 1 wood
    take an extra turn
"""


def line_of(text: str, line: str) -> int:
    return Generated(text, 3, "building").file_text.splitlines().index(line) + 1


@pytest.mark.parametrize("seed", range(3))
def test_an_ability_used_at_any_time_over_and_over_stops_in_its_round(seed: int) -> None:
    """A player who values it uses it at every moment, as often as they like: past MOST_ANY_TIME_USES a Round."""
    error = keen_game(USED_OVER_AND_OVER, seed)
    owner = f"P{seed % 3 + 1}"
    assert type(error) is events.TooManyTurns and error.card == NAME
    assert str(error) == (
        f'{FILENAME}:{line_of(USED_OVER_AND_OVER, "  at any time:")}: card "{NAME}" gives turns without end ("at any '
        f'time" used {events.MOST_ANY_TIME_USES} times by {owner} in one Round); what a turn or use gives must not '
        "make another possible each time"
    )


@pytest.mark.parametrize("seed", range(3))
def test_extra_turns_that_give_the_next_stop_at_the_line_giving_them(seed: int) -> None:
    """Each turn's any-time moment gives another turn: past MOST_EXTRA_TURNS a Round, named at `take an extra turn`."""
    error = keen_game(TURN_AFTER_TURN, seed)
    owner = f"P{seed % 3 + 1}"
    assert type(error) is events.TooManyTurns and error.card == NAME
    assert str(error) == (
        f'{FILENAME}:{line_of(TURN_AFTER_TURN, "    take an extra turn")}: card "{NAME}" gives turns without end ("at '
        f'any time" gave {owner} {events.MOST_EXTRA_TURNS} extra turns in one Round); what a turn or use gives must '
        "not make another possible each time"
    )


MANY_ASKED = """
building "Fuzzed" (trout A999)
  cost none
  vp 1
  each time after any player place a worker:
    up to 1000 times:
      choose one:
        - take 1 fish
        - take 1 wood
      choose one:
        - take 1 fish
        - take 1 wood
      choose one:
        - take 1 fish
        - take 1 wood
"""


@pytest.mark.slow
def test_nus_trace_shows_the_decision_bound_as_a_card_error(tmp_path) -> None:  # noqa: ANN001 - pytest's
    """`nus trace` of a hook asking three decisions up to 1000 times: the card's file, line and the bound on stderr,
    exit 1, no traceback (on the first seed where a run is asked for over 666 times)."""
    real = (ROOT / "cards.nus").read_text("utf-8")
    cards = tmp_path / "cards.nus"
    cards.write_text(real + MANY_ASKED, "utf-8")
    line = real.count("\n") + 5
    for seed in range(10):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["trace", str(cards), "--card", NAME, "--seed", str(seed)])
        if code:
            break
    stopped = err.getvalue().partition("nus: error: ")[2]
    assert code == 1 and "Traceback" not in err.getvalue(), err.getvalue()[-800:]
    assert stopped == (
        f'{cards}:{line}: card "{NAME}" keeps asking for decisions ("each time after any player place a worker" '
        f"{DECISIONS_HINT}\n"
    )


USED_IN_AN_EXAMPLE = (
    USED_OVER_AND_OVER
    + '  example "used at every moment, as often as asked":\n    do run the fishing phase\n    answer '
    + ", ".join(['"Fuzzed"'] * (events.MOST_ANY_TIME_USES + 1))
    + "\n"
)

ASKED_IN_AN_EXAMPLE = f"""building "Fuzzed" (trout A999)
  cost none
  vp 1
  at start of fishing phase:
    up to 1000 times:
      choose one:
        - take 1 fish
        - take 1 wood
      choose one:
        - take 1 fish
        - take 1 wood
  example "a repeat asking each time":
    do run the fishing phase
    answer 1000, {", ".join(["take 1 fish"] * events.MOST_HOOK_DECISIONS)}
"""


@pytest.mark.parametrize(
    ("text", "failure"),
    [
        (
            USED_IN_AN_EXAMPLE,
            '{path}:6: FAILED card "Fuzzed": used at every moment, as often as asked\n    line 7: do run the fishing '
            'phase: {path}:4: card "Fuzzed" gives turns without end ("at any time" used '
            f"{events.MOST_ANY_TIME_USES} times by P1 in one Round); what a turn or use gives must not make another "
            "possible each time\n",
        ),
        (
            ASKED_IN_AN_EXAMPLE,
            '{path}:12: FAILED card "Fuzzed": a repeat asking each time\n    line 13: do run the fishing phase: '
            '{path}:4: card "Fuzzed" keeps asking for decisions ("at start of fishing phase" ' + DECISIONS_HINT + "\n",
        ),
    ],
)
def test_nus_test_reports_a_bound_as_the_examples_failure(
    text: str,
    failure: str,
    tmp_path,
    capsys: pytest.CaptureFixture[str],  # noqa: ANN001 - pytest's
) -> None:
    """A worked example that drives a card past a bound fails with the card's file, line and bound: exit 1."""
    path = tmp_path / "cards.nus"
    path.write_text(text, "utf-8")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert failure.format(path=path) in out
    assert "Traceback" not in out


def test_the_real_cards_stay_far_below_the_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games of the real cards at 2-5 players: no decision count, extra turn or any-time use comes near its bound (the
    most measured over 5,496 seeded games are in events.py), so no real card is ever stopped by one."""
    most = {"decisions": 0, "turns": 0, "uses": 0}
    count_turn, count_use = events.count_extra_turn, events.count_any_time_use
    run = events.run_all_or_nothing

    def running(table, ability, ctx):  # noqa: ANN001, ANN202 - run_all_or_nothing's own
        done = run(table, ability, ctx)
        most["decisions"] = max(most["decisions"], events.MOST_HOOK_DECISIONS - table.session.hook_decisions_left)
        most["uses"] = max(most["uses"], *(player.any_time_round for player in table.players))
        most["turns"] = max(most["turns"], *(player.extra_turns_round for player in table.players))
        return done

    monkeypatch.setattr(events, "run_all_or_nothing", running)
    for seed in range(4):
        for players in (2, 3, 4, 5):
            played(every_card(), players, seed)
    assert count_turn is events.count_extra_turn and count_use is events.count_any_time_use
    assert 1 <= most["decisions"] <= events.MOST_HOOK_DECISIONS // 5, most
    assert most["turns"] <= events.MOST_EXTRA_TURNS // 5 and most["uses"] <= events.MOST_ANY_TIME_USES // 5, most
