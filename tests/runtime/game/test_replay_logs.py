"""Seeded games play as they did: a fixed set of games, logged in full, compared with the logs and scores stored
in replay_logs.json.gz (made from main before the runtime's redesign, issue 31). A change to what a game does
shows here first; one meant to change play is stored anew with `python -m tests.runtime.game.test_replay_logs`, and its
commit says which games changed and why.

The set: random players at 2 to 5 players, one random stream for the table (the forward model's default) and one a
seat (`nus simulate`'s game); `nus balance` games with a card granted; and look-ahead players (greedy, search).
"""

from __future__ import annotations

import gzip
import json
from fractions import Fraction
from pathlib import Path

import pytest

from runtime.analysis.games import Grant, Setup, play
from runtime.core.decisions import RandomPlayer
from runtime.game.forward import Game
from tests.kit.marks import slow_unless
from tests.kit.table_kit import every_card

STORED = Path(__file__).with_name("replay_logs.json.gz")
SEEDS = range(24)  # players 2 + seed % 4
GRANTS = (Grant("Stove", 0, 1), Grant("Village Hall", 1, 3), Grant("Chip Shop", 2, 2), Grant("Welfare", 1, 1))
LOOK_AHEAD = (("greedy", "random"), ("random", "search"), ("greedy", "search", "greedy"))


def games() -> list[str]:
    """Every stored game by name: what plays it and its seed."""
    names = [f"table stream {2 + seed % 4} players seed {seed}" for seed in SEEDS]
    names += [f"seat streams {2 + seed % 4} players seed {seed}" for seed in SEEDS]
    names += [f"grant {index} seed {40 + index}" for index in range(len(GRANTS))]
    names += [f"{'+'.join(agents)} seed {seed}" for agents in LOOK_AHEAD for seed in (1, 2)]
    return names


def played(name: str) -> dict:
    """The game named, played now: its log and every seat's score (the parts too, where the player gives them)."""
    seed = int(name.rsplit(" ", 1)[1])
    players = 2 + seed % 4
    if name.startswith("table stream"):
        record = Game.new(every_card(), players, seed, [RandomPlayer(seed)] * players).play_out()
        return {
            "scores": [str(parts["total"]) for parts in record.parts],
            "parts": [{part: str(value) for part, value in parts.items()} for parts in record.parts],
            "log": list(record.log),
        }
    if name.startswith("seat streams"):
        setup = Setup(seed, ("random",) * players, keep_log=True)
    elif name.startswith("grant"):
        index = int(name.split()[1])
        setup = Setup(seed, ("random",) * 3, GRANTS[index], keep_log=True)
    else:
        setup = Setup(seed, tuple(name.split()[0].split("+")), keep_log=True)
    record = play(every_card(), setup)
    return {"scores": [str(Fraction(score)) for score in record.scores], "log": list(record.log)}


@pytest.fixture(scope="module")
def stored() -> dict[str, dict]:
    with gzip.open(STORED, "rt", encoding="utf-8") as file:
        return json.load(file)


def test_the_stored_set_is_the_set_played(stored: dict[str, dict]) -> None:
    assert sorted(stored) == sorted(games())


@pytest.mark.parametrize("name", slow_unless(games(), lambda name: name.endswith((" seed 1", " seed 40"))))
def test_a_seeded_game_plays_as_stored(name: str, stored: dict[str, dict]) -> None:
    now, before = played(name), stored[name]
    assert now["scores"] == before["scores"]
    assert now.get("parts", before.get("parts")) == before.get("parts")
    first = next((at for at, (a, b) in enumerate(zip(now["log"], before["log"], strict=False)) if a != b), None)
    assert first is None, f"line {first + 1} differs: now {now['log'][first]!r}, stored {before['log'][first]!r}"
    assert len(now["log"]) == len(before["log"])


def write() -> None:
    """Store the games as they play now (atomically: a run interrupted leaves the stored file as it was)."""
    found = {name: played(name) for name in games()}
    partial = STORED.with_suffix(".partial")
    with gzip.GzipFile(partial, "wb", mtime=0) as file:
        file.write(json.dumps(found, indent=0, sort_keys=True).encode("utf-8"))
    partial.replace(STORED)
    print(f"stored {len(found)} games in {STORED}")


if __name__ == "__main__":
    write()
