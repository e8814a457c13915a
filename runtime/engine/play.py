"""Cards entering and leaving play, and the standing rule parameters their owners live by."""

from __future__ import annotations

from typing import Any

from runtime.engine.events import check_latches, trigger
from runtime.model.cards import CardSpec, Context
from runtime.model.parameters import parameters
from runtime.model.rules import DoubleSpace, Rules
from runtime.model.state import CardInPlay, IllegalAction, Player, Table

LISTENING = ("each_time", "at_moment")


def cards_of(player: Player) -> list[CardInPlay]:
    return player.buildings + player.council


def base_value(rules: Rules, key: str, players: int, scope: dict[str, Any] | None = None) -> Any:
    """A rule parameter's value when no card changes it: from rules.toml (this player count's entry of a list by
    player count), or for a scoped parameter the usual value its caller worked out."""
    parameter = parameters()[key]
    if parameter.usual:
        return scope[parameter.usual]
    value = rules.default(parameter.path)
    return value[players - 1] if parameter.by_player_count else value


def rule(table: Table, player: Player | None, key: str, **scope: Any) -> Any:
    """The value of a rule parameter for `player`: rules.toml's, changed by the player's cards (by every player's
    for a table-wide parameter, in seat order); the most recently played card that sets it wins (ruling)."""
    value = base_value(table.rules, key, len(table.players), scope)
    owners = table.players if player is None or parameters()[key].reach == "table" else (player,)
    for owner in owners:
        for card in cards_of(owner):
            change = card.spec.rules.get(key)
            if change is not None and not card.declined:
                value = change(Context(table, owner, card), **scope, before=value)
    return value


def card_rule(table: Table, card: CardInPlay, key: str) -> Any:
    """A rule parameter as one card sets it for itself (placement rules); the base value otherwise."""
    return spec_rule(table, card.owner, card.spec, key, card)


def spec_rule(table: Table, player: Player, spec: CardSpec, key: str, card: CardInPlay | None = None) -> Any:
    """A rule parameter as a card sets it for itself, in play or not yet (where it may be built)."""
    value = base_value(table.rules, key, len(table.players))
    change = spec.rules.get(key)
    return value if change is None else change(Context(table, player, card), before=value)


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


# The printed shape of the boards and the structured tables behind scoped rules: read here, so the look-up module
# is the only reader of the rules data.


def printed_plates(table: Table) -> tuple[int, ...]:
    return table.rules.plates


def double_spaces(table: Table) -> tuple[DoubleSpace, ...]:
    return table.rules.doubles


def middle_columns(table: Table) -> tuple[int, ...]:
    return table.rules.middle_columns


def ship_types(table: Table) -> tuple[str, ...]:
    return table.rules.ship_types


def capacity(table: Table, space: str) -> int:
    """How many Workers an action space holds at this table (0: not in use)."""
    return rule(table, None, f"capacity_{space}")


def usual_haul(table: Table, player: Player, length: int) -> int:
    """The haul table's value for a total Ship length; below its first row, the catboat's own haul."""
    haul = rule(table, player, "catboat_haul")
    for lowest, value in table.rules.haul_table:
        if length >= lowest:
            haul = value
    return haul


def usual_share_discount(table: Table) -> int:
    """Buy all Shares: the discount of the highest row of the Share discounts whose round has come."""
    return max((discount for start, discount in table.rules.share_discount if table.round >= start), default=0)
