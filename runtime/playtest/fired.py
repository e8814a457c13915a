"""The fired log: every card's abilities that fired in a played game, and why, in `nus trace`'s words.

`nus trace` watches one card; this tracer watches all of them, keeping the moments an ability's condition held
(what it changed, what was answered inside it), and, for a card in focus (`--card`), the moments it kept silent too.
Each note remembers how long the game's log was when it came, so a front end shows it in its place in the log. It
only reads the table (the engine tells it, runtime/analysis/trace.py lists the calls), and an undone try is undone
from it too (`rewind`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from runtime.analysis.trace import condition_text, differences, explain, moment_name, view
from runtime.core.decisions import Decision, Option
from runtime.model.cards import Ability, CardSpec, Context
from runtime.model.state import CardInPlay, Table, player_name
from runtime.playtest.wording import option_words


@dataclass
class Note:
    """One entry of the fired log. kind: "fired", "silent" (a card in focus kept silent), "entered" (came into
    play) or "answered" (a question answered inside a firing, or a lone option taken without asking)."""

    kind: str
    log_at: int
    round: int
    turn: int
    at: str
    player: int | None
    card: str | None = None
    line: int = 0
    text: str = ""
    why: str = ""
    answers: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)

    def json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "log_at": self.log_at,
            "round": self.round,
            "turn": self.turn,
            "at": self.at,
            "player": self.player,
            "card": self.card,
            "line": self.line,
            "text": self.text,
            "why": self.why,
            "answers": list(self.answers),
            "changes": list(self.changes),
        }


class FiredTracer:
    """Told by the engine of every card listening, firing and entering play; keeps the notes of one game. `table`
    gives the game's live table: the game may move to a table of its own making (answered from another thread)."""

    def __init__(self, table: Callable[[], Table], focus: CardSpec | None = None):
        self.table = table
        self.focus = focus
        self.notes: list[Note] = []
        self.running: list[tuple[Note, CardInPlay, Ability, dict[str, Any]]] = []

    def note(self, kind: str, player: int | None, card: CardSpec | None, **parts: Any) -> Note:
        table = self.table()
        found = Note(
            kind,
            len(table.session.events),
            table.round,
            table.turn,
            moment_name(table),
            player,
            None if card is None else card.name,
            0 if card is None else card.line,
            **parts,
        )
        self.notes.append(found)
        return found

    def listened(self, ctx: Context, ability: Ability, held: bool) -> None:
        if not held and ctx.card.spec is not self.focus:
            return
        tests, counts, _ = explain(ctx, ability)
        why = ""
        if tests or counts:
            why = f"condition {'held' if held else 'failed'}: " + condition_text(Condition(tests, counts))
        kind = "fired" if held else "silent"
        found = self.note(kind, ctx.card.owner.index, ctx.card.spec, text=ability.text, why=why)
        if held:
            self.running.append((found, ctx.card, ability, view(ctx.table)))

    def ran(self, ctx: Context, ability: Ability, done: bool, failure: str) -> None:
        if not self.running or self.running[-1][1] is not ctx.card or self.running[-1][2] is not ability:
            return  # an any-time or worker-space use: the log says it was used
        found, _, _, before = self.running.pop()
        if not done:
            undone = f"no effect ({failure}; the table is as it was)"
            found.why = f"{found.why}; {undone}" if found.why else undone
        found.changes = differences(before, view(ctx.table))

    def answered(self, decision: Decision, option: Option) -> None:
        chosen = option_words(self.table(), decision)[decision.options.index(option)]
        if self.running:
            self.running[-1][0].answers.append(f'{player_name(decision.player)} "{decision.prompt}": {chosen}')
        elif len(decision.options) == 1:
            self.note("answered", decision.player, None, text=f'"{decision.prompt}": {chosen} (the only option)')

    def entered(self, table: Table, card: CardInPlay) -> None:
        self.note("entered", card.owner.index, card.spec, text="comes into play")

    def position(self) -> int:
        return len(self.notes)

    def rewind(self, position: int) -> None:
        """A try undone from the table (Table.restore) is undone from the log too."""
        del self.notes[position:]
        kept = {id(found) for found in self.notes}
        self.running = [entry for entry in self.running if id(entry[0]) in kept]


class Condition(NamedTuple):
    """A condition's parts as `nus trace` words them (condition_text reads a moment's two lists)."""

    tests: list[tuple[str, bool]]
    counts: list[tuple[str, Any]]
