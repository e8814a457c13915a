"""Options in the words of the example language: what an `answer` line says to pick each one.

A question's options are runtime values (a cell, a Payment, a plate index); an example names them as the
rulebook would: a Building space by column and row, a payment by its goods and Guests, a plate by its printed
size, an Elder or a Building by its quoted name, yes or no. `describe` gives the one canonical wording (what a
failure suggests), `matches` accepts it with articles, case, plurals and word order of payments left aside.
"""

from __future__ import annotations

import re
from typing import Any

from runtime.model.cards import CardSpec
from runtime.model.state import CardInPlay, Table

ACTION_WORDS = {
    "build_building": "build a building",
    "build_ship": "build a ship",
    "issue_share": "issue a share",
    "take_elder": "take an elder",
}
TOKEN = re.compile(r'"[^"]*"|[^\s,]+')
IGNORED = frozenset({"a", "an", "the", "and", "with", "pay"})
SYNONYMS = {"true": "yes", "false": "no"}
SINGULAR = {"guests": "guest", "sloops": "sloop", "cutters": "cutter", "schooners": "schooner", "times": "time"}
PAID = ("wood", "fish", "gold", "guest")


def quoted(name: str) -> str:
    return f'"{name}"'


def action_words(space: str) -> str:
    return ACTION_WORDS.get(space, space.replace("_", " "))


def describe(table: Table, player: int, kind: str, option: Any) -> str:
    """The canonical words for one option of a question asked of player (an index)."""
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, CardInPlay):
        return f"over {quoted(option.name)}" if kind == "space" else quoted(option.name)
    if isinstance(option, CardSpec):
        return quoted(option.name)
    if hasattr(option, "guests") and hasattr(option, "wood"):
        return payment_words(option)
    if isinstance(option, tuple):
        row, column = option
        return f"column {column} row {row}"
    if isinstance(option, int):
        return number_words(table, player, kind, option)
    return text_words(kind, str(option))


def number_words(table: Table, player: int, kind: str, option: int) -> str:
    if kind in ("serve_plate", "plate"):
        return f"plate {table.rules.plates[option]}"
    if kind in ("double_space", "forest"):
        return f"double space {option + 1}"
    if kind in ("ship", "guest_on_ship"):
        return table.players[player].track.ships[option].type
    return str(option)


def text_words(kind: str, option: str) -> str:
    if kind in ("action", "imitate"):
        what, _, rest = option.partition(" ")
        if what == "elder":
            return f"elder {quoted(rest.split(' ', 1)[1])}"
        if what == "card":
            return quoted(rest.split(" ", 1)[1])
        return action_words(option)
    if kind == "elder":
        first, _, rest = option.partition(" ")
        if first.isdigit():
            return quoted(rest)
        if first.startswith("P") and first[1:].isdigit():
            return f"{quoted(rest)} of player {int(first[1:]) + 1}"
        return quoted(option)
    if kind == "any_time" and ": " in option:
        return quoted(option.split(": ", 1)[0])
    return option.replace("_", " ")


def payment_words(payment: Any) -> str:
    parts = [f"{amount} {good}" for good, amount in payment_parts(payment).items() if amount]
    if payment.discard:
        parts.append(f"discard {quoted(payment.discard)}")
    plural = [part + "s" if part.endswith("guest") and not part.startswith("1 ") else part for part in parts]
    return "pay " + (" and ".join(plural) if plural else "nothing")


def payment_parts(payment: Any) -> dict[str, int]:
    return {"wood": payment.wood, "fish": payment.fish, "gold": payment.gold, "guest": payment.guests}


def words(text: str) -> tuple[str, ...]:
    """Answer text reduced to what matters: no articles, lower case, singular nouns, yes/no for true/false."""
    found = []
    for token in TOKEN.findall(text.lower().replace("(", " ").replace(")", " ")):
        token = SYNONYMS.get(token, SINGULAR.get(token, token))
        if token not in IGNORED:
            found.append(token)
    return tuple(found)


def paid(text: str) -> tuple[dict[str, int], str] | None:
    """A payment answer as goods and an optional discarded Building; None when it is not a payment."""
    tokens = words(text)
    amounts = dict.fromkeys(PAID, 0)
    discard = ""
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token == "nothing":
            index += 1
        elif token == "discard" and index + 1 < len(tokens):
            discard, index = tokens[index + 1].strip('"'), index + 2
        elif token.isdigit() and index + 1 < len(tokens) and tokens[index + 1] in amounts:
            amounts[tokens[index + 1]] += int(token)
            index += 2
        else:
            return None
    return amounts, discard


def matches(answer: str, table: Table, player: int, kind: str, option: Any) -> bool:
    if kind == "payment" and hasattr(option, "guests"):
        given = paid(answer)
        return given is not None and given == (payment_parts(option), option.discard.lower())
    return words(answer) == words(describe(table, player, kind, option))
