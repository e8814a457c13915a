"""A play session: one game of edited cards, people in some seats and bots in the others, with no user interface.

The session holds the record of every answer in words (runtime/playtest/wording.py), and everything else follows
from it: a game is its seed, its seats and its answers, so undo, a saved game, Reload after a card edit and the
table at a past point are all the record replayed on a new game (bots are not asked again: their answers are in
the record). A bot's state is a function of the position: each bot sits down afresh after a person's answer,
seeded by the seat and the number of answers (`game.bot_later`), so a game undone, loaded or reloaded plays on
exactly as it would have. (A look-ahead bot's plan inside its own action does not outlive a person's question
asked in the middle of that action: it then completes the action as a new bot would.) With no person at the
table, every bot plays as `nus simulate` seeds it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from runtime.analysis.games import Grant
from runtime.analysis.games import Setup as GameSetup
from runtime.analysis.trace import Trace, Tracer, starting_place
from runtime.core.decisions import Decision
from runtime.mechanics.scoring import score
from runtime.model.cards import CardSpec
from runtime.model.state import player_name
from runtime.playtest.fired import FiredTracer
from runtime.playtest.game import PlayedGame, bot, bot_choice, bot_later
from runtime.playtest.view import Json, number, option_place, table_view
from runtime.playtest.wording import AnswerError, exact_choice, option_words, typed_choice

PERSON = "you"  # the seat name of a person at the table (several make hot seat play)
STRONGEST = "search"  # the strongest bot there is: the hint's, and the one the people's answers are compared with


@dataclass(frozen=True)
class Answer:
    """One answer of the record: whose, to what, in words; `by` is "you", a bot's name, or "only" (a lone option
    taken without asking). `log_at` is how long the game's log was when the question came."""

    player: int
    prompt: str
    words: str
    by: str
    index: int = 0
    log_at: int = 0

    def json(self) -> Json:
        return {"player": player_name(self.player), "question": self.prompt, "answer": self.words, "by": self.by}


@dataclass(frozen=True)
class Question:
    """A person's question: the Decision and its options' words, distinct."""

    decision: Decision
    options: tuple[str, ...]

    @property
    def player(self) -> int:
        return self.decision.player


class ReplayError(Exception):
    """A recorded answer whose words no longer name an option (after a card edit): `number` counts from 1."""

    def __init__(self, number: int, answer: Answer, options: Sequence[str] = (), over: bool = False):
        self.number = number
        self.answer = answer
        self.options = tuple(options)
        said = answer.words if answer.words.startswith('"') else f'"{answer.words}"'
        where = f'answer {number}: {player_name(answer.player)} "{answer.prompt}": {said}'
        if over:
            message = f"{where}: the game is over before it"
        elif options:
            message = f"{where} is no longer an option (options: {', '.join(options)})"
        else:
            message = f"{where}: the question asked there is not this one"
        super().__init__(message)


@dataclass
class Setup:
    """What makes a session's game: the seed, who sits where (PERSON or a bot's name), a card given at a round."""

    seed: int
    seats: tuple[str, ...]
    give: Grant | None = None
    hint: str = STRONGEST

    @property
    def players(self) -> int:
        return len(self.seats)


@dataclass
class Hint:
    index: int
    words: str
    by: str


@dataclass
class PlaySession:
    """The game, its record and the question waiting. `answer`, `undo`, `hint`, `restart` and `reload` are all a
    front end calls; `question_json`, `view`, `view_at`, `log` and `scores` are all it reads."""

    specs: Sequence[CardSpec]
    setup: Setup
    focus: CardSpec | None = None
    record: list[Answer] = field(default_factory=list)
    undos: int = 0
    on_answer: Callable[[PlaySession], None] | None = None  # autosave

    def __post_init__(self) -> None:
        self.replay(list(self.record))

    # the game --------------------------------------------------------------------------------------------------

    def new_game(self, tracer: bool = True) -> PlayedGame:
        setup = self.setup
        game = PlayedGame(self.specs, setup.players, setup.seed, setup.give)
        if tracer:
            game.table.session.tracer = FiredTracer(lambda: game.table, self.focus)
        return game

    def replay(self, answers: Sequence[Answer]) -> None:
        """A new game, the answers given in order; on a ReplayError the game stays at the question it names, the
        answers before it kept."""
        self.fresh()
        for count, answer in enumerate(answers, 1):
            self.replay_one(count, answer)
        self.play_on()

    def fresh(self) -> None:
        """A new game before its first question, no answer given, the bots seated as `nus simulate` seats them."""
        self.game = self.new_game()
        self.record = []
        self.bots = {seat: bot(agent, self.setup.seed, seat) for seat, agent in self.bot_seats()}
        self.question: Question | None = None

    def replay_one(self, count: int, answer: Answer) -> None:
        """Give answer number `count` to the question it answered; a ReplayError when its words fit no option there
        (the game then plays on to the next person's question, as after any answer)."""
        decision = self.game.question()
        if decision is None:
            self.play_on()
            raise ReplayError(count, answer, over=True)
        options = option_words(self.game.table, decision)
        index = exact_choice(options, answer.words)
        if decision.player != answer.player or decision.prompt != answer.prompt or index is None:
            self.play_on()
            raise ReplayError(count, answer, options if decision.player == answer.player else ())
        self.give(decision, options, index, answer.by)

    def give(self, decision: Decision, options: Sequence[str], index: int, by: str) -> None:
        log_at = len(self.game.table.session.events)
        self.record.append(Answer(decision.player, decision.prompt, options[index], by, index, log_at))
        self.game.answer(index)

    def play_on(self) -> None:
        """Answer every question no person is asked (a bot's, a lone option) up to a person's or the game's end."""
        game = self.game
        while (decision := game.question()) is not None:
            agent = self.setup.seats[decision.player]
            options = option_words(game.table, decision)
            lone = len(options) == 1
            if agent != PERSON:  # asked even for a lone option, which a random player draws for (as in play_out)
                self.give(
                    decision, options, bot_choice(self.bots[decision.player], decision, game), "only" if lone else agent
                )
            elif lone:
                self.give(decision, options, 0, "only")
            else:
                self.question = Question(decision, tuple(options))
                return
        self.question = None

    def bot_seats(self) -> list[tuple[int, str]]:
        return [(seat, agent) for seat, agent in enumerate(self.setup.seats) if agent != PERSON]

    def reseat_bots(self) -> None:
        """Each bot sits down afresh, seeded by the position (see the module's docstring)."""
        seed, answered = self.setup.seed, len(self.record)
        self.bots = {seat: bot_later(agent, seed, seat, answered) for seat, agent in self.bot_seats()}

    # what a front end calls ------------------------------------------------------------------------------------

    def answer(self, answer: int | str) -> None:
        """A person's answer: an option's index, or typed text (a number from 1, or words); AnswerError if it names
        no option. Bots then play on to the next person's question."""
        question = self.question
        if question is None:
            raise AnswerError("the game is over: nothing is asked")
        if isinstance(answer, int):
            if not 0 <= answer < len(question.options):
                raise AnswerError(f"option {answer + 1} of {len(question.options)}: there is no such option")
            index = answer
        else:
            index = typed_choice(question.options, answer)
        self.question = None
        self.give(question.decision, question.options, index, PERSON)
        self.reseat_bots()
        self.play_on()
        if self.on_answer is not None:
            self.on_answer(self)

    def undo(self) -> bool:
        """Back to the person's previous question, across the bots' moves; False when there is none."""
        last = next((n for n in range(len(self.record) - 1, -1, -1) if self.record[n].by == PERSON), None)
        if last is None:
            return False
        kept = self.record[:last]
        self.replay(kept)
        self.reseat_bots()
        self.undos += 1
        if self.on_answer is not None:
            self.on_answer(self)
        return True

    def hint(self) -> Hint | None:
        """What the hint bot would answer to the question waiting, worked out on a copy: the game is untouched."""
        question = self.question
        if question is None:
            return None
        trial = self.game.copy()
        adviser = bot_later(self.setup.hint, self.setup.seed, question.player, len(self.record))
        index = bot_choice(adviser, question.decision, trial)
        return Hint(index, question.options[index], self.setup.hint)

    def restart(self) -> None:
        """The same seed and seats, no answers."""
        self.undos = 0
        self.replay([])

    def reload(self, specs: Sequence[CardSpec], focus: CardSpec | None = None) -> None:
        """Edited cards: the answers replayed on them (a ReplayError names the first that no longer fits)."""
        self.specs, self.focus = specs, focus
        self.replay(list(self.record))

    # what a front end reads ------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.over

    def view(self, seat: int | None, show_all: bool = False) -> Json:
        return table_view(self.game.table, seat, show_all)

    def view_at(self, log_index: int, seat: int | None, show_all: bool = False) -> Json:
        """The table at the first question after the log's entry `log_index` (the end, for an entry after the last
        question): the record up to there replayed on a game of its own."""
        count = next((n for n, answer in enumerate(self.record) if answer.log_at > log_index), None)
        if count is None and self.question is not None and len(self.game.table.session.events) > log_index:
            return self.view(seat, show_all)
        game = self.new_game(tracer=False)
        for answer in self.record[: len(self.record) if count is None else count]:
            game.question()
            game.answer(answer.index)
        game.question()
        return table_view(game.table, seat, show_all)

    def traced(self, card: CardSpec) -> Trace:
        """The game so far as `nus trace` shows a card in it: the record replayed with the card's tracer watching."""
        setup = self.setup
        game = self.new_game(tracer=False)
        tracer = Tracer(card)
        game.table.session.tracer = tracer
        for answer in self.record:
            game.question()
            game.answer(answer.index)
        game.question()
        grant = setup.give
        played = GameSetup(setup.seed, setup.seats, grant)
        record = replace(game.game.record(), granted=game.granted)
        return Trace(card, played, starting_place(self.specs, played, card), tracer, record)

    def log(self) -> list[Json]:
        """The game's log with the fired notes in their places: each entry {round, turn, text, player, card, line},
        a fired note with kind "fired" (and why, answers, changes)."""
        table = self.game.table
        tracer = table.session.tracer
        notes = list(tracer.notes) if isinstance(tracer, FiredTracer) else []
        entries: list[Json] = []
        at = 0
        for index, entry in enumerate(table.session.events):
            while at < len(notes) and notes[at].log_at <= index:
                entries.append(notes[at].json())
                at += 1
            entries.append(
                {
                    "kind": "log",
                    "index": index,
                    "round": entry.round,
                    "turn": entry.turn,
                    "text": entry.text,
                    "player": entry.player,
                    "card": entry.card,
                    "line": entry.line,
                }
            )
        entries += [note.json() for note in notes[at:]]
        return entries

    def scores(self) -> dict[int, Json]:
        table = self.game.table
        return {p.index: {name: number(part) for name, part in score(table, p).items()} for p in table.players}

    def question_json(self) -> Json | None:
        question = self.question
        if question is None:
            return None
        decision = question.decision
        return {
            "player": decision.player,
            "name": player_name(decision.player),
            "kind": str(decision.kind),
            "prompt": decision.prompt,
            "options": [
                {"words": words, "place": option_place(decision, option)}
                for words, option in zip(question.options, decision.options, strict=True)
            ],
        }

    def saved(self) -> Json:
        """The record as a saved game is made of (runtime/playtest/saved.py adds the cards' hash)."""
        setup = self.setup
        give = setup.give
        given = None if give is None else {"card": give.card, "player": player_name(give.seat), "round": give.round}
        totals = {player_name(seat): parts["total"] for seat, parts in self.scores().items()}
        return {
            "seed": setup.seed,
            "seats": list(setup.seats),
            "give": given,
            "hint": setup.hint,
            "answers": [answer.json() for answer in self.record],
            "undos": self.undos,
            "over": self.over,
            "scores": totals if self.over else None,
        }


__all__ = ["PERSON", "Answer", "AnswerError", "Hint", "PlaySession", "Question", "ReplayError", "Setup"]
