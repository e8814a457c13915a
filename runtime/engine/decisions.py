"""Who makes a player's choices: every choice is asked here with its legal options listed.

Kinds asked by the runtime: action, may, choose_one, up_to, how_many, plate, serve_with, payment, space,
double_space, forest, elder, plate_tie, building, ship, guest_on_ship, any_time, swap_distribution,
discard_fish, share.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class Decider(Protocol):
    def choose(self, player: int, kind: str, options: Sequence[Any], prompt: str) -> Any: ...


class ScriptError(AssertionError):
    """A scripted test asked for something it did not expect."""


class ScriptedDecider:
    """Answers in order, for tests. An answer matches an option equal to it or whose str() equals it."""

    def __init__(self, answers: Sequence[Any] = ()):
        self.answers = list(answers)
        self.asked: list[tuple[int, str, list[Any]]] = []

    def choose(self, player: int, kind: str, options: Sequence[Any], prompt: str) -> Any:
        self.asked.append((player, kind, list(options)))
        if not self.answers:
            raise ScriptError(f"script ran out: P{player} {kind} ({prompt}) options {list(options)!r}")
        answer = self.answers.pop(0)
        for option in options:
            if option == answer or str(option) == str(answer):
                return option
        raise ScriptError(f"P{player} {kind} ({prompt}): {answer!r} is not one of {list(options)!r}")


class RandomDecider:
    """Seeded uniform choices, for simulation; the same seed gives the same game."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, player: int, kind: str, options: Sequence[Any], prompt: str) -> Any:
        return options[self.rng.randrange(len(options))]


def ask(table: Any, player: int, kind: str, options: Sequence[Any], prompt: str) -> Any:
    """Ask the decider; a lone option is no choice, so it is taken without asking."""
    if not options:
        raise ValueError(f"no options for {kind}: {prompt}")
    if len(options) == 1:
        note = getattr(table.decider, "automatic", None)
        if note is not None:
            note(player, kind, options[0], prompt)
        return options[0]
    return table.decider.choose(player, kind, list(options), prompt)
