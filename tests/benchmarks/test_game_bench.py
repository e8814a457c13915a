"""The game benchmark's parts run once (the figures themselves come from `python -m tests.benchmarks.game_bench`)."""

from __future__ import annotations

import pytest

from tests.benchmarks.game_bench import (
    ISSUE_DAY_RATIO,
    Unavailable,
    issue_day_game_ms,
    on_issue_yardstick,
)


def test_the_issue_yardstick_scales_its_52x_by_todays_time_over_the_issue_day_engines() -> None:
    assert ISSUE_DAY_RATIO == 52.0
    assert on_issue_yardstick(game=3.0, issue_day_game=19.5) == pytest.approx(8.0)
    assert on_issue_yardstick(game=19.5, issue_day_game=19.5) == pytest.approx(52.0)


@pytest.mark.slow
def test_the_issue_day_engine_plays_from_git_history() -> None:
    try:
        milliseconds = issue_day_game_ms(games=1, passes=1)
    except Unavailable as why:  # a clone without history: the bench row says so too
        pytest.skip(str(why))
    assert 0 < milliseconds < 10_000
