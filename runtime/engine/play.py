"""Cards entering and leaving play, and the standing rule parameters their owners live by."""

from __future__ import annotations

from typing import Any

from runtime.engine.events import check_latches, trigger
from runtime.model.cards import CardSpec, Context
from runtime.model.state import CardInPlay, IllegalAction, Player, Table

LISTENING = ("each_time", "at_moment")

# Rule parameters a card may change, with the table's own value when no card does.
RULE_DEFAULTS: dict[str, Any] = {
    "wood_limit": lambda table, scope: table.rules.wood_limit,
    "elder_seats": lambda table, scope: table.rules.elder_seats,
    "plate_cost": lambda table, scope: scope["printed"],
    "guest_wood": lambda table, scope: table.rules.guest_wood,
    "guest_fish": lambda table, scope: table.rules.guest_fish,
    "reforest_forests": lambda table, scope: table.rules.reforest_forests,
    "reforest_up_to": lambda table, scope: 0,
    "swap_distribution": lambda table, scope: False,
    "discard_to_reserve": lambda table, scope: False,
    "discard_to_card": lambda table, scope: False,
    "double_guest_vp": lambda table, scope: False,
    "built_over": lambda table, scope: False,
    "under_forests": lambda table, scope: False,
    "on_fishing_track": lambda table, scope: False,
    "is_forest": lambda table, scope: False,
    "ships_to_card": lambda table, scope: False,
    "fishing_gap": lambda table, scope: 0,
    "track_spaces": lambda table, scope: table.rules.track_spaces,
    "track_spaces_taken": lambda table, scope: table.rules.track_building_spaces,
    "haul_size": lambda table, scope: scope["usual"],
}


def cards_of(player: Player) -> list[CardInPlay]:
    return player.buildings + player.council


def rule(table: Table, player: Player, key: str, **scope: Any) -> Any:
    """The owner's value of a rule parameter: the most recently played card that sets it wins (ruling)."""
    value = RULE_DEFAULTS[key](table, scope)
    for card in cards_of(player):
        change = card.spec.rules.get(key)
        if change is not None and not card.declined:
            value = change(Context(table, player, card), **scope)
    return value


def card_rule(table: Table, card: CardInPlay, key: str) -> Any:
    """A rule parameter as one card sets it for itself (placement rules); RULE_DEFAULTS otherwise."""
    return spec_rule(table, card.owner, card.spec, key, card)


def spec_rule(table: Table, player: Player, spec: CardSpec, key: str, card: CardInPlay | None = None) -> Any:
    """A rule parameter as a card sets it for itself, in play or not yet (where it may be built)."""
    change = spec.rules.get(key)
    if change is None:
        return RULE_DEFAULTS[key](table, {})
    return change(Context(table, player, card))


def rule_holders(table: Table, player: Player, key: str) -> list[CardInPlay]:
    """The owner's cards whose rule parameter `key` is on, for rules that name their card."""
    holders = [card for card in cards_of(player) if key in card.spec.rules and not card.declined]
    return [card for card in holders if card_rule(table, card, key)]


def attach(table: Table, card: CardInPlay) -> None:
    """Bring a card into play: register its listeners and latches, then run its when-built abilities."""
    if table.session.tracer is not None:
        table.session.tracer.entered(table, card)
    for index, ability in enumerate(card.spec.abilities):
        if ability.kind in LISTENING:
            table.listeners.setdefault((ability.event, ability.timing), []).append((card, ability))
        elif ability.kind == "as_soon_as" and index not in card.fired:
            table.latches.append((card, index))
    for ability in card.spec.abilities:
        if ability.kind == "when_built":
            trigger(table, card, ability)
    check_latches(table)


def detach(table: Table, card: CardInPlay) -> None:
    """Take a card out of play: it stops listening and its pending latches lapse."""
    for key, listeners in table.listeners.items():
        table.listeners[key] = [entry for entry in listeners if entry[0] is not card]
    table.latches = [entry for entry in table.latches if entry[0] is not card]


def abilities_of(card: CardInPlay, kind: str) -> list[Any]:
    return [ability for ability in card.spec.abilities if ability.kind == kind]


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
    table.say(f"P{card.owner.index} removes {card.name} from play", card.owner.index, card=card)


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
