"""What both front ends (the page and the terminal) are handed by `nus play`: the session and the command line's
services they cannot do themselves (the runtime knows no compiler): saving, reloading the card file, escaping text
for a terminal, and the cards' English for hover.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from runtime.model.state import player_name
from runtime.playtest.session import PERSON, PlaySession
from runtime.playtest.view import Json


@dataclass
class Host:
    """session: the game being played; cards: each card's name -> {code, kind, cost, vp, text, line, edited};
    source: the card file's name and text (the page shows a card's line); save() writes the game and returns where;
    reload() compiles the card file again and replays the answers on it (an error message, or ""); escape() makes
    card text safe for a terminal; commands: what the end screen suggests running (replay, trace).
    new_file() gives a restarted game a save of its own."""

    session: PlaySession
    cards: dict[str, Json]
    source: tuple[str, str]
    save: Callable[[], Path | None]
    reload: Callable[[], str]
    escape: Callable[[str], str] = str
    commands: dict[str, str] = field(default_factory=dict)
    message: str = ""  # a note for the person at the table (a replay stopped early, a save that failed)
    new_file: Callable[[], None] = lambda: None  # a restarted game gets a save of its own

    def seats(self) -> list[Json]:
        return [{"name": player_name(seat), "agent": agent} for seat, agent in enumerate(self.session.setup.seats)]

    def people(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.session.setup.seats) if agent == PERSON]

    def viewer(self) -> int | None:
        """Whose eyes the table is shown through: the person asked, else the first person seated."""
        question = self.session.question
        if question is not None:
            return question.player
        people = self.people()
        return people[0] if people else None

    def state(self, show_all: bool = False) -> Json:
        """Everything a front end shows at this moment."""
        session = self.session
        viewer = self.viewer()
        over = session.over
        return {
            "seats": self.seats(),
            "people": self.people(),
            "viewer": viewer,
            "question": session.question_json(),
            "view": session.view(viewer, show_all or over),
            "log": session.log(),
            "answers": len(session.record),
            "undos": session.undos,
            "over": over,
            "scores": {player_name(seat): parts for seat, parts in session.scores().items()},
            "message": self.message,
            "commands": self.commands,
            "seed": session.setup.seed,
        }
