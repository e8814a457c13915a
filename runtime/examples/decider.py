"""The decider of a worked example: it answers each question with the words the example gives at that step.

Answers are used in order; one marked `every time` stays and answers each later question it fits. A question
no answer fits stops the example with the question, its options in example syntax, and the line to add.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from runtime.core.decisions import Decision, DecisionKind, ScriptError
from runtime.examples.answers import describe, matches
from runtime.model.state import Table, player_number

EVERY_TIME = " every time"


@dataclass
class Answer:
    """One answer as written, the example line it is on, and whose questions it may answer (None: anyone's)."""

    text: str
    line: int
    player: int | None = None
    every_time: bool = False

    @classmethod
    def written(cls, text: str, line: int, player: int | None) -> Answer:
        if text.lower().endswith(EVERY_TIME):
            return cls(text[: -len(EVERY_TIME)], line, player, every_time=True)
        return cls(text, line, player)

    def fits(self, player: int) -> bool:
        return self.player is None or self.player == player


class Unanswered(ScriptError):
    """A question the example has no fitting answer for; the message says which line would answer it."""


@dataclass
class Asked:
    player: int
    kind: DecisionKind
    prompt: str
    options: list[str]
    answer: str  # the option taken, in example words
    automatic: bool = False


@dataclass
class ExampleDecider:
    """Answers the questions of its example's table (no Game drives it: `choose` is handed None for the game)."""

    table: Table
    pending: list[Answer] = field(default_factory=list)
    standing: list[Answer] = field(default_factory=list)
    asked: list[Asked] = field(default_factory=list)
    given_at: int = 0  # how many questions had been asked when this step's answers were given

    def give(self, answers: Sequence[Answer]) -> None:
        """The answers of one step; standing ones from an earlier step lapse."""
        self.pending = [answer for answer in answers if not answer.every_time]
        self.standing = [answer for answer in answers if answer.every_time]
        self.given_at = len(self.asked)

    def choose(self, decision: Decision, game: object) -> int:
        table, player, kind = self.table, decision.player, decision.kind
        named = [describe(table, player, kind, option) for option in decision.options]
        for answer in self.candidates(player):
            for index, option in enumerate(decision.options):
                if matches(answer.text, table, player, kind, option):
                    if not answer.every_time:
                        self.pending.remove(answer)
                    self.asked.append(Asked(player, kind, decision.prompt, named, named[index]))
                    return index
        wrong = self.next_answer(player)
        raise Unanswered(question(player, decision.prompt, named, wrong) + self.lone_note(wrong))

    def candidates(self, player: int) -> list[Answer]:
        head = next((answer for answer in self.pending if answer.fits(player)), None)
        return ([head] if head else []) + [answer for answer in self.standing if answer.fits(player)]

    def next_answer(self, player: int) -> Answer | None:
        return next((answer for answer in self.pending if answer.fits(player)), None)

    def lone_note(self, answer: Answer | None) -> str:
        """For an answer no question took: the question with one option asked of its player in this step, if any,
        which it likely was for (taken without asking, it takes an answer only when the answer names its option)."""
        lone = [a for a in self.asked[self.given_at :] if a.automatic and answer and answer.fits(a.player)]
        if not lone:
            return ""
        who = f"player {player_number(lone[0].player)}"
        return f'; {who}\'s question "{lone[0].prompt}" has one option, {lone[0].answer}, taken without asking'

    def automatic(self, decision: Decision, table: Table) -> None:
        """A question with one option is answered without asking; verbose output shows it. An answer written for it
        anyway (the question `nus test -v` lists) is taken when it names that option; one that does not is left for
        a later question, and fails the example if none takes it."""
        player, kind, option = decision.player, decision.kind, decision.options[0]
        head = self.next_answer(player)
        if head is not None and matches(head.text, table, player, kind, option):
            self.pending.remove(head)
        words = describe(table, player, kind, option)
        self.asked.append(Asked(player, kind, decision.prompt, [words], words, automatic=True))


def question(player: int, prompt: str, options: list[str], wrong: Answer | None) -> str:
    who = f"player {player_number(player)}"
    listed = "; ".join(options)
    if wrong is not None:
        return (
            f'line {wrong.line}: answer {as_written(wrong.text)} does not fit {who}\'s question "{prompt}"; '
            f"the options are: {listed}"
        )
    prefix = "" if player == 0 else f"{who}: "
    return f'{who} is asked "{prompt}" and no answer is given; the options are: {listed}\n' + (
        f"    add the line: {prefix}answer {options[0]}"
    )


def as_written(text: str) -> str:
    """An answer quoted in a message, unless it holds quotes of its own (`"Boating Lake"`, `over "Toy Shop"`)."""
    return text if '"' in text else f'"{text}"'
