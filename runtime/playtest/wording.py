"""Options in the words a worked example's `answer` line uses, made distinct, and typed answers read back.

One vocabulary serves the page's buttons, the terminal's numbered options, a saved game and an `answer` line
(runtime/examples/answers.py words each option: `column 2 row 1`, `sloop`, `plate 3`, `"Harbor Master"`). Two
options that word alike (two plates of 2, two sloops) are told apart by their place among the alike ones
(`plate 2`, `plate 2 (2nd)`), so a saved answer names one option, always the same one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from runtime.core.decisions import Decision
from runtime.examples.answers import describe, paid, words


class AnswerError(ValueError):
    """A typed answer that names no option, or more than one: the message says what would."""


ORDINALS = {2: "2nd", 3: "3rd"}


def ordinal(number: int) -> str:
    return ORDINALS.get(number, f"{number}th")


def option_words(table: Any, decision: Decision) -> list[str]:
    """Each option's words, distinct within the decision. An option the example language cannot word on this table
    keeps the engine's own label (the option is still answered by its number or by those words)."""
    found = []
    for option in decision.options:
        try:
            found.append(describe(table, decision.player, decision.kind, option))
        except (IndexError, KeyError, AttributeError):
            found.append(option.label.replace("_", " "))
    return distinct(found)


def distinct(texts: Sequence[str]) -> list[str]:
    """The texts with each repeat after the first marked by its place among its equals."""
    seen: dict[tuple[str, ...], int] = {}
    out = []
    for text in texts:
        key = words(text)
        seen[key] = seen.get(key, 0) + 1
        out.append(text if seen[key] == 1 else f"{text} ({ordinal(seen[key])})")
    return out


def exact_choice(options: Sequence[str], answer: str) -> int | None:
    """The option these words name exactly (articles, case, plurals and a payment's order aside), or None: what a
    saved game and an `answer` line are held to."""
    wanted = words(answer)
    for index, text in enumerate(options):
        if words(text) == wanted:
            return index
    given = paid(answer)
    if given is not None:
        for index, text in enumerate(options):
            if text.startswith("pay ") and paid(text) == given:
                return index
    return None


def typed_choice(options: Sequence[str], answer: str) -> int:
    """What a person typed: an option's number (from 1), its words, or the start of the words of one option alone."""
    text = answer.strip()
    if not text:
        raise AnswerError("type an option's number or its words")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(options):
            return number - 1
        raise AnswerError(f"{number} is not an option: type 1 to {len(options)}, or an option's words")
    exact = exact_choice(options, text)
    if exact is not None:
        return exact
    start = " ".join(words(text))
    begun = [index for index, option in enumerate(options) if " ".join(words(option)).startswith(start)]
    if len(begun) == 1:
        return begun[0]
    if begun:
        alike = ", ".join(options[index] for index in begun)
        raise AnswerError(f"{text!r} could be any of {alike}: type more of the words, or the number")
    raise AnswerError(f"{text!r} is not an option: type 1 to {len(options)}, or an option's words")
