"""Build a Building: pick a card from the display or hand, a space, pay, and bring it into play."""

from __future__ import annotations

from runtime.attempts import choose_legal
from runtime.board import free_cells
from runtime.cards import CardSpec, Context
from runtime.decisions import ask
from runtime.events import emit
from runtime.payment import choose_and_pay
from runtime.play import attach, remove_from_play
from runtime.state import CardInPlay, IllegalAction, Player, Table


def buildable(table: Table, player: Player) -> list[CardSpec]:
    ctx = Context(table, player)
    return [spec for spec in table.display + player.hand if spec.requires is None or spec.requires(ctx)]


def build_building(table: Table, player: Player) -> CardInPlay:
    """The Build a Building action; a building that turns out unaffordable is not a legal pick."""
    specs = {spec.name: spec for spec in buildable(table, player)}
    if not specs:
        raise IllegalAction(f"P{player.index} has no Building to build")
    return choose_legal(
        table,
        player.index,
        "building",
        list(specs),
        "build which Building?",
        lambda name: build(table, player, specs[name]),
    )


def build_over_cards(table: Table, player: Player) -> list[CardInPlay]:
    listening = table.listeners.get(("build_over_card", "before"), ())
    return [card for card, _ in listening if card.owner is player and card.cell is not None]


def build(table: Table, player: Player, spec: CardSpec) -> CardInPlay:
    """Place, pay, attach. Building over a card fires its before-window first, then removes it (ruling)."""
    spaces: list[object] = [*free_cells(table, player), *build_over_cards(table, player)]
    if not spaces:
        raise IllegalAction(f"P{player.index} has no free Building space")
    space = ask(table, player.index, "space", spaces, f"build {spec.name} where?")
    if isinstance(space, CardInPlay):
        emit(table, "build_over_card", "before", player, only=space)
        cell = space.cell
        if space in player.buildings:
            remove_from_play(table, space)
    else:
        cell = space
    choose_and_pay(table, player, spec.costs(Context(table, player)), spec.name)
    card = CardInPlay(spec, player, cell=cell, built_turn=table.turn_counter)
    take_from_offer(table, player, spec)
    player.harbor.cells[cell] = card
    player.buildings.append(card)
    table.say(f"P{player.index} builds {spec.name} at {cell}")
    attach(table, card)
    return card


def take_from_offer(table: Table, player: Player, spec: CardSpec) -> None:
    """The card leaves the hand or the display; a display gap is refilled from the same letter's deck (assumed)."""
    if spec in player.hand:
        player.hand.remove(spec)
        return
    table.display.remove(spec)
    deck = table.decks.get(spec.letter)
    if deck:
        table.display.append(deck.pop())
