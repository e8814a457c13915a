"""The play session with no browser: option words, hidden information, undo, saved games, hints, --give and the
fired log, and `nus play --text` / `--replay --check` as a designer runs them."""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import threading

import pytest

from compiler import load_cards
from compiler.cli import main
from runtime.analysis.games import Grant
from runtime.examples.answers import words
from runtime.game.forward import Game
from runtime.players import seat_deciders
from runtime.playtest.saved import read_saved, saved_text
from runtime.playtest.session import PERSON, PlaySession, ReplayError, Setup
from runtime.playtest.view import number
from runtime.playtest.wording import AnswerError, distinct, exact_choice, typed_choice
from tests.kit.rulebook import ROOT

# The Guest symbol's question, in the reference's English
TAKE_A_GUEST = "you may take 1 Guest from the general supply and place the Guest in your personal supply"

CARDS = ROOT / "cards.nus"


@pytest.fixture(scope="module")
def specs():
    return load_cards(CARDS.read_text("utf-8"), "cards.nus", trace=True)


def play(session: PlaySession, answers: int, seed: int = 0) -> None:
    """Answer up to `answers` of the people's questions at random (seeded)."""
    rng = random.Random(seed)
    for _ in range(answers):
        if session.question is None:
            return
        session.answer(rng.randrange(len(session.question.options)))


def snapshot(session: PlaySession) -> tuple:
    return (
        json.dumps(session.view(0)),
        json.dumps(session.log()),
        list(session.record),
        session.question_json(),
        session.scores(),
    )


# words ------------------------------------------------------------------------------------------------------------

UNWORDED = ("<", "object at", "Payment(", "CardInPlay", "_")


@pytest.mark.slow
def test_every_option_of_every_decision_kind_gets_distinct_words_that_name_it(specs):
    """40 seeded games, every seat a person answering at random: each option's words name that option alone (what a
    saved game and an `answer` line rely on), and none is a raw Python value."""
    kinds: dict[str, int] = {}
    for seed in range(40):
        session = PlaySession(specs, Setup(seed, (PERSON,) * (2 + seed % 4)))
        rng = random.Random(seed)
        while (question := session.question) is not None:
            options = question.options
            kinds[question.decision.kind] = kinds.get(question.decision.kind, 0) + 1
            assert len({words(option) for option in options}) == len(options), options
            for index, option in enumerate(options):
                assert option.strip() and not any(mark in option for mark in UNWORDED), option
                assert exact_choice(options, option) == index
            session.answer(rng.randrange(len(options)))
        assert session.over
    every_game_asks = {"action", "building", "space", "elder", "plate", "serve_plate", "forest", "double_space"}
    assert every_game_asks <= set(kinds)
    assert len(kinds) >= 15, sorted(kinds)


def test_alike_options_are_told_apart_by_their_place():
    told = ["plate 2", "plate 2 (2nd)", "plate 3", "plate 2 (3rd)"]
    assert distinct(["plate 2", "plate 2", "plate 3", "plate 2"]) == told
    options = distinct(["no", "sloop", "sloop"])
    assert [exact_choice(options, option) for option in options] == [0, 1, 2]


def test_typed_answers_take_a_number_the_words_or_their_start():
    options = ["gold", "build a building", "build a ship", "pay 2 wood and 1 fish"]
    assert typed_choice(options, "3") == 2
    assert typed_choice(options, "Build a Ship") == 2
    assert typed_choice(options, "pay 1 fish and 2 wood") == 3
    assert typed_choice(options, "go") == 0
    with pytest.raises(AnswerError, match="could be any of build a building, build a ship"):
        typed_choice(options, "build")
    with pytest.raises(AnswerError, match="5 is not an option: type 1 to 4"):
        typed_choice(options, "5")
    with pytest.raises(AnswerError, match="'sail' is not an option"):
        typed_choice(options, "sail")


# hidden information ---------------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_by_name_and_only_counts_of_the_rest(specs):
    session = PlaySession(specs, Setup(5, (PERSON, "random", "random")))
    table = session.game.table
    deck_cards = [spec.name for deck in table.decks.values() for spec in deck]
    mine, theirs = table.decks["A"][0], table.decks["B"][0]
    table.players[0].hand.append(mine)
    table.players[1].hand.append(theirs)
    view = session.view(0)
    assert view["players"][0]["hand"] == [mine.name]
    assert view["players"][1]["hand"] is None and view["players"][1]["hand_count"] == 1
    assert view["players"][2]["hand"] is None and view["players"][2]["hand_count"] == 0
    assert {letter: deck for letter, deck in view["boards"]["decks"].items()} == {
        letter: {"count": len(deck)} for letter, deck in table.decks.items()
    }
    assert all("cards" not in stack for stack in view["boards"]["elder_stacks"])
    text = json.dumps(view)
    hidden = [name for name in deck_cards if name != mine.name and name not in table.display]
    assert [name for name in hidden if json.dumps(name) in text] == []  # no deck card, no other hand, by name
    everything = session.view(0, show_all=True)
    assert everything["players"][1]["hand"] == [theirs.name]
    for letter, deck in table.decks.items():
        assert everything["boards"]["decks"][letter]["cards"] == [spec.name for spec in reversed(deck)]


# the game is the engine's game -------------------------------------------------------------------------------------


def check_bots_play_simulates_game(specs, agents: tuple[str, ...], seed: int) -> None:
    played = Game.new(specs, len(agents), seed, seat_deciders(agents, seed)).play_out()
    session = PlaySession(specs, Setup(seed, agents))
    assert session.over and session.game.table.log == list(played.log)
    assert [session.scores()[seat]["total"] for seat in range(len(agents))] == [
        number(part["total"]) for part in played.parts
    ]


@pytest.mark.slow
@pytest.mark.parametrize("agents", [("random",) * 3, ("random", "greedy")], ids="+".join)
@pytest.mark.parametrize("seed", range(6))
def test_a_table_of_bots_plays_the_game_nus_simulate_plays(specs, agents, seed):
    """With no person seated, the session (every seat answered from outside, on the live table) plays the very game
    `nus simulate` / `nus balance` play: the same log and scores. A lone option a random player draws for is asked of
    the bot too, as play_out asks it."""
    check_bots_play_simulates_game(specs, agents, seed)


@pytest.mark.slow
@pytest.mark.parametrize("agents", [("greedy", "random", "random"), ("search", "random"), ("random",) * 4])
@pytest.mark.parametrize("seed", range(6, 20))
def test_a_table_of_bots_plays_the_game_nus_simulate_plays_over_more_seeds(specs, agents, seed):
    check_bots_play_simulates_game(specs, agents, seed)


# undo, saving, hints ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_undo_then_the_same_answer_gives_the_same_game(specs, seed):
    """An action with no question inside (gold, thin out, pass), so the bots move before the person is asked again."""
    session = PlaySession(specs, Setup(seed, (PERSON, "greedy", "random")))
    play(session, 6, seed)
    while not {"gold", "thin out", "pass"} & set(session.question.options):
        play(session, 1, seed)
    before = snapshot(session)
    choice = next(i for i, words in enumerate(session.question.options) if words in ("gold", "thin out", "pass"))
    session.answer(choice)
    after = snapshot(session)
    assert len(session.record) > len(before[2]) + 1  # the bots moved after the answer
    assert session.undo()
    assert snapshot(session) == before
    assert session.undos == 1
    session.answer(choice)
    assert snapshot(session) == after
    play(session, 3, seed + 1)
    assert session.record[: len(after[2])] == after[2]


def test_undo_at_the_first_question_says_there_is_nothing_to_undo(specs):
    session = PlaySession(specs, Setup(1, (PERSON, "random")))
    assert not session.undo()
    assert session.undos == 0


@pytest.mark.parametrize("seed", range(3))
def test_a_saved_game_loads_to_the_same_view_log_and_scores_and_plays_on_alike(specs, seed):
    setup = Setup(seed, (PERSON, "random", "greedy"))
    session = PlaySession(specs, setup)
    play(session, 10, seed)
    text = saved_text(session, "cards.nus", CARDS.read_text("utf-8"))
    loaded_setup, answers, data = read_saved(text)
    assert data["cards"]["sha256"] and loaded_setup == setup
    loaded = PlaySession(specs, loaded_setup)
    loaded.replay(answers)
    assert snapshot(loaded) == snapshot(session)
    play(session, 5, seed + 7)
    play(loaded, 5, seed + 7)
    assert snapshot(loaded) == snapshot(session)


def test_a_hint_leaves_the_game_as_it_was(specs):
    session = PlaySession(specs, Setup(2, (PERSON, "random", "random"), hint="greedy"))
    for _ in range(4):
        before = snapshot(session)
        hint = session.hint()
        assert snapshot(session) == before
        assert hint is not None and hint.by == "greedy"
        assert hint.words == session.question.options[hint.index]
        session.answer(hint.index)


def test_a_replay_stops_at_the_first_answer_that_names_no_option(specs):
    session = PlaySession(specs, Setup(4, (PERSON, "random")))
    play(session, 3, 4)
    answers = list(session.record)
    first = next(n for n, answer in enumerate(answers) if answer.by == PERSON)
    answers[first] = type(answers[first])(answers[first].player, answers[first].prompt, '"No Such Card"', PERSON)
    again = PlaySession(specs, Setup(4, (PERSON, "random")))
    with pytest.raises(ReplayError) as stopped:
        again.replay(answers)
    assert str(stopped.value).startswith(
        f'answer {first + 1}: P1 "{answers[first].prompt}": "No Such Card" is no longer an option (options: '
    )
    assert len(again.record) == first  # the game waits at that answer's question
    assert again.question is not None and again.question.decision.prompt == answers[first].prompt


# --give and the fired log ---------------------------------------------------------------------------------------


def test_give_puts_the_building_into_play_at_its_round_and_the_log_says_what_fired(specs):
    """Campsite: "when built: you may: take 1 guest" -- given to P1 at round 1, it comes into play before the
    game's first question, and its when-built asks P1 first."""
    session = PlaySession(specs, Setup(3, (PERSON, "random", "random"), Grant("Campsite", 0, 1)))
    assert session.question.decision.prompt == f"Campsite: {TAKE_A_GUEST}"
    assert session.question.options == ("yes", "no")
    session.answer("yes")
    assert session.game.granted is True
    log = session.log()
    granted = [entry for entry in log if entry["kind"] == "log" and "is granted Campsite" in entry["text"]]
    assert len(granted) == 1 and granted[0]["round"] == 0 and granted[0]["player"] == 0
    fired = [entry for entry in log if entry["kind"] == "fired" and entry["card"] == "Campsite"]
    assert fired[0]["text"].startswith("when built")
    assert fired[0]["answers"] == [f'P1 "Campsite: {TAKE_A_GUEST}": yes']
    assert "P1 guest 0 -> 1" in fired[0]["changes"]
    entered = [entry for entry in log if entry["kind"] == "entered" and entry["card"] == "Campsite"]
    assert [entry["player"] for entry in entered] == [0]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_a_game_answered_from_thread_after_thread_keeps_the_same_log(specs, seed):
    """The page answers each request on a thread of its own, and the game then moves its engine over (mid-segment, a
    table of its own replaying the segment): the log, the fired notes and the scores are the one-thread game's."""

    def played(threads: bool) -> tuple:
        session = PlaySession(specs, Setup(seed, (PERSON, "random", "random"), Grant("Campsite", 0, 1)))
        rng = random.Random(seed)
        while session.question is not None:
            index = rng.randrange(len(session.question.options))
            if threads:
                worker = threading.Thread(target=session.answer, args=(index,))
                worker.start()
                worker.join()
            else:
                session.answer(index)
        return session.log(), session.scores()

    assert played(threads=True) == played(threads=False)


def test_a_card_in_focus_shows_its_silent_moments_too(specs):
    """Barrel Maker: "each time after you serve fish, if fish served >= 3: take 2 wood". In seed 1 P1 serves 4 fish,
    then 2: it fires, then keeps silent, and the log says why each time; no other card's silence is shown."""
    focus = next(spec for spec in specs if spec.name == "Barrel Maker")
    session = PlaySession(specs, Setup(1, (PERSON, "random", "random"), Grant("Barrel Maker", 0, 1)), focus)
    rng = random.Random(1)
    while session.question is not None:
        session.answer(rng.randrange(len(session.question.options)))
    notes = [(entry["kind"], entry.get("why")) for entry in session.log() if entry.get("card") == "Barrel Maker"]
    assert [note for note in notes if note[0] in ("fired", "silent")][:2] == [
        ("fired", "condition held: `fish served >= 3` true (fish served = 4)"),
        ("silent", "condition failed: `fish served >= 3` false (fish served = 2)"),
    ]
    assert {entry["card"] for entry in session.log() if entry["kind"] == "silent"} == {"Barrel Maker"}


# the command line -----------------------------------------------------------------------------------------------


def nus(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["play", str(CARDS), *args])
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


@pytest.mark.slow
def test_text_plays_a_whole_game_from_piped_input_and_asks_again_after_a_wrong_answer(tmp_path):
    save = tmp_path / "game.json"
    typed = "99\nhelp\n" + "1\n" * 500
    code, out, err = nus("--text", "--seed", "2", "--bots", "random", "--save", str(save), stdin=typed)
    assert (code, err) == (0, "")
    first = out.index("P1: what does your Worker do?")
    refused = out.index("99 is not an option: type 1 to")
    assert first < refused < out.index("P1: what does your Worker do?", refused)  # asked again
    assert "undo   back to your previous question" in out
    assert "the game is over" in out and f"saved to {save}" in out
    saved = json.loads(save.read_text("utf-8"))
    assert saved["over"] is True and saved["seed"] == 2 and saved["seats"] == ["you", "random", "random"]
    assert all(answer["answer"] for answer in saved["answers"])
    code, out, err = nus("--replay", str(save), "--check")
    assert (code, err) == (0, "")
    assert out.strip() == f"{save}: every answer fits ({len(saved['answers'])} answers, played to its end)"


def test_a_card_given_for_round_1_asks_before_round_1_begins(tmp_path):
    code, out, _ = nus(
        "--text", "--seed", "3", "--bots", "random", "--give", "Campsite", "--save", str(tmp_path / "g.json")
    )
    assert code == 130
    assert out.startswith("before round 1, seed 3\n") and f"P1: Campsite: {TAKE_A_GUEST}\n" in out


def test_the_end_of_input_saves_the_game_and_exits_130(tmp_path):
    save = tmp_path / "cut.json"
    code, out, _ = nus("--text", "--seed", "1", "--bots", "random", "--save", str(save), stdin="1\n2\n")
    assert code == 130
    assert f"end of input: the game is saved to {save}" in out
    saved = json.loads(save.read_text("utf-8"))
    assert [answer["by"] for answer in saved["answers"]].count("you") == 2 and saved["over"] is False


@pytest.mark.slow
def test_replay_check_exits_1_naming_the_answer_after_a_card_edit(tmp_path, specs):
    """A Building the person built is renamed in a copy of the card file: the answer naming it no longer fits."""
    session = PlaySession(specs, Setup(0, (PERSON, "random", "random")))
    while session.question is not None:
        options = session.question.options
        wanted = next((i for i, words in enumerate(options) if words == "build a building"), None)
        session.answer(wanted if wanted is not None else 0)
        if any(answer.prompt == "build which Building?" and answer.by == PERSON for answer in session.record):
            break
    number, built = next(
        (n, answer) for n, answer in enumerate(session.record, 1) if answer.prompt == "build which Building?"
    )
    text = CARDS.read_text("utf-8")
    save = tmp_path / "game.json"
    save.write_text(saved_text(session, "cards.nus", text), "utf-8")
    assert nus("--replay", str(save), "--check")[0] == 0
    name = built.words.strip('"')
    edited = tmp_path / "edited.nus"
    edited.write_text(text.replace(f'"{name}"', f'"{name} II"'), "utf-8")
    code, out, err = main_play(str(edited), "--replay", str(save), "--check")
    assert code == 1 and out == ""
    who = f"P{built.player + 1}"
    assert err.startswith(f'{save}: answer {number}: {who} "build which Building?": "{name}" is no longer an option')


def main_play(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["play", *args])
    return code, out.getvalue(), err.getvalue()


def test_usage_errors_exit_2_and_card_errors_1(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", "utf-8")
    assert nus("--replay", str(bad))[0] == 2
    assert nus("--check")[0] == 2
    assert nus("--seats", "you,nobody")[0] == 2
    assert nus("--give", "Campsite:99")[0] == 2
    assert nus("--seats", "you,random", "--bots", "search")[0] == 2
    saved = tmp_path / "saved.json"
    session = PlaySession(load_cards(CARDS.read_text("utf-8"), "cards.nus"), Setup(0, (PERSON, "random")))
    saved.write_text(saved_text(session, "cards.nus", CARDS.read_text("utf-8")), "utf-8")
    assert nus("--replay", str(saved), "--check")[0] == 0
    for fixed in (
        ["--seed", "3"],
        ["--players", "2"],
        ["--bots", "random"],
        ["--seats", "you,random"],
        ["--give", "Cabin"],
    ):
        code, out, err = nus("--replay", str(saved), "--check", *fixed)
        assert (code, out) == (2, "") and f"{fixed[0]} with --replay: a saved game keeps its own seed" in err
    broken = tmp_path / "broken.nus"
    broken.write_text('building "X" (trout A601)\n  cost 3 wod\n', "utf-8")
    assert main_play(str(broken), "--text")[0] == 1


def test_the_table_at_a_log_entry_is_the_table_at_the_first_question_after_it(specs):
    session = PlaySession(specs, Setup(6, (PERSON, "random", "random")))
    seen = []  # (log length at the question, the view there)
    rng = random.Random(6)
    for _ in range(12):
        seen.append((len(session.game.table.session.events), session.view(0)))
        session.answer(rng.randrange(len(session.question.options)))
    checked = 0
    for (length, view), (before, _) in zip(seen[1:], seen, strict=False):
        if length > before:  # something was logged since the question before: its last entry leads here
            assert session.view_at(length - 1, 0) == view
            checked += 1
    assert checked > 5
    assert session.view_at(10**6, 0) == session.view(0)


@pytest.mark.slow
def test_cards_whose_words_changed_since_the_older_file_are_marked_edited(tmp_path):
    import argparse

    from compiler.cli.play_command import edited_against

    text = CARDS.read_text("utf-8")
    old, new = tmp_path / "old.nus", tmp_path / "new.nus"
    old.write_text(text, "utf-8")
    changed = text.replace(
        'building "Barrel Maker" (trout A613)\n  cost 1 fish, 2 gold',
        'building "Barrel Maker" (trout A613)\n  cost 2 fish, 2 gold',
        1,
    )
    assert changed != text
    new.write_text(changed, "utf-8")
    args = argparse.Namespace(file=str(new), against=str(old))
    assert edited_against(args) == {"Barrel Maker": str(old)}
    args = argparse.Namespace(file=str(new), against=None)  # not in a git repository: nothing is marked
    assert edited_against(args) == {}


def test_trace_replay_traces_a_card_in_a_played_game(tmp_path, specs):
    """Barrel Maker given to P1 in seed 1 fires at 4 fish served and keeps silent at 2 (as the fired log says)."""
    session = PlaySession(specs, Setup(1, (PERSON, "random", "random"), Grant("Barrel Maker", 0, 1)))
    rng = random.Random(1)
    while session.question is not None:
        session.answer(rng.randrange(len(session.question.options)))
    save = tmp_path / "game.json"
    save.write_text(saved_text(session, "cards.nus", CARDS.read_text("utf-8")), "utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["trace", str(CARDS), "--replay", str(save), "--card", "Barrel Maker"])
    lines = out.getvalue().splitlines()
    assert (code, err.getvalue()) == (0, "")
    assert lines[1:3] == ["players: P1 you, P2 random, P3 random", "given to P1 at the start of round 1"]
    assert "    condition held: `fish served >= 3` true (fish served = 4)" in lines
    assert "    condition failed: `fish served >= 3` false (fish served = 2)" in lines
    totals = [session.scores()[seat]["total"] for seat in range(3)]
    assert lines[-1].startswith(f"seed 1: P1 {totals[0]:g}, P2 {totals[1]:g}, P3 {totals[2]:g}".replace(".5", "½"))


def test_playtests_report_the_peoples_margin_and_how_often_a_bot_agreed(tmp_path, specs):
    from runtime.playtest.playtests import playtests

    session = PlaySession(specs, Setup(8, (PERSON, "random", "random")))
    rng = random.Random(8)
    while session.question is not None:
        session.answer(rng.randrange(len(session.question.options)))
    text = CARDS.read_text("utf-8")
    (tmp_path / "a.json").write_text(saved_text(session, "cards.nus", text), "utf-8")
    (tmp_path / "b.json").write_text("{}", "utf-8")
    found = playtests(specs, tmp_path, "random")
    totals = [session.scores()[seat]["total"] for seat in range(3)]
    assert (found.games, found.finished) == (1, 1)
    assert found.margins == [totals[0] - (totals[1] + totals[2]) / 2]
    people = [answer for answer in session.record if answer.by == PERSON]
    assert found.choices == len(people) and 0 < found.agreed < found.choices
    assert found.skipped == ['b.json: not a saved game of `nus play` (its "format" is not "nus play 1")']
    assert found.lines()[0].startswith(f"Played games in {tmp_path} (nus play): 1 read, 1 finished")
