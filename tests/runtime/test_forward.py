"""The forward model: a game resumed from a copy at every move, or answered move by move, plays as straight play."""

import random
import re

import pytest

from runtime.analysis.games import Setup, play
from runtime.analysis.simulate import play_game
from runtime.core.decisions import RandomDecider
from runtime.game.forward import Game
from runtime.model.rules import player_counts
from runtime.players import seat_deciders
from tests.kit.table_kit import ROOT, every_card, question
from tests.runtime.test_failed_action import structure

FORWARD_MODEL_PAGE = (ROOT / "docs" / "forward-model.md").read_text(encoding="utf-8")


def test_straight_play_resumed_play_and_move_by_move_play_give_the_same_log() -> None:
    specs = list(every_card())
    straight = Game.new(specs, 3, seed=7)
    scores = straight.play_out()
    table, _ = play_game(specs, 3, seed=7)
    assert straight.table.log == table.log  # the same game as the engine's own loop

    resumed, decider, moves = Game.new(specs, 3, seed=7), RandomDecider(7), 0
    while (decision := resumed.to_move()) is not None:
        resumed = resumed.copy()  # a copy at every move, decisions inside effects included
        resumed.apply(decider.choose(decision, resumed.table))
        moves += 1
    assert moves > 100
    assert resumed.table.log == straight.table.log
    assert resumed.scores() == scores


def test_a_copy_played_out_leaves_the_original_untouched_and_undo_goes_back_to_the_mark() -> None:
    specs = list(every_card())
    game = Game.new(specs, 2, seed=3)
    for _ in range(20):
        game.apply(0)
    decision = game.to_move()
    log = game.table.log
    game.copy().play_out(RandomDecider(1))
    assert game.table.log == log and question(game.to_move()) == question(decision)
    mark = game.mark()
    game.play_out()
    assert game.over
    game.undo(mark)
    assert game.table.log == log and question(game.to_move()) == question(decision)


def test_a_copy_plays_on_with_deciders_of_its_own_so_the_original_plays_as_if_never_copied() -> None:
    """The game's own seeded decider is copied with its random stream: a copy played out with it draws from the
    copy's stream, and the original then plays the very game it would have played without the copy."""
    specs = list(every_card())
    untouched, copied = Game.new(specs, 3, seed=7), Game.new(specs, 3, seed=7)
    for game in (untouched, copied):
        for _ in range(30):
            game.apply(0)
    copy_scores = copied.copy().play_out()
    scores = untouched.play_out()
    assert copied.play_out() == scores
    assert copied.table.log == untouched.table.log
    assert copy_scores == scores  # the copy, from the same position and stream, played the same game too


def test_a_released_mark_or_one_undone_past_is_refused_and_the_game_is_left_as_it_was() -> None:
    """Undo to a mark after releasing it (or after its `with` block) would take back only part of what came since:
    refused, the position untouched. So is an inner mark once an undo to an outer one took back its changes."""
    game = Game.new(list(every_card()), 3, seed=5)
    for _ in range(10):
        game.apply(0)
    with game.mark() as mark:
        for _ in range(6):
            game.apply(0)
        decision, log = game.to_move(), list(game.table.log)
    with pytest.raises(ValueError, match="released"):
        game.undo(mark)
    assert question(game.to_move()) == question(decision) and game.table.log == log
    with pytest.raises(ValueError, match="released already"):
        game.release(mark)
    outer = game.mark()
    for _ in range(6):  # whole worker turns: the table changes
        game.apply(0)
    game.to_move()
    inner = game.mark()
    game.undo(outer)
    game.apply(1)
    game.to_move()
    after = list(game.table.log)
    with pytest.raises(ValueError, match="undone past"):
        game.undo(inner)
    assert game.table.log == after
    game.release(inner)
    game.undo(outer)
    game.release(outer)


def test_an_answer_is_an_options_index_and_nothing_else() -> None:
    game = Game.new(list(every_card()), 2, seed=3)
    decision = game.to_move()
    for wrong in (True, "1", 1.0):
        with pytest.raises(TypeError, match="index, an int"):
            game.apply(wrong)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        game.apply(len(decision.options))
    assert question(game.to_move()) == question(decision) and game.answers == []


def test_a_mark_of_another_game_is_refused_and_the_game_is_left_as_it_was() -> None:
    """A mark taken before a copy was made belongs to the original: the copy's journal does not lead to it."""
    original = Game.new(list(every_card()), 3, seed=5)
    for _ in range(5):
        original.apply(0)
    mark = original.mark()
    copy = original.copy()
    for _ in range(30):
        copy.apply(0)
    decision, log, answers, table = copy.to_move(), list(copy.table.log), list(copy.answers), structure(copy.table)
    with pytest.raises(ValueError, match="a mark of another table"):
        copy.undo(mark)
    with pytest.raises(ValueError, match="a mark of another table"):
        copy.release(mark)
    assert structure(copy.table) == table and copy.table.log == log and copy.answers == answers
    assert question(copy.to_move()) == question(decision)
    original.undo(mark)  # still the original's to use
    original.release(mark)


def test_an_inner_mark_with_no_table_change_since_the_outer_one_survives_an_undo_to_it_as_a_redo() -> None:
    """Mid-segment the table stays at the segment's start and only answers are given: an undo to the outer mark takes
    back nothing of the table the inner one was taken at, so undo to the inner one is accepted, and is a redo."""
    game = Game.new(list(every_card()), 3, seed=3)
    game.apply(game.to_move().labels.index("build building"))  # the segment goes on: which Building?
    outer = game.mark()
    game.apply(0)
    inner, at_inner = game.mark(), game.copy()
    game.undo(outer)
    assert len(game.answers) == 1
    game.undo(inner)
    assert game.answers == at_inner.answers and structure(game.table) == structure(at_inner.table)
    game.release(inner)
    game.release(outer)
    assert game.play_out(RandomDecider(1)) == at_inner.play_out(RandomDecider(1))
    assert game.table.log == at_inner.table.log


@pytest.mark.parametrize("players", [0, 6, -1])
def test_a_player_count_the_rules_have_no_values_for_is_refused_naming_those_they_have(players: int) -> None:
    counts = player_counts()
    with pytest.raises(ValueError, match=f"^{players} players: rules.toml sets a table up for 1 to {counts[-1]} "):
        Game.new(list(every_card()), players, seed=1)


@pytest.mark.parametrize(
    ("deciders", "error", "message"),
    [
        ([RandomDecider(1)] * 2, ValueError, "^2 deciders for 3 players: give one for each seat$"),
        ([RandomDecider(1)], ValueError, "^1 decider for 3 players"),
        ({0: RandomDecider(1)}, TypeError, "has a choose\\(decision, table\\) method; {0: "),
        ([RandomDecider(1), RandomDecider(2), object()], TypeError, "method; <object object"),
    ],
)
def test_deciders_that_cannot_answer_every_seat_are_refused_before_any_move(deciders, error, message) -> None:
    """Not an IndexError or AttributeError from deep in the game: refused at once, the position left as it was."""
    with pytest.raises(error, match=message):
        Game.new(list(every_card()), 3, seed=7, deciders=deciders)
    game = Game.new(list(every_card()), 3, seed=7)
    game.to_move()
    before = structure(game.table), list(game.answers)
    with pytest.raises(error, match=message):
        game.play_out(deciders)
    assert (structure(game.table), list(game.answers)) == before and not game.over


def test_a_game_without_a_seed_is_refused_as_one_no_one_could_play_again() -> None:
    with pytest.raises(TypeError, match="seed is a whole number, not None"):
        Game.new(list(every_card()), 3, seed=None)  # type: ignore[arg-type]


class Integral:
    """A number that is an index without being an int (as numpy's integers are)."""

    def __init__(self, value: int):
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_any_integral_index_answers_but_a_truth_does_not() -> None:
    game = Game.new(list(every_card()), 2, seed=Integral(3))  # type: ignore[arg-type]
    plain = Game.new(list(every_card()), 2, seed=3)
    game.apply(Integral(1))  # type: ignore[arg-type]
    plain.apply(1)
    assert game.answers == [1] and type(game.answers[0]) is int
    assert question(game.to_move()) == question(plain.to_move())
    with pytest.raises(TypeError, match="index, an int"):
        game.apply(False)  # type: ignore[arg-type]


class Answers:
    """A decider that answers `answer` to every decision."""

    def __init__(self, answer: object):
        self.answer = answer

    def choose(self, decision: object, table: object) -> object:
        return self.answer


@pytest.mark.parametrize(("answer", "error"), [(-1, ValueError), (99, ValueError), (True, TypeError)])
def test_a_deciders_answer_that_is_no_options_index_is_refused_naming_the_decision(answer, error) -> None:
    """-1 would be the last option and 99 no option: refused, the question named, the game left at its position."""
    game = Game.new(list(every_card()), 3, seed=1)
    decision, log = game.to_move(), list(game.table.log)
    with pytest.raises(error, match=r"a decider answered .* to P1 action \(what does your Worker do\?\) options"):
        game.play_out(Answers(answer))  # type: ignore[arg-type]
    assert game.table.log == log and question(game.to_move()) == question(decision)


def test_a_deciders_integral_answer_is_taken_as_its_int() -> None:
    assert Game.new(list(every_card()), 2, seed=4).play_out(Answers(Integral(0))) == Game.new(
        list(every_card()), 2, seed=4
    ).play_out(Answers(0))


@pytest.mark.parametrize(("seed", "agents"), [(0, ("random",) * 3), (5, ("random",) * 3), (2, ("greedy", "random"))])
def test_a_simulated_game_is_the_forward_models_game_with_its_seat_deciders(seed: int, agents: tuple) -> None:
    """Manual: `nus simulate --seed S` (and `nus balance --agent A`) plays Game.new(specs, N, S, seat_deciders(...)),
    played out or answered move by move with those deciders."""
    specs = every_card()
    record = play(specs, Setup(seed, agents, keep_log=True))
    game = Game.new(specs, len(agents), seed, seat_deciders(agents, seed))
    assert tuple(float(total) for total in game.play_out().values()) == record.scores
    assert game.table.log == list(record.log)
    stepped, deciders = Game.new(specs, len(agents), seed, seat_deciders(agents, seed)), seat_deciders(agents, seed)
    while (decision := stepped.to_move()) is not None:
        stepped.apply(deciders.choose(decision, stepped.table))
    assert stepped.table.log == list(record.log)


def test_the_table_shows_a_move_only_once_its_segment_has_run_to_its_end() -> None:
    """The manual: right after apply the table is as before the move; to_move runs the segment and `answers` empties."""
    game = Game.new(list(every_card()), 3, seed=3)
    decision, player = game.to_move(), game.table.players[0]
    supply, ships = dict(player.supply), len(player.track.ships)
    game.apply(decision.labels.index("build ship"))
    assert game.answers and dict(player.supply) == supply and len(player.track.ships) == ships
    assert game.to_move().player == 1 and game.answers == []
    assert len(game.table.players[0].track.ships) == ships + 1


def test_a_decision_asked_again_after_an_undo_is_the_same_question_though_its_card_is_built_again() -> None:
    """Mid-segment, after a Building built earlier in it: the replay builds it again, a new object, so the options'
    values are other objects; kind, player, prompt and labels are the same (the manual: compare by index and label)."""
    game, pick = Game.new(list(every_card()), 2, seed=0), random.Random(0)
    for _ in range(24):
        game.apply(pick.randrange(len(game.to_move().options)))
    decision = game.to_move()
    assert game.answers and decision.kind == "any_time"  # asked inside a worker turn, after the card was built
    mark = game.mark()
    game.undo(mark)
    game.release(mark)
    again = game.to_move()
    assert question(again) == question(decision)
    assert [type(value) for value in again.values] == [type(value) for value in decision.values]


def forward_model_snippets() -> list[str]:
    return re.findall(r"```python\n(.*?)```", FORWARD_MODEL_PAGE, re.DOTALL)


def test_the_forward_model_pages_snippets_run(monkeypatch: pytest.MonkeyPatch) -> None:
    snippets = forward_model_snippets()
    assert len(snippets) == 2
    monkeypatch.chdir(ROOT)
    scope: dict = {}
    for snippet in snippets:
        exec(compile(snippet, "docs/forward-model.md", "exec"), scope)
    assert scope["ahead"].keys() == {0, 1, 2} and scope["game"].over is False
    assert len(scope["game"].answers) == 1  # the second snippet's game was given its first move
