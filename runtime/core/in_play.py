"""Cards entering and leaving play: a card in play listens for its events and waits on its latches until it leaves."""

from __future__ import annotations

from typing import Any

from runtime.core.events import check_latches, trigger
from runtime.core.rules_in_force import hold_limits
from runtime.model.cards import Ability
from runtime.model.declarations import TriggerKind
from runtime.model.state import CardInPlay, IllegalAction, Table

LISTENING = (TriggerKind.EACH_TIME, TriggerKind.AT_MOMENT)


def attach(table: Table, card: CardInPlay) -> None:
    """Bring a card into play: register its listeners and latches, then run its when-built abilities."""
    if table.session.tracer is not None:
        table.session.tracer.entered(table, card)
    for index, ability in enumerate(card.spec.abilities):
        if ability.kind in LISTENING:
            table.listeners.setdefault((ability.event, ability.timing), []).append((card, ability))
        elif ability.kind is TriggerKind.AS_SOON_AS and index not in card.fired:
            table.latches.append((card, index))
    if card.spec.rules:
        hold_limits(table)  # its rules are in force from now: a lowered limit holds at once
    for ability in card.spec.abilities:
        if ability.kind is TriggerKind.WHEN_BUILT:
            trigger(table, card, ability)
    check_latches(table)


def detach(table: Table, card: CardInPlay) -> None:
    """Take a card out of play: it stops listening and its pending latches lapse. Only the lists that hold the card
    are made anew (each one made goes on the journal)."""
    for key, listeners in table.listeners.items():
        if holds(listeners, card):
            table.listeners[key] = [entry for entry in listeners if entry[0] is not card]
    if holds(table.latches, card):
        table.latches = [entry for entry in table.latches if entry[0] is not card]
    if card.spec.rules:
        hold_limits(table)


def holds(entries: list[tuple[CardInPlay, Any]], card: CardInPlay) -> bool:
    """Whether a listener or latch list has an entry of the card."""
    for entry in entries:  # noqa: SIM110 - a plain loop costs less than any() over a generator
        if entry[0] is card:
            return True
    return False


def abilities_of(card: CardInPlay, kind: TriggerKind) -> tuple[Ability, ...]:
    return card.spec.abilities_by_kind.get(kind, ())


def any_time_owners(table: Table) -> frozenset[int]:
    """The seats owning a Building with an "at any time" ability, the cards offer_any_time looks through: anyone else
    has none to use between turns (Table.derived, forgotten when what is in play changes)."""
    derived = table._journal.derived
    owners = derived.any_time_owners
    if owners is None:
        any_time = TriggerKind.ANY_TIME
        owners = derived.any_time_owners = frozenset(
            [
                player.index
                for player in table.players
                for card in player.buildings
                if any_time in card.spec.abilities_by_kind
            ]
        )
    return owners


def in_play(card: CardInPlay) -> bool:
    """Whether the card is on the table: a Building of its owner's (the Harbor board or the Fishing track) or an Elder
    in their council. An ability may still be running after its own card left play."""
    return card in card.owner.buildings or card in card.owner.council


def remove_from_play(table: Table, card: CardInPlay | None) -> None:
    """A Building leaves the game: its space empties and whatever lay on or under it goes with it."""
    if card is None or card not in card.owner.buildings:
        raise IllegalAction("that Building is not in play")
    card.owner.buildings.remove(card)
    if card.cell is not None:
        card.owner.harbor.cells[card.cell] = None
    if card in card.owner.track.cards:
        card.owner.track.cards.remove(card)
    return_card_goods(table, card)
    detach(table, card)
    table.say(f"{card.owner.name} removes {card.name} from play", card.owner.index, card=card)


def return_card_goods(table: Table, card: CardInPlay) -> None:
    """Goods on a card leaving play, and on the cards under it, go back to the general supply; Ships on it go back
    to the supply board."""
    for held in (card, *card.under):
        for good, amount in held.goods.items():
            table.to_general(good, amount)
            held.goods[good] = 0
        for ship_type in held.ships:
            table.ships_left[ship_type] += 1
        held.ships.clear()
