"""Planted edits, each measured by the default `nus balance OLD --against NEW` (greedy players, only the card whose
text changed measured, 100 seeds), and an A/A calibration: the same file's games compared across seed blocks flag no
more than the false discovery rate allows.

Each planted edit is checked on one seed block in the test run (CI's time); NUS_PLANTED_BLOCKS=3 checks it on three,
so a flag is not one lucky block's.
"""

from __future__ import annotations

import os
import re
from dataclasses import fields

import pytest

from runtime.analysis.balance import Design, Tally, compare, measure, measured_card
from runtime.analysis.runner import Source
from tests.analysis.test_balance import CARDS, run_json, variant

pytestmark = pytest.mark.slow

BLOCKS = tuple(range(0, 1000 * int(os.environ.get("NUS_PLANTED_BLOCKS", "1")), 1000))  # each block's first seed
YACHT = 'building "Yacht House" (trout B628)\n  cost 3 wood, 3 fish\n'
HARBOR = 'building "Harbor Branch" (trout B626)\n  cost 2 wood, 2 fish, 1 gold\n  vp 3\n'


def against(old, new, seed: int) -> dict:
    return run_json(str(old), "--against", str(new), "--seed", str(seed), "--agent", "greedy")


@pytest.mark.parametrize("seed", BLOCKS)
def test_a_yacht_house_two_wood_cheaper_is_flagged_and_its_paid_value_rises(tmp_path, seed):
    cheaper = variant(tmp_path, "cheaper.nus", YACHT, YACHT.replace("3 wood", "1 wood"))
    result = against(CARDS, cheaper, seed)
    (card,) = result["cards"]
    assert card["name"] == "Yacht House" and result["games"] == 100
    assert card["flag"] == "changed" and card["p_adjusted"] < 0.01
    assert card["delta"] > 0  # a cheaper card is worth more, paid for
    assert card["rounds_in_play_change"]["delta_ci_low"] > 0  # the seat builds it sooner and more often
    free = card["free_value"]
    assert (free["delta"], free["delta_ci_low"], free["delta_ci_high"]) == (0, 0, 0)  # given free, cost is no part


@pytest.mark.parametrize("seed", BLOCKS)
def test_a_harbor_branch_with_three_more_printed_vp_is_flagged_and_its_free_value_moves_by_three(tmp_path, seed):
    """Given free, the card is in play from round 1 on every seed: its free value moves by +3 within its interval.
    Not by exactly 3 on every seed: an opponent may play against a leader 3 VP richer (block 0: +3.02 [2.98, 3.06])."""
    richer = variant(tmp_path, "richer.nus", HARBOR, HARBOR.replace("vp 3", "vp 6"))
    result = against(CARDS, richer, seed)
    (card,) = result["cards"]
    assert card["name"] == "Harbor Branch" and card["flag"] == "changed" and card["p_adjusted"] < 0.01
    free = card["free_value"]
    assert free["delta_ci_low"] <= 3 <= free["delta_ci_high"] and free["delta_n"] == 100
    assert 2.9 <= free["delta"] <= 3.1
    assert card["delta"] > 0


def test_a_printed_vp_every_option_shares_never_moves_the_seats_own_choices():
    """The measured seat's evaluation of every option moves by the same +3, so its choices must not move: before the
    evaluation was rounded, float noise broke exact ties the other way on seeds 3, 7 and 11 (a free value of +11.5 on
    seed 3). An opponent may choose differently against a leader 3 VP richer (seed 10: P3 takes an Elder, not a
    Building, in round 4), so the games may part, but never first at the seat's own move; where they do not part,
    the seat's score alone moves, by 3. Seeds 0-11, the whole game's log compared."""
    from compiler.cli.common import cards_kept
    from runtime.analysis.games import Grant, Setup, play
    from runtime.analysis.grants import Given

    text = CARDS.read_text("utf-8")
    files = [cards_kept(text, "cards.nus"), cards_kept(text.replace(HARBOR, HARBOR.replace("vp 3", "vp 6")), "x.nus")]
    unparted = 0
    for seed in range(12):
        seat = seed % 3
        setup = Setup(seed, ("greedy",) * 3, Grant("Harbor Branch", seat, 1, Given.FREE), keep_log=True)
        before, after = (play(specs, setup) for specs in files)
        parted = next((old for old, new in zip(before.log, after.log, strict=False) if old != new), None)
        if parted is None:
            assert after.log == before.log
            moved = [new - old for old, new in zip(before.scores, after.scores, strict=True)]
            assert moved == [3.0 if at == seat else 0.0 for at in range(3)]
            unparted += 1
        else:
            speaker = re.match(r"R\d+T\d+ P(\d) ", parted)  # the player whose move the games first part at
            assert speaker and speaker[1] != str(seat + 1), (seed, parted)
    assert unparted >= 6  # the seat's games with and without the 3 VP are the same game on most seeds


def block(tally: Tally, start: int, stop: int) -> Tally:
    """The games of seeds start to stop - 1 (by position) of a tally, as a tally of their own."""
    part = Tally(tally.players)
    for field in fields(Tally):
        value = getattr(tally, field.name)
        if isinstance(value, list):
            value = [row[start:stop] for row in value] if value and isinstance(value[0], list) else value[start:stop]
        elif isinstance(value, dict):
            value = {key: cut(inner, start, stop) for key, inner in value.items()}
        setattr(part, field.name, value)
    part.games = stop - start
    return part


def cut(value, start: int, stop: int):
    return {key: row[start:stop] for key, row in value.items()} if isinstance(value, dict) else value[start:stop]


def test_a_files_games_against_themselves_on_other_seeds_flag_no_more_than_the_false_discovery_rate():
    """A/A: one file's games on 20 disjoint pairs of seed blocks (24 seeds each, random players, six cards), each pair
    compared as if old and new: every difference is a true null, so any flag is a false discovery, and the share of
    comparisons that flag anything (the false discovery rate, all nulls being true) stays at or below --fdr."""
    from compiler.cli.common import cards_kept

    text = CARDS.read_text("utf-8")
    specs = cards_kept(text, "cards.nus")
    codes = ("A601", "A609", "A717", "B622", "B731", "E01")  # Cabin, Market, Stove, Gazebo, Yurt, the Builder (Elder)
    cards = tuple(measured_card(spec) for spec in specs if spec.code in codes)
    design = Design(3, ("random",) * 3, 0, 1, cards)
    size, pairs, rate = 24, 20, 0.1
    tallies, _ = measure({"cards": Source(text, "cards.nus", cards_kept)}, design, games=2 * pairs * size, workers=2)
    tally = tallies["cards"]
    flagged = 0
    for pair in range(pairs):
        first, second = 2 * pair * size, (2 * pair + 1) * size
        old, new = block(tally, first, first + size), block(tally, second, second + size)
        by_card, _, tests = compare(design, old, new, rate)
        assert tests == 4 * len(cards)
        flagged += any(row["flagged_by"] for row in by_card.values())
    assert flagged / pairs <= rate
