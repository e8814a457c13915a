"""The Nusfjord table as plain mutable objects, with marks to undo back to for all-or-nothing actions.

Every change is journaled (runtime/model/journal.py) while a mark is open, and a restore undoes the
changes in place, so references held by a running effect (its Context's player or card) stay valid.
A new table object's lists, dicts and sets are made tracked (with no journal yet), so putting it on the table
hands them the journal instead of copying each into a tracked one. A new table is built on its journal part by
part (setup.new_table), so it is not walked through when it goes on the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from runtime.model.caches import Bases, Derived
from runtime.model.cards import Ability, CardSpec
from runtime.model.journal import InPlayList, State, TrackedDict, TrackedList, TrackedSet
from runtime.model.rules import Rules


class IllegalAction(Exception):
    """An action or effect that cannot be completed; whoever started it restores the table."""


def goods_dict(wood: int = 0, fish: int = 0, gold: int = 0, guest: int = 0) -> TrackedDict:
    return TrackedDict(wood=wood, fish=fish, gold=gold, guest=guest)


@dataclass(eq=False)
class CardInPlay(State):
    """A Building on a Harbor board or an Elder in a council, with whatever lies on or under it."""

    spec: CardSpec
    owner: Player
    goods: TrackedDict = field(default_factory=goods_dict)
    under: list[CardInPlay] = field(default_factory=TrackedList)
    ships: list[str] = field(default_factory=TrackedList)
    fired: set[int] = field(default_factory=TrackedSet)
    cell: tuple[int, int] | None = None
    built_turn: int = -1
    worker: int | None = None
    used_round: int = 0
    origin: int = -1  # an Elder's stack on the supply board
    declined: bool = False  # its owner declined its standing effect for good: its rules no longer apply (set by
    # rules_in_force.withdraw_rules, which forgets what was derived from them)
    choices: dict[str, bool] = field(default_factory=TrackedDict)  # rule name -> its owner's standing "you may" answer
    # While it is being built: its builder's personal supply just before its cost was paid, (good, amount) pairs
    # (the counts `GOOD in supply before paying` read it); None once built, or when it came into play unpaid.
    paid_from: tuple[tuple[str, int], ...] | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    def __repr__(self) -> str:
        return f"<{self.spec.name} of {self.owner.name}>"


@dataclass(eq=False)
class Ship(State):
    type: str
    guest: bool = False


@dataclass(eq=False)
class Share(State):
    colour: int
    issued: bool
    holder: int | None  # a player index, or None while on the Share board
    fish: int = 0
    removed: bool = False

    @property
    def on_board(self) -> bool:
        return self.issued and self.holder is None and not self.removed


@dataclass(eq=False)
class Harbor(State):
    """Building spaces by (row, column); forests[i] counts the Forests stacked on double space i."""

    cells: dict[tuple[int, int], CardInPlay | None]
    forests: list[int]


@dataclass(eq=False)
class FishingTrack(State):
    """Ships fill the free spaces left to right after the preprinted catboat; goods may lie on spaces:
    space_goods[i] holds what lies on the track's space i (after the catboat). A space past the list's end holds
    nothing: the list grows when goods are put on a space, so a new track holds no dict for each of its spaces."""

    ships: list[Ship] = field(default_factory=TrackedList)
    cards: list[CardInPlay] = field(default_factory=TrackedList)  # Buildings placed on the track as though Ships
    space_goods: list[dict[str, int]] = field(default_factory=TrackedList)


def player_number(index: int) -> int:
    """Seats count from 1 wherever a person reads or writes them (logs, reports, the example language)."""
    return index + 1


@cache
def player_name(index: int) -> str:
    """The one display name of a seat, P1 for the first, used by every log line, message and report (made once a
    seat: the log asks on every line)."""
    return f"P{player_number(index)}"


@dataclass(eq=False)
class Player(State):
    index: int
    supply: TrackedDict  # good -> count; TrackedDict.add changes a count in one call
    reserve: TrackedDict
    harbor: Harbor
    track: FishingTrack
    council: list[CardInPlay] = field(default_factory=InPlayList)  # cards in play: a change forgets Table.derived
    buildings: list[CardInPlay] = field(default_factory=InPlayList)
    hand: list[CardSpec] = field(default_factory=TrackedList)
    turns_taken: int = 0
    elders_used_round: int = 0
    extra_turns_round: int = 0  # extra turns taken this Round (events.MOST_EXTRA_TURNS)
    any_time_round: int = 0  # "at any time" abilities used this Round (events.MOST_ANY_TIME_USES)
    last_elder: CardInPlay | None = None

    def __post_init__(self) -> None:
        """The seat's name, kept in the instance (log text asks hundreds of times a game; a seat never changes). Not
        a cached_property: that writes through __dict__, which makes every attribute read on a player slower (see
        runtime/model/journal.py)."""
        object.__setattr__(self, "name", player_name(self.index))

    def __repr__(self) -> str:
        return self.name


class LogEntry(NamedTuple):
    """One thing that happened: when, who (a player index), which card and its cards.nus line, and the words.

    `nus trace` and the balance lab read the fields; the text log is rendered from them (str). A named tuple,
    so that `Table.say`, called hundreds of times a game, makes one in a single C call (`new_entry`)."""

    round: int
    turn: int
    text: str
    player: int | None = None
    card: str | None = None
    line: int = 0

    def __str__(self) -> str:
        return f"R{self.round}T{self.turn} {self.text}"


new_entry = tuple.__new__  # new_entry(LogEntry, (round, turn, text, player, card, line)): every field given


class Session:
    """What drives a table and is no part of the game: who decides (`decider`, handed `game`: the forward model's
    Game driving the table, or None), the structured log, the counters of running actions and hooks, a worked
    example's card, and an optional tracer (`nus trace`: see runtime/analysis/trace.py for the calls it gets). A copy
    of the game gets a session of its own.

    `keep_log` False skips the log (`Table.say` makes no entry) for a table whose log nobody reads: a game
    simulated for its scores, a look-ahead player's copy. Play is the same either way: the game never reads
    its log, and marks restore it as before (an empty log stays empty)."""

    def __init__(self, decider: Any = None, keep_log: bool = True):
        self.decider = decider
        self.game: Any = None
        self.keep_log = keep_log
        self.events: list[LogEntry] = []
        self.action_depth = 0
        self.checking_latches = False
        self.example_card: CardSpec | None = None  # the card a worked example is about
        self.triggering: list[tuple[CardInPlay, Ability]] = []  # hooks running, outermost first
        self.rules_asked: dict[tuple[int, str], Any] = {}  # (player id, rule) being worked out -> the change asked
        self.hook_runs = 0  # hooks run in answer to the event the outermost of them heard (events.MOST_HOOK_RUNS)
        self.hook_decisions_left = 0  # decisions that may still be asked meanwhile (events.MOST_HOOK_DECISIONS)
        self.tracer: Any = None


@dataclass(eq=False)
class Table(State):
    """The game state only; `session` holds the machinery driving it, and no snapshot or copy saves it. Made by
    setup.new_table, which puts it on its journal. Its rules, session and bases are never changed.

    The position between turns is state too: `stage` names the next step of the game and `seat` the
    place in turn order it is at (see runtime/game/driver.py)."""

    rules: Rules
    session: Session
    players: list[Player]  # an InPlayList: the players and their cards in play
    shares: list[Share]
    ships_left: dict[str, int]
    elder_stacks: list[list[CardSpec]]
    plates: list[int]
    spaces: dict[str, list[int]]
    decks: dict[str, list[CardSpec]]
    display: list[CardSpec]
    bases: Bases = field(repr=False)  # what its rules and player count decide, worked out once (caches.py)
    elder_guests: dict[str, list[int]] = field(default_factory=TrackedDict)  # Elder name -> who gets its Guests
    elders_taken: set[str] = field(default_factory=TrackedSet)  # Elders ever taken from the supply board, by name
    general: TrackedDict = field(default_factory=goods_dict)  # the general supply's ledger: see from_general
    listeners: dict[tuple[str, str], list[tuple[CardInPlay, Ability]]] = field(default_factory=TrackedDict)
    latches: list[tuple[CardInPlay, int]] = field(default_factory=TrackedList)
    round_starts: list[int] = field(default_factory=TrackedList)  # the turn counter as each round began
    round: int = 0
    turn: int = 0
    turn_counter: int = 0
    start_player: int = 0
    stage: str = "round"
    seat: int = 0

    @property
    def derived(self) -> Derived:
        """Values the engine works out from which cards are in play, forgotten when that changes (caches.py)."""
        return self._journal.derived

    @property
    def log(self) -> list[str]:
        """The log as text, one line an entry."""
        return [str(entry) for entry in self.session.events]

    def say(self, text: str, player: int | None = None, card: Any = None) -> None:
        """Log an entry, unless the session keeps no log; `card` (in play or a spec) gives its name and cards.nus
        line."""
        session = self.session
        if not session.keep_log:
            return
        if card is None:
            session.events.append(new_entry(LogEntry, (self.round, self.turn, text, player, None, 0)))
            return
        spec = getattr(card, "spec", card)
        session.events.append(new_entry(LogEntry, (self.round, self.turn, text, player, spec.name, spec.line)))

    def from_general(self, good: str, amount: int) -> None:
        """The general supply is unlimited, so it is kept as a ledger: what left it counts down, what came
        back counts up. With every table zone added, each good's total never changes (tests check it)."""
        self.general.add(good, -amount)

    def to_general(self, good: str, amount: int) -> None:
        self.general.add(good, amount)

    def snapshot(self) -> Mark:
        """A mark to restore the table to; release it when done (or use it as a context manager)."""
        journal = self._journal
        journal.open += 1
        entries, tracer = journal.entries, self.session.tracer
        return Mark(
            self,
            len(entries),
            entries[-1] if entries else None,
            len(self.session.events),
            None if tracer is None else tracer.position(),
        )

    def again(self, mark: Mark) -> Mark:
        """A second mark at the same point as `mark`, to be released on its own (the forward model's marks inside a
        segment are at the segment's start)."""
        self.check(mark)
        self._journal.open += 1
        return Mark(self, mark.position, mark.last, mark.log_length, mark.trace_length)

    def check(self, mark: Mark) -> None:
        """Refuse a mark this table's journal does not lead to: a mark of another table (one taken before a copy was
        made is the original's), a mark released, or one whose changes an undo to an earlier mark took back."""
        if mark.table is not self:
            raise ValueError("cannot restore to a mark of another table (a copy has marks of its own)")
        position, entries = mark.position, self._journal.entries
        if position < 0 or len(entries) < position or (position and entries[position - 1] is not mark.last):
            raise ValueError(f"cannot restore to a mark {'released' if position < 0 else 'undone past'}")

    def restore(self, mark: Mark) -> None:
        """Undo every change since the mark (which stays open: restore to it as often as needed); a mark the journal
        does not lead to is refused (check)."""
        self.check(mark)
        self._journal.undo(mark.position)
        del self.session.events[mark.log_length :]
        tracer = self.session.tracer
        if mark.trace_length is not None and tracer is not None:  # traced when the mark was made, and still
            tracer.rewind(mark.trace_length)  # (a look-ahead's trial traces nothing: Game.trying rewinds after it)

    def release(self, mark: Mark) -> None:
        """The mark will not be restored to: once no mark is open, nothing is recorded."""
        if mark.table is not self:
            raise ValueError("cannot release a mark of another table (a copy has marks of its own)")
        if mark.position < 0:
            raise ValueError("the mark was released already")
        mark.position = -1
        journal = self._journal
        journal.open -= 1
        if not journal.open:
            journal.entries.clear()


class Mark:
    """A point in the table's journal, log and trace; `with table.snapshot() as mark:` releases it at the end.
    `last` is the journal's last entry when it was taken: the same entry still there says the journal still leads to
    it (an entry leaves the journal only when undone, and the mark keeps it from being made again)."""

    __slots__ = ("table", "position", "last", "log_length", "trace_length")

    def __init__(self, table: Table, position: int, last: tuple | None, log_length: int, trace_length: int | None):
        self.table = table
        self.position = position  # -1 once released
        self.last = last
        self.log_length = log_length
        self.trace_length = trace_length

    def __enter__(self) -> Mark:
        return self

    def __exit__(self, *exc: object) -> None:
        self.table.release(self)
