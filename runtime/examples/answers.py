"""Options in the words of the example language: what an `answer` line says to pick each one.

A question's options are runtime values (a cell, a Payment, a plate index); an example names them as the
rulebook would: a Building space by column and row, a payment by its goods and Guests, a plate by its printed
size, an Elder or a Building by its quoted name, yes or no. `describe` gives the one canonical wording (what a
failure suggests), `matches` accepts it with articles, case, plurals and word order of payments left aside.
"""

from __future__ import annotations

import re
from typing import Any

from runtime.core.decisions import DecisionKind, Option
from runtime.core.rules_in_force import printed_plates
from runtime.model.cards import CardSpec
from runtime.model.declarations import CardKind
from runtime.model.state import CardInPlay, Table, player_number

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


def describe(table: Table, player: int, kind: DecisionKind, option: Option) -> str:
    """The canonical words for one option of a question asked of player (an index)."""
    value = option.value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, CardInPlay):
        return card_words(player, kind, value)
    if isinstance(value, CardSpec):
        return quoted(value.name)
    if hasattr(value, "guests") and hasattr(value, "wood"):
        return payment_words(value)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(part, int) for part in value):
        row, column = value
        return f"column {column} row {row}"
    if isinstance(value, tuple) and value and isinstance(value[0], CardInPlay):  # an any-time ability
        return quoted(value[0].name)
    if isinstance(value, int):
        return number_words(table, player, kind, value)
    if kind is DecisionKind.ANY_TIME and value is None:
        return "done"
    if kind in (DecisionKind.ACTION, DecisionKind.IMITATE) and isinstance(value, str):
        return action_words(value)
    if kind is DecisionKind.ELDER and isinstance(value, str):
        return quoted(value)
    return option.label.replace("_", " ")


def card_words(player: int, kind: DecisionKind, card: CardInPlay) -> str:
    """A Building or Elder in play: by name; built over, or another player's, or a Worker's Elder, says so."""
    if kind is DecisionKind.SPACE:
        return f"over {quoted(card.name)}"
    if card.owner.index != player:
        return f"{quoted(card.name)} of player {player_number(card.owner.index)}"
    if kind is DecisionKind.ACTION and card.spec.kind is CardKind.ELDER:
        return f"elder {quoted(card.name)}"
    return quoted(card.name)


def number_words(table: Table, player: int, kind: DecisionKind, option: int) -> str:
    if kind in (DecisionKind.SERVE_PLATE, DecisionKind.PLATE):
        return f"plate {printed_plates(table)[option]}"
    if kind in (DecisionKind.DOUBLE_SPACE, DecisionKind.FOREST):
        return f"double space {option + 1}"
    if kind in (DecisionKind.SHIP, DecisionKind.GUEST_ON_SHIP):
        return table.players[player].track.ships[option].type
    return str(option)


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


def matches(answer: str, table: Table, player: int, kind: DecisionKind, option: Option) -> bool:
    value = option.value
    if kind is DecisionKind.PAYMENT and hasattr(value, "guests"):
        given = paid(answer)
        return given is not None and given == (payment_parts(value), value.discard.lower())
    return words(answer) == words(describe(table, player, kind, option))
