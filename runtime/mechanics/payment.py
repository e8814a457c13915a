"""Paying Building and Ship costs, with Guests standing in for wood or fish.

Each Guest saves the owner's guest_wood wood or guest_fish fish; overpaying is allowed but no change is
given, and Guests never pay gold. Only payments the player can afford are offered, and a Guest is only
offered where it saves something (no Guest is spent on a cost already at 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from runtime.core.decisions import DecisionKind, ask
from runtime.core.in_play import remove_from_play
from runtime.core.rules_in_force import rule
from runtime.mechanics.goods import pay
from runtime.model.cards import CostOption
from runtime.model.declarations import PAYING_GOODS
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


class Payment(NamedTuple):
    """One way the player can pay (a named tuple: each is made while working out the ways to pay)."""

    wood: int = 0
    fish: int = 0
    gold: int = 0
    guests: int = 0  # Guests spent to reduce wood/fish, or returned as the cost itself
    discard: str = ""

    def __str__(self) -> str:
        text = f"{self.wood} wood {self.fish} fish {self.gold} gold {self.guests} guests"
        return f"{text} discard {self.discard}" if self.discard else text


@dataclass(frozen=True)
class Due:
    """One cost option totalled: goods owed, Guests owed outright, and what Guests may do."""

    wood: int = 0
    fish: int = 0
    gold: int = 0
    return_guests: int = 0
    discard: str = ""
    guests_allowed: bool = True


@cache
def total(parts: tuple[tuple, ...]) -> Due:
    """A cost option's parts totalled, once each: the same few are asked about all game (keyed by the parts, a plain
    tuple, which hashes for less than the frozen CostOption around it)."""
    goods = {"wood": 0, "fish": 0, "gold": 0}
    return_guests, discard, guests_allowed = 0, "", True
    for part in parts:
        kind = part[0]
        if kind == "goods":
            _, amount, good = part
            if good == "guest":
                return_guests += amount
            else:
                goods[good] += amount
        elif kind == "return_guests":
            return_guests += part[1]
        elif kind == "discard_building":
            discard = part[1]
        elif kind == "no_guests":
            guests_allowed = False
    return Due(goods["wood"], goods["fish"], goods["gold"], return_guests, discard, guests_allowed)


def payments_for(table: Table, player: Player, due: Due) -> list[Payment]:
    """The ways to pay what is due that the player can afford: each number of Guests spent on wood and then on fish,
    up to what the wood or fish owed needs (one more would save nothing)."""
    supply = player.supply
    if due.discard and not owned_named(player, due.discard):
        return []
    spare = supply["guest"] - due.return_guests
    if spare < 0:
        return []
    wood, fish, gold = due.wood, due.fish, due.gold
    if gold > supply["gold"]:
        return []
    have_wood, have_fish = supply["wood"], supply["fish"]
    if not due.guests_allowed or not (spare or wood < 0 or fish < 0):
        # no Guest to spend, the usual case: the goods as they are, and what a Guest saves is not asked (a negative
        # amount would make the rates bound the loops below, so it asks)
        wood, fish = max(0, wood), max(0, fish)
        affordable = wood <= have_wood and fish <= have_fish
        return [Payment(wood, fish, gold, due.return_guests, due.discard)] if affordable else []
    wood_each, fish_each = rule(table, player, "guest_wood"), rule(table, player, "guest_fish")
    most_w = min(spare, -(-wood // wood_each)) if wood_each > 0 else 0  # rounded up: the last Guest may save less
    found = []
    for for_wood in range(most_w + 1):
        owed_wood = max(0, wood - for_wood * wood_each)
        if owed_wood > have_wood:
            continue
        most_f = min(spare - for_wood, -(-fish // fish_each)) if fish_each > 0 else 0
        for for_fish in range(most_f + 1):
            owed_fish = max(0, fish - for_fish * fish_each)
            if owed_fish <= have_fish:  # a Payment is made only for what can be paid
                found.append(Payment(owed_wood, owed_fish, gold, due.return_guests + for_wood + for_fish, due.discard))
    return found


def payment_options(table: Table, player: Player, options: tuple[CostOption, ...]) -> list[Payment]:
    """A card without any cost option costs nothing. Each payment once, in the order first found: one option's
    payments differ already (each Guest spent lowers the wood or fish owed, or it is not offered)."""
    if not options:
        return [Payment()]
    if len(options) == 1:
        return payments_for(table, player, total(options[0].parts))
    found = dict.fromkeys(payment for option in options for payment in payments_for(table, player, total(option.parts)))
    return list(found)


def affordable(table: Table, player: Player, options: tuple[CostOption, ...]) -> bool:
    """Whether payment_options offers any payment, told without making them (asked of every Ship type before one is
    chosen, where most costs find several ways to pay with Guests)."""
    if not options:
        return True
    for option in options:  # noqa: SIM110 - a plain loop costs less than any() over a generator
        if can_pay(table, player, total(option.parts)):
            return True
    return False


def can_pay(table: Table, player: Player, due: Due) -> bool:
    """Whether payments_for finds any way to pay: the one it would find with the fewest Guests on wood that bring the
    wood owed within what the player has (each Guest more on wood is one fewer for fish), and the most on fish."""
    supply = player.supply
    if due.discard and not owned_named(player, due.discard):
        return False
    spare = supply["guest"] - due.return_guests
    wood, fish = due.wood, due.fish
    if spare < 0 or due.gold > supply["gold"]:
        return False
    have_wood, have_fish = supply["wood"], supply["fish"]
    if not due.guests_allowed or not (spare or wood < 0 or fish < 0):  # as in payments_for
        return max(0, wood) <= have_wood and max(0, fish) <= have_fish
    wood_each, fish_each = rule(table, player, "guest_wood"), rule(table, player, "guest_fish")
    most_w = min(spare, -(-wood // wood_each)) if wood_each > 0 else 0
    if wood <= have_wood:
        for_wood = 0
    elif wood_each > 0:
        for_wood = -(-(wood - have_wood) // wood_each)
    else:  # no Guest saves wood
        return False
    if for_wood > most_w:
        return False
    most_f = min(spare - for_wood, -(-fish // fish_each)) if fish_each > 0 else 0
    return most_f >= 0 and max(0, fish - most_f * fish_each) <= have_fish


def owned_named(player: Player, name: str) -> CardInPlay | None:
    return next((card for card in player.buildings if card.spec.name == name), None)


def choose_and_pay(table: Table, player: Player, offered: list[Payment], what: str, discarding: str = "") -> Payment:
    """Pay one of the payments offered (payment_options as the table is now: the caller may have them already).
    discarding, when set, keeps only the payments that discard that Building (its space is being reused)."""
    payments = [p for p in offered if p.discard == discarding] if discarding else offered
    if not payments:
        raise IllegalAction(f"{player.name} cannot pay for {what}")
    choice: Payment = ask(table, player.index, DecisionKind.PAYMENT, payments, f"pay for {what} how?")
    for good in PAYING_GOODS:
        pay(table, player, good, getattr(choice, good))
    pay(table, player, "guest", choice.guests)
    if choice.discard:
        remove_from_play(table, owned_named(player, choice.discard))
    if table.session.keep_log:
        table.say(f"{player.name} pays {choice} for {what}", player.index)
    return choice
