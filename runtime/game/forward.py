"""The forward model: a game that says who is to move, takes an answer, marks a position and goes back to it, copies
itself and plays out, every question asked on the live table.

The one driver (runtime/game/driver.py) runs inside a greenlet the Game owns (PyPI `greenlet`, the C extension
SQLAlchemy and gevent use: a switch costs under a microsecond, a new greenlet a few). When the engine asks a
question, the Game answers it from, in order: the answers being replayed; the seat's `pick`, inside the engine with
no Decision made, when every seat has one (random players); the seat's decider, called with the greenlet switched
out to the Game, so it may look ahead on this very game; nobody, for a seat answered from outside (None): then
`to_move()` returns the question. Either way the table stays exactly as the engine has it at the question: the
table, the options' words and `scores()` are the live position.

    game = Game.new(specs, players=3, seed=7, seats=[None, Greedy(1, 1), None])   # None: answered from outside
    while (decision := game.to_move()) is not None:    # an outside seat's question; the others answer their own
        game.apply(choose(decision))                   # an index into decision.options; runs on to the next question
    record = game.play_out()                           # or to the end: `deciders` answer the outside seats

A look-ahead tries an option and takes it back: `with game.trying(decider):` marks the question, lets `decider`
answer every seat while the trial runs, and puts the game back at the question at the end (`apply`, then
`finish_segment` runs the trial to the end of the segment). `mark`/`undo` do the same by hand, anywhere; `copy` is an
independent game at the same question. Going back mid-segment ends the suspended greenlet at once (its stack
unwinds now, not at garbage collection, when it would touch the table), restores the table to the segment's start
through the undo journal, and replays the segment's recorded answers up to the question: so a Decision asked again
is the same question, not always the same objects (a card built earlier in the segment is built again), and
options are compared by index and label.
"""

from __future__ import annotations

import copy
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from threading import Thread, current_thread
from typing import Any

from greenlet import getcurrent, greenlet

from runtime.core.decisions import Decider, Decision, RandomPlayer, checked_answer, describe, option_index
from runtime.core.decisions import uniform_index as draw
from runtime.core.rules_in_force import rule
from runtime.game.driver import Stage, run_segment
from runtime.game.setup import new_table
from runtime.mechanics.scoring import score
from runtime.model.state import Mark as TableMark
from runtime.model.state import Session, Table
from runtime.wording import counted

BOUNDARY = object()  # what the engine's greenlet says when it stops between two segments


@dataclass(frozen=True)
class Record:
    """What a played game leaves behind, the one result of every way to play one: its seed, who sat where, each
    seat's score by part (exact, with its total), the winners (ties shared), the worker turns taken, each Building in
    play at the end that was built during the game as (name, seat, round), whether a card granted by `nus balance`
    found a space (None without a grant, or when the game ended before its round), and the log if it was kept."""

    seed: int
    seats: tuple[str, ...]
    parts: tuple[dict[str, int | Fraction], ...]
    winners: tuple[int, ...]
    turns: int
    built: tuple[tuple[str, int, int], ...]
    granted: bool | None = None
    log: tuple[str, ...] = ()
    taken: tuple[tuple[str, int, int], ...] = ()  # each Elder on a Council at the end taken during the game, as built
    rounds: int = 0  # rounds played

    @property
    def scores(self) -> tuple[float, ...]:
        """Each seat's total, as the statistics use it."""
        return tuple(float(parts["total"]) for parts in self.parts)

    def win_share(self, seat: int) -> float:
        return 1 / len(self.winners) if seat in self.winners else 0.0


@dataclass
class RoundStart:
    """Something run at the start of a round (Game.at_round_start), and what its last run returned (None before)."""

    round: int
    act: Callable[[Table], Any]
    result: Any = None


@dataclass
class Mark:
    """A position to go back to, as often as needed: the table at the start of its segment (or at the boundary it was
    taken at, `answers` None) and the answers given in the segment up to its question. `with game.mark() as mark:`
    releases it at the end."""

    table_mark: TableMark
    answers: tuple[int, ...] | None

    def __enter__(self) -> Mark:
        return self

    def __exit__(self, *exc: object) -> None:
        self.table_mark.__exit__(*exc)


class Asking:
    """The table's decider while a Game drives it: every question is answered by the Game (see the module
    docstring), from inside the engine's greenlet. A seat that picks (a random player) is asked there too, shown the
    Decision: its choice rests on the options alone, and switching out for it would cost more than the choice."""

    def __init__(self, game: Game):
        self.game = game

    def choose(self, decision: Decision, game: Any) -> int:
        owner = self.game
        engine = owner.engine
        if engine is None or getcurrent() is not engine:
            return owner.answered_here(decision)  # asked outside the driver (a card granted between segments)
        seat = owner.seats[decision.player]
        if hasattr(seat, "pick"):
            return owner.answered_inside(decision, seat)  # type: ignore[arg-type]
        return engine.parent.switch(decision)


class Replaying:
    """The table's decider while a segment is played again up to a question: the answers recorded, each the place of
    the option among every candidate (see Game.answer). They are given as picks, so a choice among legal options
    is made as a random player's is, checking only the option recorded, not every candidate (with a tracer every
    decision is shown, and the answer is the recorded option's place among those shown). A look-ahead's trial
    comes back to `question` (Game.trying): the engine asks it as a pick, and it is put to the game as it was, not
    worked out again (its legal options were most of what a greedy player's trial cost)."""

    def __init__(self, game: Game, answers: Sequence[int], question: Decision | None = None):
        self.game = game
        self.left = list(reversed(answers))
        self.question = question

    def pick(self, player: int, count: int) -> int:
        if not self.left:
            question: Decision = self.question  # type: ignore[assignment]
            index = self.ask(question)
            return index if question.among is None else question.among[1][index]
        return self.next()

    def choose(self, decision: Decision, game: Any) -> int:
        if not self.left:
            return self.ask(decision)
        index = self.next()
        return index if decision.among is None else decision.among[1].index(index)

    def next(self) -> int:
        owner, index = self.game, self.left.pop()
        owner.answers.append(index)
        if not self.left and self.question is None:  # replayed up to here: the seats answer from now on
            owner.table.session.decider = owner.router
        return index

    def ask(self, question: Decision) -> int:
        owner = self.game
        owner.table.session.decider = owner.router
        return owner.engine.parent.switch(question)  # type: ignore[union-attr]


class Trying(Asking):
    """Asking, while a look-ahead's trial runs (Game.trying): its stand-in decider answers every question inside the
    engine, with no switch out (it must not move the game), and the trial stops at the first question after the
    engine took back the answer being tried (Game.refused)."""

    def __init__(self, game: Game, decider: Decider):
        super().__init__(game)
        self.decider = decider
        self.looks = getattr(decider, "looks_ahead", None)  # a stand-in that tries options itself at some questions

    def choose(self, decision: Decision, game: Any) -> int:
        owner = self.game
        if owner.watching and owner.table._journal.lowest < owner.watching:
            return owner.engine.parent.switch(decision)  # type: ignore[union-attr]
        if self.looks is not None and self.looks(decision):  # answered outside the engine, where it may try options
            return owner.engine.parent.switch(decision)  # type: ignore[union-attr]
        return owner.answered_inside(decision, self.decider)


class Picking(Asking):
    """Asking, for a game whose every seat picks (random players): a seat's pick answers inside the engine."""

    def __init__(self, game: Game):
        super().__init__(game)
        seats = game.seats
        if all(type(seat) is RandomPlayer for seat in seats):
            self.streams = [seat.rng for seat in seats]  # type: ignore[union-attr]
            self.pick = self.draw
        else:
            self.pick = self.seat_pick

    def seat_pick(self, player: int, count: int) -> int:
        return self.game.seats[player].pick(player, count)  # type: ignore[union-attr]

    def draw(self, player: int, count: int) -> int:
        """seat_pick when every seat is a RandomPlayer (a simulated game's usual table): the seat's draw from its
        stream, as its pick makes it, without a call through the player (most decisions of such a game)."""
        return draw(self.streams[player], count)


class Game:
    """A position of one game: its table, live at the question the engine waits at (or between two segments), the
    seats' deciders, and the answers given in the current segment."""

    def __init__(self, table: Table, specs: Sequence[Any], seats: Sequence[Decider | None], seed: int = 0):
        self.table = table
        self.specs = tuple(specs)
        self.seed = seed  # what dealt the table, for the record
        self.seats = seats_for(seats, len(table.players))
        self.engine: greenlet | None = None  # the driver, suspended at `pending` or between segments
        self.start: TableMark | None = None  # the table at the current segment's start
        self.answers: list[int] = []  # given in the current segment, replayed to come back to a question in it
        self.pending: Decision | None = None
        self.refused = False  # the answer given with apply was taken back by the engine (see answer)
        self.watching = 0  # the journal's length after apply's answer, while its segment goes on
        self.stop_at_boundary = False  # apply: the engine stops at the segment's end
        self.between = False  # the engine is suspended between two segments
        self.thread: Thread | None = None  # the thread the engine runs on (see here; not its ident: reused)
        self.round_starts: list[RoundStart] = []  # see at_round_start
        table.session.game = self
        self.router = Picking(self) if all(hasattr(seat, "pick") for seat in self.seats) else Asking(self)
        table.session.decider = self.router

    @classmethod
    def new(
        cls,
        specs: Sequence[Any],
        players: int,
        seed: int,
        seats: Sequence[Decider | None] | None = None,
        keep_log: bool = True,
    ) -> Game:
        """A game before round 1. The seed fixes the deal: it must be a whole number, as None would make a game no one
        can play again; `players` one of the counts the rules set up. `seats`: one decider a seat, None for a seat
        answered from outside (every seat, by default). `keep_log` False keeps no log (a game played for its
        scores)."""
        seed = option_index(seed, f"a game's seed is a whole number, not {seed!r}: the seed is what replays a game")
        players = option_index(players, f"players is a whole number, not {players!r}")
        table = new_table(players, specs, seed=seed, keep_log=keep_log)
        return cls(table, specs, [None] * players if seats is None else seats, seed)

    @property
    def over(self) -> bool:
        return self.table.stage == Stage.OVER

    def to_move(self) -> Decision | None:
        """The question of a seat answered from outside that the game waits at, playing on until one is asked (the
        other seats' deciders answer theirs); None once the game is over."""
        while (decision := self.question()) is not None:
            seat = self.seats[decision.player]
            if seat is None:
                return decision
            self.answer(seat.choose(decision, self))
        return None

    def apply(self, index: int) -> None:
        """Answer the question the game waits at (to_move's) with an option's index (any integral number, not a
        truth); the game runs on to its next question (`pending`, whoever's) or the end of the segment. `refused`
        says, until the segment ends, whether the engine took the answer back (its option turned out impossible)."""
        decision = self.pending or self.to_move()
        if decision is None:
            raise ValueError("the game is over")
        index = option_index(index, f"an option is answered by its index, an int, not {index!r}")
        if not 0 <= index < len(decision.options):
            raise IndexError(f"option {index} of {len(decision.options)}: {describe(decision)}")
        self.answer(index, watch=True)

    def finish_segment(self) -> None:
        """The seats' deciders answer every question until the segment ends, or until the engine takes back the
        answer given with apply (`refused`): a look-ahead's trial (see trying)."""
        while (decision := self.pending) is not None and not self.refused:
            seat = self.seats[decision.player]
            if seat is None:
                raise ValueError(f"no decider answers {describe(decision)}: give one for every seat")
            self.answer(seat.choose(decision, self))

    def next_segment(self) -> None:
        """Play on to the end of the segment under way, or else of the next one, the seats answering every question:
        a look-ahead's trial played segment by segment to a horizon of its own (the plan player's end of a round)."""
        if self.pending is None and not self.over:
            self.refuse_inside()
            self.here()
            self.stop_at_boundary = True
            try:
                self.resume(None)
            finally:
                self.stop_at_boundary = False
        self.finish_segment()

    def at_round_start(self, round_: int, act: Callable[[Table], Any]) -> RoundStart:
        """Run act(table) at the start of that round, inside its first segment before the round begins (a card given
        by `nus balance` or `nus play --give`): a question it asks is asked of its seat and replayed like any other.
        Not run when the game ends before that round. The RoundStart (`round_starts`, copied with the game) keeps
        what its last run returned."""
        start = RoundStart(round_, act)
        self.round_starts.append(start)
        return start

    def play_out(self, deciders: Decider | Sequence[Decider] | None = None) -> Record:
        """Play to the end and return the result: the seats answer their own questions, `deciders` (one for every
        seat, or a list of one a seat) those of the seats answered from outside, as an outside caller would."""
        players = len(self.table.players)
        outside = self.seats if deciders is None else seats_for(deciders, players)
        while (decision := self.to_move()) is not None:
            decider = outside[decision.player]
            if decider is None:
                raise ValueError(f"no decider answers {describe(decision)}: give play_out one for every seat")
            self.apply(checked_answer(decision, decider.choose(decision, self)))
        return self.record()

    def scores(self) -> dict[int, Fraction]:
        return {player.index: score(self.table, player)["total"] for player in self.table.players}

    def record(self) -> Record:
        """The result as the game stands (at its end, the final one)."""
        table = self.table
        parts = tuple(score(table, player) for player in table.players)
        best = max(seat["total"] for seat in parts)
        return Record(
            seed=self.seed,
            seats=tuple(seat_name(seat) for seat in self.seats),
            parts=parts,
            winners=tuple(seat for seat, found in enumerate(parts) if found["total"] == best),
            turns=table.turn_counter,
            built=came_in(table, "buildings"),
            log=tuple(table.log) if table.session.keep_log else (),
            taken=came_in(table, "council"),
            rounds=table.round,
        )

    def mark(self) -> Mark:
        """This position, to go back to with undo as often as needed. Changes are journaled while a mark is open:
        release it (`release` or a `with`) when done. Undo takes back the table and the answers, not a decider's
        random stream (to play the same future twice, play it on copies)."""
        self.refuse_inside()
        if self.start is None:
            return Mark(self.table.snapshot(), None)
        return Mark(self.table.again(self.start), tuple(self.answers))

    def undo(self, mark: Mark) -> None:
        """Back to the mark's position; a mark released, of another game, or undone past is refused, the position
        left as it was."""
        self.back_to(mark)

    def back_to(self, mark: Mark, question: Decision | None = None) -> None:
        self.refuse_inside()
        self.table.check(mark.table_mark)
        self.stop_engine()
        self.table.restore(mark.table_mark)
        if mark.answers is not None:
            self.replay(mark.answers, question)

    def release(self, mark: Mark) -> None:
        self.table.release(mark.table_mark)

    @contextmanager
    def trying(self, decider: Decider) -> Iterator[None]:
        """Try something from this position and take it back: inside, `decider` answers every seat (asked inside the
        engine: it must not move the game, unless its `looks_ahead(decision)` says it tries options at that question:
        it is then asked between switches, as a seat's decider is, and may try in turn) and nothing is traced; at the
        end the game is back here, as it was (a look-ahead's trial: apply an option, then finish_segment)."""
        mark, question = self.mark(), self.pending
        session, seats, router = self.table.session, self.seats, self.router
        watched = self.watching, self.refused  # a trial tried inside another's leaves the outer trial's watch as it was
        counts = session.hook_runs, session.hook_decisions_left  # the bounds count the game's own play, not trials
        tracer, session.tracer = session.tracer, None
        self.seats = [decider] * len(seats)
        self.router = session.decider = Picking(self) if hasattr(decider, "pick") else Trying(self, decider)
        try:
            yield
        finally:
            self.seats, self.router, session.decider, session.tracer = seats, router, router, tracer
            session.hook_runs, session.hook_decisions_left = counts
            self.back_to(mark, question)  # the same question, by the same Decision: asked only by index meanwhile
            self.release(mark)
            self.watching, self.refused = watched

    def copy(self) -> Game:
        """An independent game at the same position: its own table, session and deciders (copied with their random
        streams, so playing the copy on leaves the original's own play as it was); specs and rules shared. It holds
        what a player cannot see (every deck's order, every hand): a fair look-ahead re-deals it (lookahead.redeal)."""
        self.refuse_inside()
        table, seats = self.copied(self.seats)
        other = Game(table, self.specs, seats, self.seed)
        other.round_starts = [replace(start) for start in self.round_starts]
        if self.start is not None:
            other.replay(self.answers)
        return other

    def copied(self, seats: Any) -> tuple[Table, Any]:
        """A deep copy of the table as it was at the segment's start (its own session, keeping the log; the seats
        given copied with it); specs and rules shared."""
        table, session = self.table, self.table.session
        memo: dict[int, Any] = {id(table.rules): table.rules}
        for spec in self.specs:
            memo[id(spec)] = spec
            for ability in spec.abilities:
                memo[id(ability)] = ability
        memo[id(session)] = Session(keep_log=session.keep_log)
        since = [] if self.start is None else table._journal.entries[self.start.position :]
        other, undoing, seats = copy.deepcopy((table, since, seats), memo)
        for entry in reversed(undoing):  # back to the segment's start: the answers are replayed from there
            entry[0](*entry[1:])
        other.session.events = list(session.events[: None if self.start is None else self.start.log_length])
        return other, seats

    def here(self) -> None:
        """Move the game to this thread if its engine runs on another: a greenlet runs only on the thread that made
        it (a web server may answer each request on a thread of its own). Between segments a new engine is made
        here. Mid-segment the game takes a copy of its table at the segment's start and replays its answers here:
        the engine left behind keeps the old table, so whatever its thread still does with it (unwinding its
        stack when the thread next runs greenlets; nothing if the thread has ended) touches nothing of this game.
        A mark taken before the move is of the old table, and refused."""
        if self.engine is None or self.thread is current_thread():
            return
        if self.start is None:
            self.engine = None
            return
        table, _ = self.copied(None)
        table.session.decider, table.session.game = self.router, self
        tracer = table.session.tracer = self.table.session.tracer
        if tracer is not None and self.start.trace_length is not None:
            tracer.rewind(self.start.trace_length)  # the segment is traced again as it is replayed here
        answers, self.table, self.engine, self.start, self.pending = self.answers, table, None, None, None
        self.replay(answers)

    def question(self) -> Decision | None:
        """The question the game waits at, running on from between two segments to the next one (None: the end)."""
        self.refuse_inside()
        self.here()
        while self.pending is None and not self.over:
            self.resume(None)
        return self.pending

    def answer(self, index: int, watch: bool = False) -> None:
        """Give the question the game waits at this answer, checked, and run on to the next question or the end of
        the segment; a decider's answer that is no option's index leaves the game at the question. An answer watched
        (apply's) sets `refused` from then to the segment's end: whether the engine took it back, its option turning
        out impossible (the question is then asked again without it, or its one option left taken), which shows as
        the journal going back past an entry put in before the answer."""
        self.here()
        decision: Decision = self.pending  # type: ignore[assignment]
        if index.__class__ is not int or not 0 <= index < len(decision.options):
            index = checked_answer(decision, index)
        self.answers.append(index if decision.among is None else decision.among[1][index])  # its place: see Replaying
        journal = self.table._journal
        # An entry that undoes nothing (int() makes a 0), a new tuple each time (a mark's check tells entries apart by
        # identity); a table mid-segment always journals, the segment's mark being open.
        journal.entries.append((int,))
        if watch:
            self.watching = journal.lowest = len(journal.entries)
            self.refused = False
        self.stop_at_boundary = True
        try:
            self.resume(index)
        finally:
            self.stop_at_boundary = False
        if self.watching:
            self.refused = journal.lowest < self.watching
            if self.pending is None:  # the segment is over: nothing more to watch
                self.watching = 0

    def resume(self, value: int | None) -> None:
        """Switch into the engine (a new one between two segments) with an answer; back here at its next question,
        between segments when asked to stop there, or at the end. An error in a segment (a card that loops) puts the
        game back where this call found it, or at the segment's start if that was in an earlier one, and is raised."""
        if self.engine is None:
            self.engine, self.thread, self.between = greenlet(self.drive), current_thread(), False
        start, answered = self.start, len(self.answers) - (value is not None)
        self.engine.parent = getcurrent()
        self.pending = None
        try:
            stopped = self.engine.switch(value)
        except BaseException:
            self.engine = None
            self.recover(start, answered)
            raise
        if self.engine.dead:
            self.engine = None
        self.pending = stopped if stopped.__class__ is Decision else None

    def drive(self, _: None) -> None:
        """The engine's greenlet: the driver, segment after segment, each one under a mark to come back to."""
        table = self.table
        while table.stage != Stage.OVER:
            self.start = table.snapshot()
            self.answers = []
            if self.round_starts and table.stage == Stage.ROUND:
                self.starting_round(table)
            run_segment(table)
            table.release(self.start)
            self.start = None
            if self.stop_at_boundary:
                self.between = True
                getcurrent().parent.switch(BOUNDARY)
                self.between = False

    def starting_round(self, table: Table) -> None:
        """What at_round_start put at the start of the round about to begin (if it begins: see start_round)."""
        coming = table.round + 1
        if table.round < rule(table, None, "rounds"):
            for start in self.round_starts:
                if start.round == coming:
                    start.result = start.act(table)

    def recover(self, start: TableMark | None, answered: int) -> None:
        """After an error in the engine: the table back at the segment's start, then at the question the failed call
        began at if it was in this segment. A tracer keeps what it saw up to the error (`nus trace` shows it)."""
        if self.start is None:  # between two segments: nothing of the table moved
            return
        session = self.table.session
        tracer, session.tracer = session.tracer, None
        try:
            self.table.restore(self.start)
            answers = self.answers[:answered] if self.start is start else None
            self.table.release(self.start)
            self.start, self.answers = None, []
            if answers is not None:
                self.replay(answers)
        finally:
            session.tracer = tracer

    def stop_engine(self) -> None:
        """End the engine suspended mid-segment now (its stack unwinds, releasing the marks it holds) and leave the
        game between two segments, at the table as it is. One suspended between two segments holds nothing: it is
        kept, and goes on from whatever position the table is put at (a look-ahead's trial ends there, and a new
        greenlet and the end of the old one cost as much as the rest of going back)."""
        self.here()
        if self.engine is not None and not self.between:
            engine, self.engine = self.engine, None
            engine.parent = getcurrent()
            engine.throw()
        if self.start is not None:
            self.table.release(self.start)
        self.start, self.answers, self.pending = None, [], None

    def replay(self, answers: Sequence[int], question: Decision | None = None) -> None:
        """From the start of a segment, run it again with these answers up to the question that follows them (put
        to the game as `question`, when given)."""
        if answers or question is not None:
            self.table.session.decider = Replaying(self, answers, question)
        else:
            self.table.session.decider = self.router
        self.resume(None)

    def answered_inside(self, decision: Decision, decider: Decider) -> int:
        """A question answered inside the engine by a decider that does not move the game: checked and recorded as
        an answer from outside is (see answer)."""
        index = decider.choose(decision, self)
        if index.__class__ is not int or not 0 <= index < len(decision.options):
            index = checked_answer(decision, index)
        self.answers.append(index if decision.among is None else decision.among[1][index])
        return index

    def answered_here(self, decision: Decision) -> int:
        """A question asked outside the driver's greenlet: its seat's decider answers it where it is."""
        seat = self.seats[decision.player]
        if seat is None:
            raise ValueError(f"{describe(decision)} was asked outside the game's play: no seat answers it")
        return seat.choose(decision, self)

    def refuse_inside(self) -> None:
        if self.engine is not None and getcurrent() is self.engine:
            raise RuntimeError("the game is running: a decider answering inside the engine (with pick) cannot move it")


def seats_for(deciders: Decider | Sequence[Decider | None], players: int) -> list[Decider | None]:
    """One decider (or None: answered from outside) for each seat, refused now if they cannot answer every seat (not
    with an IndexError mid-game): one decider for all, or a list or tuple of one for each player, each with a
    `choose`."""
    if isinstance(deciders, (list, tuple)):
        if len(deciders) != players:
            raise ValueError(
                f"{counted(len(deciders), 'decider')} for {counted(players, 'player')}: give one for each seat"
            )
        seats = list(deciders)
    else:
        seats = [deciders] * players
    for decider in seats:
        if decider is not None and not callable(getattr(decider, "choose", None)):
            raise TypeError(f"a decider has a choose(decision, game) method; {decider!r} has none")
    return seats


def seat_name(seat: Decider | None) -> str:
    """Who sat in a seat, as a record names it: the player's name (random, greedy, search), or "outside"."""
    return "outside" if seat is None else getattr(seat, "name", type(seat).__name__)


def came_in(table: Table, where: str) -> tuple[tuple[str, int, int], ...]:
    """The cards in play at the end in each player's `where` (buildings, council) that came in during the game (built,
    an Elder taken), with the round of their turn."""
    starts = table.round_starts
    return tuple(
        (card.name, player.index, bisect_left(starts, card.built_turn))
        for player in table.players
        for card in getattr(player, where)
        if 0 < card.built_turn <= table.turn_counter
    )
