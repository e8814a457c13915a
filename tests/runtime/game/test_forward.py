"""The forward model: a game answered from outside move by move, resumed from a copy at every move, or marked and
taken back, plays as straight play; marks, answers and deciders that cannot be used are refused, the game left at
its position."""

import random
import re
import threading

import pytest

from runtime.core.decisions import RandomPlayer
from runtime.game.forward import Game
from runtime.model.rules import player_counts
from tests.kit.table_kit import ROOT, every_card, played, question
from tests.runtime.core.test_failed_action import structure

FORWARD_MODEL_PAGE = (ROOT / "docs" / "forward-model.md").read_text(encoding="utf-8")
OUTSIDE = [None, None, None]


def test_straight_play_resumed_play_and_move_by_move_play_give_the_same_log() -> None:
    specs = every_card()
    straight = played(specs, 3, 7)
    resumed, decider, moves = Game.new(specs, 3, 7, OUTSIDE), RandomPlayer(7), 0
    while (decision := resumed.to_move()) is not None:
        resumed = resumed.copy()  # a copy at every move, decisions inside effects included
        resumed.apply(decider.choose(decision, resumed))
        moves += 1
    assert moves > 100
    assert resumed.table.log == straight.table.log
    assert resumed.scores() == straight.scores()


def test_a_copy_played_out_leaves_the_original_untouched_and_undo_goes_back_to_the_mark() -> None:
    game = Game.new(every_card(), 2, 3, [None, None])
    for _ in range(20):
        game.apply(0)
    decision = game.to_move()
    log = game.table.log
    game.copy().play_out(RandomPlayer(1))
    assert game.table.log == log and question(game.to_move()) == question(decision)
    mark = game.mark()
    game.play_out(RandomPlayer(1))
    assert game.over
    game.undo(mark)
    assert game.table.log == log and question(game.to_move()) == question(decision)


def test_a_copy_plays_on_with_deciders_of_its_own_so_the_original_plays_as_if_never_copied() -> None:
    """The seats' seeded deciders are copied with their random streams: a copy played out draws from the copy's
    streams, and the original then plays the very game it would have played without the copy."""
    specs = every_card()
    untouched, copied = (Game.new(specs, 3, 7, [None, RandomPlayer(7), RandomPlayer(8)]) for _ in range(2))
    for game in (untouched, copied):
        for _ in range(10):
            game.apply(0)
    copy_record = copied.copy().play_out(RandomPlayer(1))
    record = untouched.play_out(RandomPlayer(1))
    assert copied.play_out(RandomPlayer(1)).parts == record.parts
    assert copied.table.log == untouched.table.log
    assert copy_record.parts == record.parts  # the copy, from the same position and streams, played the same game


def test_a_released_mark_or_one_undone_past_is_refused_and_the_game_is_left_as_it_was() -> None:
    """Undo to a mark after releasing it (or after its `with` block) would take back only part of what came since:
    refused, the position untouched. So is an inner mark once an undo to an outer one took back its changes."""
    game = Game.new(every_card(), 3, 5, OUTSIDE)
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
    game = Game.new(every_card(), 2, 3, [None, None])
    decision = game.to_move()
    for wrong in (True, "1", 1.0):
        with pytest.raises(TypeError, match="index, an int"):
            game.apply(wrong)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        game.apply(len(decision.options))
    assert question(game.to_move()) == question(decision) and game.answers == []


def test_a_mark_of_another_game_is_refused_and_the_game_is_left_as_it_was() -> None:
    """A mark taken before a copy was made belongs to the original: the copy's journal does not lead to it."""
    original = Game.new(every_card(), 3, 5, OUTSIDE)
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


def test_an_inner_mark_in_the_same_segment_survives_an_undo_to_the_outer_one_as_a_redo() -> None:
    """Both marks go back to the segment's start and replay its answers: an undo to the outer mark takes back
    nothing of the table the inner one leads to, so undo to the inner one is accepted, and is a redo."""
    game = Game.new(every_card(), 3, 3, OUTSIDE)
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
    assert game.play_out(RandomPlayer(1)).parts == at_inner.play_out(RandomPlayer(1)).parts
    assert game.table.log == at_inner.table.log


@pytest.mark.parametrize("players", [0, 6, -1])
def test_a_player_count_the_rules_have_no_values_for_is_refused_naming_those_they_have(players: int) -> None:
    counts = player_counts()
    with pytest.raises(ValueError, match=f"^{players} players: rules.toml sets a table up for 1 to {counts[-1]} "):
        Game.new(every_card(), players, seed=1)


@pytest.mark.parametrize(
    ("deciders", "error", "message"),
    [
        ([RandomPlayer(1)] * 2, ValueError, "^2 deciders for 3 players: give one for each seat$"),
        ([RandomPlayer(1)], ValueError, "^1 decider for 3 players"),
        ({0: RandomPlayer(1)}, TypeError, "has a choose\\(decision, game\\) method; {0: "),
        ([RandomPlayer(1), RandomPlayer(2), object()], TypeError, "method; <object object"),
    ],
)
def test_deciders_that_cannot_answer_every_seat_are_refused_before_any_move(deciders, error, message) -> None:
    """Not an IndexError or AttributeError from deep in the game: refused at once, the position left as it was."""
    with pytest.raises(error, match=message):
        Game.new(every_card(), 3, 7, deciders)
    game = Game.new(every_card(), 3, 7, OUTSIDE)
    game.to_move()
    before = structure(game.table), list(game.answers)
    with pytest.raises(error, match=message):
        game.play_out(deciders)
    assert (structure(game.table), list(game.answers)) == before and not game.over


def test_a_game_without_a_seed_is_refused_as_one_no_one_could_play_again() -> None:
    with pytest.raises(TypeError, match="seed is a whole number, not None"):
        Game.new(every_card(), 3, seed=None)  # type: ignore[arg-type]


class Integral:
    """A number that is an index without being an int (as numpy's integers are)."""

    def __init__(self, value: int):
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_any_integral_index_answers_but_a_truth_does_not() -> None:
    game = Game.new(every_card(), 2, Integral(3), [None, None])  # type: ignore[arg-type]
    plain = Game.new(every_card(), 2, 3, [None, None])
    game.apply(Integral(1))  # type: ignore[arg-type]
    plain.apply(1)
    assert game.answers == plain.answers and type(game.answers[0]) is int
    assert question(game.to_move()) == question(plain.to_move())
    with pytest.raises(TypeError, match="index, an int"):
        game.apply(False)  # type: ignore[arg-type]


class Answers:
    """A decider that answers `answer` to every decision."""

    def __init__(self, answer: object):
        self.answer = answer

    def choose(self, decision: object, game: object) -> object:
        return self.answer


@pytest.mark.parametrize(("answer", "error"), [(-1, ValueError), (99, ValueError), (True, TypeError)])
def test_a_deciders_answer_that_is_no_options_index_is_refused_naming_the_decision(answer, error) -> None:
    """-1 would be the last option and 99 no option: refused, the question named, the game left at its question,
    whether the decider answers from outside (play_out's) or sits in the seat."""
    for seats in (OUTSIDE, [Answers(answer)] * 3):
        game = Game.new(every_card(), 3, 1, seats)
        with pytest.raises(error, match=r"a decider answered .* to P1 action \(what does your Worker do\?\) options"):
            game.play_out(Answers(answer))  # type: ignore[arg-type]
        decision, log = game.pending, list(game.table.log)
        assert decision is not None and decision.kind == "action" and game.table.round == 1
        assert question(game.copy().pending) == question(decision) and game.table.log == log


def test_a_deciders_integral_answer_is_taken_as_its_int() -> None:
    answered = Game.new(every_card(), 2, 4, [None, None]).play_out(Answers(Integral(0)))
    assert answered.parts == Game.new(every_card(), 2, 4, [None, None]).play_out(Answers(0)).parts


def test_the_table_is_live_at_every_question() -> None:
    """Right after apply the table shows the move as far as the engine has carried it: asked which Building, the
    player's Worker is already on the Build a Building space; the answers of the segment are kept until it ends."""
    game = Game.new(every_card(), 3, 3, OUTSIDE)
    decision = game.to_move()
    assert game.table.spaces["build_building"] == []
    game.apply(decision.labels.index("build building"))
    assert game.pending is not None and game.pending.prompt == "build which Building?" and game.answers
    assert game.table.spaces["build_building"] == [0]
    while game.answers and game.pending is not None:
        game.apply(0)
    assert game.to_move().player == 1 and len(game.table.players[0].buildings) == 1


def test_a_decision_asked_again_after_an_undo_is_the_same_question_though_its_card_is_built_again() -> None:
    """Mid-segment, after a Building built earlier in it: the replay builds it again, a new object, so the options'
    values are other objects; kind, player, prompt and labels are the same (the manual: compare by index and label)."""
    game, pick = Game.new(every_card(), 2, 0, [None, None]), random.Random(0)
    while not (game.answers and game.to_move().kind == "any_time" and game.table.players[0].buildings):
        game.apply(pick.randrange(len(game.to_move().options)))
    decision = game.to_move()
    built = game.table.players[decision.player].buildings[-1]
    mark = game.mark()
    game.undo(mark)
    game.release(mark)
    again = game.to_move()
    assert question(again) == question(decision)
    assert [type(value) for value in again.values] == [type(value) for value in decision.values]
    assert game.table.players[decision.player].buildings[-1].name == built.name


def forward_model_snippets() -> list[str]:
    return re.findall(r"```python\n(.*?)```", FORWARD_MODEL_PAGE, re.DOTALL)


def test_the_forward_model_pages_snippets_run(monkeypatch: pytest.MonkeyPatch) -> None:
    snippets = forward_model_snippets()
    assert len(snippets) == 2
    monkeypatch.chdir(ROOT)
    scope: dict = {}
    for snippet in snippets:
        exec(compile(snippet, "docs/forward-model.md", "exec"), scope)
    assert scope["ahead"].parts and len(scope["ahead"].parts) == 3 and scope["game"].over is False
    assert scope["game"].table.round >= 1


@pytest.mark.slow
def test_a_game_answered_from_thread_after_thread_plays_as_from_one() -> None:
    """A greenlet runs only on the thread that made it: a game answered from a new thread each move (a web server's
    requests) moves its engine over, mid-segment too, and plays the very game one thread plays."""
    straight = played(every_card(), 2, 5)
    game, decider, threads = Game.new(every_card(), 2, 5, [None, None]), RandomPlayer(5), 0

    def move() -> None:
        decision = game.to_move()
        if decision is not None:
            game.apply(decider.choose(decision, game))

    while not game.over:
        worker = threading.Thread(target=move)
        worker.start()
        worker.join()
        threads += 1
    assert threads > 50
    assert game.table.log == straight.table.log and game.scores() == straight.scores()
