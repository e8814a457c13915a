"""The decider of a worked example: it answers each question with the words the example gives at that step.

Answers are used in order; one marked `every time` stays and answers each later question it fits. A question
no answer fits stops the example with the question, its options in example syntax, and the line to add.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from runtime.engine.decisions import Decision, ScriptError
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
    kind: str
    prompt: str
    options: list[str]
    answer: str  # the option taken, in example words
    automatic: bool = False


@dataclass
class ExampleDecider:
    pending: list[Answer] = field(default_factory=list)
    standing: list[Answer] = field(default_factory=list)
    asked: list[Asked] = field(default_factory=list)

    def give(self, answers: Sequence[Answer]) -> None:
        """The answers of one step; standing ones from an earlier step lapse."""
        self.pending = [answer for answer in answers if not answer.every_time]
        self.standing = [answer for answer in answers if answer.every_time]

    def choose(self, decision: Decision, table: Table) -> int:
        player, kind = decision.player, str(decision.kind)
        named = [describe(table, player, kind, option) for option in decision.options]
        for answer in self.candidates(player):
            for index, option in enumerate(decision.options):
                if matches(answer.text, table, player, kind, option):
                    if not answer.every_time:
                        self.pending.remove(answer)
                    self.asked.append(Asked(player, kind, decision.prompt, named, named[index]))
                    return index
        raise Unanswered(question(player, decision.prompt, named, self.next_answer(player)))

    def candidates(self, player: int) -> list[Answer]:
        head = next((answer for answer in self.pending if answer.fits(player)), None)
        return ([head] if head else []) + [answer for answer in self.standing if answer.fits(player)]

    def next_answer(self, player: int) -> Answer | None:
        return next((answer for answer in self.pending if answer.fits(player)), None)

    def automatic(self, decision: Decision, table: Table) -> None:
        """A question with one option is answered without asking; verbose output shows it."""
        words = describe(table, decision.player, str(decision.kind), decision.options[0])
        self.asked.append(Asked(decision.player, str(decision.kind), decision.prompt, [words], words, automatic=True))


def question(player: int, prompt: str, options: list[str], wrong: Answer | None) -> str:
    who = f"player {player_number(player)}"
    listed = "; ".join(options)
    if wrong is not None:
        return (
            f'line {wrong.line}: answer "{wrong.text}" does not fit {who}\'s question "{prompt}"; '
            f"the options are: {listed}"
        )
    prefix = "" if player == 0 else f"{who}: "
    return f'{who} is asked "{prompt}" and no answer is given; the options are: {listed}\n' + (
        f"    add the line: {prefix}answer {options[0]}"
    )
