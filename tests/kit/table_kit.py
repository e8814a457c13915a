"""Tables for runtime tests: a scripted decider, hand-made mechanic cards, and the real cards from cards.nus."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from runtime.core.decisions import Decider, Decision, DecisionKind, Option, RandomPlayer, ScriptError, describe
from runtime.core.in_play import attach
from runtime.game.forward import Game
from runtime.game.setup import new_table
from runtime.mechanics.buildings import build
from runtime.model.cards import Ability, CardSpec, CostOption
from runtime.model.rules import Rules
from runtime.model.state import CardInPlay, Player, Table

ROOT = Path(__file__).resolve().parents[2]
# What table objects hold that is no game state: never journaled, never compared (the journal, a seat's name, a
# table's rules, session and shared bases).
NOT_GAME_STATE = frozenset({"_journal", "name", "rules", "session", "bases"})


def matches(option: Option, answer: Any) -> bool:
    """An answer names an option by its value, its label, or the value's text ("gold", 3, (1, 2), True)."""
    if isinstance(answer, Option):
        return option == answer
    return option.value == answer or option.label == answer or str(option.value) == str(answer)


class ScriptedDecider:
    """Answers in order. `decisions` keeps every Decision put to it; `asked` the same as
    (player, kind, option values) triples, which is what most tests compare."""

    def __init__(self, answers: Sequence[Any] = ()):
        self.answers = list(answers)
        self.decisions: list[Decision] = []

    @property
    def asked(self) -> list[tuple[int, DecisionKind, list[Any]]]:
        return [(decision.player, decision.kind, decision.values) for decision in self.decisions]

    def choose(self, decision: Decision, game: Any) -> int:
        self.decisions.append(decision)
        if not self.answers:
            raise ScriptError(f"script ran out: {describe(decision)}")
        answer = self.answers.pop(0)
        for index, option in enumerate(decision.options):
            if matches(option, answer):
                return index
        raise ScriptError(f"{describe(decision)}: {answer!r} is not one of them")


def played(specs: Sequence[CardSpec], players: int, seed: int, seats: Sequence[Decider | None] | None = None) -> Game:
    """A seeded game played out with its log, by default one random player of the seed in every seat (one stream
    for the table)."""
    game = Game.new(specs, players, seed, [RandomPlayer(seed)] * players if seats is None else seats)
    game.play_out()
    return game


def make_table(
    players: int = 2, answers: tuple = (), specs: tuple = (), seed: int = 0, rules: Rules | None = None
) -> Table:
    """A table at the start of round 1 whose every choice comes from `answers`, in order (rules: other table data
    than rules.toml's)."""
    table = new_table(players, specs, seed=seed, decider=ScriptedDecider(answers), rules=rules)
    table.round = 1
    return table


def put_in_play(
    table: Table, player: Player, spec: CardSpec, cell: tuple[int, int] | None = None, on_track: bool = False
) -> CardInPlay:
    """A card in play as though built earlier, unpaid: on the Harbor board at `cell`, or on the Fishing
    track (on_track), or only in the player's Buildings; its when-built runs as attaching does."""
    card = CardInPlay(spec, player, cell=cell)
    player.buildings.append(card)
    if cell is not None:
        player.harbor.cells[cell] = card
    elif on_track:
        player.track.cards.append(card)
    attach(table, card)
    return card


def build_from_hand(table: Table, player: Player, spec: CardSpec, *answers: object) -> CardInPlay:
    """Build a card for real: it goes to the hand, then space, payment and when-built choices come from answers."""
    player.hand.append(spec)
    script(table, *answers)
    return build(table, player, spec)


def script(table: Table, *answers: object) -> ScriptedDecider:
    table.session.decider.answers.extend(answers)
    return table.session.decider


def labels(options: list[Option]) -> list[str]:
    return [option.label for option in options]


def mechanic(
    name: str = "Test Card",
    abilities: tuple[Ability, ...] = (),
    rules: dict[str, Callable] | None = None,
    costs: tuple[CostOption, ...] = (),
    kind: str = "building",
    code: str = "A900",
) -> CardSpec:
    """A hand-made card for testing runtime mechanics only (dispatch, latches, rules), never card behaviour."""
    return CardSpec(
        kind=kind,
        name=name,
        deck="test",
        code=code,
        costs=lambda ctx: costs,
        rules=rules or {},
        abilities=abilities,
    )


def goods(*parts: tuple) -> CostOption:
    return CostOption(tuple(("goods", amount, good) for good, amount in parts))


@cache
def every_card() -> tuple[CardSpec, ...]:
    """All 96 compiled cards: the 88 Buildings and the Elders, for whole games."""
    from compiler import load_cards

    return tuple(load_cards((ROOT / "cards.nus").read_text(encoding="utf-8"), "cards.nus"))


@cache
def real_cards() -> dict[str, CardSpec]:
    """Cards by name. Elders come last in cards.nus, so "Carpenter" here is the Elder; the Building of
    that name is in every_card()."""
    return {spec.name: spec for spec in every_card()}


def real_elder(table: Table, name: str) -> CardSpec:
    """The real Elder of that name, which must be part of a game of this table's player count (its `players` line):
    a test seats or stacks only an Elder set-up could have dealt (the Ship Owner and the Carpenter need 5 players)."""
    spec = next(spec for spec in every_card() if spec.kind == "elder" and spec.name == name)
    assert spec.in_game(len(table.players)), f"the {name} is not part of a {len(table.players)}-player game"
    return spec


def picture(table: Table) -> str:
    """Everything a player could see on the table, as text, to compare before and after."""
    rows = [
        repr((table.round, table.plates, table.spaces, table.ships_left, table.elder_guests)),
        repr(sorted(table.elders_taken)),
        repr([[s.name for s in stack] for stack in table.elder_stacks]),
        repr([s.name for s in table.display]),
        repr([(s.colour, s.issued, s.holder, s.fish, s.removed) for s in table.shares]),
    ]
    for p in table.players:
        rows.append(repr((p.supply, p.reserve, p.harbor.forests, p.hand)))
        rows.append(repr({cell: card_text(card) for cell, card in p.harbor.cells.items()}))
        rows.append(repr([(s.type, s.guest) for s in p.track.ships] + [p.track.space_goods]))
        rows.append(repr([card_text(c) for c in p.council + p.buildings + p.track.cards]))
    return "\n".join(rows)


def card_text(card: object) -> object:
    if card is None:
        return None
    return (card.name, card.goods, len(card.under), card.ships, sorted(card.fired), card.worker)


def question(decision: Decision | None) -> tuple | None:
    """What the same position's Decision is sure to be, asked again after an undo or in a copy: the segment is replayed,
    so a card built earlier in it is built again, a new object, and an option's value may be another object with the
    same words. Its kind, player, prompt, labels and places among the candidates are the same."""
    if decision is None:
        return None
    return (decision.kind, decision.player, decision.prompt, tuple(decision.labels), decision.among)
