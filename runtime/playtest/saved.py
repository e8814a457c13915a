"""A saved game: the card file's hash, the seed, the seats and every answer in words, as JSON.

That is all a game is (runtime/playtest/session.py), so a saved game is also a bug report and, with
`nus play --replay FILE --check`, a regression test: replayed on edited cards, the first answer whose words no
longer name an option is reported. A file that is not a saved game is refused with what is wrong in it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from runtime.analysis.games import Grant
from runtime.model.state import player_name
from runtime.playtest.session import PERSON, STRONGEST, Answer, PlaySession, Setup

FORMAT = "nus play 1"


class SavedGameError(ValueError):
    """A file that is not a saved game, or not one of this format."""


def cards_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def saved_game(session: PlaySession, cards_file: str, cards_text: str) -> dict[str, Any]:
    return {"format": FORMAT, "cards": {"file": cards_file, "sha256": cards_hash(cards_text)}, **session.saved()}


def saved_text(session: PlaySession, cards_file: str, cards_text: str) -> str:
    return json.dumps(saved_game(session, cards_file, cards_text), indent=1, ensure_ascii=False) + "\n"


def read_saved(text: str) -> tuple[Setup, list[Answer], dict[str, Any]]:
    """The setup and answers of a saved game's text, and the whole of it; SavedGameError says what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SavedGameError(f"not JSON ({error.msg} at line {error.lineno} column {error.colno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedGameError(f'not a saved game of `nus play` (its "format" is not "{FORMAT}")')
    seed = field(data, "seed", int)
    seats = field(data, "seats", list)
    if not seats or not all(isinstance(seat, str) for seat in seats):
        raise SavedGameError('"seats" lists who sat where: "you" or a bot\'s name, one for each player')
    give = data.get("give")
    grant = None
    if give is not None:
        if not isinstance(give, dict):
            raise SavedGameError('"give" is a card, a player and a round, or null')
        seat = seat_index(field(give, "player", str), len(seats))
        grant = Grant(field(give, "card", str), seat, field(give, "round", int))
    answers = []
    for number, entry in enumerate(field(data, "answers", list), 1):
        if not isinstance(entry, dict):
            raise SavedGameError(f"answer {number} is not an object with a player, a question and an answer")
        answers.append(
            Answer(
                seat_index(field(entry, "player", str, number), len(seats)),
                field(entry, "question", str, number),
                field(entry, "answer", str, number),
                str(entry.get("by", PERSON)),
            )
        )
    setup = Setup(seed, tuple(seats), grant, str(data.get("hint", STRONGEST)))
    return setup, answers, data


def field(data: dict[str, Any], name: str, kind: type, number: int | None = None) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        where = f"answer {number}'s" if number is not None else "the saved game's"
        wanted = "a number" if kind is int else f"a {kind.__name__}"
        raise SavedGameError(f'{where} "{name}" is missing or not {wanted}')
    return value


def seat_index(name: str, players: int) -> int:
    """P2 -> 1, as every output names a player."""
    digits = name[1:] if name[:1] in ("P", "p") else name
    if not digits.isdigit() or not 1 <= int(digits) <= players:
        raise SavedGameError(f"{name!r} is no player of this game ({player_name(0)} to {player_name(players - 1)})")
    return int(digits) - 1
