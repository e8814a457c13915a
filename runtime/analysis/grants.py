"""What a balance experiment does to one card in one game: it sets the card aside when the cards are dealt, and at
the start of a round hands it to the measured seat in one of three ways (Given), or never.

Setting the card aside at set-up makes the game without the card the same game whatever the card's own text says
(its cost, its VP, its abilities): the deal of every other card is unchanged (the card leaves the deck it was
shuffled into, or the display, which refills from that deck) and no one can build it before the round. So the
paired difference "seat's score with the card minus without it" moves with the card's text alone, and an edit of
that text moves only the games that have the card.
"""

from __future__ import annotations

from enum import Enum

from runtime.core.in_play import attach
from runtime.core.rules_in_force import rule
from runtime.mechanics.buildings import ON_TRACK, placements
from runtime.model.cards import CardSpec
from runtime.model.declarations import CardKind
from runtime.model.state import CardInPlay, Player, Table


class Given(Enum):
    """How the card reaches the seat at the start of its round."""

    FREE = "free"  # into play, unpaid, on the first space it may take (an Elder: onto the seat's Council)
    PAID = "paid"  # into the seat's hand, built as any card there (cost and worker action); an Elder: on the board
    NEVER = "never"  # the game without the card

    def words(self, seat: str, round_number: int) -> str:
        """What was done to the card in a game, as a trace and an error name the game."""
        if self is Given.NEVER:
            return "set aside for the whole game"
        how = f"given to {seat}" if self is Given.FREE else f"put in {seat}'s hand"
        return f"{how} at the start of round {round_number}"


def set_aside(table: Table, name: str, kind: CardKind = CardKind.BUILDING) -> CardSpec | None:
    """Take the card of that name and kind out of the deal: out of its deck, off the display (refilled from its deck,
    as after a build), out of a player's hand or off an Elder stack. None when the deal has no such card unbuilt (its
    `players` line leaves it out)."""
    if kind is CardKind.ELDER:
        for stack in table.elder_stacks:
            for spec in stack:
                if spec.name == name:
                    stack.remove(spec)
                    return spec
        return None
    for place, spec in enumerate(table.display):
        if spec.name == name and spec.kind is CardKind.BUILDING:
            table.display.pop(place)
            deck = table.decks.get(spec.letter)
            if deck:
                table.display.append(deck.pop())  # as a build refills it (take_from_offer)
            return spec
    for pool in [*table.decks.values(), *(player.hand for player in table.players)]:
        for spec in pool:
            if spec.name == name and spec.kind is CardKind.BUILDING:
                pool.remove(spec)
                return spec
    return None


def give(table: Table, spec: CardSpec, seat: int, given: Given) -> bool | None:
    """Hand the set-aside card to the seat as `given` says. True when it reached the seat; False when a free
    Building found no space or a free Elder no seat on the Council; None for Given.NEVER."""
    player = table.players[seat]
    if given is Given.NEVER:
        return None
    if given is Given.PAID:
        if spec.kind is CardKind.ELDER:  # an Elder costs no goods: taking it costs the Take an Elder action
            table.elder_stacks[0].append(spec)
            table.say(f"{spec.name} is put on top of the first Elder stack", seat, card=spec)
        else:
            player.hand.append(spec)
            table.say(f"{player.name} is handed {spec.name}", seat, card=spec)
        return True
    if spec.kind is CardKind.ELDER:
        if rule(table, player, "elder_seats") <= len(player.council):
            return False
        card = CardInPlay(spec, player, built_turn=0, origin=0)  # returned to the first stack, where PAID puts it
        player.council.append(card)
        table.say(f"{player.name} is granted elder {spec.name}", seat, card=spec)
        attach(table, card)
        return True
    spaces = [space for space in placements(table, player, spec) if not isinstance(space, CardInPlay)]
    if not spaces:
        return False
    place(table, player, spec, spaces[0])
    return True


def place(table: Table, player: Player, spec: CardSpec, space: object) -> None:
    cell = None if space == ON_TRACK else space
    card = CardInPlay(spec, player, cell=cell, built_turn=0)
    if cell is None:
        player.track.cards.append(card)
    else:
        player.harbor.cells[cell] = card
    player.buildings.append(card)
    table.say(f"{player.name} is granted {spec.name} at {space}", player.index, card=spec)
    attach(table, card)
