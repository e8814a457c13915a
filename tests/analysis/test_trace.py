"""`nus trace`: the exact trace of a card in seeded games (the same games `nus simulate` plays), checked
against the card's text in cards.nus, and proof that watching a game does not change it."""

from __future__ import annotations

import contextlib
import io
import random

import pytest

from compiler import load_cards
from compiler.cli import main
from runtime.analysis.balance import Design, measured_card
from runtime.analysis.games import Grant, Setup, play
from runtime.analysis.grants import Given
from runtime.analysis.simulate import record_line
from runtime.analysis.trace import Tracer, trace_game
from runtime.core.in_play import attach
from runtime.game.forward import Game
from runtime.model.state import CardInPlay
from runtime.players.lookahead import Sampler, trying
from tests.analysis.test_simulate import LOOP
from tests.kit.rulebook import ROOT
from tests.kit.table_kit import question

CARDS = ROOT / "cards.nus"


@pytest.fixture(scope="module")
def specs():
    return load_cards(CARDS.read_text("utf-8"), "cards.nus", trace=True)


def spec_named(specs, name: str):
    return next(spec for spec in specs if spec.name == name)


def nus(*args: str) -> tuple[int, list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["trace", str(CARDS), *args])
    return code, out.getvalue().splitlines(), err.getvalue()


def trace(*args: str) -> list[str]:
    code, lines, err = nus(*args)
    assert code == 0 and err == ""
    return lines[1:]  # the first line names the card file by its full path


def simulate_line(seed: int) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["simulate", str(CARDS), "--seed", str(seed), "--games", "1", "--jobs", "1"]) == 0
    return out.getvalue().splitlines()[0]


def test_an_each_time_trigger_that_fires_shows_its_condition_and_what_it_changed():
    """Barrel Maker: "each time after you serve fish, if fish served >= 3: take 2 wood": in seed 1, 2 fish served
    are not enough and change nothing; 4 are, but P3 is at the wood limit, so the 2 wood go back and it changes
    nothing. In seed 8, 11 served give P2 the 2 wood."""
    assert trace("--seed", "1", "--card", "Barrel Maker") == [
        "players: P1 random, P2 random, P3 random",
        "at the start: in deck A",
        "R2T3 P3: Barrel Maker comes into play",
        "R4T3 P3 each time after you serve fish, if fish served >= 3: silent",
        "    condition failed: `fish served >= 3` false (fish served = 2)",
        "R6T3 P3 each time after you serve fish, if fish served >= 3: fired",
        "    condition held: `fish served >= 3` true (fish served = 4)",
        "    changed: nothing",
        "summary: listened 2 times, fired 1 time",
        "  each time after you serve fish, if fish served >= 3: listened 2 times, fired 1 time",
        simulate_line(1),
    ]
    assert trace("--seed", "8", "--card", "Barrel Maker")[3:6] == [
        "R5T3 P2 each time after you serve fish, if fish served >= 3: fired",
        "    condition held: `fish served >= 3` true (fish served = 11)",
        "    changed: P2 wood 2 -> 4; general supply wood -2",
    ]


MARKET = (  # its choice, in the reference's English; the options keep the words an example's `answer` uses
    "exchange fish from your personal supply for wood from the general supply at a 1:1 ratio, up to a number of fish "
    "equal to the number of empty Building spaces on your Harbor board; or exchange wood from your personal supply "
    "for fish from the general supply at a 1:1 ratio, up to a number of wood equal to the number of empty Building "
    "spaces on your Harbor board"
)


def test_what_the_player_answered_is_shown_with_the_options_they_had():
    """Market: before building a Ship, the owner may exchange up to (empty building spaces) goods. In seed 1 P1
    builds a Ship in R7T1 and takes the exchange: 6 fish for wood, of up to 10, which the 10 empty spaces allow (not
    the 18 fish it has); a long list of options is cut short."""
    assert trace("--seed", "1", "--card", "Market") == [
        "players: P1 random, P2 random, P3 random",
        "at the start: in deck A",
        "R6T2 P1: Market comes into play",
        "R7T1 P1 each time before you build a ship, unless empty building spaces = 0: fired",
        "    condition held: `empty building spaces = 0` false (empty building spaces = 10)",
        f'    P1 "Market: you may choose one: {MARKET}": answered "yes" (of "yes", "no")',
        f'    P1 "Market: choose one: {MARKET}": answered "exchange up to (empty building spaces) fish for wood" '
        '(of "exchange up to (empty building spaces) fish for wood", "exchange up to (empty building spaces) wood for '
        'fish")',
        '    P1 "exchange how many fish for wood?": answered "6" (of "10", "9", "8", "7", "6", "5", 5 more)',
        "    changed: P1 wood 2 -> 8; P1 fish 18 -> 12; general supply wood -6; general supply fish +6",
        "summary: listened 1 time, fired 1 time",
        "  each time before you build a ship, unless empty building spaces = 0: listened 1 time, fired 1 time",
        simulate_line(1),
    ]


def test_an_as_soon_as_card_shows_each_change_of_its_counts_until_it_fires():
    """Urban Quarter: "as soon as buildings > forest covered building spaces: take 2 gold", given to P1; identical
    checks in a row are folded into one line with their count; 2 buildings against 2 covered spaces is not enough,
    3 against 2 is."""
    assert trace("--seed", "0", "--card", "Urban Quarter", "--give", "1") == [
        "players: P1 random, P2 random, P3 random",
        "given to P1 at the start of round 1",
        "at the start: in the display, set aside when the cards are dealt",
        "start P1: Urban Quarter comes into play",
        "start to R2T1 (78 times) P1 as soon as buildings > forest covered building spaces: silent",
        "    condition failed: `buildings > forest covered building spaces` false (buildings = 1, forest covered "
        "building spaces = 6)",
        "R2T1 to R3T1 (52 times) P1 as soon as buildings > forest covered building spaces: silent",
        "    condition failed: `buildings > forest covered building spaces` false (buildings = 1, forest covered "
        "building spaces = 4)",
        "R3T1 to R3T3 (38 times) P1 as soon as buildings > forest covered building spaces: silent",
        "    condition failed: `buildings > forest covered building spaces` false (buildings = 2, forest covered "
        "building spaces = 4)",
        "R3T3 to R3T3 (2 times) P1 as soon as buildings > forest covered building spaces: silent",
        "    condition failed: `buildings > forest covered building spaces` false (buildings = 2, forest covered "
        "building spaces = 2)",
        "R3T3 P1 as soon as buildings > forest covered building spaces: fired",
        "    condition held: `buildings > forest covered building spaces` true (buildings = 3, forest covered "
        "building spaces = 2)",
        "    changed: P1 gold 7 -> 9; general supply gold -2",
        "summary: listened 171 times, fired 1 time",
        "  as soon as buildings > forest covered building spaces: listened 171 times, fired 1 time",
        "seed 0: P1 10, P2 9, P3 12; won by P3",
    ]


def test_a_card_whose_condition_never_held_says_what_kept_it_silent():
    """Gazebo: "as soon as elders >= 4: take 2 gold"; in seed 25 P3 builds it in round 5 with 2 Elders and seats
    no third."""
    lines = trace("--seed", "25", "--card", "Gazebo")
    assert lines == [
        "players: P1 random, P2 random, P3 random",
        "at the start: in the display",
        "R5T2 P3: Gazebo comes into play",
        "R5T2 to R7 end (178 times) P3 as soon as elders >= 4: silent",
        "    condition failed: `elders >= 4` false (elders = 2)",
        "summary: listened 178 times, fired 0 times",
        "  as soon as elders >= 4: listened 178 times; never fired: `elders >= 4` was false every time (elders was 2)",
        simulate_line(25),
    ]
    assert not any("gold" in line for line in lines)  # it never paid out


def test_a_phase_hook_listens_once_a_round_and_fires_only_when_its_condition_holds():
    """Reserve Assets: "at returning home phase, unless fish in reserve < 3"; in seed 67 each step of the card's
    body: 4 fish in the Reserve put 1 wood in the Reserve (`if fish in reserve < 5`), 5 fish 2 wood (`>= 5 and
    < 7`), 8 fish 3 wood (`>= 7`), and with fewer than 3 nothing."""
    assert trace("--seed", "67", "--card", "Reserve Assets") == [
        "players: P1 random, P2 random, P3 random",
        "at the start: in deck A",
        "R3T2 P3: Reserve Assets comes into play",
        "R3 end P3 at returning home phase, unless fish in reserve < 3: fired",
        "    condition held: `fish in reserve < 3` false (fish in reserve = 4)",
        "    changed: P3 wood in reserve 0 -> 1; general supply wood -1",
        "R4 end P3 at returning home phase, unless fish in reserve < 3: fired",
        "    condition held: `fish in reserve < 3` false (fish in reserve = 5)",
        "    changed: P3 wood in reserve 1 -> 3; general supply wood -2",
        "R5 end P3 at returning home phase, unless fish in reserve < 3: fired",
        "    condition held: `fish in reserve < 3` false (fish in reserve = 8)",
        "    changed: P3 wood in reserve 3 -> 6; general supply wood -3",
        "R6 end P3 at returning home phase, unless fish in reserve < 3: fired",
        "    condition held: `fish in reserve < 3` false (fish in reserve = 8)",
        "    changed: P3 wood in reserve 6 -> 9; general supply wood -3",
        "R7 end P3 at returning home phase, unless fish in reserve < 3: silent",
        "    condition failed: `fish in reserve < 3` true (fish in reserve = 0)",
        "summary: listened 5 times, fired 4 times",
        "  at returning home phase, unless fish in reserve < 3: listened 5 times, fired 4 times",
        simulate_line(67),
    ]


def test_when_built_fires_once_and_an_ability_whose_moment_never_came_says_so():
    """Small Campsite: "when built: you may take 1 guest" (the Guest symbol); P1 takes it and the card is never
    built over in seed 9."""
    assert trace("--seed", "9", "--card", "Small Campsite") == [
        "players: P1 random, P2 random, P3 random",
        "at the start: in the display",
        "R1T3 P1: Small Campsite comes into play",
        "R1T3 P1 when built: fired",
        '    P1 "Small Campsite: you may take 1 Guest from the general supply and place the Guest in your personal '
        'supply": answered "yes" (of "yes", "no")',
        "    changed: P1 guest 0 -> 1; general supply guest -1",
        "summary: listened 1 time, fired 1 time",
        "  when built: listened 1 time, fired 1 time",
        "  each time before you build over this building: never listened: its moment never came while the card was "
        "in play",
        simulate_line(9),
    ]


def test_a_card_not_in_play_says_so_and_offers_give():
    code, lines, err = nus("--seed", "2", "--card", "Market")
    assert code == 0 and err == ""
    assert lines[1:] == [
        "players: P1 random, P2 random, P3 random",
        "at the start: in deck A",
        "Market was never in play in this game, so it never listened.",
        "To watch it anyway, put it into play for player P at the start: "
        f"nus trace {CARDS} --seed 2 --players 3 --card Market --give P",
        simulate_line(2),
    ]


def test_give_takes_a_player_as_every_output_names_them_or_their_number(capsys):
    market = ("--seed", "2", "--card", "Market", "--give")
    assert nus(*market, "P2") == nus(*market, "2")
    assert trace(*market, "p2")[1] == "given to P2 at the start of round 1"
    with pytest.raises(SystemExit) as stop:
        main(["trace", str(CARDS), *market, "Q1"])
    assert stop.value.code == 2
    assert "argument --give: 'Q1' is no player: give P1, P2, ... (or 1, 2, ...)" in capsys.readouterr().err


def test_the_first_line_names_the_card_and_its_line_in_the_card_file():
    line = CARDS.read_text("utf-8").splitlines().index('building "Market" (trout A609)') + 1
    code, lines, _ = nus("--seed", "1", "--card", "A609")
    assert code == 0 and lines[0] == f'nus trace: "Market" ({CARDS}:{line}) in seed 1, 3 players'


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--card", "Nothing Such"], f"nus: error: no card named 'Nothing Such' in {CARDS}\n"),
        (
            ["--card", "Carpenter"],
            "nus: error: 2 cards are named 'Carpenter' (building C643, elder E06); give its code to --card\n",
        ),
        (
            ["--card", "E06", "--players", "5", "--give", "1"],
            "nus: error: --give puts a Building into play; 'Carpenter' is an Elder, which comes into play when taken\n",
        ),
        (
            ["--card", "Ship Owner"],
            "nus: error: 'Ship Owner' is only in games of 5 players (its players line), so set-up leaves it out of a "
            "game of 3 players; trace it in a game it is part of: --players 5\n",
        ),
        (
            ["--card", "E06", "--players", "4", "--give", "1"],
            "nus: error: 'Carpenter' is only in games of 5 players (its players line), so set-up leaves it out of a "
            "game of 4 players; trace it in a game it is part of: --players 5\n",
        ),
        (["--card", "Market", "--give", "4"], "nus: error: --give 4: there are only 3 players\n"),
        (["--card", "Market", "--players", "1", "--give", "2"], "nus: error: --give 2: there are only 1 player\n"),
        (
            ["--card", "Ship Owner", "--players", "1"],
            "nus: error: 'Ship Owner' is only in games of 5 players (its players line), so set-up leaves it out of a "
            "game of 1 player; trace it in a game it is part of: --players 5\n",
        ),
        (["--card", "Market", "--agent", "clever"], "nus: error: unknown player 'clever'; choose one of "),
        (
            ["--card", "Market", "--give", "P1", "--round", "9"],
            "nus: error: --round 9: a game has rounds 1 to 7, so round 9 never comes\n",
        ),
        (
            ["--card", "Market", "--balance", "--round", "8"],
            "nus: error: --round 8: a game has rounds 1 to 7, so round 8 never comes\n",
        ),
    ],
)
def test_bad_arguments_are_usage_errors(args, message):
    code, lines, err = nus(*args)
    assert code == 2 and lines == [] and err.startswith(message)


@pytest.mark.parametrize(
    ("card", "seed", "agent"),
    [("Gazebo", 25, "random"), ("Reserve Assets", 67, "random"), ("Market", 221, "random"), ("Gazebo", 0, "greedy")],
)
@pytest.mark.slow
def test_tracing_does_not_change_the_game(specs, card, seed, agent):
    """Same scores, same built cards and the same log, word for word, with and without the tracer; and the
    explaining twin of each condition agrees with the condition every time."""
    setup = Setup(seed, (agent,) * 3, keep_log=True)
    traced = trace_game(specs, spec_named(specs, card), setup)
    assert traced.record == play(specs, setup)
    assert traced.tracer.moments and all(moment.explained == moment.held for moment in traced.tracer.moments)


def test_a_look_ahead_is_no_part_of_the_trace(specs):
    """A player trying moves on the live table (greedy, search) must not show up in the trace: every action is
    tried, each one placing a Worker where the traced card listens, and the trace is as before."""
    game = Game.new(specs, 3, 5, [None] * 3)
    spec = spec_named(specs, "Meeting Center")
    card = CardInPlay(spec, game.table.players[0])
    game.table.players[0].buildings.append(card)
    game.table.session.tracer = tracer = Tracer(spec)
    attach(game.table, card)
    decision = game.to_move()
    assert decision.player == 0 and len(tracer.timeline) == 1  # it came into play
    for index in range(len(decision.options)):
        trying(game, index, Sampler(random.Random(index), 0), game.table.players[0], lambda table: 0.0)
    assert len(tracer.timeline) == 1 and question(game.to_move()) == question(decision)
    game.apply(0)  # played for real, the Worker placed: now the card listens
    assert len(tracer.timeline) == 2 and tracer.moments[0].ability is spec.abilities[0]


def test_balance_traces_the_game_nus_balance_played_for_that_seed_and_card(specs):
    """`--balance`: the card given to the seat `nus balance` gives it to on that seed, at --round."""
    gazebo = next(spec for spec in specs if spec.name == "Gazebo")
    design = Design(3, ("random",) * 3, 7, 2, (measured_card(gazebo),), given=(Given.FREE,))
    baseline, _, treated = [setup for _, (_, setup) in design.seed_jobs(["cards"], 7)]
    assert baseline.grant is None and treated.grant == Grant("Gazebo", 1, 2)
    code, lines, _ = nus("--seed", "7", "--card", "Gazebo", "--balance", "--round", "2")
    assert code == 0 and lines[2] == "given to P2 at the start of round 2"
    assert lines[-1] == record_line(play(specs, treated))
    assert lines[-1] != record_line(play(specs, baseline))  # the gift changed the game, as it does in balance


def test_a_card_that_sets_itself_off_without_end_shows_the_moments_before_the_error(tmp_path):
    """Guest Loop takes a Guest each time it gets one: traced, its moments up to the error are printed (the runs still
    going when it came marked cut off), then the error, exit 1."""
    cards = tmp_path / "loop.nus"
    cards.write_text(CARDS.read_text("utf-8") + LOOP, "utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["trace", str(cards), "--seed", "11", "--card", "Guest Loop"])
    lines = out.getvalue().splitlines()
    assert code == 1 and lines[2:4] == ["at the start: in the display", "R4T2 P1: Guest Loop comes into play"]
    cut_off = (
        "R5T1 P1 each time after you place a new guest in supply, if guests in supply >= 0: fired, cut off by the error"
    )
    assert lines[4:6] == [cut_off, "    condition held: `guests in supply >= 0` true (guests in supply = 1)"]
    assert lines[-1] == "seed 11: stopped by a card error, after the moments above"
    warned, _, stopped = err.getvalue().partition("\nnus: error: ")
    assert warned.startswith(f"{cards}:") and "warning[W0310]: this ability may set itself off" in warned
    assert stopped.startswith(f"{cards}:") and "sets itself off without end" in stopped
